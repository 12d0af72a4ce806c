file(REMOVE_RECURSE
  "../bin/test_numerics"
  "../bin/test_numerics.pdb"
  "CMakeFiles/test_numerics.dir/numerics/nx_sim.c.o"
  "CMakeFiles/test_numerics.dir/numerics/nx_sim.c.o.d"
  "CMakeFiles/test_numerics.dir/numerics/test_numerics.c.o"
  "CMakeFiles/test_numerics.dir/numerics/test_numerics.c.o.d"
  "CMakeFiles/test_numerics.dir/test.c.o"
  "CMakeFiles/test_numerics.dir/test.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_numerics.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
