file(REMOVE_RECURSE
  "CMakeFiles/scsched.dir/cells_ckpt.c.o"
  "CMakeFiles/scsched.dir/cells_ckpt.c.o.d"
  "CMakeFiles/scsched.dir/cells_create.c.o"
  "CMakeFiles/scsched.dir/cells_create.c.o.d"
  "CMakeFiles/scsched.dir/cells_params.c.o"
  "CMakeFiles/scsched.dir/cells_params.c.o.d"
  "CMakeFiles/scsched.dir/cells_run.c.o"
  "CMakeFiles/scsched.dir/cells_run.c.o.d"
  "CMakeFiles/scsched.dir/cells_sample.c.o"
  "CMakeFiles/scsched.dir/cells_sample.c.o.d"
  "CMakeFiles/scsched.dir/cells_split.c.o"
  "CMakeFiles/scsched.dir/cells_split.c.o.d"
  "CMakeFiles/scsched.dir/place_cells.c.o"
  "CMakeFiles/scsched.dir/place_cells.c.o.d"
  "CMakeFiles/scsched.dir/place_plan.c.o"
  "CMakeFiles/scsched.dir/place_plan.c.o.d"
  "CMakeFiles/scsched.dir/place_probe.c.o"
  "CMakeFiles/scsched.dir/place_probe.c.o.d"
  "CMakeFiles/scsched.dir/place_speeds.c.o"
  "CMakeFiles/scsched.dir/place_speeds.c.o.d"
  "CMakeFiles/scsched.dir/place_tissue.c.o"
  "CMakeFiles/scsched.dir/place_tissue.c.o.d"
  "CMakeFiles/scsched.dir/sc_cells.c.o"
  "CMakeFiles/scsched.dir/sc_cells.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/scsched.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
