// Stroke outlines checked by area and extent against hand-computed values: the outline is filled
// with the non-zero rule, so the tests measure the exact area of {p : winding(p) ≠ 0} of the output
// polygons (a vertical-slab sweep, independent of the outliner), not a sum of signed areas.

import CalcCore
@testable import Compose
import DisplayList
import XCTest

/// Area of the points of non-zero winding of `path`'s polygons (lines only; every contour closed).
/// Between consecutive x events (vertices and edge crossings) no two edges cross, so the covered
/// length along a vertical line is linear in x and its value at the slab's middle gives the area.
func nonZeroArea(_ path: Path) -> Double {
    var edges: [(Double, Double, Double, Double)] = []
    var sx = 0.0, sy = 0.0, cx = 0.0, cy = 0.0, open = false
    for e in path.elements {
        switch e {
        case .move(let p):
            if open && (cx != sx || cy != sy) { edges.append((cx, cy, sx, sy)) }
            sx = p.x; sy = p.y; cx = p.x; cy = p.y; open = true
        case .line(let p):
            edges.append((cx, cy, p.x, p.y)); cx = p.x; cy = p.y
        case .close:
            if cx != sx || cy != sy { edges.append((cx, cy, sx, sy)) }
            cx = sx; cy = sy; open = false
        default:
            XCTFail("unexpected element \(e)")
        }
    }
    if open && (cx != sx || cy != sy) { edges.append((cx, cy, sx, sy)) }
    var xs: [Double] = []
    for e in edges { xs.append(e.0); xs.append(e.2) }
    for i in edges.indices {
        for j in (i + 1)..<edges.count {
            let a = edges[i], b = edges[j]
            let rx = a.2 - a.0, ry = a.3 - a.1, qx = b.2 - b.0, qy = b.3 - b.1
            let den = rx * qy - ry * qx
            guard den != 0 else { continue }
            let t = ((b.0 - a.0) * qy - (b.1 - a.1) * qx) / den
            let u = ((b.0 - a.0) * ry - (b.1 - a.1) * rx) / den
            if t > 0 && t < 1 && u > 0 && u < 1 { xs.append(a.0 + t * rx) }
        }
    }
    xs.sort()
    var area = 0.0
    var crossings: [(Double, Int)] = []
    for k in 1..<max(xs.count, 1) where xs[k] > xs[k - 1] {
        let xm = (xs[k] + xs[k - 1]) / 2
        crossings.removeAll(keepingCapacity: true)
        for e in edges where min(e.0, e.2) < xm && xm < max(e.0, e.2) {
            let y = e.1 + (xm - e.0) / (e.2 - e.0) * (e.3 - e.1)
            crossings.append((y, e.2 > e.0 ? 1 : -1))
        }
        crossings.sort { $0.0 < $1.0 }
        var w = 0, covered = 0.0, prev = 0.0
        for c in crossings {
            if w != 0 { covered += c.0 - prev }
            w += c.1; prev = c.0
        }
        area += covered * (xs[k] - xs[k - 1])
    }
    return area
}

/// Number of contours (moves) in an outline.
func contours(_ p: Path) -> Int { p.elements.filter { if case .move = $0 { return true } else { return false } }.count }

/// Bounding box of an outline's points.
func extent(_ p: Path) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
    var b = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
    for e in p.elements {
        switch e {
        case .move(let q), .line(let q): b = (min(b.0, q.x), min(b.1, q.y), max(b.2, q.x), max(b.3, q.y))
        default: break
        }
    }
    return b
}

/// |Sum of the contours' signed areas| (lines only): the area counted as often as it is wound.
/// It equals nonZeroArea exactly when no point is wound twice, which the rasterizer needs: it
/// accumulates signed area per pixel and applies the fill rule after (docs/rendering.md).
func woundArea(_ path: Path) -> Double {
    var sum = 0.0, sx = 0.0, sy = 0.0, cx = 0.0, cy = 0.0
    for e in path.elements {
        switch e {
        case .move(let p):
            sum += cx * sy - sx * cy
            sx = p.x; sy = p.y; cx = p.x; cy = p.y
        case .line(let p):
            sum += cx * p.y - p.x * cy; cx = p.x; cy = p.y
        case .close:
            sum += cx * sy - sx * cy; cx = sx; cy = sy
        default:
            XCTFail("unexpected element \(e)")
        }
    }
    sum += cx * sy - sx * cy
    return abs(sum / 2)
}

func polyline(_ pts: [(Double, Double)], closed: Bool = false) -> Path {
    var p = Path()
    p.move(to: Point(pts[0].0, pts[0].1))
    for q in pts.dropFirst() { p.addLine(to: Point(q.0, q.1)) }
    if closed { p.closeSubpath() }
    return p
}

func stroke(_ p: Path, _ style: StrokeStyle, tolerance: Double = 0.01) -> Path {
    Stroker.outline(p.elements[...], style: style, tolerance: tolerance)
}

final class StrokeTests: XCTestCase {
    let line100 = polyline([(0, 0), (100, 0)])

    func testCapsOfAnOpenSegment() {
        // L·w, L·w + w² (half a width square added at each end), L·w + πw²/4 (two half discs)
        let w = 10.0
        XCTAssertEqual(nonZeroArea(stroke(line100, StrokeStyle(width: w, cap: .butt))), 1000, accuracy: 1e-9)
        XCTAssertEqual(nonZeroArea(stroke(line100, StrokeStyle(width: w, cap: .square))), 1100, accuracy: 1e-9)
        // the half discs are polygons within the tolerance 0.01: at most perimeter × 0.01 less
        let round = nonZeroArea(stroke(line100, StrokeStyle(width: w, cap: .round)))
        XCTAssertLessThanOrEqual(round, 1000 + Double.pi * 25 + 1e-9)
        XCTAssertGreaterThan(round, 1000 + Double.pi * 25 - Double.pi * w * 0.01)
        let b = extent(stroke(line100, StrokeStyle(width: w, cap: .round)))
        XCTAssertEqual(b.minX, -5, accuracy: 1e-9); XCTAssertEqual(b.maxX, 105, accuracy: 1e-9)
        XCTAssertEqual(b.minY, -5, accuracy: 1e-9); XCTAssertEqual(b.maxY, 5, accuracy: 1e-9)
    }

    func testClosedSquareRingAndItsJoins() {
        // side 100, width 10: the ring between squares of side 110 and 90 is 4·S·w = 4000 with
        // miters; a bevel cuts a right triangle of legs w/2 off each outer corner (w²/8 = 12.5); a
        // round join replaces a (w/2)² square by a quarter disc
        let square = polyline([(0, 0), (100, 0), (100, 100), (0, 100)], closed: true)
        let miter = stroke(square, StrokeStyle(width: 10, join: .miter))
        XCTAssertEqual(nonZeroArea(miter), 4000, accuracy: 1e-9)
        XCTAssertEqual(contours(miter), 2)     // closed: no caps, two rings
        XCTAssertEqual(nonZeroArea(stroke(square, StrokeStyle(width: 10, cap: .round, join: .bevel))), 4000 - 4 * 12.5, accuracy: 1e-9)
        let round = nonZeroArea(stroke(square, StrokeStyle(width: 10, join: .round)))
        XCTAssertEqual(round, 4000 - 4 * 25 * (1 - Double.pi / 4), accuracy: 4 * (Double.pi / 2 * 5) * 0.01)
        // the same square drawn with its last side explicit (the close adds a zero-length segment)
        let explicit = polyline([(0, 0), (100, 0), (100, 100), (0, 100), (0, 0)], closed: true)
        XCTAssertEqual(nonZeroArea(stroke(explicit, StrokeStyle(width: 10))), 4000, accuracy: 1e-9)
        // an open square path gets caps and no join at its start: one butt end on each side of (0, 0)
        let openSquare = polyline([(0, 0), (100, 0), (100, 100), (0, 100), (0, 0)])
        XCTAssertEqual(nonZeroArea(stroke(openSquare, StrokeStyle(width: 10))), 4000 - 25, accuracy: 1e-9)
    }

    func testRightAngleCornerMiterVersusBevel() {
        // two 100-long rectangles of width 10 overlapping in a 5×5 square at the inner corner
        // (1975), plus the outer 5×5 square for a miter, half of it for a bevel (w²/8)
        let corner = polyline([(0, 0), (100, 0), (100, 100)])
        let miter = nonZeroArea(stroke(corner, StrokeStyle(width: 10, join: .miter)))
        let bevel = nonZeroArea(stroke(corner, StrokeStyle(width: 10, join: .bevel)))
        XCTAssertEqual(miter, 2000, accuracy: 1e-9)
        XCTAssertEqual(bevel, 1987.5, accuracy: 1e-9)
        XCTAssertEqual(miter - bevel, 100.0 / 8, accuracy: 1e-9)
        // the same corner turning the other way (mirrored) gives the same areas
        let mirrored = polyline([(0, 0), (100, 0), (100, -100)])
        XCTAssertEqual(nonZeroArea(stroke(mirrored, StrokeStyle(width: 10, join: .miter))), 2000, accuracy: 1e-9)
        XCTAssertEqual(nonZeroArea(stroke(mirrored, StrokeStyle(width: 10, join: .bevel))), 1987.5, accuracy: 1e-9)
        // a short second segment (shorter than the half width) still fills the inner corner correctly:
        // rect 100×10 ∪ rect 10×3 (x 95…105, y 0…3) ∪ miter square 5×5 = 1000 + 5·3 + 25
        let short = polyline([(0, 0), (100, 0), (100, 3)])
        XCTAssertEqual(nonZeroArea(stroke(short, StrokeStyle(width: 10, join: .miter))), 1040, accuracy: 1e-9)
    }

    func testInnerCornersAreWoundOnce() {
        // the right angle above: its two rectangles overlap in a 5×5 square inside the corner,
        // which the outline winds once (the offsets meet where they cross), so the wound area is
        // the union's (joined straight across the corner the overlap's outer half was wound
        // twice: 2012.5; through the vertex, all of it: 2025)
        let round = 2000 - 25 * (1 - Double.pi / 4)
        for (pts, name) in [([(0.0, 0.0), (100, 0), (100, 100)], "right turn"), ([(0, 0), (100, 0), (100, -100)], "left turn")] {
            let corner = polyline(pts)
            for (join, area, slack) in [(LineJoin.miter, 2000.0, 1e-9), (.bevel, 1987.5, 1e-9), (.round, round, Double.pi * 5 / 2 * 0.01)] {
                let o = stroke(corner, StrokeStyle(width: 10, join: join))
                XCTAssertEqual(nonZeroArea(o), area, accuracy: slack, "\(name) \(join)")
                XCTAssertEqual(woundArea(o), nonZeroArea(o), accuracy: 1e-9, "\(name) \(join)")
            }
        }
        // a closed square's inner ring, and a 60° zigzag (turns of 120°: the offsets meet
        // h·tan 60° = 8.66 from each vertex, well inside sides of 100)
        let square = polyline([(0, 0), (100, 0), (100, 100), (0, 100)], closed: true)
        XCTAssertEqual(woundArea(stroke(square, StrokeStyle(width: 10))), 4000, accuracy: 1e-9)
        let zig = polyline([(0, 0), (50, 86.60254037844386), (100, 0), (150, 86.60254037844386)])
        let z = stroke(zig, StrokeStyle(width: 10, join: .bevel))
        XCTAssertEqual(woundArea(z), nonZeroArea(z), accuracy: 1e-9)
        // inside a curve: a circle of radius 50 stroked 10 wide is the ring π(55² − 45²) within the
        // flattening's reach, every point wound once (joined across, each chord's inner corner
        // left a sliver wound twice)
        var circle = Path()
        circle.move(to: Point(50, 0)); circle.addArc(center: Point(0, 0), radius: 50, startAngle: 0, sweep: 2 * Double.pi)
        circle.closeSubpath()
        let ring = stroke(circle, StrokeStyle(width: 10))
        XCTAssertEqual(nonZeroArea(ring), 1000 * Double.pi, accuracy: 2 * Double.pi * 55 * 0.01)
        XCTAssertEqual(woundArea(ring), nonZeroArea(ring), accuracy: 1e-9)
        // where the offsets would meet past the middle of a side they are still joined through the
        // vertex: the area stays right, the overlap is wound twice (a 2 × 10 side after a right angle)
        let stub = stroke(polyline([(0, 0), (100, 0), (100, 2), (200, 2)]), StrokeStyle(width: 10, join: .bevel))
        XCTAssertGreaterThan(woundArea(stub), nonZeroArea(stub) + 1)
    }

    func testStrokeEndsJustBeforeOrAfterAnInnerCornerAreWoundOnce() {
        // the corner (0, 0)–(100, 0)–(100, 100), width 5, butt ends: strokeStart 0.488 starts the
        // stroke 2.4 before the corner, inside the band of the second side (h = 2.5): the 2.4 × 5
        // rectangle ∪ the 5 × 100 one, less their 2.4 × 2.5 overlap, plus the 2.5 × 2.5 miter
        // square: 12 + 500 − 6 + 6.25 = 512.25, every point wound once (the overlap was twice)
        for (pts, name) in [([(0.0, 0.0), (100, 0), (100, 100)], "right turn"), ([(0, 0), (100, 0), (100, -100)], "left turn")] {
            let corner = polyline(pts)
            let late = stroke(corner, StrokeStyle(width: 5, start: 0.488))
            XCTAssertEqual(nonZeroArea(late), 512.25, accuracy: 1e-9, name)
            XCTAssertEqual(woundArea(late), 512.25, accuracy: 1e-9, name)
            // strokeEnd 0.512 ends it 2.4 after the corner: the same figures mirrored
            let early = stroke(corner, StrokeStyle(width: 5, end: 0.512))
            XCTAssertEqual(nonZeroArea(early), 512.25, accuracy: 1e-9, name)
            XCTAssertEqual(woundArea(early), 512.25, accuracy: 1e-9, name)
            // bevelled: less the half of the miter square outside the bevel (3.125)
            XCTAssertEqual(woundArea(stroke(corner, StrokeStyle(width: 5, join: .bevel, start: 0.488))), 509.125, accuracy: 1e-9, name)
            // a dash [97.6, 102.4] across the corner, both of its sides shorter than h: the union
            // 12 + 12 − 2.4 × 2.4 + 6.25 is right, its overlap still wound twice (no side holds the other)
            let dash = stroke(corner, StrokeStyle(width: 5, dashes: [4.8, 195.2], dashPhase: 102.4))
            XCTAssertEqual(nonZeroArea(dash), 24.49, accuracy: 1e-9, name)
        }
        // further than h·tan(turn/2) from the corner nothing changes: 2.6 before it, the two
        // rectangles overlap as usual and the offsets meet within both
        let far = stroke(polyline([(0, 0), (100, 0), (100, 100)]), StrokeStyle(width: 5, start: 0.487))
        XCTAssertEqual(nonZeroArea(far), 13 + 500 - 6.25 + 6.25, accuracy: 1e-9)
        XCTAssertEqual(woundArea(far), nonZeroArea(far), accuracy: 1e-9)
    }

    func testAnOutlineCoversTheUnionOfItsSegmentsAndJoins() {
        // random polylines, trimmed: the outline's non-zero area equals that of the stroke built
        // independently here, one rectangle per segment of the trimmed polyline (cut by arc length)
        // plus the bevel triangle or miter quadrilateral outside each turn, so the corner handling
        // never drops or adds area
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for i in 0..<150 {
            var pts: [(Double, Double)] = []
            for _ in 0..<(3 + Int(next() * 3)) { pts.append(((next() * 60).rounded() / 2, (next() * 60).rounded() / 2)) }
            let join: LineJoin = next() < 0.5 ? .miter : .bevel
            let h = (1 + (next() * 12).rounded()) / 2
            let start = next() < 0.3 ? 0 : (next() * 10).rounded() / 20, end = next() < 0.3 ? 1 : 0.5 + (next() * 10).rounded() / 20
            let o = stroke(polyline(pts), StrokeStyle(width: 2 * h, join: join, start: start, end: end))
            // the trimmed polyline
            var lengths: [Double] = []
            for k in 1..<pts.count { lengths.append(((pts[k].0 - pts[k - 1].0) * (pts[k].0 - pts[k - 1].0) + (pts[k].1 - pts[k - 1].1) * (pts[k].1 - pts[k - 1].1)).squareRoot()) }
            let total = lengths.reduce(0, +)
            var kept: [(Double, Double)] = []
            var acc = 0.0
            for k in 1..<pts.count where lengths[k - 1] > 0 {
                let l = lengths[k - 1], lo = max(start * total, acc), hi = min(end * total, acc + l)
                if hi > lo {
                    let a = pts[k - 1], b = pts[k]
                    if kept.isEmpty { kept.append((a.0 + (b.0 - a.0) * (lo - acc) / l, a.1 + (b.1 - a.1) * (lo - acc) / l)) }
                    kept.append((a.0 + (b.0 - a.0) * (hi - acc) / l, a.1 + (b.1 - a.1) * (hi - acc) / l))
                }
                acc += l
            }
            var ref = Path()
            func polygon(_ q: [(Double, Double)]) {
                var a = 0.0
                for j in q.indices { let u = q[j], v = q[(j + 1) % q.count]; a += u.0 * v.1 - v.0 * u.1 }
                let r = a < 0 ? Array(q.reversed()) : q
                ref.move(to: Point(r[0].0, r[0].1))
                for u in r.dropFirst() { ref.addLine(to: Point(u.0, u.1)) }
                ref.closeSubpath()
            }
            var dirs: [(Double, Double, Double)] = []
            for k in 1..<max(kept.count, 1) {
                let dx = kept[k].0 - kept[k - 1].0, dy = kept[k].1 - kept[k - 1].1, l = (dx * dx + dy * dy).squareRoot()
                guard l > 1e-9 else { continue }
                let ux = dx / l, uy = dy / l, a = kept[k - 1], b = kept[k]
                polygon([(a.0 - uy * h, a.1 + ux * h), (b.0 - uy * h, b.1 + ux * h), (b.0 + uy * h, b.1 - ux * h), (a.0 + uy * h, a.1 - ux * h)])
                dirs.append((ux, uy, 0)); _ = dirs
                if dirs.count > 1 {
                    let p = dirs[dirs.count - 2], cr = p.0 * uy - p.1 * ux, dt = p.0 * ux + p.1 * uy
                    if cr != 0 {
                        // the outer side is the one the path turns away from
                        let s: Double = cr > 0 ? -1 : 1
                        let na = (-p.1 * h * s, p.0 * h * s), nb = (-uy * h * s, ux * h * s)
                        var wedge = [(a.0, a.1), (a.0 + na.0, a.1 + na.1)]
                        if join == .miter && (1 + dt) * 100 >= 2 {
                            wedge.append((a.0 + (na.0 + nb.0) / (1 + dt), a.1 + (na.1 + nb.1) / (1 + dt)))
                        }
                        wedge.append((a.0 + nb.0, a.1 + nb.1))
                        polygon(wedge)
                    }
                }
            }
            let expected = ref.isEmpty ? 0 : nonZeroArea(ref)
            XCTAssertEqual(nonZeroArea(o), expected, accuracy: 1e-7 * max(1, expected), "case \(i): \(pts) \(join) h \(h) \(start)…\(end)")
        }
    }

    func testMiterLimitSwitchesWhereOneOverSinHalfAngleCrossesIt() {
        // a right angle: 1/sin(45°) = √2; a miter at limit ≥ √2, a bevel below
        let corner = polyline([(0, 0), (100, 0), (100, 100)])
        XCTAssertEqual(nonZeroArea(stroke(corner, StrokeStyle(width: 10, miterLimit: 1.4143))), 2000, accuracy: 1e-9)
        XCTAssertEqual(nonZeroArea(stroke(corner, StrokeStyle(width: 10, miterLimit: 1.4142))), 1987.5, accuracy: 1e-9)
        XCTAssertEqual(nonZeroArea(stroke(corner, StrokeStyle(width: 10, miterLimit: 2.0.squareRoot()))), 2000, accuracy: 1e-9)
        // an angle θ between the segments of 60° (1/sin 30° = 2) at limit 2: 61° miters, 59° bevels
        func wedge(_ thetaDeg: Double, limit: Double) -> Path {
            let t = thetaDeg * Double.pi / 180
            // from (100, 0) back along x to the origin then out at angle θ from the first segment
            let c = StableMath.cos(t), s = StableMath.sin(t)
            return stroke(polyline([(100, 0), (0, 0), (100 * c, 100 * s)]), StrokeStyle(width: 10, miterLimit: limit))
        }
        // the miter tip lies h/sin(θ/2) from the vertex along the bisector, behind it (x < 0)
        XCTAssertEqual(extent(wedge(61, limit: 2)).minX, -5 / StableMath.sin(30.5 * Double.pi / 180) * StableMath.cos(30.5 * Double.pi / 180), accuracy: 1e-9)
        XCTAssertGreaterThan(extent(wedge(59, limit: 2)).minX, -5.0)
        XCTAssertGreaterThan(extent(wedge(60.01, limit: 2)).minX, -9)   // the bevel does not reach past h
        XCTAssertLessThan(extent(wedge(60.01, limit: 2)).minX, -8.6)     // (miter at 60°: tip 10 away, x −8.66)
        XCTAssertGreaterThan(extent(wedge(59.99, limit: 2)).minX, -5.0)
    }

    func testDashesOverALine() {
        // [10, 5] over 100: dashes at 0, 15, …, 90, seven of them, 70 long in all
        let d = stroke(line100, StrokeStyle(width: 2, dashes: [10, 5]))
        XCTAssertEqual(contours(d), 7)
        XCTAssertEqual(nonZeroArea(d), 140, accuracy: 1e-9)
        // phase 12 shifts the pattern back: off until 3, then dashes at 3, 18, …, 93 (the last 7 long)
        let p = stroke(line100, StrokeStyle(width: 2, dashes: [10, 5], dashPhase: 12))
        XCTAssertEqual(contours(p), 7)
        XCTAssertEqual(nonZeroArea(p), 2 * (6 * 10 + 7), accuracy: 1e-9)
        XCTAssertEqual(extent(p).minX, 3, accuracy: 1e-9)
        // a negative phase counts back: −3 is 12 in a period of 15
        XCTAssertEqual(stroke(line100, StrokeStyle(width: 2, dashes: [10, 5], dashPhase: -3)), p)
        // an odd pattern repeats as if written twice
        XCTAssertEqual(stroke(line100, StrokeStyle(width: 2, dashes: [10])), stroke(line100, StrokeStyle(width: 2, dashes: [10, 10])))
        XCTAssertEqual(contours(stroke(line100, StrokeStyle(width: 2, dashes: [10]))), 5)
        XCTAssertEqual(stroke(line100, StrokeStyle(width: 2, dashes: [10, 5, 3])),
                       stroke(line100, StrokeStyle(width: 2, dashes: [10, 5, 3, 10, 5, 3])))
        // each dash gets caps: square caps add w²  per dash
        XCTAssertEqual(nonZeroArea(stroke(line100, StrokeStyle(width: 2, cap: .square, dashes: [10, 5]))), 140 + 7 * 4, accuracy: 1e-9)
    }

    func testZeroLengthDashesAreDotsWithRoundCaps() {
        // [0, 10]: a dot every 10 from 0 to 90 (none at the very end, as Skia), π·1² each
        let dots = stroke(line100, StrokeStyle(width: 2, cap: .round, dashes: [0, 10]))
        XCTAssertEqual(contours(dots), 10)
        XCTAssertEqual(nonZeroArea(dots), 10 * Double.pi, accuracy: 10 * 2 * Double.pi * 0.01)
        XCTAssertTrue(stroke(line100, StrokeStyle(width: 2, cap: .butt, dashes: [0, 10])).isEmpty)
    }

    func testSolidWhenThePatternIsNoPattern() {
        let solid = stroke(line100, StrokeStyle(width: 2))
        for bad in [[0.0, 0.0], [-1.0, 5.0], [Double.nan, 3], [Double.infinity, 1], [3, -0.5]] {
            XCTAssertEqual(stroke(line100, StrokeStyle(width: 2, dashes: bad)), solid, "\(bad)")
        }
        // a hostile pattern over a long path: too many dashes, drawn solid rather than as millions of contours
        let long = polyline([(0, 0), (1e6, 0)])
        let hostile = stroke(long, StrokeStyle(width: 2, dashes: [1e-9, 1e-9]))
        XCTAssertEqual(contours(hostile), 1)
        XCTAssertEqual(nonZeroArea(hostile), 2e6, accuracy: 1e-3)
        // a non-finite phase is 0
        XCTAssertEqual(stroke(line100, StrokeStyle(width: 2, dashes: [10, 5], dashPhase: .nan)),
                       stroke(line100, StrokeStyle(width: 2, dashes: [10, 5])))
    }

    func testDashesContinueAcrossJoinsAndThroughTheStartOfAClosedPath() {
        // square of side 100, width 2, miter joins: a dash through a corner covers w·length (the
        // miter square outside the corner makes up for the inner overlap). [30, 20] with phase 10:
        // the first dash is [0, 20], the last [390, 400] runs on into it: one dash [390, 420]
        // through the start corner; 8 dashes of 30, 480 in all (two separate butt pieces at the
        // start corner would cover 479: no miter square, the inner overlap once)
        let square = polyline([(0, 0), (100, 0), (100, 100), (0, 100)], closed: true)
        let d = stroke(square, StrokeStyle(width: 2, dashes: [30, 20], dashPhase: 10))
        XCTAssertEqual(contours(d), 8)
        XCTAssertEqual(nonZeroArea(d), 480, accuracy: 1e-9)
        // the pattern restarts at each subpath: two squares side by side give twice the area
        var two = square
        for e in polyline([(200, 0), (300, 0), (300, 100), (200, 100)], closed: true).elements { two.append(e) }
        XCTAssertEqual(nonZeroArea(stroke(two, StrokeStyle(width: 2, dashes: [30, 20], dashPhase: 10))), 960, accuracy: 1e-9)
        // a dash longer than the path leaves it closed (the same as solid)
        XCTAssertEqual(stroke(square, StrokeStyle(width: 2, dashes: [1000, 10])), stroke(square, StrokeStyle(width: 2)))
    }

    func testStrokeStartAndEnd() {
        // strokeEnd 0.5 of a closed square covers exactly its first two sides, with caps
        let square = polyline([(0, 0), (100, 0), (100, 100), (0, 100)], closed: true)
        let half = stroke(square, StrokeStyle(width: 10, cap: .square, end: 0.5))
        XCTAssertEqual(nonZeroArea(half), nonZeroArea(stroke(polyline([(0, 0), (100, 0), (100, 100)]), StrokeStyle(width: 10, cap: .square))), accuracy: 1e-9)
        XCTAssertEqual(nonZeroArea(half), 2000 + 2 * 50, accuracy: 1e-9)
        // start 0.25, end 0.75: sides 2 and 3
        XCTAssertEqual(nonZeroArea(stroke(square, StrokeStyle(width: 10, start: 0.25, end: 0.75))), 2000, accuracy: 1e-9)
        // start ≥ end strokes nothing; values are clamped to 0…1
        XCTAssertTrue(stroke(square, StrokeStyle(width: 10, start: 0.5, end: 0.5)).isEmpty)
        XCTAssertTrue(stroke(square, StrokeStyle(width: 10, start: 0.7, end: 0.2)).isEmpty)
        XCTAssertEqual(stroke(square, StrokeStyle(width: 10, start: -1, end: 2)), stroke(square, StrokeStyle(width: 10)))
        // the fraction is of all subpaths together: segments of 100 and 300, end 0.5 keeps the
        // first and the first 100 of the second
        var two = polyline([(0, 0), (100, 0)])
        for e in polyline([(0, 50), (300, 50)]).elements { two.append(e) }
        XCTAssertEqual(nonZeroArea(stroke(two, StrokeStyle(width: 2, end: 0.5))), 400, accuracy: 1e-9)
        XCTAssertEqual(extent(stroke(two, StrokeStyle(width: 2, start: 0.5))).minX, 100, accuracy: 1e-9)
        // applied before dashing: the pattern starts where the stroke starts
        XCTAssertEqual(extent(stroke(line100, StrokeStyle(width: 2, dashes: [10, 5], start: 0.33))).minX, 33, accuracy: 1e-9)
        XCTAssertEqual(contours(stroke(line100, StrokeStyle(width: 2, dashes: [10, 5], start: 0.33))), 5)   // 33, 48, 63, 78, 93
    }

    func testArcLengthOfCurves() {
        // a line of 100 then a half circle of radius 50 (length 50π, tangent to the line):
        // strokeEnd at the arc's middle, 100 + 25π along, ends at its point (150, −50), where it
        // runs straight down: the butt end lies on y = −50 (a cut δ later would reach −50 − δ)
        var p = Path()
        p.move(to: Point(0, 0)); p.addLine(to: Point(100, 0))
        p.addArc(center: Point(100, -50), radius: 50, startAngle: Double.pi / 2, sweep: -Double.pi)
        let total = 100 + 50 * Double.pi
        let s = stroke(p, StrokeStyle(width: 2, end: (100 + 25 * Double.pi) / total), tolerance: 0.1)
        XCTAssertEqual(extent(s).minY, -50, accuracy: 1e-9)
        XCTAssertEqual(extent(s).maxX, 151, accuracy: 0.1)
        // a tube's area is its length times its width (butt caps, radius > half width), here
        // the flattened length, about 0.1 short of the true one
        XCTAssertEqual(nonZeroArea(stroke(p, StrokeStyle(width: 2), tolerance: 0.1)), 2 * total, accuracy: 2 * 0.15)
        // a half circle as two cubic Béziers: the measured length against a 200 000-chord polyline
        var c = Path()
        let k = 0.5522847498307936 * 50
        c.move(to: Point(0, 0))
        c.addCurve(to: Point(50, 50), control1: Point(0, k), control2: Point(50 - k, 50))
        c.addCurve(to: Point(100, 0), control1: Point(50 + k, 50), control2: Point(100, k))
        func bez(_ t: Double, _ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> Double {
            let u = 1 - t
            return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
        }
        var reference = 0.0, qx = 0.0, qy = 0.0
        for i in 1...100_000 {
            let t = Double(i) / 100_000
            let x = bez(t, 0, 0, 50 - k, 50), y = bez(t, 0, k, 50, 50)
            reference += ((x - qx) * (x - qx) + (y - qy) * (y - qy)).squareRoot()
            qx = x; qy = y
        }
        reference *= 2     // the second quarter is the first mirrored
        let measured = StrokeCenterline(c.elements[...], tolerance: 0.1, measure: true, halfWidth: 1)!.subpaths[0].length
        XCTAssertEqual(measured, reference, accuracy: 1e-3)
        // (the chords alone fall short by about tolerance/(3·radius) of the length: 0.1 here)
        let chords = StrokeCenterline(c.elements[...], tolerance: 0.1, measure: false, halfWidth: 1)!.subpaths[0].length
        XCTAssertGreaterThan(reference - chords, 0.02)
        // closed, as ellipsePath draws it (four cubic quarters back to the start): twice as long
        var circle = Path()
        circle.move(to: Point(100, 0))
        circle.addCurve(to: Point(50, 50), control1: Point(100, k), control2: Point(50 + k, 50))
        circle.addCurve(to: Point(0, 0), control1: Point(50 - k, 50), control2: Point(0, k))
        circle.addCurve(to: Point(50, -50), control1: Point(0, -k), control2: Point(50 - k, -50))
        circle.addCurve(to: Point(100, 0), control1: Point(50 + k, -50), control2: Point(100, -k))
        circle.closeSubpath()
        XCTAssertEqual(StrokeCenterline(circle.elements[...], tolerance: 0.1, measure: true, halfWidth: 1)!.subpaths[0].length,
                       2 * reference, accuracy: 2e-3)
        // a square whose last side is drawn explicitly before the close measures 400, not 500
        let square = polyline([(0, 0), (100, 0), (100, 100), (0, 100), (0, 0)], closed: true)
        XCTAssertEqual(StrokeCenterline(square.elements[...], tolerance: 0.1, measure: true, halfWidth: 1)!.subpaths[0].length, 400, accuracy: 1e-9)
        XCTAssertEqual(nonZeroArea(stroke(square, StrokeStyle(width: 10, end: 0.5))), 2000, accuracy: 1e-9)
        // arcs are measured exactly
        XCTAssertEqual(StrokeCenterline(p.elements[...], tolerance: 0.1, measure: true, halfWidth: 1)!.subpaths[0].length, total, accuracy: 1e-9)
    }

    func testCurveEndsFollowTheCurvesTangents() {
        // a quarter of a circle of radius 50 about the origin from (50, 0) to (0, 50), width 20,
        // butt caps: each end is square to the circle there, so the outline stays in x ≥ 0, y ≥ 0
        // and reaches both axes (capped along its last chord instead, a corner would poke out by
        // about h × half a chord's angle); the outer edge reaches radius 60 at the ends
        var q = Path()
        q.move(to: Point(50, 0)); q.addArc(center: Point(0, 0), radius: 50, startAngle: 0, sweep: Double.pi / 2)
        let o = stroke(q, StrokeStyle(width: 20), tolerance: 0.1)
        XCTAssertEqual(extent(o).minX, 0, accuracy: 1e-9)
        XCTAssertEqual(extent(o).minY, 0, accuracy: 1e-9)
        XCTAssertEqual(extent(o).maxX, 60, accuracy: 1e-9)
        XCTAssertEqual(extent(o).maxY, 60, accuracy: 1e-9)
        // the annular sector's area, (π/4)(60² − 40²), within the flattening's reach
        XCTAssertEqual(nonZeroArea(o), Double.pi / 4 * 2000, accuracy: (Double.pi / 2 * 100) * 0.1)
        // the same for a cubic quarter circle (its end tangents are the axes' directions)
        var c = Path()
        let k = 0.5522847498307936 * 50
        c.move(to: Point(50, 0)); c.addCurve(to: Point(0, 50), control1: Point(50, k), control2: Point(k, 50))
        let oc = stroke(c, StrokeStyle(width: 20), tolerance: 0.1)
        XCTAssertEqual(extent(oc).minX, 0, accuracy: 1e-9)
        XCTAssertEqual(extent(oc).minY, 0, accuracy: 1e-9)
        // cut inside a chord (strokeEnd 0.37), the end is square to the circle at angle
        // 0.37·π/2: nothing past the radial line there, and the end reaches it
        let cut = stroke(q, StrokeStyle(width: 20, end: 0.37), tolerance: 0.1)
        let alpha = 0.37 * Double.pi / 2, sa = StableMath.sin(alpha), ca = StableMath.cos(alpha)
        var beyond = -Double.infinity
        for e in cut.elements {
            if case .line(let p) = e { beyond = max(beyond, -p.x * sa + p.y * ca) }
            if case .move(let p) = e { beyond = max(beyond, -p.x * sa + p.y * ca) }
        }
        XCTAssertEqual(beyond, 0, accuracy: 0.01)     // (cut along the chord's normal: 0.38)
        // a miter between a line and a curve uses the curve's tangent: the line along +x meets
        // an arc leaving (100, 0) straight down (−y); the tip is the corner (105, 5)
        var m = Path()
        m.move(to: Point(0, 0)); m.addLine(to: Point(100, 0))
        m.addArc(center: Point(150, 0), radius: 50, startAngle: Double.pi, sweep: Double.pi / 2)
        let mo = stroke(m, StrokeStyle(width: 10, join: .miter), tolerance: 0.1)
        XCTAssertTrue(mo.elements.contains { if case .line(let p) = $0 { return abs(p.x - 105) < 1e-9 && abs(p.y - 5) < 1e-9 } else { return false } })
        XCTAssertEqual(extent(mo).maxY, 5, accuracy: 1e-9)
    }

    func testTangentsReplaceChordsOnlyWhereTheCorrectionFits() {
        // the inner cut meets the chord's offset h·tan(angle) from its end: kept while that is on
        // the chord (2h·tan ≤ length) and the angle within 60°
        func at(_ deg: Double) -> (Double, Double) { (StableMath.cos(deg * Double.pi / 180), StableMath.sin(deg * Double.pi / 180)) }
        let (a, b) = at(10), (c, d) = at(59), (e, f) = at(61)
        XCTAssertTrue(StrokeCenterline.keeps(a, b, 1, 0, 10, 8))                                    // 8·tan 10° = 1.41 ≤ 10
        XCTAssertFalse(StrokeCenterline.keeps(a, b, 1, 0, 1.4, 8))                                  // 8·tan 10° = 1.41 > 1.4
        XCTAssertTrue(StrokeCenterline.keeps(c, d, 1, 0, 100, 8))
        XCTAssertFalse(StrokeCenterline.keeps(e, f, 1, 0, 1e6, 8))                                  // past 60°
        XCTAssertFalse(StrokeCenterline.keeps(.nan, .nan, 1, 0, 100, 8))
    }

    func testZeroLengthSubpathsAndDegenerateTurns() {
        // move + line to the same point: a dot with round caps, a w×w square with square caps, nothing with butt
        let dot = polyline([(10, 10), (10, 10)])
        XCTAssertEqual(nonZeroArea(stroke(dot, StrokeStyle(width: 4, cap: .round))), 4 * Double.pi, accuracy: 4 * Double.pi * 0.01)
        XCTAssertEqual(nonZeroArea(stroke(dot, StrokeStyle(width: 4, cap: .square))), 16, accuracy: 1e-9)
        XCTAssertTrue(stroke(dot, StrokeStyle(width: 4, cap: .butt)).isEmpty)
        // move + close is a zero-length subpath too; a lone move draws nothing
        var mc = Path(); mc.move(to: Point(0, 0)); mc.closeSubpath()
        XCTAssertEqual(nonZeroArea(stroke(mc, StrokeStyle(width: 4, cap: .square))), 16, accuracy: 1e-9)
        var lone = Path(); lone.move(to: Point(5, 5))
        XCTAssertTrue(stroke(lone, StrokeStyle(width: 4, cap: .round)).isEmpty)
        // a 180° turn: a miter would be infinitely long, so it bevels (nothing past the vertex);
        // a round join is a half disc there
        let back = polyline([(0, 0), (100, 0), (50, 0)])
        let m = stroke(back, StrokeStyle(width: 10, join: .miter))
        XCTAssertEqual(extent(m).maxX, 100, accuracy: 1e-9)
        XCTAssertEqual(nonZeroArea(m), 1000, accuracy: 1e-9)
        let r = stroke(back, StrokeStyle(width: 10, join: .round))
        XCTAssertEqual(extent(r).maxX, 105, accuracy: 1e-9)
        XCTAssertEqual(nonZeroArea(r), 1000 + 25 * Double.pi / 2, accuracy: Double.pi * 5 * 0.01)
        // collinear points and repeated points join nothing
        let straight = polyline([(0, 0), (30, 0), (30, 0), (60, 0), (100, 0)])
        XCTAssertEqual(nonZeroArea(stroke(straight, StrokeStyle(width: 10))), 1000, accuracy: 1e-9)
        XCTAssertEqual(contours(stroke(straight, StrokeStyle(width: 10))), 1)
    }

    func testElementsWithoutAMoveFollowThePathRules() {
        // a line with no move starts at (0, 0); after a close, at the start of the closed contour
        var p = Path(); p.addLine(to: Point(100, 0))
        XCTAssertEqual(stroke(p, StrokeStyle(width: 2)), stroke(line100, StrokeStyle(width: 2)))
        var q = Path()
        q.move(to: Point(10, 10)); q.addLine(to: Point(20, 10)); q.closeSubpath(); q.addLine(to: Point(10, 50))
        var explicit = Path()
        explicit.move(to: Point(10, 10)); explicit.addLine(to: Point(20, 10)); explicit.closeSubpath()
        explicit.move(to: Point(10, 10)); explicit.addLine(to: Point(10, 50))
        XCTAssertEqual(stroke(q, StrokeStyle(width: 2)), stroke(explicit, StrokeStyle(width: 2)))
        XCTAssertFalse(stroke(q, StrokeStyle(width: 2)).isEmpty)
        // an arc with no contour starts one at its own start point
        var a = Path(); a.addArc(center: Point(0, 0), radius: 10, startAngle: 0, sweep: Double.pi)
        XCTAssertEqual(extent(stroke(a, StrokeStyle(width: 2))).maxX, 11, accuracy: 1e-9)
    }

    func testBadInputDrawsNothingAndNeverTraps() {
        for bad in [Point(.nan, 0), Point(0, .infinity), Point(-.infinity, 1)] {
            var p = Path(); p.move(to: Point(0, 0)); p.addLine(to: bad)
            XCTAssertTrue(stroke(p, StrokeStyle(width: 2)).isEmpty)
        }
        XCTAssertTrue(stroke(line100, StrokeStyle(width: .infinity)).isEmpty)
        XCTAssertTrue(stroke(line100, StrokeStyle(width: .nan)).isEmpty)
        XCTAssertTrue(stroke(line100, StrokeStyle(width: -1)).isEmpty)
        // coordinates whose differences overflow
        XCTAssertTrue(stroke(polyline([(-1e308, 0), (1e308, 0)]), StrokeStyle(width: 2)).isEmpty)
        // a miter limit of infinity on a near-reversal stays finite; NaN bevels
        let spike = polyline([(0, 0), (100, 0), (0, 1e-6)])
        let o = stroke(spike, StrokeStyle(width: 2, miterLimit: .infinity))
        XCTAssertTrue(extent(o).minX.isFinite && extent(o).maxX.isFinite)
        XCTAssertEqual(extent(stroke(polyline([(0, 0), (100, 0), (100, 100)]), StrokeStyle(width: 10, miterLimit: .nan))).maxX, 105, accuracy: 1e-9)
        XCTAssertEqual(nonZeroArea(stroke(polyline([(0, 0), (100, 0), (100, 100)]), StrokeStyle(width: 10, miterLimit: .nan))), 1987.5, accuracy: 1e-9)
        // a zigzag of 20 000 half turns with round joins 10⁵ wide: without a bound each join would
        // take 128 points a side (5 million in all); the outline stays near Stroker.maxPoints
        var zig = Path()
        zig.move(to: Point(0, 0))
        for i in 1...20_000 { zig.addLine(to: Point(Double(i % 2) * 100, Double(i) * 1e-3)) }
        let big = stroke(zig, StrokeStyle(width: 1e5, join: .round), tolerance: 0.1)
        XCTAssertGreaterThan(big.elements.count, 100_000)
        XCTAssertLessThanOrEqual(big.elements.count, Stroker.maxPoints + 100_000)
        // a bad tolerance falls back to the default
        XCTAssertEqual(nonZeroArea(stroke(line100, StrokeStyle(width: 2), tolerance: .nan)), 200, accuracy: 1e-9)
        // the reach used for culling is finite
        XCTAssertEqual(Stroker.reach(StrokeStyle(width: 2, miterLimit: .infinity)), 1e4)
        XCTAssertEqual(Stroker.reach(StrokeStyle(width: 2, cap: .square, join: .bevel)), 2.0.squareRoot())
    }
}

final class StrokeLoweringTests: XCTestCase {
    func shapeLayer(_ configure: (inout ShapeStyle) -> Void) -> PresentationLayer {
        var l = PresentationLayer(bounds: Rect(0, 0, 20, 20), position: Point(10, 10))
        var s = ShapeStyle()
        s.path = BezierPath([.move(Point(2, 10)), .line(Point(18, 10))])
        s.fillColor = .clear
        s.strokeColor = Color(0, 0, 1)
        s.lineWidth = 4
        configure(&s)
        l.shape = s
        return l
    }

    func testAShapeLayersStrokeIsANonZeroFillOfItsOutline() {
        // the segment (2, 10)–(18, 10) at width 4 with butt caps: the rectangle y 8…12, drawn from
        // the left offset (+y) forwards, the end, the right offset backwards
        XCTAssertEqual(Compose.displayList(scene(20, 20, [shapeLayer { _ in }])).text, """
        display 20x20 background #ffffffff
          fill nonZero #0000ffff {M 2 12 L 18 12 L 18 8 L 2 8 Z} [1 0 0 1 0 0]

        """)
    }

    func testHugeWidthsAndMiterLimitsNeitherTrapNorVanish() {
        // the culling margin of such a stroke is far past the canvas (it used to overflow an Int)
        let l = shapeLayer { $0.lineWidth = 1e300; $0.miterLimit = 1e308 }
        XCTAssertEqual(Compose.displayList(scene(20, 20, [l])).ops.count, 1)
        let nan = shapeLayer { $0.miterLimit = .nan; $0.dashPattern = [.nan]; $0.strokeEnd = .nan }
        XCTAssertEqual(Compose.displayList(scene(20, 20, [nan])).ops.count, 1)
    }

    func testAnArcOpeningAPathMovesToItsStart() {
        // `arc(…)` is a line to its first point then cubics; opening a path, the line is a move (as
        // CGPathAddArc on an empty path), so a lone arc is not joined to the origin
        let arc = BezierPath([.line(Point(18, 10))] + BezierPath.arcSegments(cx: 10, cy: 10, rx: 8, ry: 8, start: 0, end: Double.pi, clockwise: true))
        var p = Path(); p.append(arc)
        XCTAssertEqual(p.elements.first, .move(Point(18, 10)))
        var q = Path(); q.move(to: Point(0, 0)); q.append(arc)
        XCTAssertEqual(q.elements[1], .line(Point(18, 10)))
        // its stroke stays on the lower half circle: x from 1 to 19 (radius 8 ± 1), butt ends on
        // y = 10, nothing near the origin
        let o = Stroker.outline(p.elements[...], style: StrokeStyle(width: 2), tolerance: 0.1)
        XCTAssertEqual(extent(o).minX, 1, accuracy: 1e-9)
        XCTAssertEqual(extent(o).maxX, 19, accuracy: 1e-9)
        XCTAssertEqual(extent(o).minY, 10, accuracy: 1e-9)
    }
}
