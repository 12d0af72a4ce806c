file(REMOVE_RECURSE
  "../bin/test_parse"
  "../bin/test_parse.pdb"
  "CMakeFiles/test_parse.dir/codegen/test_parse.c.o"
  "CMakeFiles/test_parse.dir/codegen/test_parse.c.o.d"
  "CMakeFiles/test_parse.dir/test.c.o"
  "CMakeFiles/test_parse.dir/test.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_parse.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
