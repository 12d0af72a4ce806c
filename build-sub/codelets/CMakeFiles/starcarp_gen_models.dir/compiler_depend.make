# Empty custom commands generated dependencies file for starcarp_gen_models.
# This may be replaced when dependencies are built.
