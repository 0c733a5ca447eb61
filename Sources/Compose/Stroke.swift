// Strokes as fills: a path stroked with a width, caps, joins, a miter limit, a dash pattern and
// strokeStart/strokeEnd becomes closed contours filled with the non-zero rule, so the rasterizer
// knows only fills. The path's centre line is flattened once (StrokeCenterline.swift); strokeStart
// and strokeEnd cut it by arc length over all subpaths together (as Core Animation measures it),
// the dash pattern then cuts each remaining piece, restarting at each piece; each piece or dash is
// outlined on its own (StrokeOutline.swift), so pieces overlap freely under the non-zero rule.
// Semantics and limits: docs/rendering.md, "Strokes".

import CalcCore
import DisplayList

/// How a path is stroked (CAShapeLayer's and Core Graphics' stroke parameters).
public struct StrokeStyle: Sendable, Hashable {
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    /// Dash lengths, alternately on and off (an odd count repeats, as Core Graphics does); empty: solid.
    public var dashes: [Double]
    public var dashPhase: Double
    /// strokeStart and strokeEnd: the part of the path stroked, as fractions of its total length.
    public var start: Double
    public var end: Double

    public init(width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10,
                dashes: [Double] = [], dashPhase: Double = 0, start: Double = 0, end: Double = 1) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
        self.dashes = dashes; self.dashPhase = dashPhase; self.start = start; self.end = end
    }
}

public enum Stroker {
    /// A dash pattern that would cut a stroke into more dashes than this draws it solid instead
    /// (Skia does the same past its own limit): a pattern like [1e-9, 1e-9] must not make millions
    /// of contours.
    public static let maxDashes = 10_000
    /// The outline stops growing at about this many points (a hostile path of huge curves with a
    /// huge width); what was outlined until then is drawn.
    public static let maxPoints = 1 << 21

    /// The outline of `path` stroked with `style`, as closed contours to fill with the non-zero
    /// rule; curves are approximated within `tolerance` (path units).
    public static func outline(_ path: ArraySlice<PathElement>, style: StrokeStyle, tolerance: Double) -> Path {
        let h = style.width / 2
        guard h > 0, h.isFinite, !path.isEmpty else { return Path() }
        let tol = tolerance > 0 && tolerance.isFinite ? tolerance : Compose.tolerance
        let start = style.start.isNaN ? 0 : min(max(style.start, 0), 1)
        let end = style.end.isNaN ? 1 : min(max(style.end, 0), 1)
        guard start < end else { return Path() }
        let trimmed = start > 0 || end < 1
        var dashes = StrokeDashes(style.dashes, phase: style.dashPhase)
        guard let line = StrokeCenterline(path, tolerance: tol, measure: trimmed || dashes != nil) else { return Path() }

        let pieces = Stroker.pieces(line, start: start, end: end, trimmed: trimmed)
        if let d = dashes {
            // entries walked ≈ (length / period + 1) per piece and entry; about half of them dashes
            var entries = 0.0
            for p in pieces { entries += ((p.u1 - p.u0) / d.period + 1) * Double(d.lengths.count) }
            if !(entries <= 2 * Double(maxDashes)) { dashes = nil }
        }

        var e = StrokeEmitter(style: style, tolerance: tol)
        var b = PieceBuilder(line: line)
        for p in pieces {
            guard e.points < maxPoints else { break }
            let s = line.subpaths[p.subpath]
            if s.count == 1 {
                // a zero-length subpath: a dot or a square along x (nothing with butt caps), drawn
                // when the dash pattern is on at its start
                if let d = dashes, d.startIndex % 2 == 1 { continue }
                e.dot(line.xs[s.first], line.ys[s.first], 1, 0)
            } else if let d = dashes {
                dash(p, d, &b, &e)
            } else {
                b.emit(s, p.u0, p.u1, whole: p.whole, into: &e)
            }
        }
        guard e.finite else { return Path() }
        return e.out
    }

    /// The greatest distance of a stroke's outline from its path (half the width, times the miter
    /// limit for miter joins, times √2 for square caps), for culling; finite.
    public static func reach(_ style: StrokeStyle) -> Double {
        let h = style.width / 2
        guard h.isFinite, h > 0 else { return 0 }
        var k = 1.0
        if style.join == .miter, style.miterLimit > 1 { k = min(style.miterLimit, StrokeEmitter.maxMiterLimit) }
        if style.cap == .square { k = max(k, 2.0.squareRoot()) }
        return min(h * k, Double.greatestFiniteMagnitude)
    }

    // MARK: - Pieces

    /// A stretch [u0, u1] of a subpath's arc length; `whole`: the entire subpath.
    struct Piece {
        var subpath: Int
        var u0: Double
        var u1: Double
        var whole: Bool
    }

    /// What strokeStart/strokeEnd leave of each subpath, in order.
    static func pieces(_ line: StrokeCenterline, start: Double, end: Double, trimmed: Bool) -> [Piece] {
        var out: [Piece] = []
        out.reserveCapacity(line.subpaths.count)
        guard trimmed else {
            for (i, s) in line.subpaths.enumerated() { out.append(Piece(subpath: i, u0: 0, u1: s.length, whole: true)) }
            return out
        }
        let total = line.subpaths.reduce(0) { $0 + $1.length }
        let s0 = start * total, s1 = end * total
        var a = 0.0
        for (i, s) in line.subpaths.enumerated() {
            let b = a + s.length
            if s.length == 0 {
                // a dot is kept when its position is in the stroked range
                if s0 <= a && a <= s1 { out.append(Piece(subpath: i, u0: 0, u1: 0, whole: true)) }
            } else if s0 <= a && b <= s1 {
                out.append(Piece(subpath: i, u0: 0, u1: s.length, whole: true))
            } else {
                let u0 = max(s0 - a, 0), u1 = min(s1 - a, s.length)
                if u1 > u0 { out.append(Piece(subpath: i, u0: u0, u1: u1, whole: false)) }
            }
            a = b
        }
        return out
    }

    /// Cuts a piece by the dash pattern, restarting the pattern at the piece's start. On a whole
    /// closed subpath, a dash running over the end continues into the one at the start (one dash
    /// through the start vertex, joined there), and a dash longer than the whole subpath leaves it closed.
    static func dash(_ p: Piece, _ d: StrokeDashes, _ b: inout PieceBuilder, _ e: inout StrokeEmitter) {
        let s = b.line.subpaths[p.subpath]
        let holdFirst = p.whole && s.closed
        var first: (Double, Double)?
        var pending: (Double, Double)?
        var idx = d.startIndex, rem = d.startRemaining, pos = p.u0
        let count = d.lengths.count
        // bounded by maxDashes through the estimate above; the guard only protects against rounding
        var budget = 4 * maxDashes + 4 * count
        while budget > 0 {
            budget -= 1
            let stop = pos + rem
            if idx % 2 == 0 {
                let dash = (pos, min(stop, p.u1))
                if holdFirst && first == nil && pending == nil && pos == p.u0 {
                    first = dash
                } else {
                    if let q = pending { b.emit(s, q.0, q.1, whole: false, into: &e) }
                    pending = dash
                }
            }
            if stop >= p.u1 || e.points >= maxPoints { break }
            pos = stop
            idx = idx + 1 == count ? 0 : idx + 1
            rem = d.lengths[idx]
        }
        if let f = first {
            if let q = pending {
                if q.1 >= p.u1 {
                    b.emit(s, q.0, p.u1 + f.1, whole: false, into: &e)
                } else {
                    b.emit(s, q.0, q.1, whole: false, into: &e)
                    b.emit(s, f.0, f.1, whole: false, into: &e)
                }
            } else {
                b.emit(s, f.0, f.1, whole: f.1 >= p.u1, into: &e)
            }
        } else if let q = pending {
            b.emit(s, q.0, q.1, whole: false, into: &e)
        }
    }
}

/// Copies a stretch of the centre line into the emitter's scratch arrays and outlines it.
struct PieceBuilder {
    let line: StrokeCenterline

    /// Outlines [u0, u1] of subpath `s` (u1 may pass the end of a closed subpath and continue from
    /// its start); `whole`: the entire subpath, closed or open as it is.
    func emit(_ s: StrokeSubpath, _ u0: Double, _ u1: Double, whole: Bool, into e: inout StrokeEmitter) {
        let m = s.closed ? s.count : s.count - 1
        guard m > 0 else { return }
        if whole {
            load(s, from: 0, to: m - 1, f0: 0, f1: 1, into: &e, closed: s.closed)
            if s.closed { e.closedPiece(s.count) } else { e.openPiece(s.count) }
            return
        }
        let wraps = s.closed && u1 > s.length
        let segs = wraps ? 2 * m : m
        if u1 <= u0 {
            // a zero-length dash: a dot across the segment it lies on
            let k = min(locate(s, m, segs, u0, start: true), m - 1)
            let i = s.first + k
            let f = min(max((u0 - line.arcAt[i]) / line.measured[i], 0), 1)
            let j = next(s, k)
            let t = tangent(i, f)
            e.dot(line.xs[i] + f * (line.xs[j] - line.xs[i]), line.ys[i] + f * (line.ys[j] - line.ys[i]), t.0, t.1)
            return
        }
        let j0 = locate(s, m, segs, u0, start: true)
        let j1 = max(locate(s, m, segs, u1, start: false), j0)
        let f0 = min(max((u0 - arc(s, m, j0)) / line.measured[s.first + j0 % m], 0), 1)
        let f1 = min(max((u1 - arc(s, m, j1)) / line.measured[s.first + j1 % m], 0), 1)
        load(s, from: j0, to: j1, f0: f0, f1: f1, into: &e, closed: false)
        e.openPiece(j1 - j0 + 2)
    }

    /// Arc length at the start of virtual segment k (k ≥ m: the second time round a closed subpath).
    @inline(__always)
    private func arc(_ s: StrokeSubpath, _ m: Int, _ k: Int) -> Double {
        k < m ? line.arcAt[s.first + k] : line.arcAt[s.first + k - m] + s.length
    }

    /// The point index after segment k's start (the first point after the last of a closed subpath).
    @inline(__always)
    private func next(_ s: StrokeSubpath, _ k: Int) -> Int {
        k + 1 == s.count ? s.first : s.first + k + 1
    }

    /// The virtual segment holding arc length u: for a start, the last segment starting at or
    /// before u; for an end, the last one starting before u (a stretch ending on a vertex ends
    /// on the segment that reaches it).
    private func locate(_ s: StrokeSubpath, _ m: Int, _ segs: Int, _ u: Double, start: Bool) -> Int {
        var lo = 0, hi = segs - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            let a = arc(s, m, mid)
            if start ? a <= u : a < u { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The path's unit tangent at fraction f of segment i: its end tangents blended (a chord is
    /// short enough that the blend is within the tolerance's reach of the curve's own), the chord's
    /// direction where they cancel.
    @inline(__always)
    private func tangent(_ i: Int, _ f: Double) -> (Double, Double) {
        if f == 0 { return (line.tsx[i], line.tsy[i]) }
        if f == 1 { return (line.tex[i], line.tey[i]) }
        let t = StrokeCenterline.unit(line.tsx[i] + f * (line.tex[i] - line.tsx[i]), line.tsy[i] + f * (line.tey[i] - line.tsy[i]))
        return t.0.isNaN ? (line.dx[i], line.dy[i]) : t
    }

    /// Fills the scratch arrays with virtual segments j0…j1, the first starting at fraction f0 and
    /// the last ending at fraction f1; a closed load takes the whole subpath (points only, as the
    /// closing segment comes back to the first).
    private func load(_ s: StrokeSubpath, from j0: Int, to j1: Int, f0: Double, f1: Double,
                      into e: inout StrokeEmitter, closed: Bool) {
        let m = s.closed ? s.count : s.count - 1
        e.px.removeAll(keepingCapacity: true); e.py.removeAll(keepingCapacity: true)
        e.sdx.removeAll(keepingCapacity: true); e.sdy.removeAll(keepingCapacity: true)
        e.slen.removeAll(keepingCapacity: true); e.smooth.removeAll(keepingCapacity: true)
        e.tsx.removeAll(keepingCapacity: true); e.tsy.removeAll(keepingCapacity: true)
        e.tex.removeAll(keepingCapacity: true); e.tey.removeAll(keepingCapacity: true)
        let h2 = 2 * e.h
        for k in j0...j1 {
            let i = s.first + k % m
            let j = next(s, k % m)
            let a = k == j0 ? f0 : 0
            let b = k == j1 ? f1 : 1
            if k == j0 {
                if a == 0 {
                    e.px.append(line.xs[i]); e.py.append(line.ys[i])
                } else {
                    e.px.append(line.xs[i] + a * (line.xs[j] - line.xs[i])); e.py.append(line.ys[i] + a * (line.ys[j] - line.ys[i]))
                }
                e.smooth.append(a == 0 && line.smooth[i])
            }
            let cx = line.dx[i], cy = line.dy[i], len = line.chord[i] * (b - a)
            e.sdx.append(cx); e.sdy.append(cy); e.slen.append(len)
            // the tangents at the segment's ends, unless the chord is too short (for its angle to
            // them) to hold the correction's triangles: then the chord's direction
            var (sx, sy) = tangent(i, a), (tx, ty) = tangent(i, b)
            if !(cx * sx + cy * sy > 0 && h2 * abs(cx * sy - cy * sx) <= len) { sx = cx; sy = cy }
            if !(cx * tx + cy * ty > 0 && h2 * abs(cx * ty - cy * tx) <= len) { tx = cx; ty = cy }
            e.tsx.append(sx); e.tsy.append(sy); e.tex.append(tx); e.tey.append(ty)
            if closed && k == j1 { break }  // the closing segment returns to the first point
            if b == 1 {
                e.px.append(line.xs[j]); e.py.append(line.ys[j])
            } else {
                e.px.append(line.xs[i] + b * (line.xs[j] - line.xs[i])); e.py.append(line.ys[i] + b * (line.ys[j] - line.ys[i]))
            }
            e.smooth.append(b == 1 && line.smooth[j])
        }
    }
}
