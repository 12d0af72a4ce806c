file(REMOVE_RECURSE
  "../bin/test_cells"
  "../bin/test_cells.pdb"
  "CMakeFiles/test_cells.dir/runtime/test_cells.c.o"
  "CMakeFiles/test_cells.dir/runtime/test_cells.c.o.d"
  "CMakeFiles/test_cells.dir/test.c.o"
  "CMakeFiles/test_cells.dir/test.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_cells.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
