// The centre line of a stroked path: every subpath flattened into a polyline within the tolerance,
// with each vertex marked as a corner (an element boundary, joined with the style's join) or smooth
// (inside a curve, joined round, so the outline follows the curve's offset), and the arc length at
// each vertex for strokeStart/strokeEnd and dashes. Lengths are measured better than the chords:
// arcs exactly (r·Δθ), Bézier chords with one Richardson step ((4·two half-chords − chord) / 3),
// so a dash pattern on a circle is not shortened by the flattening. The element rules are the fill
// flattener's (Render/Flattener.swift), so a fill and its stroke follow the same outline: an element
// without a current contour starts one at the current point ((0, 0), or the start of the contour
// that was closed last), an arc is joined to the current point by a line. Each point also keeps the
// exact tangent of its element there, so caps and joins at the ends of curves (and dashes cut
// inside them) face the way the curve does rather than the way its last chord does.

import CalcCore
import DisplayList

/// One subpath of the centre line: nodes `first ..< first + count`.
struct StrokeSubpath {
    var first: Int
    var count: Int
    var closed: Bool
    /// Total measured length (the closing segment included when closed).
    var length: Double
    /// While building: what the closing segment measures besides its chord, or (`closingReplaces`)
    /// instead of it, when the last points fell on the first and the closing chord stands for the
    /// curve that reached them.
    var closingExtra = 0.0
    var closingReplaces = false
}

/// A point of the centre line and the segment from it to the next point of its subpath (the
/// first point after the last when closed; unused after the last point of an open subpath).
struct StrokeNode {
    var x: Double
    var y: Double
    /// The segment's unit direction and chord length.
    var dx = 0.0, dy = 0.0, chord = 0.0
    /// The segment's measured length and the arc length at this point from the subpath's start.
    var measured = 0.0, arc = 0.0
    /// Unit tangents of the path at the segment's start and end (the chord's direction for a line,
    /// or where the chord is too short for its angle to them, see StrokeOutline.swift).
    var tsx = 0.0, tsy = 0.0, tex = 0.0, tey = 0.0
    /// Inside a curve: joined round whatever the style's join.
    var smooth: Bool

    init(_ x: Double, _ y: Double, smooth: Bool) { self.x = x; self.y = y; self.smooth = smooth }
}

/// The flattened centre line of a path, all subpaths in one array of nodes.
struct StrokeCenterline {
    var nodes: [StrokeNode] = []
    var subpaths: [StrokeSubpath] = []

    /// Segment counts are capped so a hostile curve cannot make the polyline unbounded (as the fill
    /// flattener caps them).
    static let maxSegments = 4096

    // building state
    private var tol = 0.1
    /// Points closer than this to the previous point are dropped: the outline cannot show them, and
    /// a segment of rounding-error length would have a direction of noise (a spike at a miter join).
    private var eps = 1e-4
    private var measure = false
    private var open = false
    private var hasSegments = false
    /// Measured length of dropped points, carried into the next kept segment.
    private var carry = 0.0
    /// Per node, the measured length of the segment reaching it (0 for a subpath's first point) and
    /// the unit tangent arriving at it (NaN: the chord's direction); the tangent leaving it is kept
    /// in its tsx, tsy until segments() resolves them.
    private var arrival: [Double] = []
    private var tinX: [Double] = [], tinY: [Double] = []

    /// The centre line of `path`, or nil when a coordinate is not finite.
    /// `halfWidth` decides where a chord is long enough to turn to the path's tangents at its ends.
    init?(_ path: ArraySlice<PathElement>, tolerance: Double, measure: Bool, halfWidth: Double) {
        tol = tolerance
        eps = tolerance * 1e-3
        self.measure = measure
        nodes.reserveCapacity(path.count * 4)
        var cx = 0.0, cy = 0.0, sx = 0.0, sy = 0.0
        for e in path {
            switch e {
            case .move(let p):
                guard p.x.isFinite, p.y.isFinite else { return nil }
                endSubpath(closed: false)
                cx = p.x; cy = p.y; sx = cx; sy = cy
                begin(cx, cy)
            case .line(let p):
                guard p.x.isFinite, p.y.isFinite else { return nil }
                if !open { begin(cx, cy); sx = cx; sy = cy }
                setOut(.nan, .nan)
                cx = p.x; cy = p.y
                add(cx, cy, length: nil, smooth: false, .nan, .nan)
            case .quad(let c, let p):
                guard c.x.isFinite, c.y.isFinite, p.x.isFinite, p.y.isFinite else { return nil }
                if !open { begin(cx, cy); sx = cx; sy = cy }
                quad(cx, cy, c, p)
                cx = p.x; cy = p.y
            case .cubic(let c1, let c2, let p):
                guard c1.x.isFinite, c1.y.isFinite, c2.x.isFinite, c2.y.isFinite, p.x.isFinite, p.y.isFinite else { return nil }
                if !open { begin(cx, cy); sx = cx; sy = cy }
                cubic(cx, cy, c1, c2, p)
                cx = p.x; cy = p.y
            case .arc(let c, let radius, let start, let sweep):
                guard c.x.isFinite, c.y.isFinite, radius.isFinite, start.isFinite, sweep.isFinite else { return nil }
                let r = abs(radius)
                let (s0, c0) = StableMath.sinCos(start)
                let px = c.x + r * c0, py = c.y + r * s0
                if !open {
                    begin(px, py); sx = px; sy = py
                } else {
                    setOut(.nan, .nan)
                    add(px, py, length: nil, smooth: false, .nan, .nan)
                }
                (cx, cy) = arc(c, r, c0, s0, start, sweep)
            case .close:
                if open {
                    hasSegments = true
                    endSubpath(closed: true)
                }
                cx = sx; cy = sy
            }
        }
        endSubpath(closed: false)
        guard segments(halfWidth) else { return nil }
    }

    // MARK: - Building

    private mutating func begin(_ x: Double, _ y: Double) {
        var n = StrokeNode(x, y, smooth: false)
        n.tsx = .nan; n.tsy = .nan
        nodes.append(n); arrival.append(0); tinX.append(.nan); tinY.append(.nan)
        open = true
        hasSegments = false
        carry = 0
    }

    /// Appends a vertex of the current subpath, reached by a segment of measured length `length`
    /// (nil: the chord).
    /// (nil: the chord) and arriving with unit tangent (tx, ty) (NaN: the chord's direction).
    @inline(__always)
    private mutating func add(_ x: Double, _ y: Double, length: Double?, smooth s: Bool, _ tx: Double, _ ty: Double) {
        hasSegments = true
        let n = nodes.count
        let ex = x - nodes[n - 1].x, ey = y - nodes[n - 1].y
        let d = (ex * ex + ey * ey).squareRoot()
        if d <= eps {
            if measure { carry += length ?? d }
            if !s { nodes[n - 1].smooth = false; tinX[n - 1] = tx; tinY[n - 1] = ty }
            return
        }
        var node = StrokeNode(x, y, smooth: s)
        // inside a curve the path leaves a point the way it arrives; at an element's end the next
        // element says (setOut)
        node.tsx = s ? tx : .nan; node.tsy = s ? ty : .nan
        nodes.append(node)
        tinX.append(tx); tinY.append(ty)
        arrival.append(measure ? carry + (length ?? d) : d)
        carry = 0
    }

    /// The unit tangent with which the next element leaves the current point (NaN: its chord).
    @inline(__always)
    private mutating func setOut(_ tx: Double, _ ty: Double) {
        nodes[nodes.count - 1].tsx = tx; nodes[nodes.count - 1].tsy = ty
    }

    /// (x, y) scaled to unit length; NaN when it has none.
    @inline(__always)
    static func unit(_ x: Double, _ y: Double) -> (Double, Double) {
        let l = (x * x + y * y).squareRoot()
        guard l > 0, l.isFinite else { return (.nan, .nan) }
        return (x / l, y / l)
    }

    private mutating func endSubpath(closed: Bool) {
        guard open else { return }
        open = false
        let first = subpaths.last.map { $0.first + $0.count } ?? 0
        var count = nodes.count - first
        if !hasSegments {
            // a lone move draws nothing
            nodes.removeLast(count); arrival.removeLast(count); tinX.removeLast(count); tinY.removeLast(count)
            return
        }
        var sub = StrokeSubpath(first: first, count: count, closed: false, length: 0)
        if closed {
            // a last point on the first closes by itself: the closing chord then stands for the
            // segments that reached it, and measures what they measured
            while count > 1, StrokeCenterline.distance(nodes[first + count - 1].x, nodes[first + count - 1].y, nodes[first].x, nodes[first].y) <= eps {
                carry += arrival.removeLast()
                nodes.removeLast()
                // the first point is now reached by what reached the last
                tinX[first] = tinX.removeLast(); tinY[first] = tinY.removeLast()
                count -= 1
                sub.closingReplaces = measure
            }
            sub.closingExtra = measure ? carry : 0
            nodes[first].smooth = false
        }
        carry = 0
        sub.count = count
        sub.closed = closed && count > 1
        subpaths.append(sub)
    }

    private mutating func quad(_ x0: Double, _ y0: Double, _ c: Point, _ p: Point) {
        let ddx = x0 - 2 * c.x + p.x, ddy = y0 - 2 * c.y + p.y
        let n = StrokeCenterline.count(((ddx * ddx + ddy * ddy).squareRoot() / (4 * tol)).squareRoot())
        let inv = 1 / Double(n)
        // B'(t)/2 = (1 − t)(c − p0) + t(p − c); at an end where a control point sits on it, the chord
        @inline(__always) func tangent(_ t: Double) -> (Double, Double) {
            let u = 1 - t
            var v = StrokeCenterline.unit(u * (c.x - x0) + t * (p.x - c.x), u * (c.y - y0) + t * (p.y - c.y))
            if v.0.isNaN { v = StrokeCenterline.unit(p.x - x0, p.y - y0) }
            return v
        }
        let t0 = tangent(0)
        setOut(t0.0, t0.1)
        var px = x0, py = y0
        for i in 1...n {
            let t = Double(i) * inv, u = 1 - t
            let x = i == n ? p.x : u * u * x0 + 2 * u * t * c.x + t * t * p.x
            let y = i == n ? p.y : u * u * y0 + 2 * u * t * c.y + t * t * p.y
            var len: Double?
            if measure {
                let tm = (Double(i) - 0.5) * inv, um = 1 - tm
                let mx = um * um * x0 + 2 * um * tm * c.x + tm * tm * p.x
                let my = um * um * y0 + 2 * um * tm * c.y + tm * tm * p.y
                len = StrokeCenterline.richardson(px, py, mx, my, x, y)
            }
            let tv = tangent(i == n ? 1 : t)
            add(x, y, length: len, smooth: i < n, tv.0, tv.1)
            px = x; py = y
        }
    }

    private mutating func cubic(_ x0: Double, _ y0: Double, _ c1: Point, _ c2: Point, _ p: Point) {
        let ax = x0 - 2 * c1.x + c2.x, ay = y0 - 2 * c1.y + c2.y
        let bx = c1.x - 2 * c2.x + p.x, by = c1.y - 2 * c2.y + p.y
        let dd = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
        let n = StrokeCenterline.count((0.75 * dd / tol).squareRoot())
        let inv = 1 / Double(n)
        @inline(__always) func at(_ t: Double) -> (Double, Double) {
            let u = 1 - t
            let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
            return (w0 * x0 + w1 * c1.x + w2 * c2.x + w3 * p.x, w0 * y0 + w1 * c1.y + w2 * c2.y + w3 * p.y)
        }
        // B'(t)/3 = (1 − t)²(c1 − p0) + 2(1 − t)t(c2 − c1) + t²(p − c2); where it vanishes (a control
        // point on an end, a cusp) the next control point's direction, else the chord
        @inline(__always) func tangent(_ t: Double) -> (Double, Double) {
            let u = 1 - t
            let w0 = u * u, w1 = 2 * u * t, w2 = t * t
            var v = StrokeCenterline.unit(w0 * (c1.x - x0) + w1 * (c2.x - c1.x) + w2 * (p.x - c2.x),
                                          w0 * (c1.y - y0) + w1 * (c2.y - c1.y) + w2 * (p.y - c2.y))
            if v.0.isNaN && t == 0 { v = StrokeCenterline.unit(c2.x - x0, c2.y - y0) }
            if v.0.isNaN && t == 1 { v = StrokeCenterline.unit(p.x - c1.x, p.y - c1.y) }
            if v.0.isNaN && (t == 0 || t == 1) { v = StrokeCenterline.unit(p.x - x0, p.y - y0) }
            return v
        }
        let t0 = tangent(0)
        setOut(t0.0, t0.1)
        var px = x0, py = y0
        for i in 1...n {
            let (x, y) = i == n ? (p.x, p.y) : at(Double(i) * inv)
            var len: Double?
            if measure {
                let (mx, my) = at((Double(i) - 0.5) * inv)
                len = StrokeCenterline.richardson(px, py, mx, my, x, y)
            }
            let tv = tangent(i == n ? 1 : Double(i) * inv)
            add(x, y, length: len, smooth: i < n, tv.0, tv.1)
            px = x; py = y
        }
    }

    /// Flattens an arc whose start point is already in place; returns its end point. Vertices are
    /// placed as the fill flattener places them (same step count and rotation), so a shape's fill and
    /// stroke agree.
    private mutating func arc(_ c: Point, _ r: Double, _ c0: Double, _ s0: Double, _ start: Double, _ sweep: Double) -> (Double, Double) {
        let stepMax = r > 0 ? min(Double.pi / 2, 2 * (2 * tol / r).squareRoot()) : Double.pi / 2
        let n = StrokeCenterline.count(abs(sweep) / stepMax)
        let (sd, cd) = StableMath.sinCos(sweep / Double(n))
        let segLen: Double? = measure ? r * abs(sweep) / Double(n) : nil
        // the tangent at angle a is (−sin a, cos a), reversed when the sweep is negative
        let sg = sweep < 0 ? -1.0 : 1.0
        setOut(-s0 * sg, c0 * sg)
        var ux = c0, uy = s0
        for _ in 1..<n {
            (ux, uy) = (ux * cd - uy * sd, ux * sd + uy * cd)
            add(c.x + r * ux, c.y + r * uy, length: segLen, smooth: true, -uy * sg, ux * sg)
        }
        let (s1, c1) = StableMath.sinCos(start + sweep)
        let ex = c.x + r * c1, ey = c.y + r * s1
        add(ex, ey, length: segLen, smooth: false, -s1 * sg, c1 * sg)
        return (ex, ey)
    }

    /// Arc length of a curve piece from its chord and its two half-chords (one Richardson step).
    @inline(__always)
    private static func richardson(_ x0: Double, _ y0: Double, _ mx: Double, _ my: Double, _ x1: Double, _ y1: Double) -> Double {
        let a = ((mx - x0) * (mx - x0) + (my - y0) * (my - y0)).squareRoot()
        let b = ((x1 - mx) * (x1 - mx) + (y1 - my) * (y1 - my)).squareRoot()
        let c = ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot()
        return max(c, (4 * (a + b) - c) / 3)
    }

    @inline(__always)
    static func distance(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
        ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot()
    }

    /// ⌈v⌉ clamped to 1…maxSegments (NaN gives 1).
    @inline(__always)
    static func count(_ v: Double) -> Int {
        guard v > 1 else { return 1 }
        return v < Double(maxSegments) ? Int(v.rounded(.up)) : maxSegments
    }

    /// Directions, chords, measured lengths, arc lengths and end tangents per segment; false when
    /// a length is not finite (coordinates so large that their differences overflow). A tangent
    /// is kept only where the chord is at least 2·h·sin(its angle to it) long (StrokeOutline.swift).
    private mutating func segments(_ h: Double) -> Bool {
        let h2 = 2 * h
        for si in subpaths.indices {
            let s = subpaths[si]
            var total = 0.0
            let segs = s.closed ? s.count : s.count - 1
            let firstIn = (tinX[s.first], tinY[s.first])
            for k in 0..<segs {
                let i = s.first + k, closing = k + 1 == s.count, j = closing ? s.first : i + 1
                let ex = nodes[j].x - nodes[i].x, ey = nodes[j].y - nodes[i].y
                let len = (ex * ex + ey * ey).squareRoot()
                guard len.isFinite, len > 0 else { return false }
                let ux = ex / len, uy = ey / len
                // the closing segment: a line (its chord plus what was dropped before it), or the
                // chord standing for the curve that came back to the first point
                let ml = closing ? (s.closingReplaces ? max(s.closingExtra, len) : len + s.closingExtra) : arrival[j]
                let (inX, inY) = closing ? firstIn : (tinX[j], tinY[j])
                var (sx, sy) = (nodes[i].tsx, nodes[i].tsy), (tx, ty) = (inX, inY)
                if !StrokeCenterline.keeps(sx, sy, ux, uy, len, h2) { sx = ux; sy = uy }
                if !StrokeCenterline.keeps(tx, ty, ux, uy, len, h2) { tx = ux; ty = uy }
                nodes[i].dx = ux; nodes[i].dy = uy; nodes[i].chord = len
                nodes[i].measured = ml; nodes[i].arc = total
                nodes[i].tsx = sx; nodes[i].tsy = sy; nodes[i].tex = tx; nodes[i].tey = ty
                total += ml
            }
            guard total.isFinite else { return false }
            subpaths[si].length = total
        }
        arrival = []; tinX = []; tinY = []
        return true
    }

    /// True when tangent t may replace direction c on a chord of length `len` (`h2`: twice the
    /// half width): within 60° of it, and the chord long enough that the correction's triangles
    /// lie on it (the inner cut meets the chord's offset h·tan(angle) from its end; StrokeOutline.swift).
    /// NaN tangents fail.
    @inline(__always)
    static func keeps(_ tx: Double, _ ty: Double, _ cx: Double, _ cy: Double, _ len: Double, _ h2: Double) -> Bool {
        let dt = cx * tx + cy * ty
        return dt >= 0.5 && h2 * abs(cx * ty - cy * tx) <= len * dt
    }
}
