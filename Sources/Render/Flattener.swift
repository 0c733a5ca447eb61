// Turns a Path under a 2D affine or projective map into device-space polygons for the rasterizer.
// Curves are flattened in the path's own space with the device tolerance divided by the map's largest
// local scale, so one code path serves affine and perspective maps: an arc's vertices lie exactly on
// the circle and are then mapped, which keeps them on the (elliptical, projected) image of the arc.
// Segment counts are closed-form (no recursive subdivision): n = ⌈sweep / 2√(2·tol/r)⌉ for arcs
// (the small-angle form of 2·acos(1 − tol/r), slightly more segments, never more error), Wang's
// formula for Béziers. Under perspective each contour is clipped against the plane w = ε before the
// divide, so geometry crossing behind the eye never wraps around.

import CalcCore
import DisplayList

/// Scratch polygon storage, reused between paths: device-space vertices and contour ends.
final class Flattener {
    /// Maximum distance between a curve and its polygon, in device pixels.
    static let tolerance = 0.1
    /// Under perspective, points with w below this are clipped away (they are behind or at the eye).
    static let minW = 1e-4
    /// Segment counts are capped so a hostile radius cannot make a path unbounded.
    static let maxSegments = 4096

    // The polygon's storage is written a vertex at a time (push, emit) and only from this class,
    // never while another access to it is open, so Swift's run-time exclusivity checks are left
    // out for it: with them, the begin/end-access calls were half of flattening's instructions
    // (scene A: 26.7 M of 51.9 M over 9 frames).
    @exclusivity(unchecked) private(set) var xs: [Double] = []
    @exclusivity(unchecked) private(set) var ys: [Double] = []
    /// End index (exclusive) of each contour in xs/ys.
    @exclusivity(unchecked) private(set) var ends: [Int] = []
    @exclusivity(unchecked) private(set) var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0

    // homogeneous source-mapped points of the current contour (perspective only)
    @exclusivity(unchecked) private var hx: [Double] = [], hy: [Double] = [], hw: [Double] = []
    @exclusivity(unchecked) private var map = Projective.identity
    @exclusivity(unchecked) private var affine = true
    @exclusivity(unchecked) private var tol = 0.1
    @exclusivity(unchecked) private var contourStart = 0

    init() {
        xs.reserveCapacity(256); ys.reserveCapacity(256); ends.reserveCapacity(16)
    }

    var isEmpty: Bool { xs.isEmpty }
    var bounds: IRect { xs.isEmpty ? .empty : IRect(covering: minX, minY, maxX, maxY) }

    /// The polygon as it stood after the first `split` elements of the last flatten (vertex and
    /// contour counts, bounds as `bounds` gives them); nil when the path was shorter or not flattened.
    /// Under an affine map, when the first `split` elements end with `close`, this is exactly the
    /// polygon of those elements flattened alone (the scale, and so each element's vertices, depend
    /// on the map only, and the final end of a closed contour adds nothing): Execution.fillPair
    /// flattens a border ring once and draws the body from its outline.
    private(set) var splitState: (points: Int, contours: Int, bounds: IRect)?

    /// Flattens `path` under `map` (path space → device pixels), replacing the previous polygon.
    func flatten(_ path: UnsafeBufferPointer<PathElement>, map: Projective, split: Int = -1) {
        splitState = nil
        xs.removeAll(keepingCapacity: true); ys.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        minX = .infinity; minY = .infinity; maxX = -.infinity; maxY = -.infinity
        self.map = map
        affine = map.isAffine
        contourStart = 0
        guard let scale = estimateScale(path, map), scale > 0 else { return }
        tol = Flattener.tolerance / scale

        var cx = 0.0, cy = 0.0        // current point (path space)
        var sx = 0.0, sy = 0.0        // contour start
        var open = false
        var index = 0
        for e in path {
            switch e {
            case .move(let p):
                endContour()
                cx = p.x; cy = p.y; sx = cx; sy = cy
                emit(cx, cy); open = true
            case .line(let p):
                if !open { emit(cx, cy); open = true; sx = cx; sy = cy }
                cx = p.x; cy = p.y; emit(cx, cy)
            case .quad(let c, let p):
                if !open { emit(cx, cy); open = true; sx = cx; sy = cy }
                let ddx = cx - 2 * c.x + p.x, ddy = cy - 2 * c.y + p.y
                let n = segments(((ddx * ddx + ddy * ddy).squareRoot() / (4 * tol)).squareRoot())
                let inv = 1 / Double(n)
                for i in 1..<n {
                    let t = Double(i) * inv, u = 1 - t
                    emit(u * u * cx + 2 * u * t * c.x + t * t * p.x, u * u * cy + 2 * u * t * c.y + t * t * p.y)
                }
                cx = p.x; cy = p.y; emit(cx, cy)
            case .cubic(let c1, let c2, let p):
                if !open { emit(cx, cy); open = true; sx = cx; sy = cy }
                let ax = cx - 2 * c1.x + c2.x, ay = cy - 2 * c1.y + c2.y
                let bx = c1.x - 2 * c2.x + p.x, by = c1.y - 2 * c2.y + p.y
                let dd = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
                let n = segments((0.75 * dd / tol).squareRoot())
                let inv = 1 / Double(n)
                for i in 1..<n {
                    let t = Double(i) * inv, u = 1 - t
                    let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
                    emit(w0 * cx + w1 * c1.x + w2 * c2.x + w3 * p.x, w0 * cy + w1 * c1.y + w2 * c2.y + w3 * p.y)
                }
                cx = p.x; cy = p.y; emit(cx, cy)
            case .arc(let c, let radius, let start, let sweep):
                let r = abs(radius)
                let (s0, c0) = StableMath.sinCos(start)
                let px = c.x + r * c0, py = c.y + r * s0
                if !open { open = true; sx = px; sy = py }
                emit(px, py)
                let stepMax = r > 0 ? min(Double.pi / 2, 2 * (2 * tol / r).squareRoot()) : Double.pi / 2
                let n = segments(abs(sweep) / stepMax)
                let (sd, cd) = StableMath.sinCos(sweep / Double(n))
                var ux = c0, uy = s0
                for _ in 1..<n {
                    (ux, uy) = (ux * cd - uy * sd, ux * sd + uy * cd)
                    emit(c.x + r * ux, c.y + r * uy)
                }
                let (s1, c1) = StableMath.sinCos(start + sweep)
                cx = c.x + r * c1; cy = c.y + r * s1
                emit(cx, cy)
            case .close:
                endContour()
                open = false
                cx = sx; cy = sy
            }
            index += 1
            if index == split { splitState = (xs.count, ends.count, bounds) }
        }
        endContour()
    }

    /// ⌈v⌉ clamped to 1…maxSegments (NaN gives 1).
    @inline(__always)
    private func segments(_ v: Double) -> Int {
        guard v > 1 else { return 1 }
        return v < Double(Flattener.maxSegments) ? Int(v.rounded(.up)) : Flattener.maxSegments
    }

    /// The map's largest local scale over the path's control box; nil when nothing is in front of the eye
    /// or the geometry is not finite.
    private func estimateScale(_ path: UnsafeBufferPointer<PathElement>, _ m: Projective) -> Double? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ p: Point) { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        for e in path {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .arc(let c, let r, let s, let sw):
                guard r.isFinite, s.isFinite, sw.isFinite else { return nil }
                add(Point(c.x - abs(r), c.y - abs(r))); add(Point(c.x + abs(r), c.y + abs(r)))
            case .close: break
            }
        }
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        if m.isAffine {
            let s = m.m11 * m.m11 + m.m12 * m.m12 + m.m21 * m.m21 + m.m22 * m.m22
            let det = m.m11 * m.m22 - m.m12 * m.m21
            let v = ((s + max(0, s * s - 4 * det * det).squareRoot()) / 2).squareRoot()
            return v.isFinite ? max(v, 1e-9) : nil
        }
        let v = max(m.localScale(x0, y0), m.localScale(x1, y0), m.localScale(x0, y1), m.localScale(x1, y1),
                    m.localScale((x0 + x1) / 2, (y0 + y1) / 2))
        if v == 0 {
            // no sampled point in front of the eye; a linear w that is ≤ 0 at all corners is ≤ 0 everywhere
            let w = [m.apply(x0, y0).w, m.apply(x1, y0).w, m.apply(x0, y1).w, m.apply(x1, y1).w]
            return w.contains(where: { $0 > 0 }) ? 1 : nil
        }
        return v.isFinite ? min(v, 1e4) : nil
    }

    @inline(__always)
    private func emit(_ x: Double, _ y: Double) {
        if affine {
            push(x * map.m11 + y * map.m21 + map.m31, x * map.m12 + y * map.m22 + map.m32)
        } else {
            let p = map.apply(x, y)
            hx.append(p.x); hy.append(p.y); hw.append(p.w)
        }
    }

    @inline(__always)
    private func push(_ x: Double, _ y: Double) {
        // drop exact repeats (zero-length edges cost a row walk for nothing)
        if xs.count > contourStart, xs[xs.count - 1] == x, ys[ys.count - 1] == y { return }
        xs.append(x); ys.append(y)
        minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
    }

    private func endContour() {
        if !affine { clipContourToFront() }
        if xs.count - contourStart >= 3 {
            ends.append(xs.count)
            contourStart = xs.count
        } else {
            // a point or a line encloses nothing
            xs.removeSubrange(contourStart...)
            ys.removeSubrange(contourStart...)
        }
    }

    /// Sutherland–Hodgman against w ≥ minW, then the perspective divide.
    private func clipContourToFront() {
        defer { hx.removeAll(keepingCapacity: true); hy.removeAll(keepingCapacity: true); hw.removeAll(keepingCapacity: true) }
        let n = hx.count
        guard n > 0 else { return }
        let e = Flattener.minW
        var j = n - 1
        for i in 0..<n {
            let wi = hw[i], wj = hw[j]
            let inI = wi >= e, inJ = wj >= e
            if inI != inJ {
                let t = (e - wj) / (wi - wj)
                let x = hx[j] + (hx[i] - hx[j]) * t, y = hy[j] + (hy[i] - hy[j]) * t
                push(x / e, y / e)
            }
            if inI { push(hx[i] / wi, hy[i] / wi) }
            j = i
        }
    }
}
