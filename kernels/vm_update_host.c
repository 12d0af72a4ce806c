/* vm_update_host.c: the CPU kernel of the membrane-potential update (vm_update.h), run by the
 * codelet codelets/cl_vm_update.c. */
#include "vm_update.h"

/* The CPU kernel: V += stim*dt, then V -= dt*Iion (two roundings, as bench does). */
void kern_vm_update_host(double *vm, const double *iion, size_t n, double dt, double stim) {
    const double kick = stim * dt;
    for (size_t i = 0; i < n; i++) {
        double v = vm[i] + kick;
        vm[i] = v - dt * iion[i];
    }
}
