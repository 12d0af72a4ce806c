file(REMOVE_RECURSE
  "../bin/test_tissue_par"
  "../bin/test_tissue_par.pdb"
  "CMakeFiles/test_tissue_par.dir/__/drivers/cli_opts.c.o"
  "CMakeFiles/test_tissue_par.dir/__/drivers/cli_opts.c.o.d"
  "CMakeFiles/test_tissue_par.dir/__/drivers/tissue_greg.c.o"
  "CMakeFiles/test_tissue_par.dir/__/drivers/tissue_greg.c.o.d"
  "CMakeFiles/test_tissue_par.dir/__/drivers/tissue_impreg.c.o"
  "CMakeFiles/test_tissue_par.dir/__/drivers/tissue_impreg.c.o.d"
  "CMakeFiles/test_tissue_par.dir/__/drivers/tissue_opts.c.o"
  "CMakeFiles/test_tissue_par.dir/__/drivers/tissue_opts.c.o.d"
  "CMakeFiles/test_tissue_par.dir/__/drivers/tissue_par.c.o"
  "CMakeFiles/test_tissue_par.dir/__/drivers/tissue_par.c.o.d"
  "CMakeFiles/test_tissue_par.dir/test.c.o"
  "CMakeFiles/test_tissue_par.dir/test.c.o.d"
  "CMakeFiles/test_tissue_par.dir/tissue/test_tissue_par.c.o"
  "CMakeFiles/test_tissue_par.dir/tissue/test_tissue_par.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_tissue_par.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
