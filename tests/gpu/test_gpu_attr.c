/* test_gpu_attr.c: the kernel attributes the generated CUDA files export (ScModelEntry.cuda_attr,
 * what `starcarp benchmark` prints), on GPU 0, for every model of the library and both precisions:
 * the exact kernel has registers (> 0), local memory of 0 bytes or more, the launchers' block of
 * 128 threads and an occupancy in (0, 100 %] of the device's resident threads; a variant the file
 * lacks (the lookup-table one of a model without tables) is refused. Exit 77 without a GPU. */
#include <cuda_runtime.h>
#include <stdio.h>

#include "registry.h"
#include "test.h"

int main(void) {
    int ndev = 0, sm_threads = 0;
    if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev < 1) {
        printf("no GPU: skipped\n");
        return 77;
    }
    cudaSetDevice(0);
    cudaDeviceGetAttribute(&sm_threads, cudaDevAttrMaxThreadsPerMultiProcessor, 0);
    ASSERT(sm_threads > 0);
    for (int i = 0; i < registry_count; i++) {
        const ScModelEntry *m = &registry_models[i];
        for (int p = 0; p < 2; p++) {
            ScGpuKernelAttr a = {-1, -1, -1, -1};
            ASSERT(m->cuda_attr[p] != NULL);
            if (!m->cuda_attr[p])
                continue;
            ASSERT_EQ_INT(0, m->cuda_attr[p](0, &a));
            double occ = 100.0 * a.blocks_per_sm * a.block / (sm_threads > 0 ? sm_threads : 1);
            printf("%-40s %s regs %3d local %5d B block %d blocks/SM %2d occupancy %5.1f %%\n", m->name,
                   p ? "f32" : "f64", a.regs, a.local_bytes, a.block, a.blocks_per_sm, occ);
            ASSERT(a.regs > 0 && a.local_bytes >= 0 && a.block == 128);
            ASSERT(occ > 0 && occ <= 100);
            if (!m->desc->ntables)
                ASSERT_EQ_INT(-1, m->cuda_attr[p](1, &a));
            ASSERT_EQ_INT(-1, m->cuda_attr[p](3, &a));
        }
    }
    return TEST_DONE();
}
