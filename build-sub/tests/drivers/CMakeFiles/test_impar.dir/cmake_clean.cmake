file(REMOVE_RECURSE
  "../../bin/test_impar"
  "../../bin/test_impar.pdb"
  "CMakeFiles/test_impar.dir/__/__/codelets/sc_util.c.o"
  "CMakeFiles/test_impar.dir/__/__/codelets/sc_util.c.o.d"
  "CMakeFiles/test_impar.dir/__/__/drivers/impar.c.o"
  "CMakeFiles/test_impar.dir/__/__/drivers/impar.c.o.d"
  "CMakeFiles/test_impar.dir/__/test.c.o"
  "CMakeFiles/test_impar.dir/__/test.c.o.d"
  "CMakeFiles/test_impar.dir/test_impar.c.o"
  "CMakeFiles/test_impar.dir/test_impar.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_impar.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
