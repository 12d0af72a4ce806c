file(REMOVE_RECURSE
  "../bin/test_meshmass"
  "../bin/test_meshmass.pdb"
  "CMakeFiles/test_meshmass.dir/test.c.o"
  "CMakeFiles/test_meshmass.dir/test.c.o.d"
  "CMakeFiles/test_meshmass.dir/tissue/test_meshmass.c.o"
  "CMakeFiles/test_meshmass.dir/tissue/test_meshmass.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_meshmass.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
