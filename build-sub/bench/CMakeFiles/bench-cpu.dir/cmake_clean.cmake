file(REMOVE_RECURSE
  "CMakeFiles/bench-cpu"
)

# Per-language clean rules from dependency scanning.
foreach(lang )
  include(CMakeFiles/bench-cpu.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
