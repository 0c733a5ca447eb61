// The .calb file format: BytecodeWriter turns a Program into bytes, BytecodeReader turns bytes back
// into a Program or says exactly why it cannot. docs/bytecode.md describes the layout byte by byte.
//
// The header follows Lua 5.4's ldump.c: magic, version, sentinel bytes that a text-mode transfer
// would rewrite, the sizes of an instruction and a number, and a test number that reads back wrong
// under another byte order or float format, so a foreign file is rejected before anything else is
// read. Then the file's total length (so a short file is reported as truncated, not as corrupt),
// tagged length-prefixed sections in a fixed order, and a CRC-32 over everything before it.
//
// The reader trusts nothing: it checks the header, the length and the checksum first, then bounds
// every count against the bytes that remain before it allocates, so a hostile file can make it throw
// but never trap, allocate without bound, or loop. It checks structure only (what a Program can
// represent); Verifier checks the rules the VM relies on. The writer is deterministic: fixed field
// order, little-endian integers, numbers as IEEE-754 bit patterns, strings interned in first-use order.

import CalcCore

/// Constants of the .calb format (docs/bytecode.md, "Header").
public enum BytecodeFormat {
    /// "\u{1B}CAL": ESC, then the name, so the file never starts like text.
    public static let magic: [UInt8] = [0x1B, 0x43, 0x41, 0x4C]
    /// The newest format version this calc reads and writes.
    public static let version: UInt16 = 6
    /// The oldest format version this calc reads (older files are rejected with a message to rebuild).
    public static let oldestVersion: UInt16 = 2

    /// The version a program is written as: the oldest that can hold it. Version 3 added the
    /// behaviours section (and the dynamics opcodes, which need behaviours), so a program without
    /// dynamics is still written as version 2, byte for byte as before. Version 4 added the
    /// opcodes from ANIMADDK on (computed animation keys, tree reads, TXCOMPLETIONF); a program that
    /// uses one is version 4, so an older calc says it is too new instead of "unknown opcode".
    /// Version 5 added UNCONSTRAIN (constraints replaced from handlers), ANIMGET and ANIMCOPY
    /// (an animation variable's timing fields read and set), on the same terms; version 6 added PRINT, CONVERT, SETSTYLED and STYLERESET.
    public static func version(for p: Program) -> UInt16 {
        var newest = p.behaviorTemplates.isEmpty ? UInt16(2) : 3
        for f in p.functions {
            for ins in f.code where ins.op.rawValue >= Opcode.animaddk.rawValue {
                if ins.op.rawValue >= Opcode.print.rawValue { return 6 }
                if ins.op.rawValue >= Opcode.unconstrain.rawValue { newest = 5 } else { newest = max(newest, 4) }
            }
        }
        return newest
    }

    /// The sections a file of `version` holds, in order.
    static func sections(version: UInt16) -> [Section] {
        version >= 3 ? Section.allCases : Section.allCases.filter { $0 != .behaviors }
    }
    /// "\r\n\u{1A}\n" (Lua's LUAC_DATA): CR LF, DOS end-of-file, LF — any text-mode rewrite changes it.
    public static let sentinel: [UInt8] = [0x0D, 0x0A, 0x1A, 0x0A]
    /// Bytes per instruction word.
    public static let instructionSize: UInt8 = 8
    /// Bytes per number (IEEE-754 binary64).
    public static let numberSize: UInt8 = 8
    /// Written as a binary64; reads back as something else under another byte order or float format.
    public static let testNumber: Double = 370.5
    /// Magic, version, sentinel, two sizes, test number, file length.
    public static let headerSize = 24
    /// The trailing CRC-32.
    public static let checksumSize = 4
    /// A section header: tag byte and UInt32 payload length.
    static let sectionHeaderSize = 5

    /// Section tags, in the order the file must hold them.
    enum Section: UInt8, CaseIterable {
        case strings = 1, scene, constants, functions, layerTemplates, animationTemplates
        /// Version 2.
        case behaviors

        var name: String {
            switch self {
            case .strings: return "strings"
            case .scene: return "scene"
            case .constants: return "constants"
            case .functions: return "functions"
            case .layerTemplates: return "layer templates"
            case .animationTemplates: return "animation templates"
            case .behaviors: return "behaviours"
            }
        }
    }

    /// Constant type tags. `none`, `layer` and `animation` are written so nothing is lost silently,
    /// but a file may not hold them: the reader rejects them.
    enum ConstantTag: UInt8 {
        case none = 0, number, bool, point, size, rect, color, string, timing, transform, enumCase, layer, animation
        case path, image, springTiming
    }

    static func originCode(_ o: Origin) -> UInt8 {
        switch o {
        case .topLeft: return 0
        case .bottomLeft: return 1
        }
    }

    static func origin(code: UInt8) -> Origin? {
        switch code {
        case 0: return .topLeft
        case 1: return .bottomLeft
        default: return nil
        }
    }

    static func dimensionCode(_ d: Dimension) -> UInt8 {
        switch d {
        case .scalar: return 0
        case .time: return 1
        case .angle: return 2
        }
    }

    static func dimension(code: UInt8) -> Dimension? {
        switch code {
        case 0: return .scalar
        case 1: return .time
        case 2: return .angle
        default: return nil
        }
    }
}

// MARK: - Writing

/// Encodes a Program as a .calb file.
///
/// Two passes over one body of code (`sections`): the first, into a `ByteCounter`, interns every
/// string in first-use order and measures the file (line tables at their largest); the second stores
/// the bytes straight into an array of that capacity through a raw pointer. (One growing array per
/// section, joined at the end, cost ~25 instructions a byte of output: an `append` per integer, a
/// copy per section.)
public enum BytecodeWriter {
    /// The file's bytes: the same Program always gives the same bytes. The Program is expected to
    /// pass `Verifier.verify`; an unverified one is written as it is and may not read back.
    public static func encode(_ p: Program) -> [UInt8] {
        var pool = StringPool(expecting: p.functions.count + p.layerTemplates.count + p.behaviorTemplates.count + 1)
        var counter = ByteCounter()
        sections(p, into: &counter, &pool)
        let capacity = BytecodeFormat.headerSize + BytecodeFormat.sectionHeaderSize + pool.sectionSize + counter.position
            + BytecodeFormat.checksumSize
        pool.replay()
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            var out = BufferWriter(base: UnsafeMutableRawPointer(base), capacity: capacity)
            file(p, into: &out, &pool)
            // The counter and the writer run the same code, so they agree; were they ever not to,
            // the array is left empty and the file is written the slow way below.
            guard !out.overflowed, pool.replayedAll else { return }
            initialized = out.position
            complete = true
        }
        return complete ? bytes : encodeByAppending(p)
    }

    /// The same bytes, appended to a growing array: the reference the fast path is tested against,
    /// and its fallback.
    static func encodeByAppending(_ p: Program) -> [UInt8] {
        var pool = StringPool(expecting: 0)
        var counter = ByteCounter()
        sections(p, into: &counter, &pool)
        pool.replay()
        var out = ArrayWriter()
        file(p, into: &out, &pool)
        return out.bytes
    }

    /// The whole file once `pool` holds every string: header, strings, `sections`, checksum.
    static func file<Out: ByteOutput>(_ p: Program, into out: inout Out, _ pool: inout StringPool) {
        let version = BytecodeFormat.version(for: p)
        out.raw(BytecodeFormat.magic)
        out.u16(version)
        out.raw(BytecodeFormat.sentinel)
        out.u8(BytecodeFormat.instructionSize)
        out.u8(BytecodeFormat.numberSize)
        out.f64(BytecodeFormat.testNumber)
        out.u32(0)  // the file length, patched below
        out.u8(BytecodeFormat.Section.strings.rawValue)
        out.count(pool.sectionSize)
        out.strings(pool)
        sections(p, into: &out, &pool)
        out.patch32(UInt32(truncatingIfNeeded: out.position + BytecodeFormat.checksumSize), at: 20)
        out.appendChecksum()
    }

    /// Every section after the strings, each with its header; interns the strings they name.
    static func sections<Out: ByteOutput>(_ p: Program, into out: inout Out, _ pool: inout StringPool) {
        var at = out.begin(.scene)
        out.u32(pool.intern(p.sourceName))
        let s = p.scene
        for x in [s.size.width, s.size.height, s.scale, s.fps, s.duration,
                  s.background.r, s.background.g, s.background.b, s.background.a] { out.f64(x) }
        out.u8(BytecodeFormat.originCode(s.origin))
        out.u32(p.globalCount)
        out.count(p.customKeys.count)
        for k in p.customKeys {
            out.u32(pool.intern(k.name))
            out.u8(BytecodeFormat.dimensionCode(k.dimension))
            out.constant(k.defaultValue, &pool)
        }
        out.end(at)

        at = out.begin(.constants)
        out.count(p.constants.count)
        for v in p.constants { out.constant(v, &pool) }
        out.end(at)

        at = out.begin(.functions)
        out.count(p.functions.count)
        // (through the buffer, each function is borrowed where `for f in` copied it: six reference
        // counts a function)
        p.functions.withUnsafeBufferPointer { functions in
            for i in functions.indices {
                out.u32(pool.intern(functions[i].name))
                out.u16(functions[i].paramCount)
                out.u16(functions[i].registerCount)
                out.count(functions[i].code.count)
                out.words(functions[i].code)
                out.lineRuns(functions[i].lines)
            }
        }
        out.end(at)

        at = out.begin(.layerTemplates)
        out.count(p.layerTemplates.count)
        p.layerTemplates.withUnsafeBufferPointer { templates in
            for i in templates.indices {
                out.u8(templates[i].kind.rawValue)
                out.u32(pool.intern(templates[i].name))
                out.count(templates[i].properties.count)
                for pi in templates[i].properties { out.u32(pi.keyPath.packed); out.u32(pi.constant) }
            }
        }
        out.end(at)

        at = out.begin(.animationTemplates)
        out.count(p.animationTemplates.count)
        for t in p.animationTemplates {
            out.u8(t.kind.rawValue)
            out.u32(t.keyPath.packed)
            out.count(t.fields.count)
            for fi in t.fields { out.u8(fi.field.rawValue); out.u32(fi.constant) }
        }
        out.end(at)

        guard BytecodeFormat.sections(version: BytecodeFormat.version(for: p)).contains(.behaviors) else { return }
        at = out.begin(.behaviors)
        out.count(p.behaviorTemplates.count)
        for t in p.behaviorTemplates {
            out.u8(t.kind.rawValue)
            out.u32(pool.intern(t.name))
            out.count(t.fields.count)
            for fi in t.fields { out.u8(fi.field.rawValue); out.u32(fi.constant) }
        }
        out.end(at)
    }
}

extension ByteOutput {
    mutating func f64(_ v: Double) { u64(v.bitPattern) }

    /// Counts and lengths are UInt32 in the file; a Program too large for that cannot be built in memory.
    mutating func count(_ n: Int) { u32(UInt32(truncatingIfNeeded: n)) }

    /// A section's tag and a length to be patched by `end`; returns where the length goes.
    mutating func begin(_ section: BytecodeFormat.Section) -> Int {
        u8(section.rawValue)
        let at = position
        u32(0)
        return at
    }

    mutating func end(_ lengthAt: Int) {
        patch32(UInt32(truncatingIfNeeded: position - lengthAt - 4), at: lengthAt)
    }

    mutating func constant(_ v: Value, _ pool: inout StringPool) {
        typealias Tag = BytecodeFormat.ConstantTag
        switch v {
        case .none: u8(Tag.none.rawValue)
        case .number(let x): u8(Tag.number.rawValue); f64(x)
        case .bool(let b): u8(Tag.bool.rawValue); u8(b ? 1 : 0)
        case .point(let p): u8(Tag.point.rawValue); f64(p.x); f64(p.y)
        case .size(let s): u8(Tag.size.rawValue); f64(s.width); f64(s.height)
        case .rect(let r):
            u8(Tag.rect.rawValue); f64(r.origin.x); f64(r.origin.y); f64(r.size.width); f64(r.size.height)
        case .color(let c): u8(Tag.color.rawValue); f64(c.r); f64(c.g); f64(c.b); f64(c.a)
        case .string(let s): u8(Tag.string.rawValue); u32(pool.intern(s))
        case .timing(let t):
            if let s = t.spring {
                u8(Tag.springTiming.rawValue); f64(s.mass); f64(s.stiffness); f64(s.damping); f64(s.initialVelocity)
            } else {
                u8(Tag.timing.rawValue); f64(t.x1); f64(t.y1); f64(t.x2); f64(t.y2)
            }
        case .transform(let m): u8(Tag.transform.rawValue); for x in m.elements { f64(x) }
        case .enumCase(let i): u8(Tag.enumCase.rawValue); u8(i)
        case .layer(let h): u8(Tag.layer.rawValue); u32(UInt32(bitPattern: h))
        case .animation(let h): u8(Tag.animation.rawValue); u32(UInt32(bitPattern: h))
        case .array: u8(Tag.none.rawValue)   // never a constant: the verifier rejects it before writing
        case .path(let p):
            u8(Tag.path.rawValue)
            count(p.elements.count)
            for e in p.elements {
                switch e {
                case .move(let a): u8(0); f64(a.x); f64(a.y)
                case .line(let a): u8(1); f64(a.x); f64(a.y)
                case .quad(let a, let b): u8(2); f64(a.x); f64(a.y); f64(b.x); f64(b.y)
                case .cubic(let a, let b, let c): u8(3); f64(a.x); f64(a.y); f64(b.x); f64(b.y); f64(c.x); f64(c.y)
                case .close: u8(4)
                }
            }
        case .image(let name): u8(Tag.image.rawValue); u32(pool.intern(name))
        }
    }
}

// MARK: - Reading

/// Decodes .calb files, rejecting anything malformed with a message that says what and where.
public enum BytecodeReader {
    /// The Program in `bytes`. Checks the header, length and checksum, then the structure; does not
    /// run `Verifier` (see `load`).
    public static func decode(_ bytes: [UInt8]) throws(BytecodeError) -> Program {
        try checkHeader(bytes)
        let end = try checkLengthAndChecksum(bytes) - BytecodeFormat.checksumSize
        let version = UInt16(bytes[4]) | UInt16(bytes[5]) << 8

        // The section table: each tag once, in order, each length inside the file.
        var ranges: [Range<Int>] = []
        var pos = BytecodeFormat.headerSize
        let order = BytecodeFormat.sections(version: version)
        while pos < end {
            guard end - pos >= BytecodeFormat.sectionHeaderSize else {
                throw BytecodeError(.truncated, "file is truncated: a section header needs \(BytecodeFormat.sectionHeaderSize) bytes at offset \(pos), \(end - pos) remain", offset: pos)
            }
            let tag = bytes[pos]
            guard let section = BytecodeFormat.Section(rawValue: tag) else {
                throw BytecodeError(.malformed, "unknown section tag \(Format.hex(tag)) at offset \(pos)", offset: pos)
            }
            guard ranges.count < order.count, section == order[ranges.count] else {
                let expected = ranges.count < order.count ? "expected '\(order[ranges.count].name)'" : "all sections were already read"
                throw BytecodeError(.malformed, "section '\(section.name)' at offset \(pos) is out of order (\(expected))", offset: pos)
            }
            let length = Int(readU32(bytes, pos + 1))
            let start = pos + BytecodeFormat.sectionHeaderSize
            guard length <= end - start else {
                throw BytecodeError(.truncated, "file is truncated: section '\(section.name)' needs \(length) bytes at offset \(start), \(end - start) remain", offset: start)
            }
            ranges.append(start..<start + length)
            pos = start + length
        }
        guard ranges.count == order.count else {
            throw BytecodeError(.malformed, "section '\(order[ranges.count].name)' is missing (expected at offset \(pos))", offset: pos)
        }

        var r = SectionReader(bytes: bytes, range: ranges[0], section: .strings)
        let strings = try r.strings()
        try r.finish()

        r = SectionReader(bytes: bytes, range: ranges[1], section: .scene)
        let (sourceName, scene, globalCount, customKeys) = try r.scene(strings)
        try r.finish()

        r = SectionReader(bytes: bytes, range: ranges[2], section: .constants)
        let constants = try r.constants(strings)
        try r.finish()

        r = SectionReader(bytes: bytes, range: ranges[3], section: .functions)
        let functions = try r.functions(strings)
        try r.finish()

        r = SectionReader(bytes: bytes, range: ranges[4], section: .layerTemplates)
        let layers = try r.layerTemplates(strings)
        try r.finish()

        r = SectionReader(bytes: bytes, range: ranges[5], section: .animationTemplates)
        let animations = try r.animationTemplates()
        try r.finish()

        var behaviors: [BehaviorTemplate] = []
        if order.count > 6 {
            r = SectionReader(bytes: bytes, range: ranges[6], section: .behaviors)
            behaviors = try r.behaviorTemplates(strings)
            try r.finish()
        }

        return Program(sourceName: sourceName, scene: scene, constants: constants, functions: functions,
                       layerTemplates: layers, animationTemplates: animations, globalCount: globalCount,
                       customKeys: customKeys, behaviorTemplates: behaviors)
    }

    /// Decodes and verifies: the Program is safe to hand to the VM.
    public static func load(_ bytes: [UInt8]) throws(BytecodeError) -> VerifiedProgram {
        try Verifier.verified(decode(bytes))
    }

    /// Magic, version, sentinel, sizes and test number, in Lua's order: a foreign file is turned away
    /// by the first field it gets wrong.
    static func checkHeader(_ bytes: [UInt8]) throws(BytecodeError) {
        guard !bytes.isEmpty else { throw BytecodeError(.truncated, "file is empty", offset: 0) }
        let m = min(bytes.count, BytecodeFormat.magic.count)
        guard bytes[0..<m].elementsEqual(BytecodeFormat.magic[0..<m]) else {
            throw BytecodeError(.notBytecode, "not a calc bytecode file (bad magic)", offset: 0)
        }
        guard bytes.count >= BytecodeFormat.headerSize else {
            throw BytecodeError(.truncated, "file is truncated: the header needs \(BytecodeFormat.headerSize) bytes, only \(bytes.count) are present", offset: 0)
        }
        let version = UInt16(bytes[4]) | UInt16(bytes[5]) << 8
        if version > BytecodeFormat.version {
            throw BytecodeError(.unsupportedVersion, "bytecode format version \(version) is newer than this calc supports (\(BytecodeFormat.version))", offset: 4)
        }
        if version >= 1, version < BytecodeFormat.oldestVersion {
            throw BytecodeError(.unsupportedVersion, "bytecode format version \(version) is older than this calc reads (\(BytecodeFormat.oldestVersion) to \(BytecodeFormat.version)): rebuild the file from its .cal source", offset: 4)
        }
        if version < 1 {
            throw BytecodeError(.unsupportedVersion, "bytecode format version \(version) does not exist (this calc reads versions \(BytecodeFormat.oldestVersion) to \(BytecodeFormat.version))", offset: 4)
        }
        guard bytes[6..<10].elementsEqual(BytecodeFormat.sentinel) else {
            throw BytecodeError(.mangled, "file was damaged by a text-mode transfer (its line-ending check bytes changed at offset 6): copy it in binary mode", offset: 6)
        }
        guard bytes[10] == BytecodeFormat.instructionSize else {
            throw BytecodeError(.incompatible, "file uses \(bytes[10])-byte instructions, this calc uses \(BytecodeFormat.instructionSize)", offset: 10)
        }
        guard bytes[11] == BytecodeFormat.numberSize else {
            throw BytecodeError(.incompatible, "file uses \(bytes[11])-byte numbers, this calc uses \(BytecodeFormat.numberSize)", offset: 11)
        }
        let test = Double(bitPattern: readU64(bytes, 12))
        guard test == BytecodeFormat.testNumber else {
            throw BytecodeError(.incompatible, "file's test number reads \(Format.number(test)) instead of \(Format.number(BytecodeFormat.testNumber)): it was written with another byte order or number format", offset: 12)
        }
    }

    /// Checks the declared length against the bytes present and the checksum; returns the length.
    /// A mismatch is told apart as truncation, trailing data, or a damaged length field.
    static func checkLengthAndChecksum(_ bytes: [UInt8]) throws(BytecodeError) -> Int {
        let declared = Int(readU32(bytes, 20))
        let actual = bytes.count
        let minimum = BytecodeFormat.headerSize + BytecodeFormat.checksumSize
        if declared == actual, declared >= minimum {
            guard checksumMatches(bytes, length: actual, patchLength: false) else {
                throw BytecodeError(.corrupted, "checksum mismatch: the file is corrupted", offset: actual - BytecodeFormat.checksumSize)
            }
            return actual
        }
        if actual >= minimum, checksumMatches(bytes, length: actual, patchLength: true) {
            throw BytecodeError(.corrupted, "checksum mismatch: the file is corrupted (its length field at offset 20 is damaged)", offset: 20)
        }
        if declared < minimum {
            throw BytecodeError(.malformed, "header declares a file length of \(declared) bytes, less than the \(minimum) of a header and checksum", offset: 20)
        }
        if declared > actual {
            throw BytecodeError(.truncated, "file is truncated: its header declares \(declared) bytes, only \(actual) are present", offset: actual)
        }
        if checksumMatches(bytes, length: declared, patchLength: false) {
            throw BytecodeError(.malformed, "\(actual - declared) unexpected bytes after the end of the bytecode at offset \(declared)", offset: declared)
        }
        throw BytecodeError(.corrupted, "checksum mismatch: the file is corrupted", offset: declared - BytecodeFormat.checksumSize)
    }

    /// Whether the CRC stored in the last 4 of the first `length` bytes matches what precedes it;
    /// with `patchLength`, as if the length field said `length`.
    static func checksumMatches(_ bytes: [UInt8], length: Int, patchLength: Bool) -> Bool {
        let body = length - BytecodeFormat.checksumSize
        var crc = CRC32()
        if patchLength {
            let n = UInt32(truncatingIfNeeded: length)
            crc.update(bytes[0..<20])
            crc.update((0..<4).map { UInt8(truncatingIfNeeded: n >> UInt32(8 * $0)) })
            crc.update(bytes[24..<body])
        } else {
            crc.update(bytes[0..<body])
        }
        return crc.value == readU32(bytes, body)
    }

    static func readU32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
    }

    static func readU64(_ b: [UInt8], _ at: Int) -> UInt64 {
        UInt64(readU32(b, at)) | UInt64(readU32(b, at + 4)) << 32
    }
}

/// Reads one section's payload; every read is bounds-checked against the section's end.
private struct SectionReader {
    let bytes: [UInt8]
    var pos: Int
    let end: Int
    let section: BytecodeFormat.Section

    init(bytes: [UInt8], range: Range<Int>, section: BytecodeFormat.Section) {
        self.bytes = bytes; self.pos = range.lowerBound; self.end = range.upperBound; self.section = section
    }

    var remaining: Int { end - pos }

    func fail(_ message: String, at offset: Int) -> BytecodeError {
        BytecodeError(.malformed, "section '\(section.name)', offset \(offset): \(message)", offset: offset)
    }

    func need(_ n: Int, _ what: @autoclosure () -> String) throws(BytecodeError) {
        guard remaining >= n else {
            throw BytecodeError(.malformed, "section '\(section.name)' ends early: \(what()) needs \(n) bytes at offset \(pos), \(remaining) remain", offset: pos)
        }
    }

    mutating func u8(_ what: @autoclosure () -> String) throws(BytecodeError) -> UInt8 {
        try need(1, what())
        defer { pos += 1 }
        return bytes[pos]
    }

    mutating func u16(_ what: @autoclosure () -> String) throws(BytecodeError) -> UInt16 {
        try need(2, what())
        defer { pos += 2 }
        return UInt16(bytes[pos]) | UInt16(bytes[pos + 1]) << 8
    }

    mutating func u32(_ what: @autoclosure () -> String) throws(BytecodeError) -> UInt32 {
        try need(4, what())
        defer { pos += 4 }
        return BytecodeReader.readU32(bytes, pos)
    }

    mutating func u64(_ what: @autoclosure () -> String) throws(BytecodeError) -> UInt64 {
        try need(8, what())
        defer { pos += 8 }
        return BytecodeReader.readU64(bytes, pos)
    }

    mutating func f64(_ what: @autoclosure () -> String) throws(BytecodeError) -> Double {
        Double(bitPattern: try u64(what()))
    }

    mutating func f64s(_ n: Int, _ what: @autoclosure () -> String) throws(BytecodeError) -> [Double] {
        try need(8 * n, what())
        var xs: [Double] = []
        xs.reserveCapacity(n)
        for _ in 0..<n { xs.append(try f64(what())) }
        return xs
    }

    /// A count, checked before anything is allocated for it: entries of at least `minSize` bytes
    /// must fit in what remains, and the count must be within `limit`.
    mutating func count(_ what: String, minSize: Int, limit: Int = Limits.maxIndex) throws(BytecodeError) -> Int {
        let at = pos
        let n = Int(try u32("the number of \(what)"))
        guard n <= remaining / minSize else {
            throw fail("\(n) \(what) declared, but the \(remaining) bytes that remain hold at most \(remaining / minSize)", at: at)
        }
        guard n <= limit else {
            throw fail("\(n) \(what) declared, over the limit of \(limit)", at: at)
        }
        return n
    }

    mutating func string(_ strings: [String], _ what: @autoclosure () -> String) throws(BytecodeError) -> String {
        let at = pos
        let i = Int(try u32(what()))
        guard i < strings.count else {
            throw fail("\(what()) refers to string \(i), but there are \(strings.count)", at: at)
        }
        return strings[i]
    }

    mutating func keyPath(_ what: @autoclosure () -> String) throws(BytecodeError) -> KeyPath {
        let at = pos
        let packed = try u32(what())
        guard let kp = KeyPath(packed: packed) else {
            throw fail("\(what()) is 0x\(String(packed, radix: 16)), which is not a key path", at: at)
        }
        return kp
    }

    func finish() throws(BytecodeError) {
        guard pos == end else { throw fail("\(remaining) unexpected bytes after the last entry", at: pos) }
    }

    // MARK: sections

    mutating func strings() throws(BytecodeError) -> [String] {
        let n = try count("strings", minSize: 4)
        var out: [String] = []
        out.reserveCapacity(n)
        for i in 0..<n {
            let length = Int(try u32("the length of string \(i)"))
            try need(length, "string \(i)")
            let at = pos
            guard let s = String(validating: bytes[pos..<pos + length], as: UTF8.self) else {
                throw fail("string \(i) is not valid UTF-8", at: at)
            }
            pos += length
            out.append(s)
        }
        return out
    }

    mutating func scene(_ strings: [String]) throws(BytecodeError) -> (String, SceneInfo, UInt32, [CustomKey]) {
        let name = try string(strings, "the source name")
        let x = try f64s(9, "the scene's numbers")
        let at = pos
        let code = try u8("the origin")
        guard let origin = BytecodeFormat.origin(code: code) else { throw fail("unknown origin \(code)", at: at) }
        let globals = try u32("the global count")
        let n = try count("custom keys", minSize: 6)
        var keys: [CustomKey] = []
        for i in 0..<n {
            let keyName = try string(strings, "the name of custom key \(i)")
            let dat = pos
            let code = try u8("the dimension of custom key \(i)")
            guard let dimension = BytecodeFormat.dimension(code: code) else {
                throw fail("custom key \(i) has unknown dimension \(code)", at: dat)
            }
            let v = try constant(strings, label: "the default of custom key \(i)")
            keys.append(CustomKey(name: keyName, defaultValue: v, dimension: dimension))
        }
        return (name, SceneInfo(size: Size(x[0], x[1]), scale: x[2], fps: x[3], duration: x[4],
                                background: Color(x[5], x[6], x[7], x[8]), origin: origin), globals, keys)
    }

    mutating func constants(_ strings: [String]) throws(BytecodeError) -> [Value] {
        let n = try count("constants", minSize: 2)
        var out: [Value] = []
        out.reserveCapacity(n)
        for i in 0..<n { out.append(try constant(strings, label: "constant K\(i)")) }
        return out
    }

    /// One constant of a file (the constants section, custom keys' defaults).
    mutating func constant(_ strings: [String], label: String) throws(BytecodeError) -> Value {
        typealias Tag = BytecodeFormat.ConstantTag
        let at = pos
        let raw = try u8(label)
        guard let tag = Tag(rawValue: raw) else { throw fail("\(label) has unknown type tag \(Format.hex(raw))", at: at) }
        let what = label
        switch tag {
        case .number: return (.number(try f64(what)))
        case .bool:
            let b = try u8(what)
            guard b <= 1 else { throw fail("\(label) is a bool of value \(b), not 0 or 1", at: at) }
            return (.bool(b == 1))
        case .point:
            let x = try f64s(2, what)
            return (.point(Point(x[0], x[1])))
        case .size:
            let x = try f64s(2, what)
            return (.size(Size(x[0], x[1])))
        case .rect:
            let x = try f64s(4, what)
            return (.rect(Rect(x[0], x[1], x[2], x[3])))
        case .color:
            let x = try f64s(4, what)
            return (.color(Color(x[0], x[1], x[2], x[3])))
        case .string: return (.string(try string(strings, what)))
        case .timing:
            let x = try f64s(4, what)
            return (.timing(TimingFunction(x[0], x[1], x[2], x[3])))
        case .springTiming:
            let x = try f64s(4, what)
            let s = Spring(mass: x[0], stiffness: x[1], damping: x[2], initialVelocity: x[3])
            guard s.isValid else { throw fail("\(label) is a spring with mass \(Format.number(x[0])), stiffness \(Format.number(x[1])), damping \(Format.number(x[2])) and velocity \(Format.number(x[3])), which is not a spring", at: at) }
            return .timing(TimingFunction(spring: s))
        case .transform: return (.transform(Transform3D(try f64s(16, what))))
        case .enumCase: return (.enumCase(try u8(what)))
        case .path:
            let n = try count("elements of \(label)", minSize: 1)
            var elements: [BezierPath.Element] = []
            elements.reserveCapacity(n)
            for _ in 0..<n {
                let eat = pos
                let kind = try u8(what)
                switch kind {
                case 0: let x = try f64s(2, what); elements.append(.move(Point(x[0], x[1])))
                case 1: let x = try f64s(2, what); elements.append(.line(Point(x[0], x[1])))
                case 2: let x = try f64s(4, what); elements.append(.quad(Point(x[0], x[1]), Point(x[2], x[3])))
                case 3:
                    let x = try f64s(6, what)
                    elements.append(.cubic(Point(x[0], x[1]), Point(x[2], x[3]), Point(x[4], x[5])))
                case 4: elements.append(.close)
                default: throw fail("\(label) has a path element of unknown kind \(kind)", at: eat)
                }
            }
            return (.path(BezierPath(elements)))
        case .image: return (.image(try string(strings, what)))
        case .none, .layer, .animation:
            let kind = tag == .none ? "'none'" : tag == .layer ? "a layer handle" : "an animation handle"
            throw fail("\(label) is \(kind), which a bytecode file cannot hold", at: at)
        }
    }

    mutating func functions(_ strings: [String]) throws(BytecodeError) -> [Function] {
        let n = try count("functions", minSize: 16)
        var out: [Function] = []
        out.reserveCapacity(n)
        for fi in 0..<n {
            let name = try string(strings, "the name of function F\(fi)")
            let params = try u16("the parameter count of function F\(fi)")
            let registers = try u16("the register count of function F\(fi)")
            let codeCount = try count("instructions in function F\(fi)", minSize: 8, limit: Int(UInt32.max))
            var code: [Instruction] = []
            code.reserveCapacity(codeCount)
            for k in 0..<codeCount {
                let at = pos
                let word = try u64("instruction \(k) of function F\(fi)")
                guard let ins = Instruction(word: word) else {
                    throw fail("function F\(fi) instruction \(Format.index4(k)) has unknown opcode \(Format.hex(UInt8(word & 0xFF)))", at: at)
                }
                code.append(ins)
            }
            let runCount = try count("line runs in function F\(fi)", minSize: 8, limit: Int(UInt32.max))
            var lines: [UInt32] = []
            lines.reserveCapacity(codeCount)
            for k in 0..<runCount {
                let at = pos
                let line = try u32("line run \(k) of function F\(fi)")
                let length = Int(try u32("line run \(k) of function F\(fi)"))
                guard length > 0 else { throw fail("line run \(k) of function F\(fi) is empty", at: at) }
                guard length <= codeCount - lines.count else {
                    throw fail("the line table of function F\(fi) covers more than its \(codeCount) instructions", at: at)
                }
                lines.append(contentsOf: repeatElement(line, count: length))
            }
            guard lines.count == codeCount else {
                throw fail("the line table of function F\(fi) covers \(lines.count) of its \(codeCount) instructions", at: pos)
            }
            out.append(Function(name: name, paramCount: params, registerCount: registers, code: code, lines: lines))
        }
        return out
    }

    mutating func layerTemplates(_ strings: [String]) throws(BytecodeError) -> [LayerTemplate] {
        let n = try count("layer templates", minSize: 9)
        var out: [LayerTemplate] = []
        out.reserveCapacity(n)
        for ti in 0..<n {
            let at = pos
            let rawKind = try u8("the kind of layer template LT\(ti)")
            guard let kind = LayerKind(rawValue: rawKind) else { throw fail("layer template LT\(ti) has unknown kind \(rawKind)", at: at) }
            let name = try string(strings, "the name of layer template LT\(ti)")
            let pc = try count("properties in layer template LT\(ti)", minSize: 8, limit: Int(UInt32.max))
            var props: [PropertyInit] = []
            props.reserveCapacity(pc)
            for k in 0..<pc {
                let kp = try keyPath("the key path of property \(k) of layer template LT\(ti)")
                props.append(PropertyInit(kp, try u32("the constant of property \(k) of layer template LT\(ti)")))
            }
            out.append(LayerTemplate(kind: kind, name: name, properties: props))
        }
        return out
    }

    mutating func animationTemplates() throws(BytecodeError) -> [AnimationTemplate] {
        let n = try count("animation templates", minSize: 9)
        var out: [AnimationTemplate] = []
        out.reserveCapacity(n)
        for ti in 0..<n {
            let at = pos
            let rawKind = try u8("the kind of animation template AT\(ti)")
            guard let kind = AnimationKind(rawValue: rawKind) else { throw fail("animation template AT\(ti) has unknown kind \(rawKind)", at: at) }
            let kp = try keyPath("the key path of animation template AT\(ti)")
            let fc = try count("fields in animation template AT\(ti)", minSize: 5, limit: Int(UInt32.max))
            var fields: [FieldInit] = []
            fields.reserveCapacity(fc)
            for k in 0..<fc {
                let fat = pos
                let raw = try u8("field \(k) of animation template AT\(ti)")
                guard let field = AnimField(rawValue: raw) else {
                    throw fail("field \(k) of animation template AT\(ti) has unknown field number \(raw)", at: fat)
                }
                fields.append(FieldInit(field, try u32("the constant of field \(k) of animation template AT\(ti)")))
            }
            out.append(AnimationTemplate(kind: kind, keyPath: kp, fields: fields))
        }
        return out
    }

    mutating func behaviorTemplates(_ strings: [String]) throws(BytecodeError) -> [BehaviorTemplate] {
        let n = try count("behaviour templates", minSize: 9)
        var out: [BehaviorTemplate] = []
        out.reserveCapacity(n)
        for ti in 0..<n {
            let at = pos
            let rawKind = try u8("the kind of behaviour template BT\(ti)")
            guard let kind = BehaviorKind(rawValue: rawKind) else { throw fail("behaviour template BT\(ti) has unknown kind \(rawKind)", at: at) }
            let name = try string(strings, "the name of behaviour template BT\(ti)")
            let fc = try count("fields in behaviour template BT\(ti)", minSize: 5, limit: Int(UInt32.max))
            var fields: [DynFieldInit] = []
            fields.reserveCapacity(fc)
            for k in 0..<fc {
                let fat = pos
                let raw = try u8("field \(k) of behaviour template BT\(ti)")
                guard let field = DynField(rawValue: raw) else {
                    throw fail("field \(k) of behaviour template BT\(ti) has unknown field number \(raw)", at: fat)
                }
                fields.append(DynFieldInit(field, try u32("the constant of field \(k) of behaviour template BT\(ti)")))
            }
            out.append(BehaviorTemplate(kind: kind, name: name, fields: fields))
        }
        return out
    }
}
