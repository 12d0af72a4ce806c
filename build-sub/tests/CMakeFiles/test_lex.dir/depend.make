# Empty dependencies file for test_lex.
# This may be replaced when dependencies are built.
