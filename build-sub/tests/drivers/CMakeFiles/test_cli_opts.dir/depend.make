# Empty dependencies file for test_cli_opts.
# This may be replaced when dependencies are built.
