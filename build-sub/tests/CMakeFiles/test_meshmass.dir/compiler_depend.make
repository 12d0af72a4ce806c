# Empty compiler generated dependencies file for test_meshmass.
# This may be replaced when dependencies are built.
