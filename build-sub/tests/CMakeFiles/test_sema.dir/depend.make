# Empty dependencies file for test_sema.
# This may be replaced when dependencies are built.
