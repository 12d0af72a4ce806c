# GPU tests (tests/gpu/): every CUDA kernel of the model library against the portable C reference,
# plus GPU timings. Built only with CUDA; skipped (exit 77) where no GPU is present.
if(STARCARP_USE_CUDA AND STARCARP_GPU_MODELS AND STARCARP_CUDA_MODELS)
  find_package(Threads REQUIRED)
  add_executable(test_gpu_vs_cpu ${CMAKE_CURRENT_SOURCE_DIR}/gpu/test_gpu_vs_cpu.c ${CMAKE_CURRENT_SOURCE_DIR}/gpu/gpu_runs.c)
  target_link_libraries(test_gpu_vs_cpu PRIVATE starcarp_internal CUDA::cudart Threads::Threads m)
  target_include_directories(test_gpu_vs_cpu PRIVATE ${CMAKE_SOURCE_DIR}/codelets ${CMAKE_SOURCE_DIR}/base ${CMAKE_SOURCE_DIR}/kernels
    ${CMAKE_SOURCE_DIR}/provision)
  target_compile_options(test_gpu_vs_cpu PRIVATE ${SC_WARN})
  # The whole library: tables on stdout, CSV in the build folder.
  add_test(NAME gpu.vs_cpu COMMAND test_gpu_vs_cpu --csv ${CMAKE_BINARY_DIR}/gpu_vs_cpu.csv)
  set_tests_properties(gpu.vs_cpu PROPERTIES SKIP_RETURN_CODE 77 LABELS gpu TIMEOUT 3600
    RESOURCE_LOCK gpu)
  # The kernels' registers, local memory and occupancy as `starcarp benchmark` reads them.
  add_executable(test_gpu_attr ${CMAKE_CURRENT_SOURCE_DIR}/gpu/test_gpu_attr.c ${CMAKE_CURRENT_SOURCE_DIR}/test.c)
  target_link_libraries(test_gpu_attr PRIVATE starcarp_internal CUDA::cudart)
  target_include_directories(test_gpu_attr PRIVATE ${CMAKE_SOURCE_DIR}/provision ${CMAKE_CURRENT_SOURCE_DIR})
  target_compile_options(test_gpu_attr PRIVATE ${SC_WARN})
  add_test(NAME gpu.kernel_attr COMMAND test_gpu_attr)
  set_tests_properties(gpu.kernel_attr PROPERTIES SKIP_RETURN_CODE 77 LABELS gpu RESOURCE_LOCK gpu)
endif()
# The biomarker kernel on the GPU against the host's on the same samples, bit for bit.
if(STARCARP_USE_CUDA)
  add_executable(test_gpu_bm ${CMAKE_CURRENT_SOURCE_DIR}/gpu/test_gpu_bm.c ${CMAKE_CURRENT_SOURCE_DIR}/test.c)
  target_link_libraries(test_gpu_bm PRIVATE starcarp_internal CUDA::cudart m)
  target_include_directories(test_gpu_bm PRIVATE ${CMAKE_SOURCE_DIR}/kernels ${CMAKE_CURRENT_SOURCE_DIR})
  target_compile_options(test_gpu_bm PRIVATE ${SC_WARN})
  add_test(NAME gpu.biomarkers COMMAND test_gpu_bm)
  set_tests_properties(gpu.biomarkers PROPERTIES SKIP_RETURN_CODE 77 LABELS gpu RESOURCE_LOCK gpu TIMEOUT 600)
endif()

# The generated CUDA text run on the host (tests/gpu/test_gpu_text.c): no GPU needed, so CI runs
# it. A few models covering every method kind and both table variants, and ten Tusscher 2006 with
# its cvode groups on forward Euler (TT06-FE, the kernel-speed model of docs/performance.md); each
# generated with --target cuda, made host C (gpu_host_text.sh), linked with its own portable C.
set(SC_GT_MODELS
  "AlievPanfilov|native/AlievPanfilov.model|"
  "BeelerReuterNative|native/BeelerReuterNative.model|"
  "my_MBRDR|native/my_MBRDR.model|"
  "ten_tusscher_model_2006_epi|cellml/ten_tusscher_model_2006_epi.model|"
  "tt06_fe|cellml/ten_tusscher_model_2006_epi.model|cvode=fe"
  "ohara_rudy_2011_endo|cellml/ohara_rudy_2011_endo.model|cvode=fe"
  "ToRORd_dynCl_endo|cellml/ToRORd_dynCl_endo.model|cvode=fe"
  # tables and LU groups together: the GPU's derivatives in the order of their outputs
  # (codegen/emit_rhsorder.c) in the lookup-table variant
  "br_implicit|native/BeelerReuterNative.model|sundnes=cvode,rk2=markov_be"
  # the file's methods: a cvode group of 14 states and a markov_be group of 12 (compact
  # matrices of 52 and 54 entries), the largest LU groups of this set
  "li_mouse_2010|cellml/li_mouse_2010.model|")
# STARCARP_GPU_TEXT_ALL: every model of the library instead (as the library builds them, no
# method override): a longer build, for a change of the GPU back end.
option(STARCARP_GPU_TEXT_ALL "test_gpu_text on every model of the library" OFF)
if(STARCARP_GPU_TEXT_ALL)
  set(SC_GT_MODELS)
  file(GLOB _gt_all ${CMAKE_SOURCE_DIR}/models/*/*.model)
  list(SORT _gt_all)
  foreach(model ${_gt_all})
    get_filename_component(stem ${model} NAME_WE)
    file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR}/models ${model})
    string(MAKE_C_IDENTIFIER "${stem}" cid)
    list(APPEND SC_GT_MODELS "${cid}|${rel}|")
  endforeach()
endif()
set(_gt_dir ${CMAKE_BINARY_DIR}/gpu-text)
set(_gt_srcs)
set(_gt_decl "")
set(_gt_rows "")
foreach(row ${SC_GT_MODELS})
  string(REPLACE "|" ";" f "${row}")
  list(GET f 0 name)
  list(GET f 1 rel)
  list(GET f 2 methods)
  set(id gt_${name})
  set(d ${_gt_dir}/${name})
  set(meth)
  if(methods)
    set(meth --methods ${methods})
  endif()
  add_custom_command(OUTPUT ${d}/${id}_c.c ${d}/${id}_cuda_host.c ${d}/${id}_cuda_f32_host.c
    COMMAND ${CMAKE_COMMAND} -E make_directory ${d}
    COMMAND starcarp-codegen ${CMAKE_SOURCE_DIR}/models/${rel} -o ${d} --ident ${id} --target cuda
            --precision both ${meth} -q
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/gpu/gpu_host_text.sh ${d}/${id}_cuda.cu ${d}/${id}_cuda_host.c
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/gpu/gpu_host_text.sh ${d}/${id}_cuda_f32.cu ${d}/${id}_cuda_f32_host.c
    DEPENDS starcarp-codegen ${CMAKE_SOURCE_DIR}/models/${rel} ${CMAKE_CURRENT_SOURCE_DIR}/gpu/gpu_host_text.sh
    COMMENT "GPU text of ${name} for the host" VERBATIM)
  list(APPEND _gt_srcs ${d}/${id}_c.c ${d}/${id}_cuda_host.c ${d}/${id}_cuda_f32_host.c)
  string(APPEND _gt_decl "extern const ScModelDesc ${id}_model;\nint ${id}_cuda_f64_run(const ScStepArgs *, void *);\nint ${id}_cuda_f32_run(const ScStepArgs *, void *);\n")
  string(APPEND _gt_decl "int ${id}_cuda_f64_attr(int, ScGpuKernelAttr *);\nint ${id}_cuda_f32_attr(int, ScGpuKernelAttr *);\n")
  string(APPEND _gt_rows "    {\"${name}\", &${id}_model, ${id}_cuda_f64_run, ${id}_cuda_f32_run, {${id}_cuda_f64_attr, ${id}_cuda_f32_attr}},\n")
endforeach()
list(LENGTH SC_GT_MODELS _gt_n)
file(CONFIGURE OUTPUT ${_gt_dir}/gpu_text_models.c CONTENT "/* gpu_text_models.c: generated by tests/gpu/tests.cmake. Do not edit. */\n#include \"starcarp_model.h\"\n\n${_gt_decl}\ntypedef struct GtModel {\n    const char *name;\n    const ScModelDesc *desc;\n    ScGpuLauncher f64, f32;\n    ScGpuAttrFn attr[2];\n} GtModel;\n\nconst GtModel gt_models[] = {\n${_gt_rows}};\nconst int gt_nmodels = ${_gt_n};\n" @ONLY)
add_executable(test_gpu_text ${CMAKE_CURRENT_SOURCE_DIR}/gpu/test_gpu_text.c ${_gt_dir}/gpu_text_models.c ${_gt_srcs}
  ${CMAKE_SOURCE_DIR}/kernels/host_model.c)
target_include_directories(test_gpu_text PRIVATE ${CMAKE_SOURCE_DIR}/include/starcarp ${CMAKE_CURRENT_SOURCE_DIR}/gpu
  ${CMAKE_SOURCE_DIR}/kernels)
target_compile_options(test_gpu_text PRIVATE -Wall -Wextra)
target_link_libraries(test_gpu_text PRIVATE m)
add_test(NAME gpu.text_on_host COMMAND test_gpu_text)
set_tests_properties(gpu.text_on_host PROPERTIES LABELS gpu TIMEOUT 600)
