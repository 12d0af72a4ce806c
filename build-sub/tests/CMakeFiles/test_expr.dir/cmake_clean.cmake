file(REMOVE_RECURSE
  "../bin/test_expr"
  "../bin/test_expr.pdb"
  "CMakeFiles/test_expr.dir/codegen/expr_build.c.o"
  "CMakeFiles/test_expr.dir/codegen/expr_build.c.o.d"
  "CMakeFiles/test_expr.dir/codegen/test_expr.c.o"
  "CMakeFiles/test_expr.dir/codegen/test_expr.c.o.d"
  "CMakeFiles/test_expr.dir/test.c.o"
  "CMakeFiles/test_expr.dir/test.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_expr.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
