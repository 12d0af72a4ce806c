file(REMOVE_RECURSE
  "../bin/test_implicit"
  "../bin/test_implicit.pdb"
  "CMakeFiles/test_implicit.dir/test.c.o"
  "CMakeFiles/test_implicit.dir/test.c.o.d"
  "CMakeFiles/test_implicit.dir/tissue/test_implicit.c.o"
  "CMakeFiles/test_implicit.dir/tissue/test_implicit.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_implicit.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
