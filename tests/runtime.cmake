# The runtime (scheduler/): cell arrays on StarPU's CPU workers against the kernels called directly
# (bit for bit; GPU workers, which contract to FMA, are compared with the CPU by gpu.vs_cpu).
add_executable(test_cells ${CMAKE_CURRENT_SOURCE_DIR}/runtime/test_cells.c ${CMAKE_CURRENT_SOURCE_DIR}/test.c)
target_link_libraries(test_cells PRIVATE starcarp_internal m)
target_include_directories(test_cells PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/codelets
  ${CMAKE_SOURCE_DIR}/kernels)
target_compile_options(test_cells PRIVATE ${SC_WARN})
add_test(NAME runtime.cells COMMAND test_cells)
set_tests_properties(runtime.cells PROPERTIES SKIP_RETURN_CODE 77 LABELS runtime TIMEOUT 600
  ENVIRONMENT "STARPU_SILENT=1;STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home;STARPU_NCPU=2;STARPU_NCUDA=0"
  RESOURCE_LOCK starpu)

# arrays past 2^31 cells and 2^32 values: handles and the layout without allocating them; an array
# the host cannot hold refused before allocation, with the bytes
add_executable(test_sizes ${CMAKE_CURRENT_SOURCE_DIR}/runtime/test_sizes.c ${CMAKE_CURRENT_SOURCE_DIR}/test.c)
target_link_libraries(test_sizes PRIVATE starcarp_internal m)
target_include_directories(test_sizes PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/codelets
  ${CMAKE_SOURCE_DIR}/kernels ${CMAKE_SOURCE_DIR}/scheduler)
target_compile_options(test_sizes PRIVATE ${SC_WARN})
add_test(NAME runtime.sizes COMMAND test_sizes)
set_tests_properties(runtime.sizes PROPERTIES SKIP_RETURN_CODE 77 LABELS runtime TIMEOUT 120
  ENVIRONMENT "STARPU_SILENT=1;STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home;STARPU_NCPU=1;STARPU_NCUDA=0"
  RESOURCE_LOCK starpu)

# the speed table's reader: the GPU kind and the steps per task of the run
add_executable(test_speeds ${CMAKE_CURRENT_SOURCE_DIR}/runtime/test_speeds.c ${CMAKE_CURRENT_SOURCE_DIR}/test.c)
target_link_libraries(test_speeds PRIVATE starcarp_internal m)
target_include_directories(test_speeds PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/scheduler)
target_compile_options(test_speeds PRIVATE ${SC_WARN})
add_test(NAME runtime.speeds COMMAND test_speeds)
set_tests_properties(runtime.speeds PROPERTIES LABELS runtime TIMEOUT 60)
