codelets/CMakeFiles/scobjects.dir/__/gen/registry.c.o: \
 /work/main/build-sub/gen/registry.c /usr/include/stdc-predef.h \
 /work/main/include/starcarp_model.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h
