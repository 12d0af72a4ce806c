# Empty dependencies file for sccodegen.
# This may be replaced when dependencies are built.
