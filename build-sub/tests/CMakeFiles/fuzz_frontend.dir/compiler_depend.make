# Empty custom commands generated dependencies file for fuzz_frontend.
# This may be replaced when dependencies are built.
