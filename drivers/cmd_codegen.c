/* cmd_codegen.c: `starcarp codegen MODEL.model --check [-Werror] [-q]`: analyse an EasyML model
 * and print a one-line summary or the diagnostics. `--target c -o DIR` writes the portable C
 * source (emit.h); the other back ends are not there yet: they say so and exit 2. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "emit.h"
#include "sema.h"

static const char codegen_options[] = "--check, -Werror, -q, -o DIR, --target T, --help";

static void codegen_usage(FILE *out) {
    fprintf(out,
            "usage: starcarp codegen MODEL.model --check [-Werror] [-q]\n"
            "       starcarp codegen MODEL.model -o DIR --target c|cpu|cuda|hip\n\n"
            "  --check   analyse the model and print a summary (or its errors)\n"
            "  -Werror   treat warnings as errors\n"
            "  -q        print nothing when the model is accepted\n"
            "  -o DIR    write the generated kernels to DIR (with --target c: DIR/<name>_c.c)\n"
            "  --target  back end to generate for: c (portable C); cpu, cuda, hip not available yet\n");
}

/* --target c -o DIR: write DIR/<name>_c.c (emit.h). */
static int codegen_c(const char *model, const char *outdir, int werror) {
    Arena ar = {0};
    Diag dg = {stderr, werror, 0, 0, NULL};
    ScModel *m = sema_load_file(&ar, &dg, model);
    int rc = 0;
    if (!m || diag_failed(&dg)) {
        rc = 1;
    } else {
        const char *path = ar_printf(&ar, "%s/%s_c.c", outdir, emit_ident(&ar, m));
        FILE *f = fopen(path, "w");
        if (!f) {
            fprintf(stderr, "starcarp codegen: cannot write '%s': %s\n", path, strerror(errno));
            rc = 1;
        } else {
            int bad = emit_c(f, m, NULL);
            if (fclose(f) != 0 || bad) {
                fprintf(stderr, "starcarp codegen: error writing '%s'\n", path);
                rc = 1;
            }
        }
    }
    ar_free(&ar);
    return rc;
}

int cmd_codegen(int argc, char **argv) {
    const char *model = NULL, *outdir = NULL, *target = NULL;
    int check = 0, werror = 0, quiet = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--check") == 0) {
            check = 1;
        } else if (strcmp(a, "-Werror") == 0) {
            werror = 1;
        } else if (strcmp(a, "-q") == 0) {
            quiet = 1;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            codegen_usage(stdout);
            return 0;
        } else if (strcmp(a, "-o") == 0 || strcmp(a, "--target") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "starcarp codegen: %s needs a value\n", a);
                return 2;
            }
            if (a[1] == 'o')
                outdir = argv[++i];
            else
                target = argv[++i];
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "starcarp codegen: unknown option '%s'; accepted options: %s\n", a,
                    codegen_options);
            return 2;
        } else if (model) {
            fprintf(stderr, "starcarp codegen: one model at a time ('%s' and '%s' given)\n", model, a);
            return 2;
        } else {
            model = a;
        }
    }
    if (!model) {
        codegen_usage(stderr);
        return 2;
    }
    if (outdir || target || !check) {
        if (target && strcmp(target, "c") == 0 && outdir && !check)
            return codegen_c(model, outdir, werror);
        fprintf(stderr, "starcarp codegen: code generation back ends are not available yet "
                        "(use --check to analyse the model, or --target c -o DIR)\n");
        return 2;
    }
    Arena ar = {0};
    Diag dg = {stderr, werror, 0, 0, NULL};
    ScModel *m = sema_load_file(&ar, &dg, model);
    int rc = 0;
    if (!m) {
        rc = 1;
    } else if (diag_failed(&dg)) {
        fprintf(stderr, "starcarp codegen: %s: %d warning%s treated as errors (-Werror)\n", model,
                dg.nwarnings, dg.nwarnings == 1 ? "" : "s");
        rc = 1;
    } else if (!quiet) {
        printf("%s: ", model);
        sema_summary(stdout, m);
        printf(": OK\n");
    }
    ar_free(&ar);
    return rc;
}
