// Where `calc build` and `calc check` put the compiler's memory. Compiling a 100 000-line file
// touches ~110 MB of fresh heap (tokens, syntax tree, IR, bytecode), and on the virtual machines
// we measure on every first touch of a 4 KiB page is a page fault that costs more than the code
// that touched it: ~26 000 faults were a third of `calc build`'s wall time (300 ms → 205 ms with
// the heap in transparent huge pages, `GLIBC_TUNABLES=glibc.malloc.hugetlb=1`, same run).
//
// So before compiling a large source, the heap is grown once by a size proportional to the source
// and that span is advised as huge-page memory (madvise MADV_HUGEPAGE: 512 times fewer faults;
// the kernel only uses huge pages where it is configured to, `madvise` or `always`). Allocations
// up to 32 MiB stay in that heap instead of getting their own mappings, and the heap's top is never
// returned to the OS: the process exits soon after. glibc's `mallopt` is looked up at run time,
// since the Glibc module does not export <malloc.h>; without it (another C library) nothing is done.
// (A process-wide malloc replacement, a bump arena for small blocks, was removed: it intercepted
// every allocation of every calc process for 8 % fewer instructions on large builds — issue 13.)

#if canImport(Glibc)
import Glibc

enum CompilerHeap {
    /// Sources smaller than this compile in a few milliseconds; their heap is left alone.
    static let threshold = 256 << 10
    /// Heap bytes reserved per source byte: the 100 000-line benchmark uses ~46.
    static let bytesPerSourceByte = 64
    /// glibc's `mallopt` parameters (malloc.h).
    private static let trimThreshold: Int32 = -1, topPad: Int32 = -2, mmapThreshold: Int32 = -3

    /// Prepares the heap for compiling a source of `sourceBytes` bytes.
    static func prepare(sourceBytes: Int) {
        guard sourceBytes >= threshold else { return }
        guard let symbol = dlsym(nil, "mallopt"), let freeSymbol = dlsym(nil, "free") else { return }
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
        let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
        // (freed through a pointer the optimizer cannot see through: it deletes a malloc whose
        // block is only freed, and the heap would not grow here)
        let release = unsafeBitCast(freeSymbol, to: Free.self)
        let reserve = min(sourceBytes * bytesPerSourceByte, 1 << 30)
        _ = mallopt(trimThreshold, Int32.max)
        _ = mallopt(mmapThreshold, 32 << 20)
        _ = mallopt(topPad, Int32(reserve))
        // one allocation larger than anything left at the heap's top makes malloc grow the heap
        // by it plus the pad; the span grown is then advised
        guard let before = sbrk(0) else { return }
        let probe = malloc(4 << 20)
        defer { release(probe) }
        guard let after = sbrk(0), after > before else { return }
        let hugePage = 2 << 20
        let start = (Int(bitPattern: before) + hugePage - 1) & ~(hugePage - 1)
        let end = Int(bitPattern: after)
        guard end > start, let base = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(base, end - start, MADV_HUGEPAGE)
    }
}

/// For commands that build presentation trees and frames again and again (`calc run`, `calc
/// values`, `calc bench`): freed memory stays in the heap for the next frame instead of going back
/// to the OS and being faulted in again — with 2 000 layers, a frame's presentation tree is a few
/// MiB freed and reallocated per frame, and its page faults were 4 % of the presentation time.
enum FrameHeap {
    static func keep() {
        guard let symbol = dlsym(nil, "mallopt") else { return }
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
        _ = mallopt(-1, Int32.max)      // M_TRIM_THRESHOLD: never trim the heap's top
        _ = mallopt(-3, 32 << 20)       // M_MMAP_THRESHOLD: blocks up to 32 MiB from the heap
    }
}
#else
enum CompilerHeap {
    static func prepare(sourceBytes: Int) {}
}
enum FrameHeap {
    static func keep() {}
}
#endif
