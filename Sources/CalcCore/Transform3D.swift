// CATransform3D: a 4×4 matrix in Core Animation's row-vector convention, [x y z 1] · M.
// Translation lives in row 4 (m41 m42 m43); perspective is m34 = −1/d. `a.concat(b)` applies a first,
// then b (CATransform3DConcat), which is the plain matrix product a·b in this convention.
// Decomposition (for interpolating whole transforms, SPEC §4.7) follows the unmatrix algorithm of
// Graphics Gems II as used by the CSS Transforms spec: translation, scale, skew, perspective, and a
// rotation quaternion.

import Foundation

public struct Transform3D: Sendable, Hashable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(_ m: [Double]) {
        precondition(m.count == 16)
        (m11, m12, m13, m14) = (m[0], m[1], m[2], m[3])
        (m21, m22, m23, m24) = (m[4], m[5], m[6], m[7])
        (m31, m32, m33, m34) = (m[8], m[9], m[10], m[11])
        (m41, m42, m43, m44) = (m[12], m[13], m[14], m[15])
    }

    public static let identity = Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    public var elements: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    public subscript(row: Int, col: Int) -> Double {
        get { elements[row * 4 + col] }
        set { var e = elements; e[row * 4 + col] = newValue; self = Transform3D(e) }
    }

    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        var t = identity; t.m41 = tx; t.m42 = ty; t.m43 = tz; return t
    }

    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        var t = identity; t.m11 = sx; t.m22 = sy; t.m33 = sz; return t
    }

    /// CATransform3DMakeRotation: radians about (x, y, z); a zero-length axis gives the identity.
    public static func rotation(_ angle: Double, _ x: Double = 0, _ y: Double = 0, _ z: Double = 1) -> Transform3D {
        let len = (x * x + y * y + z * z).squareRoot()
        guard len > 0, len.isFinite else { return identity }
        let (x, y, z) = (x / len, y / len, z / len)
        let (s, c) = StableMath.sinCos(angle)
        let t = 1 - c
        // (field by field: building it from an array literal was most of this function's cost,
        // which runs for every animated rotation in every frame)
        var r = identity
        r.m11 = t * x * x + c; r.m12 = t * x * y + s * z; r.m13 = t * x * z - s * y
        r.m21 = t * x * y - s * z; r.m22 = t * y * y + c; r.m23 = t * y * z + s * x
        r.m31 = t * x * z + s * y; r.m32 = t * y * z - s * x; r.m33 = t * z * z + c
        return r
    }

    /// `perspective(d)`: m34 = −1/d (Core Animation's recipe, seed 000:566).
    public static func perspective(_ d: Double) -> Transform3D {
        var t = identity
        if d != 0 { t.m34 = -1 / d }
        return t
    }

    /// Apply self first, then `b` (CATransform3DConcat(self, b) = self · b). Each element is
    /// 0 + a_i1·b_1j + a_i2·b_2j + a_i3·b_3j + a_i4·b_4j, summed left to right (the order the
    /// presentation tree's bits depend on), in scalars: the array temporaries this once built were a
    /// tenth of the presentation tree's time with thousands of animated transforms.
    public func concat(_ b: Transform3D) -> Transform3D {
        let a = self
        @inline(__always) func e(_ x0: Double, _ x1: Double, _ x2: Double, _ x3: Double,
                                 _ y0: Double, _ y1: Double, _ y2: Double, _ y3: Double) -> Double {
            0.0 + x0 * y0 + x1 * y1 + x2 * y2 + x3 * y3
        }
        var r = Transform3D.identity
        r.m11 = e(a.m11, a.m12, a.m13, a.m14, b.m11, b.m21, b.m31, b.m41)
        r.m12 = e(a.m11, a.m12, a.m13, a.m14, b.m12, b.m22, b.m32, b.m42)
        r.m13 = e(a.m11, a.m12, a.m13, a.m14, b.m13, b.m23, b.m33, b.m43)
        r.m14 = e(a.m11, a.m12, a.m13, a.m14, b.m14, b.m24, b.m34, b.m44)
        r.m21 = e(a.m21, a.m22, a.m23, a.m24, b.m11, b.m21, b.m31, b.m41)
        r.m22 = e(a.m21, a.m22, a.m23, a.m24, b.m12, b.m22, b.m32, b.m42)
        r.m23 = e(a.m21, a.m22, a.m23, a.m24, b.m13, b.m23, b.m33, b.m43)
        r.m24 = e(a.m21, a.m22, a.m23, a.m24, b.m14, b.m24, b.m34, b.m44)
        r.m31 = e(a.m31, a.m32, a.m33, a.m34, b.m11, b.m21, b.m31, b.m41)
        r.m32 = e(a.m31, a.m32, a.m33, a.m34, b.m12, b.m22, b.m32, b.m42)
        r.m33 = e(a.m31, a.m32, a.m33, a.m34, b.m13, b.m23, b.m33, b.m43)
        r.m34 = e(a.m31, a.m32, a.m33, a.m34, b.m14, b.m24, b.m34, b.m44)
        r.m41 = e(a.m41, a.m42, a.m43, a.m44, b.m11, b.m21, b.m31, b.m41)
        r.m42 = e(a.m41, a.m42, a.m43, a.m44, b.m12, b.m22, b.m32, b.m42)
        r.m43 = e(a.m41, a.m42, a.m43, a.m44, b.m13, b.m23, b.m33, b.m43)
        r.m44 = e(a.m41, a.m42, a.m43, a.m44, b.m14, b.m24, b.m34, b.m44)
        return r
    }

    public static func * (a: Transform3D, b: Transform3D) -> Transform3D { a.concat(b) }

    public var isIdentity: Bool { self == .identity }

    /// True when the matrix only maps the plane z = 0 affinely (CATransform3DIsAffine).
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// Transforms a point (x, y, z, 1) and returns the homogeneous result.
    public func apply(_ x: Double, _ y: Double, _ z: Double = 0) -> (x: Double, y: Double, z: Double, w: Double) {
        (x * m11 + y * m21 + z * m31 + m41,
         x * m12 + y * m22 + z * m32 + m42,
         x * m13 + y * m23 + z * m33 + m43,
         x * m14 + y * m24 + z * m34 + m44)
    }

    /// General inverse (cofactor expansion); nil when singular.
    public func inverted() -> Transform3D? {
        let m = elements
        var inv = [Double](repeating: 0, count: 16)
        inv[0] = m[5] * m[10] * m[15] - m[5] * m[11] * m[14] - m[9] * m[6] * m[15] + m[9] * m[7] * m[14] + m[13] * m[6] * m[11] - m[13] * m[7] * m[10]
        inv[4] = -m[4] * m[10] * m[15] + m[4] * m[11] * m[14] + m[8] * m[6] * m[15] - m[8] * m[7] * m[14] - m[12] * m[6] * m[11] + m[12] * m[7] * m[10]
        inv[8] = m[4] * m[9] * m[15] - m[4] * m[11] * m[13] - m[8] * m[5] * m[15] + m[8] * m[7] * m[13] + m[12] * m[5] * m[11] - m[12] * m[7] * m[9]
        inv[12] = -m[4] * m[9] * m[14] + m[4] * m[10] * m[13] + m[8] * m[5] * m[14] - m[8] * m[6] * m[13] - m[12] * m[5] * m[10] + m[12] * m[6] * m[9]
        inv[1] = -m[1] * m[10] * m[15] + m[1] * m[11] * m[14] + m[9] * m[2] * m[15] - m[9] * m[3] * m[14] - m[13] * m[2] * m[11] + m[13] * m[3] * m[10]
        inv[5] = m[0] * m[10] * m[15] - m[0] * m[11] * m[14] - m[8] * m[2] * m[15] + m[8] * m[3] * m[14] + m[12] * m[2] * m[11] - m[12] * m[3] * m[10]
        inv[9] = -m[0] * m[9] * m[15] + m[0] * m[11] * m[13] + m[8] * m[1] * m[15] - m[8] * m[3] * m[13] - m[12] * m[1] * m[11] + m[12] * m[3] * m[9]
        inv[13] = m[0] * m[9] * m[14] - m[0] * m[10] * m[13] - m[8] * m[1] * m[14] + m[8] * m[2] * m[13] + m[12] * m[1] * m[10] - m[12] * m[2] * m[9]
        inv[2] = m[1] * m[6] * m[15] - m[1] * m[7] * m[14] - m[5] * m[2] * m[15] + m[5] * m[3] * m[14] + m[13] * m[2] * m[7] - m[13] * m[3] * m[6]
        inv[6] = -m[0] * m[6] * m[15] + m[0] * m[7] * m[14] + m[4] * m[2] * m[15] - m[4] * m[3] * m[14] - m[12] * m[2] * m[7] + m[12] * m[3] * m[6]
        inv[10] = m[0] * m[5] * m[15] - m[0] * m[7] * m[13] - m[4] * m[1] * m[15] + m[4] * m[3] * m[13] + m[12] * m[1] * m[7] - m[12] * m[3] * m[5]
        inv[14] = -m[0] * m[5] * m[14] + m[0] * m[6] * m[13] + m[4] * m[1] * m[14] - m[4] * m[2] * m[13] - m[12] * m[1] * m[6] + m[12] * m[2] * m[5]
        inv[3] = -m[1] * m[6] * m[11] + m[1] * m[7] * m[10] + m[5] * m[2] * m[11] - m[5] * m[3] * m[10] - m[9] * m[2] * m[7] + m[9] * m[3] * m[6]
        inv[7] = m[0] * m[6] * m[11] - m[0] * m[7] * m[10] - m[4] * m[2] * m[11] + m[4] * m[3] * m[10] + m[8] * m[2] * m[7] - m[8] * m[3] * m[6]
        inv[11] = -m[0] * m[5] * m[11] + m[0] * m[7] * m[9] + m[4] * m[1] * m[11] - m[4] * m[3] * m[9] - m[8] * m[1] * m[7] + m[8] * m[3] * m[5]
        inv[15] = m[0] * m[5] * m[10] - m[0] * m[6] * m[9] - m[4] * m[1] * m[10] + m[4] * m[2] * m[9] + m[8] * m[1] * m[6] - m[8] * m[2] * m[5]
        let det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12]
        guard det != 0, det.isFinite else { return nil }
        return Transform3D(inv.map { $0 / det })
    }
}

/// A matrix taken apart: M = perspective-free part composed as scale · skew · rotation · translation
/// (row-vector order), with the perspective row kept separately.
public struct DecomposedTransform: Sendable, Equatable {
    public var translation: (Double, Double, Double)
    public var scale: (Double, Double, Double)
    /// Shear factors xy, xz, yz.
    public var skew: (Double, Double, Double)
    public var perspective: (Double, Double, Double, Double)
    /// Unit quaternion (x, y, z, w).
    public var quaternion: (Double, Double, Double, Double)

    public static func == (a: DecomposedTransform, b: DecomposedTransform) -> Bool {
        a.translation == b.translation && a.scale == b.scale && a.skew == b.skew && a.perspective == b.perspective && a.quaternion == b.quaternion
    }

    public static let identity = DecomposedTransform(translation: (0, 0, 0), scale: (1, 1, 1), skew: (0, 0, 0),
                                                     perspective: (0, 0, 0, 1), quaternion: (0, 0, 0, 1))

    /// Rebuilds the matrix (CSS Transforms Level 2 "recomposing to a 3D matrix", row-vector form).
    public func recomposed() -> Transform3D {
        var m = Transform3D.identity
        m.m14 = perspective.0; m.m24 = perspective.1; m.m34 = perspective.2; m.m44 = perspective.3
        // translate
        m = Transform3D.translation(translation.0, translation.1, translation.2).concat(m)
        // rotate
        let (x, y, z, w) = quaternion
        var rot = Transform3D.identity
        rot.m11 = 1 - 2 * (y * y + z * z); rot.m12 = 2 * (x * y + z * w); rot.m13 = 2 * (x * z - y * w)
        rot.m21 = 2 * (x * y - z * w); rot.m22 = 1 - 2 * (x * x + z * z); rot.m23 = 2 * (y * z + x * w)
        rot.m31 = 2 * (x * z + y * w); rot.m32 = 2 * (y * z - x * w); rot.m33 = 1 - 2 * (x * x + y * y)
        m = rot.concat(m)
        // skew
        if skew.2 != 0 { var t = Transform3D.identity; t.m32 = skew.2; m = t.concat(m) }
        if skew.1 != 0 { var t = Transform3D.identity; t.m31 = skew.1; m = t.concat(m) }
        if skew.0 != 0 { var t = Transform3D.identity; t.m21 = skew.0; m = t.concat(m) }
        // scale
        m = Transform3D.scale(scale.0, scale.1, scale.2).concat(m)
        return m
    }

    /// Interpolates part by part; the rotation by spherical linear interpolation along the short arc.
    public static func interpolate(_ a: DecomposedTransform, _ b: DecomposedTransform, _ t: Double) -> DecomposedTransform {
        func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        var r = a
        r.translation = (l(a.translation.0, b.translation.0), l(a.translation.1, b.translation.1), l(a.translation.2, b.translation.2))
        r.scale = (l(a.scale.0, b.scale.0), l(a.scale.1, b.scale.1), l(a.scale.2, b.scale.2))
        r.skew = (l(a.skew.0, b.skew.0), l(a.skew.1, b.skew.1), l(a.skew.2, b.skew.2))
        r.perspective = (l(a.perspective.0, b.perspective.0), l(a.perspective.1, b.perspective.1),
                         l(a.perspective.2, b.perspective.2), l(a.perspective.3, b.perspective.3))
        var (ax, ay, az, aw) = a.quaternion
        let (bx, by, bz, bw) = b.quaternion
        var dot = ax * bx + ay * by + az * bz + aw * bw
        if dot < 0 { (ax, ay, az, aw) = (-ax, -ay, -az, -aw); dot = -dot }
        if dot > 0.9995 {
            var q = (l(ax, bx), l(ay, by), l(az, bz), l(aw, bw))
            let n = (q.0 * q.0 + q.1 * q.1 + q.2 * q.2 + q.3 * q.3).squareRoot()
            if n > 0 { q = (q.0 / n, q.1 / n, q.2 / n, q.3 / n) }
            r.quaternion = q
        } else {
            let theta = acos(min(1, dot))
            let s = StableMath.sin(theta)
            let wa = StableMath.sin((1 - t) * theta) / s, wb = StableMath.sin(t * theta) / s
            r.quaternion = (ax * wa + bx * wb, ay * wa + by * wb, az * wa + bz * wb, aw * wa + bw * wb)
        }
        return r
    }

    /// Rotation as Euler angles (x, y, z), for the key paths `transform.rotation.x|y|z`:
    /// the rotation equals rotate(x about X), then rotate(y about Y), then rotate(z about Z).
    public var eulerAngles: (x: Double, y: Double, z: Double) {
        let r = DecomposedTransform(translation: (0, 0, 0), scale: (1, 1, 1), skew: (0, 0, 0),
                                    perspective: (0, 0, 0, 1), quaternion: quaternion).recomposed()
        // r = Rx · Ry · Rz in row-vector form; m13 = −sin(y)
        let sy = max(-1, min(1, -r.m13))
        let y = asin(sy)
        if abs(sy) < 0.9999999 {
            let x = atan2(r.m23, r.m33)
            let z = atan2(r.m12, r.m11)
            return (x, y, z)
        } else {
            // gimbal lock: put everything into z
            let z = atan2(-r.m21, r.m22)
            return (0, y, z)
        }
    }

    public mutating func setEulerAngles(_ x: Double, _ y: Double, _ z: Double) {
        let r = Transform3D.rotation(x, 1, 0, 0).concat(.rotation(y, 0, 1, 0)).concat(.rotation(z, 0, 0, 1))
        quaternion = DecomposedTransform.quaternion(fromRotation: r)
    }

    /// `setEulerAngles(ex, ey, z)` then `recomposed()`, bit for bit, in a few products: for parts
    /// with no skew and no perspective, all finite, when ex and ey are zero (a layer turned only
    /// about z, the common `transform.rotation.z` animation). nil otherwise (use the general path).
    /// Why the bits agree: each element of `concat` is 0.0 + a₁b₁ + a₂b₂ + a₃b₃ + a₄b₄ summed left
    /// to right; a partial sum that starts at +0 is never −0, so a term with a zero factor (and a
    /// finite other factor) leaves it unchanged, and 1·b = b exactly. The rotations about x and y by
    /// ±0 are then exactly the identity (sinCos(±0) = (+0, 1)), the product Rx·Ry·Rz is Rz with −0
    /// read as +0, and the recomposition's products with the translation and scale matrices keep
    /// one term each: s·rot for the upper 3×3, the translation in row 4. `0.0 + x` is that sum's
    /// first step, which turns −0 into +0 as the general path does. (TransformTests compare both.)
    public func recomposedWithZRotation(_ z: Double, eulerX: Double, eulerY: Double) -> Transform3D? {
        guard eulerX == 0, eulerY == 0, skew.0 == 0, skew.1 == 0, skew.2 == 0,
              perspective.0 == 0, perspective.1 == 0, perspective.2 == 0, perspective.3 == 1,
              translation.0.isFinite, translation.1.isFinite, translation.2.isFinite,
              scale.0.isFinite, scale.1.isFinite, scale.2.isFinite else { return nil }
        let rz = Transform3D.rotation(z, 0, 0, 1)
        var r = Transform3D.identity
        r.m11 = 0.0 + rz.m11; r.m12 = 0.0 + rz.m12; r.m13 = 0.0 + rz.m13
        r.m21 = 0.0 + rz.m21; r.m22 = 0.0 + rz.m22; r.m23 = 0.0 + rz.m23
        r.m31 = 0.0 + rz.m31; r.m32 = 0.0 + rz.m32; r.m33 = 0.0 + rz.m33
        let (x, y, zq, w) = DecomposedTransform.quaternion(fromRotation: r)
        guard x.isFinite, y.isFinite, zq.isFinite, w.isFinite else { return nil }
        // `recomposed`'s rotation matrix, the same expressions
        let r11 = 1 - 2 * (y * y + zq * zq), r12 = 2 * (x * y + zq * w), r13 = 2 * (x * zq - y * w)
        let r21 = 2 * (x * y - zq * w), r22 = 1 - 2 * (x * x + zq * zq), r23 = 2 * (y * zq + x * w)
        let r31 = 2 * (x * zq + y * w), r32 = 2 * (y * zq - x * w), r33 = 1 - 2 * (x * x + y * y)
        var m = Transform3D.identity
        m.m11 = 0.0 + scale.0 * r11; m.m12 = 0.0 + scale.0 * r12; m.m13 = 0.0 + scale.0 * r13
        m.m21 = 0.0 + scale.1 * r21; m.m22 = 0.0 + scale.1 * r22; m.m23 = 0.0 + scale.1 * r23
        m.m31 = 0.0 + scale.2 * r31; m.m32 = 0.0 + scale.2 * r32; m.m33 = 0.0 + scale.2 * r33
        m.m41 = 0.0 + translation.0; m.m42 = 0.0 + translation.1; m.m43 = 0.0 + translation.2
        return m
    }

    static func quaternion(fromRotation r: Transform3D) -> (Double, Double, Double, Double) {
        // rows of r are the images of the basis vectors (row-vector convention); use the transpose
        // of the usual column-vector formulas.
        let trace = r.m11 + r.m22 + r.m33
        var q: (Double, Double, Double, Double)
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = ((r.m23 - r.m32) / s, (r.m31 - r.m13) / s, (r.m12 - r.m21) / s, 0.25 * s)
        } else if r.m11 > r.m22 && r.m11 > r.m33 {
            let s = (1 + r.m11 - r.m22 - r.m33).squareRoot() * 2
            q = (0.25 * s, (r.m21 + r.m12) / s, (r.m31 + r.m13) / s, (r.m23 - r.m32) / s)
        } else if r.m22 > r.m33 {
            let s = (1 + r.m22 - r.m11 - r.m33).squareRoot() * 2
            q = ((r.m21 + r.m12) / s, 0.25 * s, (r.m32 + r.m23) / s, (r.m31 - r.m13) / s)
        } else {
            let s = (1 + r.m33 - r.m11 - r.m22).squareRoot() * 2
            q = ((r.m31 + r.m13) / s, (r.m32 + r.m23) / s, 0.25 * s, (r.m12 - r.m21) / s)
        }
        let n = (q.0 * q.0 + q.1 * q.1 + q.2 * q.2 + q.3 * q.3).squareRoot()
        return n > 0 ? (q.0 / n, q.1 / n, q.2 / n, q.3 / n) : (0, 0, 0, 1)
    }
}

extension Transform3D {
    /// Takes the matrix apart; nil when it cannot be decomposed (singular, m44 = 0).
    public func decomposed() -> DecomposedTransform? {
        guard m44 != 0, m44.isFinite else { return nil }
        // (the elements over m44, in a fixed-size buffer: no array on this path, which runs for every
        // animated transform sub-key-path in every frame)
        var n = self
        n.m11 /= m44; n.m12 /= m44; n.m13 /= m44; n.m14 /= m44
        n.m21 /= m44; n.m22 /= m44; n.m23 /= m44; n.m24 /= m44
        n.m31 /= m44; n.m32 /= m44; n.m33 /= m44; n.m34 /= m44
        n.m41 /= m44; n.m42 /= m44; n.m43 /= m44; n.m44 /= m44
        return Self.decompose(n)
    }

    /// `decomposed()` of a matrix already divided by its m44.
    static func decompose(_ n: Transform3D) -> DecomposedTransform? {
        var e = Elements16(n)
        // perspective matrix: self with the last column set to (0,0,0,1)
        var p = n
        p.m14 = 0; p.m24 = 0; p.m34 = 0; p.m44 = 1
        let det3 = p.m11 * (p.m22 * p.m33 - p.m23 * p.m32) - p.m12 * (p.m21 * p.m33 - p.m23 * p.m31) + p.m13 * (p.m21 * p.m32 - p.m22 * p.m31)
        guard det3 != 0 else { return nil }
        var result = DecomposedTransform.identity
        if e[3] != 0 || e[7] != 0 || e[11] != 0 {
            let rhs = (e[3], e[7], e[11], e[15])
            guard let inv = p.inverted() else { return nil }
            // persp = rhs · transpose(inverse(p)) in the column convention = inv · rhs (as column) here
            // M = N · P with P the identity whose last column is the perspective vector p, so p = N⁻¹ · rhs.
            let tInv = inv.transposed().elements
            func mul(_ j: Int) -> Double { rhs.0 * tInv[j] + rhs.1 * tInv[4 + j] + rhs.2 * tInv[8 + j] + rhs.3 * tInv[12 + j] }
            result.perspective = (mul(0), mul(1), mul(2), mul(3))
            e[3] = 0; e[7] = 0; e[11] = 0; e[15] = 1
        }
        result.translation = (e[12], e[13], e[14])
        var r0 = (e[0], e[1], e[2]), r1 = (e[4], e[5], e[6]), r2 = (e[8], e[9], e[10])
        func len(_ v: (Double, Double, Double)) -> Double { (v.0 * v.0 + v.1 * v.1 + v.2 * v.2).squareRoot() }
        func dot(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double { a.0 * b.0 + a.1 * b.1 + a.2 * b.2 }
        func comb(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ sa: Double, _ sb: Double) -> (Double, Double, Double) {
            (a.0 * sa + b.0 * sb, a.1 * sa + b.1 * sb, a.2 * sa + b.2 * sb)
        }
        func scaled(_ a: (Double, Double, Double), _ s: Double) -> (Double, Double, Double) { (a.0 * s, a.1 * s, a.2 * s) }
        var sx = len(r0)
        guard sx != 0 else { return nil }
        r0 = scaled(r0, 1 / sx)
        var skxy = dot(r0, r1)
        r1 = comb(r1, r0, 1, -skxy)
        var sy = len(r1)
        guard sy != 0 else { return nil }
        r1 = scaled(r1, 1 / sy)
        skxy /= sy
        var skxz = dot(r0, r2)
        r2 = comb(r2, r0, 1, -skxz)
        var skyz = dot(r1, r2)
        r2 = comb(r2, r1, 1, -skyz)
        var sz = len(r2)
        guard sz != 0 else { return nil }
        r2 = scaled(r2, 1 / sz)
        skxz /= sz
        skyz /= sz
        // flip if the coordinate system is left-handed
        let cross = (r1.1 * r2.2 - r1.2 * r2.1, r1.2 * r2.0 - r1.0 * r2.2, r1.0 * r2.1 - r1.1 * r2.0)
        if dot(r0, cross) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            r0 = scaled(r0, -1); r1 = scaled(r1, -1); r2 = scaled(r2, -1)
        }
        result.scale = (sx, sy, sz)
        result.skew = (skxy, skxz, skyz)
        var rot = Transform3D.identity
        rot.m11 = r0.0; rot.m12 = r0.1; rot.m13 = r0.2
        rot.m21 = r1.0; rot.m22 = r1.1; rot.m23 = r1.2
        rot.m31 = r2.0; rot.m32 = r2.1; rot.m33 = r2.2
        result.quaternion = DecomposedTransform.quaternion(fromRotation: rot)
        return result
    }

    /// A matrix's 16 elements by index, row by row, without an array.
    struct Elements16 {
        var m: Transform3D
        init(_ m: Transform3D) { self.m = m }
        subscript(i: Int) -> Double {
            get {
                switch i {
                case 0: return m.m11; case 1: return m.m12; case 2: return m.m13; case 3: return m.m14
                case 4: return m.m21; case 5: return m.m22; case 6: return m.m23; case 7: return m.m24
                case 8: return m.m31; case 9: return m.m32; case 10: return m.m33; case 11: return m.m34
                case 12: return m.m41; case 13: return m.m42; case 14: return m.m43; default: return m.m44
                }
            }
            set {
                switch i {
                case 0: m.m11 = newValue; case 1: m.m12 = newValue; case 2: m.m13 = newValue; case 3: m.m14 = newValue
                case 4: m.m21 = newValue; case 5: m.m22 = newValue; case 6: m.m23 = newValue; case 7: m.m24 = newValue
                case 8: m.m31 = newValue; case 9: m.m32 = newValue; case 10: m.m33 = newValue; case 11: m.m34 = newValue
                case 12: m.m41 = newValue; case 13: m.m42 = newValue; case 14: m.m43 = newValue; default: m.m44 = newValue
                }
            }
        }
    }

    public func transposed() -> Transform3D {
        Transform3D([m11, m21, m31, m41, m12, m22, m32, m42, m13, m23, m33, m43, m14, m24, m34, m44])
    }

    /// Interpolates two transforms by decomposition (SPEC §4.7); falls back to a discrete switch at
    /// the midpoint when either cannot be decomposed.
    public static func interpolate(_ a: Transform3D, _ b: Transform3D, _ t: Double) -> Transform3D {
        guard let da = a.decomposed(), let db = b.decomposed() else { return t < 0.5 ? a : b }
        return DecomposedTransform.interpolate(da, db, t).recomposed()
    }
}
