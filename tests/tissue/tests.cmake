# The tissue solver (docs/tissue.md): the diffusion kernels called directly, and
# `starcarp tissue` end to end on StarPU's CPU workers (a GPU case that exits 77 without one).
foreach(t diffuse implicit mesh meshmass)
  add_executable(test_${t} ${CMAKE_CURRENT_SOURCE_DIR}/tissue/test_${t}.c ${CMAKE_CURRENT_SOURCE_DIR}/test.c)
  target_link_libraries(test_${t} PRIVATE starcarp_internal m)
  target_include_directories(test_${t} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/codelets ${CMAKE_SOURCE_DIR}/base
    ${CMAKE_SOURCE_DIR}/kernels ${CMAKE_SOURCE_DIR}/scheduler ${CMAKE_SOURCE_DIR}/tissue)
  target_compile_options(test_${t} PRIVATE ${SC_WARN})
  add_test(NAME tissue.${t} COMMAND test_${t})
  set_tests_properties(tissue.${t} PROPERTIES LABELS tissue)
endforeach()

# openCARP's parameter files (drivers/tissue/tissue_par.c through topt_parse): a unit test of the reader
# (the options' modules compiled in; also: --help and --help-par list every row of the tables, and
# docs/tissue.md's tables match them), and the openCARP N-version file run against nversion.par.
add_executable(test_tissue_par ${CMAKE_CURRENT_SOURCE_DIR}/tissue/test_tissue_par.c ${CMAKE_CURRENT_SOURCE_DIR}/test.c
  ${CMAKE_SOURCE_DIR}/drivers/tissue/tissue_opts.c ${CMAKE_SOURCE_DIR}/drivers/tissue/tissue_args.c
  ${CMAKE_SOURCE_DIR}/drivers/tissue/tissue_par.c ${CMAKE_SOURCE_DIR}/drivers/tissue/tissue_parcheck.c
  ${CMAKE_SOURCE_DIR}/drivers/tissue/tissue_greg.c ${CMAKE_SOURCE_DIR}/drivers/tissue/tissue_impreg.c
  ${CMAKE_SOURCE_DIR}/drivers/tissue/tissue_phys.c ${CMAKE_SOURCE_DIR}/drivers/cli/cli_opts.c)
target_link_libraries(test_tissue_par PRIVATE starcarp_internal m)
target_include_directories(test_tissue_par PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${SC_DRIVER_INCLUDES}
  ${CMAKE_SOURCE_DIR}/codelets ${CMAKE_SOURCE_DIR}/base ${CMAKE_SOURCE_DIR}/scheduler ${CMAKE_SOURCE_DIR}/tissue)
target_compile_options(test_tissue_par PRIVATE ${SC_WARN})
add_test(NAME tissue.par COMMAND test_tissue_par ${CMAKE_SOURCE_DIR})
set_tests_properties(tissue.par PROPERTIES LABELS tissue)
add_test(NAME tissue.opencarp COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tissue/test_opencarp.sh $<TARGET_FILE:starcarp_cmd>
  ${CMAKE_SOURCE_DIR})
set_tests_properties(tissue.opencarp PROPERTIES TIMEOUT 900 LABELS tissue RESOURCE_LOCK starpu
  ENVIRONMENT "STARPU_SILENT=1;STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home;STARPU_NCUDA=0")

set(_tissue_mpi "")
if(STARPUMPI_FOUND AND MPI_C_FOUND)
  set(_tissue_mpi mpi)
endif()
add_test(NAME tissue.cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tissue/test_tissue.sh $<TARGET_FILE:starcarp_cmd>
  ${CMAKE_SOURCE_DIR} ${_tissue_mpi})
set_tests_properties(tissue.cli PROPERTIES TIMEOUT 900 LABELS tissue RESOURCE_LOCK starpu
  ENVIRONMENT "STARPU_SILENT=1;STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home;STARPU_NCUDA=0;OMPI_MCA_rmaps_base_oversubscribe=1")
add_test(NAME tissue.gpu COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tissue/test_tissue_gpu.sh $<TARGET_FILE:starcarp_cmd>)
set_tests_properties(tissue.gpu PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600 LABELS "tissue;gpu" RESOURCE_LOCK starpu
  ENVIRONMENT "STARPU_SILENT=1;STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home")

# openCARP's outputs of `starcarp tissue` (vm.igb, init_acts_vm_act-thresh.dat) read back by the
# test's own reader (not linked with the writer), against the VTK snapshot, probes.txt and stdout;
# a killed run's vm.igb; an uncreatable vm.igb.
add_executable(test_igb ${CMAKE_CURRENT_SOURCE_DIR}/tissue/test_igb.c ${CMAKE_CURRENT_SOURCE_DIR}/test.c)
target_include_directories(test_igb PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
target_compile_options(test_igb PRIVATE ${SC_WARN})
target_link_libraries(test_igb PRIVATE m)
add_test(NAME tissue.igb COMMAND test_igb $<TARGET_FILE:starcarp_cmd> ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(tissue.igb PROPERTIES TIMEOUT 300 LABELS tissue RESOURCE_LOCK starpu
  ENVIRONMENT "STARPU_SILENT=1;STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home;STARPU_NCUDA=0")

# sc_tissue_script(NAME SCRIPT TIMEOUT GPU): tests/tissue/SCRIPT run on the starcarp command as the
# test tissue.NAME (one StarPU test at a time); GPU ON: also labelled gpu, on every worker there is,
# exit 77 a skip; OFF: on the CPU workers the machine gives (drivers/cli/busy.c: fewer where it is busy) and no GPU.
function(sc_tissue_script name script timeout gpu)
  add_test(NAME tissue.${name} COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tissue/${script} $<TARGET_FILE:starcarp_cmd>)
  set(_env "STARPU_SILENT=1;STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home")
  if(gpu)
    set_tests_properties(tissue.${name} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT ${timeout} LABELS "tissue;gpu"
      RESOURCE_LOCK starpu ENVIRONMENT "${_env}")
  else()
    set_tests_properties(tissue.${name} PROPERTIES TIMEOUT ${timeout} LABELS tissue RESOURCE_LOCK starpu
      ENVIRONMENT "${_env};STARPU_NCUDA=0")
  endif()
endfunction()

# Meshes (docs/tissue.md, "Meshes"): tissue.mesh (test_mesh.c, in the foreach above): the
# readers' located errors, openCARP and VTK files read back, the finite-element operator (exact
# Laplacians, conservation, its bound), the host kernel against the CSR product, the partitioners;
# tissue.meshmass: the consistent mass (row sums, eigenvalue bounds, the host kernel's solve against CG).
sc_tissue_script(meshcli test_mesh_cli.sh 600 OFF)
sc_tissue_script(meshmasscli test_mesh_mass_cli.sh 600 OFF)
# openCARP's stimulus strength on a mesh (uA/cm^3 over chi, as on a 3D grid): one .par on a grid and on a
# mesh of the same slab alike; the hints at a stimulus's and a .pts file's units after a failure.
sc_tissue_script(meshstim test_mesh_stim.sh 600 OFF)
# Several ionic regions on a mesh (openCARP's imp_region[i]; docs/tissue.md, "Ionic regions"): each
# region follows its model bit for bit, snapshots, a restart, the interface's rule, parts of one
# region reading another's, the errors (the keys' own checks: tissue.par).
sc_tissue_script(meshimp test_mesh_imp_cli.sh 300 OFF)
# openCARP's keys of the pre-paced state (imp_region[i].im_sv_init from bench's --save-ini-file, on
# the box and a mesh of two ionic regions, refusals), lats[0].ID's file name, the output controls
# accepted with a line, the physics regions accepted or refused (docs/tissue.md, "openCARP
# parameter files"); with StarPU-MPI, the mesh case on 2 ranks too.
add_test(NAME tissue.keys COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tissue/test_tissue_keys.sh $<TARGET_FILE:starcarp_cmd>
  ${_tissue_mpi})
set_tests_properties(tissue.keys PROPERTIES TIMEOUT 300 LABELS tissue RESOURCE_LOCK starpu
  ENVIRONMENT "STARPU_SILENT=1;STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home;STARPU_NCUDA=0;OMPI_MCA_rmaps_base_oversubscribe=1")
sc_tissue_script(meshgpu test_mesh_gpu.sh 900 ON)
# Two ionic regions with a GPU: each region its model's bits on one GPU; CPUs, GPU and both alike.
sc_tissue_script(meshimpgpu test_mesh_imp_gpu.sh 900 ON)
# A mesh on 2 StarPU-MPI ranks against one process, bit for bit (explicit, Crank-Nicolson, a restart).
if(STARPUMPI_FOUND AND MPI_C_FOUND)
  add_test(NAME tissue.meshranks COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tissue/test_mesh_ranks.sh $<TARGET_FILE:starcarp_cmd>)
  set_tests_properties(tissue.meshranks PROPERTIES TIMEOUT 600 LABELS tissue RESOURCE_LOCK starpu
    ENVIRONMENT "STARPU_SILENT=1;STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home;STARPU_NCPU=1;STARPU_NCUDA=0;OMPI_MCA_rmaps_base_oversubscribe=1")
endif()
