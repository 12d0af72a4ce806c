# Empty dependencies file for test_bad_models.
# This may be replaced when dependencies are built.
