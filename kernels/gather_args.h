/* gather_args.h: the argument block of the gather codelet (shared by C, CUDA and HIP). */
#ifndef SC_GATHER_ARGS_H
#define SC_GATHER_ARGS_H
#define KERN_GATHER_MAX 64
struct kern_gather_args {
    int f32, nsv, ncell;
    long idx[KERN_GATHER_MAX]; /* cells, indices within the partition */
};
#endif
