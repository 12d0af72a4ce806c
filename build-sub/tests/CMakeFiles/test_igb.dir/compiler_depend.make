# Empty compiler generated dependencies file for test_igb.
# This may be replaced when dependencies are built.
