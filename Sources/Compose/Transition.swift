// Transitions (CATransition, and UIKit's transition blocks): a layer with a transition running
// draws its earlier picture — `from`, the layer as it was on screen when the transition was added —
// giving way to its new state. Each picture is a whole layer lowering (Layers.swift), placed where
// the layer is now (its position, anchor point, zPosition and transform; what it draws, its opacity
// and `hidden` are its own), so everything a layer can draw takes part. The effect only adds a
// transform in the layer's own space before its placement (a slide, a turn about its centre with
// perspective, a reflection across a fold line), clips and groups: no display-list operation is
// added. The cross-dissolve is exact: inside one group the old picture is drawn at opacity 1 − p
// and the new one added with plus-lighter at opacity p, old × (1 − p) + new × p in premultiplied
// space, then composited over what lies behind. Decisions and approximations: docs/semantics.md
// ("Transitions"); the lowering: docs/rendering.md ("Transitions").

import CalcCore
import DisplayList

extension Composer {
    /// Tilt of the page curl's fold line from horizontal: the corner at the bottom right as drawn
    /// leads the lift, as in UIKit's curl.
    static let curlTilt = Double.pi / 9
    /// Perspective distance of a flip, in units of the layer's side across the turning axis.
    static let flipDistance = 2.0
    /// Transitions nested in earlier pictures (one added while another ran) drawn, at most; deeper
    /// ones are cut, their picture drawn as it ended. A script adding a transition every frame makes
    /// a chain as long as the run; each level costs a few stack frames and a lowering.
    static let maxNestedTransitions = 4

    /// Draws `l`, which has transition `tr` running: its two pictures through the effect at
    /// `tr.progress`.
    mutating func transition(_ l: PresentationLayer, _ tr: TransitionState, space: Space, tint: Color, depth: Int) {
        var new = l
        new.transition = nil
        // the earlier picture, placed where the layer is now; it may carry a transition of its own,
        // frozen when it was captured (kept, to `maxNestedTransitions` levels)
        let old: PresentationLayer? = tr.from.first.map { f in
            var o = Composer.trimmed(f, levels: Composer.maxNestedTransitions - 1)
            o.position = l.position; o.anchorPoint = l.anchorPoint; o.anchorPointZ = l.anchorPointZ
            o.zPosition = l.zPosition; o.transform = l.transform
            return o
        }
        let p = tr.progress.isNaN ? 0 : min(1, max(0, tr.progress))
        let b = l.bounds
        // a side that is not finite slides by nothing (and turns or folds nothing: a fade)
        let w = abs(b.size.width).isFinite ? abs(b.size.width) : 0, h = abs(b.size.height).isFinite ? abs(b.size.height) : 0
        let sized = w > 0 && h > 0 && b.origin.x.isFinite && b.origin.y.isFinite
        var type = tr.type
        if !sized && (type == .flip || type == .curlUp || type == .curlDown) { type = .fade }

        switch type {
        case .fade:
            if p <= 0 { picture(old, space: space, tint: tint, depth: depth + 1); return }
            if p >= 1 { picture(new, space: space, tint: tint, depth: depth); return }
            // the opacities' bytes add up to exactly 255, so equal pictures stay still
            let k = (p * 255).rounded() / 255
            openGroup(Group(bounds: .empty))
            openGroup(Group(bounds: .empty, opacity: 1 - k))
            picture(old, space: space, tint: tint, depth: depth + 1)
            closeGroup()
            openGroup(Group(bounds: .empty, opacity: k, blend: .plusLighter))
            picture(new, space: space, tint: tint, depth: depth)
            closeGroup()
            closeGroup()
        case .moveIn, .push, .reveal:
            let (dx, dy) = Composer.slide(tr.subtype, width: w, height: h)
            // a translation is the same in anchor-relative coordinates
            let oldShift = Transform3D.translation(dx * p, dy * p)
            let newShift = Transform3D.translation(dx * (p - 1), dy * (p - 1))
            switch type {
            case .push:
                picture(old, extra: oldShift, space: space, tint: tint, depth: depth + 1)
                picture(new, extra: newShift, space: space, tint: tint, depth: depth)
            case .moveIn:
                picture(old, space: space, tint: tint, depth: depth + 1)
                picture(new, extra: newShift, space: space, tint: tint, depth: depth)
            default:
                picture(new, space: space, tint: tint, depth: depth)
                picture(old, extra: oldShift, space: space, tint: tint, depth: depth + 1)
            }
        case .flip:
            if p <= 0 { picture(old, space: space, tint: tint, depth: depth + 1); return }
            if p >= 1 { picture(new, space: space, tint: tint, depth: depth); return }
            // the front (old) turns from 0 to 90°, then the back (new) from −90° to 0: both face the
            // viewer, so neither is mirrored
            let angle = Double.pi * p
            if p < 0.5 {
                picture(old, extra: Composer.anchored(flipMatrix(l, tr.subtype, angle: angle), l), space: space, tint: tint, depth: depth + 1)
            } else {
                picture(new, extra: Composer.anchored(flipMatrix(l, tr.subtype, angle: angle - Double.pi), l), space: space, tint: tint, depth: depth)
            }
        case .curlUp:
            curl(page: old, under: new, pageDepth: depth + 1, underDepth: depth, lifted: p, l, space: space, tint: tint)
        case .curlDown:
            // the new page unrolls down from the top: a curl up played backwards, pictures swapped
            curl(page: new, under: old, pageDepth: depth, underDepth: depth + 1, lifted: 1 - p, l, space: space, tint: tint)
        }
    }

    /// `l` with the chain of transitions in its earlier pictures cut after `levels` more.
    static func trimmed(_ l: PresentationLayer, levels: Int) -> PresentationLayer {
        guard var tr = l.transition else { return l }
        var out = l
        if levels <= 0 {
            out.transition = nil
        } else {
            tr.from = tr.from.map { trimmed($0, levels: levels - 1) }
            out.transition = tr
        }
        return out
    }

    /// `e`, a map of the layer's bounds coordinates, in anchor-relative coordinates: T(a)·E·T(−a).
    /// The two pictures share these (they share the anchor point's place), even when their bounds
    /// differ, so the effect's centre, fold or offset is the same point for both.
    static func anchored(_ e: Transform3D, _ l: PresentationLayer) -> Transform3D {
        let b = l.bounds
        let ax = b.origin.x + l.anchorPoint.x * b.size.width, ay = b.origin.y + l.anchorPoint.y * b.size.height
        return Mat4.mul(Mat4.mul(.translation(ax, ay, l.anchorPointZ), e), .translation(-ax, -ay, -l.anchorPointZ))
    }

    /// Draws a picture (nothing when nil), with `extra` (anchor-relative, from `anchored`) applied
    /// before the picture's transform.
    private mutating func picture(_ pic: PresentationLayer?, extra: Transform3D? = nil, space: Space, tint: Color, depth: Int) {
        guard var pic, depth < Compose.maxDepth else { return }
        if let e = extra { pic.transform = Mat4.mul(e, pic.transform) }
        layer(pic, space: space, tint: tint, depth: depth)
    }

    /// The vector from where the new picture starts to where it ends (the old one moves the same
    /// way): the subtypes name sides of the layer's own space with y up, as Core Animation's do
    /// (fromBottom enters from the side of minimum y — the top as drawn under the default top-left
    /// origin, the bottom under `origin: bottomLeft`; seed 002:600–616).
    static func slide(_ s: TransitionSubtype, width: Double, height: Double) -> (Double, Double) {
        switch s {
        case .fromRight: return (-width, 0)
        case .fromLeft: return (width, 0)
        case .fromBottom: return (0, height)
        case .fromTop: return (0, -height)
        }
    }

    /// The flip's turn by `angle` about the axis through the layer's bounds centre, with perspective
    /// at `flipDistance` × the side across the axis, in the layer's bounds coordinates. UIKit's names
    /// are as drawn: flipFromLeft brings the left side towards the viewer, flipFromTop the top side.
    func flipMatrix(_ l: PresentationLayer, _ s: TransitionSubtype, angle: Double) -> Transform3D {
        let b = l.bounds
        let cx = b.origin.x + b.size.width / 2, cy = b.origin.y + b.size.height / 2
        let down: Double = flipped ? -1 : 1
        let (sn, cs) = StableMath.sinCos(angle)
        var r = Transform3D.identity
        let d: Double
        switch s {
        case .fromLeft, .fromRight:
            // z = −sign·(x − cx)·sin θ: with sign +1 the left side (x < cx) comes forward
            let sign: Double = s == .fromLeft ? 1 : -1
            r.m11 = cs; r.m13 = -sign * sn
            r.m31 = sign * sn; r.m33 = cs
            d = Composer.flipDistance * abs(b.size.width)
        case .fromTop, .fromBottom:
            // the top as drawn is minimum y under a top-left origin, maximum y under a bottom-left one
            let sign: Double = (s == .fromTop ? 1 : -1) * down
            r.m22 = cs; r.m23 = -sign * sn
            r.m32 = sign * sn; r.m33 = cs
            d = Composer.flipDistance * abs(b.size.height)
        }
        let m = Mat4.mul(Mat4.mul(.translation(-cx, -cy, 0), r), .perspective(d))
        return Mat4.mul(m, .translation(cx, cy, 0))
    }

    // MARK: - Page curl

    /// The page curl, approximated by a fold (docs/semantics.md): a straight fold line tilted by
    /// `curlTilt` sweeps the layer's bounds from the bottom-right corner as drawn to beyond the
    /// top-left one as `lifted` goes 0 → 1. The page (`page`) stays flat on the near side of the line;
    /// the lifted part is drawn reflected across the line, as the back of the page — its picture
    /// mirrored under a paper-white veil shaded towards the fold, in the page's own shape, casting a
    /// soft shadow — and clipped to the bounds. The other picture (`under`) lies beneath, whole.
    private mutating func curl(page: PresentationLayer?, under: PresentationLayer?, pageDepth: Int, underDepth: Int,
                               lifted: Double, _ l: PresentationLayer, space: Space, tint: Color) {
        if lifted <= 0 { picture(page, space: space, tint: tint, depth: pageDepth); return }
        if lifted >= 1 { picture(under, space: space, tint: tint, depth: underDepth); return }
        let g = Composer.curlGeometry(l.bounds, flipped: flipped, lifted: lifted)
        let (map, _) = Composer.map(l, in: space)

        picture(under, space: space, tint: tint, depth: underDepth)
        guard let page else { return }

        // the flat part: the half-plane on the near side of the fold (within a margin of 2 layer
        // sizes around the bounds, so what the page draws just outside its bounds stays)
        if !g.flat.isEmpty, pushClip(add(Composer.polygon(g.flat)), map: map) {
            picture(page, space: space, tint: tint, depth: pageDepth)
            popClip()
        }
        guard g.flap.count >= 3 else { return }

        // the flap: the page's picture reflected, under a veil, in the page's own shape
        let rect = Rect(l.bounds.minX, l.bounds.minY, l.bounds.width, l.bounds.height)
        let side = min(rect.width, rect.height)
        let sigma = 0.03 * side * Composer.areaScale(map, rect.minX + rect.width / 2, rect.minY + rect.height / 2)
        var shade = Composer.tinted(Color(0, 0, 0, 0.35), tint)
        shade.a = max(0, min(1, shade.a))
        let shadow = sigma.isFinite && sigma > 0 && shade.a > 0
            ? GroupShadow(color: shade, offsetX: 0, offsetY: 0, sigma: sigma) : nil
        let flapPath = add(Composer.polygon(g.flap))
        let reflection = Composer.anchored(g.reflection, l)
        openGroup(Group(bounds: .empty, masked: true, shadow: shadow))
        if pushClip(flapPath, map: map) {
            picture(page, extra: reflection, space: space, tint: tint, depth: pageDepth)
            var stops = [GradientStop(0, Color(0.78, 0.78, 0.78, 0.85)), GradientStop(0.2, Color(1, 1, 1, 0.78)),
                         GradientStop(1, Color(0.94, 0.94, 0.94, 0.8))]
            for i in stops.indices { stops[i].color = Composer.tinted(stops[i].color, tint) }
            let gi = Int32(list.gradients.count)
            list.gradients.append(Gradient(type: .axial, stops: stops, space: g.veilSpace))
            let before = list.ops.count
            fill(flapPath, paint: .gradient(gi), map: map)
            if list.ops.count == before { list.gradients.removeLast() }
            popClip()
        }
        beginMask()
        picture(page, extra: reflection, space: space, tint: tint, depth: pageDepth)
        closeGroup()
    }

    /// Where the fold of a curl lies, in bounds coordinates.
    struct CurlGeometry {
        /// The flat part's clip: the near side of the fold line (a convex polygon).
        var flat: [Point]
        /// The flap: the lifted part of the bounds reflected across the line, within the bounds.
        var flap: [Point]
        /// The reflection across the fold line (a 4×4 acting in the plane).
        var reflection: Transform3D
        /// Path space → the veil gradient's unit space: u = distance from the fold / the flap's depth.
        var veilSpace: Affine2D
    }

    /// The fold at `lifted` (0 … 1) over `bounds`: its normal n points to the lifted side, towards
    /// the bottom right as drawn tilted by `curlTilt`; the points q with n·q > s are lifted, s going
    /// linearly from the largest n·q over the corners (nothing lifted) to the smallest (all lifted).
    static func curlGeometry(_ bounds: Rect, flipped: Bool, lifted: Double) -> CurlGeometry {
        let x0 = bounds.minX, y0 = bounds.minY, x1 = bounds.maxX, y1 = bounds.maxY
        let (st, ct) = StableMath.sinCos(curlTilt)
        let nx = st, ny = flipped ? -ct : ct
        let corners = [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)]
        let dots = corners.map { nx * $0.x + ny * $0.y }
        let hi = dots.max() ?? 0, lo = dots.min() ?? 0
        let s = hi - lifted * (hi - lo)
        // the flat side n·q ≤ s, within a margin of twice the larger side
        let m = 2 * max(x1 - x0, y1 - y0)
        let big = [Point(x0 - m, y0 - m), Point(x1 + m, y0 - m), Point(x1 + m, y1 + m), Point(x0 - m, y1 + m)]
        let flat = clip(big, nx, ny, s)
        // the lifted part of the bounds, reflected: q' = q − 2(n·q − s)n, then kept inside the bounds
        let liftedPart = clip(corners, -nx, -ny, -s)
        let a = 1 - 2 * nx * nx, bb = -2 * nx * ny, d = 1 - 2 * ny * ny
        let reflect = Affine2D(a: a, b: bb, c: bb, d: d, tx: 2 * s * nx, ty: 2 * s * ny)
        var flap = liftedPart.map { reflect.apply($0) }
        flap = clip(flap, 1, 0, x1)
        flap = clip(flap, -1, 0, -x0)
        flap = clip(flap, 0, 1, y1)
        flap = clip(flap, 0, -1, -y0)
        var r = Transform3D.identity
        r.m11 = a; r.m12 = bb; r.m21 = bb; r.m22 = d; r.m41 = 2 * s * nx; r.m42 = 2 * s * ny
        let depth = max(hi - s, 1e-9)
        let veil = Affine2D(a: -nx / depth, b: 0, c: -ny / depth, d: 0, tx: s / depth, ty: 0)
        return CurlGeometry(flat: flat, flap: flap, reflection: r, veilSpace: veil)
    }

    /// The convex polygon `poly` cut to the half-plane nx·x + ny·y ≤ s (Sutherland–Hodgman, one edge).
    static func clip(_ poly: [Point], _ nx: Double, _ ny: Double, _ s: Double) -> [Point] {
        guard !poly.isEmpty else { return [] }
        var out: [Point] = []
        out.reserveCapacity(poly.count + 1)
        for i in poly.indices {
            let p = poly[i], q = poly[(i + 1) % poly.count]
            let dp = nx * p.x + ny * p.y - s, dq = nx * q.x + ny * q.y - s
            if dp <= 0 { out.append(p) }
            if (dp < 0 && dq > 0) || (dp > 0 && dq < 0) {
                let t = dp / (dp - dq)
                out.append(Point(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t))
            }
        }
        return out
    }

    /// A closed polygon path.
    static func polygon(_ pts: [Point]) -> Path {
        var path = Path()
        guard let first = pts.first else { return path }
        path.move(to: first)
        for q in pts.dropFirst() { path.addLine(to: q) }
        path.closeSubpath()
        return path
    }
}
