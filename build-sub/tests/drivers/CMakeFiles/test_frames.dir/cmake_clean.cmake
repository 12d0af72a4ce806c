file(REMOVE_RECURSE
  "../../bin/test_frames"
  "../../bin/test_frames.pdb"
  "CMakeFiles/test_frames.dir/__/__/drivers/tissue_frames.c.o"
  "CMakeFiles/test_frames.dir/__/__/drivers/tissue_frames.c.o.d"
  "CMakeFiles/test_frames.dir/__/test.c.o"
  "CMakeFiles/test_frames.dir/__/test.c.o.d"
  "CMakeFiles/test_frames.dir/test_frames.c.o"
  "CMakeFiles/test_frames.dir/test_frames.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_frames.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
