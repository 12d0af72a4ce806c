# Unit tests (tests/drivers/) of the command's modules that need neither StarPU nor the compiler library, each
# compiled straight into its test program with the shared helpers of tests/test.c and base/sc_util.c:
#   cli/      the option layer (cli_opts.c), the --imp-par parameter strings (impar.c), the CPU
#             workers' policy on a shared machine (busy.c)
#   plot/     the PNG plotter (plot.c, plot_bar.c, plot_font.c, png.c)
#   tissue/   tissue's background snapshot writer (tissue_frames.c)
#   bench/    bench's command line and timing rules (bench_opts.c, bench_parse.c, with the run's size:
#             bench_size.c), its help and documentation against its option table (bench_help), and
#             its output files (bench_out.c) and state files (cli/svfile.c)
#   study/    study's designs: parameter specs, distributions, samplers, CSV (design.c); its input
#             tables, ranges of biomarkers and drug tables (study_tables.c: below, it links the library)
set(SC_DRV ${CMAKE_SOURCE_DIR}/drivers)
# test module -> its sources (the first is the module), beside test_MODULE.c
set(_src_cli_opts cli/cli_opts.c)
set(_src_impar cli/impar.c)
set(_src_busy cli/busy.c)
set(_src_plot plot/plot.c plot/png.c plot/plot_font.c plot/plot_bar.c)
set(_src_frames tissue/tissue_frames.c)
set(_src_design study/design.c)
set(_src_bench_opts bench/bench_opts.c bench/bench_parse.c bench/bench_restitute.c bench/bench_rules.c
  bench/bench_size.c cli/recfile.c cli/cli_opts.c)
set(_src_bench_help ${_src_bench_opts})
set(_src_bench_out bench/bench_out.c bench/bench_restitute.c bench/bench_apstats.c cli/recfile.c cli/svfile.c
  cli/cli_opts.c)
foreach(mod cli_opts impar busy plot frames bench_opts bench_help bench_out design)
  list(TRANSFORM _src_${mod} PREPEND ${SC_DRV}/ OUTPUT_VARIABLE _src)
  add_executable(test_${mod} ${CMAKE_CURRENT_SOURCE_DIR}/drivers/test_${mod}.c ${_src} ${CMAKE_CURRENT_SOURCE_DIR}/test.c
    ${CMAKE_SOURCE_DIR}/base/sc_util.c)
  target_include_directories(test_${mod} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${SC_DRIVER_INCLUDES} ${CMAKE_SOURCE_DIR}/base
    ${CMAKE_SOURCE_DIR}/include/starcarp)
  target_compile_options(test_${mod} PRIVATE ${SC_WARN})
  target_link_libraries(test_${mod} PRIVATE m)
  add_test(NAME drivers.${mod} COMMAND test_${mod})
  set_tests_properties(drivers.${mod} PROPERTIES TIMEOUT 120 LABELS drivers)
endforeach()
# test_bench_help reads docs/bench-options.md (its tables name every option of bench's table)
target_compile_definitions(test_bench_help PRIVATE SC_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
target_link_libraries(test_plot PRIVATE ZLIB::ZLIB) # png.c's deflate; the test inflates with it
# study's input tables (study_tables.c): ranges of biomarkers and drug tables. It names currents
# through sc_current_canonical, so it links the library; it reads examples/ (SC_SOURCE_DIR).
add_executable(test_study_tables ${CMAKE_CURRENT_SOURCE_DIR}/drivers/test_study_tables.c
  ${SC_DRV}/study/study_tables.c ${CMAKE_CURRENT_SOURCE_DIR}/test.c)
target_include_directories(test_study_tables PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${SC_DRIVER_INCLUDES})
target_compile_options(test_study_tables PRIVATE ${SC_WARN})
target_compile_definitions(test_study_tables PRIVATE SC_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
target_link_libraries(test_study_tables PRIVATE starcarp_internal m)
add_test(NAME drivers.study_tables COMMAND test_study_tables)
set_tests_properties(drivers.study_tables PROPERTIES TIMEOUT 120 LABELS drivers)
find_package(Threads REQUIRED)
target_link_libraries(test_frames PRIVATE Threads::Threads)
