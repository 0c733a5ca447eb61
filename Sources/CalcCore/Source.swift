// Source files and spans. Every diagnostic points into a SourceFile by byte offset; line and column
// are computed on demand from a line-start table, so tokens and AST nodes carry only two integers.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A source text with a display name (the path as the user gave it, never made absolute).
public final class SourceFile: Sendable {
    public let name: String
    public let bytes: [UInt8]
    /// Byte offsets at which each line starts; line 1 starts at 0.
    public let lineStarts: [Int]

    /// A UTF-8 byte-order mark at the start (some Windows editors write one) is dropped, as editors
    /// hide it: offsets, lines and columns then count from the first visible character.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        self.bytes = text
        self.lineStarts = SourceFile.lineStarts(text)
    }

    /// Where each line starts: 0, and the offset after each newline. Eight bytes a step, the
    /// newlines of a word found at once (exactly: the high bit of each byte's sum below cannot
    /// carry into the next byte); memchr per line, as before, was ~90 instructions a line in calls.
    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(bytes.count / 16 + 1)
        bytes.withUnsafeBytes { buf in
            let n = buf.count
            var i = 0
            let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
            while i + 8 <= n {
                let x = buf.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ newlines   // 0 where '\n'
                var zero = ~(((x & low7) &+ low7) | x) & ~low7   // high bit set exactly where x's byte is 0
                while zero != 0 {
                    starts.append(i + zero.trailingZeroBitCount / 8 + 1)
                    zero &= zero &- 1
                }
                i += 8
            }
            while i < n {
                if buf[i] == 0x0A { starts.append(i + 1) }
                i += 1
            }
        }
        return starts
    }

    /// A copy whose line starts are a buffer of its own: for a second thread that looks up lines
    /// constantly, which would otherwise contend with the first for that buffer's reference count.
    /// (The bytes, read only for diagnostics, are shared.)
    public init(copying other: SourceFile) {
        name = other.name
        bytes = other.bytes
        lineStarts = other.lineStarts.withUnsafeBufferPointer { Array($0) }
    }

    public convenience init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    /// The 1-based line holding byte `offset` (a binary search of the line starts).
    public func line(of offset: Int) -> Int {
        let off = max(0, min(offset, bytes.count))
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= off { lo = mid } else { hi = mid - 1 }
        }
        return lo + 1
    }

    /// 1-based line and column (column counted in Unicode scalars, so a caret lines up under UTF-8 text).
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let off = max(0, min(offset, bytes.count))
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= off { lo = mid } else { hi = mid - 1 }
        }
        var col = 1
        var i = lineStarts[lo]
        while i < off {
            // count only scalar starts (not UTF-8 continuation bytes)
            if bytes[i] & 0xC0 != 0x80 { col += 1 }
            i += 1
        }
        return (lo + 1, col)
    }

    /// The text of a 1-based line without its newline, decoded leniently (bad UTF-8 becomes U+FFFD).
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, end <= bytes.count, end - 1 >= start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// The first `maxBytes` bytes of a line (cut back to a scalar boundary) and whether the line
    /// was longer: diagnostics show a window of a long line without decoding all of it.
    public func lineText(_ line: Int, maxBytes: Int) -> (String, cut: Bool) {
        guard line >= 1, line <= lineStarts.count else { return ("", false) }
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end - start <= maxBytes { return (lineText(line), false) }
        var stop = start + max(0, maxBytes)
        while stop > start, bytes[stop] & 0xC0 == 0x80 { stop -= 1 }
        return (String(decoding: bytes[start..<stop], as: UTF8.self), true)
    }

    public func text(_ span: Span) -> String {
        let s = max(0, min(span.start, bytes.count)), e = max(s, min(span.end, bytes.count))
        return String(decoding: bytes[s..<e], as: UTF8.self)
    }
}

/// A half-open byte range [start, end) in one source file.
public struct Span: Sendable, Hashable, Comparable {
    public var start: Int
    public var end: Int
    public init(_ start: Int, _ end: Int) { self.start = start; self.end = max(start, end) }
    public static let none = Span(0, 0)
    public func to(_ other: Span) -> Span { Span(min(start, other.start), max(end, other.end)) }
    public static func < (a: Span, b: Span) -> Bool { (a.start, a.end) < (b.start, b.end) }
}

/// The processors online (sysconf). (`ProcessInfo.activeProcessorCount` also reads cgroup files
/// and cost 0.56 ms, 1% of compiling the 100 000-line benchmark.)
public let onlineProcessorCount: Int = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
