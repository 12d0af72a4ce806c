kernels/CMakeFiles/sckernels.dir/gather_host.c.o: \
 /work/main/kernels/gather_host.c /usr/include/stdc-predef.h \
 /work/main/kernels/gather.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h \
 /work/main/kernels/gather_args.h
