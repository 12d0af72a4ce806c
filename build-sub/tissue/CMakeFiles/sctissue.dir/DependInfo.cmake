
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/tissue/fem_part.c" "tissue/CMakeFiles/sctissue.dir/fem_part.c.o" "gcc" "tissue/CMakeFiles/sctissue.dir/fem_part.c.o.d"
  "/work/main/tissue/mesh_check.c" "tissue/CMakeFiles/sctissue.dir/mesh_check.c.o" "gcc" "tissue/CMakeFiles/sctissue.dir/mesh_check.c.o.d"
  "/work/main/tissue/mesh_imp.c" "tissue/CMakeFiles/sctissue.dir/mesh_imp.c.o" "gcc" "tissue/CMakeFiles/sctissue.dir/mesh_imp.c.o.d"
  "/work/main/tissue/mesh_ranks.c" "tissue/CMakeFiles/sctissue.dir/mesh_ranks.c.o" "gcc" "tissue/CMakeFiles/sctissue.dir/mesh_ranks.c.o.d"
  "/work/main/tissue/mesh_read.c" "tissue/CMakeFiles/sctissue.dir/mesh_read.c.o" "gcc" "tissue/CMakeFiles/sctissue.dir/mesh_read.c.o.d"
  "/work/main/tissue/mesh_write.c" "tissue/CMakeFiles/sctissue.dir/mesh_write.c.o" "gcc" "tissue/CMakeFiles/sctissue.dir/mesh_write.c.o.d"
  "/work/main/tissue/sc_fem.c" "tissue/CMakeFiles/sctissue.dir/sc_fem.c.o" "gcc" "tissue/CMakeFiles/sctissue.dir/sc_fem.c.o.d"
  "/work/main/tissue/sc_tissue.c" "tissue/CMakeFiles/sctissue.dir/sc_tissue.c.o" "gcc" "tissue/CMakeFiles/sctissue.dir/sc_tissue.c.o.d"
  "/work/main/tissue/tissue_common.c" "tissue/CMakeFiles/sctissue.dir/tissue_common.c.o" "gcc" "tissue/CMakeFiles/sctissue.dir/tissue_common.c.o.d"
  "/work/main/tissue/tissue_mesh.c" "tissue/CMakeFiles/sctissue.dir/tissue_mesh.c.o" "gcc" "tissue/CMakeFiles/sctissue.dir/tissue_mesh.c.o.d"
  "/work/main/tissue/tissue_step.c" "tissue/CMakeFiles/sctissue.dir/tissue_step.c.o" "gcc" "tissue/CMakeFiles/sctissue.dir/tissue_step.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
