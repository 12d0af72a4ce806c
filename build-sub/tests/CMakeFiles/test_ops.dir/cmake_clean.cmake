file(REMOVE_RECURSE
  "../bin/test_ops"
  "../bin/test_ops.pdb"
  "CMakeFiles/test_ops.dir/codegen/model_text.c.o"
  "CMakeFiles/test_ops.dir/codegen/model_text.c.o.d"
  "CMakeFiles/test_ops.dir/codegen/test_ops.c.o"
  "CMakeFiles/test_ops.dir/codegen/test_ops.c.o.d"
  "CMakeFiles/test_ops.dir/test.c.o"
  "CMakeFiles/test_ops.dir/test.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_ops.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
