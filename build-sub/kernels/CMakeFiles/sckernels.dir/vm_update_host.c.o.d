kernels/CMakeFiles/sckernels.dir/vm_update_host.c.o: \
 /work/main/kernels/vm_update_host.c /usr/include/stdc-predef.h \
 /work/main/kernels/vm_update.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h
