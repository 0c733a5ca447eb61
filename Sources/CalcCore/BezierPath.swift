// Paths as values (CGPath's elements): move, line, quadratic and cubic segments and close. Arcs,
// ellipses and rounded rectangles are converted to cubic segments when built, with a fixed,
// documented construction (quarter arcs with k = 4/3·tan(θ/4)), so a path's elements — and the
// pixels drawn from them — are the same on every machine.

public struct BezierPath: Sendable, Hashable {
    public enum Element: Sendable, Hashable {
        case move(Point)
        case line(Point)
        case quad(Point, Point)
        case cubic(Point, Point, Point)
        case close
    }

    public var elements: [Element]
    public init(_ elements: [Element] = []) { self.elements = elements }

    /// True when every point of every element is finite (the only paths a program may hold).
    public var isFinite: Bool {
        func ok(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
        for e in elements {
            switch e {
            case .move(let a), .line(let a): if !ok(a) { return false }
            case .quad(let a, let b): if !ok(a) || !ok(b) { return false }
            case .cubic(let a, let b, let c): if !ok(a) || !ok(b) || !ok(c) { return false }
            case .close: break
            }
        }
        return true
    }

    public static func + (a: BezierPath, b: BezierPath) -> BezierPath { BezierPath(a.elements + b.elements) }

    public static func rect(_ r: Rect) -> BezierPath {
        BezierPath([.move(Point(r.minX, r.minY)), .line(Point(r.maxX, r.minY)), .line(Point(r.maxX, r.maxY)),
                    .line(Point(r.minX, r.maxY)), .close])
    }

    public static func ellipse(_ r: Rect) -> BezierPath {
        let cx = (r.minX + r.maxX) / 2, cy = (r.minY + r.maxY) / 2
        let rx = r.width / 2, ry = r.height / 2
        var p = BezierPath([.move(Point(cx + rx, cy))])
        p.elements += arcSegments(cx: cx, cy: cy, rx: rx, ry: ry, start: 0, end: 2 * Double.pi, clockwise: true)
        p.elements.append(.close)
        return p
    }

    public static func roundedRect(_ r: Rect, radius: Double) -> BezierPath {
        let rr = max(0, min(radius, min(r.width, r.height) / 2))
        if rr == 0 { return rect(r) }
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        var e: [Element] = [.move(Point(x0 + rr, y0)), .line(Point(x1 - rr, y0))]
        let h = Double.pi / 2
        e += arcSegments(cx: x1 - rr, cy: y0 + rr, rx: rr, ry: rr, start: -h, end: 0, clockwise: true)
        e.append(.line(Point(x1, y1 - rr)))
        e += arcSegments(cx: x1 - rr, cy: y1 - rr, rx: rr, ry: rr, start: 0, end: h, clockwise: true)
        e.append(.line(Point(x0 + rr, y1)))
        e += arcSegments(cx: x0 + rr, cy: y1 - rr, rx: rr, ry: rr, start: h, end: 2 * h, clockwise: true)
        e.append(.line(Point(x0, y0 + rr)))
        e += arcSegments(cx: x0 + rr, cy: y0 + rr, rx: rr, ry: rr, start: 2 * h, end: 3 * h, clockwise: true)
        e.append(.close)
        return BezierPath(e)
    }

    /// An arc as cubic segments of at most a quarter turn each, from `start` to `end` (radians,
    /// measured from +x toward +y). `clockwise` follows increasing angles (clockwise on screen with
    /// y down, as UIBezierPath's flag means).
    public static func arcSegments(cx: Double, cy: Double, rx: Double, ry: Double, start: Double, end: Double, clockwise: Bool) -> [Element] {
        var sweep = end - start
        // angles from a runaway expression: no arc (a loop adding 2π to -1e300 never ends)
        guard sweep.isFinite, start.isFinite else { return [] }
        let full = 2 * Double.pi
        // into (-2π, 0] or [0, 2π): the remainder keeps a sweep already inside one turn exact
        if clockwise, sweep < 0 {
            sweep = sweep.truncatingRemainder(dividingBy: full)
            if sweep < 0 { sweep += full }
        } else if !clockwise, sweep > 0 {
            sweep = sweep.truncatingRemainder(dividingBy: full)
            if sweep > 0 { sweep -= full }
        }
        if abs(sweep) > full { sweep = sweep < 0 ? -full : full }
        let n = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(n)
        let k = 4.0 / 3.0 * tanQuarter(step)
        var out: [Element] = []
        var a = start
        for _ in 0..<n {
            let (s0, c0) = StableMath.sinCos(a)
            let (s1, c1) = StableMath.sinCos(a + step)
            let p1 = Point(cx + rx * (c0 - k * s0), cy + ry * (s0 + k * c0))
            let p2 = Point(cx + rx * (c1 + k * s1), cy + ry * (s1 - k * c1))
            out.append(.cubic(p1, p2, Point(cx + rx * c1, cy + ry * s1)))
            a += step
        }
        return out
    }

    /// tan(θ/4) from the stable sine and cosine.
    static func tanQuarter(_ theta: Double) -> Double {
        let (s, c) = StableMath.sinCos(theta / 4)
        return s / c
    }

    /// Element-wise interpolation when both paths have the same structure; otherwise the nearer one.
    public static func interpolate(_ a: BezierPath, _ b: BezierPath, _ t: Double) -> BezierPath {
        guard a.elements.count == b.elements.count else { return t < 0.5 ? a : b }
        func l(_ p: Point, _ q: Point) -> Point { Point(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t) }
        var out: [Element] = []
        for (x, y) in zip(a.elements, b.elements) {
            switch (x, y) {
            case let (.move(p), .move(q)): out.append(.move(l(p, q)))
            case let (.line(p), .line(q)): out.append(.line(l(p, q)))
            case let (.quad(p1, p2), .quad(q1, q2)): out.append(.quad(l(p1, q1), l(p2, q2)))
            case let (.cubic(p1, p2, p3), .cubic(q1, q2, q3)): out.append(.cubic(l(p1, q1), l(p2, q2), l(p3, q3)))
            case (.close, .close): out.append(.close)
            default: return t < 0.5 ? a : b
            }
        }
        return BezierPath(out)
    }
}
