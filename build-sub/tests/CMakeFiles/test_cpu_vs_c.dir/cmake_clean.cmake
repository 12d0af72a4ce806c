file(REMOVE_RECURSE
  "../bin/test_cpu_vs_c"
  "../bin/test_cpu_vs_c.pdb"
  "CMakeFiles/test_cpu_vs_c.dir/backends/test_cpu_vs_c.c.o"
  "CMakeFiles/test_cpu_vs_c.dir/backends/test_cpu_vs_c.c.o.d"
  "CMakeFiles/test_cpu_vs_c.dir/test.c.o"
  "CMakeFiles/test_cpu_vs_c.dir/test.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_cpu_vs_c.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
