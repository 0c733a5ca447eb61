// Where BytecodeWriter's bytes go. The writer runs one body of code twice: into a ByteCounter, which
// only measures (and lets the string pool fill up in first-use order), then into a BufferWriter over
// an array of exactly the measured size, which stores each integer in place through a raw pointer.
// ArrayWriter appends to a growing array instead: the simple reference the fast path is tested
// against, and its fallback should the two passes ever disagree.
//
// All integers are little-endian; stores are unaligned (`storeBytes` allows it).

/// A destination for the writer's bytes.
protocol ByteOutput {
    /// Bytes written (or counted) so far.
    var position: Int { get }
    mutating func u8(_ v: UInt8)
    mutating func u16(_ v: UInt16)
    mutating func u32(_ v: UInt32)
    mutating func u64(_ v: UInt64)
    mutating func raw(_ bytes: [UInt8])
    /// The instructions' 64-bit words.
    mutating func words(_ code: [Instruction])
    /// A function's line table, run-length encoded: the run count, then (line, number of consecutive
    /// instructions on it) per run (`forEachLineRun`).
    mutating func lineRuns(_ lines: [UInt32])
    /// Overwrites the 4 bytes at `offset`, written earlier.
    mutating func patch32(_ v: UInt32, at offset: Int)
    /// The CRC-32 of everything written so far.
    mutating func appendChecksum()
}

/// Calls `body` with each run of equal lines in order: the line and how many instructions it covers
/// (at most UInt32.max: a longer run is split).
@inline(__always)
func forEachLineRun(_ lines: [UInt32], _ body: (_ line: UInt32, _ length: UInt32) -> Void) {
    lines.withUnsafeBufferPointer { l in
        var k = 0
        while k < l.count {
            let line = l[k]
            let limit = l.count - k > Int(UInt32.max) ? k + Int(UInt32.max) : l.count
            var end = k + 1
            while end < limit, l[end] == line { end += 1 }
            body(line, UInt32(truncatingIfNeeded: end - k))
            k = end
        }
    }
}

/// The number of runs `forEachLineRun` finds: one, plus one per change from an instruction's line
/// to the next's (a loop the compiler vectorizes), unless a run is long enough to be split.
func lineRunCount(_ lines: [UInt32]) -> Int {
    guard !lines.isEmpty else { return 0 }
    guard lines.count <= Int(UInt32.max) else {
        var runs = 0
        forEachLineRun(lines) { _, _ in runs += 1 }
        return runs
    }
    return lines.withUnsafeBufferPointer { l in
        // (wrapping arithmetic and no early exit, so the loop vectorizes)
        var changes = 0
        var k = 1
        while k < l.count {
            changes &+= l[k] != l[k &- 1] ? 1 : 0
            k &+= 1
        }
        return 1 &+ changes
    }
}

/// Counts bytes without storing them.
struct ByteCounter: ByteOutput {
    private(set) var position = 0

    mutating func u8(_ v: UInt8) { position += 1 }
    mutating func u16(_ v: UInt16) { position += 2 }
    mutating func u32(_ v: UInt32) { position += 4 }
    mutating func u64(_ v: UInt64) { position += 8 }
    mutating func raw(_ bytes: [UInt8]) { position += bytes.count }
    mutating func words(_ code: [Instruction]) { position += 8 * code.count }
    mutating func lineRuns(_ lines: [UInt32]) { position += 4 + 8 * lineRunCount(lines) }
    mutating func patch32(_ v: UInt32, at offset: Int) {}
    mutating func appendChecksum() { position += 4 }
}

/// Stores into memory it does not own, `capacity` bytes from `base` (the inside of an array being
/// initialized). Every store is checked against the capacity: one that does not fit is dropped and
/// sets `overflowed`, so a miscount can never write out of bounds.
struct BufferWriter: ByteOutput {
    let base: UnsafeMutableRawPointer
    let capacity: Int
    private(set) var position = 0
    private(set) var overflowed = false

    init(base: UnsafeMutableRawPointer, capacity: Int) { self.base = base; self.capacity = capacity }

    /// Whether `n` more bytes fit.
    @inline(__always) private mutating func room(_ n: Int) -> Bool {
        if capacity - position >= n { return true }
        overflowed = true
        return false
    }

    @inline(__always) private mutating func store<T: FixedWidthInteger>(_ v: T) {
        guard room(MemoryLayout<T>.size) else { return }
        base.storeBytes(of: v.littleEndian, toByteOffset: position, as: T.self)
        position += MemoryLayout<T>.size
    }

    mutating func u8(_ v: UInt8) { store(v) }
    mutating func u16(_ v: UInt16) { store(v) }
    mutating func u32(_ v: UInt32) { store(v) }
    mutating func u64(_ v: UInt64) { store(v) }

    mutating func raw(_ bytes: [UInt8]) {
        guard room(bytes.count) else { return }
        bytes.withUnsafeBytes { b in
            if let from = b.baseAddress { (base + position).copyMemory(from: from, byteCount: b.count) }
        }
        position += bytes.count
    }

    mutating func words(_ code: [Instruction]) {
        guard room(8 * code.count) else { return }
        let at = base + position
        code.withUnsafeBufferPointer { c in
            for k in c.indices { at.storeBytes(of: c[k].word.littleEndian, toByteOffset: 8 * k, as: UInt64.self) }
        }
        position += 8 * code.count
    }

    mutating func lineRuns(_ lines: [UInt32]) {
        let countAt = position
        u32(0)
        var runs: UInt32 = 0
        forEachLineRun(lines) { line, n in
            guard room(8) else { return }
            base.storeBytes(of: line.littleEndian, toByteOffset: position, as: UInt32.self)
            base.storeBytes(of: n.littleEndian, toByteOffset: position + 4, as: UInt32.self)
            position += 8
            runs &+= 1
        }
        patch32(runs, at: countAt)
    }

    mutating func patch32(_ v: UInt32, at offset: Int) {
        guard offset >= 0, offset <= position - 4 else { overflowed = true; return }
        base.storeBytes(of: v.littleEndian, toByteOffset: offset, as: UInt32.self)
    }

    mutating func appendChecksum() {
        u32(CRC32.checksum(UnsafeRawBufferPointer(start: base, count: position)))
    }
}

/// Appends to a growing array.
struct ArrayWriter: ByteOutput {
    private(set) var bytes: [UInt8] = []
    var position: Int { bytes.count }

    mutating func u8(_ v: UInt8) { bytes.append(v) }
    mutating func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func raw(_ more: [UInt8]) { bytes += more }
    mutating func words(_ code: [Instruction]) { for i in code { u64(i.word) } }
    mutating func lineRuns(_ lines: [UInt32]) {
        var runs: [(UInt32, UInt32)] = []
        forEachLineRun(lines) { runs.append(($0, $1)) }
        count(runs.count)
        for (line, n) in runs { u32(line); u32(n) }
    }
    mutating func patch32(_ v: UInt32, at offset: Int) {
        for k in 0..<4 { bytes[offset + k] = UInt8(truncatingIfNeeded: v >> UInt32(8 * k)) }
    }
    mutating func appendChecksum() { u32(CRC32.checksum(bytes)) }
}

/// Strings in first-use order, keyed by their exact UTF-8 bytes (Swift's String equality would merge
/// canonically equivalent spellings and change the bytes a name reads back with). The strings section
/// is kept as it will be written, each string's length and bytes one after another, and the table
/// compares against it: interning a new string copies its bytes once, into the section. Hashing as
/// NameTable does: FNV-1a over the bytes, the hash kept beside the index in each slot, linear probing.
/// (A NameTable and an array per string cost ~1 000 instructions a name.)
///
/// The writer's second pass makes the same `intern` calls in the same order as its first, so the
/// first records the index each call returned and the second replays them without hashing.
struct StringPool {
    /// The strings section after its count.
    private(set) var payload: [UInt8] = []
    /// Strings interned.
    private(set) var count = 0
    /// Where each string's bytes start in `payload`, and their hashes (for growing the table).
    private var starts: [Int] = []
    private var hashes: [UInt32] = []
    /// Open addressing, a power of two in size, at most half full: hash << 32 | index + 1, 0 when empty.
    private var slots: [UInt64]
    /// The index each `intern` call returned, in call order; while replaying, how many were used.
    private var calls: [UInt32] = []
    private var replaying = false
    private var replayed = 0
    /// Set when a replayed call's string is not the length of the one recorded: the passes disagree.
    private var diverged = false

    /// Whether the replay made the recorded calls, all of them, with strings of the recorded lengths.
    var replayedAll: Bool { !diverged && replayed == calls.count }

    /// A pool for about `n` strings (it grows past that).
    init(expecting n: Int) {
        var size = 16
        while size < 2 * n { size *= 2 }
        slots = [UInt64](repeating: 0, count: size)
        calls.reserveCapacity(n)
    }

    /// The strings section's payload: the count and `payload`.
    var sectionSize: Int { 4 + payload.count }

    /// From now on `intern` answers the recorded calls again, in order.
    mutating func replay() {
        replaying = true
        replayed = 0
    }

    /// The index of `s`, added at the end if it is new.
    mutating func intern(_ s: String) -> UInt32 {
        if replaying {
            guard replayed < calls.count else { diverged = true; return 0 }
            let i = calls[replayed]
            replayed += 1
            if length(Int(i)) != s.utf8.count { diverged = true }
            return i
        }
        var s = s
        let i = s.withUTF8 { lookUp($0) }
        calls.append(i)
        return i
    }

    /// The length in bytes of string `i`.
    private func length(_ i: Int) -> Int {
        (i + 1 < count ? starts[i + 1] - 4 : payload.count) - starts[i]
    }

    private mutating func lookUp(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in bytes { h = (h ^ UInt32(b)) &* 16_777_619 }
        let mask = slots.count - 1
        var s = Int(h) & mask
        while true {
            let e = slots[s]
            if e == 0 { break }
            if UInt32(truncatingIfNeeded: e >> 32) == h {
                let i = Int(truncatingIfNeeded: e & 0xFFFF_FFFF) - 1
                if holds(i, bytes) { return UInt32(truncatingIfNeeded: i) }
            }
            s = (s + 1) & mask
        }
        let i = count
        // (a byte an append: appending a buffer costs ~100 instructions a call, more than a name)
        let n = UInt32(truncatingIfNeeded: bytes.count)
        for k in 0..<4 { payload.append(UInt8(truncatingIfNeeded: n >> UInt32(8 * k))) }
        starts.append(payload.count)
        for b in bytes { payload.append(b) }
        hashes.append(h)
        count += 1
        if 2 * count > slots.count {
            grow()
        } else {
            slots[s] = UInt64(h) << 32 | UInt64(i + 1)
        }
        return UInt32(truncatingIfNeeded: i)
    }

    /// Whether string `i` has exactly `bytes`.
    private func holds(_ i: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[i]
        guard length(i) == bytes.count else { return false }
        return payload.withUnsafeBufferPointer { p in
            for k in 0..<bytes.count where p[start + k] != bytes[k] { return false }
            return true
        }
    }

    private mutating func grow() {
        slots = [UInt64](repeating: 0, count: 2 * slots.count)
        let mask = slots.count - 1
        for (i, h) in hashes.enumerated() {
            var s = Int(h) & mask
            while slots[s] != 0 { s = (s + 1) & mask }
            slots[s] = UInt64(h) << 32 | UInt64(i + 1)
        }
    }
}
