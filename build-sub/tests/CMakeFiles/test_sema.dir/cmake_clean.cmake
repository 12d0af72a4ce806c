file(REMOVE_RECURSE
  "../bin/test_sema"
  "../bin/test_sema.pdb"
  "CMakeFiles/test_sema.dir/codegen/test_sema.c.o"
  "CMakeFiles/test_sema.dir/codegen/test_sema.c.o.d"
  "CMakeFiles/test_sema.dir/test.c.o"
  "CMakeFiles/test_sema.dir/test.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_sema.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
