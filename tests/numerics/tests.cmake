# numerics.cmake: the silent misreadings (docs/verification.md), each on a model written for the test
# (tests/numerics/*.model), generated with sccodegen, compiled with `cc` and run at test time
# (skipped, 77, without it):
#   numerics.builtin   a gate named t is refused (located, rename hint); renamed it is an AP
#   numerics.vmcouple  a state coupled to Vm faster than dt is found; --methods vm=cvode at dt 0.01
#                      matches dt 1e-4
#   numerics.longrun   1000 ms of a self-oscillating cell within 0.1 % of a tight solution
set(SC_NUMERICS_DIR ${CMAKE_CURRENT_SOURCE_DIR}/numerics)
add_executable(test_numerics ${SC_NUMERICS_DIR}/test_numerics.c ${SC_NUMERICS_DIR}/nx_sim.c
  ${CMAKE_CURRENT_SOURCE_DIR}/test.c)
target_link_libraries(test_numerics PRIVATE sccodegen starcarp_internal ${CMAKE_DL_LIBS} m)
target_include_directories(test_numerics PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${SC_NUMERICS_DIR}
  ${CMAKE_SOURCE_DIR}/include/starcarp ${CMAKE_SOURCE_DIR}/codelets ${CMAKE_SOURCE_DIR}/base ${CMAKE_SOURCE_DIR}/kernels
  ${CMAKE_SOURCE_DIR}/provision)
target_compile_options(test_numerics PRIVATE ${SC_WARN})
target_compile_definitions(test_numerics PRIVATE SC_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
foreach(part builtin vmcouple longrun)
  add_test(NAME numerics.${part} COMMAND test_numerics ${part} WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
endforeach()
set_tests_properties(numerics.builtin numerics.vmcouple numerics.longrun PROPERTIES
  SKIP_RETURN_CODE 77 LABELS numerics TIMEOUT 600)

# numerics.choose.*: the automatic choice of methods (docs/methods.md) on models written
# for the test (tests/numerics/stiff_buffer.model, margin_buffer.model, markov_chain.model, ...); the
# candidates are compiled with `cc` at test time
add_executable(test_choose ${SC_NUMERICS_DIR}/test_choose.c ${CMAKE_CURRENT_SOURCE_DIR}/test.c)
target_link_libraries(test_choose PRIVATE starcarp_internal m)
target_include_directories(test_choose PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/codelets ${CMAKE_SOURCE_DIR}/base ${CMAKE_SOURCE_DIR}/provision)
target_compile_options(test_choose PRIVATE ${SC_WARN})
foreach(part stiff margin nothing cache lookup long vm markov events chain)
  add_test(NAME numerics.choose.${part} COMMAND test_choose ${part} WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(numerics.choose.${part} PROPERTIES LABELS numerics TIMEOUT 600)
endforeach()

# numerics.params.*: parameters always take effect (docs/parameters.md): derived parameters follow
# the user's changes, openCARP's names resolve, every library conductance moves Vm
add_executable(test_params ${SC_NUMERICS_DIR}/test_params.c ${CMAKE_CURRENT_SOURCE_DIR}/test.c)
target_link_libraries(test_params PRIVATE starcarp m)
target_include_directories(test_params PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
target_compile_options(test_params PRIVATE ${SC_WARN})
add_test(NAME numerics.params.derive COMMAND test_params derive WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
# the 57 models' beats in three thirds (a half took 415 s on the development machine, and over 900 s
# while other builds shared its 2 cores: 2026-11-27)
foreach(shard 0 1 2)
  add_test(NAME numerics.params.effect${shard} COMMAND test_params effect${shard}/3
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
endforeach()
set_tests_properties(numerics.params.derive numerics.params.effect0 numerics.params.effect1
  numerics.params.effect2 PROPERTIES LABELS numerics TIMEOUT 900)

# numerics.choose.budget: a user's file within the budget of the automatic choice (docs/methods.md,
# "A user's file: time to first run"): a tiny STARCARP_CHOOSE_BUDGET runs the file's methods and
# says how to finish; `starcarp methods FILE` caches the full choice, which the next run uses; dt reuse
add_test(NAME numerics.choose.budget COMMAND ${SC_NUMERICS_DIR}/test_budget.sh $<TARGET_FILE:starcarp_cmd>)
set_tests_properties(numerics.choose.budget PROPERTIES LABELS numerics TIMEOUT 600
  ENVIRONMENT "STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home" RESOURCE_LOCK starpu)

# numerics.choose.vmbench: a compartment coupled to Vm faster than dt (two_compartment.model) run by
# bench at its defaults: the automatic choice couples Vm itself (says so) and is within 0.1 % of a tight
# coupled solution, where bench's splitting is not (docs/methods.md, "States coupled to Vm")
add_test(NAME numerics.choose.vmbench COMMAND ${SC_NUMERICS_DIR}/test_vmbench.sh $<TARGET_FILE:starcarp_cmd>)
set_tests_properties(numerics.choose.vmbench PROPERTIES LABELS numerics TIMEOUT 600
  ENVIRONMENT "STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home" RESOURCE_LOCK starpu)

# numerics.longcheck: a sample of the library (scripts/long-check.sh): three models' recorded choices
# over 50 beats at BCL 500 ms against the files' own methods, within the bars (Vm's last beat 0.1 %,
# APD90 0.5 ms, every state at the beats' starts within 1 % of its magnitude; docs/methods.md)
add_test(NAME numerics.longcheck COMMAND ${CMAKE_COMMAND} -E env SC_OUT=${CMAKE_BINARY_DIR}/long-check
  ${CMAKE_SOURCE_DIR}/scripts/long-check.sh $<TARGET_FILE:starcarp_cmd> beeler_reuter_model_1977 luo_rudy_1994
  ten_tusscher_model_2006_epi)
set_tests_properties(numerics.longcheck PROPERTIES LABELS numerics TIMEOUT 600)

# numerics.rest: every library model starts at rest: |Iion| at its initial state below 10 % of its
# case's stimulus amplitude (tests/reference/cases.csv), the models without a stimulus and those
# whose sources start them away from rest listed in test_rest.c with the reason; prints every
# model's Iion(0) (docs/verification.md, "Iion at the initial state")
add_executable(test_rest ${SC_NUMERICS_DIR}/test_rest.c ${CMAKE_CURRENT_SOURCE_DIR}/test.c)
target_link_libraries(test_rest PRIVATE starcarp m)
target_include_directories(test_rest PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
target_compile_options(test_rest PRIVATE ${SC_WARN})
target_compile_definitions(test_rest PRIVATE SC_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
add_test(NAME numerics.rest COMMAND test_rest)
set_tests_properties(numerics.rest PROPERTIES LABELS numerics TIMEOUT 300)

# numerics.biomarkers.*: the biomarker kernel (kernels/biomarker.h) on six library models against an
# independent reading of their whole traces, beat by beat, and on drawn traces with known EADs, DADs,
# upstrokes and APDs; qNet of every library model that has its currents against their traces
# (docs/study.md)
add_executable(test_biomarkers ${SC_NUMERICS_DIR}/test_biomarkers.c ${CMAKE_CURRENT_SOURCE_DIR}/test.c)
target_link_libraries(test_biomarkers PRIVATE starcarp_internal m)
target_include_directories(test_biomarkers PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/kernels)
target_compile_options(test_biomarkers PRIVATE ${SC_WARN})
target_compile_definitions(test_biomarkers PRIVATE SC_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
if(STARCARP_MODELS)
  target_compile_definitions(test_biomarkers PRIVATE SC_MODEL_SUBSET=1)
endif()
foreach(part models shapes qnet)
  add_test(NAME numerics.biomarkers.${part} COMMAND test_biomarkers ${part})
  set_tests_properties(numerics.biomarkers.${part} PROPERTIES LABELS numerics TIMEOUT 300)
endforeach()
