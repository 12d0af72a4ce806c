# fuzz.cmake: libFuzzer run over the EasyML front end (included by tests/CMakeLists.txt).
# Only when clang is found: tests/codegen/fuzz/run_fuzz.sh builds codegen/fuzz_frontend.c with all codegen/*.c
# using clang -fsanitize=fuzzer,address,undefined and runs it for SC_FUZZ_SECONDS on a copy of
# models/ (seed corpus in the build tree). `make fuzz_frontend` only builds the fuzzer.
find_program(CLANG clang)
if(CLANG)
  set(SC_FUZZ_SECONDS 60 CACHE STRING "Seconds of fuzzing in the fuzz.frontend test")
  set(SC_FUZZ_DIR ${CMAKE_CURRENT_BINARY_DIR}/fuzz)
  add_custom_target(fuzz_frontend
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/codegen/fuzz/run_fuzz.sh ${CLANG} ${CMAKE_SOURCE_DIR} ${SC_FUZZ_DIR} 0
    COMMENT "Building the front-end fuzzer with ${CLANG}"
    VERBATIM)
  add_test(NAME fuzz.frontend
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/codegen/fuzz/run_fuzz.sh ${CLANG} ${CMAKE_SOURCE_DIR} ${SC_FUZZ_DIR}
            ${SC_FUZZ_SECONDS})
  math(EXPR _sc_fuzz_timeout "${SC_FUZZ_SECONDS} + 600")
  set_tests_properties(fuzz.frontend PROPERTIES
    SKIP_RETURN_CODE 77 TIMEOUT ${_sc_fuzz_timeout} LABELS fuzz)
endif()
