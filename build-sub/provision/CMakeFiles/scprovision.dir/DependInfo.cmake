
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/provision/choose_cache.c" "provision/CMakeFiles/scprovision.dir/choose_cache.c.o" "gcc" "provision/CMakeFiles/scprovision.dir/choose_cache.c.o.d"
  "/work/main/provision/choose_long.c" "provision/CMakeFiles/scprovision.dir/choose_long.c.o" "gcc" "provision/CMakeFiles/scprovision.dir/choose_long.c.o.d"
  "/work/main/provision/choose_report.c" "provision/CMakeFiles/scprovision.dir/choose_report.c.o" "gcc" "provision/CMakeFiles/scprovision.dir/choose_report.c.o.d"
  "/work/main/provision/choose_run.c" "provision/CMakeFiles/scprovision.dir/choose_run.c.o" "gcc" "provision/CMakeFiles/scprovision.dir/choose_run.c.o.d"
  "/work/main/build-sub/provision/opencarp_names.c" "provision/CMakeFiles/scprovision.dir/opencarp_names.c.o" "gcc" "provision/CMakeFiles/scprovision.dir/opencarp_names.c.o.d"
  "/work/main/provision/sc_choose.c" "provision/CMakeFiles/scprovision.dir/sc_choose.c.o" "gcc" "provision/CMakeFiles/scprovision.dir/sc_choose.c.o.d"
  "/work/main/provision/sc_info.c" "provision/CMakeFiles/scprovision.dir/sc_info.c.o" "gcc" "provision/CMakeFiles/scprovision.dir/sc_info.c.o.d"
  "/work/main/provision/sc_models.c" "provision/CMakeFiles/scprovision.dir/sc_models.c.o" "gcc" "provision/CMakeFiles/scprovision.dir/sc_models.c.o.d"
  "/work/main/provision/sc_names.c" "provision/CMakeFiles/scprovision.dir/sc_names.c.o" "gcc" "provision/CMakeFiles/scprovision.dir/sc_names.c.o.d"
  "/work/main/provision/sc_plugin.c" "provision/CMakeFiles/scprovision.dir/sc_plugin.c.o" "gcc" "provision/CMakeFiles/scprovision.dir/sc_plugin.c.o.d"
  "/work/main/provision/sc_trace.c" "provision/CMakeFiles/scprovision.dir/sc_trace.c.o" "gcc" "provision/CMakeFiles/scprovision.dir/sc_trace.c.o.d"
  "/work/main/provision/toolchain.c" "provision/CMakeFiles/scprovision.dir/toolchain.c.o" "gcc" "provision/CMakeFiles/scprovision.dir/toolchain.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
