# Empty compiler generated dependencies file for test_parse.
# This may be replaced when dependencies are built.
