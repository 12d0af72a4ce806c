# Empty custom commands generated dependencies file for starcarp_hip_models.
# This may be replaced when dependencies are built.
