/* cmd_codegen.c: `starcarp codegen MODEL.model --check [-Werror] [-q]` (analyse an EasyML model:
 * a one-line summary or the diagnostics) and `starcarp codegen MODEL.model -o DIR [--target T]
 * [--precision P] [--methods FROM=TO,...] ...` (write its generated sources into DIR): the command
 * line, read through the option table (cli_opts.h) into the code generator's arguments
 * (ScCodegenArgs), which libstarcarp's sc_codegen_run does the work of. The standalone
 * `starcarp-codegen` (main_codegen.c) runs the same. */
#include <stdio.h>

#include "cli_opts.h"
#include "cmd_codegen.h"
#include "starcarp_info.h"

/* What the command line gives: the generator's arguments and --check. */
typedef struct CgCmd {
    ScCodegenArgs a;
    int check;
} CgCmd;

#define F(f) offsetof(CgCmd, f)
#define INDENT "\n                      " /* a help's next line, under the first (cli_opt_help) */
static const CliOpt cg_opts[] = {
    CLI_FLAG_OPT("--check", "analyse the model and print a summary (or its errors)", F(check)),
    CLI_FLAG_OPT("-Werror", "treat warnings as errors", F(a.werror)),
    CLI_FLAG_OPT("-q", "print nothing but errors", F(a.quiet)),
    CLI_STR_OPT("-o", "a folder",
                "DIR  write the generated sources to DIR: <name>_c.c (portable C and the" INDENT
                "host side, always written), <name>_cpu[_f32].c, <name>_cuda[_f32].cu," INDENT
                "<name>_hip[_f32].hip",
                F(a.outdir)),
    CLI_STR_OPT("--target", "c, cpu, cuda, hip or all",
                "T  back end: c, cpu (vectorised), cuda, hip, or all (default: all)", F(a.target)),
    CLI_STR_OPT("--precision", "double, single or both",
                "P  of the cpu/cuda/hip kernels: double (default), single or both" INDENT
                "(the portable C kernel is the double-precision reference)",
                F(a.precision)),
    CLI_STR_OPT("--methods", "method replacements (FROM=TO,...)",
                "M  replace integration methods, e.g. cvode=fe or" INDENT "cvode=rosenbrock,markov_be=rk4",
                F(a.methods)),
    CLI_STR_OPT("--auto-methods", "a table file",
                "TABLE  use the automatic choice of methods recorded in TABLE for" INDENT
                "this model's text (models/methods.tsv; docs/methods.md); --methods wins",
                F(a.auto_table)),
    CLI_STR_OPT("--launch-table", "a table file",
                "TABLE  the CUDA kernels' register cap measured for this model's" INDENT
                "text, methods and precision (models/launch.tsv; docs/performance.md)",
                F(a.launch_table)),
    CLI_STR_OPT("--precision-table", "a table file",
                "TABLE  the check of the single-precision kernels measured for" INDENT
                "this model's text and methods (models/precision.tsv;" INDENT
                "docs/verification.md), exported by the portable C file as ID_single_check",
                F(a.precision_table)),
    CLI_FLAG_OPT("--no-vm-table",
                 "no lookup table on Vm for a file that declares none (by default one" INDENT
                 "over -800 .. 800 mV, step 0.05, as openCARP's own models have; bench" INDENT
                 "--no-lut evaluates its columns exactly at run time)",
                 F(a.no_vm_table)),
    CLI_STR_OPT("--ident", "a C identifier",
                "ID  prefix of the generated names and files (default: from the model's name)", F(a.ident)),
};
#undef INDENT
#undef F
#define NCG ((int)(sizeof cg_opts / sizeof *cg_opts))

static void codegen_usage(FILE *out) {
    fprintf(out, "usage: starcarp codegen MODEL.model --check [-Werror] [-q]\n"
                 "       starcarp codegen MODEL.model -o DIR [--target c|cpu|cuda|hip|all]\n"
                 "                        [--precision double|single|both] [--methods FROM=TO,...]\n\n");
    cli_opt_help(out, cg_opts, NCG);
}

int cmd_codegen(int argc, char **argv) {
    CgCmd c = {.check = 0};
    CliRun run = cli_run_defaults();
    const CliCommand cmd = {"codegen", cg_opts, NCG, codegen_usage};
    int prc = cli_parse(&cmd, argc, argv, &c, &run, &c.a.model);
    if (prc != 0)
        return prc > 0 ? 0 : 2;
    if (!c.a.model) {
        codegen_usage(stderr);
        return 2;
    }
    if (!c.check && !c.a.outdir) {
        fprintf(stderr, "starcarp codegen: give --check (analyse) or -o DIR (write sources)\n");
        codegen_usage(stderr);
        return 2;
    }
    return sc_codegen_run(&c.a);
}
