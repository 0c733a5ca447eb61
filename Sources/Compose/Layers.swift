// The layer walk: one layer's drawing in Core Animation's order (SPEC §4.9), with its group when it
// needs one, its mask, its sublayers (replicated by a replicator, sorted in 3D under a transform
// layer), and its shadow — drawn from a known shape when the layer's composited alpha is exactly
// that shape, from the composited group otherwise.

import CalcCore
import DisplayList

extension Composer {
    @inline(__always) static func unit(_ v: Double) -> Double { v > 0 ? (v < 1 ? v : 1) : 0 }

    /// `c` multiplied by `tint`, component-wise.
    @inline(__always) static func tinted(_ c: Color, _ tint: Color) -> Color {
        tint == .white ? c : Color(c.r * tint.r, c.g * tint.g, c.b * tint.b, c.a * tint.a)
    }

    mutating func layer(_ l: PresentationLayer, space: Space, tint: Color, depth: Int) {
        // a running transition draws the layer's two pictures (Transition.swift); it comes first
        // because either picture may be hidden or transparent while the other is not
        if let tr = l.transition, depth < Compose.maxDepth {
            transition(l, tr, space: space, tint: tint, depth: depth)
            return
        }
        guard !l.hidden, depth < Compose.maxDepth else { return }
        let opacity = Composer.unit(l.opacity)
        guard opacity > 0, tint.a > 0 else { return }
        let (map, full) = Composer.map(l, in: space)
        if !l.doubleSided && !frontFacing(l, map) { return }
        if l.kind == .transform {
            // CATransformLayer draws none of its own properties; its opacity reaches each sublayer
            var t = tint
            t.a *= opacity
            transformLayer(l, full: full, plane: space.plane, tint: t, depth: depth)
            return
        }

        // background filters act on what was drawn before the layer, so they come first (Filters.swift)
        if !l.backgroundFilters.isEmpty { backgroundFilters(l, map: map, alpha: opacity * Composer.unit(tint.a)) }
        let filters = Composer.deviceFilters(l.filters, map: map, bounds: l.bounds)
        let shadow = shadowPlan(l, map: map, tint: tint)
        let masked = !l.mask.isEmpty
        var groupShadow: GroupShadow?
        if case .composited(let s) = shadow { groupShadow = s }
        let grouped = opacity < 1 || masked || groupShadow != nil || l.compositingFilter != .sourceOver || !filters.isEmpty
        if grouped {
            openGroup(Group(bounds: .empty, opacity: opacity, blend: l.compositingFilter, masked: masked, shadow: groupShadow,
                            filters: filters))
        }
        body(l, map: map, space: space, full: full, tint: tint, shadow: shadow, depth: depth)
        if grouped {
            if masked {
                beginMask()
                layer(l.mask[0], space: Space(plane: map), tint: .white, depth: depth + 1)
            }
            closeGroup()
        }
    }

    /// Shadow, background, content, sublayers and border.
    private mutating func body(_ l: PresentationLayer, map: Projective, space: Space, full: Transform3D,
                               tint: Color, shadow: ShadowPlan, depth: Int) {
        let rect = Rect(l.bounds.minX, l.bounds.minY, l.bounds.width, l.bounds.height)
        let radius = Composer.clampedRadius(l.cornerRadius, rect)
        let hasArea = rect.size.width > 0 && rect.size.height > 0
        // the layer's own drawings are culled as a whole when its bounds miss the clip
        let ownVisible = !deviceBox(rect, map).intersection(clipBox).isEmpty

        if case .shape(let path, let rule, let color, let sigma, let offset) = shadow {
            var clipped = false
            if l.masksToBounds {
                if !pushClip(addRoundedRect(rect, radius: radius), map: map) { return }
                clipped = true
            }
            let shadowMap = Projective.translation(offset.width, offset.height).concat(map)
            draw(.blurredFill(BlurredFill(path: path, rule: rule, color: color, sigma: sigma, transform: shadowMap)),
                 box: deviceBox(path, shadowMap).outset(blurReach(sigma, map)))
            if clipped { popClip() }
        }

        if ownVisible && hasArea && l.backgroundColor.a > 0 {
            fill(addRoundedRect(rect, radius: radius), paint: .solid(Composer.tinted(l.backgroundColor, tint)), map: map)
        }

        var clipped = false
        if l.masksToBounds {
            guard hasArea, pushClip(addRoundedRect(rect, radius: radius), map: map) else {
                if ownVisible { border(l, rect: rect, radius: radius, map: map, tint: tint) }
                return
            }
            clipped = true
        }
        if ownVisible { content(l, rect: rect, radius: radius, map: map, tint: tint) }
        // particles fly beyond the bounds (an emitter's bounds are often empty): culled one by one
        if let e = l.emitter { particles(e, map: map, tint: tint) }
        sublayers(l, map: map, full: full, tint: tint, depth: depth)
        if clipped { popClip() }
        if ownVisible { border(l, rect: rect, radius: radius, map: map, tint: tint) }
    }

    private mutating func border(_ l: PresentationLayer, rect: Rect, radius: Double, map: Projective, tint: Color) {
        let bw = l.borderWidth
        guard bw > 0, l.borderColor.a > 0, rect.size.width > 0, rect.size.height > 0 else { return }
        var p = Path()
        p.addRoundedRect(rect, cornerRadius: radius)
        if 2 * bw < min(rect.size.width, rect.size.height) {
            p.addRoundedRect(Rect(rect.origin.x + bw, rect.origin.y + bw, rect.size.width - 2 * bw, rect.size.height - 2 * bw),
                             cornerRadius: max(0, radius - bw))
        }
        fill(add(p), rule: .evenOdd, paint: .solid(Composer.tinted(l.borderColor, tint)), map: map)
    }

    /// The sublayers, in zPosition order; a replicator draws them once per instance.
    private mutating func sublayers(_ l: PresentationLayer, map: Projective, full: Transform3D, tint: Color, depth: Int) {
        guard !l.sublayers.isEmpty || !(l.replicator?.instances.isEmpty ?? true) else { return }
        let sub = Composer.sublayerMatrix(l)
        if let r = l.replicator, r.count != 1 || !r.instances.isEmpty {
            replicate(l, r, map: map, sublayer: sub, tint: tint, depth: depth)
            return
        }
        drawSublayers(l.sublayers, space: Space(plane: map, sublayer: sub), tint: tint, depth: depth)
    }

    mutating func drawSublayers(_ subs: [PresentationLayer], space: Space, tint: Color, depth: Int) {
        if let order = Composer.zOrder(subs) {
            for i in order { layer(subs[i], space: space, tint: tint, depth: depth + 1) }
        } else {
            for i in subs.indices { layer(subs[i], space: space, tint: tint, depth: depth + 1) }
        }
    }

    /// Replicator instance k: its sublayers through C⁻¹·Tᵏ·C (T the instanceTransform, C the move
    /// of the replicator's bounds centre to the origin), coloured by instanceColor + k × the offsets.
    private mutating func replicate(_ l: PresentationLayer, _ r: ReplicatorStyle, map: Projective, sublayer: Transform3D?,
                                    tint: Color, depth: Int) {
        let b = l.bounds
        let cx = b.origin.x + b.size.width / 2, cy = b.origin.y + b.size.height / 2
        var power = Transform3D.identity
        let count = min(r.count, ReplicatorStyle.maxInstances)
        for k in 0..<count {
            if k > 0 { power = Mat4.mul(power, r.transform) }
            var m = Mat4.mul(Mat4.mul(.translation(-cx, -cy, 0), power), .translation(cx, cy, 0))
            if let s = sublayer { m = Mat4.mul(m, s) }
            let fk = Double(k)
            let c = Color(Composer.unit(r.color.r + fk * r.offsets.0), Composer.unit(r.color.g + fk * r.offsets.1),
                          Composer.unit(r.color.b + fk * r.offsets.2), Composer.unit(r.color.a + fk * r.offsets.3))
            let t = Color(tint.r * c.r, tint.g * c.g, tint.b * c.b, tint.a * c.a)
            guard t.a > 0 else { continue }
            let subs = r.instances.isEmpty ? l.sublayers : r.instances[min(k, r.instances.count - 1)]
            drawSublayers(subs, space: Space(plane: map, sublayer: m), tint: t, depth: depth)
        }
    }

    /// A transform layer's sublayers (and theirs, through nested transform layers) in one 3D space,
    /// drawn back to front by the depth of their centres (a stable sort: equal depths keep tree order).
    private mutating func transformLayer(_ l: PresentationLayer, full: Transform3D, plane: Projective, tint: Color, depth: Int) {
        var items: [(layer: PresentationLayer, world: Transform3D, sublayer: Transform3D?, tint: Color, depth: Double)] = []
        func collect(_ t: PresentationLayer, _ world: Transform3D, _ tint: Color, _ d: Int) {
            guard d < Compose.maxDepth else { return }
            let sub = Composer.sublayerMatrix(t)
            // a layer with a transition running is kept even when hidden or transparent: its earlier
            // picture may not be
            for s in t.sublayers where (!s.hidden && s.opacity > 0) || s.transition != nil {
                let m = Mat4.mul(Composer.local(s, sublayer: sub), world)
                // a nested transform layer with a transition running is lowered on its own (an item
                // sorted by its centre): the transition draws its two pictures, each a whole
                // transform layer with its own depth-sorted space (docs/rendering.md, Transitions)
                if s.kind == .transform && s.transition == nil {
                    var st = tint
                    st.a *= Composer.unit(s.opacity)
                    if !s.doubleSided && !frontFacing(s, Composer.flatten(m).concat(plane)) { continue }
                    collect(s, m, st, d + 1)
                } else {
                    items.append((s, world, sub, tint, Composer.depth(s, m)))
                }
            }
        }
        collect(l, full, tint, depth)
        let order = items.indices.sorted { a, b in
            items[a].depth < items[b].depth || (items[a].depth == items[b].depth && a < b)
        }
        for i in order {
            let it = items[i]
            layer(it.layer, space: Space(plane: plane, world: it.world, sublayer: it.sublayer), tint: it.tint, depth: depth + 1)
        }
    }

    static func clampedRadius(_ r: Double, _ rect: Rect) -> Double {
        guard r > 0 else { return 0 }
        return min(r, min(rect.size.width, rect.size.height) / 2)
    }

    // MARK: - Shadows

    enum ShadowPlan {
        case none
        /// The composited alpha is exactly this shape: a blurred fill (σ in layer units), offset in
        /// layer units.
        case shape(PathRef, FillRule, Color, Double, Size)
        /// Cast by the composited group.
        case composited(GroupShadow)
    }

    /// How the layer's shadow is drawn (SPEC §4.9: σ = shadowRadius / 2 in the layer's space, cast
    /// by the composited alpha after the mask, or by shadowPath).
    private mutating func shadowPlan(_ l: PresentationLayer, map: Projective, tint: Color) -> ShadowPlan {
        let s = l.shadow
        let alpha = Composer.unit(s.opacity)
        guard alpha > 0, s.color.a > 0 else { return .none }
        var color = Composer.tinted(s.color, tint)
        color.a *= alpha
        let sigma = max(0, s.radius.isFinite ? s.radius / 2 : 0)
        let offset = Size(s.offset.width.isFinite ? s.offset.width : 0, s.offset.height.isFinite ? s.offset.height : 0)
        if let sp = s.path {
            var p = Path()
            p.append(sp)
            return .shape(add(p), .nonZero, color, sigma, offset)
        }
        if let (path, rule, a) = knownAlphaShape(l) {
            color.a *= a
            return .shape(path, rule, color, sigma, offset)
        }
        // the composited group: σ and offset carried into device pixels at the layer's centre
        let b = l.bounds
        let cx = b.origin.x + b.size.width / 2, cy = b.origin.y + b.size.height / 2
        let p0 = map.apply(cx, cy), p1 = map.apply(cx + offset.width, cy + offset.height)
        guard p0.w > 1e-9, p1.w > 1e-9 else { return .none }
        let dx = p1.x / p1.w - p0.x / p0.w, dy = p1.y / p1.w - p0.y / p0.w
        let k = Composer.areaScale(map, cx, cy)
        return .composited(GroupShadow(color: color, offsetX: dx.isFinite ? dx : 0, offsetY: dy.isFinite ? dy : 0,
                                       sigma: sigma * k))
    }

    /// The shape whose alpha (times the returned constant) is exactly the layer's composited alpha,
    /// when there is one: an opaque background or gradient covering the rounded bounds with nothing
    /// drawn outside them, a lone translucent background, or a lone filled shape.
    private mutating func knownAlphaShape(_ l: PresentationLayer) -> (PathRef, FillRule, Double)? {
        guard l.mask.isEmpty, l.filters.isEmpty else { return nil }
        let rect = Rect(l.bounds.minX, l.bounds.minY, l.bounds.width, l.bounds.height)
        guard rect.size.width > 0, rect.size.height > 0 else { return nil }
        let radius = Composer.clampedRadius(l.cornerRadius, rect)
        let drawsSublayers = l.sublayers.contains { !$0.hidden && $0.opacity > 0 }
        let extraContent = l.contents.image != nil || !l.drawing.isEmpty || l.text != nil || l.emitter != nil
            || (l.shape?.path != nil)
        let insideOnly = l.masksToBounds || (!drawsSublayers && !extraContent)
        var opaqueCover = l.backgroundColor.a >= 1
        if let g = l.gradient, !g.colors.isEmpty, g.colors.allSatisfy({ $0.a >= 1 }) { opaqueCover = true }
        if opaqueCover && insideOnly {
            return (addRoundedRect(rect, radius: radius), .nonZero, 1)
        }
        let lone = !drawsSublayers && !extraContent && l.gradient == nil
            && !(l.borderWidth > 0 && l.borderColor.a > 0)
        if lone && l.backgroundColor.a > 0 {
            return (addRoundedRect(rect, radius: radius), .nonZero, l.backgroundColor.a)
        }
        if let s = l.shape, let path = s.path, !drawsSublayers, l.backgroundColor.a <= 0, l.contents.image == nil,
           l.drawing.isEmpty, !(l.borderWidth > 0 && l.borderColor.a > 0), !(s.strokeColor.a > 0 && s.lineWidth > 0),
           s.fillColor.a > 0 {
            var p = Path()
            p.append(path)
            return (add(p), s.fillRule, s.fillColor.a)
        }
        return nil
    }

    /// √|det| of the map's Jacobian at (x, y): how much a length in the layer grows on screen.
    static func areaScale(_ m: Projective, _ x: Double, _ y: Double) -> Double {
        let (X, Y, W) = m.apply(x, y)
        guard W > 1e-9 else { return 1 }
        let iw2 = 1 / (W * W)
        let a = (m.m11 * W - X * m.m13) * iw2, b = (m.m12 * W - Y * m.m13) * iw2
        let c = (m.m21 * W - X * m.m23) * iw2, d = (m.m22 * W - Y * m.m23) * iw2
        let k = abs(a * d - b * c).squareRoot()
        return k.isFinite ? k : 1
    }

    /// Device pixels a blur of σ (layer units) reaches beyond its shape.
    func blurReach(_ sigma: Double, _ map: Projective) -> Int {
        let s = sigma * Composer.areaScale(map, 0, 0) * 3 + 2
        return s.isFinite ? Int(min(s, 4096).rounded(.up)) : 4096
    }
}
