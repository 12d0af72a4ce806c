# Empty compiler generated dependencies file for sc-bench-cpu.
# This may be replaced when dependencies are built.
