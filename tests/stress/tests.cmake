# The stress label (docs/verification.md, "Reproducible runs"): what must come out bit for bit the
# same, checked again and again under a CPU load the test starts itself (tests/stress/stress.sh).
#   stress.bits      the equality checks in a compact form (tests/stress/bits.sh: workers, slabs,
#                    ranks, restart, Crank-Nicolson, a mesh on ranks; every run at dt 0.02 makes its
#                    own choice of methods in an empty cache), 20 times
#   stress.NAME      each test of the suite that compares bits, run 3 times under the load
#   stress.short     bits.sh without ranks, twice under the load: the short form `make test` runs
# `ctest -L stress` runs the whole; `make test` leaves out the label stress (not stress_short).
# STARCARP_STRESS_REPS=N overrides the counts.
# Hang guards: under the harness each run of a test gets an hour (its own TIMEOUT is sized for a
# machine without the harness's load: tissue.cli takes 25 s idle, 270 s beside the 4 loops and
# more than 900 s where other work adds as much again), a stress test the sum of its runs' guards.
set(_stress_guard 3600)
set(_stress_reps 3)
set(_stress ${CMAKE_CURRENT_SOURCE_DIR}/stress/stress.sh)
set(_bits ${CMAKE_CURRENT_SOURCE_DIR}/stress/bits.sh)
set(_stress_env "STARPU_SILENT=1;STARPU_HOME=${CMAKE_BINARY_DIR}/starpu-home;OMPI_MCA_rmaps_base_oversubscribe=1")
set(_stress_mpi "")
if(STARPUMPI_FOUND AND MPI_C_FOUND)
  set(_stress_mpi mpi)
endif()
add_test(NAME stress.bits COMMAND ${_stress} 20 ${_bits} $<TARGET_FILE:starcarp_cmd> ${_stress_mpi})
add_test(NAME stress.short COMMAND ${_stress} 2 ${_bits} $<TARGET_FILE:starcarp_cmd>)
math(EXPR _bits_guard "20 * 1200") # a run takes about 3 min beside the loops on 2 cores
set_tests_properties(stress.bits PROPERTIES LABELS stress TIMEOUT ${_bits_guard} RESOURCE_LOCK starpu
  ENVIRONMENT "${_stress_env}")
set_tests_properties(stress.short PROPERTIES LABELS "stress_short" TIMEOUT 900 RESOURCE_LOCK starpu
  ENVIRONMENT "${_stress_env}")
# The tests that compare bits (their checks say "bits", "==" or "bit for bit"), each run whole under
# the load through ctest itself (its own command and environment), from a folder of its own
# (stress-ctest/, which includes the build's tests) so that the inner ctest's Testing/ logs are not
# the outer one's.
set(_stress_tests tissue.cli tissue.opencarp tissue.igb tissue.meshcli tissue.meshmasscli tissue.meshimp
  tissue.meshranks tissue.diffuse tissue.mesh cli.bench cli.ranks cli.stop cli.userfile cli.opencarp cli.study cli.study_trial cli.study_ranks
  scheduler.cells scheduler.cells_bm numerics.biomarkers.models numerics.choose.budget numerics.choose.cache
  backends.cpu_vs_c.0 backends.cpu_vs_c.1
  gpu.text_on_host codegen.test_inv tissue.gpu tissue.meshgpu tissue.meshimpgpu)
string(JOIN " " _stress_list ${_stress_tests})
file(WRITE ${CMAKE_BINARY_DIR}/stress-ctest/CTestTestfile.cmake "subdirs(\"${CMAKE_BINARY_DIR}\")
set_tests_properties(${_stress_list} PROPERTIES TIMEOUT ${_stress_guard})\n")
math(EXPR _stress_total "${_stress_reps} * ${_stress_guard} + 600")
foreach(t ${_stress_tests})
  set(_cmd ${_stress} ${_stress_reps} ${CMAKE_CTEST_COMMAND} --test-dir ${CMAKE_BINARY_DIR}/stress-ctest -R "^${t}$" --output-on-failure
    --no-tests=error)
  if(t MATCHES "gpu$") # skipped (77) where no NVIDIA GPU answers, never passed without running
    add_test(NAME stress.${t} COMMAND sh -c "nvidia-smi -L >/dev/null 2>&1 || exit 77; exec \"$@\"" sh ${_cmd})
    set_tests_properties(stress.${t} PROPERTIES SKIP_RETURN_CODE 77)
  else()
    add_test(NAME stress.${t} COMMAND ${_cmd})
  endif()
  set_tests_properties(stress.${t} PROPERTIES LABELS stress TIMEOUT ${_stress_total} RESOURCE_LOCK starpu)
endforeach()
