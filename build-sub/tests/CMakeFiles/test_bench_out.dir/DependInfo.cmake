
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/codelets/sc_util.c" "tests/CMakeFiles/test_bench_out.dir/__/codelets/sc_util.c.o" "gcc" "tests/CMakeFiles/test_bench_out.dir/__/codelets/sc_util.c.o.d"
  "/work/main/drivers/bench_apstats.c" "tests/CMakeFiles/test_bench_out.dir/__/drivers/bench_apstats.c.o" "gcc" "tests/CMakeFiles/test_bench_out.dir/__/drivers/bench_apstats.c.o.d"
  "/work/main/drivers/bench_out.c" "tests/CMakeFiles/test_bench_out.dir/__/drivers/bench_out.c.o" "gcc" "tests/CMakeFiles/test_bench_out.dir/__/drivers/bench_out.c.o.d"
  "/work/main/drivers/bench_restitute.c" "tests/CMakeFiles/test_bench_out.dir/__/drivers/bench_restitute.c.o" "gcc" "tests/CMakeFiles/test_bench_out.dir/__/drivers/bench_restitute.c.o.d"
  "/work/main/drivers/cli_opts.c" "tests/CMakeFiles/test_bench_out.dir/__/drivers/cli_opts.c.o" "gcc" "tests/CMakeFiles/test_bench_out.dir/__/drivers/cli_opts.c.o.d"
  "/work/main/drivers/recfile.c" "tests/CMakeFiles/test_bench_out.dir/__/drivers/recfile.c.o" "gcc" "tests/CMakeFiles/test_bench_out.dir/__/drivers/recfile.c.o.d"
  "/work/main/tests/drivers/test_bench_out.c" "tests/CMakeFiles/test_bench_out.dir/drivers/test_bench_out.c.o" "gcc" "tests/CMakeFiles/test_bench_out.dir/drivers/test_bench_out.c.o.d"
  "/work/main/tests/test.c" "tests/CMakeFiles/test_bench_out.dir/test.c.o" "gcc" "tests/CMakeFiles/test_bench_out.dir/test.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
