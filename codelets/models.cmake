# The model library, generated at build time: for every models/*/*.model, starcarp-codegen writes
# <id>_c.c (portable C + host side), <id>_cpu.c / <id>_cpu_f32.c (vectorised CPU) and, when
# enabled, <id>_cuda[_f32].cu and <id>_hip[_f32].hip into ${SC_GEN_DIR}; <id> is the file's stem
# made a C identifier. registry.c (written here at configure time) lists them for the runtime.
# Results: SC_MODEL_SOURCES (to compile into libstarcarp), SC_MODEL_HIP_OBJS (checked objects).
set(SC_GEN_DIR ${CMAKE_BINARY_DIR}/gen)
file(MAKE_DIRECTORY ${SC_GEN_DIR})
file(GLOB SC_MODEL_FILES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/models/*/*.model)
list(SORT SC_MODEL_FILES)
# STARCARP_MODELS: build only these models of the library (file stems, ';'-separated; empty: all).
# For kernel work on a few models; tests that walk the whole library then see only these.
set(STARCARP_MODELS "" CACHE STRING "Model stems to build into the library (empty: every model)")
if(STARCARP_MODELS)
  set(_kept)
  foreach(model ${SC_MODEL_FILES})
    get_filename_component(stem ${model} NAME_WE)
    if(stem IN_LIST STARCARP_MODELS)
      list(APPEND _kept ${model})
    endif()
  endforeach()
  foreach(want ${STARCARP_MODELS})
    set(_found OFF)
    foreach(model ${_kept})
      get_filename_component(stem ${model} NAME_WE)
      if(stem STREQUAL want)
        set(_found ON)
      endif()
    endforeach()
    if(NOT _found)
      message(FATAL_ERROR "STARCARP_MODELS: no model '${want}' in models/*/ (file stems, e.g. ten_tusscher_model_2006_epi)")
    endif()
  endforeach()
  set(SC_MODEL_FILES ${_kept})
endif()
set(STARCARP_CPU_FLAGS "-march=native;-fno-math-errno" CACHE STRING
    "Flags of the vectorised CPU kernels (the ISA decides the vector width)")
# GPU kernels of the library: CUDA ones where a GPU is present (nvcc takes about a minute per model
# on 2 cores: a GPU-less CI machine only checks them through the plugin test and the codegen
# tests), HIP double-precision ones wherever hipcc is (the AMD compile check; f32 on request).
execute_process(COMMAND nvidia-smi -L RESULT_VARIABLE _smi_rc OUTPUT_QUIET ERROR_QUIET)
set(_gpu_here OFF)
if(_smi_rc EQUAL 0)
  set(_gpu_here ON)
endif()
set(STARCARP_GPU_MODELS ON CACHE BOOL "Build the CUDA/HIP kernels of the model library")
set(STARCARP_CUDA_MODELS ${_gpu_here} CACHE BOOL "Build the CUDA kernels of the model library")
set(STARCARP_HIP_MODELS_F32 OFF CACHE BOOL "Also compile the single-precision HIP kernels")
# The HIP kernels are compiled here to check them (nothing runs them: no AMD GPU, no HIP StarPU):
# -O0 still takes each kernel through hipcc's front end and the gfx90a back end (instruction
# selection, register allocation), in 3 s for a large model where -O3 takes 85 s (2-core machine,
# shannon_wang_puglisi_weber_bers_2004, 2026-11-23). A kernel whose unoptimised stack frame exceeds
# gfx90a's scratch limit (mmt_heijman_2011: its cvode Jacobian) is compiled again at -O3, the
# optimisation it would run with: the check then is what it was before (-O3 only).
set(STARCARP_HIP_CHECK_FLAGS "-O0" CACHE STRING "hipcc optimisation flags of the HIP kernel check")

# The library's kernels use the automatic choice of methods (docs/methods.md) recorded in
# models/methods.tsv (scripts/choose-methods.sh writes it); OFF: the files' own methods.
option(STARCARP_AUTO_METHODS "Build the library with the automatic choice of methods" ON)
set(_auto)
set(_auto_dep)
if(STARCARP_AUTO_METHODS)
  set(_auto --auto-methods ${CMAKE_SOURCE_DIR}/models/methods.tsv)
  set(_auto_dep ${CMAKE_SOURCE_DIR}/models/methods.tsv)
endif()
# The CUDA kernels' register caps chosen by measurement (lab/gpu/launch.sh writes the rows of
# models/launch.tsv; a model without a row keeps the rule of codegen/emit_gpu.c).
set(_launch --launch-table ${CMAKE_SOURCE_DIR}/models/launch.tsv)
# The check of the single-precision kernels (scripts/precision-table.sh writes models/precision.tsv;
# a model without a row for its text and methods is unchecked: docs/verification.md).
set(_single --precision-table ${CMAKE_SOURCE_DIR}/models/precision.tsv)
set(SC_MODEL_SOURCES)
set(SC_MODEL_HIP_OBJS)
set(SC_MODEL_STAMPS)
set(_decl "")
set(_cl_decl "")
set(_cl_rows "")
set(_rows "")
foreach(model ${SC_MODEL_FILES})
  get_filename_component(stem ${model} NAME_WE)
  file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR}/models ${model})
  string(MAKE_C_IDENTIFIER "${stem}" id)
  set(outs ${SC_GEN_DIR}/${id}_c.c ${SC_GEN_DIR}/${id}_cpu.c ${SC_GEN_DIR}/${id}_cpu_f32.c)
  set(cuda_outs)
  set(hip_outs)
  if(STARCARP_USE_CUDA AND STARCARP_GPU_MODELS AND STARCARP_CUDA_MODELS)
    set(cuda_outs ${SC_GEN_DIR}/${id}_cuda.cu ${SC_GEN_DIR}/${id}_cuda_f32.cu)
  endif()
  if(STARCARP_USE_HIP AND STARCARP_GPU_MODELS)
    set(hip_outs ${SC_GEN_DIR}/${id}_hip.hip ${SC_GEN_DIR}/${id}_hip_f32.hip)
  endif()
  # generated into tmp/<id>/ and copied only when changed: a new starcarp-codegen binary that
  # writes the same text (it is deterministic) does not make the model's objects rebuild
  set(_copies)
  foreach(f ${outs} ${cuda_outs} ${hip_outs})
    get_filename_component(fn ${f} NAME)
    list(APPEND _copies COMMAND ${CMAKE_COMMAND} -E copy_if_different ${SC_GEN_DIR}/tmp/${id}/${fn} ${f})
  endforeach()
  add_custom_command(OUTPUT ${SC_GEN_DIR}/stamp/${id}.stamp
    BYPRODUCTS ${outs} ${cuda_outs} ${hip_outs}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${SC_GEN_DIR}/tmp/${id} ${SC_GEN_DIR}/stamp
    COMMAND starcarp-codegen ${model} -o ${SC_GEN_DIR}/tmp/${id} --ident ${id} --precision both --target all -q
            ${_auto} ${_launch} ${_single}
    ${_copies}
    COMMAND ${CMAKE_COMMAND} -E touch ${SC_GEN_DIR}/stamp/${id}.stamp
    DEPENDS ${model} starcarp-codegen ${_auto_dep} ${CMAKE_SOURCE_DIR}/models/launch.tsv
            ${CMAKE_SOURCE_DIR}/models/precision.tsv
    COMMENT "starcarp-codegen ${rel}" VERBATIM)
  list(APPEND SC_MODEL_STAMPS ${SC_GEN_DIR}/stamp/${id}.stamp)
  set_source_files_properties(${SC_GEN_DIR}/${id}_cpu.c ${SC_GEN_DIR}/${id}_cpu_f32.c
    PROPERTIES COMPILE_OPTIONS "${STARCARP_CPU_FLAGS}")
  list(APPEND SC_MODEL_SOURCES ${outs} ${cuda_outs})
  foreach(h ${hip_outs})
    get_filename_component(n ${h} NAME_WE)
    if(n MATCHES "_f32$" AND NOT STARCARP_HIP_MODELS_F32)
      continue()
    endif()
    set(obj ${SC_GEN_DIR}/hip/${n}.o)
    add_custom_command(OUTPUT ${obj}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${SC_GEN_DIR}/hip
      COMMAND ${SC_HIPCC_ENV} sh -c "$0 $1 $2 $3 -c $4 -o $5 2>$5.O0.log || $0 -O3 $2 $3 -c $4 -o $5"
              ${HIPCC_EXECUTABLE} ${STARCARP_HIP_CHECK_FLAGS} "--offload-arch=${STARCARP_HIP_ARCH} -fPIC -Wall -Werror"
              -I${CMAKE_SOURCE_DIR}/include/starcarp ${h} ${obj}
      DEPENDS ${h} COMMENT "hipcc --offload-arch=${STARCARP_HIP_ARCH} ${n}.hip" VERBATIM)
    list(APPEND SC_MODEL_HIP_OBJS ${obj})
  endforeach()
  # the model's codelets: a thin generated file (one macro)
  file(CONFIGURE OUTPUT ${SC_GEN_DIR}/cl_${id}.c CONTENT "/* cl_${id}.c: generated by CMake (codelets/models.cmake) for models/${rel}: the StarPU codelets\n * of the model (glue and performance models only; see cl_step.h). Do not edit. */\n#include \"cl_step.h\"\n\nCL_MODEL_CODELETS(${id}, \"${stem}\");\n" @ONLY)
  list(APPEND SC_MODEL_SOURCES ${SC_GEN_DIR}/cl_${id}.c)
  string(APPEND _cl_decl "extern ScModelCodelets cl_model_${id};\n")
  string(APPEND _cl_rows "    &cl_model_${id},\n")
  # registry row
  set(cu "0, 0")
  set(cua "0, 0")
  if(cuda_outs)
    set(cu "${id}_cuda_f64_run, ${id}_cuda_f32_run")
    set(cua "${id}_cuda_f64_attr, ${id}_cuda_f32_attr")
    string(APPEND _decl "int ${id}_cuda_f64_run(const ScStepArgs *, void *);\nint ${id}_cuda_f32_run(const ScStepArgs *, void *);\n")
    string(APPEND _decl "int ${id}_cuda_f64_attr(int, ScGpuKernelAttr *);\nint ${id}_cuda_f32_attr(int, ScGpuKernelAttr *);\n")
  endif()
  string(APPEND _decl "extern const ScModelDesc ${id}_model;\nextern const char ${id}_methods_choice[];\nextern const ScSingleCheck ${id}_single_check;\nvoid ${id}_cpu_f64_run(const ScStepArgs *);\nvoid ${id}_cpu_f32_run(const ScStepArgs *);\nextern const int ${id}_cpu_f64_lanes, ${id}_cpu_f32_lanes;\n")
  string(APPEND _rows "    {\"${stem}\", \"${rel}\", &${id}_model, {${id}_cpu_f64_run, ${id}_cpu_f32_run},\n     {&${id}_cpu_f64_lanes, &${id}_cpu_f32_lanes}, {${cu}}, {0, 0}, ${id}_methods_choice,\n     {${cua}}, {0, 0}, &${id}_single_check},\n")
endforeach()
list(LENGTH SC_MODEL_FILES SC_NMODELS)
set(_reg "/* registry.c: generated by CMake (codelets/models.cmake). Do not edit. */\n#include \"starcarp_model.h\"\n\n${_decl}\nconst ScModelEntry registry_models[] = {\n${_rows}};\nconst int registry_count = ${SC_NMODELS};\n")
file(CONFIGURE OUTPUT ${SC_GEN_DIR}/registry.c CONTENT "${_reg}" @ONLY)
list(APPEND SC_MODEL_SOURCES ${SC_GEN_DIR}/registry.c)
set(_clreg "/* registry_codelets.c: generated by CMake (codelets/models.cmake). Do not edit.\n * The codelets of registry_models[i] are cl_registry[i]. */\n#include \"cl_step.h\"\n\n${_cl_decl}\nScModelCodelets *const cl_registry[] = {\n${_cl_rows}};\n")
file(CONFIGURE OUTPUT ${SC_GEN_DIR}/registry_codelets.c CONTENT "${_clreg}" @ONLY)
list(APPEND SC_MODEL_SOURCES ${SC_GEN_DIR}/registry_codelets.c)
if(SC_MODEL_HIP_OBJS)
  add_custom_target(starcarp_hip_models ALL DEPENDS ${SC_MODEL_HIP_OBJS})
endif()
# the generation step as a target of its own, run before libstarcarp compiles the sources
add_custom_target(starcarp_gen_models DEPENDS ${SC_MODEL_STAMPS})
if(SC_MODEL_HIP_OBJS)
  add_dependencies(starcarp_hip_models starcarp_gen_models)
endif()
