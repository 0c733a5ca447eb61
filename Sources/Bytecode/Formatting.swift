// Text for values, shared by the disassembler and the verifier's messages. Written without
// Foundation so the text is the same on every platform: numbers use Swift's own shortest
// round-trip `description` (which does not depend on the C library or the locale), with integral
// values printed without ".0"; nothing here iterates a hashed collection.

import CalcCore

enum Format {
    /// `10`, `0.5`, `-0`, `inf`, `nan`, `1e+16`: integral values below 1e16 as integers (where
    /// `description` would add ".0"), the rest in Swift's shortest round-trip form (exponential from 1e16).
    static func number(_ v: Double) -> String {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v < 0 ? "-inf" : "inf" }
        if v == 0 { return v.sign == .minus ? "-0" : "0" }
        if v.rounded(.towardZero) == v, abs(v) < 1e16 { return String(Int64(v)) }
        return v.description
    }

    static func numbers(_ vs: [Double], separator: String = ", ") -> String {
        vs.map(number).joined(separator: separator)
    }

    /// A double-quoted string with `\"`, `\\`, `\n`, `\r`, `\t` and `\u{…}` for other control characters.
    static func quoted(_ s: String, delimiter: Unicode.Scalar = "\"") -> String {
        var out = String(delimiter)
        for u in s.unicodeScalars {
            switch u {
            case delimiter: out += "\\" + String(delimiter)
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || (0x7F...0x9F).contains(u.value) {
                    out += "\\u{" + String(u.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + String(delimiter)
    }

    /// A name in single quotes, as diagnostics print names.
    static func quoted1(_ s: String) -> String { quoted(s, delimiter: "'") }

    /// `#rrggbbaa` when every component is exactly n/255, else `rgba(r, g, b, a)`.
    static func color(_ c: Color) -> String {
        var hex = "#"
        for x in [c.r, c.g, c.b, c.a] {
            guard x >= 0, x <= 1 else { return "rgba(" + numbers([c.r, c.g, c.b, c.a]) + ")" }
            let n = Int((x * 255).rounded())
            guard Double(n) / 255 == x else { return "rgba(" + numbers([c.r, c.g, c.b, c.a]) + ")" }
            let digits = String(n, radix: 16)
            hex += digits.count == 1 ? "0" + digits : digits
        }
        return hex
    }

    /// The short type name of a constant, as the disassembler's type column prints it.
    static func typeName(_ v: Value) -> String {
        switch v {
        case .none: return "none"
        case .number: return "number"
        case .bool: return "bool"
        case .point: return "point"
        case .size: return "size"
        case .rect: return "rect"
        case .color: return "color"
        case .string: return "string"
        case .timing: return "timing"
        case .transform: return "transform"
        case .enumCase: return "enum"
        case .layer: return "layer"
        case .animation: return "animation"
        case .array: return "array"
        case .path: return "path"
        case .image: return "image"
        }
    }

    /// A value in the disassembler's notation; `enumeration` names the case when it is known.
    static func value(_ v: Value, enumeration: String? = nil) -> String {
        switch v {
        case .none: return "none"
        case .number(let x): return number(x)
        case .bool(let b): return b ? "true" : "false"
        case .point(let p): return "(" + numbers([p.x, p.y]) + ")"
        case .size(let s): return "(" + numbers([s.width, s.height]) + ")"
        case .rect(let r): return "(" + numbers([r.origin.x, r.origin.y, r.size.width, r.size.height]) + ")"
        case .color(let c): return color(c)
        case .string(let s): return quoted(s)
        case .timing(let t):
            if let s = t.spring { return "spring(" + numbers([s.mass, s.stiffness, s.damping, s.initialVelocity]) + ")" }
            return t.name ?? "cubic(" + numbers([t.x1, t.y1, t.x2, t.y2]) + ")"
        case .transform(let m):
            let e = m.elements
            return "[" + (0..<4).map { numbers(Array(e[$0 * 4..<$0 * 4 + 4]), separator: " ") }.joined(separator: ", ") + "]"
        case .enumCase(let i):
            if let enumeration, let cases = Enumerations.all[enumeration], Int(i) < cases.count { return "." + cases[Int(i)] }
            return "case " + String(i)
        case .layer(let h): return "layer " + String(h)
        case .animation(let h): return "animation " + String(h)
        case .array(let xs): return "[" + xs.map { value($0) }.joined(separator: ", ") + "]"
        case .path(let p):
            return "path(" + p.elements.map { e -> String in
                switch e {
                case .move(let a): return "move " + numbers([a.x, a.y])
                case .line(let a): return "line " + numbers([a.x, a.y])
                case .quad(let a, let b): return "quad " + numbers([a.x, a.y, b.x, b.y])
                case .cubic(let a, let b, let c): return "cubic " + numbers([a.x, a.y, b.x, b.y, c.x, c.y])
                case .close: return "close"
                }
            }.joined(separator: "; ") + ")"
        case .image(let name): return "image " + quoted(name)
        }
    }

    /// `position.x`, or a custom key's name; a key path no property of the program has prints as
    /// `?kp(0x…)` instead of trapping.
    static func keyPath(_ kp: KeyPath, _ table: PropertyTable) -> String {
        guard table.info(kp.property) != nil else { return "?kp(0x" + String(kp.packed, radix: 16) + ")" }
        return table.name(kp)
    }

    /// Zero-padded to four digits (`0007`, `12345`), the instruction index column; a negative
    /// index (a jump target before the start) prints as a plain `-2`.
    static func index4(_ n: Int) -> String {
        guard n >= 0 else { return String(n) }
        let digits = String(n)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `1 parameter`, `2 parameters`.
    static func count(_ n: Int, _ noun: String, plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? noun : plural ?? noun + "s")
    }

    /// `0x09`: a byte as two hex digits, for unknown tags and opcodes.
    static func hex(_ b: UInt8) -> String {
        let s = String(b, radix: 16)
        return "0x" + (s.count == 1 ? "0" + s : s)
    }

    /// `s` followed by spaces up to `width` columns, and at least one space.
    static func pad(_ s: String, _ width: Int) -> String {
        s + String(repeating: " ", count: max(1, width - s.count))
    }
}
