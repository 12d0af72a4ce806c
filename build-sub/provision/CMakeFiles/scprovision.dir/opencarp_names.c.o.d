provision/CMakeFiles/scprovision.dir/opencarp_names.c.o: \
 /work/main/build-sub/provision/opencarp_names.c \
 /usr/include/stdc-predef.h
