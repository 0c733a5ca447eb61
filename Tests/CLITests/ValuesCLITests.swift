// `calc values` through the real executable. Expected numbers are worked out by hand from the
// scenes (each test says how), never copied from calc's output.

import XCTest
import Foundation

final class ValuesCLITests: XCTestCase {
    var dir = ""

    override func setUp() { dir = CLI.tempDir() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func calc(_ args: String...) -> CalcRun { CLI.run(args, in: dir) }

    func json(_ text: String) throws -> [[String: Any]] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "JSON array of objects:\n\(text)")
    }

    /// Acceptance 1: Samples/animation/position_linear.cal animates position linearly from (0, 50)
    /// to (100, 50) over 1 s, at 10 fps, so frame i (time i/10) has x = 100 × i/10 = 10 i.
    func testLinearPositionReadsTenStepsOfTen() throws {
        let sample = CLI.repo.appendingPathComponent("Samples/animation/position_linear.cal").path
        let r = calc("values", sample, "--frames", "0..9", "--layer", "box", "--key", "position.x", "--key", "position")
        XCTAssertEqual(r.status, 0, r.stderr)
        let instants = try json(r.stdout)
        XCTAssertEqual(instants.count, 10)
        for (i, o) in instants.enumerated() {
            XCTAssertEqual(o["frame"] as? Int, i)
            XCTAssertEqual(try XCTUnwrap(o["time"] as? Double), Double(i) / 10, accuracy: 1e-12)
            let box = try XCTUnwrap((o["layers"] as? [String: Any])?["box"] as? [String: Any])
            XCTAssertEqual(try XCTUnwrap(box["position.x"] as? Double), Double(10 * i), accuracy: 1e-9, "frame \(i)")
            let p = try XCTUnwrap(box["position"] as? [String: Double])
            XCTAssertEqual(try XCTUnwrap(p["y"]), 50, "frame \(i)")
        }
        // the same command gives the same bytes
        XCTAssertEqual(calc("values", sample, "--frames", "0..9", "--layer", "box", "--key", "position.x", "--key", "position").stdout, r.stdout)
    }

    /// Without --key: what differs from the defaults; with --model: the model values beside them.
    /// The box's model position is (200, 10); its animation of opacity runs 1 → 0 over 2 s, so at
    /// 0.5 s it shows 0.75 while the model stays 1 (the default, so not listed in the model).
    func testDefaultKeysAndModel() throws {
        CLI.write("""
        scene { size: (100, 100) fps: 10 duration: 2s }
        layer box {
            bounds: (0, 0, 10, 20)
            position: (200, 10)
            backgroundColor: #ff0000
            transform: rotate(90deg)
            animations { fade: basic { keyPath: opacity from: 1 to: 0 duration: 2s } }
        }
        """, "a.cal", in: dir)
        let r = calc("values", "a.cal", "--times", "0.5s", "--model")
        XCTAssertEqual(r.status, 0, r.stderr)
        let o = try XCTUnwrap(try json(r.stdout).first)
        let box = try XCTUnwrap((o["layers"] as? [String: Any])?["box"] as? [String: Any])
        XCTAssertEqual(Set(box.keys), ["bounds", "position", "transform", "opacity", "backgroundColor"])
        XCTAssertEqual(try XCTUnwrap(box["opacity"] as? Double), 0.75, accuracy: 1e-12)
        XCTAssertEqual(box["bounds"] as? [String: Double], ["x": 0, "y": 0, "width": 10, "height": 20])
        let colour = try XCTUnwrap(box["backgroundColor"] as? [String: Any])
        XCTAssertEqual(colour["hex"] as? String, "#ff0000ff")
        // rotate(90°) about z: row-vector matrix [[cos, sin], [−sin, cos]] = [[0, 1], [−1, 0]]
        let t = try XCTUnwrap(box["transform"] as? [String: Any])
        let m = try XCTUnwrap(t["matrix"] as? [[Double]])
        let expected: [[Double]] = [[0, 1, 0, 0], [-1, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
        for r in 0..<4 { for c in 0..<4 { XCTAssertEqual(m[r][c], expected[r][c], accuracy: 1e-12) } }
        XCTAssertEqual(try XCTUnwrap((t["rotation"] as? [String: Double])?["z"]), Double.pi / 2, accuracy: 1e-12)
        let model = try XCTUnwrap((o["model"] as? [String: Any])?["box"] as? [String: Any])
        XCTAssertNil(model["opacity"])
        XCTAssertEqual(model["position"] as? [String: Double], ["x": 200, "y": 10])
    }

    func testUsageErrors() {
        CLI.write("scene { size: (10, 10) duration: 1s }\nlayer a { }\n", "a.cal", in: dir)
        let badKey = calc("values", "a.cal", "--times", "0", "--key", "positon.x")
        XCTAssertEqual(badKey.status, 2)
        XCTAssertTrue(badKey.stderr.contains("unknown key path 'positon.x'; did you mean 'position.x'?"), badKey.stderr)
        let noLayer = calc("values", "a.cal", "--times", "0", "--layer", "b")
        XCTAssertEqual(noLayer.status, 2)
        XCTAssertTrue(noLayer.stderr.contains("no layer named 'b'"), noLayer.stderr)
        XCTAssertEqual(calc("values", "a.cal", "--times", "2s").status, 2)
        XCTAssertEqual(calc("values", "a.cal").status, 2)
    }
}

/// `print(…)` under `calc run`: lines on stderr in time order, kept by --quiet, dropped by --no-print.
final class PrintCLITests: XCTestCase {
    var dir = ""

    override func setUp() { dir = CLI.tempDir() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func calc(_ args: String...) -> CalcRun { CLI.run(args, in: dir) }

    func testPrintedLinesInTimeOrder() {
        // frames at 0 and 0.5 s (2 fps, 1 s); the handler at 0.25 s prints between the two frames'
        // draw-block lines; frames render on two workers, yet the order is the same every run
        CLI.write("""
        scene { size: (20, 20) fps: 2 duration: 1s }
        layer box { bounds: (0, 0, 10, 10)  draw { print("frame", time) } }
        at 0.25s { print("handler", box.bounds.size.width * 2) }
        """, "p.cal", in: dir)
        let expected = "[0s] frame 0\n[0.25s] handler 20\n[0.5s] frame 0.5\n"
        let quiet = calc("run", "p.cal", "-o", "out", "--quiet", "--jobs", "2")
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.stderr, expected)
        let silent = calc("run", "p.cal", "-o", "out", "--quiet", "--no-print")
        XCTAssertEqual(silent.status, 0)
        XCTAssertEqual(silent.stderr, "")
        // a program that prints is bytecode format 6
        XCTAssertTrue(calc("build", "p.cal", "--emit", "asm").stdout.hasPrefix("; calc bytecode, format 6\n"))
    }
}
