// CALayer's convertPoint:fromLayer:/toLayer: and convertRect:…: a point or rect in one layer's
// coordinates (its bounds' space) expressed in another's, through each layer's anchor point,
// transform, position and zPosition and its superlayer's sublayerTransform (about the superlayer's
// anchor point), as Compose places layers (Sources/Compose/Space.swift). An ordinary layer flattens
// its sublayers into its plane, so the chain keeps x, y and w at every ordinary layer; a transform
// layer passes its sublayers' 3D matrices on unflattened. Both layers' chains go up to the tree's
// top (the root for layers in the scene); the point goes up one chain and down the other, inverted.
// A rect becomes the bounding box of its four corners. Model values, or with `presentation` the
// values on screen (Machine.onScreen: the committed picture, laid out).

import CalcCore

extension Machine {
    /// The CONVERT instruction: `v` in layer `a`'s coordinates, in layer `b`'s.
    func convert(_ v: Value, from a: Int32, to b: Int32, presentation: Bool) throws(RuntimeError) -> Value {
        let (topA, up) = try chain(a, presentation: presentation)
        let (topB, upB) = try chain(b, presentation: presentation)
        guard topA == topB else {
            throw fail("'\(world.layers[Int(a)].name)' and '\(world.layers[Int(b)].name)' are not in the same layer tree")
        }
        guard let down = upB.inverted() else {
            throw fail("cannot convert into '\(world.layers[Int(b)].name)': a transform on its way up is singular")
        }
        let m = up.concat(down)
        func map(_ x: Double, _ y: Double) -> Point? {
            let q = m.apply(x, y, 0)
            guard q.w > 1e-12 else { return nil }   // behind the viewer of a perspective
            return Point(q.x / q.w, q.y / q.w)
        }
        switch v {
        case .point(let p):
            guard let r = map(p.x, p.y) else { throw fail("the point has no image in '\(world.layers[Int(b)].name)' (it is behind the perspective's eye)") }
            return .point(r)
        case .rect(let r):
            let xs = [r.origin.x, r.origin.x + r.size.width], ys = [r.origin.y, r.origin.y + r.size.height]
            let corners = xs.flatMap { x in ys.compactMap { y in map(x, y) } }
            guard corners.count == 4 else { throw fail("the rect has no image in '\(world.layers[Int(b)].name)' (part of it is behind the perspective's eye)") }
            let minX = corners.map(\.x).min()!, maxX = corners.map(\.x).max()!
            let minY = corners.map(\.y).min()!, maxY = corners.map(\.y).max()!
            return .rect(Rect(minX, minY, maxX - minX, maxY - minY))
        default:
            throw fail("convert takes a point or a rect, found \(v.typeName)")
        }
    }

    /// The layer's top ancestor and the map from the layer's coordinates into the top's, flattened
    /// at every ordinary layer on the way.
    func chain(_ l: Int32, presentation: Bool) throws(RuntimeError) -> (Int32, Transform3D) {
        var total = Transform3D.identity   // flattened planes so far
        var pending = Transform3D.identity // 3D matrices inside transform layers, not yet flattened
        var cur = l
        var steps = 0
        while world.layers[Int(cur)].parent >= 0, steps <= world.layers.count {
            let parent = world.layers[Int(cur)].parent
            let isMask = world.layers[Int(parent)].mask == cur
            pending = pending.concat(try local(cur, parent: isMask ? nil : parent, presentation: presentation))
            if world.layers[Int(parent)].kind != .transform {
                total = total.concat(Self.flattened(pending))
                pending = .identity
            }
            cur = parent
            steps += 1
        }
        return (cur, total.concat(Self.flattened(pending)))
    }

    /// Layer `l`'s 4×4 into its superlayer: T(−anchor) · transform · T(position, zPosition), then
    /// the superlayer's sublayerTransform about its anchor point (none for a mask).
    func local(_ l: Int32, parent: Int32?, presentation: Bool) throws(RuntimeError) -> Transform3D {
        func value(_ layer: Int32, _ p: UInt16) throws(RuntimeError) -> Value {
            presentation ? try onScreen(layer).presentationValue(layer, property: p, sceneTime: now)
                         : world.layers[Int(layer)].props[Int(p)]
        }
        func anchor(_ layer: Int32) throws(RuntimeError) -> (Double, Double) {
            let b = try value(layer, LayerProperties.bounds).rect ?? .zero
            let ap = try value(layer, LayerProperties.anchorPoint).point ?? Point(0.5, 0.5)
            return (b.origin.x + ap.x * b.size.width, b.origin.y + ap.y * b.size.height)
        }
        let (ax, ay) = try anchor(l)
        let az = try value(l, LayerProperties.anchorPointZ).number ?? 0
        let pos = try value(l, LayerProperties.position).point ?? .zero
        let z = try value(l, LayerProperties.zPosition).number ?? 0
        let t = try value(l, LayerProperties.transform).transform ?? .identity
        var m = Transform3D.translation(-ax, -ay, -az).concat(t).concat(.translation(pos.x, pos.y, z))
        if let parent, let s = try value(parent, LayerProperties.sublayerTransform).transform, !s.isIdentity {
            let (px, py) = try anchor(parent)
            m = m.concat(Transform3D.translation(-px, -py, 0).concat(s).concat(.translation(px, py, 0)))
        }
        return m
    }

    /// A 4×4 as the plane map Compose flattens it to: z leaves nothing behind (points in a plane
    /// have z = 0, and the image's z is dropped), x, y and w are kept.
    static func flattened(_ m: Transform3D) -> Transform3D {
        var f = m
        f.m13 = 0; f.m23 = 0; f.m43 = 0
        f.m31 = 0; f.m32 = 0; f.m34 = 0; f.m33 = 1
        return f
    }
}
