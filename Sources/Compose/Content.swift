// A layer's content, drawn between its background and its sublayers: the `contents` image or the
// `draw` block's commands, then what the layer's kind draws — a text layer's text (Text.swift), a
// shape layer's fill and stroke, a gradient layer's gradient over its rounded bounds. The presenter
// leaves `contents.image` nil for a layer with a draw block and for a text layer, whose own drawing
// replaces the image in every frame (docs/semantics.md, Content).

import CalcCore
import DisplayList

extension Composer {
    mutating func content(_ l: PresentationLayer, rect: Rect, radius: Double, map: Projective, tint: Color) {
        if let name = l.contents.image {
            contents(name, l.contents, rect: rect, map: map, tint: tint)
        }
        if !l.drawing.isEmpty { drawCommands(l.drawing, map: map, tint: tint) }
        if let t = l.text { textLayer(t, rect: rect, map: map, tint: tint) }
        if let s = l.shape { shape(s, map: map, tint: tint) }
        if let g = l.gradient { gradient(g, rect: rect, radius: radius, map: map, tint: tint) }
    }

    // MARK: - Shape layers and draw blocks

    private mutating func shape(_ s: ShapeStyle, map: Projective, tint: Color) {
        guard let bp = s.path, !bp.elements.isEmpty else { return }
        var p = Path()
        p.append(bp)
        let ref = add(p)
        if s.fillColor.a > 0 {
            fill(ref, rule: s.fillRule, paint: .solid(Composer.tinted(s.fillColor, tint)), map: map)
        }
        let style = StrokeStyle(width: s.lineWidth, cap: s.lineCap, join: s.lineJoin, miterLimit: s.miterLimit,
                                dashes: s.dashPattern, dashPhase: s.dashPhase, start: s.strokeStart, end: s.strokeEnd)
        stroke(ref, style, color: Composer.tinted(s.strokeColor, tint), map: map)
    }

    /// Strokes the path at `ref` by filling its outline.
    mutating func stroke(_ ref: PathRef, _ style: StrokeStyle, color: Color, map: Projective) {
        guard color.a > 0, style.width > 0, style.width.isFinite, !ref.isEmpty else { return }
        // cull before outlining: the stroke lies within half a width (a miter within the limit's
        // reach) of the path; a reach past any canvas is clamped before it becomes an Int
        let box = deviceBox(ref, map)
        let scale = Composer.maxScale(map, box: pathBounds(ref))
        let margin = Int(min((Stroker.reach(style) * scale).rounded(.up), 16_777_216)) + 1
        guard !box.outset(margin).intersection(clipBox).isEmpty else { return }
        let outline = Stroker.outline(list.path(ref), style: style, tolerance: Compose.tolerance / max(scale, 1e-9))
        guard !outline.isEmpty else { return }
        fill(add(outline), rule: .nonZero, paint: .solid(color), map: map)
    }

    private mutating func drawCommands(_ commands: [DrawCommand], map: Projective, tint: Color) {
        for c in commands {
            switch c {
            case .fill(let bp, let color, let rule):
                var p = Path()
                p.append(bp)
                fill(add(p), rule: rule, paint: .solid(Composer.tinted(color, tint)), map: map)
            case .stroke(let bp, let color, let width):
                var p = Path()
                p.append(bp)
                stroke(add(p), StrokeStyle(width: width), color: Composer.tinted(color, tint), map: map)
            case .image(let name, let r):
                guard let size = images[name], size.width > 0, size.height > 0 else { continue }
                image(name, source: Rect(0, 0, Double(size.width), Double(size.height)), onto: r, map: map, tint: tint)
            case .text(let string, let at, let size, let color):
                drawText(string, at: at, size: size, color: color, map: map, tint: tint)
            }
        }
    }

    // MARK: - Gradient layers

    /// A gradient layer's gradient fills its bounds rounded by cornerRadius, as its background does
    /// (docs/semantics.md: Core Animation draws the gradient as the layer's own content).
    private mutating func gradient(_ g: GradientStyle, rect: Rect, radius: Double, map: Projective, tint: Color) {
        guard !g.colors.isEmpty, rect.size.width > 0, rect.size.height > 0 else { return }
        guard let space = Composer.gradientSpace(g, rect: rect, flipped: flipped) else { return }
        var stops = Composer.stops(g)
        for i in stops.indices { stops[i].color = Composer.tinted(stops[i].color, tint) }
        guard stops.contains(where: { $0.color.a > 0 }) else { return }
        let gi = Int32(list.gradients.count)
        list.gradients.append(Gradient(type: g.type, stops: stops, space: space))
        let before = list.ops.count
        fill(addRoundedRect(rect, radius: radius), paint: .gradient(gi), map: map)
        if list.ops.count == before { list.gradients.removeLast() }
    }

    /// Stops from `colors` and `locations`: evenly spaced when `locations` is absent or does not
    /// have one location per colour (Core Animation's rule for nil), sorted by location.
    static func stops(_ g: GradientStyle) -> [GradientStop] {
        let n = g.colors.count
        var stops: [GradientStop] = []
        stops.reserveCapacity(n)
        let useLocations = g.locations.count == n && g.locations.allSatisfy { $0.isFinite }
        for (i, c) in g.colors.enumerated() {
            let t = useLocations ? g.locations[i] : (n == 1 ? 0 : Double(i) / Double(n - 1))
            stops.append(GradientStop(t, c))
        }
        if useLocations {
            // stable: equal locations keep their order (a hard edge)
            stops = stops.enumerated().sorted { a, b in
                a.element.location < b.element.location || (a.element.location == b.element.location && a.offset < b.offset)
            }.map { $0.element }
        }
        return stops
    }

    /// The map from the layer's bounds space to the gradient's unit space (SPEC §4.13): startPoint
    /// and endPoint are in the unit square of the bounds. Axial: u runs 0 → 1 from start to end.
    /// Radial: the ellipse centred at start with radii end − start becomes the unit circle. Conic:
    /// centred at start, u towards end, v a quarter turn clockwise on screen.
    static func gradientSpace(_ g: GradientStyle, rect: Rect, flipped: Bool) -> Affine2D? {
        let w = rect.size.width, h = rect.size.height
        let sx = rect.origin.x + g.startPoint.x * w, sy = rect.origin.y + g.startPoint.y * h
        let ex = rect.origin.x + g.endPoint.x * w, ey = rect.origin.y + g.endPoint.y * h
        guard sx.isFinite, sy.isFinite, ex.isFinite, ey.isFinite else { return nil }
        let dx = ex - sx, dy = ey - sy
        switch g.type {
        case .axial:
            let len2 = dx * dx + dy * dy
            // start = end: every point is past the end (Core Graphics draws the last colour)
            guard len2 > 1e-18 else { return Affine2D(a: 0, b: 0, c: 0, d: 0, tx: 2, ty: 0) }
            // u = ((p − s) · d) / |d|², v = ((p − s) × d) / |d|²
            let a = dx / len2, c = dy / len2
            let b = -dy / len2, d = dx / len2
            return Affine2D(a: a, b: b, c: c, d: d, tx: -(sx * a + sy * c), ty: -(sx * b + sy * d))
        case .radial:
            let rx = abs(dx), ry = abs(dy)
            guard rx > 1e-9, ry > 1e-9 else { return Affine2D(a: 0, b: 0, c: 0, d: 0, tx: 2, ty: 0) }
            return Affine2D(a: 1 / rx, b: 0, c: 0, d: 1 / ry, tx: -sx / rx, ty: -sy / ry)
        case .conic:
            var ux = dx, uy = dy
            let len = (ux * ux + uy * uy).squareRoot()
            if len > 1e-12 { ux /= len; uy /= len } else { ux = 1; uy = 0 }
            // v: u turned a quarter clockwise on screen (y down in the layer; mirrored when flipped)
            let vx = flipped ? uy : -uy, vy = flipped ? -ux : ux
            return Affine2D(a: ux, b: vx, c: uy, d: vy, tx: -(sx * ux + sy * uy), ty: -(sx * vx + sy * vy))
        }
    }

    // MARK: - Geometry helpers

    /// The bounding box of a stored path's control points.
    func pathBounds(_ ref: PathRef) -> Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for e in list.path(ref) {
            for p in Composer.points(e) { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        }
        return x0 <= x1 ? Rect(x0, y0, x1 - x0, y1 - y0) : .zero
    }

    static func points(_ e: PathElement) -> [Point] {
        switch e {
        case .move(let p), .line(let p): return [p]
        case .quad(let c, let p): return [c, p]
        case .cubic(let a, let b, let p): return [a, b, p]
        case .arc(let c, let r, _, _): return [Point(c.x - abs(r), c.y - abs(r)), Point(c.x + abs(r), c.y + abs(r))]
        case .close: return []
        }
    }

    /// The largest local scale of `m` over `box` (sampled at its corners and centre), at least 1e-9.
    static func maxScale(_ m: Projective, box: Rect) -> Double {
        let xs = [box.minX, box.maxX, (box.minX + box.maxX) / 2], ys = [box.minY, box.maxY, (box.minY + box.maxY) / 2]
        var s = 0.0
        if m.isAffine {
            s = m.localScale(0, 0)
        } else {
            for x in xs { for y in ys { s = max(s, m.localScale(x, y)) } }
        }
        return s.isFinite ? min(max(s, 1e-9), 1e4) : 1
    }
}
