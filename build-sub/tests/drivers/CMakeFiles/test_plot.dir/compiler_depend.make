# Empty compiler generated dependencies file for test_plot.
# This may be replaced when dependencies are built.
