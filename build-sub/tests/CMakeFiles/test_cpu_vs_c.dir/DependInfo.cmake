
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/tests/backends/test_cpu_vs_c.c" "tests/CMakeFiles/test_cpu_vs_c.dir/backends/test_cpu_vs_c.c.o" "gcc" "tests/CMakeFiles/test_cpu_vs_c.dir/backends/test_cpu_vs_c.c.o.d"
  "/work/main/tests/test.c" "tests/CMakeFiles/test_cpu_vs_c.dir/test.c.o" "gcc" "tests/CMakeFiles/test_cpu_vs_c.dir/test.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/main/build-sub/codelets/CMakeFiles/starcarp_internal.dir/DependInfo.cmake"
  "/work/main/build-sub/codegen/CMakeFiles/sccodegen.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
