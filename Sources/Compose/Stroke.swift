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
        guard let line = StrokeCenterline(path, tolerance: tol, measure: trimmed || dashes != nil, halfWidth: h) else { return Path() }

        let pieces = Stroker.pieces(line, start: start, end: end, trimmed: trimmed)
        var openPieces = Double(pieces.count)
        if let d = dashes {
            // entries walked ≈ (length / period + 1) per piece and entry; about half of them dashes
            var entries = 0.0
            for p in pieces { entries += ((p.u1 - p.u0) / d.period + 1) * Double(d.lengths.count) }
            if entries <= 2 * Double(maxDashes) { openPieces = entries / 2 } else { dashes = nil }
        }

        var e = StrokeEmitter(style: style, tolerance: tol, vertices: line.nodes.count)
        // reserve the outline once (growing a large array copies it and maps fresh pages each time):
        // two points per centre-line point, plus two caps and a few corrections per piece
        let capPoints = style.cap == .round ? e.capSteps + 1 : 3
        e.out.reserveCapacity(min(2 * line.nodes.count + Int(openPieces) * (2 * capPoints + 6) + 64, maxPoints))
        let b = PieceBuilder(line: line)
        for p in pieces {
            guard e.points < maxPoints else { break }
            let s = line.subpaths[p.subpath]
            if s.count == 1 {
                // a zero-length subpath: a dot or a square along x (nothing with butt caps), drawn
                // when the dash pattern is on at its start
                if let d = dashes, d.startIndex % 2 == 1 { continue }
                e.dot(line.nodes[s.first].x, line.nodes[s.first].y, 1, 0)
            } else if let d = dashes {
                dash(p, d, b, &e)
            } else {
                b.emit(s, p.u0, p.u1, whole: p.whole, into: &e)
            }
        }
        guard e.finite else { return Path() }
        return Path(e.out)
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
    static func dash(_ p: Piece, _ d: StrokeDashes, _ b: PieceBuilder, _ e: inout StrokeEmitter) {
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

/// Outlines stretches of the centre line: a whole subpath straight from its nodes, a part of one
/// through the emitter's scratch nodes (its end nodes cut inside segments).
struct PieceBuilder {
    let line: StrokeCenterline

    /// Outlines [u0, u1] of subpath `s` (u1 may pass the end of a closed subpath and continue from
    /// its start); `whole`: the entire subpath, closed or open as it is.
    func emit(_ s: StrokeSubpath, _ u0: Double, _ u1: Double, whole: Bool, into e: inout StrokeEmitter) {
        let m = s.closed ? s.count : s.count - 1
        guard m > 0 else { return }
        if whole {
            line.nodes.withUnsafeBufferPointer { all in
                let nd = UnsafeBufferPointer(rebasing: all[s.first..<(s.first + s.count)])
                if s.closed { e.closedPiece(nd, s.count) } else { e.openPiece(nd, s.count) }
            }
            return
        }
        let wraps = s.closed && u1 > s.length
        let segs = wraps ? 2 * m : m
        if u1 <= u0 {
            // a zero-length dash: a dot across the segment it lies on
            let k = min(locate(s, m, segs, u0, start: true), m - 1)
            let node = line.nodes[s.first + k]
            let f = min(max((u0 - node.arc) / node.measured, 0), 1)
            let p = point(s, k, f)
            let t = tangent(node, f)
            e.dot(p.0, p.1, t.0, t.1)
            return
        }
        let j0 = locate(s, m, segs, u0, start: true)
        let j1 = max(locate(s, m, segs, u1, start: false), j0)
        let f0 = min(max((u0 - arc(s, m, j0)) / line.nodes[s.first + j0 % m].measured, 0), 1)
        let f1 = min(max((u1 - arc(s, m, j1)) / line.nodes[s.first + j1 % m].measured, 0), 1)
        load(s, from: j0, to: j1, f0: f0, f1: f1, into: &e)
        let n = j1 - j0 + 2
        let nodes = e.scratch
        nodes.withUnsafeBufferPointer { e.openPiece($0, n) }
    }

    /// Arc length at the start of virtual segment k (k ≥ m: the second time round a closed subpath).
    @inline(__always)
    private func arc(_ s: StrokeSubpath, _ m: Int, _ k: Int) -> Double {
        k < m ? line.nodes[s.first + k].arc : line.nodes[s.first + k - m].arc + s.length
    }

    /// The point at fraction f of segment k of subpath s.
    @inline(__always)
    private func point(_ s: StrokeSubpath, _ k: Int, _ f: Double) -> (Double, Double) {
        let a = line.nodes[s.first + k], b = line.nodes[k + 1 == s.count ? s.first : s.first + k + 1]
        if f == 0 { return (a.x, a.y) }
        if f == 1 { return (b.x, b.y) }
        return (a.x + f * (b.x - a.x), a.y + f * (b.y - a.y))
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

    /// The path's unit tangent at fraction f of a segment: its end tangents blended (a chord is
    /// short enough that the blend is within the tolerance's reach of the curve's own), the chord's
    /// direction where they cancel.
    @inline(__always)
    private func tangent(_ n: StrokeNode, _ f: Double) -> (Double, Double) {
        if f == 0 { return (n.tsx, n.tsy) }
        if f == 1 { return (n.tex, n.tey) }
        let t = StrokeCenterline.unit(n.tsx + f * (n.tex - n.tsx), n.tsy + f * (n.tey - n.tsy))
        return t.0.isNaN ? (n.dx, n.dy) : t
    }

    /// Fills the scratch nodes with virtual segments j0…j1, the first starting at fraction f0 and
    /// the last ending at fraction f1, then the end point.
    private func load(_ s: StrokeSubpath, from j0: Int, to j1: Int, f0: Double, f1: Double, into e: inout StrokeEmitter) {
        let m = s.closed ? s.count : s.count - 1
        let h2 = 2 * e.h
        e.scratch.removeAll(keepingCapacity: true)
        for k in j0...j1 {
            var node = line.nodes[s.first + k % m]
            guard k == j0 || k == j1 else { e.scratch.append(node); continue }
            let a = k == j0 ? f0 : 0, b = k == j1 ? f1 : 1
            let p = point(s, k % m, a)
            node.x = p.0; node.y = p.1
            node.chord *= b - a
            if a > 0 { node.smooth = false }
            // the tangents at the stretch's ends, kept where the shorter chord still allows
            var (sx, sy) = tangent(line.nodes[s.first + k % m], a), (tx, ty) = tangent(line.nodes[s.first + k % m], b)
            if !StrokeCenterline.keeps(sx, sy, node.dx, node.dy, node.chord, h2) { sx = node.dx; sy = node.dy }
            if !StrokeCenterline.keeps(tx, ty, node.dx, node.dy, node.chord, h2) { tx = node.dx; ty = node.dy }
            node.tsx = sx; node.tsy = sy; node.tex = tx; node.tey = ty
            e.scratch.append(node)
        }
        let p = point(s, j1 % m, f1)
        var end = StrokeNode(p.0, p.1, smooth: false)
        if f1 == 1 { end.smooth = line.nodes[k1Next(s, j1 % m)].smooth }
        e.scratch.append(end)
    }

    @inline(__always)
    private func k1Next(_ s: StrokeSubpath, _ k: Int) -> Int { k + 1 == s.count ? s.first : s.first + k + 1 }
}
