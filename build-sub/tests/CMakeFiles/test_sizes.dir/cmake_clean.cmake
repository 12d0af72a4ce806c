file(REMOVE_RECURSE
  "../bin/test_sizes"
  "../bin/test_sizes.pdb"
  "CMakeFiles/test_sizes.dir/runtime/test_sizes.c.o"
  "CMakeFiles/test_sizes.dir/runtime/test_sizes.c.o.d"
  "CMakeFiles/test_sizes.dir/test.c.o"
  "CMakeFiles/test_sizes.dir/test.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_sizes.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
