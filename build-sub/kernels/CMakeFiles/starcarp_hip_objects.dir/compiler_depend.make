# Empty custom commands generated dependencies file for starcarp_hip_objects.
# This may be replaced when dependencies are built.
