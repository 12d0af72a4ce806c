file(REMOVE_RECURSE
  "../bin/test_igb"
  "../bin/test_igb.pdb"
  "CMakeFiles/test_igb.dir/test.c.o"
  "CMakeFiles/test_igb.dir/test.c.o.d"
  "CMakeFiles/test_igb.dir/tissue/test_igb.c.o"
  "CMakeFiles/test_igb.dir/tissue/test_igb.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_igb.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
