# Empty dependencies file for test_choose.
# This may be replaced when dependencies are built.
