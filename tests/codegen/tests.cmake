# Unit tests: every tests/codegen/test_*.c is a program linked with the compiler library. They and the
# prelude checks carry the label "codegen": the fast first stage of CI (.ci/run) builds the target
# quick-tests (the compiler and these programs, not the model library) and runs ctest -L quick.
file(GLOB SC_CODEGEN_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/codegen/test_*.c)
add_custom_target(quick-tests)
foreach(src ${SC_CODEGEN_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_executable(${name} ${src} ${CMAKE_CURRENT_SOURCE_DIR}/test.c)
  add_dependencies(quick-tests ${name})
  if(name STREQUAL "test_expr" OR name STREQUAL "test_deriv")
    target_sources(${name} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/codegen/expr_build.c)
  endif()
  if(name STREQUAL "test_emit" OR name STREQUAL "test_ops" OR name STREQUAL "test_lut" OR name STREQUAL "test_inv")
    target_sources(${name} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/codegen/model_text.c)
  endif()
  target_link_libraries(${name} PRIVATE sccodegen)
  target_include_directories(${name} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  target_compile_options(${name} PRIVATE ${SC_WARN})
  target_compile_definitions(${name} PRIVATE SC_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  add_test(NAME codegen.${name} COMMAND ${name} WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(codegen.${name} PROPERTIES LABELS "codegen;quick")
endforeach()
# The prelude headers of the generated sources (codegen/prelude) compiled on their own, per dialect:
# C, vectorised CPU in double and single, and the GPU dialect with nvcc and hipcc where present.
set(_pc ${CMAKE_CURRENT_SOURCE_DIR}/codegen/prelude_check.c)
set(_pi -I${CMAKE_SOURCE_DIR}/codegen/prelude -I${CMAKE_SOURCE_DIR}/include/starcarp)
add_test(NAME codegen.prelude.c COMMAND ${CMAKE_C_COMPILER} -std=c11 -fsyntax-only -Wall -Wextra -Werror ${_pi} ${_pc})
add_test(NAME codegen.prelude.cpu COMMAND ${CMAKE_C_COMPILER} -std=c11 -fsyntax-only -Wall -Wextra -Werror
  ${_pi} -DCHECK_CPU ${_pc})
add_test(NAME codegen.prelude.cpu_f32 COMMAND ${CMAKE_C_COMPILER} -std=c11 -fsyntax-only -Wall -Wextra -Werror
  ${_pi} -DCHECK_CPU -DCHECK_F32 ${_pc})
find_program(SC_NVCC_CHECK nvcc HINTS /usr/local/cuda/bin)
if(SC_NVCC_CHECK)
  add_test(NAME codegen.prelude.cuda COMMAND ${SC_NVCC_CHECK} -x cu ${_pi} -c ${_pc} -o /dev/null)
  add_test(NAME codegen.prelude.cuda_f32 COMMAND ${SC_NVCC_CHECK} -x cu ${_pi} -DCHECK_F32 -c ${_pc} -o /dev/null)
endif()
if(HIPCC_EXECUTABLE)
  add_test(NAME codegen.prelude.hip COMMAND ${SC_HIPCC_ENV} ${HIPCC_EXECUTABLE} -x hip --offload-arch=${STARCARP_HIP_ARCH} -Wall
    -Werror ${_pi} -c ${_pc} -o /dev/null)
  add_test(NAME codegen.prelude.hip_f32 COMMAND ${SC_HIPCC_ENV} ${HIPCC_EXECUTABLE} -x hip --offload-arch=${STARCARP_HIP_ARCH} -Wall
    -Werror ${_pi} -DCHECK_F32 -c ${_pc} -o /dev/null)
endif()
get_property(_sc_prelude_tests DIRECTORY PROPERTY TESTS)
list(FILTER _sc_prelude_tests INCLUDE REGEX "^codegen\\.prelude\\.")
set_tests_properties(${_sc_prelude_tests} PROPERTIES LABELS "codegen;quick")
