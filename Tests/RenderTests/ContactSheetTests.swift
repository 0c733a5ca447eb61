// Contact-sheet layout and labels, against sizes and glyph pixels worked out by hand.

import CalcCore
@testable import Render
import XCTest

final class ContactSheetTests: XCTestCase {
    func testLayout() {
        // 5 cells of 40×20 in 3 columns: 2 rows; label strip 7 + 2·2 = 11; gap 4 around and between
        let l = ContactSheet.Layout(count: 5, columns: 3, cellWidth: 40, cellHeight: 20, labelScale: 1)
        XCTAssertEqual(l.rows, 2)
        XCTAssertEqual(l.width, 3 * 40 + 4 * 4)            // 136
        XCTAssertEqual(l.height, 2 * (20 + 11) + 3 * 4)    // 74
        XCTAssertTrue(l.origin(4) == (4 + 44, 4 + 35))     // column 1, row 1
        // more columns than cells: as many columns as cells
        XCTAssertEqual(ContactSheet.Layout(count: 2, columns: 4, cellWidth: 10, cellHeight: 10, labelScale: 2).columns, 2)
    }

    func testGlyphPixels() {
        // "1" at scale 1: rows 00100 01100 00100 00100 00100 00100 01110 → 1 + 2 + 4·1 + 3 = 10 pixels set
        var fb = Framebuffer(width: 8, height: 9)
        let ink = PixelMath.pack(255, 255, 255, 255)
        ContactSheet.drawText("1", into: &fb, x: 1, y: 1, scale: 1, color: ink)
        XCTAssertEqual(fb.pixels.filter { $0 == ink }.count, 10)
        XCTAssertEqual(fb[3, 1], ink)          // top row: column 2 of the glyph, at x = 1 + 2
        XCTAssertEqual(fb[2, 2], ink)          // the flag: column 1 of row 1
        XCTAssertEqual(fb[1, 1], 0)
        XCTAssertEqual(fb[4, 7], ink)          // the base: columns 1–3 of row 6
        // at scale 2 each font pixel is 2×2: 40 pixels; width of "#1 0.5s" = (7·6 − 1)·2 = 82
        var big = Framebuffer(width: 12, height: 16)
        ContactSheet.drawText("1", into: &big, x: 0, y: 0, scale: 2, color: ink)
        XCTAssertEqual(big.pixels.filter { $0 == ink }.count, 40)
        XCTAssertEqual(ContactSheet.textWidth("#1 0.5s", scale: 2), 82)
    }

    func testCellsAreCompositedOverTheBackground() {
        let bg = PixelMath.pack(36, 36, 36, 255)
        let half = PixelMath.pack(100, 0, 0, 128)                 // premultiplied red at alpha 128
        let cell = Framebuffer(width: 2, height: 2, pixels: [half, half, half, half])!
        let l = ContactSheet.Layout(count: 1, columns: 1, cellWidth: 2, cellHeight: 2, labelScale: 1)
        let sheet = ContactSheet.compose([cell], labels: [""], layout: l, background: bg, ink: 0)
        // r = 100 + round(36·127/255) = 100 + 18 = 118; g = b = 18; a = 128 + round(255·127/255) = 255
        XCTAssertEqual(sheet[4, 4], PixelMath.pack(118, 18, 18, 255))
        XCTAssertEqual(sheet[0, 0], bg)
    }
}
