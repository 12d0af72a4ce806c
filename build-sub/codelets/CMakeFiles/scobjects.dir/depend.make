# Empty dependencies file for scobjects.
# This may be replaced when dependencies are built.
