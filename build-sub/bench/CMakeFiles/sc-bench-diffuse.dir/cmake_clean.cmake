file(REMOVE_RECURSE
  "../bin/sc-bench-diffuse"
  "../bin/sc-bench-diffuse.pdb"
  "CMakeFiles/sc-bench-diffuse.dir/diffuse_speed.c.o"
  "CMakeFiles/sc-bench-diffuse.dir/diffuse_speed.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/sc-bench-diffuse.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
