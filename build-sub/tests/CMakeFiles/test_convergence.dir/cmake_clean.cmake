file(REMOVE_RECURSE
  "../bin/test_convergence"
  "../bin/test_convergence.pdb"
  "CMakeFiles/test_convergence.dir/backends/test_convergence.c.o"
  "CMakeFiles/test_convergence.dir/backends/test_convergence.c.o.d"
  "CMakeFiles/test_convergence.dir/test.c.o"
  "CMakeFiles/test_convergence.dir/test.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_convergence.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
