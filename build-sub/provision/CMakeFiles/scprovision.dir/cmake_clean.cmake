file(REMOVE_RECURSE
  "CMakeFiles/scprovision.dir/choose_cache.c.o"
  "CMakeFiles/scprovision.dir/choose_cache.c.o.d"
  "CMakeFiles/scprovision.dir/choose_long.c.o"
  "CMakeFiles/scprovision.dir/choose_long.c.o.d"
  "CMakeFiles/scprovision.dir/choose_report.c.o"
  "CMakeFiles/scprovision.dir/choose_report.c.o.d"
  "CMakeFiles/scprovision.dir/choose_run.c.o"
  "CMakeFiles/scprovision.dir/choose_run.c.o.d"
  "CMakeFiles/scprovision.dir/opencarp_names.c.o"
  "CMakeFiles/scprovision.dir/opencarp_names.c.o.d"
  "CMakeFiles/scprovision.dir/sc_choose.c.o"
  "CMakeFiles/scprovision.dir/sc_choose.c.o.d"
  "CMakeFiles/scprovision.dir/sc_info.c.o"
  "CMakeFiles/scprovision.dir/sc_info.c.o.d"
  "CMakeFiles/scprovision.dir/sc_models.c.o"
  "CMakeFiles/scprovision.dir/sc_models.c.o.d"
  "CMakeFiles/scprovision.dir/sc_names.c.o"
  "CMakeFiles/scprovision.dir/sc_names.c.o.d"
  "CMakeFiles/scprovision.dir/sc_plugin.c.o"
  "CMakeFiles/scprovision.dir/sc_plugin.c.o.d"
  "CMakeFiles/scprovision.dir/sc_trace.c.o"
  "CMakeFiles/scprovision.dir/sc_trace.c.o.d"
  "CMakeFiles/scprovision.dir/toolchain.c.o"
  "CMakeFiles/scprovision.dir/toolchain.c.o.d"
  "opencarp_names.c"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/scprovision.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
