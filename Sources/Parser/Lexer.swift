// The lexer: bytes → tokens, in one pass over UTF-8 bytes with no backtracking. It never fails:
// unexpected bytes become `.invalid` tokens with a diagnostic, so the parser can keep going and the
// user sees every problem in one run.

import CalcCore

public struct Lexer {
    let file: SourceFile
    let b: [UInt8]
    var i = 0
    /// Lexing stops here: the file's end, or the end of an interpolated expression inside a string.
    /// (a line longer than `maxLineLength` moves it to where that line passes the limit)
    var end: Int
    let wholeFile: Bool
    public private(set) var diagnostics = DiagnosticBag()
    /// How many `\( … )` interpolations enclose the position being lexed (a lexer over an
    /// interpolated expression starts at its own depth), and whether a string went deeper than
    /// `maxInterpolationDepth`: its line is then skipped without further diagnostics.
    var interpolationDepth = 0
    var abandonedLine = false
    /// `b` while `run` lexes: the scanning methods read bytes through it, without the array's bounds
    /// checks (each read is guarded by a comparison with `end`, which is at most `b.count`).
    var p = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    /// Lines longer than this are reported, and lexing stops where the first one passes the limit
    /// (the file has an error already; lexing on would report thousands more from garbage): very
    /// long lines are almost always generated garbage or a missing newline.
    public static let maxLineLength = 10_000
    /// String interpolations nested deeper than this (`"\("\("…`) are an error that ends the line:
    /// each level is lexed and parsed again by its own sub-parser, so depth costs time squared.
    public static let maxInterpolationDepth = 32
    /// Numeric literal digits beyond this are reported rather than silently rounded away.
    public static let maxNumberLength = 64

    public init(file: SourceFile) {
        self.file = file
        self.b = file.bytes
        self.end = file.bytes.count
        self.wholeFile = true
    }

    /// A lexer over part of a file (the expression inside `\( … )` in a string literal, or a
    /// piece of a file lexed on its own thread). `checksFile`: it also checks the whole file's
    /// encoding and line lengths, as a whole-file lexer does.
    public init(file: SourceFile, range: Range<Int>, checksFile: Bool = false, interpolationDepth: Int = 0) {
        self.file = file
        self.b = file.bytes
        self.i = max(0, range.lowerBound)
        self.end = min(file.bytes.count, range.upperBound)
        self.wholeFile = checksFile
        self.interpolationDepth = interpolationDepth
    }

    public static func tokenize(_ file: SourceFile) -> (tokens: [Token], diagnostics: DiagnosticBag) {
        var lx = Lexer(file: file)
        let toks = lx.run()
        return (toks, lx.diagnostics)
    }

    public static func tokenize(_ file: SourceFile, range: Range<Int>, interpolationDepth: Int = 0) -> (tokens: [Token], diagnostics: DiagnosticBag) {
        var lx = Lexer(file: file, range: range, interpolationDepth: interpolationDepth)
        let toks = lx.run()
        return (toks, lx.diagnostics)
    }

    mutating func run() -> [Token] {
        if wholeFile { checkEncodingAndLines() }
        let bytes = b
        return bytes.withUnsafeBufferPointer { buffer in
            p = buffer
            defer { p = UnsafeBufferPointer(start: nil, count: 0) }
            return Lexer.byteTable.withUnsafeBufferPointer { table in
                Keywords.slots.withUnsafeBufferPointer { slots in
                    // Tokens are written straight into an array's uninitialized room (appending
                    // checked the count against the capacity and reloaded both for every token).
                    // A token per three bytes is room enough for source text; if a file needs
                    // more, lexing goes on into another array, appended to the first.
                    var tokens: [Token] = []
                    var newline = true
                    var done = false
                    var room = (end - i) / 3 + 16
                    while !done {
                        let part = [Token](unsafeUninitializedCapacity: room) { out, count in
                            done = scan(table, slots, into: out, count: &count, newline: &newline)
                        }
                        if tokens.isEmpty { tokens = part } else { tokens += part }
                        room = end - i + 1   // (every token but the last takes a byte or more)
                    }
                    return tokens
                }
            }
        }
    }

    /// Per byte value: bits 0–15 the lengths of the keywords that start with that byte (bit n set:
    /// there is one of n bytes), so most names are known not to be keywords without being hashed;
    /// then what the byte can be (one table load per byte instead of range tests).
    static let byteTable: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 256)
        for c in 0..<256 {
            let b = UInt8(c)
            if isIdentChar(b) { t[c] |= nameChar }
            if isIdentStart(b) { t[c] |= nameStart }
            if b == 0x20 || b == 0x09 || b == 0x0D { t[c] |= blank }
            if b == 0x0A { t[c] |= lineFeed }
            if isIdentChar(b) || b == UInt8(ascii: ".") { t[c] |= numberChar }
        }
        for word in TokenKind.keywords.keys {
            let bytes = Array(word.utf8)
            precondition(bytes.count < 16 && bytes.allSatisfy(isIdentChar) && isIdentStart(bytes[0]))
            t[Int(bytes[0])] |= 1 << UInt32(bytes.count)
        }
        return t
    }()
    /// (`numberChar`: a byte that may continue a number literal after its first digits: a digit,
    /// '_', '.', an exponent or a unit letter)
    static let nameChar: UInt32 = 1 << 16, nameStart: UInt32 = 1 << 17, numberChar: UInt32 = 1 << 18
    /// (`blank`: space, tab or carriage return)
    static let blank: UInt32 = 1 << 19, lineFeed: UInt32 = 1 << 20

    /// The main loop: lexes from `i` into `out` from `count` on; returns true when the end of file
    /// token is written, false when `out` is full first (then `i` and `newline` say where to go on).
    /// Trivia, names, keywords, plain integers and the commonest punctuation — most of a file —
    /// are scanned inline with the position in a local (stores to `self.i` kept it in memory); the
    /// other tokens go through `lexNumber` and `lexOne` with `self.i` synced around the call.
    mutating func scan(_ table: UnsafeBufferPointer<UInt32>, _ slots: UnsafeBufferPointer<Keywords.Slot>,
                       into out: UnsafeMutableBufferPointer<Token>, count: inout Int, newline: inout Bool) -> Bool {
        let p = self.p, end = self.end
        var i = self.i
        var written = count
        var afterNewline = newline
        while true {
            if written == out.count {
                self.i = i
                count = written
                newline = afterNewline
                return false
            }
            while i < end {
                // (one table load tells blanks and newlines apart from the rest: compared with
                // each, the bytes went through a jump table)
                let bits = table[Int(p[i])]
                if bits & Lexer.blank != 0 { i += 1; continue }
                if bits & Lexer.lineFeed != 0 { afterNewline = true; i += 1; continue }
                if p[i] == UInt8(ascii: "/"), i + 1 < end, p[i + 1] == UInt8(ascii: "/") || p[i + 1] == UInt8(ascii: "*") {
                    self.i = i
                    if skipComment() { afterNewline = true }
                    i = self.i
                    continue
                }
                break
            }
            if i >= end {
                self.i = i
                out.initializeElement(at: written, to: Token(kind: .eof, start: end, end: end, afterNewline: true))
                count = written + 1
                return true
            }
            let start = i
            let c = p[i]
            let bits = table[Int(c)]
            let kind: TokenKind
            if bits & Lexer.nameStart != 0 {
                i += 1
                while i < end, table[Int(p[i])] & Lexer.nameChar != 0 { i += 1 }
                let n = i - start
                kind = n < 16 && (bits >> UInt32(n)) & 1 != 0 ? Keywords.kind(p, start, i, slots) : .identifier
            } else {
                switch c {
                case UInt8(ascii: "{"): i += 1; kind = .lbrace
                case UInt8(ascii: "}"): i += 1; kind = .rbrace
                case UInt8(ascii: "("): i += 1; kind = .lparen
                case UInt8(ascii: ")"): i += 1; kind = .rparen
                case UInt8(ascii: ","): i += 1; kind = .comma
                case UInt8(ascii: ":"): i += 1; kind = .colon
                default:
                    // a plain integer (digits up to a byte that cannot continue a number) is
                    // finished here; anything longer is lexed again by `lexNumber`
                    if Lexer.isDigit(c) {
                        i += 1
                        while i < end, Lexer.isDigit(p[i]) { i += 1 }
                        if (i < end && table[Int(p[i])] & Lexer.numberChar != 0) || i - start > Lexer.maxNumberLength {
                            i = start
                        } else {
                            kind = .number
                            break
                        }
                    }
                    self.i = i
                    kind = Lexer.isDigit(c) ? lexNumber() : lexOne()
                    i = self.i
                }
            }
            out.initializeElement(at: written, to: Token(kind: kind, start: start, end: i, afterNewline: afterNewline))
            written += 1
            afterNewline = false
        }
    }

    mutating func checkEncodingAndLines() {
        // Non-UTF-8 input: report the first bad byte once (strings and comments may hold any valid UTF-8).
        var j = 0
        while j < b.count {
            // ASCII runs eight bytes at a time (nearly all source text)
            if j + 8 <= b.count, b.withUnsafeBytes({ $0.loadUnaligned(fromByteOffset: j, as: UInt64.self) }) & 0x8080_8080_8080_8080 == 0 {
                j += 8
                continue
            }
            let c = b[j]
            var len = 0
            if c < 0x80 { len = 1 } else if c & 0xE0 == 0xC0, c >= 0xC2 { len = 2 } else if c & 0xF0 == 0xE0 { len = 3 } else if c & 0xF8 == 0xF0, c <= 0xF4 { len = 4 }
            var ok = len > 0 && j + len <= b.count
            if ok { for k in 1..<len where b[j + k] & 0xC0 != 0x80 { ok = false } }
            if !ok {
                diagnostics.error("E0003", "the file is not valid UTF-8", at: Span(j, j + 1),
                                  label: String(format2Hex: c))
                break
            }
            j += len
        }
        for (n, start) in file.lineStarts.enumerated() {
            let lineEnd = n + 1 < file.lineStarts.count ? file.lineStarts[n + 1] : b.count
            if lineEnd - start > Lexer.maxLineLength {
                diagnostics.error("E0004", "line is longer than \(Lexer.maxLineLength) bytes", at: Span(start, start + 1),
                                  label: "the rest of the file is not read")
                end = max(i, min(end, start + Lexer.maxLineLength))
                break
            }
        }
    }

    /// Skips the comment at `i` (`//` to the end of the line, or a nested `/* … */`); returns true
    /// if a newline inside a block comment was crossed (a line comment stops before its newline).
    mutating func skipComment() -> Bool {
        var sawNewline = false
        if p[i + 1] == UInt8(ascii: "/") {
            while i < end, p[i] != 0x0A { i += 1 }
            return false
        }
        let start = i
        i += 2
        var depth = 1
        while i < end, depth > 0 {
            if p[i] == 0x0A { sawNewline = true }
            if p[i] == UInt8(ascii: "*"), i + 1 < end, p[i + 1] == UInt8(ascii: "/") { depth -= 1; i += 2; continue }
            if p[i] == UInt8(ascii: "/"), i + 1 < end, p[i + 1] == UInt8(ascii: "*") { depth += 1; i += 2; continue }
            i += 1
        }
        if depth > 0 { diagnostics.error("E0005", "unterminated block comment", at: Span(start, start + 2), label: "comment starts here") }
        return sawNewline
    }

    // (`c | 0x20` folds upper into lower case letters; `&-` makes one unsigned range test)
    @inline(__always) static func isIdentStart(_ c: UInt8) -> Bool { (c | 0x20) &- 0x61 < 26 || c == 0x5F }
    @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }
    @inline(__always) static func isIdentChar(_ c: UInt8) -> Bool { isIdentStart(c) || isDigit(c) }

    /// Punctuation, strings, colours, numbers such as `.5` and bytes that start no token (`scan`
    /// lexes names, keywords and the commonest punctuation itself, and numbers with `lexNumber`).
    mutating func lexOne() -> TokenKind {
        let c = p[i]
        if c == UInt8(ascii: "."), i + 1 < end, Lexer.isDigit(p[i + 1]), !(i > 0 && p[i - 1] == UInt8(ascii: ".")) {
            return lexNumber()
        }
        switch c {
        case UInt8(ascii: "\""): return lexString()
        case UInt8(ascii: "#"): return lexHex()
        case UInt8(ascii: "{"): i += 1; return .lbrace
        case UInt8(ascii: "}"): i += 1; return .rbrace
        case UInt8(ascii: "("): i += 1; return .lparen
        case UInt8(ascii: ")"): i += 1; return .rparen
        case UInt8(ascii: "["): i += 1; return .lbracket
        case UInt8(ascii: "]"): i += 1; return .rbracket
        case UInt8(ascii: ","): i += 1; return .comma
        case UInt8(ascii: ":"): i += 1; return .colon
        case UInt8(ascii: ";"): i += 1; return .semicolon
        case UInt8(ascii: "+"): i += 1; return .plus
        case UInt8(ascii: "*"): i += 1; return .star
        case UInt8(ascii: "/"): i += 1; return .slash
        case UInt8(ascii: "%"): i += 1; return .percent
        case UInt8(ascii: "?"): i += 1; return .question
        case UInt8(ascii: "-"):
            i += 1
            if peek(">") { i += 1; return .arrow }
            return .minus
        case UInt8(ascii: "."):
            if peek(at: 1, "."), peek(at: 2, ".") { i += 3; return .dotDotDot }
            if peek(at: 1, "."), peek(at: 2, "<") { i += 3; return .dotDotLess }
            i += 1; return .dot
        case UInt8(ascii: "="):
            i += 1
            if peek("=") { i += 1; return .equalEqual }
            return .equal
        case UInt8(ascii: "!"):
            i += 1
            if peek("=") { i += 1; return .bangEqual }
            return .bang
        case UInt8(ascii: "<"):
            i += 1
            if peek("=") { i += 1; return .lessEqual }
            return .less
        case UInt8(ascii: ">"):
            i += 1
            if peek("=") { i += 1; return .greaterEqual }
            return .greater
        case UInt8(ascii: "&"):
            if peek(at: 1, "&") { i += 2; return .ampAmp }
        case UInt8(ascii: "|"):
            if peek(at: 1, "|") { i += 2; return .pipePipe }
        default: break
        }
        // Unknown: consume one whole UTF-8 scalar (or one bad byte) and report it.
        let start = i
        i += 1
        while i < end, p[i] & 0xC0 == 0x80 { i += 1 }
        let text = String(decoding: b[start..<i], as: UTF8.self)
        // bytes that are not UTF-8 were already reported once for the whole file (E0003)
        let malformed = text.unicodeScalars.contains("\u{FFFD}") && !(b[start] == 0xEF && i - start == 3)
        if !malformed { diagnostics.error("E0001", "unexpected character '\(text)'", at: Span(start, i)) }
        return .invalid
    }

    func peek(_ s: Unicode.Scalar) -> Bool { i < end && p[i] == UInt8(ascii: s) }
    func peek(at k: Int, _ s: Unicode.Scalar) -> Bool { i + k < end && p[i + k] == UInt8(ascii: s) }

    mutating func lexNumber() -> TokenKind {
        let start = i
        while i < end, Lexer.isDigit(p[i]) || p[i] == UInt8(ascii: "_") { i += 1 }
        if i < end, p[i] == UInt8(ascii: "."), i + 1 < end, Lexer.isDigit(p[i + 1]) {
            i += 1
            while i < end, Lexer.isDigit(p[i]) || p[i] == UInt8(ascii: "_") { i += 1 }
        }
        if i < end, p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E") {
            var j = i + 1
            if j < end, p[j] == UInt8(ascii: "+") || p[j] == UInt8(ascii: "-") { j += 1 }
            if j < end, Lexer.isDigit(p[j]) {
                i = j
                while i < end, Lexer.isDigit(p[i]) { i += 1 }
            }
        }
        let numEnd = i
        // unit suffix: letters directly after the digits
        while i < end, Lexer.isIdentStart(p[i]) { i += 1 }
        if numEnd - start > Lexer.maxNumberLength {
            diagnostics.error("E0006", "number literal is too long (more than \(Lexer.maxNumberLength) characters)", at: Span(start, numEnd))
        }
        return .number
    }

    mutating func lexString() -> TokenKind {
        let start = i
        i += 1
        while i < end {
            let c = p[i]
            if c == UInt8(ascii: "\"") { i += 1; return .string }
            if c == 0x0A { break }
            if c == UInt8(ascii: "\\") {
                if i + 1 < end, p[i + 1] == UInt8(ascii: "(") {
                    i += 2
                    skipInterpolation()
                    continue
                }
                i += 2
                continue
            }
            i += 1
        }
        i = min(i, end)
        if !abandonedLine {
            diagnostics.error("E0007", "unterminated string literal", at: Span(start, start + 1), label: "string starts here")
        }
        if interpolationDepth == 0 { abandonedLine = false }
        return .string
    }

    /// Skips the expression of a `\( … )` interpolation up to its closing parenthesis (nested
    /// parentheses and string literals included); stops at a newline, which ends the string.
    mutating func skipInterpolation() {
        if interpolationDepth >= Lexer.maxInterpolationDepth {
            if !abandonedLine {
                diagnostics.error("E0010", "string interpolations nest deeper than \(Lexer.maxInterpolationDepth) levels",
                                  at: Span(i - 2, i), label: "the rest of the line is skipped")
            }
            abandonedLine = true
            while i < end, p[i] != 0x0A { i += 1 }
            return
        }
        interpolationDepth += 1
        defer { interpolationDepth -= 1 }
        var depth = 1
        while i < end, depth > 0 {
            let c = p[i]
            if c == 0x0A { return }
            if c == UInt8(ascii: "\"") { _ = lexString(); continue }
            if c == UInt8(ascii: "(") { depth += 1 } else if c == UInt8(ascii: ")") { depth -= 1 }
            i += 1
        }
    }

    mutating func lexHex() -> TokenKind {
        let start = i
        i += 1
        while i < end, Lexer.isIdentChar(p[i]) { i += 1 }
        let digits = i - start - 1
        let text = String(decoding: b[(start + 1)..<i], as: UTF8.self)
        if ![3, 4, 6, 8].contains(digits) || Color(hex: text) == nil {
            diagnostics.error("E0008", "invalid color literal '#\(text)'", at: Span(start, i),
                              label: "expected 3, 4, 6 or 8 hexadecimal digits")
        }
        return .hexColor
    }
}

/// Keyword lookup straight from the bytes, without building a String per identifier (that String
/// and its hashing were a third of the lexer's time). Derived from `TokenKind.keywords`, the single
/// list of keywords: each is packed, zero-padded, into two words and placed in a small open-addressing
/// table; identifiers longer than 16 bytes are never keywords.
enum Keywords {
    static let slotCount = 64
    /// (first 8 bytes, next 8 bytes, kind) per slot; kind nil for an empty slot.
    typealias Slot = (UInt64, UInt64, TokenKind?)
    static let slots: [Slot] = {
        var t = [Slot](repeating: (0, 0, nil), count: slotCount)
        for (word, kind) in TokenKind.keywords.sorted(by: { $0.key < $1.key }) {
            let bytes = Array(word.utf8)
            precondition(bytes.count <= 16 && TokenKind.keywords.count < slotCount / 2)
            let (lo, hi) = bytes.withUnsafeBufferPointer { pack($0, 0, $0.count) }
            var h = slot(lo, hi)
            while t[h].2 != nil { h = (h + 1) & (slotCount - 1) }
            t[h] = (lo, hi, kind)
        }
        return t
    }()

    /// `b[start..<end]` (at most 16 bytes) packed little-endian into two words, zero-padded. Two
    /// unaligned loads and masks where 16 bytes are readable from `start`, else byte by byte.
    @inline(__always) static func pack(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (UInt64, UInt64) {
        let n = end - start
        if start >= 0, start + 16 <= b.count, let base = b.baseAddress {
            let raw = UnsafeRawPointer(base + start)
            let w0 = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            let w1 = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            let lo = n >= 8 ? w0 : w0 & ((1 &<< UInt64(8 * n)) &- 1)
            let hi = n >= 16 ? w1 : n <= 8 ? 0 : w1 & ((1 &<< UInt64(8 * (n - 8))) &- 1)
            return (lo, hi)
        }
        var lo: UInt64 = 0, hi: UInt64 = 0
        var k = start
        while k < end, k < start + 8 { lo |= UInt64(b[k]) << UInt64(8 * (k - start)); k += 1 }
        while k < end { hi |= UInt64(b[k]) << UInt64(8 * (k - start - 8)); k += 1 }
        return (lo, hi)
    }

    @inline(__always) static func slot(_ lo: UInt64, _ hi: UInt64) -> Int {
        Int(truncatingIfNeeded: ((lo ^ (hi &* 31)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    /// The keyword spelled by the name `b[start..<end]` (at most 16 bytes), else `.identifier`;
    /// `table` is `slots`.
    @inline(__always) static func kind(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                                       _ table: UnsafeBufferPointer<Slot>) -> TokenKind {
        let (lo, hi) = pack(b, start, end)
        var h = slot(lo, hi)
        while let kind = table[h].2 {
            if table[h].0 == lo, table[h].1 == hi { return kind }
            h = (h + 1) & (slotCount - 1)
        }
        return .identifier
    }
}

extension String {
    init(format2Hex c: UInt8) {
        let hex = Array("0123456789abcdef")
        self = "byte 0x" + String(hex[Int(c >> 4)]) + String(hex[Int(c & 15)])
    }
}

/// Literal decoding helpers shared with the parser.
public enum Literals {
    /// Splits `2.5s` into (2.5, "s"); nil if the digits do not form a finite number.
    public static func number(_ text: String) -> (Double, String)? {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return number(Array(text.utf8), 0, text.utf8.count) }
        var digits = ""
        var unit = ""
        var inUnit = false
        for ch in text {
            if !inUnit, ch.isNumber || ch == "." || ch == "_" || ((ch == "e" || ch == "E") && !digits.isEmpty && !digits.contains("e")) || ((ch == "+" || ch == "-") && digits.last == "e") {
                if ch != "_" { digits.append(ch == "E" ? "e" : ch) }
            } else {
                inUnit = true
                unit.append(ch)
            }
        }
        // A trailing 'e' with no exponent belongs to the unit (e.g. none such today, but be exact).
        if digits.hasSuffix("e") { digits.removeLast(); unit = "e" + unit }
        guard let v = Double(digits), v.isFinite else { return nil }
        return (v, unit)
    }

    /// `number(_:)` over the ASCII bytes `b[start..<end]` (a number token), without Characters: the
    /// same split, and plain literals (`12`, `0.5`, up to 15 significant digits, no exponent) are
    /// converted exactly as strtod would (m / 10^k with both exact is one correctly rounded division,
    /// Clinger's fast path); anything else goes through `Double(String)`.
    public static func number(_ b: [UInt8], _ start: Int, _ end: Int) -> (Double, String)? {
        // the digits are the kept characters (all but '_') before the first byte that cannot extend them
        var k = start
        var kept = 0
        var last: UInt8 = 0
        var hasE = false
        while k < end {
            let c = b[k]
            let e = c | 0x20 == UInt8(ascii: "e")
            guard c &- 0x30 < 10 || c == UInt8(ascii: ".") || c == UInt8(ascii: "_") || (e && kept > 0 && !hasE)
                || ((c == UInt8(ascii: "+") || c == UInt8(ascii: "-")) && last == UInt8(ascii: "e")) else { break }
            if c != UInt8(ascii: "_") {
                kept += 1
                last = e ? UInt8(ascii: "e") : c
                if e { hasE = true }
            }
            k += 1
        }
        let digitsEnd = k
        var unit = unitText(b, digitsEnd, end)
        // a trailing 'e' with no exponent belongs to the unit
        let trailingE = last == UInt8(ascii: "e")
        if trailingE { unit = "e" + unit }
        if !hasE || trailingE, let v = exactDecimal(b, start, digitsEnd) { return (v, unit) }
        var digits = ""
        for c in b[start..<digitsEnd] where c != UInt8(ascii: "_") {
            digits.unicodeScalars.append(Unicode.Scalar(c | 0x20 == UInt8(ascii: "e") ? UInt8(ascii: "e") : c))
        }
        if trailingE { digits.removeLast() }
        guard let v = Double(digits), v.isFinite else { return nil }
        return (v, unit)
    }

    /// The value of `b[start..<end]` when it is all of a plain literal: digits, optionally '.' and
    /// more digits, at most 15 digits in all, no unit; nil for anything else. The same division
    /// as `exactDecimal`, so the same Double as `number(_:_:_:)` (most literals are plain: this
    /// skips its splitting of digits and unit).
    @inline(__always) public static func plainNumber(_ b: [UInt8], _ start: Int, _ end: Int) -> Double? {
        guard start >= 0, end <= b.count, end - start <= 16 else { return nil }
        return b.withUnsafeBufferPointer { b in
            var k = start
            var mantissa: UInt64 = 0
            while k < end, b[k] &- 0x30 < 10 { mantissa = mantissa &* 10 &+ UInt64(b[k] &- 0x30); k += 1 }
            var fraction = 0
            if k < end, b[k] == UInt8(ascii: "."), k + 1 < end {
                k += 1
                let fractionStart = k
                while k < end, b[k] &- 0x30 < 10 { mantissa = mantissa &* 10 &+ UInt64(b[k] &- 0x30); k += 1 }
                fraction = k - fractionStart
            }
            let digits = end - start - (fraction > 0 ? 1 : 0)
            guard k == end, digits > 0, digits <= 15 else { return nil }
            // (x / 1 is x: integers skip the table)
            return fraction == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[fraction]
        }
    }

    /// The unit's text; the units CAL knows come from literals, so building them costs nothing.
    static func unitText(_ b: [UInt8], _ start: Int, _ end: Int) -> String {
        switch end - start {
        case 0: return ""
        case 1 where b[start] == UInt8(ascii: "s"): return "s"
        case 2 where b[start] == UInt8(ascii: "m") && b[start + 1] == UInt8(ascii: "s"): return "ms"
        default: return String(decoding: b[start..<end], as: UTF8.self)
        }
    }

    static let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { x, _ in x * 10 } }

    /// The digits in `b[start..<end]` ('_' skipped, an 'e' ends them) as a Double when the value is
    /// exact by construction: at most 15 significant digits and one '.'; nil when strtod must decide.
    static func exactDecimal(_ b: [UInt8], _ start: Int, _ end: Int) -> Double? {
        var mantissa: UInt64 = 0
        var count = 0, fraction = 0
        var seenPoint = false
        for c in b[start..<end] {
            if c == UInt8(ascii: "_") { continue }
            if c == UInt8(ascii: ".") {
                if seenPoint { return nil }
                seenPoint = true
                continue
            }
            if c | 0x20 == UInt8(ascii: "e") { break }
            guard c &- 0x30 < 10 else { return nil }
            mantissa = mantissa * 10 + UInt64(c &- 0x30)
            count += 1
            if seenPoint { fraction += 1 }
            if count > 15 { return nil }
        }
        // "5." and "." are left to strtod (the lexer makes neither)
        guard count > 0, !(seenPoint && fraction == 0) else { return nil }
        return Double(mantissa) / powersOfTen[fraction]
    }

    /// Decodes the escapes of a string literal's text (including its quotes).
    public static func string(_ text: String) -> (String, [String]) {
        var out = ""
        var errors: [String] = []
        var chars = Array(text.unicodeScalars)
        if chars.first == "\"" { chars.removeFirst() }
        if chars.last == "\"" { chars.removeLast() }
        var k = 0
        while k < chars.count {
            let c = chars[k]
            if c == "\\", k + 1 < chars.count {
                let e = chars[k + 1]
                k += 2
                switch e {
                case "n": out.unicodeScalars.append("\n")
                case "t": out.unicodeScalars.append("\t")
                case "\"": out.unicodeScalars.append("\"")
                case "\\": out.unicodeScalars.append("\\")
                case "0": out.unicodeScalars.append("\0")
                case "u":
                    var hex = ""
                    if k < chars.count, chars[k] == "{" {
                        k += 1
                        while k < chars.count, chars[k] != "}" { hex.unicodeScalars.append(chars[k]); k += 1 }
                        k += 1
                    }
                    if let v = UInt32(hex, radix: 16), hex.count <= 8, let s = Unicode.Scalar(v) { out.unicodeScalars.append(s) } else { errors.append("invalid unicode escape '\\u{\(hex)}'") }
                default: errors.append("unknown escape '\\\(e)'")
                }
                continue
            }
            out.unicodeScalars.append(c)
            k += 1
        }
        return (out, errors)
    }
}
