
# Per-language clean rules from dependency scanning.
foreach(lang )
  include(CMakeFiles/quick-tests.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
