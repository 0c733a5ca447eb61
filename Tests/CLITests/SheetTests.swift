// `calc sheet`: the grid's size worked out by hand, each cell's pixels equal to `calc run`'s frame,
// labels drawn, the default frame choice and output name, and bad arguments.

import XCTest
import Foundation
import Render

final class SheetTests: XCTestCase {
    var dir = ""

    override func setUp() { dir = CLI.tempDir() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func calc(_ args: String...) -> CalcRun { CLI.run(args, in: dir) }

    // 40×20 at 10 fps for 1 s: frames 0…9; the box moves 3 points a frame
    let scene = """
    scene { size: (40, 20) fps: 10 duration: 1s background: #203040 }
    layer box { bounds: (0, 0, 10, 10) position: (5, 10) backgroundColor: #ff0000
      animations { m: basic { keyPath: position.x from: 5 to: 35 duration: 1s } } }
    """

    func decode(_ path: String) throws -> Framebuffer {
        try ImageDecoder.decode([UInt8](try XCTUnwrap(FileManager.default.contents(atPath: dir + "/" + path))))
    }

    func testGridOfFramesWithLabels() throws {
        CLI.write(scene, "t.cal", in: dir)
        let r = calc("sheet", "t.cal", "-o", "s.png", "--frames", "0, 3, 5..6, 9", "--columns", "3")
        XCTAssertEqual(r.status, 0, r.stderr)
        // 5 cells of 40×20, 3 columns × 2 rows; label strip 7 + 2·2 = 11 (scale 1 under 240 px);
        // width 3·40 + 4·4 = 136, height 2·(20 + 11) + 3·4 = 74
        XCTAssertEqual(r.stderr, "wrote a sheet of 5 frames (3x2, 136x74 pixels) to s.png\n")
        let sheet = try decode("s.png")
        XCTAssertEqual(sheet.width, 136)
        XCTAssertEqual(sheet.height, 74)
        // each cell is the frame calc run renders, pixel for pixel
        for (k, frame) in [0, 3, 5, 6, 9].enumerated() {
            XCTAssertEqual(calc("run", "t.cal", "--frames", String(frame), "-o", "f\(frame).png", "-q").status, 0)
            let f = try decode("f\(frame).png")
            let ox = 4 + (k % 3) * 44, oy = 4 + (k / 3) * 35
            var same = true
            for y in 0..<20 { for x in 0..<40 where sheet[ox + x, oy + y] != f[x, y] { same = false } }
            XCTAssertTrue(same, "cell \(k) = frame \(frame)")
            // its label "#F T s" is drawn in the strip under it: some ink, all of it in the strip's 7 rows
            var ink = 0
            for y in (oy + 22)..<(oy + 29) { for x in ox..<(ox + 40) where sheet[x, y] != sheet[0, 0] { ink += 1 } }
            XCTAssertGreaterThan(ink, 10, "label of cell \(k)")
        }
    }

    func testDefaultsEvenlySpacedAndNamedAfterTheInput() throws {
        CLI.write(scene, "t.cal", in: dir)
        XCTAssertEqual(calc("sheet", "t.cal", "-q").status, 0)
        // 10 frames < 12: all of them, 4 columns × 3 rows: 4·40 + 5·4 = 180 by 3·31 + 4·4 = 109
        let s = try decode("t_sheet.png")
        XCTAssertEqual([s.width, s.height], [180, 109])
        XCTAssertEqual(calc("sheet", "t.cal", "--count", "4", "-o", "four.png", "-q").status, 0)
        // round(k·9/3) for k = 0…3 → frames 0, 3, 6, 9 in one row: 4·40 + 5·4 = 180 by 31 + 8 = 39
        let four = try decode("four.png")
        XCTAssertEqual([four.width, four.height], [180, 39])
    }

    func testBadArguments() {
        CLI.write(scene, "t.cal", in: dir)
        let notPNG = calc("sheet", "t.cal", "-o", "s.jpg")
        XCTAssertEqual(notPNG.status, 2)
        XCTAssertTrue(notPNG.stderr.contains("a contact sheet is a PNG: -o must end in .png, got 's.jpg'"), notPNG.stderr)
        let range = calc("sheet", "t.cal", "--frames", "0, 10")
        XCTAssertEqual(range.status, 2)
        XCTAssertTrue(range.stderr.contains("--frames: frame 10 is out of range: the scene has 10 frames (0..9)"), range.stderr)
        XCTAssertEqual(calc("sheet", "t.cal", "--columns", "0").status, 2)
        XCTAssertEqual(CLI.files(in: dir), ["t.cal"])
    }
}
