# Empty compiler generated dependencies file for test_mesh.
# This may be replaced when dependencies are built.
