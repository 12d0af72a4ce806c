file(REMOVE_RECURSE
  "../../bin/test_plot"
  "../../bin/test_plot.pdb"
  "CMakeFiles/test_plot.dir/__/__/drivers/plot.c.o"
  "CMakeFiles/test_plot.dir/__/__/drivers/plot.c.o.d"
  "CMakeFiles/test_plot.dir/__/__/drivers/plot_bar.c.o"
  "CMakeFiles/test_plot.dir/__/__/drivers/plot_bar.c.o.d"
  "CMakeFiles/test_plot.dir/__/__/drivers/plot_font.c.o"
  "CMakeFiles/test_plot.dir/__/__/drivers/plot_font.c.o.d"
  "CMakeFiles/test_plot.dir/__/__/drivers/png.c.o"
  "CMakeFiles/test_plot.dir/__/__/drivers/png.c.o.d"
  "CMakeFiles/test_plot.dir/__/test.c.o"
  "CMakeFiles/test_plot.dir/__/test.c.o.d"
  "CMakeFiles/test_plot.dir/test_plot.c.o"
  "CMakeFiles/test_plot.dir/test_plot.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_plot.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
