// Pixel comparison at the edges of a tolerance — a channel difference just within and just beyond
// the limit, a count of differing pixels just within and just beyond the share — and the exact layout
// of the difference image.

import XCTest
import Render
@testable import CalcSnapshot

final class ImageDiffTests: XCTestCase {
    let grey = PixelMath.pack(128, 128, 128, 255)

    func image(_ w: Int, _ h: Int, _ fill: UInt32? = nil) -> Framebuffer {
        Framebuffer(width: w, height: h, pixels: [UInt32](repeating: fill ?? grey, count: w * h))!
    }

    /// `base` with the red channel raised by `d` in the first `count` pixels.
    func raised(_ base: Framebuffer, count: Int, by d: UInt32) -> Framebuffer {
        var fb = base
        for i in 0..<count { fb.pixels[i] += d }
        return fb
    }

    func compare(_ e: Framebuffer, _ a: Framebuffer, _ channel: Int, _ percent: Double) -> ImageComparison {
        ImageComparison.compare(expected: e, actual: a, tolerance: Tolerance(maxChannelDiff: channel, maxDiffPixelsPercent: percent))
    }

    func testExactByDefault() {
        let e = image(10, 10)
        XCTAssertTrue(compare(e, e, 0, 0).passes)
        let one = compare(e, raised(e, count: 1, by: 1), 0, 0)
        XCTAssertFalse(one.passes)
        XCTAssertEqual(one.differing, 1)
        XCTAssertEqual(one.maxChannelDiff, 1)
        XCTAssertEqual(Tolerance.exact, Tolerance(maxChannelDiff: 0, maxDiffPixelsPercent: 0))
    }

    func testChannelDifferenceJustWithinAndJustBeyond() {
        let e = image(10, 10)
        // every pixel 2 levels off: within "2 channel", even with no pixels allowed to differ
        let within = compare(e, raised(e, count: 100, by: 2), 2, 0)
        XCTAssertTrue(within.passes)
        XCTAssertEqual(within.differing, 0)
        XCTAssertEqual(within.withinTolerance, 100)
        XCTAssertEqual(within.maxChannelDiff, 2)
        // one pixel 3 levels off: beyond it
        let beyond = compare(e, raised(e, count: 1, by: 3), 2, 0)
        XCTAssertFalse(beyond.passes)
        XCTAssertEqual(beyond.differing, 1)
        XCTAssertEqual(beyond.maxChannelDiff, 3)
        // alpha counts like any channel (premultiplied bytes are compared)
        var alpha = e
        alpha.pixels[5] = PixelMath.pack(128, 128, 128, 252)
        XCTAssertTrue(compare(e, alpha, 3, 0).passes)
        XCTAssertFalse(compare(e, alpha, 2, 0).passes)
    }

    func testShareOfPixelsJustWithinAndJustBeyond() {
        // 100 pixels, 1%: one pixel may differ by any amount, two may not
        let e = image(10, 10)
        XCTAssertTrue(compare(e, raised(e, count: 1, by: 255 - 128), 0, 1).passes)
        XCTAssertFalse(compare(e, raised(e, count: 2, by: 1), 0, 1).passes)
        // 1000 pixels, 0.1% (not exact in binary): exactly one pixel
        let big = image(40, 25)
        XCTAssertEqual(Tolerance(maxDiffPixelsPercent: 0.1).allowedPixels(of: 1000), 1)
        XCTAssertTrue(compare(big, raised(big, count: 1, by: 9), 0, 0.1).passes)
        XCTAssertFalse(compare(big, raised(big, count: 2, by: 9), 0, 0.1).passes)
        // 0.25% of 1000 is 2.5: two pixels, not three (the count is rounded down)
        XCTAssertTrue(compare(big, raised(big, count: 2, by: 9), 0, 0.25).passes)
        XCTAssertFalse(compare(big, raised(big, count: 3, by: 9), 0, 0.25).passes)
    }

    func testBothPartsTogether() {
        // "2 channel, 1% pixels" on 100 pixels: all within 2, plus one beyond → passes; two beyond → fails
        let e = image(10, 10)
        var a = raised(e, count: 100, by: 2)
        a.pixels[0] = e.pixels[0] + 3
        XCTAssertTrue(compare(e, a, 2, 1).passes)
        a.pixels[1] = e.pixels[1] + 3
        let r = compare(e, a, 2, 1)
        XCTAssertFalse(r.passes)
        XCTAssertEqual(r.differing, 2)
        XCTAssertEqual(r.withinTolerance, 98)
    }

    func testDifferentSizesNeverPass() {
        let r = compare(image(10, 10), image(10, 11), 255, 100)
        XCTAssertFalse(r.sizeMatches)
        XCTAssertFalse(r.passes)
    }

    func testDiffImageLayout() {
        // 4×3 frames; pixel (1, 2) differs by 200, pixel (3, 0) by 1 with a tolerance of 1
        let e = image(4, 3)
        var a = e
        a[1, 2] = PixelMath.pack(128, 128, 128 + 100, 255)
        a[3, 0] = PixelMath.pack(129, 128, 128, 255)
        let d = DiffImage.make(expected: e, actual: a, tolerance: Tolerance(maxChannelDiff: 1))
        XCTAssertEqual(d.width, 3 * 4 + 2 * 4)
        XCTAssertEqual(d.height, 3)
        XCTAssertEqual(DiffImage.diffPanelX(expected: e, actual: a), 16)
        for y in 0..<3 {
            for x in 0..<4 {
                XCTAssertEqual(d[x, y], e[x, y], "expected panel")
                XCTAssertEqual(d[8 + x, y], a[x, y], "actual panel")
                let p = d[16 + x, y]
                if (x, y) == (1, 2) { XCTAssertEqual(p, DiffImage.differColor) }
                else if (x, y) == (3, 0) { XCTAssertEqual(p, DiffImage.withinColor) }
                else {
                    let (r, g, b, al) = PixelMath.unpack(p)
                    XCTAssertTrue(r == g && g == b && al == 255, "unchanged pixels are opaque grey")
                    XCTAssertGreaterThanOrEqual(r, 170, "lightened")
                }
            }
            for x in [4, 5, 6, 7, 12, 13, 14, 15] { XCTAssertEqual(d[x, y], DiffImage.gapColor) }
        }
    }

    func testDiffImageOfDifferentSizesMarksTheMismatch() {
        let d = DiffImage.make(expected: image(2, 2), actual: image(3, 1), tolerance: .exact)
        XCTAssertEqual(d.width, 3 * 3 + 8)
        XCTAssertEqual(d.height, 2)
        for y in 0..<2 { for x in 0..<3 { XCTAssertEqual(d[2 * (3 + 4) + x, y], DiffImage.differColor) } }
    }
}
