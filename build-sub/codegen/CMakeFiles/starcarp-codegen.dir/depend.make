# Empty dependencies file for starcarp-codegen.
# This may be replaced when dependencies are built.
