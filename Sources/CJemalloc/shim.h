#ifndef LAYOUTBENCH_CJEMALLOC_SHIM_H
#define LAYOUTBENCH_CJEMALLOC_SHIM_H
// Linking jemalloc replaces the process allocator; its per-thread counters
// let the harness count bytes allocated per frame without an interposer.
// jemalloc is optional: where its header is missing (a Mac without Homebrew's
// jemalloc), these functions report "unavailable" and the harness still builds.
// Swift calls only the layoutbench_ functions below, never jemalloc directly,
// so a jemalloc built with a symbol prefix (je_mallctl) works too: its header
// maps the names.
#include <stddef.h>
#include <stdint.h>
#include <pthread.h>

#define LAYOUTBENCH_STRINGIFY_(x) #x
#define LAYOUTBENCH_STRINGIFY(x) LAYOUTBENCH_STRINGIFY_(x)

/// Where the hook counts: allocations made by one thread (the harness's).
typedef struct {
    pthread_t thread;
    uint64_t count;
} layoutbench_allocation_counter;

#if __has_include(<jemalloc/jemalloc.h>)
#include <jemalloc/jemalloc.h>
#define LAYOUTBENCH_HAS_JEMALLOC 1

// jemalloc counts bytes per thread but not allocations. Its experimental hook
// interface (5.x, include/jemalloc/internal/hook.h; not in the public header,
// so the layout is repeated here) calls us on every allocation, which we count
// per thread. Installing a hook sends every thread through jemalloc's slow
// path: a few nanoseconds per allocation, none for frames that do not allocate.
typedef void (*layoutbench_hook_alloc)(void *extra, int type, void *result, uintptr_t result_raw, uintptr_t args_raw[3]);
typedef void (*layoutbench_hook_dalloc)(void *extra, int type, void *address, uintptr_t args_raw[3]);
typedef void (*layoutbench_hook_expand)(void *extra, int type, void *address, size_t old_usize, size_t new_usize,
                                        uintptr_t result_raw, uintptr_t args_raw[4]);
typedef struct {
    layoutbench_hook_alloc alloc_hook;
    layoutbench_hook_dalloc dalloc_hook;
    layoutbench_hook_expand expand_hook;
    void *extra;
} layoutbench_hooks_t;

static inline void layoutbench_count_allocation(void *extra, int type, void *result, uintptr_t result_raw,
                                                uintptr_t args_raw[3]) {
    (void)type; (void)result; (void)result_raw; (void)args_raw;
    layoutbench_allocation_counter *counter = (layoutbench_allocation_counter *)extra;
    if (pthread_equal(pthread_self(), counter->thread)) counter->count += 1;
}

/// jemalloc's counter of bytes allocated by the calling thread, or NULL.
static inline uint64_t *layoutbench_thread_allocated_bytes(void) {
    uint64_t *pointer = NULL;
    size_t size = sizeof(pointer);
    return mallctl("thread.allocatedp", &pointer, &size, NULL, 0) == 0 ? pointer : NULL;
}

/// Installs a hook that counts the calling thread's allocations (malloc, calloc,
/// aligned, a realloc that moved) into `counter`, which must outlive the process's
/// use of it; 0 on success, jemalloc's mallctl result otherwise.
static inline int layoutbench_install_allocation_counter(layoutbench_allocation_counter *counter) {
    counter->thread = pthread_self();
    counter->count = 0;
    layoutbench_hooks_t hooks = {layoutbench_count_allocation, NULL, NULL, counter};  // jemalloc copies it
    void *handle = NULL;
    size_t size = sizeof(handle);
    return mallctl("experimental.hooks.install", &handle, &size, &hooks, sizeof(hooks));
}

/// Returns the pages of freed memory jemalloc still holds to the system (every
/// arena), so that resident memory measured next counts live memory only.
static inline void layoutbench_release_free_memory(void) {
    mallctl("arena." LAYOUTBENCH_STRINGIFY(MALLCTL_ARENAS_ALL) ".purge", NULL, NULL, NULL, 0);
}
#else
#define LAYOUTBENCH_HAS_JEMALLOC 0
static inline void layoutbench_release_free_memory(void) {}
static inline uint64_t *layoutbench_thread_allocated_bytes(void) { return NULL; }
static inline int layoutbench_install_allocation_counter(layoutbench_allocation_counter *counter) {
    (void)counter;
    return -1;
}
#endif

/// 1 when built against jemalloc's header, 0 otherwise.
static inline int layoutbench_has_jemalloc(void) { return LAYOUTBENCH_HAS_JEMALLOC; }
#endif
