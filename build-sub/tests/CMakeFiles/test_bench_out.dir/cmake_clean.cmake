file(REMOVE_RECURSE
  "../bin/test_bench_out"
  "../bin/test_bench_out.pdb"
  "CMakeFiles/test_bench_out.dir/__/codelets/sc_util.c.o"
  "CMakeFiles/test_bench_out.dir/__/codelets/sc_util.c.o.d"
  "CMakeFiles/test_bench_out.dir/__/drivers/bench_apstats.c.o"
  "CMakeFiles/test_bench_out.dir/__/drivers/bench_apstats.c.o.d"
  "CMakeFiles/test_bench_out.dir/__/drivers/bench_out.c.o"
  "CMakeFiles/test_bench_out.dir/__/drivers/bench_out.c.o.d"
  "CMakeFiles/test_bench_out.dir/__/drivers/bench_restitute.c.o"
  "CMakeFiles/test_bench_out.dir/__/drivers/bench_restitute.c.o.d"
  "CMakeFiles/test_bench_out.dir/__/drivers/cli_opts.c.o"
  "CMakeFiles/test_bench_out.dir/__/drivers/cli_opts.c.o.d"
  "CMakeFiles/test_bench_out.dir/__/drivers/recfile.c.o"
  "CMakeFiles/test_bench_out.dir/__/drivers/recfile.c.o.d"
  "CMakeFiles/test_bench_out.dir/drivers/test_bench_out.c.o"
  "CMakeFiles/test_bench_out.dir/drivers/test_bench_out.c.o.d"
  "CMakeFiles/test_bench_out.dir/test.c.o"
  "CMakeFiles/test_bench_out.dir/test.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_bench_out.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
