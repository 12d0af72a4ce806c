# Empty dependencies file for scprovision.
# This may be replaced when dependencies are built.
