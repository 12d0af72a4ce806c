/* vm_update.h: kernels of the membrane-potential update (see starcarp.h), one per device kind.
 * Each advances n cells: V[i] += stim*dt; V[i] -= dt*Iion[i]. GPU launchers run on the given stream
 * and return the launch's error code (0 = success). */
#ifndef SC_VM_UPDATE_H
#define SC_VM_UPDATE_H
#include <stddef.h>

void kern_vm_update_host(double *vm, const double *iion, size_t n, double dt, double stim);
#ifdef __cplusplus
extern "C" {
#endif
int kern_vm_update_cuda_launch(double *vm, const double *iion, size_t n, double dt, double stim,
                               void *stream);
int kern_vm_update_hip_launch(double *vm, const double *iion, size_t n, double dt, double stim, void *stream);
#ifdef __cplusplus
}
#endif
#endif
