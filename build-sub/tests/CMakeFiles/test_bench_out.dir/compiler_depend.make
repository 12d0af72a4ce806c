# Empty compiler generated dependencies file for test_bench_out.
# This may be replaced when dependencies are built.
