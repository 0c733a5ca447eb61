// A bump allocator for the compiler's many small, long-lived allocations.
//
// Compiling a 100 000-line file makes ~460 000 small allocations (syntax-tree and IR nodes, block
// arrays, table entries) that live until the process exits. glibc's malloc spends ~200
// instructions on each; taking them from a bump pointer costs ~15. The process exits right after
// compiling, so nothing needs to be given back (clang's -disable-free, dmd's allocator).
//
// How: this file defines malloc, free, calloc, realloc and malloc_usable_size, which replace the C
// library's in the whole process (glibc supports replacing malloc this way). Until
// calc_arena_enable is called, and for every pointer the arena did not hand out, each call goes to
// glibc's own functions (__libc_malloc …) unchanged. Once enabled:
//   - requests below LARGE bytes are carved from a per-thread chunk of a region mapped once and
//     advised as huge pages; each block has an 8-byte size header before it, and the pointer is
//     16-byte aligned (as glibc's);
//   - freeing the block last handed out by the thread gives its bytes back (temporaries); any
//     other arena block is left in place until exit;
//   - large requests, aligned requests, and anything once the region is used up go to glibc.
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <errno.h>
#include <sys/mman.h>
#include <dlfcn.h>
#include "calc_arena.h"

extern void *__libc_malloc(size_t);
extern void __libc_free(void *);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);

enum { LARGE = 64 << 10, CHUNK = 1 << 20, HUGE_PAGE = 2 << 20 };

// [start, end): the arena, empty until enabled. Written once, end first; read with acquire so a
// thread that sees the start also sees the end.
static char *region_start, *region_end;
static _Atomic(uintptr_t) region_next;        // start of the next chunk to hand a thread
static _Thread_local char *chunk_next, *chunk_end;   // this thread's chunk: the next block's header
static size_t (*libc_usable_size)(void *);

static inline char *arena_start(void) { return __atomic_load_n(&region_start, __ATOMIC_ACQUIRE); }

static inline int in_arena(const void *p) {
    char *start = arena_start();
    return start && (const char *)p >= start && (const char *)p < region_end;
}

static inline size_t header(const void *p) { return ((const size_t *)p)[-1]; }

int calc_arena_enable(size_t bytes) {
    if (arena_start()) return 1;
    libc_usable_size = (size_t (*)(void *))dlsym(RTLD_NEXT, "malloc_usable_size");
    if (!libc_usable_size) return 0;
    bytes = (bytes + HUGE_PAGE - 1) & ~(size_t)(HUGE_PAGE - 1);
    char *m = mmap(NULL, bytes + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) return 0;
    char *start = (char *)(((uintptr_t)m + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    madvise(start, bytes, MADV_HUGEPAGE);
    atomic_store(&region_next, (uintptr_t)start);
    region_end = start + bytes;
    // last: from here on, pointers in the region are the arena's
    __atomic_store_n(&region_start, start, __ATOMIC_RELEASE);
    return 1;
}

size_t calc_arena_used(void) {
    char *start = arena_start();
    return start ? (size_t)(atomic_load(&region_next) - (uintptr_t)start) : 0;
}

int calc_arena_owns(const void *p) { return in_arena(p); }

// A block is [size_t size][payload …]; chunk_next always points at a header slot, 8 bytes before
// a 16-byte boundary, so payloads are 16-byte aligned. `size` counts the payload (a multiple of
// 16 plus 8: the bytes up to the next header).
static void *arena_alloc(size_t n) {
    size_t payload = ((n + 8 + 15) & ~(size_t)15) - 8;
    if (payload < 24) payload = 24;
    char *h = chunk_next;
    if (!h || (size_t)(chunk_end - h) < payload + 8) {
        uintptr_t c = atomic_fetch_add(&region_next, CHUNK);
        if (c + CHUNK > (uintptr_t)region_end) return NULL;
        h = (char *)c + 8;   // the first header slot: 8 bytes before a 16-byte boundary
        chunk_end = (char *)c + CHUNK;
    }
    *(size_t *)h = payload;
    chunk_next = h + 8 + payload;
    return h + 8;
}

void *malloc(size_t n) {
    if (n < LARGE && arena_start()) {
        void *p = arena_alloc(n);
        if (p) return p;
    }
    return __libc_malloc(n);
}

void free(void *p) {
    if (!in_arena(p)) { __libc_free(p); return; }
    // the thread's last block: its bytes are reused by the next allocation
    if ((char *)p + header(p) == chunk_next) chunk_next = (char *)p - 8;
}

void *calloc(size_t count, size_t size) {
    size_t n;
    if (__builtin_mul_overflow(count, size, &n)) { errno = ENOMEM; return NULL; }
    if (n < LARGE && arena_start()) {
        void *p = arena_alloc(n);
        if (p) return memset(p, 0, n);
    }
    return __libc_calloc(count, size);
}

void *realloc(void *p, size_t n) {
    if (!in_arena(p)) return __libc_realloc(p, n);
    size_t have = header(p);
    if (n <= have) return p;
    void *q = malloc(n);
    if (!q) return NULL;
    memcpy(q, p, have);
    free(p);
    return q;
}

size_t malloc_usable_size(void *p) {
    if (!p) return 0;
    if (in_arena(p)) return header(p);
    if (!libc_usable_size) libc_usable_size = (size_t (*)(void *))dlsym(RTLD_NEXT, "malloc_usable_size");
    return libc_usable_size ? libc_usable_size(p) : 0;
}

size_t calc_usable_size(void *p) { return malloc_usable_size(p); }
