codegen/CMakeFiles/sccodegen.dir/prelude.c.o: \
 /work/main/build-sub/codegen/prelude.c /usr/include/stdc-predef.h
