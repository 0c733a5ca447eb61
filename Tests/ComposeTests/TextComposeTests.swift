// Text lowering: a text layer or text(…) command is one non-zero fill of its glyphs' outlines in the
// text colour, placed as CATextLayer places it and upright with either origin. Expected extents are
// from DejaVu Sans's figures read independently (Pillow's FreeType at 2048 px: 'H' rises 1493 units
// from the baseline to its top and sits on the baseline; hhea ascender 1901 units, 2048 units per em);
// at a font size of 20.48 points a font unit is 0.01 point.

import CalcCore
import Compose
import DisplayList
import Foundation
import TextLayout
import XCTest

final class TextComposeTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
                          "DejaVu Sans is not installed (scripts/setup.sh installs it)")
    }

    func textLayer(_ s: String) -> PresentationLayer {
        // frame (10, 5, 80, 30)
        var l = PresentationLayer(bounds: Rect(0, 0, 80, 30), position: Point(50, 20))
        l.kind = .text
        var t = TextStyle()
        t.string = s
        t.fontSize = 20.48
        t.color = Color(1, 0, 0)
        t.alignment = .left
        l.text = t
        return l
    }

    /// The only fill's paint, map and the device-space extents of its path's points.
    func onlyFill(_ list: DisplayList) throws -> (Paint, Projective, minY: Double, maxY: Double, minX: Double) {
        let fills = list.ops.compactMap { op -> Fill? in if case .fill(let f) = op { return f } else { return nil } }
        XCTAssertEqual(fills.count, 1)
        let f = try XCTUnwrap(fills.first)
        var ys: [Double] = [], xs: [Double] = []
        for e in list.path(f.path) {
            let ps: [Point]
            switch e {
            case .move(let p), .line(let p): ps = [p]
            case .quad(let c, let p): ps = [c, p]
            case .cubic(let a, let b, let p): ps = [a, b, p]
            default: ps = []
            }
            for p in ps {
                let d = f.transform.apply(p.x, p.y)
                xs.append(d.x / d.w); ys.append(d.y / d.w)
            }
        }
        return (f.paint, f.transform, ys.min() ?? .nan, ys.max() ?? .nan, xs.min() ?? .nan)
    }

    func testATextLayerIsOneFillUnderItsFirstLinesTop() throws {
        let text = TextMeasure()
        let list = Compose.displayList(scene(100, 40, [textLayer("HH")]), text: text)
        let (paint, _, minY, maxY, _) = try onlyFill(list)
        XCTAssertEqual(paint, .solid(Color(1, 0, 0)))
        // baseline 5 + 19.01 = 24.01 (the ascender below the top); the H rises 14.93 above it
        XCTAssertEqual(maxY, 24.01, accuracy: 1e-9)
        XCTAssertEqual(minY, 24.01 - 14.93, accuracy: 1e-9)
        // without a text service, text draws nothing
        XCTAssertTrue(Compose.displayList(scene(100, 40, [textLayer("HH")])).ops.isEmpty)
    }

    func testTextStaysUprightInABottomLeftScene() throws {
        // the same layer in a bottom-left scene: its frame is 5 above the canvas's bottom, its top
        // as drawn is 35 from the bottom, i.e. 5 from the canvas's top: on screen the text is where
        // it was, the same way up
        let text = TextMeasure()
        let up = try onlyFill(Compose.displayList(scene(100, 40, origin: .bottomLeft, [textLayer("HH")]), text: text))
        let down = try onlyFill(Compose.displayList(scene(100, 40, [textLayer("HH")]), text: text))
        XCTAssertEqual(up.minY, down.minY, accuracy: 1e-9)
        XCTAssertEqual(up.maxY, down.maxY, accuracy: 1e-9)
        XCTAssertEqual(up.minX, down.minX, accuracy: 1e-9)
    }

    func testDrawTextSitsOnItsPoint() throws {
        var l = PresentationLayer(bounds: Rect(0, 0, 80, 30), position: Point(50, 20))
        l.drawing = [.text("H", at: Point(4, 25), size: 20.48, Color(0, 0, 1))]
        let (paint, _, minY, maxY, _) = try onlyFill(Compose.displayList(scene(100, 40, [l]), text: TextMeasure()))
        XCTAssertEqual(paint, .solid(Color(0, 0, 1)))
        XCTAssertEqual(maxY, 5 + 25, accuracy: 1e-9)          // the baseline at the point
        XCTAssertEqual(minY, 5 + 25 - 14.93, accuracy: 1e-9)
    }
}
