
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/drivers/plot.c" "tests/drivers/CMakeFiles/test_plot.dir/__/__/drivers/plot.c.o" "gcc" "tests/drivers/CMakeFiles/test_plot.dir/__/__/drivers/plot.c.o.d"
  "/work/main/drivers/plot_bar.c" "tests/drivers/CMakeFiles/test_plot.dir/__/__/drivers/plot_bar.c.o" "gcc" "tests/drivers/CMakeFiles/test_plot.dir/__/__/drivers/plot_bar.c.o.d"
  "/work/main/drivers/plot_font.c" "tests/drivers/CMakeFiles/test_plot.dir/__/__/drivers/plot_font.c.o" "gcc" "tests/drivers/CMakeFiles/test_plot.dir/__/__/drivers/plot_font.c.o.d"
  "/work/main/drivers/png.c" "tests/drivers/CMakeFiles/test_plot.dir/__/__/drivers/png.c.o" "gcc" "tests/drivers/CMakeFiles/test_plot.dir/__/__/drivers/png.c.o.d"
  "/work/main/tests/test.c" "tests/drivers/CMakeFiles/test_plot.dir/__/test.c.o" "gcc" "tests/drivers/CMakeFiles/test_plot.dir/__/test.c.o.d"
  "/work/main/tests/drivers/test_plot.c" "tests/drivers/CMakeFiles/test_plot.dir/test_plot.c.o" "gcc" "tests/drivers/CMakeFiles/test_plot.dir/test_plot.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
