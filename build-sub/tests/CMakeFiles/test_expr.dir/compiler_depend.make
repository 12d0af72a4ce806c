# Empty compiler generated dependencies file for test_expr.
# This may be replaced when dependencies are built.
