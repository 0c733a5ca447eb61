// Glyph placement checked against independent figures: HarfBuzz's own command-line shaper (hb-shape,
// Debian's libharfbuzz-bin) for advances, offsets and glyph ids; hand computations from DejaVu Sans's
// advances for wrapping, alignment and truncation. At a font size of 2048 points (DejaVu Sans has 2048
// units per em) one font unit is one point, so every expected position below is a sum of integers.
// DejaVu Sans, from hb-shape: '0' glyph 19 advance 1303, space 651, '…' glyph 2825 advance 2048;
// hhea ascender 1901, line height 2384 (TextMeasureTests).

import CalcCore
import Foundation
import Synchronization
import XCTest
@testable import TextLayout

final class LayoutTests: XCTestCase {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    let zero: UInt32 = 19, ellipsis: UInt32 = 2825

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: Self.dejaVu), "DejaVu Sans is not installed (scripts/setup.sh installs it)")
    }

    func style(_ s: String, _ alignment: TextAlignment = .left, wrapped: Bool = false, truncation: Truncation = .none) -> TextStyle {
        var t = TextStyle()
        t.string = s
        t.fontSize = 2048
        t.alignment = alignment
        t.wrapped = wrapped
        t.truncation = truncation
        return t
    }

    func xs(_ b: TextBlock) -> [Double] { b.glyphs.map(\.x) }
    func ids(_ b: TextBlock) -> [UInt32] { b.glyphs.map(\.glyph) }

    /// hb-shape's glyphs for `text` (ids, clusters as UTF-8 offsets, advances and offsets in font units).
    func hbShape(_ text: String, direction: String? = nil) throws -> [[String: Int]] {
        guard let tool = ["/usr/bin/hb-shape", "/usr/local/bin/hb-shape"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("skipped: hb-shape is not installed (apt-get install libharfbuzz-bin); advances not compared")
            throw XCTSkip("hb-shape is not installed")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = ["--output-format=json", "--no-glyph-names", "--utf8-clusters"] + (direction.map { ["--direction=\($0)"] } ?? [])
            + [Self.dejaVu, text]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        p.waitUntilExit()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Int]])
    }

    func testAdvancesEqualHarfBuzzs() throws {
        let m = TextMeasure()
        for text in ["AVAWAY Toffee fifi", "e\u{301}te\u{301} a\u{308}\u{304}", "مرحبا بالعالم", "שלום עולם", "Vă Ỗ ﬃ"] {
            let expected = try hbShape(text)
            let p = try XCTUnwrap(m.shape(text, font: "DejaVu Sans").glyphs.first)
            XCTAssertEqual(p.runs.count, 1, text)
            XCTAssertEqual(p.glyphs.count, expected.count, text)
            for (g, e) in zip(p.glyphs, expected) {
                XCTAssertEqual(g.id, UInt32(e["g"]!), text)
                XCTAssertEqual(Int(g.cluster), e["cl"]!, text)
                XCTAssertEqual(g.advance * 2048, Double(e["ax"]!), text)
                XCTAssertEqual(g.dx * 2048, Double(e["dx"]!), text)
                XCTAssertEqual(g.dy * 2048, Double(e["dy"]!), text)
            }
            // laid out at 2048 points, each drawn glyph sits at the sum of the advances before it
            // plus its offset (y down: a mark raised by dy sits dy above the baseline)
            let block = m.layout(style(text), width: 0, height: 0)
            var pen = 0, expectedX: [Double] = [], expectedY: [Double] = []
            for e in expected {
                if e["g"] != 3 { expectedX.append(Double(pen + e["dx"]!)); expectedY.append(1901 - Double(e["dy"]!)) }
                pen += e["ax"]!
            }
            XCTAssertEqual(xs(block), expectedX, text)
            XCTAssertEqual(block.glyphs.map(\.y), expectedY, text)
        }
        // the kerning pair is tighter than the two advances alone ('A' is 1401 units unkerned)
        XCTAssertEqual(try hbShape("A").first?["ax"], 1401)
    }

    func testRightToLeftRunsAreOrderedPerLine() throws {
        // a Hebrew sentence ending in a number: the paragraph is right-to-left, the number reads
        // left-to-right at its left end: visually "123 עולם שלום" from left to right
        let m = TextMeasure()
        let block = m.layout(style("שלום 123"), width: 0, height: 0)
        let digits = try hbShape("123", direction: "ltr").map { UInt32($0["g"]!) }
        let hebrew = try hbShape("שלום", direction: "rtl").map { UInt32($0["g"]!) }
        XCTAssertEqual(ids(block), digits + hebrew)
        // "123" (3 × 1303), the space (651), then the word
        XCTAssertEqual(Array(xs(block).prefix(4)), [0, 1303, 2606, 3909 + 651])
        // natural alignment follows the paragraph: right-aligned in a wider box
        let right = m.layout(style("שלום 123", .natural), width: 20000, height: 0)
        let width = try hbShape("שלום 123", direction: "rtl").reduce(0) { $0 + $1["ax"]! }
        XCTAssertEqual(right.lineOffsets, [20000 - Double(width)])
    }

    func testWrappingAndAlignmentByHand() {
        let m = TextMeasure()
        // "00 00 0000" in 6000: "00 00" is 2606 + 651 + 2606 = 5863, "0000" 5212 goes below
        let left = m.layout(style("00 00 0000", .left, wrapped: true), width: 6000, height: 0)
        XCTAssertEqual(left.lineCount, 2)
        XCTAssertEqual(left.lineWidths, [5863, 5212])
        XCTAssertEqual(xs(left), [0, 1303, 3257, 4560, 0, 1303, 2606, 3909])
        XCTAssertEqual(left.glyphs.map(\.y), [1901, 1901, 1901, 1901, 4285, 4285, 4285, 4285])
        XCTAssertEqual(m.layout(style("00 00 0000", .right, wrapped: true), width: 6000, height: 0).lineOffsets, [137, 788])
        XCTAssertEqual(m.layout(style("00 00 0000", .center, wrapped: true), width: 6000, height: 0).lineOffsets, [68.5, 394])
        // justified: the first line's one space takes the 137 left over; the last line stays left
        let justified = m.layout(style("00 00 0000", .justified, wrapped: true), width: 6000, height: 0)
        XCTAssertEqual(xs(justified), [0, 1303, 3394, 4697, 0, 1303, 2606, 3909])
        // the natural size is the same line breaking
        let size = m.size(of: "00 00 0000", font: "DejaVu Sans", fontSize: 2048, wrapWidth: 6000)
        XCTAssertEqual(size.width, 5863)
        XCTAssertEqual(size.height, 2 * 2384)
        // a line feed starts a paragraph; unwrapped text does not break at spaces
        XCTAssertEqual(m.layout(style("0 0\n00"), width: 100, height: 0).lineWidths, [3257, 2606])
    }

    func testTruncationByHand() {
        let m = TextMeasure()
        // ten zeros (13030) in 6000: 6000 − 2048 for the ellipsis leaves 3952, room for 3 zeros (3909)
        let end = m.layout(style("0000000000", truncation: .end), width: 6000, height: 0)
        XCTAssertEqual(ids(end), [zero, zero, zero, ellipsis])
        XCTAssertEqual(xs(end), [0, 1303, 2606, 3909])
        let start = m.layout(style("0000000000", truncation: .start), width: 6000, height: 0)
        XCTAssertEqual(ids(start), [ellipsis, zero, zero, zero])
        XCTAssertEqual(xs(start), [0, 2048, 3351, 4654])
        // middle: half of 3952 (1976) holds one zero in front; the 2649 left hold two behind
        let middle = m.layout(style("0000000000", truncation: .middle), width: 6000, height: 0)
        XCTAssertEqual(ids(middle), [zero, ellipsis, zero, zero])
        XCTAssertEqual(xs(middle), [0, 1303, 3351, 4654])
        // a line that fits is left alone
        XCTAssertEqual(ids(m.layout(style("0000", truncation: .end), width: 6000, height: 0)), [zero, zero, zero, zero])
        // wrapped: one line fits in 1.5 lines of height; it ends in "…" because text was cut, and
        // "00 00" + "…" (7911) does not fit, so it is cut to "00…" (2606 + 2048)
        let wrapped = m.layout(style("00 00 0000", wrapped: true, truncation: .end), width: 6000, height: 2384 * 1.5)
        XCTAssertEqual(wrapped.lineCount, 1)
        XCTAssertEqual(ids(wrapped), [zero, zero, ellipsis])
        XCTAssertEqual(xs(wrapped), [0, 1303, 2606])
    }

    func testDrawTextLinesSitOnTheirBaseline() {
        let block = TextMeasure().layoutLine("00", font: "DejaVu Sans", size: 2048)
        XCTAssertEqual(block.glyphs.map(\.y), [0, 0])
        XCTAssertEqual(xs(block), [0, 1303])
    }

    func testFallbackAndNotdef() throws {
        let m = TextMeasure()
        // Roboto has no Hebrew: the letters come from a face that has them (DejaVu Sans here)
        if FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf") {
            let p = try XCTUnwrap(m.shape("Aש", font: "Roboto").glyphs.first)
            XCTAssertEqual(p.runs.count, 2)
            XCTAssertNotEqual(p.glyphs[0].face, p.glyphs[1].face)
            XCTAssertTrue(p.glyphs.allSatisfy { $0.id != 0 })
            let file = try XCTUnwrap(m.faceFile(p.glyphs[1].face))
            XCTAssertFalse(file.file.contains("Roboto"), file.file)
        } else {
            print("skipped: Roboto is not installed; font fallback not checked with it")
        }
        // a character no font has: the primary font's .notdef glyph (0), drawn (it has an outline)
        let none = "\u{10FFFD}"     // a private-use character no font covers
        let block = m.layout(style(none), width: 0, height: 0)
        XCTAssertEqual(ids(block), [0])
        XCTAssertFalse(block.glyphs[0].outline.elements.isEmpty)
    }

    func testAWarmFrameOfAThousandLabelsReadsNoFontAndDecomposesNothing() {
        let m = TextMeasure()
        let strings = ["AVAWAY office", "naïve café", "שלום 123", "مرحبا", "Layer \(42)", "x² + y²"]
        func frame() -> Int {
            var glyphs = 0
            for i in 0..<1000 {
                var s = style(strings[i % strings.count] + " \(i % 10)")
                s.fontSize = 12 + Double(i % 13)
                glyphs += m.layout(s, width: 0, height: 0).glyphs.count
            }
            return glyphs
        }
        let first = frame()
        let cold = m.workDone
        XCTAssertGreaterThan(cold.filesOpened, 0)
        XCTAssertGreaterThan(cold.decomposed, 0)
        XCTAssertLessThan(cold.decomposed, 100)        // once per distinct glyph, not per label
        XCTAssertEqual(frame(), first)
        XCTAssertEqual(m.workDone.filesOpened, cold.filesOpened)
        XCTAssertEqual(m.workDone.decomposed, cold.decomposed)
    }

    /// A script (or a fuzzer) that names a new font or sets a new long string on every layer must not
    /// grow the caches without bound, and starting a table again must not change a layout.
    func testCachesKeyedByTheScriptsNamesAndStringsStayBounded() {
        let m = TextMeasure()
        let limits = FontStore.limits
        let before = m.layout(style("naïve ✓ 中"), width: 0, height: 0)
        // every name unknown to fontconfig, each with a character DejaVu Sans lacks (a fallback lookup)
        for i in 0..<(limits.names + limits.fallbackSets + 50) {
            _ = m.shape("x\u{4E2D} \(i)", font: "No Such Font \(i)")
            let sizes = m.cacheSizes
            XCTAssertLessThanOrEqual(sizes.names, limits.names)
            XCTAssertLessThanOrEqual(sizes.fallbackSets, limits.fallbackSets)
        }
        XCTAssertGreaterThan(m.cacheSizes.fallbackSets, 0)
        // 24 strings of 100 000 bytes: each about 6.4 MB by the estimate, so the 32 MB budget is
        // passed after five and the cache starts again
        let long = String(repeating: "long words ", count: 9_091)
        var largest = 0
        for i in 0..<24 {
            _ = m.shape(long + "\(i)", font: "DejaVu Sans")
            largest = max(largest, m.cacheSizes.shapedBytes)
        }
        XCTAssertGreaterThan(largest, 4 * 6_400_000)
        XCTAssertLessThanOrEqual(largest, TextMeasure.cacheBytes)
        let after = m.layout(style("naïve ✓ 中"), width: 0, height: 0)
        XCTAssertEqual(after.glyphs.map(\.glyph), before.glyphs.map(\.glyph))
        XCTAssertEqual(after.glyphs.map(\.x), before.glyphs.map(\.x))
    }

    func testLayoutIsDeterministicAcrossServicesAndThreads() {
        let s = style("AVAWAY ﬁ שלום 123 مرحبا e\u{301}", .center, wrapped: true, truncation: .end)
        let a = TextMeasure().layout(s, width: 9000, height: 5000)
        let positions: @Sendable (TextBlock) -> [[Double]] = { b in b.glyphs.map { [$0.x, $0.y, $0.scale, Double($0.glyph)] } }
        let shared = TextMeasure()
        let results = Mutex<[[[Double]]]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let b = shared.layout(s, width: 9000, height: 5000)
            results.withLock { $0.append(positions(b)) }
        }
        XCTAssertFalse(positions(a).isEmpty)
        for r in results.withLock({ $0 }) { XCTAssertEqual(r, positions(a)) }
    }
}
