# CMake generated Testfile for 
# Source directory: /work/main/bench
# Build directory: /work/main/build-sub/bench
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
add_test([=[backends.vector_isa]=] "sh" "/work/main/bench/check_vector_isa.sh" "/work/main/build-sub/lib/libstarcarp.so.0.1.0" "ten_tusscher_model_2006_epi" "--require")
set_tests_properties([=[backends.vector_isa]=] PROPERTIES  LABELS "backends" SKIP_RETURN_CODE "77" _BACKTRACE_TRIPLES "/work/main/bench/CMakeLists.txt;27;add_test;/work/main/bench/CMakeLists.txt;0;")
