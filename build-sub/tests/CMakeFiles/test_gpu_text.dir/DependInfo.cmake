
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/build-sub/gpu-text/AlievPanfilov/gt_AlievPanfilov_c.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/AlievPanfilov/gt_AlievPanfilov_c.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/AlievPanfilov/gt_AlievPanfilov_c.c.o.d"
  "/work/main/build-sub/gpu-text/AlievPanfilov/gt_AlievPanfilov_cuda_f32_host.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/AlievPanfilov/gt_AlievPanfilov_cuda_f32_host.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/AlievPanfilov/gt_AlievPanfilov_cuda_f32_host.c.o.d"
  "/work/main/build-sub/gpu-text/AlievPanfilov/gt_AlievPanfilov_cuda_host.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/AlievPanfilov/gt_AlievPanfilov_cuda_host.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/AlievPanfilov/gt_AlievPanfilov_cuda_host.c.o.d"
  "/work/main/build-sub/gpu-text/BeelerReuterNative/gt_BeelerReuterNative_c.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/BeelerReuterNative/gt_BeelerReuterNative_c.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/BeelerReuterNative/gt_BeelerReuterNative_c.c.o.d"
  "/work/main/build-sub/gpu-text/BeelerReuterNative/gt_BeelerReuterNative_cuda_f32_host.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/BeelerReuterNative/gt_BeelerReuterNative_cuda_f32_host.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/BeelerReuterNative/gt_BeelerReuterNative_cuda_f32_host.c.o.d"
  "/work/main/build-sub/gpu-text/BeelerReuterNative/gt_BeelerReuterNative_cuda_host.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/BeelerReuterNative/gt_BeelerReuterNative_cuda_host.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/BeelerReuterNative/gt_BeelerReuterNative_cuda_host.c.o.d"
  "/work/main/build-sub/gpu-text/ToRORd_dynCl_endo/gt_ToRORd_dynCl_endo_c.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/ToRORd_dynCl_endo/gt_ToRORd_dynCl_endo_c.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/ToRORd_dynCl_endo/gt_ToRORd_dynCl_endo_c.c.o.d"
  "/work/main/build-sub/gpu-text/ToRORd_dynCl_endo/gt_ToRORd_dynCl_endo_cuda_f32_host.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/ToRORd_dynCl_endo/gt_ToRORd_dynCl_endo_cuda_f32_host.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/ToRORd_dynCl_endo/gt_ToRORd_dynCl_endo_cuda_f32_host.c.o.d"
  "/work/main/build-sub/gpu-text/ToRORd_dynCl_endo/gt_ToRORd_dynCl_endo_cuda_host.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/ToRORd_dynCl_endo/gt_ToRORd_dynCl_endo_cuda_host.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/ToRORd_dynCl_endo/gt_ToRORd_dynCl_endo_cuda_host.c.o.d"
  "/work/main/build-sub/gpu-text/br_implicit/gt_br_implicit_c.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/br_implicit/gt_br_implicit_c.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/br_implicit/gt_br_implicit_c.c.o.d"
  "/work/main/build-sub/gpu-text/br_implicit/gt_br_implicit_cuda_f32_host.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/br_implicit/gt_br_implicit_cuda_f32_host.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/br_implicit/gt_br_implicit_cuda_f32_host.c.o.d"
  "/work/main/build-sub/gpu-text/br_implicit/gt_br_implicit_cuda_host.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/br_implicit/gt_br_implicit_cuda_host.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/br_implicit/gt_br_implicit_cuda_host.c.o.d"
  "/work/main/build-sub/gpu-text/gpu_text_models.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/gpu_text_models.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/gpu_text_models.c.o.d"
  "/work/main/build-sub/gpu-text/my_MBRDR/gt_my_MBRDR_c.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/my_MBRDR/gt_my_MBRDR_c.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/my_MBRDR/gt_my_MBRDR_c.c.o.d"
  "/work/main/build-sub/gpu-text/my_MBRDR/gt_my_MBRDR_cuda_f32_host.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/my_MBRDR/gt_my_MBRDR_cuda_f32_host.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/my_MBRDR/gt_my_MBRDR_cuda_f32_host.c.o.d"
  "/work/main/build-sub/gpu-text/my_MBRDR/gt_my_MBRDR_cuda_host.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/my_MBRDR/gt_my_MBRDR_cuda_host.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/my_MBRDR/gt_my_MBRDR_cuda_host.c.o.d"
  "/work/main/build-sub/gpu-text/ohara_rudy_2011_endo/gt_ohara_rudy_2011_endo_c.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/ohara_rudy_2011_endo/gt_ohara_rudy_2011_endo_c.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/ohara_rudy_2011_endo/gt_ohara_rudy_2011_endo_c.c.o.d"
  "/work/main/build-sub/gpu-text/ohara_rudy_2011_endo/gt_ohara_rudy_2011_endo_cuda_f32_host.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/ohara_rudy_2011_endo/gt_ohara_rudy_2011_endo_cuda_f32_host.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/ohara_rudy_2011_endo/gt_ohara_rudy_2011_endo_cuda_f32_host.c.o.d"
  "/work/main/build-sub/gpu-text/ohara_rudy_2011_endo/gt_ohara_rudy_2011_endo_cuda_host.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/ohara_rudy_2011_endo/gt_ohara_rudy_2011_endo_cuda_host.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/ohara_rudy_2011_endo/gt_ohara_rudy_2011_endo_cuda_host.c.o.d"
  "/work/main/build-sub/gpu-text/ten_tusscher_model_2006_epi/gt_ten_tusscher_model_2006_epi_c.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/ten_tusscher_model_2006_epi/gt_ten_tusscher_model_2006_epi_c.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/ten_tusscher_model_2006_epi/gt_ten_tusscher_model_2006_epi_c.c.o.d"
  "/work/main/build-sub/gpu-text/ten_tusscher_model_2006_epi/gt_ten_tusscher_model_2006_epi_cuda_f32_host.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/ten_tusscher_model_2006_epi/gt_ten_tusscher_model_2006_epi_cuda_f32_host.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/ten_tusscher_model_2006_epi/gt_ten_tusscher_model_2006_epi_cuda_f32_host.c.o.d"
  "/work/main/build-sub/gpu-text/ten_tusscher_model_2006_epi/gt_ten_tusscher_model_2006_epi_cuda_host.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/ten_tusscher_model_2006_epi/gt_ten_tusscher_model_2006_epi_cuda_host.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/ten_tusscher_model_2006_epi/gt_ten_tusscher_model_2006_epi_cuda_host.c.o.d"
  "/work/main/build-sub/gpu-text/tt06_fe/gt_tt06_fe_c.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/tt06_fe/gt_tt06_fe_c.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/tt06_fe/gt_tt06_fe_c.c.o.d"
  "/work/main/build-sub/gpu-text/tt06_fe/gt_tt06_fe_cuda_f32_host.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/tt06_fe/gt_tt06_fe_cuda_f32_host.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/tt06_fe/gt_tt06_fe_cuda_f32_host.c.o.d"
  "/work/main/build-sub/gpu-text/tt06_fe/gt_tt06_fe_cuda_host.c" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/tt06_fe/gt_tt06_fe_cuda_host.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/tt06_fe/gt_tt06_fe_cuda_host.c.o.d"
  "/work/main/kernels/host_model.c" "tests/CMakeFiles/test_gpu_text.dir/__/kernels/host_model.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/__/kernels/host_model.c.o.d"
  "/work/main/tests/gpu/test_gpu_text.c" "tests/CMakeFiles/test_gpu_text.dir/gpu/test_gpu_text.c.o" "gcc" "tests/CMakeFiles/test_gpu_text.dir/gpu/test_gpu_text.c.o.d"
  )

# Pairs of files generated by the same build rule.
set(CMAKE_MULTIPLE_OUTPUT_PAIRS
  "/work/main/build-sub/gpu-text/AlievPanfilov/gt_AlievPanfilov_cuda_f32_host.c" "/work/main/build-sub/gpu-text/AlievPanfilov/gt_AlievPanfilov_c.c"
  "/work/main/build-sub/gpu-text/AlievPanfilov/gt_AlievPanfilov_cuda_host.c" "/work/main/build-sub/gpu-text/AlievPanfilov/gt_AlievPanfilov_c.c"
  "/work/main/build-sub/gpu-text/BeelerReuterNative/gt_BeelerReuterNative_cuda_f32_host.c" "/work/main/build-sub/gpu-text/BeelerReuterNative/gt_BeelerReuterNative_c.c"
  "/work/main/build-sub/gpu-text/BeelerReuterNative/gt_BeelerReuterNative_cuda_host.c" "/work/main/build-sub/gpu-text/BeelerReuterNative/gt_BeelerReuterNative_c.c"
  "/work/main/build-sub/gpu-text/ToRORd_dynCl_endo/gt_ToRORd_dynCl_endo_cuda_f32_host.c" "/work/main/build-sub/gpu-text/ToRORd_dynCl_endo/gt_ToRORd_dynCl_endo_c.c"
  "/work/main/build-sub/gpu-text/ToRORd_dynCl_endo/gt_ToRORd_dynCl_endo_cuda_host.c" "/work/main/build-sub/gpu-text/ToRORd_dynCl_endo/gt_ToRORd_dynCl_endo_c.c"
  "/work/main/build-sub/gpu-text/br_implicit/gt_br_implicit_cuda_f32_host.c" "/work/main/build-sub/gpu-text/br_implicit/gt_br_implicit_c.c"
  "/work/main/build-sub/gpu-text/br_implicit/gt_br_implicit_cuda_host.c" "/work/main/build-sub/gpu-text/br_implicit/gt_br_implicit_c.c"
  "/work/main/build-sub/gpu-text/my_MBRDR/gt_my_MBRDR_cuda_f32_host.c" "/work/main/build-sub/gpu-text/my_MBRDR/gt_my_MBRDR_c.c"
  "/work/main/build-sub/gpu-text/my_MBRDR/gt_my_MBRDR_cuda_host.c" "/work/main/build-sub/gpu-text/my_MBRDR/gt_my_MBRDR_c.c"
  "/work/main/build-sub/gpu-text/ohara_rudy_2011_endo/gt_ohara_rudy_2011_endo_cuda_f32_host.c" "/work/main/build-sub/gpu-text/ohara_rudy_2011_endo/gt_ohara_rudy_2011_endo_c.c"
  "/work/main/build-sub/gpu-text/ohara_rudy_2011_endo/gt_ohara_rudy_2011_endo_cuda_host.c" "/work/main/build-sub/gpu-text/ohara_rudy_2011_endo/gt_ohara_rudy_2011_endo_c.c"
  "/work/main/build-sub/gpu-text/ten_tusscher_model_2006_epi/gt_ten_tusscher_model_2006_epi_cuda_f32_host.c" "/work/main/build-sub/gpu-text/ten_tusscher_model_2006_epi/gt_ten_tusscher_model_2006_epi_c.c"
  "/work/main/build-sub/gpu-text/ten_tusscher_model_2006_epi/gt_ten_tusscher_model_2006_epi_cuda_host.c" "/work/main/build-sub/gpu-text/ten_tusscher_model_2006_epi/gt_ten_tusscher_model_2006_epi_c.c"
  "/work/main/build-sub/gpu-text/tt06_fe/gt_tt06_fe_cuda_f32_host.c" "/work/main/build-sub/gpu-text/tt06_fe/gt_tt06_fe_c.c"
  "/work/main/build-sub/gpu-text/tt06_fe/gt_tt06_fe_cuda_host.c" "/work/main/build-sub/gpu-text/tt06_fe/gt_tt06_fe_c.c"
  )


# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
