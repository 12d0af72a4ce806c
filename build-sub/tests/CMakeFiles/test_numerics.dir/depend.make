# Empty dependencies file for test_numerics.
# This may be replaced when dependencies are built.
