/* common_types.h: the few definitions of MonoAlg3D_C's src/common_types/common_types.h that its
 * cell models use (lab/peers/monoalg_driver.c): the OMP() pragma macro and the type `real`
 * (double with -DCELL_MODEL_REAL_DOUBLE, as MonoAlg3D's build.sh sets, else float), and <math.h>,
 * which MonoAlg3D's own headers bring to the models. Written for starcarp's peer comparison;
 * prepare.sh puts it where the model's relative #include finds it. */
#ifndef PEERS_MONOALG_COMMON_TYPES_H
#define PEERS_MONOALG_COMMON_TYPES_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#define Pragma(x) _Pragma(#x)
#define OMP(directive) Pragma(omp directive)

typedef double real_cpu;
#ifdef CELL_MODEL_REAL_DOUBLE
typedef double real;
#else
typedef float real;
#endif

#endif
