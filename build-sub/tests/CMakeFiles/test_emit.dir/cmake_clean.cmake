file(REMOVE_RECURSE
  "../bin/test_emit"
  "../bin/test_emit.pdb"
  "CMakeFiles/test_emit.dir/codegen/model_text.c.o"
  "CMakeFiles/test_emit.dir/codegen/model_text.c.o.d"
  "CMakeFiles/test_emit.dir/codegen/test_emit.c.o"
  "CMakeFiles/test_emit.dir/codegen/test_emit.c.o.d"
  "CMakeFiles/test_emit.dir/test.c.o"
  "CMakeFiles/test_emit.dir/test.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_emit.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
