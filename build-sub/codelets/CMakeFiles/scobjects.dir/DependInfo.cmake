
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/build-sub/gen/AlievPanfilov_c.c" "codelets/CMakeFiles/scobjects.dir/__/gen/AlievPanfilov_c.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/AlievPanfilov_c.c.o.d"
  "/work/main/build-sub/gen/AlievPanfilov_cpu.c" "codelets/CMakeFiles/scobjects.dir/__/gen/AlievPanfilov_cpu.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/AlievPanfilov_cpu.c.o.d"
  "/work/main/build-sub/gen/AlievPanfilov_cpu_f32.c" "codelets/CMakeFiles/scobjects.dir/__/gen/AlievPanfilov_cpu_f32.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/AlievPanfilov_cpu_f32.c.o.d"
  "/work/main/build-sub/gen/beeler_reuter_model_1977_c.c" "codelets/CMakeFiles/scobjects.dir/__/gen/beeler_reuter_model_1977_c.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/beeler_reuter_model_1977_c.c.o.d"
  "/work/main/build-sub/gen/beeler_reuter_model_1977_cpu.c" "codelets/CMakeFiles/scobjects.dir/__/gen/beeler_reuter_model_1977_cpu.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/beeler_reuter_model_1977_cpu.c.o.d"
  "/work/main/build-sub/gen/beeler_reuter_model_1977_cpu_f32.c" "codelets/CMakeFiles/scobjects.dir/__/gen/beeler_reuter_model_1977_cpu_f32.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/beeler_reuter_model_1977_cpu_f32.c.o.d"
  "/work/main/build-sub/gen/cl_AlievPanfilov.c" "codelets/CMakeFiles/scobjects.dir/__/gen/cl_AlievPanfilov.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/cl_AlievPanfilov.c.o.d"
  "/work/main/build-sub/gen/cl_beeler_reuter_model_1977.c" "codelets/CMakeFiles/scobjects.dir/__/gen/cl_beeler_reuter_model_1977.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/cl_beeler_reuter_model_1977.c.o.d"
  "/work/main/build-sub/gen/cl_luo_rudy_1994.c" "codelets/CMakeFiles/scobjects.dir/__/gen/cl_luo_rudy_1994.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/cl_luo_rudy_1994.c.o.d"
  "/work/main/build-sub/gen/cl_ten_tusscher_model_2004_epi.c" "codelets/CMakeFiles/scobjects.dir/__/gen/cl_ten_tusscher_model_2004_epi.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/cl_ten_tusscher_model_2004_epi.c.o.d"
  "/work/main/build-sub/gen/cl_ten_tusscher_model_2006_epi.c" "codelets/CMakeFiles/scobjects.dir/__/gen/cl_ten_tusscher_model_2006_epi.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/cl_ten_tusscher_model_2006_epi.c.o.d"
  "/work/main/build-sub/gen/luo_rudy_1994_c.c" "codelets/CMakeFiles/scobjects.dir/__/gen/luo_rudy_1994_c.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/luo_rudy_1994_c.c.o.d"
  "/work/main/build-sub/gen/luo_rudy_1994_cpu.c" "codelets/CMakeFiles/scobjects.dir/__/gen/luo_rudy_1994_cpu.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/luo_rudy_1994_cpu.c.o.d"
  "/work/main/build-sub/gen/luo_rudy_1994_cpu_f32.c" "codelets/CMakeFiles/scobjects.dir/__/gen/luo_rudy_1994_cpu_f32.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/luo_rudy_1994_cpu_f32.c.o.d"
  "/work/main/build-sub/gen/registry.c" "codelets/CMakeFiles/scobjects.dir/__/gen/registry.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/registry.c.o.d"
  "/work/main/build-sub/gen/registry_codelets.c" "codelets/CMakeFiles/scobjects.dir/__/gen/registry_codelets.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/registry_codelets.c.o.d"
  "/work/main/build-sub/gen/ten_tusscher_model_2004_epi_c.c" "codelets/CMakeFiles/scobjects.dir/__/gen/ten_tusscher_model_2004_epi_c.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/ten_tusscher_model_2004_epi_c.c.o.d"
  "/work/main/build-sub/gen/ten_tusscher_model_2004_epi_cpu.c" "codelets/CMakeFiles/scobjects.dir/__/gen/ten_tusscher_model_2004_epi_cpu.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/ten_tusscher_model_2004_epi_cpu.c.o.d"
  "/work/main/build-sub/gen/ten_tusscher_model_2004_epi_cpu_f32.c" "codelets/CMakeFiles/scobjects.dir/__/gen/ten_tusscher_model_2004_epi_cpu_f32.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/ten_tusscher_model_2004_epi_cpu_f32.c.o.d"
  "/work/main/build-sub/gen/ten_tusscher_model_2006_epi_c.c" "codelets/CMakeFiles/scobjects.dir/__/gen/ten_tusscher_model_2006_epi_c.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/ten_tusscher_model_2006_epi_c.c.o.d"
  "/work/main/build-sub/gen/ten_tusscher_model_2006_epi_cpu.c" "codelets/CMakeFiles/scobjects.dir/__/gen/ten_tusscher_model_2006_epi_cpu.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/ten_tusscher_model_2006_epi_cpu.c.o.d"
  "/work/main/build-sub/gen/ten_tusscher_model_2006_epi_cpu_f32.c" "codelets/CMakeFiles/scobjects.dir/__/gen/ten_tusscher_model_2006_epi_cpu_f32.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/__/gen/ten_tusscher_model_2006_epi_cpu_f32.c.o.d"
  "/work/main/codelets/cl_copy.c" "codelets/CMakeFiles/scobjects.dir/cl_copy.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/cl_copy.c.o.d"
  "/work/main/codelets/cl_diffuse.c" "codelets/CMakeFiles/scobjects.dir/cl_diffuse.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/cl_diffuse.c.o.d"
  "/work/main/codelets/cl_fem.c" "codelets/CMakeFiles/scobjects.dir/cl_fem.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/cl_fem.c.o.d"
  "/work/main/codelets/cl_gather.c" "codelets/CMakeFiles/scobjects.dir/cl_gather.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/cl_gather.c.o.d"
  "/work/main/codelets/cl_halo.c" "codelets/CMakeFiles/scobjects.dir/cl_halo.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/cl_halo.c.o.d"
  "/work/main/codelets/cl_models.c" "codelets/CMakeFiles/scobjects.dir/cl_models.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/cl_models.c.o.d"
  "/work/main/codelets/cl_step.c" "codelets/CMakeFiles/scobjects.dir/cl_step.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/cl_step.c.o.d"
  "/work/main/codelets/cl_vm_update.c" "codelets/CMakeFiles/scobjects.dir/cl_vm_update.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/cl_vm_update.c.o.d"
  "/work/main/codelets/sc_params.c" "codelets/CMakeFiles/scobjects.dir/sc_params.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/sc_params.c.o.d"
  "/work/main/codelets/sc_util.c" "codelets/CMakeFiles/scobjects.dir/sc_util.c.o" "gcc" "codelets/CMakeFiles/scobjects.dir/sc_util.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
