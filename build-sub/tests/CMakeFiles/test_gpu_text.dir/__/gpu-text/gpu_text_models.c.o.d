tests/CMakeFiles/test_gpu_text.dir/__/gpu-text/gpu_text_models.c.o: \
 /work/main/build-sub/gpu-text/gpu_text_models.c \
 /usr/include/stdc-predef.h /work/main/include/starcarp_model.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h
