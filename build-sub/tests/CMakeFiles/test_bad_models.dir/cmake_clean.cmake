file(REMOVE_RECURSE
  "../bin/test_bad_models"
  "../bin/test_bad_models.pdb"
  "CMakeFiles/test_bad_models.dir/codegen/test_bad_models.c.o"
  "CMakeFiles/test_bad_models.dir/codegen/test_bad_models.c.o.d"
  "CMakeFiles/test_bad_models.dir/test.c.o"
  "CMakeFiles/test_bad_models.dir/test.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_bad_models.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
