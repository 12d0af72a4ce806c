file(REMOVE_RECURSE
  "../lib/libstarcarp.pdb"
  "../lib/libstarcarp.so"
  "../lib/libstarcarp.so.0"
  "../lib/libstarcarp.so.0.1.0"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/starcarp.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
