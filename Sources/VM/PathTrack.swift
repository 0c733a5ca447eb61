// A path as the track of a keyframe animation (CAKeyframeAnimation.path): its drawing segments
// (lines, quadratic and cubic curves; a close is a line back to the subpath's start; moves only
// begin subpaths), each a keyframe, with points and tangents by segment parameter and positions by
// distance along the whole track (for the paced modes), measured on a 32-line flattening.

import CalcCore
import Foundation

struct PathTrack {
    enum Segment {
        case line(Point, Point)
        case quad(Point, Point, Point)
        case cubic(Point, Point, Point, Point)
    }

    let segments: [Segment]
    /// Cumulative length at the start of each segment, and the flattened lengths within each.
    let starts: [Double]
    let tables: [[Double]]
    let length: Double
    static let steps = 32

    /// nil for a path with nothing to follow (no segments).
    init?(_ path: BezierPath) {
        var segs: [Segment] = []
        var current = Point(0, 0), subpathStart = Point(0, 0)
        for e in path.elements {
            switch e {
            case .move(let p): current = p; subpathStart = p
            case .line(let p): segs.append(.line(current, p)); current = p
            case .quad(let c, let p): segs.append(.quad(current, c, p)); current = p
            case .cubic(let c1, let c2, let p): segs.append(.cubic(current, c1, c2, p)); current = p
            case .close:
                if current != subpathStart { segs.append(.line(current, subpathStart)) }
                current = subpathStart
            }
        }
        guard !segs.isEmpty, segs.count <= 100_000 else { return nil }
        segments = segs
        var starts: [Double] = [], tables: [[Double]] = []
        var total = 0.0
        for s in segs {
            starts.append(total)
            var acc = [0.0]
            var prev = PathTrack.point(s, 0)
            for k in 1...PathTrack.steps {
                let q = PathTrack.point(s, Double(k) / Double(PathTrack.steps))
                acc.append(acc[k - 1] + ((q.x - prev.x) * (q.x - prev.x) + (q.y - prev.y) * (q.y - prev.y)).squareRoot())
                prev = q
            }
            tables.append(acc)
            total += acc[PathTrack.steps]
        }
        self.starts = starts
        self.tables = tables
        self.length = total.isFinite ? total : 0
    }

    var start: Point { PathTrack.point(segments[0], 0) }
    var end: Point { PathTrack.point(segments[segments.count - 1], 1) }

    static func point(_ s: Segment, _ u: Double) -> Point {
        let v = 1 - u
        switch s {
        case let .line(a, b): return Point(a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u)
        case let .quad(a, c, b):
            return Point(v * v * a.x + 2 * v * u * c.x + u * u * b.x, v * v * a.y + 2 * v * u * c.y + u * u * b.y)
        case let .cubic(a, c1, c2, b):
            let w0 = v * v * v, w1 = 3 * v * v * u, w2 = 3 * v * u * u, w3 = u * u * u
            return Point(w0 * a.x + w1 * c1.x + w2 * c2.x + w3 * b.x, w0 * a.y + w1 * c1.y + w2 * c2.y + w3 * b.y)
        }
    }

    /// The derivative's direction; where it vanishes (a control point on an end), the chord's.
    static func tangent(_ s: Segment, _ u: Double) -> (Double, Double) {
        let v = 1 - u
        var d: (Double, Double)
        switch s {
        case let .line(a, b): d = (b.x - a.x, b.y - a.y)
        case let .quad(a, c, b):
            d = (2 * v * (c.x - a.x) + 2 * u * (b.x - c.x), 2 * v * (c.y - a.y) + 2 * u * (b.y - c.y))
        case let .cubic(a, c1, c2, b):
            d = (3 * v * v * (c1.x - a.x) + 6 * v * u * (c2.x - c1.x) + 3 * u * u * (b.x - c2.x),
                 3 * v * v * (c1.y - a.y) + 6 * v * u * (c2.y - c1.y) + 3 * u * u * (b.y - c2.y))
        }
        if d.0 * d.0 + d.1 * d.1 < 1e-24 {
            let a = point(s, 0), b = point(s, 1)
            d = (b.x - a.x, b.y - a.y)
        }
        return d
    }

    /// The point and direction (radians from +x, in the layer's y-down coordinates) at (segment, u).
    func sample(_ at: (segment: Int, u: Double)) -> (point: Point, angle: Double) {
        let s = segments[min(segments.count - 1, max(0, at.segment))]
        let d = PathTrack.tangent(s, at.u)
        return (PathTrack.point(s, at.u), Foundation.atan2(d.1, d.0))
    }

    /// The segment and parameter `distance` along the track (clamped to its ends).
    func locate(distance: Double) -> (segment: Int, u: Double) {
        guard length > 0 else { return (0, 0) }
        let d = min(length, max(0, distance))
        var i = segments.count - 1
        while i > 0, starts[i] > d { i -= 1 }
        let local = d - starts[i]
        let table = tables[i]
        var k = 0
        while k + 1 < PathTrack.steps, table[k + 1] < local { k += 1 }
        let span = table[k + 1] - table[k]
        let frac = span > 0 ? min(1, max(0, (local - table[k]) / span)) : 0
        return (i, (Double(k) + frac) / Double(PathTrack.steps))
    }
}
