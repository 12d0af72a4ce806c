# Empty dependencies file for test_emit.
# This may be replaced when dependencies are built.
