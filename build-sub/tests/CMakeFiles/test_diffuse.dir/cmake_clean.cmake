file(REMOVE_RECURSE
  "../bin/test_diffuse"
  "../bin/test_diffuse.pdb"
  "CMakeFiles/test_diffuse.dir/test.c.o"
  "CMakeFiles/test_diffuse.dir/test.c.o.d"
  "CMakeFiles/test_diffuse.dir/tissue/test_diffuse.c.o"
  "CMakeFiles/test_diffuse.dir/tissue/test_diffuse.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_diffuse.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
