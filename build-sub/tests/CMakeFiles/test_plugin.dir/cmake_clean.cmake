file(REMOVE_RECURSE
  "../bin/test_plugin"
  "../bin/test_plugin.pdb"
  "CMakeFiles/test_plugin.dir/plugin/test_plugin.c.o"
  "CMakeFiles/test_plugin.dir/plugin/test_plugin.c.o.d"
  "CMakeFiles/test_plugin.dir/test.c.o"
  "CMakeFiles/test_plugin.dir/test.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_plugin.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
