# Empty custom commands generated dependencies file for bench-cpu.
# This may be replaced when dependencies are built.
