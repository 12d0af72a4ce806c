file(REMOVE_RECURSE
  "../bin/test_bench_opts"
  "../bin/test_bench_opts.pdb"
  "CMakeFiles/test_bench_opts.dir/__/codelets/sc_util.c.o"
  "CMakeFiles/test_bench_opts.dir/__/codelets/sc_util.c.o.d"
  "CMakeFiles/test_bench_opts.dir/__/drivers/bench_opts.c.o"
  "CMakeFiles/test_bench_opts.dir/__/drivers/bench_opts.c.o.d"
  "CMakeFiles/test_bench_opts.dir/__/drivers/bench_restitute.c.o"
  "CMakeFiles/test_bench_opts.dir/__/drivers/bench_restitute.c.o.d"
  "CMakeFiles/test_bench_opts.dir/__/drivers/bench_rules.c.o"
  "CMakeFiles/test_bench_opts.dir/__/drivers/bench_rules.c.o.d"
  "CMakeFiles/test_bench_opts.dir/__/drivers/cli_opts.c.o"
  "CMakeFiles/test_bench_opts.dir/__/drivers/cli_opts.c.o.d"
  "CMakeFiles/test_bench_opts.dir/__/drivers/recfile.c.o"
  "CMakeFiles/test_bench_opts.dir/__/drivers/recfile.c.o.d"
  "CMakeFiles/test_bench_opts.dir/drivers/test_bench_opts.c.o"
  "CMakeFiles/test_bench_opts.dir/drivers/test_bench_opts.c.o.d"
  "CMakeFiles/test_bench_opts.dir/test.c.o"
  "CMakeFiles/test_bench_opts.dir/test.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_bench_opts.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
