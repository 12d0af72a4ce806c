file(REMOVE_RECURSE
  "../bin/starcarp-codegen"
  "../bin/starcarp-codegen.pdb"
  "CMakeFiles/starcarp-codegen.dir/main_codegen.c.o"
  "CMakeFiles/starcarp-codegen.dir/main_codegen.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/starcarp-codegen.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
