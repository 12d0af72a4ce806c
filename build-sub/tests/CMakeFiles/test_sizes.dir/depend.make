# Empty dependencies file for test_sizes.
# This may be replaced when dependencies are built.
