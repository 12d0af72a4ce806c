# Empty dependencies file for test_gpu_text.
# This may be replaced when dependencies are built.
