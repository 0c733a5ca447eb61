// Plain geometry and colour values shared by every stage: points, sizes, rects in points (Double),
// straight-alpha sRGB colours. Core Graphics' shapes, without Core Graphics.

public struct Point: Sendable, Hashable {
    public var x: Double, y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static let zero = Point(0, 0)
}

public struct Size: Sendable, Hashable {
    public var width: Double, height: Double
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    public static let zero = Size(0, 0)
}

public struct Rect: Sendable, Hashable {
    public var origin: Point, size: Size
    public init(_ x: Double, _ y: Double, _ w: Double, _ h: Double) { origin = Point(x, y); size = Size(w, h) }
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public static let zero = Rect(0, 0, 0, 0)
    public var minX: Double { min(origin.x, origin.x + size.width) }
    public var minY: Double { min(origin.y, origin.y + size.height) }
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    public var width: Double { abs(size.width) }
    public var height: Double { abs(size.height) }
}

/// A straight-alpha (not premultiplied) sRGB colour, components in 0...1.
public struct Color: Sendable, Hashable {
    public var r: Double, g: Double, b: Double, a: Double
    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    public static let clear = Color(0, 0, 0, 0)
    public static let black = Color(0, 0, 0, 1)
    public static let white = Color(1, 1, 1, 1)

    /// Parses `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` (without the `#`).
    public init?(hex: String) {
        let digits = hex.compactMap { $0.hexDigitValue }
        guard digits.count == hex.count else { return nil }
        func pair(_ i: Int) -> Double { Double(digits[i] * 16 + digits[i + 1]) / 255 }
        func single(_ i: Int) -> Double { Double(digits[i] * 17) / 255 }
        switch digits.count {
        case 3: self.init(single(0), single(1), single(2))
        case 4: self.init(single(0), single(1), single(2), single(3))
        case 6: self.init(pair(0), pair(2), pair(4))
        case 8: self.init(pair(0), pair(2), pair(4), pair(6))
        default: return nil
        }
    }

    /// HSB (UIColor's colorWithHue:saturation:brightness:), hue in turns (0...1).
    public static func hsb(_ h: Double, _ s: Double, _ v: Double, _ a: Double = 1) -> Color {
        // a hue that is not finite (an expression gone to infinity) is red, not a trap in Int(_:)
        let hh = h.isFinite ? (h - h.rounded(.down)) * 6 : 0
        let i = Int(hh) % 6
        let f = hh - Double(Int(hh))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch i {
        case 0: return Color(v, t, p, a)
        case 1: return Color(q, v, p, a)
        case 2: return Color(p, v, t, a)
        case 3: return Color(p, q, v, a)
        case 4: return Color(t, p, v, a)
        default: return Color(v, p, q, a)
        }
    }

    /// The named colours of UIColor's class properties (CAL writes them `.red`, `.clear`, …).
    public static let named: [(String, Color)] = [
        ("black", Color(0, 0, 0)), ("darkGray", Color(1.0 / 3, 1.0 / 3, 1.0 / 3)),
        ("lightGray", Color(2.0 / 3, 2.0 / 3, 2.0 / 3)), ("white", Color(1, 1, 1)), ("gray", Color(0.5, 0.5, 0.5)),
        ("red", Color(1, 0, 0)), ("green", Color(0, 1, 0)), ("blue", Color(0, 0, 1)), ("cyan", Color(0, 1, 1)),
        ("yellow", Color(1, 1, 0)), ("magenta", Color(1, 0, 1)), ("orange", Color(1, 0.5, 0)),
        ("purple", Color(0.5, 0, 0.5)), ("brown", Color(0.6, 0.4, 0.2)), ("clear", Color(0, 0, 0, 0)),
    ]
}

/// Scene coordinate origin (SPEC §4.1): iOS top-left with y down, or macOS bottom-left with y up.
public enum Origin: String, Sendable, CaseIterable {
    case topLeft, bottomLeft
}
