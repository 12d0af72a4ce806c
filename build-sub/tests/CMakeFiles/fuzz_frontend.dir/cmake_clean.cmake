file(REMOVE_RECURSE
  "CMakeFiles/fuzz_frontend"
)

# Per-language clean rules from dependency scanning.
foreach(lang )
  include(CMakeFiles/fuzz_frontend.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
