// Value snapshots and expectations in `calc test`: what a script says about the numbers behind its
// frames. `// snapshot: values card.position at 0s, 1s` records those presentation values in
// `<stem>.values.json` and later compares them number by number within a relative tolerance (so a
// renderer change never fails them, and a last-bit difference in a sine does not either).
// `// expect: card.position.x at 0.5s == 50` states a value the author worked out by hand; it is
// checked, never recorded.

import Foundation
import CalcCore
import Bytecode
import VM

/// `layer.keyPath` at some times, from a `// snapshot: values …` clause.
public struct ValueProbe: Sendable, Equatable {
    public var layer: String
    public var key: String
    public var times: [Double]

    /// The item's label in snapshots and messages: `card.position`.
    public var label: String { layer + "." + key }

    /// `card.position, card.opacity at 0s, 0.25s, 1s`.
    static func parse(_ text: Substring) -> Result<[ValueProbe], Directives.ParseError> {
        let usage = "expected 'values LAYER.KEY, … at TIMES' such as 'values card.position, card.opacity at 0s, 0.5s'"
        guard let at = text.range(of: " at ", options: .backwards) else {
            return .failure(.init(message: "\(usage), got '\(text)'"))
        }
        let items = text[..<at.lowerBound].split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        let times: [Double]
        switch Directives.parseTimes(text[at.upperBound...]) {
        case .success(let t): times = t
        case .failure(let e): return .failure(e)
        }
        var out: [ValueProbe] = []
        for item in items {
            guard let (layer, key) = splitItem(item) else { return .failure(.init(message: "\(usage), got '\(item)'")) }
            out.append(ValueProbe(layer: layer, key: key, times: times))
        }
        return .success(out)
    }

    /// `card.position.x` → ("card", "position.x"): the layer name is everything before the first dot.
    static func splitItem(_ item: Substring) -> (String, String)? {
        guard let dot = item.firstIndex(of: "."), dot != item.startIndex else { return nil }
        let layer = item[..<dot], key = item[item.index(after: dot)...]
        guard !key.isEmpty, !layer.contains(where: \.isWhitespace), !key.contains(where: \.isWhitespace) else { return nil }
        return (String(layer), String(key))
    }
}

/// An `// expect:` line: `[model] LAYER.KEY at TIME == VALUE [within TOL]`.
public struct Expectation: Sendable, Equatable {
    public enum Expected: Sendable, Equatable {
        /// A number, or a value's components in order: (x, y), (w, h), (x, y, w, h), #rrggbbaa as
        /// (r, g, b, a) in 0…1, a transform's 16 matrix elements row by row.
        case numbers([Double])
        case bool(Bool)
        /// A string, or an enumeration case written `.name`.
        case text(String)
    }

    public var line: Int
    /// Reads the model value instead of the presentation value.
    public var model: Bool
    public var layer: String
    public var key: String
    public var time: Double
    public var expected: Expected
    /// Relative tolerance (`within 0.01`); nil: the script's value tolerance or 1e-9.
    public var tolerance: Double?
    /// The text after `==`, for messages.
    public var written: String

    static func parse(_ text: Substring, line: Int) -> Result<Expectation, Directives.ParseError> {
        let usage = "expected 'expect: LAYER.KEY at TIME == VALUE' such as 'expect: card.position.x at 0.5s == 50'"
        var rest = text
        var model = false
        if rest.hasPrefix("model ") { model = true; rest = rest.dropFirst(6).trimmingWhitespace() }
        guard let eq = rest.range(of: "==") else { return .failure(.init(message: "\(usage), got '\(text)'")) }
        let lhs = rest[..<eq.lowerBound].trimmingWhitespace()
        var rhs = rest[eq.upperBound...].trimmingWhitespace()
        guard let at = lhs.range(of: " at ", options: .backwards),
              let (layer, key) = ValueProbe.splitItem(lhs[..<at.lowerBound].trimmingWhitespace()) else {
            return .failure(.init(message: "\(usage), got '\(text)'"))
        }
        guard let time = Directives.parseTime(lhs[at.upperBound...]), time >= 0 else {
            return .failure(.init(message: "expected a time such as 1.5s, 250ms or 2 after 'at', got '\(lhs[at.upperBound...])'"))
        }
        var tolerance: Double?
        for sep in [" within ", " ± ", " +- "] {
            if let r = rhs.range(of: sep, options: .backwards) {
                guard let t = Double(rhs[r.upperBound...].trimmingWhitespace()), t >= 0, t.isFinite else {
                    return .failure(.init(message: "a tolerance is a relative difference such as '1e-6', got '\(rhs[r.upperBound...])'"))
                }
                tolerance = t
                rhs = rhs[..<r.lowerBound].trimmingWhitespace()
                break
            }
        }
        guard let expected = parseValue(rhs) else {
            return .failure(.init(message: "expected a value: a number (50, -0.5, 90deg, 250ms), a tuple such as (10, 20), #rrggbb, true, false, \"text\" or .case; got '\(rhs)'"))
        }
        return .success(Expectation(line: line, model: model, layer: layer, key: key, time: time, expected: expected,
                                    tolerance: tolerance, written: String(rhs)))
    }

    static func parseValue(_ s: Substring) -> Expected? {
        if s == "true" { return .bool(true) }
        if s == "false" { return .bool(false) }
        if s.count >= 2, s.hasPrefix("\""), s.hasSuffix("\"") { return .text(String(s.dropFirst().dropLast())) }
        if s.hasPrefix("."), s.count > 1 { return .text(String(s.dropFirst())) }
        if s.hasPrefix("#") {
            guard let c = Color(hex: String(s.dropFirst())) else { return nil }
            return .numbers([c.r, c.g, c.b, c.a])
        }
        if s.hasPrefix("("), s.hasSuffix(")") {
            var xs: [Double] = []
            for part in s.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false) {
                guard let x = number(part.trimmingWhitespace()) else { return nil }
                xs.append(x)
            }
            return xs.isEmpty ? nil : .numbers(xs)
        }
        return number(s).map { .numbers([$0]) }
    }

    /// A number with an optional unit: `deg` (to radians), `rad`, `s`, `ms` (to seconds).
    static func number(_ s: Substring) -> Double? {
        var t = s, k = 1.0
        for (unit, factor) in [("deg", Double.pi / 180), ("rad", 1), ("ms", 0.001), ("s", 1)] where t.hasSuffix(unit) {
            t = t.dropLast(unit.count)
            k = factor
            break
        }
        guard let x = Double(t.trimmingWhitespace()), x.isFinite else { return nil }
        return x * k
    }

    /// The components an expected value is compared with, from the value at the key path.
    static func actual(_ v: Value, type: ValueType?) -> Expected {
        switch v {
        case .number(let x): return .numbers([x])
        case .point(let p): return .numbers([p.x, p.y])
        case .size(let s): return .numbers([s.width, s.height])
        case .rect(let r): return .numbers([r.origin.x, r.origin.y, r.size.width, r.size.height])
        case .color(let c): return .numbers([c.r, c.g, c.b, c.a])
        case .transform(let m): return .numbers(m.elements)
        case .bool(let b): return .bool(b)
        case .string(let s), .image(let s): return .text(s)
        case .enumCase(let i):
            if case .enumeration(let name)? = type, let cases = Enumerations.all[name], Int(i) < cases.count { return .text(cases[Int(i)]) }
            return .numbers([Double(i)])
        default: return .text(Value.display(v))
        }
    }
}

/// One layer's value at a key path and time, as a check reads it.
struct ValueReader {
    let timeline: Timeline
    var cache: [Double: [LayerValues]] = [:]

    init(timeline: Timeline) { self.timeline = timeline }

    /// CGRect's derived edges, read after a rect's key path (`frame.maxY`): a constrained edge can
    /// be checked alone when the rect's other sides depend on something else, such as measured text.
    static let rectGetters: [String: @Sendable (Rect) -> Double] = [
        "minX": { $0.minX }, "midX": { ($0.minX + $0.maxX) / 2 }, "maxX": { $0.maxX },
        "minY": { $0.minY }, "midY": { ($0.minY + $0.maxY) / 2 }, "maxY": { $0.maxY },
        "width": { $0.width }, "height": { $0.height },
    ]

    /// The value and its type, or a message saying why there is none.
    mutating func read(layer: String, key: String, at t: Double, model: Bool) -> Result<(Value, ValueType?), Directives.ParseError> {
        if let dot = key.lastIndex(of: "."), let getter = Self.rectGetters[String(key[key.index(after: dot)...])],
           timeline.propertyTable.parse(key) == nil {
            let base = String(key[..<dot])
            switch read(layer: layer, key: base, at: t, model: model) {
            case .success((.rect(let r), _)): return .success((.number(getter(r)), .number(.scalar)))
            case .success: return .failure(.init(message: "'\(base)' is not a rect, so it has no '\(key[key.index(after: dot)...])'"))
            case .failure(let e): return .failure(e)
            }
        }
        let table = timeline.propertyTable
        guard let (kp, type) = table.parse(key) else {
            return .failure(.init(message: "unknown key path '\(key)'"))
        }
        let layers: [LayerValues]
        if let c = cache[t] { layers = c } else {
            do { layers = try timeline.values(at: t) } catch { return .failure(.init(message: "\(error)")) }
            cache[t] = layers
        }
        guard let l = layers.first(where: { $0.name == layer }) else {
            return .failure(.init(message: "no layer named '\(layer)' is in the tree at \(Numbers.format(t))s"))
        }
        guard let info = table.info(kp.property), info.applies(to: l.kind) else {
            return .failure(.init(message: "a \(l.kind.name) layer has no property '\(key)'"))
        }
        let whole = (model ? l.model : l.presentation)[table.slot(kp.property)]
        return .success((kp.component.get(whole), type))
    }
}

extension ScriptCheck {
    /// The value snapshot and the expectations of a script.
    mutating func checkValues(_ program: VerifiedProgram, _ d: Directives) {
        guard !d.values.isEmpty || !d.expectations.isEmpty else { return }
        let scene = program.scene
        let tolerance = d.valueTolerance ?? 1e-9
        let times = d.values.flatMap(\.times) + d.expectations.map(\.time)
        if let late = times.first(where: { $0 > scene.duration + 1e-9 }) {
            fail("time \(Numbers.format(late))s is outside the scene (0s to \(Numbers.format(scene.duration))s)")
            return
        }
        let timeline: Timeline
        do { timeline = try Timeline.run(program, until: times.max() ?? 0) } catch {
            fail("\(error)")
            return
        }
        var reader = ValueReader(timeline: timeline)
        if !d.values.isEmpty { checkValueSnapshot(d.values, reader: &reader, tolerance: tolerance) }
        if !d.expectations.isEmpty {
            let n = d.expectations.count
            result.covered.append("\(n) expectation\(n == 1 ? "" : "s")")
            for e in d.expectations { check(e, reader: &reader, tolerance: e.tolerance ?? tolerance) }
        }
    }

    mutating func check(_ e: Expectation, reader: inout ValueReader, tolerance: Double) {
        let what = "\(script.name):\(e.line): expect \(e.model ? "model " : "")\(e.layer).\(e.key) at \(Numbers.format(e.time))s == \(e.written)"
        let read: (Value, ValueType?)
        switch reader.read(layer: e.layer, key: e.key, at: e.time, model: e.model) {
        case .success(let r): read = r
        case .failure(let p): fail("\(what): \(p.message)"); return
        }
        let actual = Expectation.actual(read.0, type: read.1)
        let shown = Value.display(read.0)
        switch (e.expected, actual) {
        case let (.numbers(want), .numbers(got)):
            guard want.count == got.count else {
                fail("\(what): the value is \(shown), which has \(got.count) component\(got.count == 1 ? "" : "s"), not \(want.count)")
                return
            }
            if let i = want.indices.first(where: { !ValueJSON.close(want[$0], got[$0], relative: tolerance) }) {
                let part = want.count > 1 ? " (component \(i + 1): \(ValueJSON.number(got[i])), expected \(ValueJSON.number(want[i])))" : ""
                fail("\(what): it is \(want.count > 1 ? shown : ValueJSON.number(got[0]))\(part); relative tolerance \(tolerance)")
            }
        case let (.bool(want), .bool(got)) where want == got: break
        case let (.text(want), .text(got)) where want == got: break
        default:
            fail("\(what): it is \(shown)")
        }
    }

    mutating func checkValueSnapshot(_ probes: [ValueProbe], reader: inout ValueReader, tolerance: Double) {
        let path = location.folder + "/" + location.stem + ".values.json"
        expected.insert(location.stem + ".values.json")
        result.covered.append("values")
        // the instants in time order, each with its items in the order written
        let times = Array(Set(probes.flatMap(\.times))).sorted()
        var text = "{\n  \"format\": 1,\n  \"instants\": [\n"
        for (i, t) in times.enumerated() {
            text += "    {\n      \"time\": \(ValueJSON.number(t)),\n      \"values\": {\n"
            var entries: [String] = []
            var seen = Set<String>()
            for p in probes where p.times.contains(t) && !seen.contains(p.label) {
                seen.insert(p.label)
                switch reader.read(layer: p.layer, key: p.key, at: t, model: false) {
                case .success(let (v, type)): entries.append("        " + ValueJSON.string(p.label) + ": " + ValueJSON.encode(v, type: type))
                case .failure(let e): fail("values: \(p.label) at \(Numbers.format(t))s: \(e.message)"); return
                }
            }
            text += entries.joined(separator: ",\n") + "\n      }\n    }" + (i + 1 < times.count ? "," : "") + "\n"
        }
        text += "  ]\n}\n"
        let shown = show(path)
        let stored: [UInt8]
        switch SnapshotFiles.read(path) {
        case .failure(let e): fail("cannot read snapshot '\(shown)': \(e.reason)"); return
        case .success(nil):
            if options.recording == .off { fail("missing snapshot \(shown) (record it with --update-missing)") } else {
                record(Array(text.utf8), to: path)
            }
            return
        case .success(let b?): stored = b
        }
        if stored.elementsEqual(text.utf8) { return }
        let storedText = String(decoding: stored, as: UTF8.self)
        guard let old = ValueJSON.leaves(storedText) else {
            if options.recording == .all { record(Array(text.utf8), to: path); return }
            fail("snapshot \(shown) is corrupt: it is not JSON (re-record it with --update)")
            return
        }
        let new = ValueJSON.leaves(text) ?? []
        var lines: [String] = []
        if old.map(\.path) != new.map(\.path) {
            // different items, times or kinds of value: show the text
            let diff = LineDiff.unified(old: storedText, new: text, oldName: shown, newName: "\(script.name) (actual)") ?? ""
            lines = self.lines(diff)
        } else {
            for (o, n) in zip(old, new) {
                switch (o.leaf, n.leaf) {
                case let (.number(a), .number(b)) where ValueJSON.close(a, b, relative: tolerance): continue
                case let (.other(a), .other(b)) where a == b: continue
                default:
                    lines.append("\(Self.label(o.path, times)): snapshot \(Self.text(o.leaf)), actual \(Self.text(n.leaf))")
                }
            }
            if lines.isEmpty { return }   // within the tolerance: the snapshot stays as it is
        }
        if options.recording == .all { record(Array(text.utf8), to: path); return }
        let count = lines.count
        if lines.count > options.maxDiffLines { lines = Array(lines.prefix(options.maxDiffLines)) + ["…"] }
        fail("values differ from \(shown) (relative tolerance \(tolerance)): \(count) difference\(count == 1 ? "" : "s")", lines)
    }

    /// `instants[1].values.card.position.x` → `card.position.x at 0.25s`.
    static func label(_ path: String, _ times: [Double]) -> String {
        guard path.hasPrefix("instants["), let close = path.firstIndex(of: "]"),
              let i = Int(path[path.index(path.startIndex, offsetBy: 9)..<close]), i < times.count else { return path }
        var rest = path[path.index(after: close)...]
        if rest.hasPrefix(".values.") { rest = rest.dropFirst(8) } else if rest.hasPrefix(".") { rest = rest.dropFirst() }
        return "\(rest) at \(Numbers.format(times[i]))s"
    }

    static func text(_ l: ValueJSON.Leaf) -> String {
        switch l {
        case .number(let x): return ValueJSON.number(x)
        case .other(let s): return s
        }
    }
}
