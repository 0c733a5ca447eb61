// Where a layer's content lands on screen. A layer's 4×4 mapping into its superlayer is built in
// Core Animation's row-vector form, T(−anchor) · transform · T(position, zPosition), followed by
// the superlayer's sublayerTransform about its anchor point. An ordinary layer flattens its
// sublayers into its own plane: the composite keeps rows and columns x, y and w, a 3×3 projective
// map per layer (affine in the common case). A transform layer does not flatten: its sublayers keep
// their full 4×4 matrices in one 3D space (the space of the transform layer's superlayer), are
// sorted by depth and drawn back to front, each flattening its own subtree into its plane.

import CalcCore
import DisplayList

/// The space a layer is placed in.
struct Space {
    /// The plane the layer is flattened into, as a map to device pixels.
    var plane: Projective
    /// Inside a transform layer's 3D space: the 4×4 from the layer's superlayer into `plane`'s 3D
    /// space (nil: the superlayer is the plane itself).
    var world: Transform3D? = nil
    /// The superlayer's sublayerTransform about its anchor point (nil: identity).
    var sublayer: Transform3D? = nil
}

extension Composer {
    /// The layer's 4×4 into its superlayer's space, sublayerTransform included.
    static func local(_ l: PresentationLayer, sublayer: Transform3D?) -> Transform3D {
        let b = l.bounds
        let ax = b.origin.x + l.anchorPoint.x * b.size.width
        let ay = b.origin.y + l.anchorPoint.y * b.size.height
        var m = Mat4.mul(.translation(-ax, -ay, -l.anchorPointZ), l.transform)
        m = Mat4.mul(m, .translation(l.position.x, l.position.y, l.zPosition))
        if let s = sublayer { m = Mat4.mul(m, s) }
        return m
    }

    /// The 4×4 flattened to a plane map (content points have z = 0; the plane keeps x, y and w).
    static func flatten(_ m: Transform3D) -> Projective {
        Projective(m11: m.m11, m12: m.m12, m13: m.m14, m21: m.m21, m22: m.m22, m23: m.m24,
                   m31: m.m41, m32: m.m42, m33: m.m44)
    }

    /// The sublayerTransform of `l` about its anchor point, nil when it is the identity.
    static func sublayerMatrix(_ l: PresentationLayer) -> Transform3D? {
        guard !l.sublayerTransform.isIdentity else { return nil }
        let b = l.bounds
        let ax = b.origin.x + l.anchorPoint.x * b.size.width
        let ay = b.origin.y + l.anchorPoint.y * b.size.height
        return Mat4.mul(Mat4.mul(.translation(-ax, -ay, 0), l.sublayerTransform), .translation(ax, ay, 0))
    }

    /// Layer content space → device pixels, and the full 4×4 when in a 3D space.
    static func map(_ l: PresentationLayer, in space: Space) -> (Projective, Transform3D) {
        var m = local(l, sublayer: space.sublayer)
        if let w = space.world { m = Mat4.mul(m, w) }
        return (flatten(m).concat(space.plane), m)
    }

    /// Whether the layer faces the viewer in the scene's own orientation (the bottom-left flip is a
    /// viewing convention, not a mirror of the layers).
    func frontFacing(_ l: PresentationLayer, _ map: Projective) -> Bool {
        let b = l.bounds
        let w = map.apply(b.origin.x + b.size.width / 2, b.origin.y + b.size.height / 2).w
        var det = map.determinant * (w < 0 ? -1 : 1)
        if flipped { det = -det }
        return det >= 0
    }

    /// Depth of a layer's bounds centre in a 3D space (larger is nearer the viewer).
    static func depth(_ l: PresentationLayer, _ m: Transform3D) -> Double {
        let b = l.bounds
        let p = m.apply(b.origin.x + b.size.width / 2, b.origin.y + b.size.height / 2, 0)
        let d = p.w > 1e-9 ? p.z / p.w : -Double.infinity
        return d.isNaN ? 0 : d
    }

    /// zPosition as a sort key (NaN sorts as 0).
    @inline(__always) static func sortKey(_ l: PresentationLayer) -> Double { l.zPosition.isNaN ? 0 : l.zPosition }

    /// Indices of `s` stably sorted by zPosition, nil when already in order (the common case).
    static func zOrder(_ s: [PresentationLayer]) -> [Int]? {
        var sorted = true
        var i = 1
        while i < s.count {
            if !(sortKey(s[i - 1]) <= sortKey(s[i])) { sorted = false; break }
            i += 1
        }
        if sorted { return nil }
        return s.indices.sorted { a, b in
            let za = sortKey(s[a]), zb = sortKey(s[b])
            return za < zb || (za == zb && a < b)
        }
    }
}

/// 4×4 products without the array temporaries of Transform3D.concat (this runs for every layer).
enum Mat4 {
    static func mul(_ a: Transform3D, _ b: Transform3D) -> Transform3D {
        var r = Transform3D.identity
        r.m11 = a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41
        r.m12 = a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42
        r.m13 = a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43
        r.m14 = a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44
        r.m21 = a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41
        r.m22 = a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42
        r.m23 = a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43
        r.m24 = a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44
        r.m31 = a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41
        r.m32 = a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42
        r.m33 = a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43
        r.m34 = a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44
        r.m41 = a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41
        r.m42 = a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42
        r.m43 = a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43
        r.m44 = a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44
        return r
    }
}
