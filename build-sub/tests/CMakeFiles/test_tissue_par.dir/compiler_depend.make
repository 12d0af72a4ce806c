# Empty compiler generated dependencies file for test_tissue_par.
# This may be replaced when dependencies are built.
