# Empty dependencies file for test_ops.
# This may be replaced when dependencies are built.
