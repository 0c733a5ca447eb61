// Where BytecodeWriter's bytes go. The writer runs one body of code twice: into a ByteCounter, which
// only measures (and lets the string pool fill up in first-use order), then into a BufferWriter over
// an array of the measured capacity, which stores each integer in place through a raw pointer.
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
    mutating func raw(_ bytes: UnsafeRawBufferPointer)
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

/// Counts bytes without storing them: exactly, but for line tables, counted at their largest (a run
/// per instruction) rather than scanned for their runs.
struct ByteCounter: ByteOutput {
    private(set) var position = 0

    mutating func u8(_ v: UInt8) { position += 1 }
    mutating func u16(_ v: UInt16) { position += 2 }
    mutating func u32(_ v: UInt32) { position += 4 }
    mutating func u64(_ v: UInt64) { position += 8 }
    mutating func raw(_ bytes: UnsafeRawBufferPointer) { position += bytes.count }
    mutating func words(_ code: [Instruction]) { position += 8 * code.count }
    mutating func lineRuns(_ lines: [UInt32]) { position += 4 + 8 * lines.count }
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

    mutating func raw(_ bytes: UnsafeRawBufferPointer) {
        guard room(bytes.count) else { return }
        if let from = bytes.baseAddress { (base + position).copyMemory(from: from, byteCount: bytes.count) }
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
        // (a table that long, whose runs may need splitting, is left to the appending writer)
        guard lines.count <= Int(UInt32.max) else { overflowed = true; return }
        // One check for the most runs the table can have, then a run stored wherever the line changes.
        guard room(4 + 8 * lines.count) else { return }
        let first = base + position + 4
        var at = first
        lines.withUnsafeBufferPointer { l in
            guard var line = l.first else { return }
            var start = 0
            for k in 1..<l.count where l[k] != line {
                at.storeBytes(of: line.littleEndian, as: UInt32.self)
                at.storeBytes(of: UInt32(truncatingIfNeeded: k - start).littleEndian, toByteOffset: 4, as: UInt32.self)
                at += 8
                start = k
                line = l[k]
            }
            at.storeBytes(of: line.littleEndian, as: UInt32.self)
            at.storeBytes(of: UInt32(truncatingIfNeeded: l.count - start).littleEndian, toByteOffset: 4, as: UInt32.self)
            at += 8
        }
        let runs = (at - first) / 8
        base.storeBytes(of: UInt32(truncatingIfNeeded: runs).littleEndian, toByteOffset: position, as: UInt32.self)
        position += 4 + 8 * runs
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
    mutating func raw(_ more: UnsafeRawBufferPointer) { bytes += more }
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
/// canonically equivalent spellings and change the bytes a name reads back with). Hashed with FNV-1a
/// over the bytes, the hash kept beside the index in each slot, linear probing; the
/// strings are kept as they are and their bytes copied once, into the file. (A NameTable and a byte
/// array per string cost ~1 000 instructions a name.)
///
/// The writer's second pass makes the same `intern` calls in the same order as its first, so the
/// first records the index each call returned and the second replays them without hashing.
struct StringPool {
    /// The strings, in first-use order.
    private(set) var strings: [String] = []
    /// The size of the strings section's payload: the count, then each string's length and bytes.
    private(set) var sectionSize = 4
    /// Open addressing, a power of two in size, at most half full: hash << 32 | index + 1, 0 when empty.
    private var slots: [UInt64]
    /// The index each `intern` call returned, in call order; while replaying, how many were used.
    private var calls: [UInt32] = []
    private var replaying = false
    private var replayed = 0
    /// Set when a replayed call's string is not the length of the one recorded: the passes disagree.
    private var diverged = false

    /// A pool for about `n` strings (it grows past that).
    init(expecting n: Int) {
        var size = 16
        while size < 2 * n { size *= 2 }
        slots = [UInt64](repeating: 0, count: size)
        strings.reserveCapacity(n)
        calls.reserveCapacity(n)
    }

    /// Whether the replay made the recorded calls, all of them, with strings of the recorded lengths.
    var replayedAll: Bool { !diverged && replayed == calls.count }

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
            if strings[Int(i)].utf8.count != s.utf8.count { diverged = true }
            return i
        }
        var bytes = s
        let i = bytes.withUTF8 { lookUp($0, s) }
        calls.append(i)
        return i
    }

    private mutating func lookUp(_ bytes: UnsafeBufferPointer<UInt8>, _ s: String) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in bytes { h = (h ^ UInt32(b)) &* 16_777_619 }
        let mask = slots.count - 1
        var slot = Int(h) & mask
        while true {
            let e = slots[slot]
            if e == 0 { break }
            if UInt32(truncatingIfNeeded: e >> 32) == h {
                let i = Int(truncatingIfNeeded: e & 0xFFFF_FFFF) - 1
                if Self.same(strings[i], bytes) { return UInt32(truncatingIfNeeded: i) }
            }
            slot = (slot + 1) & mask
        }
        let i = strings.count
        strings.append(s)
        sectionSize += 4 + bytes.count
        slots[slot] = UInt64(h) << 32 | UInt64(i + 1)
        if 2 * strings.count > slots.count { grow() }
        return UInt32(truncatingIfNeeded: i)
    }

    /// Whether `s` has exactly `bytes`.
    private static func same(_ s: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var s = s
        return s.withUTF8 { x in
            guard x.count == bytes.count else { return false }
            for k in 0..<x.count where x[k] != bytes[k] { return false }
            return true
        }
    }

    /// Twice the slots, each entry moved by the hash it holds.
    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: 2 * old.count)
        let mask = slots.count - 1
        for e in old where e != 0 {
            var s = Int(truncatingIfNeeded: e >> 32) & mask
            while slots[s] != 0 { s = (s + 1) & mask }
            slots[s] = e
        }
    }
}

extension ByteOutput {
    mutating func raw(_ bytes: [UInt8]) { bytes.withUnsafeBytes { raw($0) } }

    /// The strings section's payload.
    mutating func strings(_ pool: StringPool) {
        count(pool.strings.count)
        for s in pool.strings {
            var s = s
            s.withUTF8 { bytes in
                count(bytes.count)
                raw(UnsafeRawBufferPointer(bytes))
            }
        }
    }
}
