# Empty dependencies file for starcarp_cmd.
# This may be replaced when dependencies are built.
