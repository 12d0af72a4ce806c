file(REMOVE_RECURSE
  "../lib/libstarcarp_internal.a"
  "../lib/libstarcarp_internal.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/starcarp_internal.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
