# Numerical verification of the portable C back end (tests/verify/): a one-cell bench driver
# (bench_c.c) runs a model's kernel and compares V with the reference traces of tests/reference
# (unpacked into SC_REFERENCE_DIR). verify.c.small generates its models with `starcarp codegen
# --target c` and compiles them with the system C compiler (-Werror); verify.c.corpus runs every
# case on the kernels the library already holds.
set(SC_VERIFY_REF ${SC_REFERENCE_DIR})
set(SC_VERIFY_SH ${CMAKE_CURRENT_SOURCE_DIR}/verify/run_verify.sh)
# The one-cell driver on the library's own kernels (no model compiled again: the generated portable C
# the library holds is what runs; the script's generating path stays for --methods, f32, cpu).
add_executable(sc_verify_lib ${CMAKE_CURRENT_SOURCE_DIR}/verify/bench_c.c)
target_compile_definitions(sc_verify_lib PRIVATE SC_LIBRARY=1)
target_compile_options(sc_verify_lib PRIVATE ${SC_WARN})
target_link_libraries(sc_verify_lib PRIVATE starcarp m)
# ... and in single precision, on the library's vectorised single-precision kernels (SC_BACKEND=cpu):
# scripts/precision-table.sh measures them against the reference and against double.
add_executable(sc_verify_lib_f32 ${CMAKE_CURRENT_SOURCE_DIR}/verify/bench_c.c)
target_compile_definitions(sc_verify_lib_f32 PRIVATE SC_LIBRARY=1 SC_F32=1)
target_compile_options(sc_verify_lib_f32 PRIVATE ${SC_WARN})
target_link_libraries(sc_verify_lib_f32 PRIVATE starcarp m)

# Small models: normalised error below 1 % each.
add_test(NAME verify.c.small COMMAND sh ${SC_VERIFY_SH} $<TARGET_FILE:starcarp_cmd> ${SC_VERIFY_REF}
  ${CMAKE_BINARY_DIR}/verify-small --max-err 1 --jobs 1 --table ${CMAKE_BINARY_DIR}/verification-small.md
  beeler_reuter_model_1977 BeelerReuterNative AlievPanfilov luo_rudy_1991 ten_tusscher_model_2006_epi)

# The whole library against every reference case, with the kernels the library holds: writes
# build/verification.md; fails when a model produces NaN (except the known ones of
# verify/known_failing.txt) or when fewer than 95 % of the paced cases meet the target.
add_test(NAME verify.c.corpus COMMAND sh ${SC_VERIFY_SH} - ${SC_VERIFY_REF}
  ${CMAKE_BINARY_DIR}/verify-corpus --table ${CMAKE_BINARY_DIR}/verification.md
  --known ${CMAKE_CURRENT_SOURCE_DIR}/verify/known_failing.txt
  --library $<TARGET_FILE:sc_verify_lib> --min-target 95)

set_tests_properties(verify.c.small verify.c.corpus PROPERTIES LABELS verify)
set_tests_properties(verify.c.corpus PROPERTIES TIMEOUT 600)
