file(REMOVE_RECURSE
  "CMakeFiles/sckernels.dir/diffuse_host.c.o"
  "CMakeFiles/sckernels.dir/diffuse_host.c.o.d"
  "CMakeFiles/sckernels.dir/fem_host.c.o"
  "CMakeFiles/sckernels.dir/fem_host.c.o.d"
  "CMakeFiles/sckernels.dir/gather_host.c.o"
  "CMakeFiles/sckernels.dir/gather_host.c.o.d"
  "CMakeFiles/sckernels.dir/host_model.c.o"
  "CMakeFiles/sckernels.dir/host_model.c.o.d"
  "CMakeFiles/sckernels.dir/vm_update_host.c.o"
  "CMakeFiles/sckernels.dir/vm_update_host.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/sckernels.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
