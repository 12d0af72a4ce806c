
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/codelets/sc_util.c" "tests/drivers/CMakeFiles/test_cli_opts.dir/__/__/codelets/sc_util.c.o" "gcc" "tests/drivers/CMakeFiles/test_cli_opts.dir/__/__/codelets/sc_util.c.o.d"
  "/work/main/drivers/cli_opts.c" "tests/drivers/CMakeFiles/test_cli_opts.dir/__/__/drivers/cli_opts.c.o" "gcc" "tests/drivers/CMakeFiles/test_cli_opts.dir/__/__/drivers/cli_opts.c.o.d"
  "/work/main/tests/test.c" "tests/drivers/CMakeFiles/test_cli_opts.dir/__/test.c.o" "gcc" "tests/drivers/CMakeFiles/test_cli_opts.dir/__/test.c.o.d"
  "/work/main/tests/drivers/test_cli_opts.c" "tests/drivers/CMakeFiles/test_cli_opts.dir/test_cli_opts.c.o" "gcc" "tests/drivers/CMakeFiles/test_cli_opts.dir/test_cli_opts.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
