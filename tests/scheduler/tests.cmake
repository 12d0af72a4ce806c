# The scheduler (scheduler/): cell arrays on StarPU's CPU workers against the kernels called directly
# (bit for bit; GPU workers, which contract to FMA, are compared with the CPU by gpu.vs_cpu).
# sc_scheduler_test(NAME TIMEOUT NCPU DIRS...): tests/scheduler/test_NAME.c against the internal
# library, the test runtime.NAME (LABELS scheduler; with NCPU > 0, on NCPU of StarPU's CPU workers and
# no GPU, exit 77 a skip, one StarPU test at a time), DIRS the source folders it includes.
function(sc_scheduler_test name timeout ncpu)
  add_executable(test_${name} ${CMAKE_CURRENT_SOURCE_DIR}/scheduler/test_${name}.c ${CMAKE_CURRENT_SOURCE_DIR}/test.c)
  target_link_libraries(test_${name} PRIVATE starcarp_internal m)
  list(TRANSFORM ARGN PREPEND ${CMAKE_SOURCE_DIR}/)
  target_include_directories(test_${name} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${ARGN})
  target_compile_options(test_${name} PRIVATE ${SC_WARN})
  add_test(NAME scheduler.${name} COMMAND test_${name})
  set_tests_properties(scheduler.${name} PROPERTIES LABELS scheduler TIMEOUT ${timeout})
  if(ncpu GREATER 0)
    set_tests_properties(scheduler.${name} PROPERTIES SKIP_RETURN_CODE 77 RESOURCE_LOCK starpu ENVIRONMENT
      "STARPU_SILENT=1;STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home;STARPU_NCPU=${ncpu};STARPU_NCUDA=0")
  endif()
endfunction()

sc_scheduler_test(cells 600 2 codelets kernels)
# biomarkers measured by the step tasks: a population against the kernels called directly, bit for bit
sc_scheduler_test(cells_bm 600 2 kernels)
# arrays past 2^31 cells and 2^32 values: handles and the layout without allocating them; an array
# the host cannot hold refused before allocation, with the bytes
sc_scheduler_test(sizes 120 1 codelets kernels scheduler)
# the speed table's reader: the GPU kind and the steps per task of the run
sc_scheduler_test(speeds 60 0 scheduler)
