// What a script asks to have snapshotted, read from its `// snapshot:` comment lines:
//
//   // snapshot: frames 0, 12, 30          frame numbers (N, A..B, A..<B), at i / fps
//   // snapshot: times 0s, 0.5s, 250ms     scene times
//   // snapshot: tolerance 2 channel, 0.1% pixels
//   // snapshot: diagnostics               also snapshot the diagnostics (for scripts meant to fail)
//   // snapshot: display                   also snapshot each frame's display list as text
//   // snapshot: values card.position, card.opacity at 0s, 0.5s    presentation values, as JSON
//   // snapshot: values tolerance 1e-6     relative tolerance of value snapshots (default 1e-9)
//   // expect: card.position.x at 0.5s == 50          a value checked against a number written by hand
//
// Several clauses may share a line, separated by `;`, and several lines accumulate. A directive is a
// comment so a script stays a plain CAL file that `calc run` accepts unchanged. A misspelt directive
// is an error, not ignored: a silently skipped frame is a test that never runs.

import Foundation

/// The snapshot directives of one script.
public struct Directives: Sendable, Equatable {
    /// Frame numbers, sorted, without repeats.
    public var frames: [Int] = []
    /// Scene times in seconds, sorted, without repeats.
    public var times: [Double] = []
    /// The script's own tolerance for its frames, if it declares one.
    public var tolerance: Tolerance?
    /// Whether the diagnostics are snapshotted too (`<stem>.diag`).
    public var diagnostics = false
    /// Whether any `frames` or `times` clause appeared (even naming nothing).
    public var namesFrames = false
    /// Whether each snapshotted frame's display list is snapshotted too (`<frame>.display`).
    public var displayLists = false
    /// Values snapshotted in `<stem>.values.json`: `layer.keyPath` at times, in the order written.
    public var values: [ValueProbe] = []
    /// The relative tolerance of value snapshots and expectations that state none.
    public var valueTolerance: Double?
    /// `// expect:` lines, in source order.
    public var expectations: [Expectation] = []

    public init() {}

    /// A malformed directive, with its 1-based line.
    public struct Problem: Sendable, Equatable {
        public var line: Int
        public var message: String
    }

    /// Reads every `// snapshot:` line of `source`.
    public static func parse(_ source: String) -> (Directives, [Problem]) {
        var d = Directives()
        var problems: [Problem] = []
        var lineNumber = 0
        for raw in source.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = raw.trimmingWhitespace()
            guard line.hasPrefix("//") else { continue }
            line = line.dropFirst(2).trimmingWhitespace()
            if line.hasPrefix("expect:") {
                switch Expectation.parse(line.dropFirst("expect:".count).trimmingWhitespace(), line: lineNumber) {
                case .success(let e): d.expectations.append(e)
                case .failure(let e): problems.append(Problem(line: lineNumber, message: e.message))
                }
                continue
            }
            guard line.hasPrefix("snapshot:") else { continue }
            for clause in line.dropFirst("snapshot:".count).split(separator: ";", omittingEmptySubsequences: false) {
                if let message = d.apply(clause.trimmingWhitespace()) {
                    problems.append(Problem(line: lineNumber, message: message))
                }
            }
        }
        d.frames = Array(Set(d.frames)).sorted()
        d.times = Array(Set(d.times)).sorted()
        return (d, problems)
    }

    /// Applies one clause; returns a message when it is malformed.
    mutating func apply(_ clause: Substring) -> String? {
        let word = clause.prefix { !$0.isWhitespace }
        let rest = clause.dropFirst(word.count).trimmingWhitespace()
        switch word {
        case "frames":
            namesFrames = true
            switch Directives.parseFrames(rest) {
            case .success(let list): frames += list
            case .failure(let e): return e.message
            }
        case "times":
            namesFrames = true
            switch Directives.parseTimes(rest) {
            case .success(let list): times += list
            case .failure(let e): return e.message
            }
        case "tolerance":
            switch Directives.parseTolerance(rest) {
            case .success(let t): tolerance = t
            case .failure(let e): return e.message
            }
        case "diagnostics":
            guard rest.isEmpty else { return "'diagnostics' takes no arguments, got '\(rest)'" }
            diagnostics = true
        case "display":
            guard rest.isEmpty else { return "'display' takes no arguments, got '\(rest)'" }
            displayLists = true
        case "values":
            if rest.hasPrefix("tolerance") {
                let n = rest.dropFirst("tolerance".count).trimmingWhitespace()
                guard let x = Double(n), x >= 0, x.isFinite else {
                    return "a value tolerance is a relative difference such as '1e-6', got '\(n)'"
                }
                valueTolerance = x
                return nil
            }
            switch ValueProbe.parse(rest) {
            case .success(let list): values += list
            case .failure(let e): return e.message
            }
        case "":
            return "empty snapshot directive; expected frames, times, tolerance, diagnostics, display or values"
        default:
            return "unknown snapshot directive '\(word)'; expected frames, times, tolerance, diagnostics, display or values"
        }
        return nil
    }

    /// Why a list or tolerance could not be read.
    public struct ParseError: Error, Sendable, Equatable {
        public var message: String
    }

    /// `0, 12, 30`, `0..10` (inclusive), `0..<10`, `0...10`, or a mix.
    public static func parseFrames(_ text: Substring) -> Result<[Int], ParseError> {
        var out: [Int] = []
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        guard !items.isEmpty, !items.contains(where: \.isEmpty) else {
            return .failure(ParseError(message: "expected frame numbers such as '0, 12, 30' or '0..10', got '\(text)'"))
        }
        for item in items {
            if let n = Int(item) {
                guard n >= 0 else { return .failure(ParseError(message: "frame numbers start at 0, got '\(item)'")) }
                out.append(n)
                continue
            }
            var range: ClosedRange<Int>?
            for (sep, exclusive) in [("..<", true), ("...", false), ("..", false)] {
                guard let r = item.range(of: sep) else { continue }
                if let a = Int(item[..<r.lowerBound].trimmingWhitespace()), let b = Int(item[r.upperBound...].trimmingWhitespace()),
                   a >= 0, (exclusive ? b - 1 : b) >= a {
                    range = a...(exclusive ? b - 1 : b)
                }
                break
            }
            guard let range else {
                return .failure(ParseError(message: "expected a frame number or a range such as '0..10', got '\(item)'"))
            }
            guard range.count <= 10_000 else {
                return .failure(ParseError(message: "the range '\(item)' names \(range.count) frames; at most 10000 per range"))
            }
            out += range
        }
        return .success(out)
    }

    /// `0s, 0.5s, 250ms, 2` (plain numbers are seconds).
    public static func parseTimes(_ text: Substring) -> Result<[Double], ParseError> {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        guard !items.isEmpty, !items.contains(where: \.isEmpty) else {
            return .failure(ParseError(message: "expected times such as '0s, 0.5s, 250ms', got '\(text)'"))
        }
        var out: [Double] = []
        for item in items {
            guard let t = parseTime(item), t >= 0 else {
                return .failure(ParseError(message: "expected a time such as 1.5s, 250ms or 2, got '\(item)'"))
            }
            out.append(t)
        }
        return .success(out)
    }

    /// `1.5s`, `250ms` or plain seconds; nil when malformed or not finite.
    public static func parseTime(_ s: Substring) -> Double? {
        let t = s.trimmingWhitespace()
        let value: Double?
        if t.hasSuffix("ms") { value = Double(t.dropLast(2)).map { $0 / 1000 } }
        else if t.hasSuffix("s") { value = Double(t.dropLast()) }
        else { value = Double(t) }
        guard let value, value.isFinite else { return nil }
        return value
    }

    /// `2 channel, 0.1% pixels` — either part may be left out (it is then 0, exact), in any order.
    public static func parseTolerance(_ text: Substring) -> Result<Tolerance, ParseError> {
        let usage = "expected a tolerance such as '2 channel, 0.1% pixels'"
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        guard !parts.isEmpty, !parts.contains(where: \.isEmpty) else {
            return .failure(ParseError(message: "\(usage), got '\(text)'"))
        }
        var t = Tolerance()
        for part in parts {
            let words = part.split(whereSeparator: \.isWhitespace)
            guard words.count == 2 else { return .failure(ParseError(message: "\(usage), got '\(part)'")) }
            switch words[1] {
            case "channel":
                guard let n = Int(words[0]), (0...255).contains(n) else {
                    return .failure(ParseError(message: "a channel difference is a whole number from 0 to 255, got '\(words[0])'"))
                }
                t.maxChannelDiff = n
            case "pixels":
                guard let p = parsePercent(words[0]) else {
                    return .failure(ParseError(message: "a share of pixels is a percentage from 0% to 100%, got '\(words[0])'"))
                }
                t.maxDiffPixelsPercent = p
            default:
                return .failure(ParseError(message: "\(usage), got '\(part)'"))
            }
        }
        return .success(t)
    }

    /// `0.1%` → 0.1; the sign is required so `1 pixels` is not read as a count.
    public static func parsePercent(_ s: Substring) -> Double? {
        guard s.hasSuffix("%"), let p = Double(s.dropLast()), p.isFinite, (0...100).contains(p) else { return nil }
        return p
    }
}

/// Number formatting shared by file names, messages and reports: integers without `.0`, others in
/// Swift's shortest round-tripping form, so the same value always gives the same text.
public enum Numbers {
    public static func format(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        var s = self
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return s
    }
}
