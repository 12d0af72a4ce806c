file(REMOVE_RECURSE
  "../bin/test_choose"
  "../bin/test_choose.pdb"
  "CMakeFiles/test_choose.dir/numerics/test_choose.c.o"
  "CMakeFiles/test_choose.dir/numerics/test_choose.c.o.d"
  "CMakeFiles/test_choose.dir/test.c.o"
  "CMakeFiles/test_choose.dir/test.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_choose.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
