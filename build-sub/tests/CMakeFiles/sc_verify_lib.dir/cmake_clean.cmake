file(REMOVE_RECURSE
  "../bin/sc_verify_lib"
  "../bin/sc_verify_lib.pdb"
  "CMakeFiles/sc_verify_lib.dir/verify/bench_c.c.o"
  "CMakeFiles/sc_verify_lib.dir/verify/bench_c.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/sc_verify_lib.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
