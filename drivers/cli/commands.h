/* commands.h: the subcommands of the `starcarp` command. Each takes argc/argv with argv[0] the
 * subcommand's name, and returns the process exit status (0 ok, 1 failure, 2 usage error,
 * 77 a device it needs is absent). */
#ifndef SC_COMMANDS_H
#define SC_COMMANDS_H

#include "cmd_codegen.h" /* cmd_codegen */
#include "starcarp.h"

int cmd_models(int argc, char **argv); /* cmd_models.c: list the library, describe a model */
int cmd_devices(int argc, char **argv); /* cmd_devices.c: StarPU's workers, bus, device check */
int cmd_bench(int argc, char **argv); /* cmd_bench.c: openCARP's bench on StarPU */
int cmd_tissue(int argc, char **argv); /* cmd_tissue.c: the monodomain tissue solver */
int cmd_mesh(int argc, char **argv); /* cmd_mesh.c: tissue meshes (box, check, convert) */
int cmd_calibrate(int argc, char **argv); /* cmd_calibrate.c: StarPU performance models of models */
int cmd_benchmark(int argc, char **argv); /* cmd_benchmark.c: speeds of models in every configuration */
int cmd_methods(int argc, char **argv); /* cmd_methods.c: the automatic choice of methods */
int cmd_study(int argc, char **argv); /* cmd_study.c: populations of models under drug block, measured */

/* Options: the table format and the shared options are in cli_opts.h. */

/* cli_mpi.c: StarPU's configuration read from the environment (starpu_conf_init), then ncpu CPU and ngpu CUDA
 * workers where they are >= 0 (command-line options win over STARPU_NCPU / STARPU_NCUDA). Where a
 * CUDA worker will run and neither ncpu nor STARPU_NCPU fixes the CPU workers, one core is left
 * to the submitting thread (starpu_conf.reserve_ncpus). On a machine that other work shares, fewer
 * CPU workers and not bound to cores, said on stderr (busy.h). The scheduling policy: the placement
 * module's for this kind of run, or sched (a --sched) when not NULL (sc_sched_policy). */
void cli_starpu_conf(struct starpu_conf *conf, long ncpu, long ngpu, ScSchedRun run, const char *sched);
/* The same for a measurement of the machine (`starcarp benchmark`, `starcarp calibrate`): every core,
 * whatever else runs (the busy-machine policy only where STARCARP_WORKERS=auto asks for it;
 * docs/runtime.md, "Busy machines"). */
void cli_measure_conf(struct starpu_conf *conf, long ncpu, long ngpu, ScSchedRun run);

/* cli_mpi.c: MPI started before the command when the process was started by mpirun (Open MPI or a PMI
 * launcher) and this build has StarPU-MPI, so that what ranks must agree on before StarPU starts
 * is decided once: the automatic choice of methods is made on rank 0 and received by the others
 * (sc_choose_share). cli_starpu_begin starts StarPU-MPI on it; cli_mpi_end ends MPI after the
 * command (StarPU-MPI's shutdown leaves it to the one that started it). */
void cli_mpi_begin(void);

/* cli_mpi.c: the ranks' worst (largest) of their rcs, agreed by every rank (collective: every
 * rank of an mpirun job calls it at the same point); rc itself without MPI. A command calls it
 * after checks that one rank may fail alone (rank 0's --out), so that every rank stops. */
int cli_mpi_agree(int rc);

/* cli_mpi.c: MPI ended after the command's rc. A rank that failed (rc != 0) without an agreement
 * waits 30 s for the others to end too, then stops the job (MPI_Abort): never a hang. */
void cli_mpi_end(int rc);

/* cli_mpi.c: StarPU started once for command cmd, and stopped once, the same for every command.
 * cli_starpu_begin: StarPU started with conf (cli_starpu_conf or cli_measure_conf made it; NULL:
 * StarPU's defaults), with StarPU-MPI under mpirun (rank 0 warns on stderr when ranks of one host
 * may use the same cores while StarPU binds its workers): 0, or starpu_init's
 * error after the one message "starcarp CMD: StarPU could not start (WHY)", followed where no
 * worker could start (-ENODEV) by ": " and nodev (NULL: "no worker (check --ncpu/--ngpu)").
 * cli_starpu_where: this process's rank among size, and whether StarPU-MPI runs (0 of 1, 0
 * without it; a NULL pointer is left out). cli_starpu_end:
 * StarPU stopped as it was started (starpu_mpi_shutdown or starpu_shutdown; nothing when it was
 * not started), after the command's tasks and before cli_mpi_end. */
int cli_starpu_begin(const char *cmd, struct starpu_conf *conf, const char *nodev);
void cli_starpu_where(int *rank, int *size, int *mpi);
void cli_starpu_end(void);

/* model_pick.c: the models of a --models value: "all" (the library) or a comma-separated list of library names
 * or .model files, into ms (at most max). Returns how many, or -1 after printing
 * "starcarp CMD: --models NAME: why" for one that cannot be had. */
struct ScModelEntry;
int cli_models(const char *cmd, const char *list, const struct ScModelEntry **ms, int max);

#endif
