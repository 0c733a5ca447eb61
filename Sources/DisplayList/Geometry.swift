// Device-space geometry shared by the display list and the rasterizer: integer pixel boxes and the
// plane-to-plane projective maps (a layer's 4×4 transform with its z row and column dropped) that
// carry a fill's path into device pixels.

import CalcCore

/// An integer pixel rectangle [x0, x1) × [y0, y1).
public struct IRect: Sendable, Hashable {
    public var x0, y0, x1, y1: Int
    /// The empty rectangle.
    public static let empty = IRect(x0: 0, y0: 0, x1: 0, y1: 0)
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    public var width: Int { x1 - x0 }
    public var height: Int { y1 - y0 }
    /// The pixels in both.
    public func intersection(_ o: IRect) -> IRect {
        let r = IRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return r.isEmpty ? .empty : r
    }
    /// The pixels touched by a real-valued box, clamped to ±2^30 so conversion never traps.
    public init(covering minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) {
        func c(_ v: Double) -> Int {
            guard v == v else { return 0 }
            return Int(max(-1_073_741_824, min(1_073_741_824, v)))
        }
        self.init(x0: c(minX.rounded(.down)), y0: c(minY.rounded(.down)),
                  x1: c(maxX.rounded(.up)), y1: c(maxY.rounded(.up)))
    }
    public init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    /// The smallest box holding both (an empty box adds nothing).
    public func union(_ o: IRect) -> IRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return IRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }
    /// The box grown by `n` pixels on every side.
    public func outset(_ n: Int) -> IRect {
        isEmpty ? self : IRect(x0: x0 - n, y0: y0 - n, x1: x1 + n, y1: y1 + n)
    }
    /// The box grown by `dx` pixels left and right and `dy` pixels above and below.
    public func outset(_ dx: Int, _ dy: Int) -> IRect {
        isEmpty ? self : IRect(x0: x0 - dx, y0: y0 - dy, x1: x1 + dx, y1: y1 + dy)
    }
}

/// A plane-to-plane projective map in row-vector form: (X, Y, W) = (x, y, 1) · M, image (X/W, Y/W).
public struct Projective: Sendable, Hashable {
    public var m11, m12, m13: Double
    public var m21, m22, m23: Double
    public var m31, m32, m33: Double

    /// The identity map.
    public static let identity = Projective(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    /// The map with the given entries.
    public init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
         m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The affine map as a projective one.
    public init(_ a: Affine2D) {
        self.init(m11: a.a, m12: a.b, m13: 0, m21: a.c, m22: a.d, m23: 0, m31: a.tx, m32: a.ty, m33: 1)
    }

    /// Apply self, then `o`.
    public func concat(_ o: Projective) -> Projective {
        Projective(
            m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31, m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32,
            m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33,
            m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31, m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32,
            m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33,
            m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31, m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32,
            m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33)
    }

    /// True when w is 1 everywhere.
    /// The inverse map (device → source); nil when the map is singular or not finite.
    public var inverse: Projective? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        let r = Projective(
            m11: (m22 * m33 - m23 * m32) * k, m12: (m13 * m32 - m12 * m33) * k, m13: (m12 * m23 - m13 * m22) * k,
            m21: (m23 * m31 - m21 * m33) * k, m22: (m11 * m33 - m13 * m31) * k, m23: (m13 * m21 - m11 * m23) * k,
            m31: (m21 * m32 - m22 * m31) * k, m32: (m12 * m31 - m11 * m32) * k, m33: (m11 * m22 - m12 * m21) * k)
        return r.m11.isFinite && r.m22.isFinite && r.m33.isFinite ? r : nil
    }

    /// A translation of the plane.
    public static func translation(_ x: Double, _ y: Double) -> Projective {
        Projective(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: x, m32: y, m33: 1)
    }

    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// The determinant of the 3×3 matrix.
    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    @inline(__always)
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (x * m11 + y * m21 + m31, x * m12 + y * m22 + m32, x * m13 + y * m23 + m33)
    }

    /// Largest singular value of the Jacobian at (x, y); 0 where w ≤ 0.
    public func localScale(_ x: Double, _ y: Double) -> Double {
        let (X, Y, W) = apply(x, y)
        guard W > 0 else { return 0 }
        let iw2 = 1 / (W * W)
        let a = (m11 * W - X * m13) * iw2, b = (m12 * W - Y * m13) * iw2
        let c = (m21 * W - X * m23) * iw2, d = (m22 * W - Y * m23) * iw2
        let s = a * a + b * b + c * c + d * d, det = a * d - b * c
        return ((s + max(0, s * s - 4 * det * det).squareRoot()) / 2).squareRoot()
    }
}

