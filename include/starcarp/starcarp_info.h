/* starcarp_info.h: model files and what the compiler finds in them (installed; prefix sc_).
 *
 * The run API (starcarp.h) takes a model by name and hands back its kernels; tools that show or
 * check models before running them (`starcarp models`, `starcarp methods`, option checks) use
 * these instead of the compiler's own headers, which are not installed. Every function reads the
 * file afresh; nothing is cached. */
#ifndef STARCARP_INFO_H
#define STARCARP_INFO_H
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Model folder i (i = 0, 1, ...) into buf, NULL past the last: for each root, the folders of
 * $STARCARP_MODELS (colon-separated) or else the source tree's models/ and the installed models,
 * its cellml/, its native/ and the root itself. */
const char *sc_model_folder(int i, char *buf, size_t n);

/* The model file of `name`: name itself when it is a readable file, else the first
 * <folder>/<name>[.model] of the model folders; into buf, NULL when there is none. */
const char *sc_model_file(const char *name, char *buf, size_t n);

/* The model file at path analysed with the file's own methods: sc_model_file_info prints the
 * readable report of `starcarp models info` to out, the diagnostics (file:line:col) to diag (NULL:
 * none); 0, or -1 when the file has errors. sc_model_file_states: the number of states, or -1
 * when the file has errors (nothing printed). sc_model_file_hash: the hash of the model text that
 * the generated code records (16 hex digits) into buf, "0000000000000000" when the file has errors
 * (printed to diag, which may be NULL). */
int sc_model_file_info(const char *path, FILE *out, FILE *diag);
int sc_model_file_states(const char *path);
void sc_model_file_hash(const char *path, FILE *diag, char *buf, size_t n);

/* Check a methods value (the replacements of sc_model_lookup: "cvode=fe", "cvode=fe,Ca_ss=rk2";
 * a state's name is checked only when the model is built): 0, or -1 with a message in err naming
 * the bad item and the methods. */
int sc_methods_check(const char *methods, char *err, size_t errlen);

/* What the code generator does with one model: the values of `starcarp codegen`'s options (its
 * command line is the command's: drivers/models/cmd_codegen.c). NULL or 0: not given. */
typedef struct ScCodegenArgs {
    const char *model; /* the .model file */
    const char *outdir; /* -o DIR: write the sources there (the folder made, not its parents); NULL:
                           analyse the model and print a summary (--check) */
    const char *target; /* --target: c, cpu, cuda, hip or all (NULL: all) */
    const char *precision; /* --precision of the cpu/cuda/hip kernels: double (NULL), single or both */
    const char *methods; /* --methods: replacements of integration methods (cvode=fe,...) */
    const char *auto_table; /* --auto-methods TABLE: the automatic choice recorded there (--methods wins) */
    const char *launch_table; /* --launch-table TABLE: the CUDA kernels' measured register caps */
    const char *precision_table; /* --precision-table TABLE: the single-precision kernels' check */
    const char *ident; /* --ident: prefix of the generated names and files (NULL: the model's name) */
    int werror; /* -Werror: warnings are errors */
    int quiet; /* -q: nothing printed but errors */
    int no_vm_table; /* --no-vm-table: no lookup table on Vm for a file that declares none */
} ScCodegenArgs;

/* The code generator run on a: the values checked ("starcarp codegen: --target 'x': accepted
 * values are ..." on stderr), then the model analysed (a->outdir NULL) or its sources written. The
 * exit status of `starcarp codegen`: 0 ok, 1 failure, 2 a bad value. */
int sc_codegen_run(const ScCodegenArgs *a);

#ifdef __cplusplus
}
#endif
#endif
