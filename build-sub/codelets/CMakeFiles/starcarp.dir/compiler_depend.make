# Empty compiler generated dependencies file for starcarp.
# This may be replaced when dependencies are built.
