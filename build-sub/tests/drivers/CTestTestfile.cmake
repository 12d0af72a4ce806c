# CMake generated Testfile for 
# Source directory: /work/main/tests/drivers
# Build directory: /work/main/build-sub/tests/drivers
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
add_test([=[drivers.plot]=] "/work/main/build-sub/bin/test_plot")
set_tests_properties([=[drivers.plot]=] PROPERTIES  LABELS "drivers" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/main/tests/drivers/CMakeLists.txt;40;add_test;/work/main/tests/drivers/CMakeLists.txt;0;")
add_test([=[drivers.impar]=] "/work/main/build-sub/bin/test_impar")
set_tests_properties([=[drivers.impar]=] PROPERTIES  LABELS "drivers" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/main/tests/drivers/CMakeLists.txt;40;add_test;/work/main/tests/drivers/CMakeLists.txt;0;")
add_test([=[drivers.cli_opts]=] "/work/main/build-sub/bin/test_cli_opts")
set_tests_properties([=[drivers.cli_opts]=] PROPERTIES  LABELS "drivers" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/main/tests/drivers/CMakeLists.txt;40;add_test;/work/main/tests/drivers/CMakeLists.txt;0;")
add_test([=[drivers.frames]=] "/work/main/build-sub/bin/test_frames")
set_tests_properties([=[drivers.frames]=] PROPERTIES  LABELS "drivers" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/main/tests/drivers/CMakeLists.txt;40;add_test;/work/main/tests/drivers/CMakeLists.txt;0;")
