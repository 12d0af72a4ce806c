# Empty compiler generated dependencies file for test_cpu_vs_c.
# This may be replaced when dependencies are built.
