# Empty dependencies file for test_deriv.
# This may be replaced when dependencies are built.
