// Outlines of stroke pieces (a whole subpath, a part of one that strokeStart/strokeEnd leave, or a
// dash) as contours filled with the non-zero rule. An open piece is one contour: its left offset
// forwards, the end cap, its right offset backwards, the start cap; a closed piece is two contours,
// the left offset forwards and the right offset backwards. Such a contour adds up, as a sum of
// closed curves, to one rectangle per segment plus one wedge per join on the outer side of the turn
// plus the caps, all wound the same way, so the non-zero fill is exactly their union — which is the
// stroke. The rasterizer, though, applies the fill rule after accumulating signed area, so a region
// wound twice next to an edge over-covers the pixels along it; where strokes commonly make one, the
// outline avoids it. On the inner side of a turn the two offsets meet where they cross (the union's
// inner corner) when the segments are long enough for it; else the offset points are joined straight
// across (both segments at least h·sin(turn) long, so the triangle skipped lies in both rectangles)
// or through the vertex, and the overlap inside the corner is wound twice. A butt end just before or
// after an inner corner, inside the band of the segment beyond it, is cut at the line square to
// that segment through the corner rather than wound over it.
// Segments are chords of the path, but where a piece ends or an element meets the next the
// path's exact tangent decides: a small correction at that vertex turns the chord's offset to the
// tangent's (a wedge on the outer side; on the inner side the chord's overshoot past the tangent's
// normal is cut off), so a butt end on a thick curve is square to the curve and a miter between a
// curve and a line points where the true curves meet. Round caps and joins are polylines within
// the tolerance with evenly spaced vertices: caps rotate by π/n (StableMath's sine and cosine),
// joins by the turn halved until a step is small enough (square roots only, no libm), so every
// machine places the same vertices.

import CalcCore
import DisplayList

/// Emits the contours of stroke pieces, with the style's caps and joins.
struct StrokeEmitter {
    let h: Double
    let cap: LineCap
    let join: LineJoin
    /// miterLimit², clamped (a NaN limit bevels every corner: the comparison fails).
    let limit2: Double
    /// cos of the largest angle one segment of a round join may turn.
    let stepCos: Double
    /// Round caps: capSteps segments (even, so one vertex lies straight ahead), each turning by
    /// the angle with this sine and cosine.
    let capSteps: Int
    let capCos: Double
    let capSin: Double

    /// The contours: moves, lines and closes.
    var out: [PathElement] = []
    /// Number of points emitted, for the output budget.
    var points: Int { out.count }
    private(set) var finite = true
    private var started = false
    private var lastX = 0.0, lastY = 0.0
    private var firstX = 0.0, firstY = 0.0
    private var pending = false

    /// Scratch nodes for a piece that is part of a subpath (its ends cut inside segments).
    var scratch: [StrokeNode] = []

    /// Miter limits above this are clamped: a spike's length stays finite however close to 180° a turn is.
    static let maxMiterLimit = 1e4
    /// Round joins and caps use at most this many segments per half turn (fewer on a centre line
    /// of so many points that the outline would pass Stroker.maxPoints).
    static let maxHalfTurnSteps = 128

    enum JoinKind: Int, Comparable {
        case style, smooth, cutIn, cutOut
        static func < (a: JoinKind, b: JoinKind) -> Bool { a.rawValue < b.rawValue }
    }

    /// `vertices`: the centre line's point count, which bounds how finely round joins may be
    /// drawn (every vertex a half turn must stay within about Stroker.maxPoints).
    init(style: StrokeStyle, tolerance: Double, vertices: Int) {
        h = style.width / 2
        cap = style.cap
        join = style.join
        let limit = min(style.miterLimit, StrokeEmitter.maxMiterLimit)
        limit2 = limit * limit
        // the sagitta of one step on a circle of radius h is h(1 − cos(step/2)) ≈ h·step²/8 ≤ tolerance
        let maxHalf = min(StrokeEmitter.maxHalfTurnSteps, max(2, Stroker.maxPoints / (4 * vertices + 4)))
        let step = min(Double.pi / 2, max(2 * (2 * tolerance / h).squareRoot(), Double.pi / Double(maxHalf)))
        stepCos = StableMath.cos(step)
        let half = Int((Double.pi / 2 / step).rounded(.up))
        capSteps = 2 * max(half, 1)
        (capSin, capCos) = StableMath.sinCos(Double.pi / Double(capSteps))
    }

    // MARK: - Contours

    /// Adds a point to the current contour. Each point is held back until the next one comes, so
    /// that a contour ending on its first point closes without repeating it.
    @inline(__always)
    private mutating func point(_ x: Double, _ y: Double) {
        if !started {
            out.append(.move(Point(x, y))); started = true
            firstX = x; firstY = y
        } else if x == lastX && y == lastY {
            return
        } else {
            if pending { out.append(.line(Point(lastX, lastY))) }
            pending = true
        }
        lastX = x; lastY = y
        if !(x.isFinite && y.isFinite) { finite = false }
    }

    private mutating func close() {
        if pending && (lastX != firstX || lastY != firstY) { out.append(.line(Point(lastX, lastY))) }
        if started { out.append(.close) }
        started = false; pending = false
    }

    /// Points of the circle of radius h about (cx, cy), turning clockwise from unit vector u to unit
    /// vector t (at most half a turn), in equal steps no larger than the tolerance allows; excludes
    /// both ends.
    private mutating func arc(_ cx: Double, _ cy: Double, _ ux: Double, _ uy: Double, _ tx: Double, _ ty: Double) {
        var c = ux * tx + uy * ty
        guard c < stepCos else { return }
        // halve the angle until a step is small enough: cos(a/2) = √((1 + cos a)/2), sin(a/2) = √((1 − cos a)/2)
        var s = 0.0, n = 1
        while c < stepCos && n < 2 * StrokeEmitter.maxHalfTurnSteps {
            s = max(0, (1 - c) / 2).squareRoot()
            c = max(0, (1 + c) / 2).squareRoot()
            n *= 2
        }
        var vx = ux, vy = uy
        for _ in 1..<n {
            (vx, vy) = (vx * c + vy * s, vy * c - vx * s)
            point(cx + vx * h, cy + vy * h)
        }
    }

    /// The join at vertex (vx, vy) on the left side of travel, from direction a (a segment of length
    /// la) to direction b (length lb), all unit vectors. `.style` joins with the stroke's join,
    /// `.smooth` round (inside a curve). `.cutIn` (a chord, then the tangent b at its end) and
    /// `.cutOut` (the tangent a, then a chord) turn the chord's offset to the tangent's: round on
    /// the outer side; on the inner side the chord's offset line stops where it crosses the
    /// tangent's normal, at h / cos(angle) from the vertex.
    @inline(__always)
    private mutating func join(_ vx: Double, _ vy: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double,
                               _ la: Double, _ lb: Double, _ kind: JoinKind) {
        let cr = ax * by - ay * bx, dt = ax * bx + ay * by
        if cr > 0 && kind >= .cutIn {
            // the inner side of a correction (dt ≥ 0.5: tangents are kept within 60° of their chord)
            let k = h / dt
            if kind == .cutIn { point(vx - by * k, vy + bx * k) } else { point(vx - ay * k, vy + ax * k) }
            return
        }
        // left normals (−y, x)
        point(vx - ay * h, vy + ax * h)
        if cr > 0 {
            // turning towards this side: the inner side
            if min(la, lb) < h * cr { point(vx, vy) }
        } else if cr == 0 && dt > 0 {
            return      // straight on: both offset points coincide
        } else if kind != .style || join == .round {
            arc(vx, vy, -ay, ax, -by, bx)
        } else if join == .miter {
            // miter length / width = 1/sin(θ/2) = 1/cos(turn/2) ≤ limit ⟺ (1 + cos turn)·limit² ≥ 2;
            // the tip is v + (na + nb)·h / (1 + cos turn)
            let c1 = 1 + dt
            if c1 > 0 && c1 * limit2 >= 2 {
                let k = h / c1
                point(vx - (ay + by) * k, vy + (ax + bx) * k)
            }
        }
        point(vx - by * h, vy + bx * h)
    }

    /// Where the left offset lines of segments a and b (unit directions in travel order) meet at
    /// vertex (vx, vy), when the path turns towards the left and what that takes of each segment is
    /// within `ra` and `rb`: the inner corner of the union of their rectangles. Joining the offsets
    /// there rather than through the vertex leaves no area inside the corner wound twice, which the
    /// rasterizer's accumulated coverage would count twice in the pixels along the edge
    /// (docs/rendering.md). Nil where the segments are too short for it.
    @inline(__always)
    private func innerCorner(_ vx: Double, _ vy: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double,
                             _ ra: Double, _ rb: Double) -> (Double, Double)? {
        // the point lies h·sin(turn)/(1 + cos(turn)) = h·tan(turn/2) from the vertex along each
        // segment, and the corner it cuts off (the triangle it makes with the two offset points at
        // the vertex, which lies in both rectangles) reaches h·sin(turn) back along each: both
        // within what the segment allows, so the cut stays inside the rectangles and clear of
        // what the neighbouring vertices cut
        let cr = ax * by - ay * bx, c1 = 1 + ax * bx + ay * by
        guard cr > 0, c1 > 0, h * cr <= min(ra, rb) * min(c1, 1) else { return nil }
        let k = h / c1
        return (vx - (ay + by) * k, vy + (ax + bx) * k)
    }

    /// The cap at (x, y) for travel in direction (dx, dy): from the left offset point (already
    /// emitted) around to the right one.
    private mutating func cap(_ x: Double, _ y: Double, _ dx: Double, _ dy: Double) {
        let nx = -dy * h, ny = dx * h
        point(x + nx, y + ny)   // after an inner correction the last point lies a little further out
        switch cap {
        case .butt:
            break
        case .square:
            point(x + nx + dx * h, y + ny + dy * h)
            point(x - nx + dx * h, y - ny + dy * h)
        case .round:
            var vx = -dy, vy = dx
            for _ in 1..<capSteps {
                (vx, vy) = (vx * capCos + vy * capSin, vy * capCos - vx * capSin)
                point(x + vx * h, y + vy * h)
            }
        }
        point(x - nx, y - ny)
    }

    /// The joins at interior vertex k of a piece, forwards or backwards (j: the segment before k):
    /// inside a curve one round join between the chords; elsewhere chord → tangent in, the
    /// stroke's join tangent in → tangent out, tangent out → chord.
    @inline(__always)
    private mutating func vertex(_ nd: UnsafeBufferPointer<StrokeNode>, _ k: Int, _ j: Int, forward: Bool,
                                 endBefore: Bool = false, endAfter: Bool = false) {
        let v = nd[k]
        // a: the segment before the vertex in travel order, b: the one after
        let sa = forward ? nd[j] : v, sb = forward ? v : nd[j]
        let g: Double = forward ? 1 : -1
        let ax = g * sa.dx, ay = g * sa.dy, bx = g * sb.dx, by = g * sb.dy
        // how much of each segment an inner corner may take: half, the other half being the next
        // vertex's; all of one that ends the piece squarely (endBefore, endAfter: nd[j], nd[k] in
        // path order)
        let ea = forward ? endBefore : endAfter, eb = forward ? endAfter : endBefore
        let ra = ea ? sa.chord : sa.chord / 2, rb = eb ? sb.chord : sb.chord / 2
        if v.smooth {
            if let p = innerCorner(v.x, v.y, ax, ay, bx, by, ra, rb) {
                point(p.0, p.1)
            } else {
                join(v.x, v.y, ax, ay, bx, by, sa.chord, sb.chord, .smooth)
            }
            return
        }
        // the tangents arriving at and leaving the vertex in travel order
        let (ix, iy) = forward ? (sa.tex, sa.tey) : (-sa.tsx, -sa.tsy)
        let (ox, oy) = forward ? (sb.tsx, sb.tsy) : (-sb.tex, -sb.tey)
        // on the inner side of a corner whose tangent corrections turn the same way (or not at all,
        // as between lines) they add nothing outside the two chords' rectangles: their union ends
        // where the chords' offset lines meet
        if ax * iy - ay * ix >= 0, ix * oy - iy * ox >= 0, ox * by - oy * bx >= 0,
           let p = innerCorner(v.x, v.y, ax, ay, bx, by, ra, rb) {
            point(p.0, p.1)
            return
        }
        join(v.x, v.y, ax, ay, ix, iy, 0, 0, .cutIn)
        // the chords' lengths less their overshoot past the tangents' normals
        let la = sa.chord - h * abs(ax * iy - ay * ix), lb = sb.chord - h * abs(ox * by - oy * bx)
        join(v.x, v.y, ix, iy, ox, oy, la, lb, .style)
        join(v.x, v.y, ox, oy, bx, by, 0, 0, .cutOut)
    }

    /// Outlines an open piece: `n` ≥ 2 nodes, n − 1 segments (the last node's segment unused).
    mutating func openPiece(_ nd: UnsafeBufferPointer<StrokeNode>, _ n: Int) {
        let h = self.h
        let s = nd[0], e = nd[n - 1], d = nd[n - 2]
        // ends with no tangent correction leave all of their segment to the inner corner next to them
        let squareStart = s.tsx == s.dx && s.tsy == s.dy, squareEnd = d.tex == d.dx && d.tey == d.dy
        // butt ends just before or after an inner corner (EndClip)
        var first: EndClip?, last: EndClip?
        if n >= 3 && cap == .butt {
            let v = nd[1]       // the corner, and the segment leaving it
            if squareStart && (v.smooth || (s.tex == s.dx && s.tey == s.dy && v.tsx == v.dx && v.tsy == v.dy)) {
                first = endClip(s.x, s.y, v.x, v.y, s.dx, s.dy, s.chord, v.dx, v.dy, v.chord)
            }
            let w = nd[n - 2], a = nd[n - 3]
            if first == nil || n > 3,
               squareEnd && (w.smooth || (a.tex == a.dx && a.tey == a.dy && d.tsx == d.dx && d.tsy == d.dy)) {
                last = endClip(e.x, e.y, w.x, w.y, -d.dx, -d.dy, d.chord, -a.dx, -a.dy, a.chord)
            }
        }
        // left side forwards, from the start tangent's offset
        point(s.x - s.tsy * h, s.y + s.tsx * h)
        join(s.x, s.y, s.tsx, s.tsy, s.dx, s.dy, 0, 0, .cutOut)
        for k in 1..<(n - 1) {
            if k == 1, let c = first, c.left {
                point(c.cx, c.cy); point(c.bx, c.by)
            } else if k == n - 2, let c = last, !c.left {
                point(c.bx, c.by); point(c.cx, c.cy)
            } else {
                vertex(nd, k, k - 1, forward: true, endBefore: k == 1 && squareStart, endAfter: k == n - 2 && squareEnd)
            }
        }
        join(e.x, e.y, d.dx, d.dy, d.tex, d.tey, 0, 0, .cutIn)
        cap(e.x, e.y, d.tex, d.tey)
        // right side backwards
        join(e.x, e.y, -d.tex, -d.tey, -d.dx, -d.dy, 0, 0, .cutOut)
        var k = n - 2
        while k >= 1 {
            if k == n - 2, let c = last, c.left {
                point(c.cx, c.cy); point(c.bx, c.by)
            } else if k == 1, let c = first, !c.left {
                point(c.bx, c.by); point(c.cx, c.cy)
            } else {
                vertex(nd, k, k - 1, forward: false, endBefore: k == 1 && squareStart, endAfter: k == n - 2 && squareEnd)
            }
            k -= 1
        }
        join(s.x, s.y, -s.dx, -s.dy, -s.tsx, -s.tsy, 0, 0, .cutIn)
        cap(s.x, s.y, -s.tsx, -s.tsy)
        close()
    }

    /// A butt end of an open piece closer to the next corner than h·tan(turn/2) on the corner's
    /// inner side (a stroke or dash that ends just before or after a corner): the short segment's
    /// rectangle lies inside the band of the segment beyond the corner, and its part past the
    /// corner line (through the corner, square to that segment, where the segment's rectangle
    /// begins) inside that rectangle, so the two would overlap and the rasterizer count the overlap
    /// twice along the edge. The outline follows the corner line instead: from `c`, where it
    /// crosses the short segment's outline, to `b`, the long segment's offset at the corner.
    /// `left`: the side of travel from the end towards the corner where this replaces the corner's
    /// inner join.
    struct EndClip {
        var cx: Double, cy: Double, bx: Double, by: Double
        var left: Bool
    }

    /// The EndClip of an end at p whose segment (unit direction a from p, length la) reaches the
    /// corner v, where the next segment leaves in direction b with length lb; nil where it does not
    /// apply (not close enough to the corner, the segment beyond too short to hold it, a turn back).
    private func endClip(_ px: Double, _ py: Double, _ vx: Double, _ vy: Double, _ ax: Double, _ ay: Double, _ la: Double,
                         _ bx: Double, _ by: Double, _ lb: Double) -> EndClip? {
        let cr = ax * by - ay * bx, dt = ax * bx + ay * by
        let hc = h * abs(cr)
        // the short rectangle inside the long one's band: within h·tan(turn/2) of the corner, and
        // h·cot(turn/2) past a right angle; the long segment holds the short one's part past the
        // corner line (at most h·|sin| + la·max(0, −cos) along it) with room for its other end
        guard hc > 0, la * (1 + dt) < hc, la * (1 - dt) <= hc, lb >= 2 * (hc + la * max(0, -dt)) else { return nil }
        let sg: Double = cr > 0 ? 1 : -1
        let nx = -ay * h * sg, ny = ax * h * sg            // towards the inner side
        // g: distance past the corner line (through v, normal b)
        @inline(__always) func g(_ x: Double, _ y: Double) -> Double { (x - vx) * bx + (y - vy) * by }
        let inX = px + nx, inY = py + ny, outX = px - nx, outY = py - ny
        let gOut = g(outX, outY), gIn = g(inX, inY)
        guard gOut <= 0 else { return nil }
        let cx: Double, cy: Double
        if gIn <= 0 {
            // on the inner offset, between the end and the corner (where g = h·|sin| > 0)
            let f = -gIn / (hc - gIn)
            cx = inX + f * (vx + nx - inX); cy = inY + f * (vy + ny - inY)
        } else {
            // on the butt end itself
            let f = -gOut / (gIn - gOut)
            cx = outX + f * (inX - outX); cy = outY + f * (inY - outY)
        }
        return EndClip(cx: cx, cy: cy, bx: vx - by * h * sg, by: vy + bx * h * sg, left: cr > 0)
    }

    /// Outlines a closed piece: `n` ≥ 2 nodes and n segments (the last one back to the first node).
    mutating func closedPiece(_ nd: UnsafeBufferPointer<StrokeNode>, _ n: Int) {
        for k in 0..<n { vertex(nd, k, k == 0 ? n - 1 : k - 1, forward: true) }
        close()
        var k = n - 1
        while k >= 0 { vertex(nd, k, k == 0 ? n - 1 : k - 1, forward: false); k -= 1 }
        close()
    }

    /// A piece of zero length at (x, y), travelling in direction (dx, dy): a round or square dot
    /// (the two caps back to back); nothing with butt caps.
    mutating func dot(_ x: Double, _ y: Double, _ dx: Double, _ dy: Double) {
        guard cap != .butt else { return }
        point(x - dy * h, y + dx * h)
        cap(x, y, dx, dy)
        cap(x, y, -dx, -dy)
        close()
    }
}
