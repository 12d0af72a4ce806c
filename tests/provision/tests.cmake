# sc_model_lookup: library models by name, users' models as plugins built on the fly.
add_executable(test_plugin ${CMAKE_CURRENT_SOURCE_DIR}/provision/test_plugin.c ${CMAKE_CURRENT_SOURCE_DIR}/test.c)
target_include_directories(test_plugin PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/codelets ${CMAKE_SOURCE_DIR}/base
  ${CMAKE_SOURCE_DIR}/kernels)
target_compile_options(test_plugin PRIVATE ${SC_WARN})
target_link_libraries(test_plugin PRIVATE starcarp_internal m)
add_test(NAME provision.plugin
  COMMAND ${CMAKE_COMMAND} -E env --unset=CC
    $<TARGET_FILE:test_plugin> ${CMAKE_SOURCE_DIR}/models ${CMAKE_CURRENT_BINARY_DIR}/plugin-scratch)
set_tests_properties(provision.plugin PROPERTIES TIMEOUT 600 LABELS provision)
file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/plugin-scratch)

# The plugin builder's HIP part (hipcc for gfx90a; built and loaded, not run): skipped without hipcc.
add_test(NAME provision.plugin_hip COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/provision/test_plugin_hip.sh
  $<TARGET_FILE:starcarp_cmd> ${CMAKE_SOURCE_DIR}/models/native/BeelerReuterNative.model
  ${CMAKE_CURRENT_BINARY_DIR}/plugin-hip-scratch)
set_tests_properties(provision.plugin_hip PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600 LABELS provision
  ENVIRONMENT "STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home" RESOURCE_LOCK starpu)

# The plugin builder's CUDA part on a GPU (built by nvcc, run against the host part): skipped without one.
add_test(NAME provision.plugin_cuda COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/provision/test_plugin_cuda.sh
  $<TARGET_FILE:starcarp_cmd> ${CMAKE_SOURCE_DIR}/models/native/BeelerReuterNative.model
  ${CMAKE_CURRENT_BINARY_DIR}/plugin-cuda-scratch)
set_tests_properties(provision.plugin_cuda PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600 LABELS "provision;gpu"
  ENVIRONMENT "STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home" RESOURCE_LOCK gpu)

# models/currents.tsv (docs/currents.md): every row's model, parameters and names against the
# library, the names and their aliases, the refusal of an unknown current. A build of a few models
# (STARCARP_MODELS) skips the rows of the others and says how many; the full library skips none.
add_executable(test_currents ${CMAKE_CURRENT_SOURCE_DIR}/provision/test_currents.c ${CMAKE_CURRENT_SOURCE_DIR}/test.c)
target_include_directories(test_currents PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
target_compile_options(test_currents PRIVATE ${SC_WARN})
if(STARCARP_MODELS)
  target_compile_definitions(test_currents PRIVATE SC_TEST_FULL_LIBRARY=0)
else()
  target_compile_definitions(test_currents PRIVATE SC_TEST_FULL_LIBRARY=1)
endif()
target_link_libraries(test_currents PRIVATE starcarp m)
add_test(NAME provision.currents COMMAND test_currents ${CMAKE_SOURCE_DIR}/models/currents.tsv)
set_tests_properties(provision.currents PROPERTIES LABELS provision TIMEOUT 300)
