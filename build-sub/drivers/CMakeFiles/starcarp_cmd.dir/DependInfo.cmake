
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/drivers/bench_apstats.c" "drivers/CMakeFiles/starcarp_cmd.dir/bench_apstats.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/bench_apstats.c.o.d"
  "/work/main/drivers/bench_opts.c" "drivers/CMakeFiles/starcarp_cmd.dir/bench_opts.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/bench_opts.c.o.d"
  "/work/main/drivers/bench_out.c" "drivers/CMakeFiles/starcarp_cmd.dir/bench_out.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/bench_out.c.o.d"
  "/work/main/drivers/bench_restitute.c" "drivers/CMakeFiles/starcarp_cmd.dir/bench_restitute.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/bench_restitute.c.o.d"
  "/work/main/drivers/bench_rules.c" "drivers/CMakeFiles/starcarp_cmd.dir/bench_rules.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/bench_rules.c.o.d"
  "/work/main/drivers/bench_side.c" "drivers/CMakeFiles/starcarp_cmd.dir/bench_side.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/bench_side.c.o.d"
  "/work/main/drivers/bench_tissue.c" "drivers/CMakeFiles/starcarp_cmd.dir/bench_tissue.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/bench_tissue.c.o.d"
  "/work/main/drivers/cli_mpi.c" "drivers/CMakeFiles/starcarp_cmd.dir/cli_mpi.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/cli_mpi.c.o.d"
  "/work/main/drivers/cli_opts.c" "drivers/CMakeFiles/starcarp_cmd.dir/cli_opts.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/cli_opts.c.o.d"
  "/work/main/drivers/cmd_bench.c" "drivers/CMakeFiles/starcarp_cmd.dir/cmd_bench.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/cmd_bench.c.o.d"
  "/work/main/drivers/cmd_benchmark.c" "drivers/CMakeFiles/starcarp_cmd.dir/cmd_benchmark.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/cmd_benchmark.c.o.d"
  "/work/main/drivers/cmd_calibrate.c" "drivers/CMakeFiles/starcarp_cmd.dir/cmd_calibrate.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/cmd_calibrate.c.o.d"
  "/work/main/drivers/cmd_devices.c" "drivers/CMakeFiles/starcarp_cmd.dir/cmd_devices.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/cmd_devices.c.o.d"
  "/work/main/drivers/cmd_mesh.c" "drivers/CMakeFiles/starcarp_cmd.dir/cmd_mesh.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/cmd_mesh.c.o.d"
  "/work/main/drivers/cmd_methods.c" "drivers/CMakeFiles/starcarp_cmd.dir/cmd_methods.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/cmd_methods.c.o.d"
  "/work/main/drivers/cmd_models.c" "drivers/CMakeFiles/starcarp_cmd.dir/cmd_models.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/cmd_models.c.o.d"
  "/work/main/drivers/cmd_tissue.c" "drivers/CMakeFiles/starcarp_cmd.dir/cmd_tissue.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/cmd_tissue.c.o.d"
  "/work/main/drivers/impar.c" "drivers/CMakeFiles/starcarp_cmd.dir/impar.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/impar.c.o.d"
  "/work/main/drivers/main.c" "drivers/CMakeFiles/starcarp_cmd.dir/main.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/main.c.o.d"
  "/work/main/drivers/model_pick.c" "drivers/CMakeFiles/starcarp_cmd.dir/model_pick.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/model_pick.c.o.d"
  "/work/main/drivers/outpath.c" "drivers/CMakeFiles/starcarp_cmd.dir/outpath.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/outpath.c.o.d"
  "/work/main/drivers/plot.c" "drivers/CMakeFiles/starcarp_cmd.dir/plot.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/plot.c.o.d"
  "/work/main/drivers/plot_bar.c" "drivers/CMakeFiles/starcarp_cmd.dir/plot_bar.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/plot_bar.c.o.d"
  "/work/main/drivers/plot_font.c" "drivers/CMakeFiles/starcarp_cmd.dir/plot_font.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/plot_font.c.o.d"
  "/work/main/drivers/png.c" "drivers/CMakeFiles/starcarp_cmd.dir/png.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/png.c.o.d"
  "/work/main/drivers/progress.c" "drivers/CMakeFiles/starcarp_cmd.dir/progress.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/progress.c.o.d"
  "/work/main/drivers/recfile.c" "drivers/CMakeFiles/starcarp_cmd.dir/recfile.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/recfile.c.o.d"
  "/work/main/drivers/stop.c" "drivers/CMakeFiles/starcarp_cmd.dir/stop.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/stop.c.o.d"
  "/work/main/drivers/tissue_frames.c" "drivers/CMakeFiles/starcarp_cmd.dir/tissue_frames.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/tissue_frames.c.o.d"
  "/work/main/drivers/tissue_greg.c" "drivers/CMakeFiles/starcarp_cmd.dir/tissue_greg.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/tissue_greg.c.o.d"
  "/work/main/drivers/tissue_igb.c" "drivers/CMakeFiles/starcarp_cmd.dir/tissue_igb.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/tissue_igb.c.o.d"
  "/work/main/drivers/tissue_impreg.c" "drivers/CMakeFiles/starcarp_cmd.dir/tissue_impreg.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/tissue_impreg.c.o.d"
  "/work/main/drivers/tissue_meshio.c" "drivers/CMakeFiles/starcarp_cmd.dir/tissue_meshio.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/tissue_meshio.c.o.d"
  "/work/main/drivers/tissue_mpi.c" "drivers/CMakeFiles/starcarp_cmd.dir/tissue_mpi.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/tissue_mpi.c.o.d"
  "/work/main/drivers/tissue_opts.c" "drivers/CMakeFiles/starcarp_cmd.dir/tissue_opts.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/tissue_opts.c.o.d"
  "/work/main/drivers/tissue_out.c" "drivers/CMakeFiles/starcarp_cmd.dir/tissue_out.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/tissue_out.c.o.d"
  "/work/main/drivers/tissue_par.c" "drivers/CMakeFiles/starcarp_cmd.dir/tissue_par.c.o" "gcc" "drivers/CMakeFiles/starcarp_cmd.dir/tissue_par.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/main/build-sub/codelets/CMakeFiles/starcarp_internal.dir/DependInfo.cmake"
  "/work/main/build-sub/codegen/CMakeFiles/sccodegen.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
