// Gradient and image paints against their definitions (DisplayList.swift): every expected colour is
// computed here from the stops or the image's pixels with plain formulas (premultiplied linear
// interpolation, atan2, bilinear weights, area averages), never read back from the renderer. The
// dither makes a pixel either neighbour of its ideal 8-bit value, so single pixels are checked to
// within one step (plus the table's position error, an eighth of a pixel of the ramp) and averages
// over the 8 × 8 dither cell to a small fraction of a step.

import CalcCore
import DisplayList
@testable import Render
import XCTest

final class PaintTests: XCTestCase {
    let r = Renderer()

    // MARK: - Helpers

    /// A w × h clear canvas whose whole area is filled with `g` (path space = device pixels).
    func gradient(_ w: Int, _ h: Int, _ g: Gradient, clip: Rect? = nil, transform: Projective = .identity) -> Framebuffer {
        var l = DisplayList(width: w, height: h, background: .clear)
        var p = Path()
        p.addRect(Rect(0, 0, Double(w), Double(h)))
        let ref = l.add(p)
        l.gradients = [g]
        if let c = clip {
            var cp = Path()
            cp.addRect(c)
            l.ops.append(.pushClip(ClipShape(path: l.add(cp), rule: .nonZero, transform: .identity)))
        }
        l.ops.append(.fill(Fill(path: ref, rule: .nonZero, paint: .gradient(0), transform: transform)))
        return r.render(l)
    }

    /// The premultiplied colour (0…255 per channel) of `stops` at t, straight from the definition.
    func ideal(_ stops: [GradientStop], _ t: Double) -> [Double] {
        func pm(_ c: Color) -> [Double] { [c.r * c.a * 255, c.g * c.a * 255, c.b * c.a * 255, c.a * 255] }
        if t <= stops[0].location { return pm(stops[0].color) }
        guard let j = stops.lastIndex(where: { $0.location <= t }), j + 1 < stops.count else { return pm(stops[stops.count - 1].color) }
        let a = stops[j], b = stops[j + 1]
        let f = (t - a.location) / (b.location - a.location)
        return zip(pm(a.color), pm(b.color)).map { $0 + ($1 - $0) * f }
    }

    func channels(_ fb: Framebuffer, _ x: Int, _ y: Int) -> [Double] { px(fb, x, y).map(Double.init) }

    /// Every pixel's channels within `tolerance` of `expected(x, y)` (nil skips the pixel).
    func assertEach(_ fb: Framebuffer, tolerance: Double, _ expected: (Int, Int) -> [Double]?,
                    file: StaticString = #filePath, line: UInt = #line) {
        var worst = 0.0, at = (0, 0)
        for y in 0..<fb.height {
            for x in 0..<fb.width {
                guard let e = expected(x, y) else { continue }
                let d = zip(channels(fb, x, y), e).map { abs($0 - $1) }.max() ?? 0
                if d > worst { worst = d; at = (x, y) }
            }
        }
        XCTAssertLessThanOrEqual(worst, tolerance, "worst pixel \(at): \(px(fb, at.0, at.1))", file: file, line: line)
    }

    /// An image of premultiplied pixels from (r, g, b, a) rows.
    func image(_ w: Int, _ h: Int, _ f: (Int, Int) -> [UInt8]) -> RasterImage {
        var fb = Framebuffer(width: w, height: h)
        for y in 0..<h { for x in 0..<w { let c = f(x, y); fb[x, y] = PixelMath.pack(c[0], c[1], c[2], c[3]) } }
        return RasterImage(fb)
    }

    /// `img` drawn from `source` onto `dest` on a clear w × h canvas.
    func draw(_ img: RasterImage, _ w: Int, _ h: Int, source: Rect, dest: Rect, transform: Projective = .identity,
              alpha: Double = 1, tint: Color = .white, sampling: Sampling = .linear, clip: Rect? = nil) -> Framebuffer {
        var l = DisplayList(width: w, height: h, background: .clear)
        l.images = ["i"]
        if let c = clip {
            var cp = Path()
            cp.addRect(c)
            l.ops.append(.pushClip(ClipShape(path: l.add(cp), rule: .nonZero, transform: .identity)))
        }
        l.ops.append(.image(ImageDraw(image: 0, source: source, destination: dest, transform: transform,
                                      alpha: alpha, tint: tint, sampling: sampling)))
        return r.render(l, images: ["i": img])
    }

    /// The same plane map written with every entry doubled: identical points, but not `isAffine`, so
    /// the renderer takes its per-pixel (perspective) path.
    func projective(_ a: Affine2D) -> Projective {
        let p = Projective(a)
        return Projective(m11: 2 * p.m11, m12: 2 * p.m12, m13: 0, m21: 2 * p.m21, m22: 2 * p.m22, m23: 0,
                          m31: 2 * p.m31, m32: 2 * p.m32, m33: 2)
    }

    // MARK: - Gradients

    func testAxialTwoStopRampMatchesDefinition() {
        // u = (x − 20) / 160: the ramp runs from device x 20 to 180, flat beyond
        let stops = [GradientStop(0, Color(1, 0.2, 0)), GradientStop(1, Color(0, 0.6, 1))]
        let g = Gradient(type: .axial, stops: stops, space: Affine2D(a: 1.0 / 160, b: 0, c: 0, d: 0, tx: -20.0 / 160, ty: 0))
        let fb = gradient(200, 8, g)
        // stops beyond the ends extend, exactly (both colours are whole 8-bit values: no dither)
        for y in 0..<8 {
            XCTAssertEqual(px(fb, 0, y), [255, 51, 0, 255])
            XCTAssertEqual(px(fb, 19, y), [255, 51, 0, 255])
            XCTAssertEqual(px(fb, 180, y), [0, 153, 255, 255])
            XCTAssertEqual(px(fb, 199, y), [0, 153, 255, 255])
        }
        // x = 99.5 is t = ½: r 127.5, g 102, b 127.5 → r, b ∈ {127, 128}, g exactly 102
        for y in 0..<8 {
            let p = px(fb, 99, y)
            XCTAssertTrue([127, 128].contains(p[0]) && [127, 128].contains(p[2]) && p[1] == 102 && p[3] == 255, "\(p)")
        }
        // everywhere: within one step plus the table's eighth of a pixel (255 / 160 / 8 of a step)
        assertEach(fb, tolerance: 1 + 255.0 / 160 / 8) { x, _ in self.ideal(stops, (Double(x) + 0.5 - 20) / 160) }
        // the dither is unbiased: over each 8 × 8 cell the mean is the ideal mean
        for cx in stride(from: 24, to: 176, by: 8) {
            var got = 0.0, want = 0.0
            for y in 0..<8 { for x in cx..<cx + 8 { got += Double(px(fb, x, y)[0]); want += ideal(stops, (Double(x) + 0.5 - 20) / 160)[0] } }
            XCTAssertEqual(got / 64, want / 64, accuracy: 0.25, "cell at x \(cx)")
        }
    }

    func testPremultipliedInterpolationHasNoDarkFringe() {
        // opaque red → transparent; pixel centres 0 … 254 at t = 0 … 1, so x 127 is t = ½
        let stops = [GradientStop(0, Color(1, 0, 0, 1)), GradientStop(1, Color(0, 0, 0, 0))]
        let g = Gradient(type: .axial, stops: stops, space: Affine2D(a: 1.0 / 254, b: 0, c: 0, d: 0, tx: -0.5 / 254, ty: 0))
        let fb = gradient(255, 8, g)
        for y in 0..<8 {
            for x in 0..<255 {
                let p = px(fb, x, y)
                // premultiplied red over its own alpha stays 1: r = a at every pixel, no black mixed in
                XCTAssertEqual(p[0], p[3], "x \(x)")
                XCTAssertEqual(p[1], 0); XCTAssertEqual(p[2], 0)
            }
            // the midpoint: 255 · ½ = 127.5 (straight-alpha mixing would give 0.5 · 127.5 ≈ 64)
            XCTAssertTrue([127, 128].contains(px(fb, 127, y)[0]), "\(px(fb, 127, y))")
        }
        assertEach(fb, tolerance: 1 + 255.0 / 254 / 8) { x, _ in self.ideal(stops, Double(x) / 254) }
    }

    func testTransparentStopOfAnotherColourBringsNoFringe() {
        // blue → transparent white: premultiplied, the white never shows
        let stops = [GradientStop(0, Color(0, 0, 1, 1)), GradientStop(1, Color(1, 1, 1, 0))]
        let g = Gradient(type: .axial, stops: stops, space: Affine2D(a: 1.0 / 64, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        let fb = gradient(64, 8, g)
        for y in 0..<8 { for x in 0..<64 { let p = px(fb, x, y); XCTAssertEqual(p[0], 0); XCTAssertEqual(p[1], 0); XCTAssertEqual(p[2], p[3]) } }
    }

    func testRadialAtHalfRadiusAndBeyond() {
        // centre (64.5, 64.5), radius 64: t = distance / 64
        let stops = [GradientStop(0, Color(0, 0, 0)), GradientStop(1, Color(1, 1, 1))]
        let g = Gradient(type: .radial, stops: stops, space: Affine2D(a: 1.0 / 64, b: 0, c: 0, d: 1.0 / 64, tx: -64.5 / 64, ty: -64.5 / 64))
        let fb = gradient(129, 129, g)
        // radius ½ (32 pixels) in the four directions: 127.5
        for (x, y) in [(96, 64), (32, 64), (64, 96), (64, 32)] {
            XCTAssertTrue([127, 128].contains(px(fb, x, y)[0]), "(\(x), \(y)): \(px(fb, x, y))")
        }
        XCTAssertEqual(px(fb, 64, 64), [0, 0, 0, 255])          // the centre, t = 0
        XCTAssertEqual(px(fb, 0, 0), [255, 255, 255, 255])      // beyond the radius the last colour holds
        XCTAssertEqual(px(fb, 128, 64), [255, 255, 255, 255])
        assertEach(fb, tolerance: 1 + 255.0 / 64 / 8) { x, y in
            let d = ((Double(x) + 0.5 - 64.5) * (Double(x) + 0.5 - 64.5) + (Double(y) + 0.5 - 64.5) * (Double(y) + 0.5 - 64.5)).squareRoot()
            return self.ideal(stops, d / 64)
        }
    }

    func testConicStartsOnUAndTurnsTowardsV() {
        // centre (64.5, 64.5), u = +x, v = +y (down the screen): t is the angle clockwise on screen
        let stops = [GradientStop(0, Color(0, 0, 0)), GradientStop(1, Color(1, 1, 1))]
        let g = Gradient(type: .conic, stops: stops, space: Affine2D(a: 1, b: 0, c: 0, d: 1, tx: -64.5, ty: -64.5))
        let fb = gradient(129, 129, g)
        XCTAssertEqual(px(fb, 96, 64), [0, 0, 0, 255])                   // on +u: t = 0
        XCTAssertTrue([63, 64].contains(px(fb, 64, 96)[0]))              // below: 90° clockwise, t = ¼ → 63.75
        XCTAssertTrue([127, 128].contains(px(fb, 32, 64)[0]))            // left: t = ½
        XCTAssertTrue([191, 192].contains(px(fb, 64, 32)[0]))            // above: t = ¾ → 191.25
        // everywhere but the seam on +u (where t wraps) and the centre, against atan2
        assertEach(fb, tolerance: 1.25) { x, y in
            let dx = Double(x) + 0.5 - 64.5, dy = Double(y) + 0.5 - 64.5
            guard dx * dx + dy * dy > 16, !(dx > 0 && abs(dy) < 3) else { return nil }
            var t = atan2(dy, dx) / (2 * Double.pi)
            if t < 0 { t += 1 }
            return self.ideal(stops, t)
        }
    }

    func testHardStopStaysSharp() {
        let red = Color(1, 0, 0), blue = Color(0, 0, 1)
        let stops = [GradientStop(0, red), GradientStop(0.5, red), GradientStop(0.5, blue), GradientStop(1, blue)]
        // along x over 256 pixels, and rotated 30° (the edge then crosses rows at a slant)
        for angle in [0.0, 30.0] {
            let c = cos(angle * .pi / 180), s = sin(angle * .pi / 180)
            // u = ((x, y) − (128, 128)) · (c, s) / 256 + ½
            let g = Gradient(type: .axial, stops: stops,
                             space: Affine2D(a: c / 256, b: 0, c: s / 256, d: 0, tx: 0.5 - (128 * c + 128 * s) / 256, ty: 0))
            let fb = gradient(256, 64, g)
            var mixed = 0
            for y in 0..<64 {
                for x in 0..<256 {
                    let u = ((Double(x) + 0.5 - 128) * c + (Double(y) + 0.5 - 128) * s) / 256 + 0.5
                    let p = px(fb, x, y)
                    // a pixel is one colour or the other, never a mix, except within the table's eighth
                    // of a pixel of the edge
                    if abs(u - 0.5) * 256 > 0.125 {
                        XCTAssertEqual(p, u < 0.5 ? red8 : blue8, "(\(x), \(y)) u \(u)")
                    } else if p != red8 && p != blue8 {
                        mixed += 1
                    }
                }
            }
            XCTAssertEqual(mixed, 0)
        }
    }

    let red8 = [255, 0, 0, 255], blue8 = [0, 0, 255, 255]

    func testLongLowContrastRampHasNoBands() {
        // 100 → 108 over 256 pixels: one 8-bit step every 32 pixels, where rounding shows bands
        let lo = 100.0 / 255, hi = 108.0 / 255
        let stops = [GradientStop(0, Color(lo, lo, lo)), GradientStop(1, Color(hi, hi, hi))]
        let g = Gradient(type: .axial, stops: stops, space: Affine2D(a: 1.0 / 256, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        let fb = gradient(256, 64, g)
        func want(_ x: Int) -> Double { 100 + 8 * (Double(x) + 0.5) / 256 }
        // every level of the ramp is there (no table step skips one), and no other
        var levels = Set<Int>()
        var absError = 0.0
        for y in 0..<64 { for x in 0..<256 { let v = px(fb, x, y)[0]; levels.insert(v); absError += abs(Double(v) - want(x)) } }
        XCTAssertEqual(levels, Set(100...108))
        // a pixel is its ideal's floor or ceiling: the mean error is at most ½ (about ⅓ for a dither)
        XCTAssertLessThanOrEqual(absError / Double(256 * 64), 0.5)
        // no bands: every 8 × 8 cell averages to the ideal (rounding would be off by up to ½ step, in
        // 32-pixel bands)
        var worst = 0.0
        for cy in stride(from: 0, to: 64, by: 8) {
            for cx in stride(from: 0, to: 256, by: 8) {
                var got = 0.0, ideal = 0.0
                for y in cy..<cy + 8 { for x in cx..<cx + 8 { got += Double(px(fb, x, y)[0]); ideal += want(x) } }
                worst = max(worst, abs(got - ideal) / 64)
            }
        }
        XCTAssertLessThanOrEqual(worst, 0.1)
    }

    func testTableIsFineOnALongRamp() {
        // a 1920-pixel full-range ramp seen through a 240-pixel window of it: consecutive pixels'
        // 8 × 8 means rise steadily, by 255/1920 of a step per pixel, with no table plateaus
        let stops = [GradientStop(0, Color(0, 0, 0)), GradientStop(1, Color(1, 1, 1))]
        let g = Gradient(type: .axial, stops: stops, space: Affine2D(a: 1.0 / 1920, b: 0, c: 0, d: 0, tx: 0.4, ty: 0))
        XCTAssertGreaterThanOrEqual(GradientShader.tableLength(.axial, Projective(g.space)), 4 * 1920)
        let fb = gradient(240, 8, g)
        for cx in stride(from: 0, to: 240, by: 8) {
            var got = 0.0, want = 0.0
            for y in 0..<8 { for x in cx..<cx + 8 { got += Double(px(fb, x, y)[0]); want += 255 * (0.4 + (Double(x) + 0.5) / 1920) } }
            XCTAssertEqual(got / 64, want / 64, accuracy: 0.1, "cell at x \(cx)")
        }
    }

    func testDitherIsTiedToDevicePixelsNotSpans() {
        // a pixel's colour must not depend on where its span starts (a clip moves span starts)
        let stops = [GradientStop(0, Color(0.2, 0.5, 0.9, 0.7)), GradientStop(0.6, Color(0.9, 0.1, 0.3)), GradientStop(1, Color(0, 1, 0, 0.2))]
        for type in [GradientType.axial, .radial, .conic] {
            let g = Gradient(type: type, stops: stops, space: Affine2D(a: 0.011, b: 0.004, c: -0.003, d: 0.012, tx: -0.9, ty: -0.7))
            let whole = gradient(160, 96, g)
            let clipped = gradient(160, 96, g, clip: Rect(37, 11, 90, 70))
            for y in 11..<81 { for x in 37..<127 { XCTAssertEqual(whole[x, y], clipped[x, y], "\(type) (\(x), \(y))") } }
            // a second renderer, and a second run, give the same bytes
            XCTAssertEqual(Renderer().render(gradientList(160, 96, g)).pixels, whole.pixels)
        }
    }

    func gradientList(_ w: Int, _ h: Int, _ g: Gradient) -> DisplayList {
        var l = DisplayList(width: w, height: h, background: .clear)
        var p = Path()
        p.addRect(Rect(0, 0, Double(w), Double(h)))
        let ref = l.add(p)
        l.gradients = [g]
        l.ops = [.fill(Fill(path: ref, rule: .nonZero, paint: .gradient(0), transform: .identity))]
        return l
    }

    func testPerspectivePathAgreesWithAffinePath() {
        // the identity written as a projective map takes the per-pixel path
        let stops = [GradientStop(0, Color(0.1, 0.2, 0.9)), GradientStop(1, Color(0.9, 0.8, 0.1))]
        for type in [GradientType.axial, .radial, .conic] {
            let g = Gradient(type: type, stops: stops, space: Affine2D(a: 1.0 / 90, b: 0.002, c: 0.003, d: 1.0 / 70, tx: -0.6, ty: -0.5))
            let affine = gradient(120, 90, g), perspective = gradient(120, 90, g, transform: projective(.identity))
            var worst = 0
            for i in 0..<affine.pixels.count {
                let a = PixelMath.unpack(affine.pixels[i]), b = PixelMath.unpack(perspective.pixels[i])
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
            }
            // the same t up to rounding: at most a table entry apart, then the same dither
            XCTAssertLessThanOrEqual(worst, 1, "\(type)")
        }
    }

    // MARK: - Images

    let p00: [UInt8] = [200, 40, 0, 255], p10: [UInt8] = [0, 100, 250, 255]
    let p01: [UInt8] = [30, 220, 60, 255], p11: [UInt8] = [90, 90, 90, 180]

    var quad: RasterImage { image(2, 2) { x, y in [[p00, p10], [p01, p11]][y][x] } }

    /// Bilinear from the definition: image position (sx, sy), centres at whole numbers + ½, edges
    /// extended; rounded half up.
    func bilinear(_ sx: Double, _ sy: Double) -> [Int] {
        let x = min(max(sx - 0.5, 0), 1), y = min(max(sy - 0.5, 0), 1)
        return (0..<4).map { c in
            let top = Double(p00[c]) * (1 - x) + Double(p10[c]) * x
            let bottom = Double(p01[c]) * (1 - x) + Double(p11[c]) * x
            return Int((top * (1 - y) + bottom * y + 0.5).rounded(.down))
        }
    }

    func testMagnifiedImageIsExactlyBilinear() {
        // 2 × 2 image onto 8 × 8: device centre (x + ½) is image position (x + ½) / 4
        let fb = draw(quad, 8, 8, source: Rect(0, 0, 2, 2), dest: Rect(0, 0, 8, 8))
        for (x, y) in [(2, 2), (5, 2), (2, 5), (5, 5), (3, 4), (4, 3), (3, 3), (4, 6)] {
            XCTAssertEqual(px(fb, x, y), bilinear((Double(x) + 0.5) / 4, (Double(y) + 0.5) / 4), "(\(x), \(y))")
        }
        // within half a pixel of the edges, the edge pixels themselves
        XCTAssertEqual(px(fb, 0, 0), p00.map(Int.init))
        XCTAssertEqual(px(fb, 7, 0), p10.map(Int.init))
        XCTAssertEqual(px(fb, 7, 7), p11.map(Int.init))
        // every pixel
        for y in 0..<8 { for x in 0..<8 { XCTAssertEqual(px(fb, x, y), bilinear((Double(x) + 0.5) / 4, (Double(y) + 0.5) / 4)) } }
    }

    func testEdgePixelsExtendBeyondTheImage() {
        // a source rect twice the image, centred on it: the outer ring shows the edge pixels
        let fb = draw(quad, 16, 16, source: Rect(-1, -1, 4, 4), dest: Rect(0, 0, 16, 16))
        XCTAssertEqual(px(fb, 0, 0), p00.map(Int.init))
        XCTAssertEqual(px(fb, 15, 0), p10.map(Int.init))
        XCTAssertEqual(px(fb, 0, 15), p01.map(Int.init))
        XCTAssertEqual(px(fb, 15, 15), p11.map(Int.init))
        // along the top edge, outside the image vertically, the top row interpolated horizontally
        for x in 0..<16 { XCTAssertEqual(px(fb, x, 0), bilinear(-1 + (Double(x) + 0.5) / 4, 0)) }
    }

    func testNearestSampling() {
        let fb = draw(quad, 8, 8, source: Rect(0, 0, 2, 2), dest: Rect(0, 0, 8, 8), sampling: .nearest)
        for y in 0..<8 {
            for x in 0..<8 {
                XCTAssertEqual(px(fb, x, y), [[p00, p10], [p01, p11]][y / 4][x / 4].map(Int.init), "(\(x), \(y))")
            }
        }
    }

    func testTintAndAlphaMultiplyThePremultipliedPixel() {
        let img = image(4, 4) { _, _ in [200, 100, 50, 255] }
        let fb = draw(img, 4, 4, source: Rect(0, 0, 4, 4), dest: Rect(0, 0, 4, 4), alpha: 0.5, tint: Color(0.5, 1, 0.2))
        // (200 · 0.5, 100 · 1, 50 · 0.2) · 0.5 and alpha 255 · 0.5: 50, 50, 5, 127.5 (±1 for rounding)
        assertClose(px(fb, 1, 1), [50, 50, 5, 128], tolerance: 1)
        let faded = draw(img, 4, 4, source: Rect(0, 0, 4, 4), dest: Rect(0, 0, 4, 4), alpha: 0.25)
        assertClose(px(faded, 2, 2), [50, 25, 13, 64], tolerance: 1)     // 200/4, 100/4, 12.5, 63.75
        let plain = draw(img, 4, 4, source: Rect(0, 0, 4, 4), dest: Rect(0, 0, 4, 4))
        XCTAssertEqual(px(plain, 3, 3), [200, 100, 50, 255])
    }

    func testMipmapLevelsAreAreaAverages() {
        // odd sizes: a 5 × 3 image halves to 2 × 1, each output pixel covering 2.5 × 3 input pixels
        let img = image(5, 3) { x, y in [UInt8(x * 50 + y * 10), UInt8(200 - x * 30), UInt8(y * 100), 255] }
        XCTAssertEqual(img.levels.map { [$0.width, $0.height] }, [[5, 3], [2, 1], [1, 1]])
        let l1 = img.levels[1]
        for ox in 0..<2 {
            let v = img.texels[l1.offset + ox]
            for c in 0..<4 {
                // weights: columns 2·ox, 2·ox + 1 whole, column 2·ox + 2 … by halves: ox 0 covers [0, 2.5)
                var sum = 0.0
                for y in 0..<3 {
                    for x in 0..<5 {
                        let lo = max(Double(x), 2.5 * Double(ox)), hi = min(Double(x + 1), 2.5 * Double(ox + 1))
                        if hi > lo {
                            let p = img.texels[y * 5 + x]
                            sum += (hi - lo) * Double((p >> (8 * UInt32(c))) & 255)
                        }
                    }
                }
                XCTAssertEqual(Int((v >> (8 * UInt32(c))) & 255), Int((sum / 7.5 + 0.5).rounded(.down)), "level 1 (\(ox)) channel \(c)")
            }
        }
        // an even image: plain 2 × 2 means
        let even = image(4, 2) { x, _ in x % 2 == 0 ? [255, 0, 10, 255] : [0, 0, 0, 0] }
        XCTAssertEqual(even.texels[even.levels[1].offset], PixelMath.pack(128, 0, 5, 128))   // 127.5 → 128, 5
    }

    func testLevelOfDetailFollowsLog2OfTheScale() {
        XCTAssertTrue(ImageShader.detail(squared: 1, levels: 8) == (0, 0))       // 1:1, magnifying
        XCTAssertTrue(ImageShader.detail(squared: 0.25, levels: 8) == (0, 0))
        XCTAssertTrue(ImageShader.detail(squared: 4, levels: 8) == (1, 0))       // exactly half size: level 1
        XCTAssertTrue(ImageShader.detail(squared: 1e12, levels: 8) == (7, 0))    // past the last level
        for rho in stride(from: 1.05, to: 60, by: 0.37) {
            let (k, w) = ImageShader.detail(squared: rho * rho, levels: 8)
            let lod = Double(k) + Double(w) / 256
            XCTAssertEqual(lod, log2(rho), accuracy: 0.006, "ρ \(rho)")
        }
    }

    /// A checkerboard of 1-pixel squares, `n` pixels a side.
    func checkerboard(_ n: Int) -> RasterImage { image(n, n) { x, y in (x + y) % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255] } }

    /// The mean intensity (0…1) of the pixels wholly inside an image drawn at `scale` at the origin.
    func meanInside(_ fb: Framebuffer, _ size: Double) -> Double {
        let n = Int(size.rounded(.down)) - 1
        var sum = 0.0
        for y in 1..<n { for x in 1..<n { sum += Double(px(fb, x, y)[1]) } }
        return sum / Double((n - 1) * (n - 1)) / 255
    }

    func testSlowZoomOfAFineCheckerboardDoesNotShimmer() {
        // 101-pixel checkerboards of 1- and 2-pixel squares (odd: their mipmaps are resampled with
        // fractional weights) zoomed from 0.31 to 0.29 in steps of 0.001
        for square in [1, 2] {
            let img = image(101, 101) { x, y in (x / square + y / square) % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255] }
            var means: [Double] = [], nearest: [Double] = []
            for k in 0...20 {
                let s = 0.31 - 0.001 * Double(k)
                let dest = Rect(0, 0, 101 * s, 101 * s)
                means.append(meanInside(draw(img, 32, 32, source: Rect(0, 0, 101, 101), dest: dest), 101 * s))
                nearest.append(meanInside(draw(img, 32, 32, source: Rect(0, 0, 101, 101), dest: dest, sampling: .nearest), 101 * s))
            }
            for (k, m) in means.enumerated() { XCTAssertEqual(m, 0.5, accuracy: 0.01, "\(square)-pixel squares, frame \(k)") }
            let steps = zip(means, means.dropFirst()).map { abs($0 - $1) }
            XCTAssertLessThanOrEqual(steps.max() ?? 1, 0.002, "\(square)-pixel squares")
            // the test can tell: point sampling (no filter) flickers from frame to frame
            if square == 1 {
                let nearestSteps = zip(nearest, nearest.dropFirst()).map { abs($0 - $1) }
                XCTAssertGreaterThan(nearestSteps.max() ?? 0, 0.02)
            }
        }
    }

    func testMinifiedCheckerboardIsUniformGrey() {
        // not only the mean: at 0.3× no pixel inside strays far from mid-grey (moiré would)
        let img = checkerboard(100)
        let fb = draw(img, 32, 32, source: Rect(0, 0, 100, 100), dest: Rect(0, 0, 30, 30))
        for y in 1..<29 { for x in 1..<29 { XCTAssertEqual(Double(px(fb, x, y)[0]), 127.5, accuracy: 4, "(\(x), \(y))") } }
        // rotated 30° and in perspective (per-pixel level of detail), still grey
        let c = cos(Double.pi / 6), s = sin(Double.pi / 6)
        let rotated = Affine2D(a: c, b: s, c: -s, d: c, tx: 16, ty: 16)
        let fr = draw(img, 32, 32, source: Rect(0, 0, 100, 100), dest: Rect(-12, -12, 24, 24), transform: Projective(rotated))
        for y in 10..<22 { for x in 10..<22 { XCTAssertEqual(Double(px(fr, x, y)[0]), 127.5, accuracy: 4, "rotated (\(x), \(y))") } }
        let fp = draw(img, 32, 32, source: Rect(0, 0, 100, 100), dest: Rect(-12, -12, 24, 24), transform: projective(rotated))
        for y in 10..<22 { for x in 10..<22 { XCTAssertEqual(Double(px(fp, x, y)[0]), 127.5, accuracy: 4, "perspective (\(x), \(y))") } }
    }

    func testPerspectiveImagePathAgreesWithAffinePath() {
        let img = image(40, 30) { x, y in [UInt8(x * 6), UInt8(y * 8), UInt8((x * y) % 256), 255] }
        let c = cos(0.4), s = sin(0.4)
        for scale in [0.35, 0.7, 1.0, 2.5] {
            let m = Affine2D(a: c * scale, b: s * scale, c: -s * scale, d: c * scale, tx: 60, ty: 50)
            let a = draw(img, 120, 100, source: Rect(0, 0, 40, 30), dest: Rect(-20, -15, 40, 30), transform: Projective(m))
            let p = draw(img, 120, 100, source: Rect(0, 0, 40, 30), dest: Rect(-20, -15, 40, 30), transform: projective(m))
            var worst = 0
            for i in 0..<a.pixels.count {
                let x = PixelMath.unpack(a.pixels[i]), y = PixelMath.unpack(p.pixels[i])
                worst = max(worst, abs(Int(x.r) - Int(y.r)), abs(Int(x.g) - Int(y.g)), abs(Int(x.b) - Int(y.b)), abs(Int(x.a) - Int(y.a)))
            }
            // positions agree to 1/65536 of a texel and the level of detail to a weight step
            XCTAssertLessThanOrEqual(worst, 2, "scale \(scale)")
        }
    }

    func testImageSamplesDoNotDependOnSpans() {
        let img = image(40, 30) { x, y in [UInt8(x * 6), UInt8(y * 8), UInt8((x * y) % 256), 255] }
        let m = Projective(Affine2D(a: 0.93, b: 0.4, c: -0.4, d: 0.93, tx: 60, ty: 50))
        let whole = draw(img, 120, 100, source: Rect(0, 0, 40, 30), dest: Rect(-50, -40, 100, 80), transform: m)
        let clipped = draw(img, 120, 100, source: Rect(0, 0, 40, 30), dest: Rect(-50, -40, 100, 80), transform: m,
                           clip: Rect(33, 21, 50, 40))
        for y in 21..<61 { for x in 33..<83 { XCTAssertEqual(whole[x, y], clipped[x, y], "(\(x), \(y))") } }
    }
}

