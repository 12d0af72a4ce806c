# Numerical verification of the portable C back end (tests/verify/): generate a model with
# `starcarp codegen --target c`, compile it with the system C compiler into a one-cell bench
# driver, and compare V with the reference traces of tests/reference (unpacked into SC_REFERENCE_DIR).
set(SC_VERIFY_REF ${SC_REFERENCE_DIR})
set(SC_VERIFY_SH ${CMAKE_CURRENT_SOURCE_DIR}/verify/run_verify.sh)

# Small models: normalised error below 1 % each.
add_test(NAME verify.c.small COMMAND sh ${SC_VERIFY_SH} $<TARGET_FILE:starcarp_cmd> ${SC_VERIFY_REF}
  ${CMAKE_BINARY_DIR}/verify-small --max-err 1 --table ${CMAKE_BINARY_DIR}/verification-small.md
  beeler_reuter_model_1977 BeelerReuterNative AlievPanfilov luo_rudy_1991 ten_tusscher_model_2006_epi)

# The whole corpus: writes build/verification.md; fails when a model does not compile (warnings
# are errors) or produces NaN (except the known ones of verify/known_failing.txt).
add_test(NAME verify.c.corpus COMMAND sh ${SC_VERIFY_SH} $<TARGET_FILE:starcarp_cmd> ${SC_VERIFY_REF}
  ${CMAKE_BINARY_DIR}/verify-corpus --table ${CMAKE_BINARY_DIR}/verification.md
  --known ${CMAKE_CURRENT_SOURCE_DIR}/verify/known_failing.txt)

set_tests_properties(verify.c.small verify.c.corpus PROPERTIES LABELS verify)
set_tests_properties(verify.c.corpus PROPERTIES TIMEOUT 600)
