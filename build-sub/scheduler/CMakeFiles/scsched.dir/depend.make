# Empty dependencies file for scsched.
# This may be replaced when dependencies are built.
