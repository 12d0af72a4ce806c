file(REMOVE_RECURSE
  "CMakeFiles/starcarp_exports_map"
  "starcarp.map"
)

# Per-language clean rules from dependency scanning.
foreach(lang )
  include(CMakeFiles/starcarp_exports_map.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
