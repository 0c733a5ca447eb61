// A map from names to values: the checker's file-wide tables (top-level declarations, globals), which
// hold one entry per top-level name and are consulted for nearly every name a program uses, the
// bytecode writer's string pool, the key-path spellings.
//
// Swift's Dictionary hashes a String with seeded SipHash through the Unicode-aware String hashing
// path, ~300 instructions for a short name, and rehashes every key when it grows. Here a name's
// UTF-8 bytes are hashed as two words (FNV-1a when longer than 15), the hash is kept beside the key so
// growing never rehashes, and slots are probed linearly. Keys are compared byte for byte; the names
// stored are identifiers, which are ASCII, so for them this is the same equality as String's (and the
// string pool wants byte equality: canonically equivalent spellings stay apart). Iteration is in
// insertion order, so nothing hash-ordered can reach the output. Measured on the 100 000-line
// benchmark file: the two tables cost ~9% of checking as Dictionaries.

public struct NameTable<Value> {
    @usableFromInline var names: [String] = []
    @usableFromInline var entries: [Value] = []
    @usableFromInline var hashes: [UInt32] = []
    /// Open-addressing slots, a power of two in size: the name's hash in the high 32 bits and its
    /// index + 1 into `names` in the low ones, 0 when empty. (The hash beside the index spares a
    /// probe a load from `hashes`: in a table of 30 000 names each of those loads missed the cache.)
    @usableFromInline var slots: [UInt64] = []

    @inlinable public init() {}

    /// A copy with buffers of its own (see `SourceFile.init(copying:)`).
    public func copied() -> NameTable {
        var t = NameTable()
        t.names = names.withUnsafeBufferPointer { Array($0) }
        t.entries = entries.withUnsafeBufferPointer { Array($0) }
        t.hashes = hashes.withUnsafeBufferPointer { Array($0) }
        t.slots = slots.withUnsafeBufferPointer { Array($0) }
        return t
    }

    @inlinable public var count: Int { names.count }
    @inlinable public var isEmpty: Bool { names.isEmpty }
    /// The names in insertion order.
    @inlinable public var keys: [String] { names }

    @inlinable public mutating func reserveCapacity(_ n: Int) {
        names.reserveCapacity(n)
        entries.reserveCapacity(n)
        hashes.reserveCapacity(n)
        if n * 2 > slots.count { rebuild(size: Self.size(for: n)) }
    }

    @inlinable static func size(for n: Int) -> Int {
        var size = 16
        while size < n * 2 { size *= 2 }
        return size
    }

    @inlinable static func hash(_ name: String) -> UInt32 {
        // A name of at most 15 bytes (nearly every one) is hashed as two words, its bytes packed
        // little-endian and its length in the top byte: a small String holds exactly those in its
        // own two words, so they are read from there, sparing `withUTF8` and the byte loop (~70
        // instructions a name). Other representations of such a name pack the same words from the
        // bytes, so each name has one hash whatever its representation. (The hash only places
        // entries: iteration is in insertion order, so it never reaches the output.)
        if let (w0, w1) = SmallStringLayout.words(name) { return mix(w0, w1) }
        var name = name
        return name.withUTF8 { bytes in
            if bytes.count <= 15 {
                var w0: UInt64 = 0, w1 = UInt64(bytes.count) << 56
                for (i, b) in bytes.enumerated() {
                    if i < 8 { w0 |= UInt64(b) << UInt64(8 * i) } else { w1 |= UInt64(b) << UInt64(8 * (i - 8)) }
                }
                return mix(w0, w1)
            }
            var h: UInt32 = 2_166_136_261
            for b in bytes { h = (h ^ UInt32(b)) &* 16_777_619 }
            return h
        }
    }

    /// A 32-bit hash of a short name's two words, its low bits well mixed (slots are `h & mask`).
    @inlinable static func mix(_ w0: UInt64, _ w1: UInt64) -> UInt32 {
        var x = (w0 ^ (w1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 31
        x = x &* 0x94D0_49BB_1331_11EB
        x ^= x >> 32
        return UInt32(truncatingIfNeeded: x)
    }

    @inlinable static func equal(_ a: String, _ b: String) -> Bool {
        // Identical representations are identical strings: a short name is stored inline in the
        // String, so a name equal to the one in the table nearly always has the same bits, and
        // comparing them spares the byte loop (~170 instructions a match, through `withUTF8`).
        // (Different bits say nothing: the bytes are compared then.)
        if MemoryLayout<String>.size == 16,
           unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self) { return true }
        var a = a, b = b
        // (lengths first, then a plain loop: `elementsEqual` over the buffers cost ~230
        // instructions for an 8-byte name)
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard x.count == y.count else { return false }
                for i in 0..<x.count where x[i] != y[i] { return false }
                return true
            }
        }
    }

    /// A slot's value for entry `k` with hash `h`.
    @inlinable static func slot(_ h: UInt32, _ k: Int) -> UInt64 { UInt64(h) << 32 | UInt64(k + 1) }
    /// The entry a slot holds, -1 when empty.
    @inlinable static func index(_ slot: UInt64) -> Int { Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1 }

    /// The slot holding `name`, or the empty slot where it would go.
    @inlinable func find(_ name: String, _ h: UInt32) -> Int {
        let mask = slots.count - 1
        var s = Int(h) & mask
        while true {
            let e = slots[s]
            if e == 0 { return s }
            if UInt32(truncatingIfNeeded: e >> 32) == h, Self.equal(names[Int(truncatingIfNeeded: e & 0xFFFF_FFFF) - 1], name) { return s }
            s = (s + 1) & mask
        }
    }

    @inlinable mutating func rebuild(size: Int) {
        slots = [UInt64](repeating: 0, count: size)
        let mask = size - 1
        for (k, h) in hashes.enumerated() {
            var s = Int(h) & mask
            while slots[s] != 0 { s = (s + 1) & mask }
            slots[s] = Self.slot(h, k)
        }
    }

    @inlinable public subscript(name: String) -> Value? {
        get {
            guard !slots.isEmpty else { return nil }
            let k = Self.index(slots[find(name, Self.hash(name))])
            return k < 0 ? nil : entries[k]
        }
        set {
            guard let newValue else {
                if self[name] != nil { remove(name) }
                return
            }
            set(name, newValue)
        }
    }

    /// `self[name] = value` without the optional: the subscript's setter copied a value out of its
    /// `Optional` and again into the table (for the checker's symbols, ~100 instructions a copy).
    @inlinable public mutating func set(_ name: String, _ value: consuming Value) {
        if slots.isEmpty { rebuild(size: 16) }
        let h = Self.hash(name)
        let s = find(name, h)
        let k = Self.index(slots[s])
        if k >= 0 { entries[k] = value; return }
        appendNew(name, value, hash: h, slot: s)
    }

    /// Adds `name` → `value` unless `name` is in the table; whether it was added. (One probe where
    /// a lookup and then a store hashed and searched for the name twice.)
    @inlinable public mutating func insertIfAbsent(_ name: String, _ value: consuming Value) -> Bool {
        if slots.isEmpty { rebuild(size: 16) }
        let h = Self.hash(name)
        let s = find(name, h)
        if Self.index(slots[s]) >= 0 { return false }
        appendNew(name, value, hash: h, slot: s)
        return true
    }

    /// `insertIfAbsent` that also tells where the name's entry is (entries keep their index: it is
    /// the name's position in insertion order), for reading it later without hashing the name.
    @inlinable public mutating func insertIfAbsentIndex(_ name: String, _ value: consuming Value) -> (index: Int, inserted: Bool) {
        if slots.isEmpty { rebuild(size: 16) }
        let h = Self.hash(name)
        let s = find(name, h)
        let k = Self.index(slots[s])
        if k >= 0 { return (k, false) }
        appendNew(name, value, hash: h, slot: s)
        return (names.count - 1, true)
    }

    /// The entry of `name` (its position in insertion order), or nil.
    @inlinable public func index(of name: String) -> Int? {
        guard !slots.isEmpty else { return nil }
        let k = Self.index(slots[find(name, Self.hash(name))])
        return k < 0 ? nil : k
    }

    /// The name and value of entry `k` (an index `insertIfAbsentIndex` returned).
    @inlinable public func name(at k: Int) -> String { names[k] }
    @inlinable public func value(at k: Int) -> Value { entries[k] }

    /// Adds a name that is not in the table, `s` being the free slot its probe ended at.
    @inlinable @inline(__always) mutating func appendNew(_ name: String, _ value: consuming Value, hash h: UInt32, slot s: Int) {
        names.append(name)
        entries.append(value)
        hashes.append(h)
        if names.count * 2 > slots.count {
            rebuild(size: slots.count * 2)
        } else {
            slots[s] = Self.slot(h, names.count - 1)
        }
    }

    /// Removal keeps insertion order for the rest (rare: rebuilds the slots).
    @inlinable mutating func remove(_ name: String) {
        guard let k = names.firstIndex(where: { Self.equal($0, name) }) else { return }
        names.remove(at: k)
        entries.remove(at: k)
        hashes.remove(at: k)
        rebuild(size: slots.count)
    }
}

extension NameTable: Sendable where Value: Sendable {}

extension NameTable: Sequence {
    public struct Iterator: IteratorProtocol {
        @usableFromInline let names: [String]
        @usableFromInline let entries: [Value]
        @usableFromInline var k = 0
        @inlinable init(names: [String], entries: [Value]) { self.names = names; self.entries = entries }
        @inlinable public mutating func next() -> (key: String, value: Value)? {
            guard k < names.count else { return nil }
            defer { k += 1 }
            return (names[k], entries[k])
        }
    }

    @inlinable public func makeIterator() -> Iterator { Iterator(names: names, entries: entries) }
}

/// Whether a small String keeps its UTF-8 bytes in its two words, first byte lowest, with its count
/// in the low nibble of the second word's top byte and 0xE (ASCII) or 0xA in the high one (the
/// 64-bit little-endian layout), tested on samples once so `NameTable.hash` can read them directly.
public enum SmallStringLayout {
    /// A small string's bytes packed little-endian into two words with its length in the top byte
    /// (`Keywords.pack`'s words, plus the length); nil for any other representation.
    @inlinable public static func words(_ s: String) -> (UInt64, UInt64)? {
        guard MemoryLayout<String>.size == 16, inline else { return nil }
        let (w0, w1) = unsafeBitCast(s, to: (UInt64, UInt64).self)
        // small: 0xE (ASCII) or 0xA in the top nibble
        guard (w1 >> 60) | 0x4 == 0xE else { return nil }
        return (w0, w1 & 0x0FFF_FFFF_FFFF_FFFF)
    }

    @usableFromInline static let inline: Bool = {
        guard MemoryLayout<String>.size == 16 else { return false }
        // (built at run time, so it is a real small string rather than a literal's representation)
        let sample = String(decoding: Array("abcdefghijkl".utf8), as: UTF8.self)
        let (w0, w1) = unsafeBitCast(sample, to: (UInt64, UInt64).self)
        let nonASCII = String(decoding: [0xC3, 0xA9, 0x61], as: UTF8.self)   // "éa"
        let (v0, v1) = unsafeBitCast(nonASCII, to: (UInt64, UInt64).self)
        return w0 == 0x6867_6665_6463_6261 && w1 == 0xEC00_0000_6C6B_6A69 && v0 == 0x61_A9C3 && v1 == 0xA300_0000_0000_0000
    }()
}
