# Empty dependencies file for test_bench_opts.
# This may be replaced when dependencies are built.
