/* cl_copy.h: the copy codelet (cl_copy.c): a vector's values into another vector of the same size
 * and element, on the worker that runs the task (a snapshot of a partition's Vm taken on the device
 * that holds it, brought home later while the computation goes on: sc_cells_snapshot). Its GPU
 * launchers: kernels/copy.h. */
#ifndef SC_CL_COPY_H
#define SC_CL_COPY_H
#include <starpu.h>

#include "copy.h"

/* The codelet (buffers: source R, destination W) and its task-insert helper: `worker` >= 0 pins
 * the task to that StarPU worker. 0 or a negative errno from StarPU. */
extern struct starpu_codelet cl_copy_codelet;
int cl_copy_submit(starpu_data_handle_t src, starpu_data_handle_t dst, int worker);
#endif
