
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/scheduler/cells_ckpt.c" "scheduler/CMakeFiles/scsched.dir/cells_ckpt.c.o" "gcc" "scheduler/CMakeFiles/scsched.dir/cells_ckpt.c.o.d"
  "/work/main/scheduler/cells_create.c" "scheduler/CMakeFiles/scsched.dir/cells_create.c.o" "gcc" "scheduler/CMakeFiles/scsched.dir/cells_create.c.o.d"
  "/work/main/scheduler/cells_params.c" "scheduler/CMakeFiles/scsched.dir/cells_params.c.o" "gcc" "scheduler/CMakeFiles/scsched.dir/cells_params.c.o.d"
  "/work/main/scheduler/cells_run.c" "scheduler/CMakeFiles/scsched.dir/cells_run.c.o" "gcc" "scheduler/CMakeFiles/scsched.dir/cells_run.c.o.d"
  "/work/main/scheduler/cells_sample.c" "scheduler/CMakeFiles/scsched.dir/cells_sample.c.o" "gcc" "scheduler/CMakeFiles/scsched.dir/cells_sample.c.o.d"
  "/work/main/scheduler/cells_split.c" "scheduler/CMakeFiles/scsched.dir/cells_split.c.o" "gcc" "scheduler/CMakeFiles/scsched.dir/cells_split.c.o.d"
  "/work/main/scheduler/place_cells.c" "scheduler/CMakeFiles/scsched.dir/place_cells.c.o" "gcc" "scheduler/CMakeFiles/scsched.dir/place_cells.c.o.d"
  "/work/main/scheduler/place_plan.c" "scheduler/CMakeFiles/scsched.dir/place_plan.c.o" "gcc" "scheduler/CMakeFiles/scsched.dir/place_plan.c.o.d"
  "/work/main/scheduler/place_probe.c" "scheduler/CMakeFiles/scsched.dir/place_probe.c.o" "gcc" "scheduler/CMakeFiles/scsched.dir/place_probe.c.o.d"
  "/work/main/scheduler/place_speeds.c" "scheduler/CMakeFiles/scsched.dir/place_speeds.c.o" "gcc" "scheduler/CMakeFiles/scsched.dir/place_speeds.c.o.d"
  "/work/main/scheduler/place_tissue.c" "scheduler/CMakeFiles/scsched.dir/place_tissue.c.o" "gcc" "scheduler/CMakeFiles/scsched.dir/place_tissue.c.o.d"
  "/work/main/scheduler/sc_cells.c" "scheduler/CMakeFiles/scsched.dir/sc_cells.c.o" "gcc" "scheduler/CMakeFiles/scsched.dir/sc_cells.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
