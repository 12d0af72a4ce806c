# Command-line, StarPU and installation tests.
set(SC_BIN $<TARGET_FILE:starcarp_cmd>)
add_test(NAME cli.errors COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_cli.sh ${SC_BIN})
set_tests_properties(cli.errors PROPERTIES LABELS cli  # (its benchmark case starts StarPU)
  ENVIRONMENT "STARPU_SILENT=1;STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home" RESOURCE_LOCK starpu)

# StarPU on the CPUs: every worker's results equal the host's bit for bit.
add_test(NAME starpu.devices.cpu COMMAND ${SC_BIN} devices --cells 300000 --steps 7 --ngpu 0)
set_tests_properties(starpu.devices.cpu PROPERTIES LABELS runtime)
# The same with every GPU present (and the CPUs): skipped (77) where there is none.
add_test(NAME starpu.devices.gpu COMMAND ${SC_BIN} devices --cells 8000000 --steps 10 --require-gpu)
set_tests_properties(starpu.devices.gpu PROPERTIES SKIP_RETURN_CODE 77 LABELS gpu)
set_tests_properties(starpu.devices.cpu starpu.devices.gpu PROPERTIES
  ENVIRONMENT "STARPU_SILENT=1;STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home" RESOURCE_LOCK starpu)

# The installed package links into another StarPU application (pkg-config and CMake).
add_test(NAME install.example COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/install_check.sh ${CMAKE_BINARY_DIR})
set_tests_properties(install.example PROPERTIES LABELS install ENVIRONMENT
  "STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home" RESOURCE_LOCK starpu)

# libstarcarp exports its public API only (the sc_ names of its installed headers: nm -D), and no
# other symbol of it starts sc_ (nm: its internal and static names carry their module's prefix).
add_test(NAME install.exports COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/exports.sh ${CMAKE_C_COMPILER}
  $<TARGET_FILE:starcarp> ${SC_PUBLIC_HEADERS})
set_tests_properties(install.exports PROPERTIES SKIP_RETURN_CODE 77 LABELS install)

# `starcarp bench` end to end (StarPU CPU workers; 2 MPI ranks when the build has StarPU-MPI).
set(_bench_mpi "")
if(STARPUMPI_FOUND AND MPI_C_FOUND)
  set(_bench_mpi mpi)
endif()
add_test(NAME cli.bench COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_bench.sh ${SC_BIN}
  ${SC_REFERENCE_DIR} ${_bench_mpi})
set_tests_properties(cli.bench PROPERTIES TIMEOUT 900 LABELS cli
  ENVIRONMENT "STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home;OMPI_MCA_rmaps_base_oversubscribe=1" RESOURCE_LOCK starpu)

# openCARP users' names (models, flags=, parameters), derived parameters following, refusals
add_test(NAME cli.opencarp COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_opencarp.sh ${SC_BIN})
set_tests_properties(cli.opencarp PROPERTIES LABELS cli TIMEOUT 600
  ENVIRONMENT "STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home" RESOURCE_LOCK starpu)

# a user's own model file: a library text is the library model; another file is a plugin
add_test(NAME cli.userfile COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_userfile.sh ${SC_BIN})
set_tests_properties(cli.userfile PROPERTIES LABELS cli TIMEOUT 600
  ENVIRONMENT "STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home" RESOURCE_LOCK starpu)

# --precision single judged by the model's single-precision check (models/precision.tsv, the
# automatic choice): refused where the single run fails, warned where it misses the bars, silent
# within them; the table covers every library model with a reference case
add_test(NAME cli.precision COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_precision.sh ${SC_BIN})
set_tests_properties(cli.precision PROPERTIES LABELS cli TIMEOUT 600
  ENVIRONMENT "STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home" RESOURCE_LOCK starpu)

# ranks as users start them: the README's mpirun line with Open MPI's default binding, --bind-to
# none and --map-by slot:PE=1, each equal to one rank (needs StarPU-MPI)
if(STARPUMPI_FOUND AND MPI_C_FOUND)
  add_test(NAME cli.ranks COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_ranks.sh ${SC_BIN})
  set_tests_properties(cli.ranks PROPERTIES LABELS cli TIMEOUT 900
    ENVIRONMENT "STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home" RESOURCE_LOCK starpu)
endif()

# runs stopped by SIGTERM/SIGINT/SIGKILL (whole records, the checkpoint restarts, status 130/143)
# and output paths checked before StarPU starts (tests/cli/test_stop.sh)
add_test(NAME cli.stop COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_stop.sh ${SC_BIN})
set_tests_properties(cli.stop PROPERTIES LABELS cli TIMEOUT 600
  ENVIRONMENT "STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home" RESOURCE_LOCK starpu)

# the size of long bench runs told and checked before the work: a restitution protocol beyond the
# usual size and outputs beyond 10 GB refused unless --long-run, the size line, a protocol stopped
# by SIGTERM leaving whole restitution rows and saying how many (tests/cli/test_long.sh)
add_test(NAME cli.long COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_long.sh ${SC_BIN})
set_tests_properties(cli.long PROPERTIES LABELS cli TIMEOUT 600
  ENVIRONMENT "STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home" RESOURCE_LOCK starpu)
# the CPU workers' policy on a shared machine (drivers/cli/busy.c): its line, a user's count winning,
# STARCARP_WORKERS, the same bits (tests/cli/test_busy.sh; 77 where the process may not use
# every core online)
add_test(NAME cli.busy COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli/test_busy.sh ${SC_BIN})
set_tests_properties(cli.busy PROPERTIES LABELS cli TIMEOUT 600 SKIP_RETURN_CODE 77
  ENVIRONMENT "STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home" RESOURCE_LOCK starpu)

# every option a command's generated --help names is documented (tests/cli/options_doc.sh lists
# each command's documents): bench, benchmark, calibrate, devices, methods, models, mesh, codegen,
# tissue
add_test(NAME cli.options_doc COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/options_doc.sh ${SC_BIN} ${CMAKE_SOURCE_DIR})
set_tests_properties(cli.options_doc PROPERTIES LABELS "cli;docs")
