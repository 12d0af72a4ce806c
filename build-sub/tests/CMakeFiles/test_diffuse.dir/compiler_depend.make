# Empty compiler generated dependencies file for test_diffuse.
# This may be replaced when dependencies are built.
