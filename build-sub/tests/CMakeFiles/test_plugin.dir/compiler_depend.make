# Empty compiler generated dependencies file for test_plugin.
# This may be replaced when dependencies are built.
