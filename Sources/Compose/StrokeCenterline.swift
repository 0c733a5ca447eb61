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

/// One subpath of the centre line: points `first ..< first + count` of the polyline arrays.
struct StrokeSubpath {
    var first: Int
    var count: Int
    var closed: Bool
    /// Total measured length (the closing segment included when closed).
    var length: Double
}

/// The flattened centre line of a path, all subpaths in shared arrays.
struct StrokeCenterline {
    var xs: [Double] = []
    var ys: [Double] = []
    /// Inside a curve: joined round whatever the style's join.
    var smooth: [Bool] = []
    /// Per point i, the segment from i to the next point of its subpath (the first point after the
    /// last when closed): unit direction, chord length, measured length, the arc length at i, and
    /// the unit tangents of the path at the segment's start and end (the chord's direction for a line).
    var dx: [Double] = []
    var dy: [Double] = []
    var chord: [Double] = []
    var measured: [Double] = []
    var arcAt: [Double] = []
    var tsx: [Double] = [], tsy: [Double] = [], tex: [Double] = [], tey: [Double] = []
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
    /// Per point, the measured length of the segment reaching it (0 for a subpath's first point).
    private var arrival: [Double] = []
    /// Per point, the unit tangent arriving at it and leaving it (NaN: the chord's direction).
    private var tinX: [Double] = [], tinY: [Double] = [], toutX: [Double] = [], toutY: [Double] = []

    /// The centre line of `path`, or nil when a coordinate is not finite.
    init?(_ path: ArraySlice<PathElement>, tolerance: Double, measure: Bool) {
        tol = tolerance
        eps = tolerance * 1e-3
        self.measure = measure
        xs.reserveCapacity(path.count * 2); ys.reserveCapacity(path.count * 2); smooth.reserveCapacity(path.count * 2)
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
        guard segments() else { return nil }
    }

    // MARK: - Building

    private mutating func begin(_ x: Double, _ y: Double) {
        xs.append(x); ys.append(y); smooth.append(false); arrival.append(0)
        tinX.append(.nan); tinY.append(.nan); toutX.append(.nan); toutY.append(.nan)
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
        let n = xs.count
        let ex = x - xs[n - 1], ey = y - ys[n - 1]
        let d = (ex * ex + ey * ey).squareRoot()
        if d <= eps {
            if measure { carry += length ?? d }
            if !s { smooth[n - 1] = false; tinX[n - 1] = tx; tinY[n - 1] = ty }
            return
        }
        xs.append(x); ys.append(y); smooth.append(s)
        tinX.append(tx); tinY.append(ty)
        // inside a curve the path leaves a point the way it arrives; at an element's end the next
        // element says (setOut)
        toutX.append(s ? tx : .nan); toutY.append(s ? ty : .nan)
        arrival.append(measure ? carry + (length ?? d) : d)
        carry = 0
    }

    /// The unit tangent with which the next element leaves the current point (NaN: its chord).
    @inline(__always)
    private mutating func setOut(_ tx: Double, _ ty: Double) {
        toutX[toutX.count - 1] = tx; toutY[toutY.count - 1] = ty
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
        var count = xs.count - first
        if !hasSegments {
            // a lone move draws nothing
            xs.removeLast(count); ys.removeLast(count); smooth.removeLast(count); arrival.removeLast(count)
            tinX.removeLast(count); tinY.removeLast(count); toutX.removeLast(count); toutY.removeLast(count)
            return
        }
        var closing = 0.0
        if closed {
            // a last point on the first closes by itself: the closing segment carries its length
            while count > 1, StrokeCenterline.distance(xs[first + count - 1], ys[first + count - 1], xs[first], ys[first]) <= eps {
                carry += arrival.removeLast()
                xs.removeLast(); ys.removeLast(); smooth.removeLast()
                // the first point is now reached by what reached the last
                tinX[first] = tinX.removeLast(); tinY[first] = tinY.removeLast()
                toutX.removeLast(); toutY.removeLast()
                count -= 1
            }
            closing = measure ? carry : 0
            smooth[first] = false
        }
        carry = 0
        subpaths.append(StrokeSubpath(first: first, count: count, closed: closed && count > 1, length: closing))
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
    /// a length is not finite (coordinates so large that their differences overflow).
    private mutating func segments() -> Bool {
        let n = xs.count
        dx = [Double](repeating: 0, count: n); dy = dx; chord = dx; measured = dx; arcAt = dx
        tsx = dx; tsy = dx; tex = dx; tey = dx
        for si in subpaths.indices {
            let s = subpaths[si]
            var total = 0.0
            let segs = s.closed ? s.count : s.count - 1
            for k in 0..<segs {
                let i = s.first + k, closing = k + 1 == s.count, j = closing ? s.first : i + 1
                let ex = xs[j] - xs[i], ey = ys[j] - ys[i]
                let len = (ex * ex + ey * ey).squareRoot()
                guard len.isFinite, len > 0 else { return false }
                let ux = ex / len, uy = ey / len
                dx[i] = ux; dy[i] = uy
                chord[i] = len
                // the closing segment is a line: its chord plus the length of points dropped before it
                let ml = closing ? len + s.length : arrival[j]
                measured[i] = ml
                arcAt[i] = total
                total += ml
                let outOK = !toutX[i].isNaN, inOK = !tinX[j].isNaN
                tsx[i] = outOK ? toutX[i] : ux; tsy[i] = outOK ? toutY[i] : uy
                tex[i] = inOK ? tinX[j] : ux; tey[i] = inOK ? tinY[j] : uy
            }
            guard total.isFinite else { return false }
            subpaths[si].length = total
        }
        arrival = []; tinX = []; tinY = []; toutX = []; toutY = []
        return true
    }
}
