# Command-line, StarPU and installation tests.
set(SC_BIN $<TARGET_FILE:starcarp_cmd>)
# sc_cli_script(NAME SCRIPT TIMEOUT [ARGS...]): tests/drivers/cli/SCRIPT run on the starcarp command
# (then ARGS), the test cli.NAME: one StarPU test at a time, with the build's StarPU home.
function(sc_cli_script name script timeout)
  add_test(NAME cli.${name} COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/drivers/cli/${script} ${SC_BIN} ${ARGN})
  set_tests_properties(cli.${name} PROPERTIES LABELS cli TIMEOUT ${timeout} RESOURCE_LOCK starpu ENVIRONMENT
    "STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home")
endfunction()
add_test(NAME cli.errors COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/drivers/cli/test_cli.sh ${SC_BIN})
set_tests_properties(cli.errors PROPERTIES LABELS cli  # (its benchmark case starts StarPU)
  ENVIRONMENT "STARPU_SILENT=1;STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home" RESOURCE_LOCK starpu)

# StarPU on the CPUs: every worker's results equal the host's bit for bit.
add_test(NAME starpu.devices.cpu COMMAND ${SC_BIN} devices --cells 300000 --steps 7 --ngpu 0)
set_tests_properties(starpu.devices.cpu PROPERTIES LABELS cli)
# The same with every GPU present (and the CPUs): skipped (77) where there is none.
add_test(NAME starpu.devices.gpu COMMAND ${SC_BIN} devices --cells 8000000 --steps 10 --require-gpu)
set_tests_properties(starpu.devices.gpu PROPERTIES SKIP_RETURN_CODE 77 LABELS gpu)
set_tests_properties(starpu.devices.cpu starpu.devices.gpu PROPERTIES
  ENVIRONMENT "STARPU_SILENT=1;STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home" RESOURCE_LOCK starpu)

# The installed package links into another StarPU application (pkg-config and CMake).
add_test(NAME install.example COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/drivers/cli/install_check.sh ${CMAKE_BINARY_DIR})
set_tests_properties(install.example PROPERTIES LABELS install ENVIRONMENT
  "STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home" RESOURCE_LOCK starpu)

# libstarcarp exports its public API only (the sc_ names of its installed headers: nm -D), and no
# other symbol of it starts sc_ (nm: its internal and static names carry their module's prefix).
add_test(NAME install.exports COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/drivers/cli/exports.sh ${CMAKE_C_COMPILER}
  $<TARGET_FILE:starcarp> ${SC_PUBLIC_HEADERS})
set_tests_properties(install.exports PROPERTIES SKIP_RETURN_CODE 77 LABELS install)

# `starcarp study` end to end: a population under drug block, its outputs, block == scaling, a CSV
# design, bad input refused
sc_cli_script(study test_study.sh 900)
sc_cli_script(study_trial test_study_trial.sh 900 ${CMAKE_SOURCE_DIR})
set_property(TEST cli.study_trial APPEND PROPERTY ENVIRONMENT "STARPU_SILENT=1")
set_property(TEST cli.study APPEND PROPERTY ENVIRONMENT "STARPU_SILENT=1")
# `starcarp study`'s APD90 under the block of three CiPA drugs at 1..4 x Cmax, O'Hara-Rudy CiPA and ten
# Tusscher 2006, within 1 % of a Myokit CVODES reference (tests/data/drugblock; skipped, 77, without
# the models)
sc_cli_script(study_myokit test_study_myokit.sh 600 ${CMAKE_CURRENT_SOURCE_DIR}/data/drugblock ${CMAKE_SOURCE_DIR})
set_property(TEST cli.study_myokit APPEND PROPERTY ENVIRONMENT "STARPU_SILENT=1")
set_tests_properties(cli.study_myokit PROPERTIES SKIP_RETURN_CODE 77)

# `starcarp bench` end to end (StarPU CPU workers; 2 MPI ranks when the build has StarPU-MPI).
set(_bench_mpi "")
if(STARPUMPI_FOUND AND MPI_C_FOUND)
  set(_bench_mpi mpi)
endif()
sc_cli_script(bench test_bench.sh 900 ${SC_REFERENCE_DIR} ${_bench_mpi})
set_property(TEST cli.bench APPEND PROPERTY ENVIRONMENT "OMPI_MCA_rmaps_base_oversubscribe=1")

# openCARP users' names (models, flags=, parameters), derived parameters following, refusals
sc_cli_script(opencarp test_opencarp.sh 600)

# a user's own model file: a library text is the library model; another file is a plugin
sc_cli_script(userfile test_userfile.sh 600)

# --precision single judged by the model's single-precision check (models/precision.tsv, the
# automatic choice): refused where the single run fails, warned where it misses the bars, silent
# within them; the table covers every library model with a reference case
sc_cli_script(precision test_precision.sh 600)

# ranks as users start them: the README's mpirun line with Open MPI's default binding, --bind-to
# none and --map-by slot:PE=1, each equal to one rank (needs StarPU-MPI)
if(STARPUMPI_FOUND AND MPI_C_FOUND)
  sc_cli_script(ranks test_ranks.sh 900)
  # `starcarp study` over 2 ranks equal to one rank where drugs, failures, steady state, traces,
  # ranges and states cross
  sc_cli_script(study_ranks test_study_ranks.sh 900 ${CMAKE_SOURCE_DIR})
  set_property(TEST cli.study_ranks APPEND PROPERTY ENVIRONMENT "STARPU_SILENT=1")
endif()

# runs stopped by SIGTERM/SIGINT/SIGKILL (whole records, the checkpoint restarts, status 130/143)
# and output paths checked before StarPU starts (tests/drivers/cli/test_stop.sh)
sc_cli_script(stop test_stop.sh 600)

# the size of long bench runs told and checked before the work: a restitution protocol beyond the
# usual size and outputs beyond 10 GB refused unless --long-run, the size line, a protocol stopped
# by SIGTERM leaving whole restitution rows and saying how many (tests/drivers/cli/test_long.sh)
sc_cli_script(long test_long.sh 600)
# the CPU workers' policy on a shared machine (drivers/cli/busy.c): its line, a user's count winning,
# STARCARP_WORKERS, the same bits (tests/drivers/cli/test_busy.sh; 77 where the process may not use
# every core online)
sc_cli_script(busy test_busy.sh 600)
set_tests_properties(cli.busy PROPERTIES SKIP_RETURN_CODE 77)

# every option a command's generated --help names is documented (tests/drivers/cli/options_doc.sh lists
# each command's documents): bench, benchmark, calibrate, devices, methods, models, mesh, codegen,
# tissue
add_test(NAME cli.options_doc COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/drivers/cli/options_doc.sh ${SC_BIN} ${CMAKE_SOURCE_DIR})
set_tests_properties(cli.options_doc PROPERTIES LABELS "cli;docs")
