
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/kernels/diffuse_host.c" "kernels/CMakeFiles/sckernels.dir/diffuse_host.c.o" "gcc" "kernels/CMakeFiles/sckernels.dir/diffuse_host.c.o.d"
  "/work/main/kernels/fem_host.c" "kernels/CMakeFiles/sckernels.dir/fem_host.c.o" "gcc" "kernels/CMakeFiles/sckernels.dir/fem_host.c.o.d"
  "/work/main/kernels/gather_host.c" "kernels/CMakeFiles/sckernels.dir/gather_host.c.o" "gcc" "kernels/CMakeFiles/sckernels.dir/gather_host.c.o.d"
  "/work/main/kernels/host_model.c" "kernels/CMakeFiles/sckernels.dir/host_model.c.o" "gcc" "kernels/CMakeFiles/sckernels.dir/host_model.c.o.d"
  "/work/main/kernels/vm_update_host.c" "kernels/CMakeFiles/sckernels.dir/vm_update_host.c.o" "gcc" "kernels/CMakeFiles/sckernels.dir/vm_update_host.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
