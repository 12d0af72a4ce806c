file(REMOVE_RECURSE
  "../bin/test_lex"
  "../bin/test_lex.pdb"
  "CMakeFiles/test_lex.dir/codegen/test_lex.c.o"
  "CMakeFiles/test_lex.dir/codegen/test_lex.c.o.d"
  "CMakeFiles/test_lex.dir/test.c.o"
  "CMakeFiles/test_lex.dir/test.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_lex.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
