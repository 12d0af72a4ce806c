/* generate.c: the code generator's work for one model (generate.h; sc_codegen_run of starcarp_info.h), the
 * command line parsed by its callers (`starcarp codegen` and `starcarp-codegen`:
 * drivers/models/cmd_codegen.c): the analysis (a one-line summary or the diagnostics), or the
 * generated sources (emit.h) of the chosen targets and precisions written into a folder. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "emit.h"
#include "generate.h"
#include "mtable.h"
#include "sema.h"
#include "starcarp_model.h"

/* Write one generated file DIR/<id><suffix>: target t in precision single, with the options of
 * base (overrides, ident, automatic, single_check) and the CUDA register cap min_blocks. */
static int write_one(Arena *ar, const CgModel *m, const char *outdir, const EmitOptions *base, EmitTarget t,
                     int single, int quiet, int min_blocks) {
    const char *suffix = emit_target_suffix(t);
    if (single) {
        const char *dot = strrchr(suffix, '.');
        suffix = ar_printf(ar, "%.*s_f32%s", (int)(dot - suffix), suffix, dot);
    }
    const char *path =
        ar_printf(ar, "%s/%s%s", outdir, base->ident ? base->ident : emit_ident(ar, m), suffix);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "starcarp codegen: cannot write '%s': %s\n", path, strerror(errno));
        return 1;
    }
    EmitOptions opt = *base;
    opt.target = t, opt.single = single, opt.min_blocks = t == EMIT_CUDA ? min_blocks : 0;
    int bad = emit_model(f, m, &opt);
    if (fclose(f) != 0 || bad) {
        fprintf(stderr, "starcarp codegen: error writing '%s'\n", path);
        return 1;
    }
    if (!quiet)
        printf("%s\n", path);
    return 0;
}

/* -o DIR: the sources of the chosen targets and precisions, the model analysed with so (its method
 * overrides named in the files); tables (members NULL when not given) the measured register caps
 * and the check of the single-precision kernels (mtable.h). */
typedef struct Tables {
    const char *launch, *single;
} Tables;
static int codegen_write(const char *model, const char *outdir, const char *target, int prec,
                         const CgSemaOptions *so, int automatic, const char *ident, int werror, int quiet,
                         const Tables *tables) {
    Arena ar = {0};
    Diag dg = {stderr, werror, 0, 0, NULL};
    const char *overrides = so->overrides;
    CgModel *m = sema_load_file_opts(&ar, &dg, model, so);
    int rc = 0, mb[2] = {0, 0}; /* the measured register caps, double and single (0: the rule) */
    for (int single = 0; m && tables->launch && single < 2; single++)
        if ((mb[single] = mtable_min_blocks(tables->launch, model, emit_source_hash(m), overrides, single)) <
            0)
            rc = 1;
    MtableSingle sc;
    int have_sc =
        m && tables->single ? mtable_single(tables->single, model, emit_source_hash(m), overrides, &sc) : 0;
    rc |= have_sc < 0;
    EmitOptions base = {.overrides = overrides,
                        .ident = ident,
                        .automatic = automatic,
                        .single_check = have_sc > 0 ? &sc : NULL};
    if (!m || diag_failed(&dg) || rc) {
        rc = 1;
    } else {
        rc |= write_one(&ar, m, outdir, &base, EMIT_C, 0, quiet, 0);
        for (int t = EMIT_CPU; t < EMIT_NTARGETS; t++) {
            if (strcmp(target, "all") != 0 && strcmp(target, emit_target_name((EmitTarget)t)) != 0)
                continue;
            for (int single = 0; single < 2; single++)
                if (prec & (1 << single))
                    rc |= write_one(&ar, m, outdir, &base, (EmitTarget)t, single, quiet, mb[single]);
        }
    }
    ar_free(&ar);
    return rc;
}

/* --auto-methods TABLE: the overrides of the row of TABLE for the model's file stem whose source
 * hash (emit_source_hash) is the text's and whose dt is SC_DEFAULT_DT (0.01 ms), into buf ("" for a row that keeps
 * the file's methods). Returns 1 when such a row exists, 0 when not (a warning says the file's
 * methods are used), -1 when TABLE cannot be read. */
static int auto_choice(const char *model, const char *table, char *buf, size_t len) {
    Arena ar = {0};
    Diag dg = {stderr, 0, 0, 0, NULL};
    CgModel *m = sema_load_file_opts(&ar, &dg, model, NULL);
    unsigned long long h = m ? emit_source_hash(m) : 0;
    ar_free(&ar);
    if (!m)
        return 0; /* the model's errors come again when it is generated */
    FILE *f = fopen(table, "r");
    if (!f) {
        fprintf(stderr, "starcarp codegen: --auto-methods: cannot read '%s': %s\n", table, strerror(errno));
        return -1;
    }
    int found = 0, stale = 0;
    char line[4096], hash[32], dt[32];
    snprintf(hash, sizeof hash, "%016llx", h);
    snprintf(dt, sizeof dt, "%g", SC_DEFAULT_DT); /* the table's column: "0.01" */
    while (!found && fgets(line, sizeof line, f)) {
        char *fields[5];
        if (mtable_row(line, model, fields, 5) < 5 || strcmp(fields[2], dt) != 0)
            continue;
        if (strcmp(fields[1], hash) != 0) {
            stale = 1;
            continue;
        }
        snprintf(buf, len, "%s", strcmp(fields[3], "-") ? fields[3] : "");
        found = 1;
    }
    fclose(f);
    if (!found)
        fprintf(stderr,
                "starcarp codegen: warning: %s: %s %s: its own methods are used "
                "(scripts/choose-methods.sh makes the choice)\n",
                model,
                stale ? "the automatic choice of methods was made for another text of the model in"
                      : "no automatic choice of methods for this model in",
                table);
    return found;
}

/* Whether s is a C identifier. */
static int is_c_ident(const char *s) {
    int ok = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_';
    for (const char *p = s; *p; p++)
        ok &= (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_';
    return ok;
}

/* The values of a checked: 0 with *prec the precisions (1 double, 2 single, 3 both), or 2 after
 * a message on stderr. */
static int codegen_validate(const ScCodegenArgs *a, int *prec) {
    if (!a->model) {
        fprintf(stderr, "starcarp codegen: no model given\n");
        return 2;
    }
    const char *t = a->target;
    if (t && strcmp(t, "all") != 0 && strcmp(t, "c") != 0 && strcmp(t, "cpu") != 0 &&
        strcmp(t, "cuda") != 0 && strcmp(t, "hip") != 0) {
        fprintf(stderr, "starcarp codegen: --target '%s': accepted values are c, cpu, cuda, hip, all\n", t);
        return 2;
    }
    *prec = 1;
    if (a->precision) {
        *prec = !strcmp(a->precision, "double")   ? 1
                : !strcmp(a->precision, "single") ? 2
                : !strcmp(a->precision, "both")   ? 3
                                                  : 0;
        if (!*prec) {
            fprintf(stderr, "starcarp codegen: --precision '%s': accepted values are double, single, both\n",
                    a->precision);
            return 2;
        }
    }
    char err[512];
    if (a->methods && sema_check_overrides(a->methods, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp codegen: --methods: %s\n", err);
        return 2;
    }
    if (a->ident && !is_c_ident(a->ident)) {
        fprintf(stderr, "starcarp codegen: --ident '%s': expected a C identifier\n", a->ident);
        return 2;
    }
    return 0;
}

/* --check: the model analysed with so, a one-line summary (unless quiet) or its diagnostics: 0 or 1. */
static int codegen_check(const char *model, const CgSemaOptions *so, int werror, int quiet) {
    Arena ar = {0};
    Diag dg = {stderr, werror, 0, 0, NULL};
    CgModel *m = sema_load_file_opts(&ar, &dg, model, so);
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

int cg_generate(const ScCodegenArgs *a) {
    int prec;
    if (codegen_validate(a, &prec) != 0)
        return 2;
    if (a->outdir && mkdir(a->outdir, 0777) != 0 && errno != EEXIST) { /* the folder, not its parents */
        fprintf(stderr, "starcarp codegen: -o %s: cannot create the folder: %s\n", a->outdir,
                strerror(errno));
        return 1;
    }
    char chosen[1024] = "";
    const char *overrides = a->methods;
    int automatic = 0;
    if (a->auto_table && !overrides) {
        int r = auto_choice(a->model, a->auto_table, chosen, sizeof chosen);
        if (r < 0)
            return 1;
        if (r > 0 && *chosen)
            overrides = chosen, automatic = 1;
    }
    CgSemaOptions so = {.overrides = overrides, .vm_table = a->no_vm_table ? (CgTableSpec){0} : CG_VM_TABLE};
    Tables tables = {a->launch_table, a->precision_table};
    if (a->outdir)
        return codegen_write(a->model, a->outdir, a->target ? a->target : "all", prec, &so, automatic,
                             a->ident, a->werror, a->quiet, &tables);
    return codegen_check(a->model, &so, a->werror, a->quiet);
}
