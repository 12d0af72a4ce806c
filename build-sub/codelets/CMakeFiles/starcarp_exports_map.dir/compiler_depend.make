# Empty custom commands generated dependencies file for starcarp_exports_map.
# This may be replaced when dependencies are built.
