file(REMOVE_RECURSE
  "../bin/sc-bench-cpu"
  "../bin/sc-bench-cpu.pdb"
  "CMakeFiles/sc-bench-cpu.dir/__/drivers/cli_opts.c.o"
  "CMakeFiles/sc-bench-cpu.dir/__/drivers/cli_opts.c.o.d"
  "CMakeFiles/sc-bench-cpu.dir/__/drivers/plot.c.o"
  "CMakeFiles/sc-bench-cpu.dir/__/drivers/plot.c.o.d"
  "CMakeFiles/sc-bench-cpu.dir/__/drivers/plot_font.c.o"
  "CMakeFiles/sc-bench-cpu.dir/__/drivers/plot_font.c.o.d"
  "CMakeFiles/sc-bench-cpu.dir/__/drivers/png.c.o"
  "CMakeFiles/sc-bench-cpu.dir/__/drivers/png.c.o.d"
  "CMakeFiles/sc-bench-cpu.dir/cpu_speed.c.o"
  "CMakeFiles/sc-bench-cpu.dir/cpu_speed.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/sc-bench-cpu.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
