# CMake generated Testfile for 
# Source directory: /work/main
# Build directory: /work/main/build-sub
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
subdirs("codegen")
subdirs("kernels")
subdirs("scheduler")
subdirs("tissue")
subdirs("codelets")
subdirs("provision")
subdirs("drivers")
subdirs("tests")
subdirs("bench")
