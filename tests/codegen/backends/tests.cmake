# backends.cmake: numerical tests of the generated kernels (included by tests/CMakeLists.txt).
#   backends.cpu_vs_c     every model of libstarcarp: vectorised CPU kernels (f64, f32) against the
#                         portable C kernel; time blocking, sampled outputs, per-cell parameters
#   backends.convergence  observed order of every integration method, on models generated at test
#                         time (sccodegen) and compiled with `cc` (skipped, 77, without it)
set(SC_BACKEND_TESTS_DIR ${CMAKE_CURRENT_SOURCE_DIR}/codegen/backends)

add_executable(test_cpu_vs_c ${SC_BACKEND_TESTS_DIR}/test_cpu_vs_c.c ${CMAKE_CURRENT_SOURCE_DIR}/test.c)
target_link_libraries(test_cpu_vs_c PRIVATE starcarp_internal m)
target_include_directories(test_cpu_vs_c PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/include/starcarp
  ${CMAKE_SOURCE_DIR}/codelets ${CMAKE_SOURCE_DIR}/base ${CMAKE_SOURCE_DIR}/kernels ${CMAKE_SOURCE_DIR}/provision)
target_compile_options(test_cpu_vs_c PRIVATE ${SC_WARN})
target_compile_definitions(test_cpu_vs_c PRIVATE SC_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
# in two shards that CTest runs at once (models i % 2 == 0 and == 1)
foreach(shard 0 1)
  add_test(NAME backends.cpu_vs_c.${shard} COMMAND test_cpu_vs_c ${shard} 2 WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(backends.cpu_vs_c.${shard} PROPERTIES LABELS backends TIMEOUT 1500)
endforeach()

add_executable(test_convergence ${SC_BACKEND_TESTS_DIR}/test_convergence.c ${CMAKE_CURRENT_SOURCE_DIR}/test.c)
target_link_libraries(test_convergence PRIVATE sccodegen ${CMAKE_DL_LIBS} m)
target_include_directories(test_convergence PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/include/starcarp)
target_compile_options(test_convergence PRIVATE ${SC_WARN})
target_compile_definitions(test_convergence PRIVATE SC_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
add_test(NAME backends.convergence COMMAND test_convergence WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})

set_tests_properties(backends.convergence PROPERTIES LABELS backends TIMEOUT 1500)
set_tests_properties(backends.convergence PROPERTIES SKIP_RETURN_CODE 77)
