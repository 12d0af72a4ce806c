file(REMOVE_RECURSE
  "../bin/test_params"
  "../bin/test_params.pdb"
  "CMakeFiles/test_params.dir/numerics/test_params.c.o"
  "CMakeFiles/test_params.dir/numerics/test_params.c.o.d"
  "CMakeFiles/test_params.dir/test.c.o"
  "CMakeFiles/test_params.dir/test.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_params.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
