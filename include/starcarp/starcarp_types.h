/* starcarp_types.h: the small value types of libstarcarp's API (installed; prefix sc_): the
 * kernels' precision and how a run's integration methods are chosen. Plain C, no StarPU:
 * starcarp.h includes it, and code that does not see StarPU's headers (the `starcarp` command's
 * option layer and its unit tests) includes it alone, so that nobody keeps a copy of these. */
#ifndef STARCARP_TYPES_H
#define STARCARP_TYPES_H

#ifdef __cplusplus
extern "C" {
#endif

/* The kernels' floating-point type; the values are its bits, so 64 and 32 read as ever. */
typedef enum ScPrecision { SC_SINGLE = 32, SC_DOUBLE = 64 } ScPrecision;
/* A precision's index in a model's per-precision tables (ScModelEntry's cpu[], cuda[], hip[],
 * cpu_lanes[]: 0 double, 1 single; 0 is also read as double), and its name in performance-model
 * symbols and generated names ("f64", "f32"). */
int sc_precision_index(ScPrecision p);
const char *sc_precision_name(ScPrecision p);

/* How a model's integration methods are chosen (docs/methods.md): the automatic choice, the
 * model file's own methods exactly, or replacements applied to the file's methods. */
typedef enum ScMethodsMode { SC_METHODS_AUTO, SC_METHODS_FILE, SC_METHODS_OVERRIDE } ScMethodsMode;
typedef struct ScMethods {
    ScMethodsMode mode;
    const char *overrides; /* SC_METHODS_OVERRIDE: "cvode=fe", "cvode=fe,Ca_ss=rush_larsen"
                              (not copied); "" otherwise */
} ScMethods;

/* The one reading of a methods text (the `--methods` value, sc_model_lookup's argument): NULL, ""
 * or "auto": SC_METHODS_AUTO; "file": SC_METHODS_FILE; anything else: SC_METHODS_OVERRIDE with
 * overrides = text (checked where it is applied: sc_methods_check). sc_methods_text: the text
 * back ("auto", "file" or the overrides). */
ScMethods sc_methods_parse(const char *text);
const char *sc_methods_text(ScMethods m);

#ifdef __cplusplus
}
#endif
#endif
