# Empty dependencies file for sctissue.
# This may be replaced when dependencies are built.
