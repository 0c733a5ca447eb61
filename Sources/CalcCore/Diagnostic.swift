// Diagnostics as values: a stable id, a severity, a message, a primary span with an optional label
// (the "did you mean" goes there), and notes. Rendering is a pure function so tests can assert the
// exact text users see. Shape follows swift-syntax's diagnostics and the house style's example:
//
//   Samples/errors/typo.cal:4:8: error: unknown property 'opactiy' on layer 'ball'
//     4 |   ball.opactiy = 0.5
//       |        ^~~~~~~ did you mean 'opacity'?

public enum Severity: String, Sendable, Comparable {
    case error, warning, note
    public static func < (a: Severity, b: Severity) -> Bool {
        let order: [Severity] = [.error, .warning, .note]
        return order.firstIndex(of: a)! < order.firstIndex(of: b)!
    }
}

public struct Diagnostic: Sendable, Equatable {
    /// Stable identifier, e.g. `E0101`; listed in docs/diagnostics.md.
    public var id: String
    public var severity: Severity
    public var message: String
    public var span: Span
    /// Short text printed after the caret line (for example "did you mean 'opacity'?").
    public var label: String?
    public var notes: [String]

    public init(_ id: String, _ severity: Severity = .error, _ message: String, at span: Span,
                label: String? = nil, notes: [String] = []) {
        self.id = id
        self.severity = severity
        self.message = message
        self.span = span
        self.label = label
        self.notes = notes
    }
}

extension Diagnostic {
    /// Renders the diagnostic in the house format (file:line:col, the source line, a caret span).
    public func render(in file: SourceFile) -> String {
        let (line, col) = file.location(of: span.start)
        var out = "\(file.name):\(line):\(col): \(severity.rawValue): \(message) [\(id)]\n"
        let gutter = String(line)
        let pad = String(repeating: " ", count: gutter.count)
        // caret length: the span's scalars on this line, at least 1
        let endLoc = file.location(of: span.end)
        var width = endLoc.line == line ? max(1, endLoc.column - col) : Int.max
        // Only the bytes that can hold the shown columns are decoded (at most 4 bytes a scalar): a
        // diagnostic on a 32 MiB line must not turn the whole line into a String.
        let shownBytes = 4 * (col + min(width, Diagnostic.window) + Diagnostic.window) + 4
        let (head, cut) = file.lineText(line, maxBytes: shownBytes)
        var text = head.replacingTabs()
        if width == Int.max { width = max(1, text.count - col + 1) }
        // a long line is shown as a window of `Diagnostic.window` columns either side of the caret
        // (a 10 KB line echoed by each of a hundred errors was megabytes of output)
        var caretColumn = col
        let scalars = text.unicodeScalars
        if cut || scalars.count > 2 * Diagnostic.window + 20 {
            width = min(width, Diagnostic.window)
            let from = max(0, col - 1 - Diagnostic.window), to = min(scalars.count, col - 1 + width + Diagnostic.window)
            let a = scalars.index(scalars.startIndex, offsetBy: min(from, scalars.count))
            let z = scalars.index(scalars.startIndex, offsetBy: max(to, min(from, scalars.count)))
            text = (from > 0 ? "…" : "") + String(scalars[a..<z]) + (cut || to < scalars.count ? "…" : "")
            caretColumn = col - from + (from > 0 ? 1 : 0)
        }
        out += " \(gutter) | \(text)\n"
        var marker = String(repeating: " ", count: max(0, caretColumn - 1)) + "^"
        if width > 1 { marker += String(repeating: "~", count: width - 1) }
        if let label { marker += " " + label }
        out += " \(pad) | \(marker)\n"
        for n in notes { out += " \(pad) = note: \(n)\n" }
        return out
    }
}

extension String {
    func replacingTabs() -> String {
        String(self.map { $0 == "\t" ? " " : $0 })
    }
}

extension Diagnostic {
    /// At most this many errors, and as many warnings, are printed per file (as clang and rustc
    /// cap theirs); the rest are counted on a closing line. A line of 10 000 `}` gave 10 000 errors.
    public static let maxShown = 100
    /// Columns shown either side of the caret on a long source line.
    public static let window = 60

    /// Renders `diagnostics` (sorted) as a user sees them: the first `maxShown` errors and the
    /// first `maxShown` warnings, then a line saying how many more there were.
    public static func renderCapped(_ diagnostics: [Diagnostic], in file: SourceFile, limit: Int = maxShown) -> String {
        var out = ""
        var errors = 0, warnings = 0, hiddenErrors = 0, hiddenWarnings = 0
        for d in diagnostics {
            if d.severity == .error {
                errors += 1
                if errors > limit { hiddenErrors += 1; continue }
            } else {
                warnings += 1
                if warnings > limit { hiddenWarnings += 1; continue }
            }
            out += d.render(in: file)
        }
        if hiddenErrors + hiddenWarnings > 0 {
            func count(_ n: Int, _ what: String) -> String { "\(n) more \(what)\(n == 1 ? "" : "s")" }
            var parts: [String] = []
            if hiddenErrors > 0 { parts.append(count(hiddenErrors, "error")) }
            if hiddenWarnings > 0 { parts.append(count(hiddenWarnings, "warning")) }
            out += "\(file.name): too many diagnostics: \(parts.joined(separator: " and ")) not shown (at most \(limit) errors and \(limit) warnings are printed)\n"
        }
        return out
    }
}

/// Collects diagnostics; keeps going after errors so a run reports everything it can.
public struct DiagnosticBag: Sendable {
    public private(set) var items: [Diagnostic] = []
    public init() {}
    public var hasErrors: Bool { items.contains { $0.severity == .error } }
    public var errorCount: Int { items.filter { $0.severity == .error }.count }
    public mutating func add(_ d: Diagnostic) { items.append(d) }
    public mutating func error(_ id: String, _ message: String, at span: Span, label: String? = nil, notes: [String] = []) {
        items.append(Diagnostic(id, .error, message, at: span, label: label, notes: notes))
    }
    public mutating func warning(_ id: String, _ message: String, at span: Span, label: String? = nil, notes: [String] = []) {
        items.append(Diagnostic(id, .warning, message, at: span, label: label, notes: notes))
    }
    public mutating func append(contentsOf other: DiagnosticBag) { items.append(contentsOf: other.items) }
    /// Sorted by position, then id, with exact duplicates removed: the order users see.
    public var sorted: [Diagnostic] {
        var seen = Set<String>()
        return items.sorted { ($0.span.start, $0.span.end, $0.id) < ($1.span.start, $1.span.end, $1.id) }
            .filter { seen.insert("\($0.span.start):\($0.id):\($0.message)").inserted }
    }
}

/// Nearest known name for a "did you mean" hint: Damerau–Levenshtein distance, case-insensitive,
/// accepted when the distance is at most a third of the longer name (at least 1 edit allowed) and
/// smaller than the shorter name's length, so 'c' never suggests 'a'. Ties go to the longer common
/// prefix ('sinn' suggests 'sin', not 'sign'), then alphabetical order.
public func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
    var best: (String, Int, Int)?
    let a = Array(name.lowercased())
    let alias = coreAnimationSpellings[name]
    for c in candidates {
        if c == alias { return c }
        let b = Array(c.lowercased())
        let d = editDistance(a, b)
        let limit = max(1, max(a.count, b.count) / 3)
        guard d <= limit, d < min(a.count, b.count) else { continue }
        let prefix = zip(a, b).prefix { $0 == $1 }.count
        if let cur = best {
            if d > cur.1 || (d == cur.1 && (prefix < cur.2 || (prefix == cur.2 && c >= cur.0))) { continue }
        }
        best = (c, d, prefix)
    }
    return best?.0
}

/// What Core Animation, UIKit and Swift call things that CAL spells otherwise: a "did you mean"
/// offers the CAL spelling first when it is among the candidates, whatever the edit distance.
public let coreAnimationSpellings: [String: String] = [
    "fromValue": "from", "toValue": "to", "byValue": "by", "delay": "beginTime",
    "CABasicAnimation": "basic", "CAKeyframeAnimation": "keyframe", "CAAnimationGroup": "group",
    "CATransition": "transition", "CASpringAnimation": "spring",
    "presentationLayer": "presentation", "modelLayer": "model", "text": "string",
    "alpha": "opacity", "center": "position", "zIndex": "zPosition", "isHidden": "hidden",
    "clipsToBounds": "masksToBounds", "isDoubleSided": "doubleSided", "add": "addAnimation",
    "removeAnimationForKey": "removeAnimation", "removeFromSuperview": "removeFromSuperlayer",
    "addSubview": "addSublayer", "easeInOut": "easeInEaseOut", "curveEaseInEaseOut": "curveEaseInOut",
    "HUGE_VALF": "infinity", "HUGE_VAL": "infinity", "FLT_MAX": "infinity", "greatestFiniteMagnitude": "infinity",
    "Infinity": "infinity", "inf": "infinity", "M_PI": "pi", "Pi": "pi",
    "kCAFillModeForwards": "forwards", "kCAFillModeBackwards": "backwards", "kCAFillModeBoth": "both",
    "kCAFillModeRemoved": "removed", "kCAMediaTimingFunctionLinear": "linear", "kCAMediaTimingFunctionEaseIn": "easeIn",
    "kCAMediaTimingFunctionEaseOut": "easeOut", "kCAMediaTimingFunctionEaseInEaseOut": "easeInEaseOut",
    "kCAMediaTimingFunctionDefault": "default", "kCATransitionFade": "fade", "kCATransitionPush": "push",
    "kCATransitionMoveIn": "moveIn", "kCATransitionReveal": "reveal",
]

func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
        }
    }
    return d[a.count][b.count]
}
