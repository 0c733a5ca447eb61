// Values as text: the JSON that `calc values` prints and value snapshots store, and the flattening
// that compares two such texts number by number with a tolerance. A value is written by its type:
// numbers in Swift's shortest round-tripping form (integers without `.0`), points, sizes and rects
// as objects of their components, colours as components and hex, transforms as translation,
// rotation (Euler angles) and scale and as the 4×4 matrix, enumeration cases by name, paths as
// SVG-like path data. Keys come in the catalogue's order, so the same values always give the same
// text.

import Foundation
import CalcCore
import VM

public enum ValueJSON {
    /// A number in JSON: integers (below 10^15) without `.0`, others in the shortest text that
    /// reads back to the same double; not-finite numbers (which JSON lacks) as strings.
    public static func number(_ x: Double) -> String {
        if x.isNaN { return "\"NaN\"" }
        if x.isInfinite { return x < 0 ? "\"-Infinity\"" : "\"Infinity\"" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }

    public static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let h = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    /// One value on one line; `type` names enumeration cases (nil: by index).
    public static func encode(_ v: Value, type: ValueType?) -> String {
        let n = number
        switch v {
        case .none: return "null"
        case .number(let x): return n(x)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return string(s)
        case .image(let s): return string(s)
        case .point(let p): return object([("x", n(p.x)), ("y", n(p.y))])
        case .size(let s): return object([("width", n(s.width)), ("height", n(s.height))])
        case .rect(let r):
            return object([("x", n(r.origin.x)), ("y", n(r.origin.y)), ("width", n(r.size.width)), ("height", n(r.size.height))])
        case .color(let c):
            return object([("r", n(c.r)), ("g", n(c.g)), ("b", n(c.b)), ("a", n(c.a)),
                           ("hex", string(hex(c)))])
        case .transform(let m):
            var fields: [(String, String)] = []
            if let d = m.decomposed() {
                let e = d.eulerAngles
                fields = [("translation", object([("x", n(d.translation.0)), ("y", n(d.translation.1)), ("z", n(d.translation.2))])),
                          ("rotation", object([("x", n(e.x)), ("y", n(e.y)), ("z", n(e.z))])),
                          ("scale", object([("x", n(d.scale.0)), ("y", n(d.scale.1)), ("z", n(d.scale.2))]))]
            }
            let rows = (0..<4).map { r in "[" + (0..<4).map { c in n(m[r, c]) }.joined(separator: ", ") + "]" }
            fields.append(("matrix", "[" + rows.joined(separator: ", ") + "]"))
            return object(fields)
        case .enumCase(let i):
            if case .enumeration(let name)? = type, let cases = Enumerations.all[name], Int(i) < cases.count { return string(cases[Int(i)]) }
            return String(i)
        case .array(let xs):
            var element: ValueType?
            if case .array(let t)? = type { element = t }
            return "[" + xs.map { encode($0, type: element) }.joined(separator: ", ") + "]"
        case .path(let p): return string(pathData(p))
        case .timing(let t):
            if let s = t.spring {
                return object([("mass", n(s.mass)), ("stiffness", n(s.stiffness)), ("damping", n(s.damping)), ("initialVelocity", n(s.initialVelocity))])
            }
            return object([("x1", n(t.x1)), ("y1", n(t.y1)), ("x2", n(t.x2)), ("y2", n(t.y2))])
        case .layer, .animation: return "null"
        }
    }

    /// `#rrggbbaa` from straight components.
    static func hex(_ c: Color) -> String {
        func h(_ x: Double) -> String {
            let v = Int((min(1, max(0, x.isNaN ? 0 : x)) * 255).rounded())
            let d = Array("0123456789abcdef")
            return String(d[v >> 4]) + String(d[v & 15])
        }
        return "#" + h(c.r) + h(c.g) + h(c.b) + h(c.a)
    }

    /// SVG path data: `M x y L x y Q … C … Z`.
    static func pathData(_ p: BezierPath) -> String {
        let n = number
        return p.elements.map { e -> String in
            switch e {
            case .move(let a): return "M \(n(a.x)) \(n(a.y))"
            case .line(let a): return "L \(n(a.x)) \(n(a.y))"
            case .quad(let c, let a): return "Q \(n(c.x)) \(n(c.y)) \(n(a.x)) \(n(a.y))"
            case .cubic(let c1, let c2, let a): return "C \(n(c1.x)) \(n(c1.y)) \(n(c2.x)) \(n(c2.y)) \(n(a.x)) \(n(a.y))"
            case .close: return "Z"
            }
        }.joined(separator: " ")
    }

    // MARK: comparing

    /// A leaf of a parsed JSON document: a number or anything else, by its text.
    public enum Leaf: Equatable, Sendable {
        case number(Double)
        case other(String)
    }

    /// The leaves of a JSON text in document order, each with its path (`[0].values.card.position.x`).
    /// Transforms (objects with a `matrix`) contribute only their matrix: the matrix is what a layer
    /// shows, and Euler angles of the same rotation can differ (docs/semantics.md). Nil when the text
    /// is not JSON. (A small reader of our own: Foundation's forgets the order of keys and reads
    /// booleans as numbers on some platforms.)
    public static func leaves(_ text: String) -> [(path: String, leaf: Leaf)]? {
        var r = LeafReader(bytes: Array(text.utf8))
        guard let v = r.value(), r.atEnd() else { return nil }
        var out: [(String, Leaf)] = []
        flatten(v, "", &out)
        return out
    }

    static func flatten(_ v: JSONValue, _ path: String, _ out: inout [(String, Leaf)]) {
        switch v {
        case .object(let fields):
            if let m = fields.first(where: { $0.0 == "matrix" }) { flatten(m.1, path + ".matrix", &out); return }
            for (k, x) in fields { flatten(x, path.isEmpty ? k : path + "." + k, &out) }
        case .array(let xs):
            for (i, x) in xs.enumerated() { flatten(x, path + "[\(i)]", &out) }
        case .number(let x): out.append((path, .number(x)))
        case .other(let s): out.append((path, .other(s)))
        }
    }

    indirect enum JSONValue {
        case object([(String, JSONValue)])
        case array([JSONValue])
        case number(Double)
        /// A string (with its quotes), true, false or null.
        case other(String)
    }

    struct LeafReader {
        let bytes: [UInt8]
        var i = 0
        var depth = 0

        mutating func skip() { while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 } }
        mutating func atEnd() -> Bool { skip(); return i == bytes.count }

        mutating func value() -> JSONValue? {
            skip()
            guard i < bytes.count, depth < 256 else { return nil }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1; depth += 1; defer { depth -= 1 }
                var fields: [(String, JSONValue)] = []
                skip()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
                while true {
                    skip()
                    guard let k = string() else { return nil }
                    skip()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                    i += 1
                    guard let v = value() else { return nil }
                    fields.append((k, v))
                    skip()
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
                    return nil
                }
            case UInt8(ascii: "["):
                i += 1; depth += 1; defer { depth -= 1 }
                var xs: [JSONValue] = []
                skip()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(xs) }
                while true {
                    guard let v = value() else { return nil }
                    xs.append(v)
                    skip()
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(xs) }
                    return nil
                }
            case UInt8(ascii: "\""):
                guard let s = string() else { return nil }
                return .other(ValueJSON.string(s))
            default:
                let start = i
                while i < bytes.count, !([0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(bytes[i])) { i += 1 }
                let word = String(decoding: bytes[start..<i], as: UTF8.self)
                if word == "true" || word == "false" || word == "null" { return .other(word) }
                guard let x = Double(word) else { return nil }
                return .number(x)
            }
        }

        mutating func string() -> String? {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
            i += 1
            var out: [UInt8] = []
            while i < bytes.count {
                let c = bytes[i]
                i += 1
                if c == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
                if c == UInt8(ascii: "\\") {
                    guard i < bytes.count else { return nil }
                    let e = bytes[i]
                    i += 1
                    switch e {
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        guard i + 4 <= bytes.count, let u = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16),
                              let scalar = Unicode.Scalar(u) else { return nil }
                        i += 4
                        out += Array(String(Character(scalar)).utf8)
                    default: out.append(e)
                    }
                } else { out.append(c) }
            }
            return nil
        }
    }

    /// Whether two numbers agree within `relative`: |a − b| ≤ relative × max(|a|, |b|, 1). The floor
    /// of 1 makes values near zero (a cosine of 90°, 6e-17) compare absolutely.
    public static func close(_ a: Double, _ b: Double, relative: Double) -> Bool {
        if a == b { return true }
        guard a.isFinite, b.isFinite else { return false }
        return abs(a - b) <= relative * max(abs(a), abs(b), 1)
    }
}

/// `calc values`: which layers and key paths, and the JSON for a list of instants.
public struct ValuesRequest: Sendable {
    /// Layer names (empty: every layer in the tree but the root).
    public var layers: [String] = []
    /// Key paths (empty: every animatable property that differs from its default).
    public var keys: [String] = []
    /// Also print model values.
    public var model = false
    public init(layers: [String] = [], keys: [String] = [], model: Bool = false) {
        self.layers = layers; self.keys = keys; self.model = model
    }

    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The key paths resolved against the program's properties.
    public func resolvedKeys(_ table: PropertyTable) throws(Problem) -> [(name: String, keyPath: KeyPath)] {
        var out: [(String, KeyPath)] = []
        for k in keys {
            guard let (kp, _) = table.parse(k) else {
                let names = KeyPath.allNames + table.custom.map(\.name)
                let near = names.min { Self.distance($0, k) < Self.distance($1, k) }
                throw Problem(message: "unknown key path '\(k)'" + (near.map { "; did you mean '\($0)'?" } ?? ""))
            }
            out.append((k, kp))
        }
        return out
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.utf8), y = Array(b.utf8)
        var prev = Array(0...y.count)
        for i in 1...max(1, x.count) where !x.isEmpty {
            var cur = [i] + Array(repeating: 0, count: y.count)
            for j in stride(from: 1, through: y.count, by: 1) {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            prev = cur
        }
        return x.isEmpty ? y.count : prev[y.count]
    }

    /// The JSON of every instant: an array with one object per instant, `time` (and `frame`), then
    /// `layers` (and `model`): layer name → key path → value.
    public func json(_ timeline: Timeline, instants: [(time: Double, frame: Int?)]) throws -> String {
        let table = timeline.propertyTable
        let keys = try resolvedKeys(table)
        var seen = Set<String>()
        var out = "[\n"
        for (i, instant) in instants.enumerated() {
            let all = try timeline.values(at: instant.time)
            var named: [(String, LayerValues)] = []
            var counts: [String: Int] = [:]
            for (k, l) in all.enumerated() where k > 0 || layers.contains(l.name) {
                counts[l.name, default: 0] += 1
                let c = counts[l.name]!
                named.append((c == 1 ? l.name : "\(l.name)#\(c)", l))
            }
            if !layers.isEmpty { named = named.filter { layers.contains(String($0.1.name)) } }
            for (_, l) in named { seen.insert(l.name) }
            out += "  {\n    \"time\": \(ValueJSON.number(instant.time)),\n"
            if let f = instant.frame { out += "    \"frame\": \(f),\n" }
            out += "    \"layers\": " + Self.layersObject(named, keys: keys, table: table, model: false)
            if model { out += ",\n    \"model\": " + Self.layersObject(named, keys: keys, table: table, model: true) }
            out += "\n  }" + (i + 1 < instants.count ? "," : "") + "\n"
        }
        out += "]\n"
        if let missing = layers.first(where: { !seen.contains($0) }) {
            throw Problem(message: "no layer named '\(missing)' is in the tree at the times asked for")
        }
        return out
    }

    static func layersObject(_ named: [(String, LayerValues)], keys: [(name: String, keyPath: KeyPath)],
                             table: PropertyTable, model: Bool) -> String {
        if named.isEmpty { return "{}" }
        var s = "{\n"
        for (i, (name, l)) in named.enumerated() {
            let entries = Self.entries(l, keys: keys, table: table, model: model)
            s += "      " + ValueJSON.string(name) + ": {"
            if !entries.isEmpty {
                s += "\n" + entries.map { "        " + ValueJSON.string($0.0) + ": " + $0.1 }.joined(separator: ",\n") + "\n      "
            }
            s += "}" + (i + 1 < named.count ? "," : "") + "\n"
        }
        return s + "    }"
    }

    /// The key paths asked for that the layer's kind has, or every animatable property whose value
    /// differs from its default.
    static func entries(_ l: LayerValues, keys: [(name: String, keyPath: KeyPath)], table: PropertyTable,
                        model: Bool) -> [(String, String)] {
        let values = model ? l.model : l.presentation
        if !keys.isEmpty {
            return keys.compactMap { k in
                guard let info = table.info(k.keyPath.property), info.applies(to: l.kind) else { return nil }
                let v = k.keyPath.component.get(values[table.slot(k.keyPath.property)])
                return (k.name, ValueJSON.encode(v, type: table.type(k.keyPath)))
            }
        }
        let defaults = table.defaults
        var out: [(String, String)] = []
        let ids = (0..<LayerProperties.count).map { UInt16($0) } + table.custom.indices.map { LayerProperties.customBase + UInt16($0) }
        for id in ids {
            guard let info = table.info(id), info.animatable, info.applies(to: l.kind) else { continue }
            let slot = table.slot(id)
            guard slot < values.count, values[slot] != defaults[slot] else { continue }
            out.append((info.name, ValueJSON.encode(values[slot], type: info.type)))
        }
        return out
    }
}
