# Empty custom commands generated dependencies file for quick-tests.
# This may be replaced when dependencies are built.
