// Filters against hand-computed values (docs/semantics.md, "Filters"): colorControls, posterize and
// bloom on single pixels and flat images, a layer's gaussianBlur edge against the erf profile through
// the whole pipeline (Compose's group bounds and input reach included), and background filters
// (backdrop) with their coverage mixing and edge clamping.

import CalcCore
import Compose
import DisplayList
import Foundation
@testable import Render
import XCTest

private func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.0.squareRoot())) }

final class FilterRenderTests: XCTestCase {
    /// One row of pixels filtered in a surface of its own.
    private func filtered(_ pixels: [UInt32], _ filters: [Filter]) -> [[Int]] {
        var buf = pixels
        let r = Renderer()
        buf.withUnsafeMutableBufferPointer { b in
            let rect = IRect(x0: 0, y0: 0, x1: b.count, y1: 1)
            r.apply(filters, to: Surface(base: b.baseAddress!, stride: b.count, originX: 0, originY: 0, rect: rect), rect: rect)
        }
        return buf.map { let p = PixelMath.unpack($0); return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)] }
    }

    func testColorControlsBySaturationBrightnessContrast() {
        let p = PixelMath.pack(200, 100, 50, 255)
        // saturation 0: the luma 0.2125·200 + 0.7154·100 + 0.0721·50 = 117.645 → 118 in every channel
        XCTAssertEqual(filtered([p], [.colorControls(saturation: 0, brightness: 0, contrast: 1)])[0], [118, 118, 118, 255])
        // saturation 2: L + 2(C − L) = 2C − L: 282.355 → 255 (clamped), 82.355 → 82, −17.645 → 0
        XCTAssertEqual(filtered([p], [.colorControls(saturation: 2, brightness: 0, contrast: 1)])[0], [255, 82, 0, 255])
        // brightness 0.2 adds 51
        XCTAssertEqual(filtered([p], [.colorControls(saturation: 1, brightness: 0.2, contrast: 1)])[0], [251, 151, 101, 255])
        // contrast 1.5 about 127.5: 72.5·1.5 + 127.5 = 236.25, −27.5·1.5 + 127.5 = 86.25, −77.5·1.5 + 127.5 = 11.25
        XCTAssertEqual(filtered([p], [.colorControls(saturation: 1, brightness: 0, contrast: 1.5)])[0], [236, 86, 11, 255])
        // translucent: (64, 32, 16) at α 128 is (0.5, 0.25, 0.125) straight; +0.25 → (0.75, 0.5, 0.375) × 128
        XCTAssertEqual(filtered([PixelMath.pack(64, 32, 16, 128)], [.colorControls(saturation: 1, brightness: 0.25, contrast: 1)])[0],
                       [96, 64, 48, 128])
        // transparent pixels stay transparent whatever the brightness
        XCTAssertEqual(filtered([0], [.colorControls(saturation: 1, brightness: 0.5, contrast: 1)])[0], [0, 0, 0, 0])
    }

    func testPosterizeRoundsToEvenlySpacedLevels() {
        // 6 levels: 0, 51, 102, 153, 204, 255; 128/255·5 = 2.51 → 3 → 153; 100/255·5 = 1.96 → 102;
        // 20/255·5 = 0.39 → 0; 230/255·5 = 4.51 → 255
        XCTAssertEqual(filtered([PixelMath.pack(128, 100, 20, 255), PixelMath.pack(230, 0, 255, 255)], [.posterize(levels: 6)]),
                       [[153, 102, 0, 255], [255, 0, 255, 255]])
        // 2 levels: each channel to 0 or 1 of the alpha; (40, 100, 60) at α 120 is (0.33, 0.83, 0.5)
        XCTAssertEqual(filtered([PixelMath.pack(40, 100, 60, 120)], [.posterize(levels: 2)])[0], [0, 120, 120, 120])
    }

    func testBloomAddsTheBlurredImageTimesTheIntensity() {
        // a flat opaque row 41 px long: in its middle the blur is the image itself, so the bloom is
        // 1.5 × (100, 50, 0) = (150, 75, 0) with the alpha clamped to 255
        let row = [UInt32](repeating: PixelMath.pack(100, 50, 0, 255), count: 41)
        var buf = [UInt32](repeating: 0, count: 41 * 41)
        for y in 0..<41 { for x in 0..<41 { buf[y * 41 + x] = row[x] } }
        let r = Renderer()
        buf.withUnsafeMutableBufferPointer { b in
            let rect = IRect(x0: 0, y0: 0, x1: 41, y1: 41)
            r.apply([.bloom(sigmaX: 2, sigmaY: 2, intensity: 0.5)], to: Surface(base: b.baseAddress!, stride: 41, originX: 0, originY: 0, rect: rect), rect: rect)
        }
        XCTAssertEqual(px(Framebuffer(width: 41, height: 41, pixels: buf)!, 20, 20), [150, 75, 0, 255])
        // a corner pixel sees the transparency around the buffer: less glow, but never below the image
        let corner = px(Framebuffer(width: 41, height: 41, pixels: buf)!, 0, 0)
        XCTAssertGreaterThan(corner[0], 100); XCTAssertLessThan(corner[0], 150)
    }

    func testBloomGlowsOutsideTheShapeWithColourNeverAboveAlpha() {
        // an opaque white 20×20 square on a clear 60×60 canvas: outside it the bloom's glow is 0.8 × the
        // blurred square; at pixel (41, 30), 1.5 px beyond the right edge midway along it, that is
        // 0.8 × 255 × (1 − Φ(1.5/4)) × (2Φ(10/4) − 1) ≈ 71.3
        let sq = box(20, 20, 20, 20, .white) { $0.filters = [FilterState(kind: .bloom, name: "b", inputs: [4, 0.8])] }
        let fb = Renderer().render(scene(60, 60, background: .clear, [sq]))
        let glow = px(fb, 41, 30)
        XCTAssertEqual(Double(glow[3]), 0.8 * 255 * (1 - phi(1.5 / 4)) * (2 * phi(2.5) - 1), accuracy: 3)
        for p in fb.pixels { let c = PixelMath.unpack(p); XCTAssertLessThanOrEqual(c.r, c.a) }
        XCTAssertEqual(px(fb, 30, 30), [255, 255, 255, 255])
    }

    func testLayerBlurEdgeFollowsErfThroughThePipeline() {
        // a layer filling x ≥ 60 (and far beyond the canvas above, below and to the right) blurred with
        // σ = 4: along a row the alpha is 255·Φ((x + ½ − 60)/σ). The group's offscreen reaches past
        // the canvas, so the top and bottom rows see the content beyond the edge and stay exact too.
        let sigma = 4.0
        let l = box(60, -50, 200, 140, Color(1, 0, 0)) { $0.filters = [FilterState(kind: .gaussianBlur, name: "g", inputs: [sigma])] }
        let fb = Renderer().render(scene(120, 40, background: .clear, [l]))
        var worst = 0.0, sum = 0.0, n = 0
        for y in [0, 20, 39] {
            for x in 40..<100 {
                let want = 255 * phi((Double(x) + 0.5 - 60) / sigma)
                let got = px(fb, x, y)
                let e = abs(Double(got[3]) - want)
                worst = max(worst, e); sum += e; n += 1
                XCTAssertEqual(got[0], got[3], "red equals alpha for an opaque red layer")
            }
        }
        // docs/rendering.md (Blur): an edge is within 1.93/255 of erf at any σ, 0.73 on average
        XCTAssertLessThanOrEqual(worst, 1.93, "max error \(worst)")
        XCTAssertLessThanOrEqual(sum / Double(n), 0.73)
    }

    func testBlurRadiusIsInTheLayersSpace() {
        // the same layer scaled 2× horizontally: σ becomes 8 device pixels along x, the edge at 60 stays
        let l = box(60, -50, 200, 140, Color(1, 0, 0)) {
            $0.filters = [FilterState(kind: .gaussianBlur, name: "g", inputs: [4])]
            $0.anchorPoint = Point(0, 0.5); $0.position = Point(60, 20)
            $0.transform = Transform3D.scale(2, 1, 1)
        }
        let fb = Renderer().render(scene(120, 40, background: .clear, [l]))
        for x in [50, 56, 60, 64, 70] {
            XCTAssertEqual(Double(px(fb, x, 20)[3]), 255 * phi((Double(x) + 0.5 - 60) / 8), accuracy: 2, "x = \(x)")
        }
    }

    func testBackdropDesaturatesWhatLiesBehindInsideTheShape() {
        // a layer over an opaque (200, 100, 50) background with colorControls saturation 0 behind it:
        // inside its bounds the backdrop becomes grey 118; outside nothing changes
        let bg = box(0, 0, 40, 20, Color(200 / 255.0, 100 / 255.0, 50 / 255.0))
        let glass = box(10, 5, 20, 10, .clear) {
            $0.backgroundFilters = [FilterState(kind: .colorControls, name: "c", inputs: [0, 0, 1])]
        }
        let fb = Renderer().render(scene(40, 20, [bg, glass]))
        XCTAssertEqual(px(fb, 15, 10), [118, 118, 118, 255])
        XCTAssertEqual(px(fb, 5, 10), [200, 100, 50, 255])
        // at opacity 0.5 the filtered pixels are mixed in at 128/255:
        // (200·127 + 118·128)/255 = 158.8, (100·127 + 118·128)/255 = 109.0, (50·127 + 118·128)/255 = 84.1
        var half = glass
        half.opacity = 0.5
        XCTAssertEqual(px(Renderer().render(scene(40, 20, [bg, half])), 15, 10), [159, 109, 84, 255])
    }

    func testBackdropBlurRepeatsTheEdgePixelsBeyondTheCanvas() {
        // blurring a flat colour behind a layer that covers the canvas changes nothing, even at the
        // canvas's edge (the copy repeats the edge pixels instead of fading into transparency)
        let flat = Color(0, 0, 1)
        let glass = box(0, 0, 30, 20, .clear) { $0.backgroundFilters = [FilterState(kind: .gaussianBlur, name: "g", inputs: [3])] }
        let fb = Renderer().render(scene(30, 20, background: flat, [glass]))
        XCTAssertTrue(fb.pixels.allSatisfy { $0 == PixelMath.premultiplied(flat) })
        // and a blurred edge behind it is blurred: a black half under the left of the glass
        let half = box(0, 0, 15, 20, Color(0, 0, 0))
        let fb2 = Renderer().render(scene(30, 20, background: .white, [half, glass]))
        XCTAssertEqual(Double(px(fb2, 15, 10)[0]), 255 * phi(0.5 / 3), accuracy: 2)
        XCTAssertEqual(Double(px(fb2, 12, 10)[0]), 255 * phi(-2.5 / 3), accuracy: 2)
    }
}
