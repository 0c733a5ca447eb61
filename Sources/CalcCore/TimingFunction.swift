// CAMediaTimingFunction: a cubic Bézier from (0,0) to (1,1) mapping elapsed-time fraction x to
// progress y. Solving x(t) = x uses Newton's method with a bisection fallback, so the result is the
// same on every machine (no fused multiply-add is requested; Swift does not contract by default).

import Foundation

public struct TimingFunction: Sendable, Hashable {
    public var x1: Double, y1: Double, x2: Double, y2: Double
    /// A spring timing curve instead of a Bézier (then x1…y2 are unused, 0).
    public private(set) var spring: Spring?
    /// The spring's settling duration, computed once: the curve maps elapsed fraction x to the
    /// spring's progress x × settling seconds after release, so it comes to rest at x = 1.
    private var settling: Double = 0

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    public init(spring: Spring) {
        x1 = 0; y1 = 0; x2 = 0; y2 = 0
        self.spring = spring
        settling = spring.settlingDuration
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

    public var name: String? { spring == nil ? Self.named.first { $0.1 == self }?.0 : nil }

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
        if let spring { return spring.progress(x * settling) }
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

/// A damped spring released from rest at 0 towards 1 (CASpringAnimation's model): mass, stiffness,
/// damping and initial velocity (in target distances per second).
public struct Spring: Sendable, Hashable {
    public var mass: Double, stiffness: Double, damping: Double, initialVelocity: Double
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping; self.initialVelocity = initialVelocity
    }

    /// Whether the parameters describe a spring (positive finite mass and stiffness, finite
    /// non-negative damping, finite velocity).
    public var isValid: Bool {
        mass > 0 && mass.isFinite && stiffness > 0 && stiffness.isFinite && damping >= 0 && damping.isFinite && initialVelocity.isFinite
    }

    /// Progress (0 at rest at the start, 1 at the target) t seconds after release.
    public func progress(_ t: Double) -> Double {
        let w0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let v0 = initialVelocity
        let x: Double
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let (s, c) = StableMath.sinCos(wd * t)
            x = Foundation.exp(-zeta * w0 * t) * (c + (zeta * w0 - v0) / wd * s)
        } else if zeta == 1 {
            x = (1 + (w0 - v0) * t) * Foundation.exp(-w0 * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let c2 = (-v0 - r1) / (r2 - r1)
            x = (1 - c2) * Foundation.exp(r1 * t) + c2 * Foundation.exp(r2 * t)
        }
        return 1 - x
    }

    /// CASpringAnimation's settlingDuration: the time after which the spring stays within 0.1 % of
    /// its target (sampled every millisecond up to a minute).
    public var settlingDuration: Double {
        var last = 0.0
        var t = 0.0
        while t <= 60 {
            if abs(1 - progress(t)) >= 0.001 { last = t }
            t += 0.001
        }
        return min(60, last + 0.001)
    }
}
