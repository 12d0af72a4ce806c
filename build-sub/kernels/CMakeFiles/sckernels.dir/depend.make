# Empty dependencies file for sckernels.
# This may be replaced when dependencies are built.
