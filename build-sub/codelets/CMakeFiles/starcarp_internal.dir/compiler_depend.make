# Empty compiler generated dependencies file for starcarp_internal.
# This may be replaced when dependencies are built.
