# Empty dependencies file for test_impar.
# This may be replaced when dependencies are built.
