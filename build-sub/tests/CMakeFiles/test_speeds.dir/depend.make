# Empty dependencies file for test_speeds.
# This may be replaced when dependencies are built.
