drivers/CMakeFiles/starcarp_cmd.dir/tissue_impreg.c.o: \
 /work/main/drivers/tissue_impreg.c /usr/include/stdc-predef.h \
 /usr/include/math.h \
 /usr/include/x86_64-linux-gnu/bits/libc-header-start.h \
 /usr/include/features.h /usr/include/features-time64.h \
 /usr/include/x86_64-linux-gnu/bits/wordsize.h \
 /usr/include/x86_64-linux-gnu/bits/timesize.h \
 /usr/include/x86_64-linux-gnu/sys/cdefs.h \
 /usr/include/x86_64-linux-gnu/bits/long-double.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs-64.h \
 /usr/include/x86_64-linux-gnu/bits/types.h \
 /usr/include/x86_64-linux-gnu/bits/typesizes.h \
 /usr/include/x86_64-linux-gnu/bits/time64.h \
 /usr/include/x86_64-linux-gnu/bits/math-vector.h \
 /usr/include/x86_64-linux-gnu/bits/libm-simd-decl-stubs.h \
 /usr/include/x86_64-linux-gnu/bits/floatn.h \
 /usr/include/x86_64-linux-gnu/bits/floatn-common.h \
 /usr/include/x86_64-linux-gnu/bits/flt-eval-method.h \
 /usr/include/x86_64-linux-gnu/bits/fp-logb.h \
 /usr/include/x86_64-linux-gnu/bits/fp-fast.h \
 /usr/include/x86_64-linux-gnu/bits/mathcalls-helper-functions.h \
 /usr/include/x86_64-linux-gnu/bits/mathcalls.h /usr/include/string.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h \
 /usr/include/x86_64-linux-gnu/bits/types/locale_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__locale_t.h \
 /work/main/drivers/cli_opts.h /usr/include/stdio.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdarg.h \
 /usr/include/x86_64-linux-gnu/bits/types/__fpos_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__mbstate_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__fpos64_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__FILE.h \
 /usr/include/x86_64-linux-gnu/bits/types/FILE.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_FILE.h \
 /usr/include/x86_64-linux-gnu/bits/stdio_lim.h \
 /usr/include/x86_64-linux-gnu/bits/stdio.h \
 /work/main/include/starcarp_types.h /work/main/include/starcarp_util.h \
 /work/main/drivers/tissue_greg.h /work/main/include/sc_mesh.h \
 /work/main/drivers/tissue_opts.h /work/main/include/sc_tissue.h \
 /work/main/include/starcarp.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu.h \
 /usr/include/stdlib.h /usr/include/x86_64-linux-gnu/bits/waitflags.h \
 /usr/include/x86_64-linux-gnu/bits/waitstatus.h \
 /usr/include/x86_64-linux-gnu/sys/types.h \
 /usr/include/x86_64-linux-gnu/bits/types/clock_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/clockid_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/time_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/timer_t.h \
 /usr/include/x86_64-linux-gnu/bits/stdint-intn.h \
 /usr/include/x86_64-linux-gnu/bits/pthreadtypes.h \
 /usr/include/x86_64-linux-gnu/bits/thread-shared-types.h \
 /usr/include/x86_64-linux-gnu/bits/pthreadtypes-arch.h \
 /usr/include/x86_64-linux-gnu/bits/atomic_wide_counter.h \
 /usr/include/x86_64-linux-gnu/bits/struct_mutex.h \
 /usr/include/x86_64-linux-gnu/bits/struct_rwlock.h \
 /usr/include/x86_64-linux-gnu/bits/stdlib-bsearch.h \
 /usr/include/x86_64-linux-gnu/bits/stdlib-float.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdint.h /usr/include/stdint.h \
 /usr/include/x86_64-linux-gnu/bits/wchar.h \
 /usr/include/x86_64-linux-gnu/bits/stdint-uintn.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_config.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_thread.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_util.h \
 /usr/include/assert.h /usr/include/execinfo.h \
 /usr/include/x86_64-linux-gnu/sys/time.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_timeval.h \
 /usr/include/x86_64-linux-gnu/sys/select.h \
 /usr/include/x86_64-linux-gnu/bits/select.h \
 /usr/include/x86_64-linux-gnu/bits/types/sigset_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__sigset_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_timespec.h \
 /usr/include/x86_64-linux-gnu/bits/endian.h \
 /usr/include/x86_64-linux-gnu/bits/endianness.h /usr/include/pthread.h \
 /usr/include/sched.h /usr/include/x86_64-linux-gnu/bits/sched.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_sched_param.h \
 /usr/include/x86_64-linux-gnu/bits/cpu-set.h /usr/include/time.h \
 /usr/include/x86_64-linux-gnu/bits/time.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_tm.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_itimerspec.h \
 /usr/include/x86_64-linux-gnu/bits/setjmp.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct___jmp_buf_tag.h \
 /usr/include/semaphore.h /usr/include/x86_64-linux-gnu/bits/semaphore.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_thread_util.h \
 /usr/include/errno.h /usr/include/x86_64-linux-gnu/bits/errno.h \
 /usr/include/linux/errno.h /usr/include/x86_64-linux-gnu/asm/errno.h \
 /usr/include/asm-generic/errno.h /usr/include/asm-generic/errno-base.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_data.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_helper.h \
 /usr/include/hwloc.h \
 /usr/include/x86_64-linux-gnu/hwloc/autogen/config.h \
 /usr/include/unistd.h /usr/include/x86_64-linux-gnu/bits/posix_opt.h \
 /usr/include/x86_64-linux-gnu/bits/environments.h \
 /usr/include/x86_64-linux-gnu/bits/confname.h \
 /usr/include/x86_64-linux-gnu/bits/getopt_posix.h \
 /usr/include/x86_64-linux-gnu/bits/getopt_core.h \
 /usr/include/x86_64-linux-gnu/bits/unistd_ext.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/limits.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/syslimits.h \
 /usr/include/limits.h /usr/include/x86_64-linux-gnu/bits/posix1_lim.h \
 /usr/include/x86_64-linux-gnu/bits/local_lim.h \
 /usr/include/linux/limits.h \
 /usr/include/x86_64-linux-gnu/bits/pthread_stack_min-dynamic.h \
 /usr/include/x86_64-linux-gnu/bits/pthread_stack_min.h \
 /usr/include/x86_64-linux-gnu/bits/posix2_lim.h \
 /usr/include/x86_64-linux-gnu/bits/xopen_lim.h \
 /usr/include/x86_64-linux-gnu/bits/uio_lim.h /usr/include/hwloc/rename.h \
 /usr/include/hwloc/bitmap.h /usr/include/hwloc/helper.h \
 /usr/include/hwloc/inlines.h /usr/include/hwloc/memattrs.h \
 /usr/include/hwloc/cpukinds.h /usr/include/hwloc/export.h \
 /usr/include/hwloc/distances.h /usr/include/hwloc/diff.h \
 /usr/include/hwloc/deprecated.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_disk.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_data_interfaces.h \
 /usr/local/cuda/include/cuda_runtime.h \
 /usr/local/cuda/include/crt/host_config.h \
 /usr/local/cuda/include/builtin_types.h \
 /usr/local/cuda/include/device_types.h \
 /usr/local/cuda/include/crt/host_defines.h \
 /usr/local/cuda/include/driver_types.h \
 /usr/local/cuda/include/vector_types.h \
 /usr/local/cuda/include/surface_types.h \
 /usr/local/cuda/include/texture_types.h \
 /usr/local/cuda/include/library_types.h \
 /usr/local/cuda/include/channel_descriptor.h \
 /usr/local/cuda/include/cuda_runtime_api.h \
 /usr/local/cuda/include/cuda_device_runtime_api.h \
 /usr/local/cuda/include/driver_functions.h \
 /usr/local/cuda/include/vector_functions.h \
 /usr/local/cuda/include/vector_functions.hpp \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_data_filters.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_stdlib.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_task_bundle.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_task_dep.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_task.h \
 /usr/local/cuda/include/cuda.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_worker.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_perfmodel.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_task_list.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_task_util.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_scheduler.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_sched_ctx.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_expert.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_rand.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_cuda.h \
 /usr/local/cuda/include/cuda_runtime_api.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_hip.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_hipblas.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_cublas.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_cusparse.h \
 /usr/local/cuda/include/cusparse.h /usr/local/cuda/include/cuComplex.h \
 /usr/local/cuda/include/library_types.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_bound.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_hash.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_profiling.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_profiling_tool.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_fxt.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_driver.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_tree.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_openmp.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_simgrid_wrap.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_bitmap.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_parallel_worker.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_perf_monitoring.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_perf_steering.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_max_fpga.h \
 /work/main/.deps/starpu/include/starpu/1.4/starpu_deprecated_api.h \
 /work/main/include/starcarp_types.h /work/main/include/starcarp_model.h \
 /work/main/drivers/tissue_par.h /work/main/include/sc_fem.h \
 /work/main/include/sc_mesh.h /work/main/drivers/tissue_impreg.h
