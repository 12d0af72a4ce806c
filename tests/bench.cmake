# Unit tests of `starcarp bench`'s pure-C modules, which need neither StarPU nor the compiler
# library: the command line and timing rules (drivers/bench_opts.c, with the run's size:
# drivers/bench_size.c) and the output and state files (drivers/bench_out.c). Each module is
# compiled straight into its test program with the shared helpers of tests/test.c (_XOPEN_SOURCE=700,
# for mkdtemp, getline and symlink, comes from the top level's compile definitions).
set(SC_BENCH_DRV ${CMAKE_CURRENT_LIST_DIR}/../drivers)
foreach(mod bench_opts bench_out)
  add_executable(test_${mod} ${CMAKE_CURRENT_LIST_DIR}/drivers/test_${mod}.c ${SC_BENCH_DRV}/${mod}.c
    ${CMAKE_CURRENT_LIST_DIR}/test.c)
  target_include_directories(test_${mod} PRIVATE ${CMAKE_CURRENT_LIST_DIR} ${SC_BENCH_DRV}
    ${CMAKE_SOURCE_DIR}/codelets ${CMAKE_SOURCE_DIR}/base ${CMAKE_SOURCE_DIR}/include/starcarp)
  target_compile_options(test_${mod} PRIVATE ${SC_WARN})
  # libstarcarp's small helpers (util_int.h: the edit distance of the "did you mean" hints)
  target_sources(test_${mod} PRIVATE ${CMAKE_SOURCE_DIR}/base/sc_util.c)
  target_link_libraries(test_${mod} PRIVATE m)
  # the modules they share: the rules and restitution protocols (bench_opts), AP statistics (bench_out)
  target_sources(test_${mod} PRIVATE ${SC_BENCH_DRV}/bench_restitute.c ${SC_BENCH_DRV}/recfile.c ${SC_BENCH_DRV}/cli_opts.c
    $<IF:$<STREQUAL:${mod},bench_opts>,${SC_BENCH_DRV}/bench_rules.c,${SC_BENCH_DRV}/bench_apstats.c>
    $<$<STREQUAL:${mod},bench_opts>:${SC_BENCH_DRV}/bench_size.c>)
  add_test(NAME drivers.${mod} COMMAND test_${mod})
endforeach()
set_tests_properties(drivers.bench_opts drivers.bench_out PROPERTIES TIMEOUT 120 LABELS drivers)
