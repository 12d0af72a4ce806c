# GPU tests (tests/gpu/): every CUDA kernel of the model library against the portable C reference,
# plus GPU timings. Built only with CUDA; skipped (exit 77) where no GPU is present.
if(STARCARP_USE_CUDA AND STARCARP_GPU_MODELS AND STARCARP_CUDA_MODELS)
  find_package(Threads REQUIRED)
  add_executable(test_gpu_vs_cpu ${CMAKE_CURRENT_SOURCE_DIR}/gpu/test_gpu_vs_cpu.c)
  target_link_libraries(test_gpu_vs_cpu PRIVATE starcarp CUDA::cudart Threads::Threads m)
  target_compile_options(test_gpu_vs_cpu PRIVATE ${SC_WARN})
  # The whole library: tables on stdout, CSV in the build folder.
  add_test(NAME gpu.vs_cpu COMMAND test_gpu_vs_cpu --csv ${CMAKE_BINARY_DIR}/gpu_vs_cpu.csv)
  set_tests_properties(gpu.vs_cpu PROPERTIES SKIP_RETURN_CODE 77 LABELS gpu TIMEOUT 3600
    RESOURCE_LOCK gpu)
endif()
