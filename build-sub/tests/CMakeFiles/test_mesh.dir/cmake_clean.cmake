file(REMOVE_RECURSE
  "../bin/test_mesh"
  "../bin/test_mesh.pdb"
  "CMakeFiles/test_mesh.dir/test.c.o"
  "CMakeFiles/test_mesh.dir/test.c.o.d"
  "CMakeFiles/test_mesh.dir/tissue/test_mesh.c.o"
  "CMakeFiles/test_mesh.dir/tissue/test_mesh.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_mesh.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
