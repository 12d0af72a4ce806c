# Empty dependencies file for test_frames.
# This may be replaced when dependencies are built.
