// CAMediaTimingFunction: a cubic Bézier from (0,0) to (1,1) mapping elapsed-time fraction x to
// progress y. Solving x(t) = x uses Newton's method with a bisection fallback, so the result is the
// same on every machine (no fused multiply-add is requested; Swift does not contract by default).

public struct TimingFunction: Sendable, Hashable {
    public var x1: Double, y1: Double, x2: Double, y2: Double
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    public static let linear = TimingFunction(0, 0, 1, 1)
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// The named functions, in the spelling CAL uses after a leading dot.
    public static let named: [(String, TimingFunction)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("default", .default),
    ]

    public var name: String? { Self.named.first { $0.1 == self }?.0 }

    @inline(__always) static func bez(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        // B(t) for P0 = 0, P3 = 1
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    @inline(__always) static func bezDeriv(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// Progress at elapsed fraction x (clamped to 0...1).
    public func callAsFunction(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if x1 == y1 && x2 == y2 { return x }
        var t = x
        for _ in 0..<8 {
            let err = Self.bez(t, x1, x2) - x
            if abs(err) < 1e-12 { return Self.bez(t, y1, y2) }
            let d = Self.bezDeriv(t, x1, x2)
            if abs(d) < 1e-9 { break }
            t -= err / d
            if t < 0 || t > 1 { break }
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<64 {
            let v = Self.bez(t, x1, x2)
            if abs(v - x) < 1e-12 { break }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return Self.bez(t, y1, y2)
    }
}
