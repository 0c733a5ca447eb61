import XCTest
@testable import TextLayout

/// Natural sizes of text. The DejaVu Sans figures were read from the font file with fontTools
/// (an independent reader): units per em 2048; hhea ascender 1901, descender −483, line gap 0
/// (USE_TYPO_METRICS is not set, so these are the line metrics); advances H 1540, i 569, space 651,
/// zero 1303. At a font size of 2048 points one font unit is one point.
final class TextMeasureTests: XCTestCase {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    func testLineBreakingIsGreedyAtSpaces() {
        let w = { (width: Double, space: Double) in ShapedText.Word(width: width, trailingSpace: space) }
        let text = ShapedText(paragraphs: [[w(1, 0.5), w(2, 0.5), w(3, 0)]], lineHeight: 1.25, fontFound: true)
        XCTAssertEqual(text.lineWidths(wrappingAt: nil), [7])          // 1 + ½ + 2 + ½ + 3
        XCTAssertEqual(text.lineWidths(wrappingAt: 3.6), [3.5, 3])      // "1 2" fits in 3.6, "3" does not
        XCTAssertEqual(text.lineWidths(wrappingAt: 3.4), [1, 2, 3])
        XCTAssertEqual(text.lineWidths(wrappingAt: 0.5), [1, 2, 3])     // too wide words stand alone
        XCTAssertEqual(text.lineWidths(wrappingAt: 0), [7])             // no width: no wrapping
        // two paragraphs; trailing spaces do not widen a line
        let two = ShapedText(paragraphs: [[w(2, 3)], [w(1, 0)]], lineHeight: 1.25, fontFound: true)
        XCTAssertEqual(two.lineWidths(wrappingAt: nil), [2, 1])
        let s = two.size(fontSize: 10, wrapWidth: nil)
        XCTAssertEqual(s.width, 20)
        XCTAssertEqual(s.height, 25)                                    // 2 lines × 1.25 em × 10
        XCTAssertEqual(two.size(fontSize: 0, wrapWidth: nil).width, 0)
        XCTAssertEqual(two.size(fontSize: .infinity, wrapWidth: nil).height, 0)
    }

    func testDejaVuSansMetrics() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: Self.dejaVu), "DejaVu Sans is not installed (scripts/setup.sh installs it)")
        let m = TextMeasure()
        let shaped = m.shape("H i", font: "DejaVu Sans")
        XCTAssertTrue(shaped.fontFound)
        XCTAssertEqual(shaped.lineHeight, 2384.0 / 2048)
        let one = m.size(of: "H i", font: "DejaVu Sans", fontSize: 2048)
        XCTAssertEqual(one.width, 1540 + 651 + 569, accuracy: 1e-9)
        XCTAssertEqual(one.height, 2384, accuracy: 1e-9)
        // wrapped narrower than the whole: "H" and "i" on two lines, the wider one sets the width
        let two = m.size(of: "H i", font: "DejaVu Sans", fontSize: 2048, wrapWidth: 2000)
        XCTAssertEqual(two.width, 1540, accuracy: 1e-9)
        XCTAssertEqual(two.height, 2 * 2384, accuracy: 1e-9)
        // size scales linearly: four zeros at 20.48 points are 4 × 13.03 points wide
        XCTAssertEqual(m.size(of: "0000", font: "DejaVu Sans", fontSize: 20.48).width, 52.12, accuracy: 1e-9)
        // a line feed starts a line; an empty string is one empty line
        let lines = m.size(of: "0\n00", font: "DejaVu Sans", fontSize: 2048)
        XCTAssertEqual(lines.width, 2 * 1303, accuracy: 1e-9)
        XCTAssertEqual(lines.height, 2 * 2384, accuracy: 1e-9)
        let empty = m.size(of: "", font: "DejaVu Sans", fontSize: 2048)
        XCTAssertEqual(empty.width, 0)
        XCTAssertEqual(empty.height, 2384, accuracy: 1e-9)
        // a PostScript name finds the same face
        XCTAssertEqual(m.size(of: "H i", font: "DejaVuSans", fontSize: 2048).width, 2760, accuracy: 1e-9)
    }

    func testAnUnknownFontStillMeasures() {
        // fontconfig substitutes its best match (or, without any font, the fallback metrics)
        let s = TextMeasure().size(of: "Hello", font: "No Such Font 42", fontSize: 10)
        XCTAssertGreaterThan(s.width, 0)
        XCTAssertGreaterThan(s.height, 0)
    }

    func testFallbackMetricsWithoutTheLibraries() {
        // 0.6 em a character (UTF-8 continuation bytes add nothing), 1.2 em a line
        let m = TextMeasure(withoutLibraries: ())
        XCTAssertFalse(m.shape("x", font: "DejaVu Sans").fontFound)
        let s = m.size(of: "ab c", font: "DejaVu Sans", fontSize: 10)
        XCTAssertEqual(s.width, 24, accuracy: 1e-9)
        XCTAssertEqual(s.height, 12, accuracy: 1e-9)
        XCTAssertEqual(m.size(of: "\u{e9}t\u{e9}", font: "x", fontSize: 10).width, 18, accuracy: 1e-9)
        let wrapped = m.size(of: "ab c", font: "x", fontSize: 10, wrapWidth: 20)
        XCTAssertEqual(wrapped.width, 12, accuracy: 1e-9)
        XCTAssertEqual(wrapped.height, 24, accuracy: 1e-9)
    }
}
