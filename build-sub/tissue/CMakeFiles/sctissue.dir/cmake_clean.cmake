file(REMOVE_RECURSE
  "CMakeFiles/sctissue.dir/fem_part.c.o"
  "CMakeFiles/sctissue.dir/fem_part.c.o.d"
  "CMakeFiles/sctissue.dir/mesh_check.c.o"
  "CMakeFiles/sctissue.dir/mesh_check.c.o.d"
  "CMakeFiles/sctissue.dir/mesh_imp.c.o"
  "CMakeFiles/sctissue.dir/mesh_imp.c.o.d"
  "CMakeFiles/sctissue.dir/mesh_ranks.c.o"
  "CMakeFiles/sctissue.dir/mesh_ranks.c.o.d"
  "CMakeFiles/sctissue.dir/mesh_read.c.o"
  "CMakeFiles/sctissue.dir/mesh_read.c.o.d"
  "CMakeFiles/sctissue.dir/mesh_write.c.o"
  "CMakeFiles/sctissue.dir/mesh_write.c.o.d"
  "CMakeFiles/sctissue.dir/sc_fem.c.o"
  "CMakeFiles/sctissue.dir/sc_fem.c.o.d"
  "CMakeFiles/sctissue.dir/sc_tissue.c.o"
  "CMakeFiles/sctissue.dir/sc_tissue.c.o.d"
  "CMakeFiles/sctissue.dir/tissue_common.c.o"
  "CMakeFiles/sctissue.dir/tissue_common.c.o.d"
  "CMakeFiles/sctissue.dir/tissue_mesh.c.o"
  "CMakeFiles/sctissue.dir/tissue_mesh.c.o.d"
  "CMakeFiles/sctissue.dir/tissue_step.c.o"
  "CMakeFiles/sctissue.dir/tissue_step.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/sctissue.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
