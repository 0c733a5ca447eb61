// Value snapshots and `// expect:` lines in the engine. Expected numbers are worked out by hand
// from the scenes (each test says how).

import XCTest
import Foundation
@testable import CalcSnapshot

final class ValueSnapshotTests: XCTestCase {
    var dir = ""

    override func setUp() {
        dir = NSTemporaryDirectory() + "calc-values-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: dir + "/scenes", withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func put(_ text: String, _ rel: String) {
        _ = FileManager.default.createFile(atPath: dir + "/" + rel, contents: Data(text.utf8))
    }

    func check(_ recording: SnapshotOptions.Recording = .off) throws -> RunSummary {
        var o = SnapshotOptions(root: dir)
        o.recording = recording
        return SnapshotEngine.run(try SnapshotFiles.discover([dir], root: dir), options: o)
    }

    /// position.x animates linearly 0 → 100 over 1 s: x(t) = 100 t, so 25 at 0.25 s, 50 at 0.5 s;
    /// the model value stays 100; rotate(90deg) reads back as π/2 about z.
    func scene(to: String = "100", expect x: String = "50") -> String {
        """
        // snapshot: values card.position, card.opacity at 0s, 0.25s
        // expect: card.position.x at 0.5s == \(x)
        // expect: card.position at 0.25s == (25, 20)
        // expect: model card.position.x at 0.5s == 100
        // expect: card.transform.rotation.z at 1s == 90deg within 1e-12
        // expect: card.backgroundColor at 0s == #ff0000
        scene { size: (100, 40) fps: 10 duration: 1s }
        layer card {
            bounds: (0, 0, 10, 10)  position: (100, 20)  backgroundColor: #ff0000  transform: rotate(90deg)
            animations { m: basic { keyPath: position.x from: 0 to: \(to) duration: 1s } }
        }

        """
    }

    func testRecordPassAndReadableDiff() throws {
        put(scene(), "scenes/card.cal")
        XCTAssertEqual(try check(.missing).recorded, 1)
        let stored = try String(contentsOfFile: dir + "/scenes/__snapshots__/card.values.json", encoding: .utf8)
        // hand values in the recorded file: x = 0 and 25 at 0 s and 0.25 s
        XCTAssertTrue(stored.contains("\"card.position\": {\"x\": 25, \"y\": 20}"), stored)
        let pass = try check()
        XCTAssertEqual(pass.report, "PASS scenes/card.cal (asm, values, 5 expectations)\n1 passed, 0 failed\n")

        // 100 → 100.001: x at 0.25 s is 25.00025 (beyond 1e-9 relative), at 0.5 s 50.0005
        put(scene(to: "100.001", expect: "51"), "scenes/card.cal")
        let fail = try check()
        let details = fail.results[0].details
        XCTAssertTrue(details.contains("values differ from scenes/__snapshots__/card.values.json (relative tolerance 1e-09): 1 difference"), "\(details)")
        XCTAssertTrue(details.contains("  card.position.x at 0.25s: snapshot 25, actual 25.00025"), "\(details)")
        XCTAssertTrue(details.contains("scenes/card.cal:2: expect card.position.x at 0.5s == 51: it is 50.0005; relative tolerance 1e-09"), "\(details)")
        // the snapshot is left alone without --update
        XCTAssertEqual(try String(contentsOfFile: dir + "/scenes/__snapshots__/card.values.json", encoding: .utf8), stored)
    }

    func testToleranceAbsorbsSmallDifferences() throws {
        put(scene(), "scenes/card.cal")
        _ = try check(.missing)
        // 25.00025 vs 25 is a relative difference of 1e-5: within 1e-4
        put("// snapshot: values tolerance 1e-4\n" + scene(to: "100.001", expect: "50.0005"), "scenes/card.cal")
        let r = try check()
        XCTAssertFalse(r.results[0].details.contains { $0.hasPrefix("values differ") }, "\(r.results[0].details)")
    }

    func testMalformedLinesAreErrors() throws {
        put("// expect: card.position.x at 0.5s = 50\nscene { size: (10, 10) duration: 1s }\n", "scenes/a.cal")
        put("// snapshot: values card at 0s\nscene { size: (10, 10) duration: 1s }\n", "scenes/b.cal")
        put("// expect: nobody.opacity at 0s == 1\nscene { size: (10, 10) duration: 1s }\n", "scenes/c.cal")
        let r = try check(.missing)
        XCTAssertTrue(r.results[0].details[0].hasPrefix("scenes/a.cal:1: error: expected 'expect: LAYER.KEY at TIME == VALUE'"), "\(r.results[0].details)")
        XCTAssertTrue(r.results[1].details[0].hasPrefix("scenes/b.cal:1: error: expected 'values LAYER.KEY, … at TIMES'"), "\(r.results[1].details)")
        XCTAssertTrue(r.results[2].details.contains("scenes/c.cal:1: expect nobody.opacity at 0s == 1: no layer named 'nobody' is in the tree at 0s"), "\(r.results[2].details)")
    }

    /// A rect's derived edges. bounds (0, 0, 10, 30), position (40, 20), anchor (0.5, 0.5): the frame
    /// is (35, 5, 10, 30), so minX 35, midX 40, maxX 45, minY 5, midY 20, maxY 35, width 10, height 30.
    func testRectGettersReadOneEdge() throws {
        let edges = [("minX", 35), ("midX", 40), ("maxX", 45), ("minY", 5), ("midY", 20), ("maxY", 35), ("width", 10), ("height", 30)]
        var text = edges.map { "// expect: card.frame.\($0.0) at 0s == \($0.1)\n" }.joined()
        text += "// expect: card.bounds.maxY at 0s == 30\n// expect: card.frame.maxY at 0s == 36\n// expect: card.position.maxY at 0s == 1\n"
        text += "scene { size: (100, 40) duration: 1s }\nlayer card { bounds: (0, 0, 10, 30)  position: (40, 20) }\n"
        put(text, "scenes/r.cal")
        let details = try check(.missing).results[0].details
        // the eight edges and bounds.maxY pass; the wrong 36 and the getter on a point are reported
        XCTAssertEqual(details.count, 3, "\(details)")
        XCTAssertTrue(details.contains("scenes/r.cal:10: expect card.frame.maxY at 0s == 36: it is 35; relative tolerance 1e-09"), "\(details)")
        XCTAssertTrue(details.contains("scenes/r.cal:11: expect card.position.maxY at 0s == 1: 'position' is not a rect, so it has no 'maxY'"), "\(details)")
    }

    func testLeavesCompareMatricesNotAngles() {
        // the same matrix with different Euler angles: equal leaves
        let a = ValueJSON.leaves("{\"t\": {\"rotation\": {\"x\": 3.14159, \"z\": 3.14159}, \"matrix\": [[1, 0], [0, 1]]}, \"s\": \"a\\\"b\", \"b\": true}")
        let b = ValueJSON.leaves("{\"t\": {\"rotation\": {\"x\": 0, \"z\": 0}, \"matrix\": [[1, 0], [0, 1]]}, \"s\": \"a\\\"b\", \"b\": true}")
        XCTAssertEqual(a?.map(\.path), ["t.matrix[0][0]", "t.matrix[0][1]", "t.matrix[1][0]", "t.matrix[1][1]", "s", "b"])
        XCTAssertEqual(a?.map(\.leaf), b?.map(\.leaf))
        XCTAssertNil(ValueJSON.leaves("{\"a\": }"))
        // 1e-9 relative, with a floor of 1 for values near zero
        XCTAssertTrue(ValueJSON.close(6.123e-17, 0, relative: 1e-9))
        XCTAssertTrue(ValueJSON.close(1000, 1000.0000009, relative: 1e-9))
        XCTAssertFalse(ValueJSON.close(1000, 1000.000002, relative: 1e-9))
    }
}
