// Acceptance checks that read rendered pixels of the samples through the real `calc run`: the
// expected positions come from the timing rules of SPEC §4.2, worked out by hand.

import XCTest
import Foundation
import Render

final class SampleFrameTests: XCTestCase {
    /// The red or green box's left and right edge columns on row `y` (its pixels are exactly opaque).
    func edges(_ fb: Framebuffer, row y: Int, color: UInt32) -> (Int, Int)? {
        let cols = (0..<fb.width).filter { fb.pixels[y * fb.width + $0] == color }
        guard let lo = cols.first, let hi = cols.last else { return nil }
        return (lo, hi + 1)
    }

    func render(_ sample: String, frames: String) throws -> (String, [String]) {
        let dir = CLI.tempDir()
        let r = CLI.run(["run", CLI.repo.appendingPathComponent("Samples/" + sample).path, "-o", dir, "--frames", frames, "-q"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        return (dir, CLI.files(in: dir))
    }

    func frame(_ dir: String, _ i: Int) throws -> Framebuffer {
        try ImageDecoder.decode([UInt8](try XCTUnwrap(FileManager.default.contents(atPath: dir + String(format: "/frame_%04d.png", i)))))
    }

    func testLinearPositionCentreAtTenPointSteps() throws {
        // a 10×10 box animating position from (0, 50) to (100, 50) over 1 s, linear, sampled at 10 fps:
        // its centre is at x = 10 i, so it covers columns [10i − 5, 10i + 5) (clipped at 0)
        let (dir, files) = try render("animation/position_linear.cal", frames: "0..10")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertEqual(files.count, 11)
        let red: UInt32 = 0xFF00_00FF
        for i in 0..<10 {
            let e = try XCTUnwrap(edges(try frame(dir, i), row: 50, color: red), "frame \(i)")
            XCTAssertEqual(e.0, max(0, 10 * i - 5), "frame \(i) left edge")
            XCTAssertEqual(e.1, 10 * i + 5, "frame \(i) right edge")
        }
        // frame 10 (1 s): the animation has ended and is removed; the model position x = 0 shows
        let e = try XCTUnwrap(edges(try frame(dir, 10), row: 50, color: red))
        XCTAssertEqual(e.1, 5)
    }

    func testAutoreverseRepeatsAndReturns() throws {
        // 0 → 100 in 1 s, back in 1 s, twice: centre x at t = 0.5, 1.0, 1.5, …; model x = 110 after 4 s
        let (dir, _) = try render("animation/autoreverse.cal", frames: "0..41")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let green: UInt32 = 0xFF00_FF00
        let expected: [Int: Int] = [5: 50, 10: 100, 15: 50, 20: 0, 25: 50, 30: 100, 35: 50, 40: 110, 41: 110]
        for (i, x) in expected.sorted(by: { $0.key < $1.key }) {
            let e = try XCTUnwrap(edges(try frame(dir, i), row: 20, color: green), "frame \(i)")
            XCTAssertEqual(e.1, min(120, x + 5), "frame \(i) right edge")
        }
    }
}
