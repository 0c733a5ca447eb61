// GaussianBlur against a true Gaussian computed here (Foundation's erf, never the code under test):
// the continuous Gaussian of the image seen as unit-square pixels, sampled at pixel centres, with
// transparency outside the buffer. Profiles of a one-pixel line (the impulse response) and of a
// straight edge, per axis and both formats, for σ in {0.5, 1, 2, 5, 10, 30}; the bounds asserted are
// the ones docs/rendering.md ("Blur") documents. Plus the invariants a shadow relies on.

import Foundation
@testable import Render
import XCTest

/// Φ(x), the standard normal distribution function.
private func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.0.squareRoot())) }

/// The true blur of a 1D signal of unit-square pixels (zero outside), sampled at pixel centres:
/// out[x] = Σ_j in[j] · (Φ((x − j + ½)/σ) − Φ((x − j − ½)/σ)).
private func reference(_ input: [Double], sigma s: Double) -> [Double] {
    let n = input.count
    var w = [Double](repeating: 0, count: 2 * n)   // weight at distance d = x − j, index d + n
    for d in -n..<n { w[d + n] = phi((Double(d) + 0.5) / s) - phi((Double(d) - 0.5) / s) }
    return (0..<n).map { x in
        var acc = 0.0
        for j in 0..<n where input[j] != 0 { acc += input[j] * w[x - j + n] }
        return acc
    }
}

/// Max and mean |got − want| over the indices in `range`, in 1/255 units (values are 0…255).
private func errors(_ got: [Int], _ want: [Double], _ range: ClosedRange<Int>) -> (max: Double, mean: Double) {
    var m = 0.0, sum = 0.0
    for i in range { let e = abs(Double(got[i]) - want[i]); m = max(m, e); sum += e }
    return (m, sum / Double(range.count))
}

/// Documented error bounds (1/255): edge and line profiles, max and mean over ±(4σ+1) px, per σ. The
/// output is 8-bit, so rounding alone accounts for up to 0.5 of the max.
private let sigmas: [Double] = [0.5, 1, 2, 5, 10, 30]
private let bounds: [Double: (edgeMax: Double, edgeMean: Double, lineMax: Double, lineMean: Double)] = [
    0.5: (0.5, 0.25, 0.4, 0.15),
    1: (0.5, 0.2, 0.5, 0.3),
    2: (1.25, 0.55, 1.2, 0.4),
    5: (1.75, 0.75, 1.0, 0.3),
    10: (1.8, 0.7, 0.75, 0.25),
    30: (1.8, 0.7, 0.55, 0.2),
]
/// Documented error bounds (1/255) in 2D: a single pixel and a 60×60 square, max and mean, per σ.
private let squareBounds: [Double: (pointMax: Double, pointMean: Double, squareMax: Double, squareMean: Double)] = [
    0.5: (0.4, 0.1, 0.8, 0.1),
    1: (0.65, 0.1, 0.9, 0.1),
    2: (0.65, 0.1, 3.1, 0.4),
    5: (0.65, 0.1, 3.5, 0.65),
    10: (0.45, 0.05, 3.0, 0.55),
]

final class BlurTests: XCTestCase {
    /// Profile length: one-pixel-thin images, long enough that an edge at the middle is 10σ from the far end.
    let n = 600

    /// Blurs one row (A8, horizontal axis only) holding `input`; returns the row.
    private func blurRowA8(_ input: [UInt8], sigma: Double) -> [Int] {
        var m = input + input + input   // 3 identical rows
        let b = GaussianBlur()
        m.withUnsafeMutableBufferPointer { b.blur(mask: $0.baseAddress!, width: input.count, height: 3, stride: input.count, sigmaX: sigma, sigmaY: 0) }
        XCTAssertEqual(Array(m[0..<input.count]), Array(m[2 * input.count..<3 * input.count]), "rows blurred alike")
        return m[input.count..<2 * input.count].map { Int($0) }
    }

    /// Blurs one column (RGBA, vertical axis only) of opaque-white-times-`input` pixels; returns alpha,
    /// after checking that the colour channels equal it.
    private func blurColumnRGBA(_ input: [UInt8], sigma: Double) -> [Int] {
        var px = [UInt32]()
        for v in input { for _ in 0..<2 { px.append(PixelMath.pack(v, v, v, v)) } }   // 2 columns
        let b = GaussianBlur()
        px.withUnsafeMutableBufferPointer { b.blur(rgba: $0.baseAddress!, width: 2, height: input.count, stride: 2, sigmaX: 0, sigmaY: sigma) }
        var out: [Int] = []
        for y in 0..<input.count {
            let p = PixelMath.unpack(px[2 * y]), q = px[2 * y + 1]
            XCTAssertTrue(p.r == p.a && p.g == p.a && p.b == p.a && q == px[2 * y], "channels at \(y)")
            out.append(Int(p.a))
        }
        return out
    }

    func testEdgeAndLineProfilesAgainstTrueGaussian() {
        var table = "σ      edge max/mean (A8 rows, RGBA columns)   line max/mean (A8 rows, RGBA columns)\n"
        for s in sigmas {
            let bound = bounds[s]!
            let support = Int((4 * s).rounded(.up)) + 1
            // an edge: 0 left of x = 300, 255 from it to the buffer's end (the far end is in the reference too)
            let c = n / 2
            let edge = (0..<n).map { $0 >= c ? UInt8(255) : 0 }
            let edgeRef = reference(edge.map(Double.init), sigma: s)
            let range = (c - support)...(c + support)
            let e1 = errors(blurRowA8(edge, sigma: s), edgeRef, range)
            let e2 = errors(blurColumnRGBA(edge, sigma: s), edgeRef, range)
            // a one-pixel line at x = 300
            let line = (0..<n).map { $0 == c ? UInt8(255) : 0 }
            let lineRef = reference(line.map(Double.init), sigma: s)
            let l1 = errors(blurRowA8(line, sigma: s), lineRef, range)
            let l2 = errors(blurColumnRGBA(line, sigma: s), lineRef, range)
            for (e, what) in [(e1, "edge A8 rows"), (e2, "edge RGBA columns")] {
                XCTAssertLessThanOrEqual(e.max, bound.edgeMax, "\(what) σ \(s) max")
                XCTAssertLessThanOrEqual(e.mean, bound.edgeMean, "\(what) σ \(s) mean")
            }
            for (e, what) in [(l1, "line A8 rows"), (l2, "line RGBA columns")] {
                XCTAssertLessThanOrEqual(e.max, bound.lineMax, "\(what) σ \(s) max")
                XCTAssertLessThanOrEqual(e.mean, bound.lineMean, "\(what) σ \(s) mean")
            }
            table += String(format: "%-6g %.2f/%.3f  %.2f/%.3f                     %.2f/%.3f  %.2f/%.3f\n",
                            s, e1.max, e1.mean, e2.max, e2.mean, l1.max, l1.mean, l2.max, l2.mean)
        }
        print(table)
    }

    func testEveryTenthOfAPixelOfSigma() {
        // σ from 0.4 to 12 in steps of 0.1: the worst case lies between round σs (plain boxes of odd
        // widths only were 2.6/255 off at σ = 4.4), and every switch of method and box width is crossed
        let n = 220, c = 110
        let edge = (0..<n).map { $0 >= c ? UInt8(255) : 0 }, line = (0..<n).map { $0 == c ? UInt8(255) : 0 }
        var worst: [String: (max: Double, mean: Double, at: Double)] = [:]
        for t in 4...120 {
            let s = Double(t) / 10
            let range = (c - Int((4 * s).rounded(.up)) - 1)...(c + Int((4 * s).rounded(.up)) + 1)
            for (input, what) in [(edge, "edge"), (line, "line")] {
                let e = errors(blurRowA8(input, sigma: s), reference(input.map(Double.init), sigma: s), range)
                let w = worst[what] ?? (0, 0, 0)
                worst[what] = (max(w.max, e.max), max(w.mean, e.mean), e.max > w.max ? s : w.at)
            }
        }
        let e = worst["edge"]!, l = worst["line"]!
        print(String(format: "σ 0.4…12: edge worst max %.2f (σ %.1f), worst mean %.3f; line worst max %.2f (σ %.1f), worst mean %.3f",
                     e.max, e.at, e.mean, l.max, l.at, l.mean))
        XCTAssertLessThanOrEqual(e.max, 2.0, "edge max")
        XCTAssertLessThanOrEqual(e.mean, 0.75, "edge mean")
        XCTAssertLessThanOrEqual(l.max, 1.55, "line max")
        XCTAssertLessThanOrEqual(l.mean, 0.5, "line mean")
    }

    func testLargeSigmaProfiles() {
        // σ = 120: the integer sums are shifted right once to stay in 31 bits; the profiles stay within
        // the documented bounds (a 2000-pixel line, the edge 8σ from both ends): the continuous limit of
        // three boxes, 1.33/255, plus rounding
        let s = 120.0, n = 2000, c = 1000
        let support = Int((4 * s).rounded(.up)) + 1
        let range = (c - support)...(c + support)
        for (input, what) in [((0..<n).map { $0 >= c ? UInt8(255) : 0 }, "edge"), ((0..<n).map { $0 == c ? UInt8(255) : 0 }, "line")] {
            let e = errors(blurRowA8(input, sigma: s), reference(input.map(Double.init), sigma: s), range)
            XCTAssertLessThanOrEqual(e.max, what == "edge" ? 1.85 : 0.55, "\(what) σ \(s) max")
            XCTAssertLessThanOrEqual(e.mean, what == "edge" ? 0.7 : 0.2, "\(what) σ \(s) mean")
            print(String(format: "σ 120 %@: max %.2f mean %.3f", what, e.max, e.mean))
        }
    }

    func testPointImpulseAndSquareIn2D() {
        // both axes: a single opaque pixel (the 2D impulse response, the product of two 1D responses) and
        // a 60×60 opaque square (its corners are products of two erf profiles, so the two axes' errors add,
        // and where σ is large beside the square its two edges' errors add too)
        var table = "σ      point max/mean   square max/mean\n"
        for s in sigmas where s <= 10 {
            let w = 160, c = 80
            let support = Int((4 * s).rounded(.up)) + 1
            let point = (0..<w).map { $0 == c ? 1.0 : 0 }, square = (0..<w).map { $0 >= 50 && $0 < 110 ? 1.0 : 0 }
            var results: [(Double, Double)] = []
            for (shape, lo, hi) in [(point, c - support, c + support), (square, 50 - support, 110 + support)] {
                let k = reference(shape, sigma: s)
                var px = [UInt32](repeating: 0, count: w * w)
                for y in 0..<w { for x in 0..<w where shape[x] != 0 && shape[y] != 0 { px[y * w + x] = 0xFFFF_FFFF } }
                let b = GaussianBlur()
                px.withUnsafeMutableBufferPointer { b.blur(rgba: $0.baseAddress!, width: w, height: w, stride: w, sigma: s) }
                var m = 0.0, sum = 0.0, count = 0
                for y in max(0, lo)...min(w - 1, hi) {
                    for x in max(0, lo)...min(w - 1, hi) {
                        let e = abs(Double(px[y * w + x] >> 24) - 255 * k[x] * k[y])
                        m = max(m, e); sum += e; count += 1
                    }
                }
                results.append((m, sum / Double(count)))
            }
            let bound = squareBounds[s]!
            XCTAssertLessThanOrEqual(results[0].0, bound.pointMax, "point σ \(s)")
            XCTAssertLessThanOrEqual(results[0].1, bound.pointMean, "point σ \(s) mean")
            XCTAssertLessThanOrEqual(results[1].0, bound.squareMax, "square σ \(s)")
            XCTAssertLessThanOrEqual(results[1].1, bound.squareMean, "square σ \(s) mean")
            table += String(format: "%-6g %.2f/%.3f       %.2f/%.3f\n", s, results[0].0, results[0].1, results[1].0, results[1].1)
        }
        print(table)
    }

    func testSmallSigmaIsACopy() {
        var rng = SystemRandomNumberGenerator()
        let px = (0..<(37 * 23)).map { _ in UInt32.random(in: 0...UInt32.max, using: &rng) }
        for s in [0, 0.1, 0.29, -3, -.infinity, .nan] {
            var got = px
            let b = GaussianBlur()
            got.withUnsafeMutableBufferPointer { b.blur(rgba: $0.baseAddress!, width: 37, height: 23, stride: 37, sigma: s) }
            XCTAssertEqual(got, px, "σ \(s)")
        }
        XCTAssertEqual(GaussianBlur.margin(sigma: 0.2), 0)
    }

    func testFlatAreasKeepTheirValueAndMarginHoldsTheBlur() {
        // an opaque square (wider than 7σ) inside margin(σ): its middle stays exactly 255, the buffer's outer ring stays
        // below 1/255 (the tail beyond 3σ is 0.13 %), and the total alpha is conserved to rounding
        for s in [0.7, 1.5, 2, 3.3, 8, 20] {
            let m = GaussianBlur.margin(sigma: s)
            XCTAssertEqual(m, Int((3 * s).rounded(.up)))
            let content = 2 * Int((3.5 * s).rounded(.up)) + 20, side = 2 * m + content
            var mask = [UInt8](repeating: 0, count: side * side)
            for y in m..<(side - m) { for x in m..<(side - m) { mask[y * side + x] = 255 } }
            let b = GaussianBlur()
            mask.withUnsafeMutableBufferPointer { b.blur(mask: $0.baseAddress!, width: side, height: side, stride: side, sigma: s) }
            XCTAssertEqual(mask[(side / 2) * side + side / 2], 255, "σ \(s) middle")
            var ring = 0
            for i in 0..<side { ring = max(ring, Int(mask[i]), Int(mask[(side - 1) * side + i]), Int(mask[i * side]), Int(mask[i * side + side - 1])) }
            XCTAssertLessThanOrEqual(ring, 1, "σ \(s) outer ring")
            let total = mask.reduce(0) { $0 + Int($1) }
            XCTAssertEqual(Double(total) / Double(content * content * 255), 1, accuracy: 0.01, "σ \(s) mass")
        }
    }

    func testPremultipliedStaysValidAndChannelsMatchTheMaskPath() {
        // random premultiplied pixels: after the blur every colour channel is still ≤ alpha, and each
        // channel equals the A8 blur of that channel's plane (so RGBA and masks share one arithmetic);
        // extractAlpha gives the alpha plane
        var rng = SplitMix(seed: 11)
        let w = 45, h = 31
        var px = [UInt32]()
        for _ in 0..<(w * h) {
            let a = UInt32(rng.next() % 256)
            let c = { UInt32(rng.next() % UInt64(a + 1)) }
            px.append(PixelMath.pack(UInt8(c()), UInt8(c()), UInt8(c()), UInt8(a)))
        }
        for s in [0.8, 2.5, 6] {
            var out = px
            let b = GaussianBlur()
            out.withUnsafeMutableBufferPointer { b.blur(rgba: $0.baseAddress!, width: w, height: h, stride: w, sigmaX: s, sigmaY: s * 1.5) }
            for p in out {
                let q = PixelMath.unpack(p)
                XCTAssertTrue(q.r <= q.a && q.g <= q.a && q.b <= q.a)
            }
            var alpha = [UInt8](repeating: 0, count: w * h)
            px.withUnsafeBufferPointer { p in
                alpha.withUnsafeMutableBufferPointer { GaussianBlur.extractAlpha(p.baseAddress!, stride: w, width: w, height: h, into: $0.baseAddress!, maskStride: w) }
            }
            XCTAssertEqual(alpha, px.map { UInt8($0 >> 24) })
            for channel in 0..<4 {
                // each plane in a mask with a stride of w + 3, the 3 extra bytes a row must stay untouched
                let plane = px.map { UInt8(truncatingIfNeeded: $0 >> UInt32(8 * channel)) }
                var strided = [UInt8](repeating: 77, count: h * (w + 3))
                for y in 0..<h { for x in 0..<w { strided[y * (w + 3) + x] = plane[y * w + x] } }
                strided.withUnsafeMutableBufferPointer { b.blur(mask: $0.baseAddress!, width: w, height: h, stride: w + 3, sigmaX: s, sigmaY: s * 1.5) }
                let got = (0..<(w * h)).map { strided[($0 / w) * (w + 3) + $0 % w] }
                XCTAssertEqual(got, out.map { UInt8(truncatingIfNeeded: $0 >> UInt32(8 * channel)) }, "σ \(s) channel \(channel)")
                XCTAssertTrue((0..<h).allSatisfy { y in strided[(y * (w + 3) + w)..<((y + 1) * (w + 3))].allSatisfy { $0 == 77 } })
            }
        }
    }

    func testAxesAgreeUnderTransposition() {
        // blurring the transposed image with the σs swapped gives the transposed result: the row path
        // and the column path compute the same thing; strides wider than the width are honoured
        var rng = SplitMix(seed: 5)
        let w = 70, h = 19, stride = 75
        var img = [UInt32](repeating: 0xDEAD_BEEF, count: h * stride)
        for y in 0..<h { for x in 0..<w { let a = UInt8(rng.next() % 256); img[y * stride + x] = PixelMath.pack(a / 2, a / 3, a, a) } }
        var t = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { t[x * h + y] = img[y * stride + x] } }
        for (sx, sy) in [(1.2, 4.0), (3.0, 0.6), (12.0, 2.0)] {
            var a = img, bt = t
            let b = GaussianBlur()
            a.withUnsafeMutableBufferPointer { b.blur(rgba: $0.baseAddress!, width: w, height: h, stride: stride, sigmaX: sx, sigmaY: sy) }
            // the transposed image is blurred in the other order (rows first), so compare per axis alone
            var a1 = img, t1 = t
            a1.withUnsafeMutableBufferPointer { b.blur(rgba: $0.baseAddress!, width: w, height: h, stride: stride, sigmaX: sx, sigmaY: 0) }
            t1.withUnsafeMutableBufferPointer { b.blur(rgba: $0.baseAddress!, width: h, height: w, stride: h, sigmaX: 0, sigmaY: sx) }
            for y in 0..<h { for x in 0..<w { XCTAssertEqual(a1[y * stride + x], t1[x * h + y], "(\(sx), 0) at \(x),\(y)") } }
            for y in 0..<h { XCTAssertEqual(a[y * stride + w..<y * stride + stride].allSatisfy { $0 == 0xDEAD_BEEF }, true, "padding untouched") }
            bt.withUnsafeMutableBufferPointer { b.blur(rgba: $0.baseAddress!, width: h, height: w, stride: h, sigmaX: sy, sigmaY: sx) }
            // both orders blur each axis once; they differ only by the 8-bit rounding between axes
            var worst = 0
            for y in 0..<h { for x in 0..<w {
                let p = PixelMath.unpack(a[y * stride + x]), q = PixelMath.unpack(bt[x * h + y])
                worst = max(worst, abs(Int(p.a) - Int(q.a)), abs(Int(p.b) - Int(q.b)))
            } }
            XCTAssertLessThanOrEqual(worst, 1, "(\(sx), \(sy))")
        }
    }

    func testScratchReuseAndHugeSigma() {
        // one GaussianBlur reused across sizes and σs gives what fresh ones give; a σ of thousands is
        // clamped to maxSigma, finishes, and spreads a small square's mass thinly and evenly
        let shared = GaussianBlur()
        var rng = SplitMix(seed: 3)
        for (w, h, s) in [(50, 40, 9.0), (10, 90, 1.1), (64, 3, 25.0), (50, 40, 9.0)] {
            let px = (0..<(w * h)).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
            var a = px, b = px
            a.withUnsafeMutableBufferPointer { shared.blur(rgba: $0.baseAddress!, width: w, height: h, stride: w, sigma: s) }
            b.withUnsafeMutableBufferPointer { GaussianBlur().blur(rgba: $0.baseAddress!, width: w, height: h, stride: w, sigma: s) }
            XCTAssertEqual(a, b, "\(w)×\(h) σ \(s)")
        }
        XCTAssertEqual(GaussianBlur.margin(sigma: 1e9), Int(3 * GaussianBlur.maxSigma))
        for s in [600.0, 1e6, .infinity] {
            var mask = [UInt8](repeating: 0, count: 16 * 16)
            for y in 4..<12 { for x in 4..<12 { mask[y * 16 + x] = 255 } }
            mask.withUnsafeMutableBufferPointer { shared.blur(mask: $0.baseAddress!, width: 16, height: 16, stride: 16, sigma: s) }
            // 64 opaque pixels under a Gaussian of σ ≥ 600: the centre value is about 255·64/(2πσ²) < 1
            XCTAssertTrue(mask.allSatisfy { $0 <= 1 }, "σ \(s)")
        }
    }

    func testKernelDesign() {
        // the extended box's variance formula, by hand: l = 2, α = 0.5 has taps 0.5,1,1,1,1,1,0.5 over 6,
        // variance (1+4)·2·1 + 2·0.5·9 = 10 + 9 = 19 over 6
        let (l, a) = BlurPlan.extendedBox(variance: 19.0 / 6)
        XCTAssertEqual(l, 2)
        XCTAssertEqual(a, 0.5, accuracy: 1e-12)
        // three boxes give the variance asked for exactly, for fractional σ too
        for s in [2.0, 2.7, 10.3, 77.7] {
            let (l, a) = BlurPlan.extendedBox(variance: s * s / 3)
            var v = 0.0
            for i in -l...l { v += Double(i * i) }
            v = (v + 2 * a * Double((l + 1) * (l + 1))) / (Double(2 * l + 1) + 2 * a)
            XCTAssertEqual(3 * v, s * s, accuracy: 1e-9)
            XCTAssertTrue(a >= 0 && a < 1)
        }
        for x in stride(from: -4.0, through: 4.0, by: 0.125) {
            XCTAssertEqual(BlurPlan.erfTaylor(x), erf(x), accuracy: 1e-10, "erf \(x)")
        }
    }
}
