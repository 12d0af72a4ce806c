# Empty dependencies file for sc-bench-diffuse.
# This may be replaced when dependencies are built.
