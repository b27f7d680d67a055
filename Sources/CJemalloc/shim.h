#ifndef LAYOUTBENCH_CJEMALLOC_SHIM_H
#define LAYOUTBENCH_CJEMALLOC_SHIM_H
// Linking jemalloc replaces the process allocator; its per-thread counters
// let the harness count bytes allocated per frame without an interposer.
#include <jemalloc/jemalloc.h>
#endif
