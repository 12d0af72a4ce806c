file(REMOVE_RECURSE
  "../bin/test_deriv"
  "../bin/test_deriv.pdb"
  "CMakeFiles/test_deriv.dir/codegen/expr_build.c.o"
  "CMakeFiles/test_deriv.dir/codegen/expr_build.c.o.d"
  "CMakeFiles/test_deriv.dir/codegen/test_deriv.c.o"
  "CMakeFiles/test_deriv.dir/codegen/test_deriv.c.o.d"
  "CMakeFiles/test_deriv.dir/test.c.o"
  "CMakeFiles/test_deriv.dir/test.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_deriv.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
