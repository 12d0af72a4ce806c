# Empty compiler generated dependencies file for test_implicit.
# This may be replaced when dependencies are built.
