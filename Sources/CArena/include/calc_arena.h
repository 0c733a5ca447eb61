// A bump allocator for a process that compiles once and exits (`calc build`, `calc check`).
// See arena.c.
#ifndef CALC_ARENA_H
#define CALC_ARENA_H
#include <stddef.h>

/// Starts serving small allocations from a fresh region of `bytes` bytes (advised as huge pages).
/// Returns 0 when the region could not be mapped (allocations then stay with the C library).
int calc_arena_enable(size_t bytes);

/// Bytes of the region handed to threads so far, in 1 MiB chunks.
size_t calc_arena_used(void);

/// malloc_usable_size(p), which the arena replaces too (Glibc's Swift module does not export it).
size_t calc_usable_size(void *p);

/// Whether `p` was handed out by the arena.
int calc_arena_owns(const void *p);

#endif
