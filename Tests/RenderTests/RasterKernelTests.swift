// The C kernels of Sources/CRaster against independent Swift references: the formulas they replaced,
// written out again here, on random inputs, at every SIMD level the CPU has.

import CalcCore
import CRaster
import DisplayList
@testable import Render
import XCTest

final class RasterKernelTests: XCTestCase {
    /// A small deterministic generator (xorshift64*), so failures reproduce.
    struct Random {
        var s: UInt64
        mutating func next() -> UInt64 { s ^= s >> 12; s ^= s << 25; s ^= s >> 27; return s &* 2_685_821_657_736_338_717 }
        mutating func byte() -> UInt32 { UInt32(next() >> 56) }
        /// A premultiplied pixel (every channel ≤ alpha).
        mutating func pixel() -> UInt32 {
            let a = byte()
            return PixelMath.pack(UInt8(byte() * a / 255), UInt8(byte() * a / 255), UInt8(byte() * a / 255), UInt8(a))
        }
    }

    /// calc_fill_rects against drawing each fill in turn with PixelMath.over (source-over by its definition).
    func testRectFillsMatchOneByOneSourceOver() {
        let best = calc_raster_level()
        defer { _ = calc_raster_set_level(best) }
        var rng = Random(s: 0x9E37_79B9_7F4A_7C15)
        for level in [0, 2] where calc_raster_set_level(Int32(level)) == level {
            for trial in 0..<40 {
                // even trials: long stacks over the same columns, wide enough for the byte-table path
                let deep = trial % 2 == 0
                let w = deep ? 70 + Int(rng.next() % 40) : 37 + Int(rng.next() % 60), h = 5 + Int(rng.next() % 12)
                var pixels = (0..<(w * h)).map { _ in rng.pixel() }
                var expected = pixels
                var fills: [calc_rect_fill] = []
                for k in 0..<((deep ? 10 : 1) + Int(rng.next() % 30)) {
                    // runs over one column range (the stacked path) mixed with others, opaque and clear colours too
                    let same = deep || k % 3 != 2
                    let x0 = same ? 1 : Int(rng.next() % UInt64(w)), x1 = same ? w - 2 : x0 + Int(rng.next() % UInt64(w - x0 + 1))
                    let y0 = deep ? Int(rng.next() % 2) : Int(rng.next() % UInt64(h))
                    let y1 = deep ? h - Int(rng.next() % 2) : y0 + Int(rng.next() % UInt64(h - y0 + 1))
                    var c = rng.pixel()
                    if trial % 7 == 0 && k == 1 { c = c | 0xFF00_0000 }
                    if trial % 5 == 0 && k == 2 { c = 0 }
                    fills.append(calc_rect_fill(x0: Int32(x0), y0: Int32(y0), x1: Int32(x1), y1: Int32(y1), color: c))
                    for y in y0..<y1 { for x in x0..<x1 { expected[y * w + x] = PixelMath.over(c, expected[y * w + x]) } }
                }
                pixels.withUnsafeMutableBufferPointer { p in
                    fills.withUnsafeBufferPointer { f in calc_fill_rects(p.baseAddress, w, 0, 0, f.baseAddress, f.count) }
                }
                let bad = pixels.indices.first { pixels[$0] != expected[$0] }
                XCTAssertNil(bad, "level \(level), trial \(trial): first different pixel \(bad ?? -1)")
            }
        }
    }

    /// calc_shadow_sprite_span against the Swift sampling it replaced (bilinear taps of the sprite, bounds
    /// checked, Double coordinates), then blending as ShaderSink did.
    func testSpriteSpanMatchesSwiftSampling() {
        let best = calc_raster_level()
        defer { _ = calc_raster_set_level(best) }
        for level in [0, 2] where calc_raster_set_level(Int32(level)) == level { spriteSpanMatchesSwiftSampling(level) }
    }

    private func spriteSpanMatchesSwiftSampling(_ level: Int) {
        var rng = Random(s: 12345)
        let w = 23, h = 17
        let alpha = (0..<(w * h)).map { _ in UInt8(rng.byte()) }
        let sprite = AlphaSprite(width: w, height: h, originX: -3, originY: 2, scale: 1, alpha: alpha)
        let maps: [Projective] = [
            Projective(m11: 0.8, m12: 0.6, m13: 0, m21: -0.6, m22: 0.8, m23: 0, m31: 7.3, m32: -4.1, m33: 1),
            Projective(m11: 1 / 3.0, m12: 0, m13: 0, m21: 0, m22: 1 / 7.0, m23: 0, m31: -1, m32: 0.5, m33: 0.9999999999999999),
            Projective(m11: 0.9, m12: 0.1, m13: 0.002, m21: -0.2, m22: 1.1, m23: 0.001, m31: 2, m32: 3, m33: 1.05),
        ]
        for (t, m) in maps.enumerated() {
            for useMask in [false, true] {
                let color = rng.pixel() | 0x8000_0000 & 0xFF00_0000
                let n = 48
                let mask = (0..<n).map { _ in UInt8(rng.byte()) }
                for y in -2..<22 {
                    let coverage = y % 2 == 0 ? 255 : 1 + rng.byte() % 255
                    let x = -4
                    var dst = (0..<n).map { _ in rng.pixel() }
                    var expected = dst
                    for k in 0..<n {
                        let v = referenceSample(alpha, w, h, m, x + k, y)
                        let src = v == 0 ? 0 : (v >= 255 ? color : PixelMath.scale(color, v))
                        var c = coverage
                        if useMask { c = PixelMath.div255(coverage &* UInt32(mask[k])); if c == 0 { continue } }
                        let s = c == 255 ? src : PixelMath.scale(src, c)
                        expected[k] = PixelMath.over(s, expected[k])
                    }
                    var params = calc_shadow_sprite(alpha: UnsafePointer(sprite.padded), width: Int64(w), height: Int64(h),
                                             m11: m.m11, m12: m.m12, m13: m.m13, m21: m.m21, m22: m.m22, m23: m.m23,
                                             m31: m.m31, m32: m.m32, m33: m.m33, color: color)
                    dst.withUnsafeMutableBufferPointer { d in
                        mask.withUnsafeBufferPointer { mk in
                            calc_shadow_sprite_span(d.baseAddress, useMask ? mk.baseAddress : nil, Int64(x), Int64(y), n, coverage, &params)
                        }
                    }
                    let bad = dst.indices.first { dst[$0] != expected[$0] }
                    XCTAssertNil(bad, "level \(level), map \(t), row \(y), mask \(useMask): first different pixel \(bad ?? -1)")
                }
            }
        }
    }

    /// The sprite's alpha at device pixel (x, y) as SpriteShader computed it before the C kernel.
    private func referenceSample(_ a: [UInt8], _ w: Int, _ h: Int, _ m: Projective, _ x: Int, _ y: Int) -> UInt32 {
        func at(_ i: Int, _ j: Int) -> UInt32 { (i >= 0 && i < w && j >= 0 && j < h) ? UInt32(a[j * w + i]) : 0 }
        let fx = Double(x) + 0.5, fy = Double(y) + 0.5
        let ww = fx * m.m13 + fy * m.m23 + m.m33
        let sx = (fx * m.m11 + fy * m.m21 + m.m31) / ww - 0.5
        let sy = (fx * m.m12 + fy * m.m22 + m.m32) / ww - 0.5
        guard sx > -1, sy > -1, sx < Double(w), sy < Double(h) else { return 0 }
        let x0 = Int((sx + 1).rounded(.down)) - 1, y0 = Int((sy + 1).rounded(.down)) - 1
        let fx8 = UInt32((sx - Double(x0)) * 256), fy8 = UInt32((sy - Double(y0)) * 256)
        let top = at(x0, y0) * (256 - fx8) + at(x0 + 1, y0) * fx8
        let bottom = at(x0, y0 + 1) * (256 - fx8) + at(x0 + 1, y0 + 1) * fx8
        return (top * (256 - fy8) + bottom * fy8 + 32768) >> 16
    }
}

extension RasterKernelTests {
    /// calc_axial_span (through AxialSink) against GradientShader's Swift span and ShaderSink's blend,
    /// for opaque and translucent stops, with and without a mask, at partial and full coverage.
    func testAxialSpanMatchesSwiftShader() {
        var rng = Random(s: 777)
        let stopsSets: [[GradientStop]] = [
            [GradientStop(0, Color(0.9, 0.2, 0.1)), GradientStop(0.45, Color(0.2, 0.3, 0.9)), GradientStop(1, Color(0.1, 0.8, 0.3))],
            [GradientStop(0, Color(0.9, 0.2, 0.1, 0.3)), GradientStop(1, Color(0.1, 0.8, 0.3, 0.9))],
        ]
        let spaces = [Affine2D(a: 0.003, b: 0, c: 0.011, d: 0, tx: -0.2, ty: 0),
                      Affine2D(a: -0.02, b: 0, c: 0.001, d: 0, tx: 0.7, ty: 0)]
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
        defer { scratch.deallocate() }
        let w = 90, h = 12
        for stops in stopsSets {
            for space in spaces {
                let g = Gradient(type: .axial, stops: stops, space: space)
                guard let shader = GradientShader(g, deviceToPath: .identity) else { return XCTFail("no shader") }
                XCTAssertTrue(shader.affine)
                let opaque = stops.allSatisfy { $0.color.a == 1 }
                var mask = (0..<(w * h)).map { _ in UInt8(rng.byte()) }
                for useMask in [false, true] {
                    var a = (0..<(w * h)).map { _ in rng.pixel() }
                    var b = a
                    let spans = (0..<h).map { _ in (Int(rng.next() % 20), 1 + Int(rng.next() % 60), rng.next() % 2 == 0 ? 255 : 1 + rng.byte() % 255) }
                    mask.withUnsafeMutableBufferPointer { mk in
                        let m = useMask ? mk.baseAddress : nil
                        a.withUnsafeMutableBufferPointer { pa in
                            let surface = Surface(base: pa.baseAddress!, stride: w, originX: 0, originY: 0, rect: IRect(x0: 0, y0: 0, x1: w, y1: h))
                            var sink = ShaderSink(shader: shader, surface: surface, mask: m, maskStride: w, scratch: scratch)
                            for (y, s) in spans.enumerated() { sink.row(y); sink.span(x: s.0, count: s.1, coverage: s.2) }
                        }
                        b.withUnsafeMutableBufferPointer { pb in
                            let surface = Surface(base: pb.baseAddress!, stride: w, originX: 0, originY: 0, rect: IRect(x0: 0, y0: 0, x1: w, y1: h))
                            shader.lut.withUnsafeBufferPointer { lut in
                                shader.dither.withUnsafeBufferPointer { d in
                                    var sink = AxialSink(shader: shader, lut: lut.baseAddress!, dither: d.baseAddress!, opaque: opaque,
                                                         surface: surface, mask: m, maskStride: w, scratch: scratch)
                                    for (y, s) in spans.enumerated() { sink.row(y); sink.span(x: s.0, count: s.1, coverage: s.2) }
                                }
                            }
                        }
                    }
                    let bad = a.indices.first { a[$0] != b[$0] }
                    XCTAssertNil(bad, "opaque \(opaque), mask \(useMask): first different pixel \(bad ?? -1)")
                }
            }
        }
    }
}

extension RasterKernelTests {
    /// Rasterizer.fillSolid (calc_sweep_solid) against Rasterizer.fill with SolidSink, the Swift sweep:
    /// random polygons (star-shaped, self-crossing, partly outside), both fill rules, translucent and
    /// opaque colours, with and without a clip mask, at every kernel level.
    func testSolidSweepMatchesSwiftSweep() {
        let best = calc_raster_level()
        defer { _ = calc_raster_set_level(best) }
        var rng = Random(s: 4242)
        let w = 70, h = 50
        let raster = Rasterizer(), poly = Flattener()
        for level in [0, 2] where calc_raster_set_level(Int32(level)) == level {
            for trial in 0..<60 {
                var p = Path()
                let n = 3 + Int(rng.next() % 9)
                for k in 0..<n {
                    let pt = Point(Double(rng.next() % 9000) / 100 - 10, Double(rng.next() % 7000) / 100 - 10)
                    if k == 0 { p.move(to: pt) } else { p.addLine(to: pt) }
                }
                p.closeSubpath()
                let rule: FillRule = trial % 2 == 0 ? .nonZero : .evenOdd
                let color = trial % 5 == 0 ? (rng.pixel() | 0xFF00_0000) : rng.pixel()
                var maskBytes = (0..<(w * h)).map { _ in UInt8(rng.byte()) }
                let useMask = trial % 3 == 0
                p.elements.withUnsafeBufferPointer { poly.flatten($0, map: .identity) }
                let clip = IRect(x0: 0, y0: 0, x1: w, y1: h)
                var a = (0..<(w * h)).map { _ in rng.pixel() }
                var b = a
                maskBytes.withUnsafeMutableBufferPointer { mk in
                    let m = useMask ? mk.baseAddress : nil
                    a.withUnsafeMutableBufferPointer { pa in
                        let s = Surface(base: pa.baseAddress!, stride: w, originX: 0, originY: 0, rect: clip)
                        var sink = SolidSink(color: color, surface: s, mask: m, maskStride: w)
                        raster.fill(poly, rule: rule, clip: clip, sink: &sink)
                    }
                    b.withUnsafeMutableBufferPointer { pb in
                        let s = Surface(base: pb.baseAddress!, stride: w, originX: 0, originY: 0, rect: clip)
                        raster.fillSolid(poly, rule: rule, clip: clip, color: color, surface: s, mask: m, maskStride: w)
                    }
                }
                let bad = a.indices.first { a[$0] != b[$0] }
                XCTAssertNil(bad, "level \(level), trial \(trial): first different pixel \(bad ?? -1)")
                XCTAssertTrue(a.contains { $0 != 0 }, "the polygon draws something")
            }
        }
    }
}

extension RasterKernelTests {
    /// calc_band_edges against the Swift edge accumulation (Rasterizer.addEdge): the same cells, bit
    /// for bit, and the same touched rows, for random polygons crossing every side of the band,
    /// with steep, shallow, horizontal and vertical edges and vertices on whole pixels.
    func testEdgeAccumulationMatchesSwift() {
        let best = calc_raster_level()
        defer { _ = calc_raster_set_level(best) }
        // level 2 takes an edge's whole rows eight at a time (full_rows_avx2) when it has eight
        for level in [0, 2] where calc_raster_set_level(Int32(level)) == level { edgeAccumulationMatchesSwift(level) }
    }

    private func edgeAccumulationMatchesSwift(_ level: Int) {
        var rng = Random(s: 99)
        let raster = Rasterizer(), poly = Flattener()
        var touched = 0
        for trial in 0..<200 {
            var p = Path()
            let n = 3 + Int(rng.next() % 10)
            for k in 0..<n {
                var x = Double(rng.next() % 12000) / 100 - 20, y = Double(rng.next() % 9000) / 100 - 20
                if trial % 4 == 0 { x = x.rounded(); y = y.rounded() }
                if k > 0 && rng.next() % 6 == 0, case .line(let q) = p.elements.last! { y = q.y }   // horizontal
                if k > 0 && rng.next() % 6 == 0, case .line(let q) = p.elements.last! { x = q.x }   // vertical
                if k == 0 { p.move(to: Point(x, y)) } else { p.addLine(to: Point(x, y)) }
            }
            p.closeSubpath()
            p.elements.withUnsafeBufferPointer { poly.flatten($0, map: .identity) }
            let region = IRect(x0: Int(rng.next() % 20), y0: Int(rng.next() % 15), x1: 40 + Int(rng.next() % 50), y1: 30 + Int(rng.next() % 30))
            let swift = raster.accumulateInSwift(poly, region: region)
            let c = raster.accumulateInC(poly, region: region)
            let badCell = swift.cells.indices.first { swift.cells[$0].bitPattern != c.cells[$0].bitPattern }
            XCTAssertNil(badCell, "level \(level), trial \(trial): first different cell \(badCell ?? -1)")
            XCTAssertEqual(swift.bits, c.bits, "level \(level), trial \(trial)")
            if swift.bits.contains(where: { $0 != 0 }) { touched += 1 }
        }
        XCTAssertGreaterThan(touched, 150, "most polygons cross the band")
    }
}

extension RasterKernelTests {
    /// calc_sweep_solid's path for touched cells side by side in a row (an edge crossing several
    /// columns of one row, blended one pixel each without the run bookkeeping): shallow rotated
    /// rectangles and rings (two contours, like a border), some with a vertical edge exactly on the
    /// clip's right side (cells at bw and bw + 1 are touched there and must not be drawn), against
    /// the Swift sweep with SolidSink, at every kernel level. The surface is larger than the clip, so
    /// a pixel written outside it shows as a difference from the untouched original.
    func testSolidSweepShallowEdgesAndRightBorder() {
        let best = calc_raster_level()
        defer { _ = calc_raster_set_level(best) }
        var rng = Random(s: 777)
        let w = 90, h = 60
        let clip = IRect(x0: 5, y0: 4, x1: 65, y1: 50)
        let raster = Rasterizer(), poly = Flattener()
        for level in [0, 2] where calc_raster_set_level(Int32(level)) == level {
            for trial in 0..<40 {
                // a rectangle turned by a small angle (its long sides cross many columns per row)
                let angle = (Double(rng.next() % 2000) / 1000 - 1) * 0.35
                let cx = Double(rng.next() % 4000) / 100 + 15, cy = Double(rng.next() % 3000) / 100 + 12
                let hw = Double(rng.next() % 3000) / 100 + 10, hh = Double(rng.next() % 1200) / 100 + 4
                func corner(_ u: Double, _ v: Double, _ s: Double) -> Point {
                    Point(cx + (u * cos(angle) - v * sin(angle)) * s, cy + (u * sin(angle) + v * cos(angle)) * s)
                }
                var p = Path()
                let scales: [Double] = trial % 2 == 0 ? [1] : [1, 0.8]          // odd trials: a ring
                for (i, s) in scales.enumerated() {
                    let pts = [corner(-hw, -hh, s), corner(hw, -hh, s), corner(hw, hh, s), corner(-hw, hh, s)]
                    let order = i == 0 ? pts : pts.reversed()
                    for (k, pt) in order.enumerated() { if k == 0 { p.move(to: pt) } else { p.addLine(to: pt) } }
                    p.closeSubpath()
                }
                if trial % 3 == 0 {   // a block whose left side lies exactly on the clip's right side
                    p.move(to: Point(65, 10)); p.addLine(to: Point(80, 10)); p.addLine(to: Point(80, 40))
                    p.addLine(to: Point(65, 40)); p.closeSubpath()
                }
                let rule: FillRule = trial % 4 < 2 ? .nonZero : .evenOdd
                let color = trial % 5 == 0 ? (rng.pixel() | 0xFF00_0000) : rng.pixel()
                p.elements.withUnsafeBufferPointer { poly.flatten($0, map: .identity) }
                let original = (0..<(w * h)).map { _ in rng.pixel() }
                var a = original, b = original
                a.withUnsafeMutableBufferPointer { pa in
                    let s = Surface(base: pa.baseAddress!, stride: w, originX: 0, originY: 0, rect: clip)
                    var sink = SolidSink(color: color, surface: s, mask: nil, maskStride: w)
                    raster.fill(poly, rule: rule, clip: clip, sink: &sink)
                }
                b.withUnsafeMutableBufferPointer { pb in
                    let s = Surface(base: pb.baseAddress!, stride: w, originX: 0, originY: 0, rect: clip)
                    raster.fillSolid(poly, rule: rule, clip: clip, color: color, surface: s, mask: nil, maskStride: w)
                }
                let bad = a.indices.first { a[$0] != b[$0] }
                XCTAssertNil(bad, "level \(level), trial \(trial): first different pixel \(bad ?? -1)")
                let outside = b.indices.first { i in
                    let x = i % w, y = i / w
                    return !(x >= clip.x0 && x < clip.x1 && y >= clip.y0 && y < clip.y1) && b[i] != original[i]
                }
                XCTAssertNil(outside, "level \(level), trial \(trial): pixel \(outside ?? -1) outside the clip written")
                XCTAssertTrue(a != original, "the polygon draws something")
            }
        }
    }
}

extension RasterKernelTests {
    /// Rasterizer.fillSolidPair (the second polygon flattened once, the first taken from it by
    /// Flattener.splitState; one edge walk of the shared contours into both bands, calc_band_edges_twice,
    /// calc_sweep_solid_pair) against the two polygons flattened separately and drawn one after the
    /// other by the Swift sweep with SolidSink: a random polygon, then the same polygon plus one or two
    /// further contours (a ring like a card's border, or random ones crossing it), under a random
    /// affine map, every pair of fill rules, translucent and opaque colours, at every kernel level.
    /// The split state must be the first polygon exactly (vertices bit for bit, contours, bounds).
    /// The surface is larger than the clip, so a pixel written outside it shows as a difference.
    func testSolidPairMatchesTwoFills() {
        let best = calc_raster_level()
        defer { _ = calc_raster_set_level(best) }
        var rng = Random(s: 2026)
        let w = 100, h = 70
        let clip = IRect(x0: 6, y0: 3, x1: 86, y1: 61)
        let raster = Rasterizer(), first = Flattener(), second = Flattener()
        var fused = 0
        for level in [0, 2] where calc_raster_set_level(Int32(level)) == level {
            for trial in 0..<80 {
                func point() -> Point { Point(Double(rng.next() % 11000) / 100 - 5, Double(rng.next() % 8000) / 100 - 5) }
                var outer = Path()
                let ring = trial % 2 == 0
                if ring {   // a rounded rectangle, then the same inset by 2 (a card and its border)
                    let rw = Double(rng.next() % 4000) / 100 + 16, rh = Double(rng.next() % 2500) / 100 + 12
                    let r = Double(rng.next() % 800) / 100
                    outer.addRoundedRect(Rect(-rw / 2, -rh / 2, rw, rh), cornerRadius: r)
                    outer.addRoundedRect(Rect(-rw / 2 + 2, -rh / 2 + 2, rw - 4, rh - 4), cornerRadius: max(0, r - 2))
                } else {
                    for k in 0..<(3 + Int(rng.next() % 8)) { if k == 0 { outer.move(to: point()) } else { outer.addLine(to: point()) } }
                    outer.closeSubpath()
                    for _ in 0..<(1 + Int(rng.next() % 2)) {
                        for k in 0..<(3 + Int(rng.next() % 6)) { if k == 0 { outer.move(to: point()) } else { outer.addLine(to: point()) } }
                        outer.closeSubpath()
                    }
                }
                // the first path: the elements up to the first close
                let split = (outer.elements.firstIndex { if case .close = $0 { return true } else { return false } } ?? 0) + 1
                let angle = Double(rng.next() % 6283) / 1000, scale = 0.8 + Double(rng.next() % 60) / 100
                let map = ring
                    ? Projective(m11: cos(angle) * scale, m12: sin(angle) * scale, m13: 0, m21: -sin(angle) * scale,
                                 m22: cos(angle) * scale, m23: 0, m31: 20 + Double(rng.next() % 6000) / 100,
                                 m32: 15 + Double(rng.next() % 4000) / 100, m33: 1)
                    : Projective.identity
                let body = Array(outer.elements[..<split])
                body.withUnsafeBufferPointer { first.flatten($0, map: map) }
                outer.elements.withUnsafeBufferPointer { second.flatten($0, map: map, split: split) }
                guard let s = second.splitState else { XCTFail("no split state"); continue }
                XCTAssertEqual(s.points, first.xs.count, "trial \(trial)")
                XCTAssertEqual(Array(second.ends.prefix(s.contours)), first.ends, "trial \(trial)")
                XCTAssertEqual(s.bounds, first.bounds, "trial \(trial)")
                XCTAssertTrue(zip(first.xs, second.xs).allSatisfy { $0.bitPattern == $1.bitPattern }
                              && zip(first.ys, second.ys).allSatisfy { $0.bitPattern == $1.bitPattern }, "trial \(trial)")
                let ruleA: FillRule = trial % 4 < 2 ? .nonZero : .evenOdd
                let ruleB: FillRule = (trial / 4) % 2 == 0 ? .evenOdd : .nonZero
                let colorA = trial % 7 == 0 ? (rng.pixel() | 0xFF00_0000) : rng.pixel()
                let colorB = trial % 3 == 0 ? (rng.pixel() | 0xFF00_0000) : rng.pixel()
                let original = (0..<(w * h)).map { _ in rng.pixel() }
                var a = original, b = original
                var drawn = false
                b.withUnsafeMutableBufferPointer { pb in
                    let s = Surface(base: pb.baseAddress!, stride: w, originX: 0, originY: 0, rect: clip)
                    drawn = raster.fillSolidPair(second, rule: ruleA, color: colorA, rule: ruleB, color: colorB,
                                                 clip: clip, surface: s)
                }
                guard drawn else { continue }     // the further contours reach outside the first's bounds
                fused += 1
                a.withUnsafeMutableBufferPointer { pa in
                    let s = Surface(base: pa.baseAddress!, stride: w, originX: 0, originY: 0, rect: clip)
                    var sink = SolidSink(color: colorA, surface: s, mask: nil, maskStride: w)
                    raster.fill(first, rule: ruleA, clip: clip, sink: &sink)
                    var sink2 = SolidSink(color: colorB, surface: s, mask: nil, maskStride: w)
                    raster.fill(second, rule: ruleB, clip: clip, sink: &sink2)
                }
                let bad = a.indices.first { a[$0] != b[$0] }
                XCTAssertNil(bad, "level \(level), trial \(trial): first different pixel \(bad ?? -1)")
                let outside = b.indices.first { i in
                    let x = i % w, y = i / w
                    return !(x >= clip.x0 && x < clip.x1 && y >= clip.y0 && y < clip.y1) && b[i] != original[i]
                }
                XCTAssertNil(outside, "level \(level), trial \(trial): pixel \(outside ?? -1) outside the clip written")
                XCTAssertTrue(a != original, "the pair draws something")
            }
        }
        XCTAssertGreaterThan(fused, 60, "most pairs have the same bounds")
    }
}

extension RasterKernelTests {
    /// Whole frames of scene-A-like cards (a translucent rounded body, then its opaque border ring,
    /// even-odd, under rotations, overlapping, some crossing the canvas edge): drawn as pairs
    /// (Execution.fillPair) and drawn one fill at a time (the ring's transform given a −0 where the
    /// body's has 0 — the same map, but not the same bits, so no pair is taken), at every kernel
    /// level: all the same bytes.
    func testCardFramesSameAsPairsOrNotAndAtEveryLevel() {
        let best = calc_raster_level()
        defer { _ = calc_raster_set_level(best) }
        var rng = Random(s: 31337)
        let w = 200, h = 150
        var paired = DisplayList(width: w, height: h, background: Color(1, 1, 1, 1))
        var single = paired
        for _ in 0..<24 {
            let bw = 30 + Double(rng.next() % 40), bh = 20 + Double(rng.next() % 30), r = Double(rng.next() % 12)
            var body = Path()
            body.addRoundedRect(Rect(0, 0, bw, bh), cornerRadius: r)
            var ring = body
            ring.addRoundedRect(Rect(2, 2, bw - 4, bh - 4), cornerRadius: max(0, r - 2))
            let angle = Double(rng.next() % 6283) / 1000
            let m = Projective(m11: cos(angle), m12: sin(angle), m13: 0, m21: -sin(angle), m22: cos(angle), m23: 0,
                               m31: Double(rng.next() % 22000) / 100 - 10, m32: Double(rng.next() % 17000) / 100 - 10, m33: 1)
            var m2 = m
            m2.m13 = -0.0
            let fill = Color(Double(rng.byte()) / 255, Double(rng.byte()) / 255, Double(rng.byte()) / 255, 0.8)
            let border = Color(Double(rng.byte()) / 255, Double(rng.byte()) / 255, Double(rng.byte()) / 255, 1)
            for (list, ringMap) in [(0, m), (1, m2)] {
                var l = list == 0 ? paired : single
                let b = l.add(body), g = l.add(ring)
                l.ops.append(.fill(Fill(path: b, rule: .nonZero, paint: .solid(fill), transform: m)))
                l.ops.append(.fill(Fill(path: g, rule: .evenOdd, paint: .solid(border), transform: ringMap)))
                if list == 0 { paired = l } else { single = l }
            }
        }
        var frames: [[UInt32]] = []
        for level in [0, 2] where calc_raster_set_level(Int32(level)) == level {
            frames.append(Renderer().render(paired).pixels)
            frames.append(Renderer().render(single).pixels)
        }
        XCTAssertGreaterThanOrEqual(frames.count, 2)
        for (i, f) in frames.enumerated() {
            let bad = f.indices.first { f[$0] != frames[0][$0] }
            XCTAssertNil(bad, "frame \(i) (level \(i / 2 * 2), \(i % 2 == 0 ? "pairs" : "one at a time")): pixel \(bad ?? -1)")
        }
        XCTAssertTrue(frames[0].contains { $0 != frames[0][0] }, "the cards draw something")
    }
}
