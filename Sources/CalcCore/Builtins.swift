// Built-in functions of CAL: math, interpolation, colour and the seeded random generator. One
// implementation serves the compiler's constant folder and the VM's CALLB instruction, so a folded
// call and a run-time call give identical bits. `random` is a pure function of its seed (SplitMix64
// over the seed's bits), so the same file draws the same numbers on every run and machine.

import Foundation

public enum Builtin: UInt8, CaseIterable, Sendable {
    case sin = 0, cos, tan, asin, acos, atan, atan2, sqrt, pow, exp, log
    case abs, min, max, clamp, mix, floor, ceil, round, sign
    case random, random3
    case rgb, rgba, hsb, hsba
    case translate, scale, rotate, perspective
    case string
    case moveTo, lineTo, quadTo, curveTo, arc, closePath, rectPath, roundedRectPath, ellipsePath
    case image
    /// a spring timing function: mass, stiffness, damping, initial velocity
    case spring

    public var name: String {
        switch self {
        case .random3: return "random"
        default: return String(describing: self)
        }
    }

    /// Number of arguments.
    public var arity: Int {
        switch self {
        case .sin, .cos, .tan, .asin, .acos, .atan, .sqrt, .exp, .log, .abs, .floor, .ceil, .round, .sign, .random, .perspective, .string: return 1
        case .moveTo, .lineTo, .rectPath, .ellipsePath, .image: return 1
        case .atan2, .pow, .min, .max, .quadTo, .roundedRectPath: return 2
        case .clamp, .mix, .random3, .rgb, .hsb, .translate, .scale, .curveTo: return 3
        case .rgba, .hsba, .rotate, .spring: return 4
        case .arc: return 5
        case .closePath: return 0
        }
    }

    /// SplitMix64 of the seed's bit pattern, as a double in [0, 1) (53 random bits).
    public static func random(seed: Double) -> Double {
        var z = (seed == 0 ? 0 : seed.bitPattern) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z = z ^ (z >> 31)
        return Double(z >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }

    static func num(_ v: Value) throws(ArithError) -> Double {
        guard case .number(let x) = v else { throw .unsupported("expected a number, found \(v.typeName)") }
        return x
    }

    /// Calls the builtin; errors for wrong argument types (possible only in hand-made bytecode) and
    /// for results that are not numbers (sqrt of a negative, log of 0, …).
    public static func call(_ b: Builtin, _ a: [Value]) throws(ArithError) -> Value {
        guard a.count == b.arity else { throw .unsupported("\(b.name) takes \(b.arity) arguments") }
        func n(_ i: Int) throws(ArithError) -> Double { try num(a[i]) }
        func finite(_ x: Double) throws(ArithError) -> Value {
            guard x.isFinite else { throw .unsupported("\(b.name) gives no finite result for these arguments") }
            return .number(x)
        }
        switch b {
        case .sin: return .number(StableMath.sin(try n(0)))
        case .cos: return .number(StableMath.cos(try n(0)))
        case .tan:
            let (s, c) = StableMath.sinCos(try n(0))
            return try finite(s / c)
        case .asin: return try finite(Foundation.asin(try n(0)))
        case .acos: return try finite(Foundation.acos(try n(0)))
        case .atan: return .number(Foundation.atan(try n(0)))
        case .atan2: return .number(Foundation.atan2(try n(0), try n(1)))
        case .sqrt: return try finite(Foundation.sqrt(try n(0)))
        case .pow: return try finite(Foundation.pow(try n(0), try n(1)))
        case .exp: return try finite(Foundation.exp(try n(0)))
        case .log: return try finite(Foundation.log(try n(0)))
        case .abs:
            switch a[0] {
            case .number(let x): return .number(Swift.abs(x))
            default: throw .unsupported("abs needs a number")
            }
        case .min, .max:
            let x = try n(0), y = try n(1)
            return .number(b == .min ? Swift.min(x, y) : Swift.max(x, y))
        case .clamp:
            let x = try n(0), lo = try n(1), hi = try n(2)
            return .number(Swift.min(Swift.max(x, lo), hi))
        case .mix:
            let t = try n(2)
            switch (a[0], a[1]) {
            case (.number, .number), (.point, .point), (.size, .size), (.rect, .rect), (.color, .color), (.transform, .transform):
                return Value.interpolate(a[0], a[1], t)
            default: throw .unsupported("mix needs two values of the same kind")
            }
        case .floor: return .number((try n(0)).rounded(.down))
        case .ceil: return .number((try n(0)).rounded(.up))
        case .round: return .number((try n(0)).rounded(.toNearestOrAwayFromZero))
        case .sign:
            let x = try n(0)
            return .number(x > 0 ? 1 : x < 0 ? -1 : 0)
        case .random: return .number(random(seed: try n(0)))
        case .random3:
            let r = random(seed: try n(0))
            switch (a[1], a[2]) {
            case let (.number(lo), .number(hi)): return .number(lo + (hi - lo) * r)
            default: return Value.interpolate(a[1], a[2], r)
            }
        case .rgb, .rgba:
            func c(_ i: Int) throws(ArithError) -> Double { Swift.min(1, Swift.max(0, try n(i))) }
            return .color(Color(try c(0), try c(1), try c(2), b == .rgba ? try c(3) : 1))
        case .hsb, .hsba:
            func c(_ i: Int) throws(ArithError) -> Double { Swift.min(1, Swift.max(0, try n(i))) }
            let turns = try n(0) / (2 * Double.pi)
            return .color(Color.hsb(turns, try c(1), try c(2), b == .hsba ? try c(3) : 1))
        case .translate: return .transform(.translation(try n(0), try n(1), try n(2)))
        case .scale: return .transform(.scale(try n(0), try n(1), try n(2)))
        case .rotate: return .transform(.rotation(try n(0), try n(1), try n(2), try n(3)))
        case .perspective:
            let d = try n(0)
            guard d > 0 else { throw .unsupported("the perspective distance must be positive") }
            return .transform(.perspective(d))
        case .string: return .string(Value.display(a[0]))
        case .moveTo, .lineTo:
            guard case .point(let p) = a[0] else { throw .unsupported("\(b.name) needs a point") }
            return .path(BezierPath([b == .moveTo ? .move(p) : .line(p)]))
        case .quadTo:
            guard case .point(let c) = a[0], case .point(let p) = a[1] else { throw .unsupported("quadTo needs two points") }
            return .path(BezierPath([.quad(c, p)]))
        case .curveTo:
            guard case .point(let c1) = a[0], case .point(let c2) = a[1], case .point(let p) = a[2] else {
                throw .unsupported("curveTo needs three points")
            }
            return .path(BezierPath([.cubic(c1, c2, p)]))
        case .arc:
            guard case .point(let c) = a[0], case .bool(let clockwise) = a[4] else { throw .unsupported("arc needs a center point and a direction") }
            let r = try n(1), start = try n(2), end = try n(3)
            let (s0, c0) = StableMath.sinCos(start)
            return .path(BezierPath([.line(Point(c.x + r * c0, c.y + r * s0))]
                + BezierPath.arcSegments(cx: c.x, cy: c.y, rx: r, ry: r, start: start, end: end, clockwise: clockwise)))
        case .closePath: return .path(BezierPath([.close]))
        case .rectPath, .ellipsePath:
            guard case .rect(let r) = a[0] else { throw .unsupported("\(b.name) needs a rect") }
            return .path(b == .rectPath ? .rect(r) : .ellipse(r))
        case .roundedRectPath:
            guard case .rect(let r) = a[0] else { throw .unsupported("roundedRectPath needs a rect") }
            return .path(.roundedRect(r, radius: try n(1)))
        case .image:
            guard case .string(let name) = a[0], !name.isEmpty else { throw .unsupported("image needs a file name") }
            return .image(name)
        case .spring:
            let s = Spring(mass: try n(0), stiffness: try n(1), damping: try n(2), initialVelocity: try n(3))
            guard s.isValid else {
                throw .unsupported("a spring needs a mass and stiffness above 0, a damping of 0 or more and a finite velocity")
            }
            return .timing(TimingFunction(spring: s))
        }
    }
}

extension Value {
    /// How a value reads when interpolated into a string: numbers without a trailing ".0".
    public static func display(_ v: Value) -> String {
        func n(_ x: Double) -> String {
            if x.isInfinite { return x < 0 ? "-infinity" : "infinity" }
            if x == x.rounded(), Swift.abs(x) < 1e15 { return String(Int64(x)) }
            return "\(x)"
        }
        switch v {
        case .none: return "nil"
        case .number(let x): return n(x)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return s
        case .point(let p): return "(\(n(p.x)), \(n(p.y)))"
        case .size(let s): return "(\(n(s.width)), \(n(s.height)))"
        case .rect(let r): return "(\(n(r.origin.x)), \(n(r.origin.y)), \(n(r.size.width)), \(n(r.size.height)))"
        case .color(let c):
            func h(_ x: Double) -> String {
                let v = Int((Swift.min(1, Swift.max(0, x)) * 255).rounded())
                let d = Array("0123456789abcdef")
                return String(d[v >> 4]) + String(d[v & 15])
            }
            return "#" + h(c.r) + h(c.g) + h(c.b) + (c.a < 1 ? h(c.a) : "")
        case .timing(let t):
            if let s = t.spring { return "spring(\(n(s.mass)), \(n(s.stiffness)), \(n(s.damping)), \(n(s.initialVelocity)))" }
            return "cubic(\(n(t.x1)), \(n(t.y1)), \(n(t.x2)), \(n(t.y2)))"
        case .transform(let m): return "matrix(" + m.elements.map(n).joined(separator: ", ") + ")"
        case .enumCase(let i): return "case \(i)"
        case .layer(let h): return "layer \(h)"
        case .animation(let h): return "animation \(h)"
        case .array(let xs): return "[" + xs.map(display).joined(separator: ", ") + "]"
        case .path(let p): return "path(\(p.elements.count) elements)"
        case .image(let name): return "image(\"\(name)\")"
        }
    }
}
