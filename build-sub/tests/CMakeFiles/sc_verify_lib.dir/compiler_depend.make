# Empty compiler generated dependencies file for sc_verify_lib.
# This may be replaced when dependencies are built.
