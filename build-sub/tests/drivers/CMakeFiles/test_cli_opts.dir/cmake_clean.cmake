file(REMOVE_RECURSE
  "../../bin/test_cli_opts"
  "../../bin/test_cli_opts.pdb"
  "CMakeFiles/test_cli_opts.dir/__/__/codelets/sc_util.c.o"
  "CMakeFiles/test_cli_opts.dir/__/__/codelets/sc_util.c.o.d"
  "CMakeFiles/test_cli_opts.dir/__/__/drivers/cli_opts.c.o"
  "CMakeFiles/test_cli_opts.dir/__/__/drivers/cli_opts.c.o.d"
  "CMakeFiles/test_cli_opts.dir/__/test.c.o"
  "CMakeFiles/test_cli_opts.dir/__/test.c.o.d"
  "CMakeFiles/test_cli_opts.dir/test_cli_opts.c.o"
  "CMakeFiles/test_cli_opts.dir/test_cli_opts.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_cli_opts.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
