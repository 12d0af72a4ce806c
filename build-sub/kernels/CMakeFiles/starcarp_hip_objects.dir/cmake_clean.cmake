file(REMOVE_RECURSE
  "CMakeFiles/starcarp_hip_objects"
  "hip/copy_hip.o"
  "hip/diffuse_hip.o"
  "hip/fem_hip.o"
  "hip/gather_hip.o"
  "hip/vm_update_hip.o"
)

# Per-language clean rules from dependency scanning.
foreach(lang )
  include(CMakeFiles/starcarp_hip_objects.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
