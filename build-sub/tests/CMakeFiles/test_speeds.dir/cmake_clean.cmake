file(REMOVE_RECURSE
  "../bin/test_speeds"
  "../bin/test_speeds.pdb"
  "CMakeFiles/test_speeds.dir/runtime/test_speeds.c.o"
  "CMakeFiles/test_speeds.dir/runtime/test_speeds.c.o.d"
  "CMakeFiles/test_speeds.dir/test.c.o"
  "CMakeFiles/test_speeds.dir/test.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_speeds.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
