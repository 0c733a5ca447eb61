// The engine on scripts in a temporary folder: recording, passing, every way a snapshot can be
// missing, corrupt, from a newer format or obsolete, run-wide defaults against a script's own
// directives, report order under parallel runs, and JUnit XML that a parser accepts.

import XCTest
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Render
@testable import CalcSnapshot

final class EngineTests: XCTestCase {
    var dir = ""

    override func setUp() {
        dir = NSTemporaryDirectory() + "calc-snapshot-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: dir + "/scenes", withIntermediateDirectories: true)
        // a repository: names compiled into snapshots are relative to the folder holding .git
        try? FileManager.default.createDirectory(atPath: dir + "/.git", withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// A 40×20 black scene with a red 10×10 box whose left edge is at x = 0, 10 fps, 0.5 s.
    let box = """
    // snapshot: frames 0, 2
    scene { size: (40, 20) fps: 10 duration: 0.5s background: #000000 }
    layer box { bounds: (0, 0, 10, 10) position: (5, 10) backgroundColor: #ff0000 }

    """

    func put(_ text: String, _ rel: String) {
        let path = dir + "/" + rel
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    func putBytes(_ bytes: [UInt8], _ rel: String) {
        _ = FileManager.default.createFile(atPath: dir + "/" + rel, contents: Data(bytes))
    }

    func bytes(_ rel: String) -> [UInt8]? { FileManager.default.contents(atPath: dir + "/" + rel).map { [UInt8]($0) } }

    func exists(_ rel: String) -> Bool { FileManager.default.fileExists(atPath: dir + "/" + rel) }

    func check(_ recording: SnapshotOptions.Recording = .off, jobs: Int = 1, _ configure: (inout SnapshotOptions) -> Void = { _ in }) throws -> RunSummary {
        var o = SnapshotOptions(root: dir)
        o.recording = recording
        o.jobs = jobs
        configure(&o)
        return SnapshotEngine.run(try SnapshotFiles.discover([dir], root: dir), options: o)
    }

    func testRecordThenPass() throws {
        put(box, "scenes/box.cal")
        let first = try check()
        XCTAssertEqual(first.report, """
        FAIL scenes/box.cal (asm, 2 frames)
          missing snapshot scenes/__snapshots__/box.asm (record it with --update-missing)
          missing snapshot scenes/__snapshots__/box.f0000.png for frame 0 (record it with --update-missing)
          missing snapshot scenes/__snapshots__/box.f0002.png for frame 2 (record it with --update-missing)
        0 passed, 1 failed

        """)
        XCTAssertFalse(exists("scenes/__snapshots__"), "a comparing run writes nothing")
        let rec = try check(.missing)
        XCTAssertEqual(rec.report, """
        RECORDED scenes/box.cal (asm, 2 frames)
          wrote scenes/__snapshots__/box.asm
          wrote scenes/__snapshots__/box.f0000.png
          wrote scenes/__snapshots__/box.f0002.png
        0 passed, 0 failed, 1 recorded

        """)
        XCTAssertEqual(try check().report, "PASS scenes/box.cal (asm, 2 frames)\n1 passed, 0 failed\n")
        // the recorded frame is the scene: red box over columns 0..<10, rows 5..<15, black elsewhere
        let fb = try ImageDecoder.decode(try XCTUnwrap(bytes("scenes/__snapshots__/box.f0000.png")))
        XCTAssertEqual(fb[9, 5], PixelMath.pack(255, 0, 0, 255))
        XCTAssertEqual(fb[10, 5], PixelMath.pack(0, 0, 0, 255))
        XCTAssertEqual(fb[0, 4], PixelMath.pack(0, 0, 0, 255))
        // the disassembly names the script relative to the repository (the folder holding .git)
        let asm = String(decoding: try XCTUnwrap(bytes("scenes/__snapshots__/box.asm")), as: UTF8.self)
        XCTAssertTrue(asm.hasPrefix("; calc bytecode, format 2\n; source: scenes/box.cal\n"), asm)
    }

    func testCorruptPNGSnapshots() throws {
        put(box, "scenes/box.cal")
        _ = try check(.missing)
        putBytes(Array("not a png".utf8), "scenes/__snapshots__/box.f0000.png")
        let good = try XCTUnwrap(bytes("scenes/__snapshots__/box.f0002.png"))
        putBytes(Array(good.prefix(40)), "scenes/__snapshots__/box.f0002.png")
        XCTAssertEqual(try check().report, """
        FAIL scenes/box.cal (asm, 2 frames)
          snapshot scenes/__snapshots__/box.f0000.png is corrupt: not a PNG, PPM, PGM or PAM image (unrecognised signature) (re-record it with --update)
          snapshot scenes/__snapshots__/box.f0002.png is corrupt: the PNG data is truncated (re-record it with --update)
        0 passed, 1 failed

        """)
        // --update-missing leaves a corrupt snapshot alone; --update replaces it
        XCTAssertEqual(try check(.missing).failed, 1)
        XCTAssertEqual(try check(.all).recorded, 1)
        XCTAssertEqual(try check().passed, 1)
    }

    func testNewerFormatCorruptAndOlderFormatTextSnapshots() throws {
        put(box, "scenes/box.cal")
        _ = try check(.missing)
        let asm = String(decoding: try XCTUnwrap(bytes("scenes/__snapshots__/box.asm")), as: UTF8.self)
        put(asm.replacingOccurrences(of: "format 2\n", with: "format 99\n"), "scenes/__snapshots__/box.asm")
        XCTAssertEqual(try check().results[0].details, [
            "snapshot scenes/__snapshots__/box.asm was recorded by a newer calc (bytecode format 99; this calc writes format 2): update calc, or re-record it with --update",
        ])
        put("K0 number 1\n", "scenes/__snapshots__/box.asm")
        XCTAssertEqual(try check().results[0].details, [
            "snapshot scenes/__snapshots__/box.asm is corrupt: its first line should be '; calc bytecode, format 2' (re-record it with --update)",
        ])
        putBytes([0xFF, 0xFE, 0x00, 0x41], "scenes/__snapshots__/box.asm")
        XCTAssertEqual(try check().results[0].details, [
            "snapshot scenes/__snapshots__/box.asm is corrupt: it is not UTF-8 text (re-record it with --update)",
        ])
        // an older format is shown as a diff, with a note saying why
        put(asm.replacingOccurrences(of: "format 2\n", with: "format 0\n"), "scenes/__snapshots__/box.asm")
        XCTAssertEqual(Array(try check().results[0].details.prefix(7)), [
            "disassembly differs from scenes/__snapshots__/box.asm:",
            "  (the snapshot is in bytecode format 0; this calc writes format 2)",
            "  --- scenes/__snapshots__/box.asm",
            "  +++ scenes/box.cal (actual)",
            "  @@ -1,4 +1,4 @@",
            "  -; calc bytecode, format 0",
            "  +; calc bytecode, format 2",
        ])
        // a CRLF checkout of a correct snapshot passes
        put(asm.replacingOccurrences(of: "\n", with: "\r\n"), "scenes/__snapshots__/box.asm")
        XCTAssertEqual(try check().passed, 1)
    }

    func testUpdateRewritesOnlyWhatFails() throws {
        put(box, "scenes/box.cal")
        _ = try check(.missing)
        // the same pixels stored with another compression level: a pass, and --update keeps the bytes
        let f0 = try ImageDecoder.decode(try XCTUnwrap(bytes("scenes/__snapshots__/box.f0000.png")))
        let stored = PNGEncoder.encode(f0, level: 0)
        putBytes(stored, "scenes/__snapshots__/box.f0000.png")
        put(box.replacingOccurrences(of: "#ff0000", with: "#00ff00"), "scenes/box.cal")
        let r = try check(.all)
        XCTAssertEqual(r.results[0].status, .recorded)
        XCTAssertEqual(r.results[0].recorded, ["scenes/__snapshots__/box.asm", "scenes/__snapshots__/box.f0000.png", "scenes/__snapshots__/box.f0002.png"])
        XCTAssertEqual(try check().passed, 1)
        // now frame 0 passes as stored: --update must not touch it
        let again = try XCTUnwrap(bytes("scenes/__snapshots__/box.f0000.png"))
        putBytes(PNGEncoder.encode(try ImageDecoder.decode(again), level: 0), "scenes/__snapshots__/box.f0000.png")
        let before = try XCTUnwrap(bytes("scenes/__snapshots__/box.f0000.png"))
        XCTAssertEqual(try check(.all).results[0].status, .passed)
        XCTAssertEqual(bytes("scenes/__snapshots__/box.f0000.png"), before)
    }

    func testFrameMismatchWritesADiffImageAndAPassRemovesIt() throws {
        put(box, "scenes/box.cal")
        _ = try check(.missing)
        // grow the box to 12×10 at (6, 10): columns 0..<12 — two new red columns (10, 11) on rows 5..<15
        put(box.replacingOccurrences(of: "bounds: (0, 0, 10, 10) position: (5, 10)", with: "bounds: (0, 0, 12, 10) position: (6, 10)"), "scenes/box.cal")
        let r = try check()
        XCTAssertEqual(r.results[0].failures, [
            "disassembly differs from scenes/__snapshots__/box.asm:",
            "frame 0 differs from scenes/__snapshots__/box.f0000.png: 20 of 800 pixels (2.50%) differ by more than 0",
            "frame 2 differs from scenes/__snapshots__/box.f0002.png: 20 of 800 pixels (2.50%) differ by more than 0",
        ])
        XCTAssertTrue(r.results[0].details.contains("  largest channel difference 255; tolerance 0 channel, 0% pixels allows 0 pixels"))
        XCTAssertTrue(r.results[0].details.contains("  diff image (expected | actual | difference): scenes/__snapshots__/__diffs__/box.f0000.diff.png"))
        XCTAssertEqual(r.results[0].diffImages, ["scenes/__snapshots__/__diffs__/box.f0000.diff.png", "scenes/__snapshots__/__diffs__/box.f0002.diff.png"])
        let diff = try ImageDecoder.decode(try XCTUnwrap(bytes("scenes/__snapshots__/__diffs__/box.f0000.diff.png")))
        XCTAssertEqual(diff.width, 3 * 40 + 8)
        var red: [String] = []
        for y in 0..<20 { for x in 0..<40 where diff[88 + x, y] == DiffImage.differColor { red.append("\(x),\(y)") } }
        XCTAssertEqual(red, (5..<15).flatMap { y in (10..<12).map { "\($0),\(y)" } })
        // put the script back: it passes and the stale difference images and their folder go
        put(box, "scenes/box.cal")
        XCTAssertEqual(try check().passed, 1)
        XCTAssertFalse(exists("scenes/__snapshots__/__diffs__"))
    }

    func testDiffDirectoryMirrorsScriptFolders() throws {
        put(box, "scenes/box.cal")
        _ = try check(.missing)
        put(box.replacingOccurrences(of: "#ff0000", with: "#ff0001"), "scenes/box.cal")
        let r = try check { $0.diffDirectory = self.dir + "/diffs" }
        XCTAssertEqual(r.results[0].diffImages, ["diffs/scenes/box.f0000.diff.png", "diffs/scenes/box.f0002.diff.png"])
        XCTAssertTrue(exists("diffs/scenes/box.f0000.diff.png"))
        XCTAssertFalse(exists("scenes/__snapshots__/__diffs__"))
    }

    func testToleranceFromTheScriptWinsOverTheRun() throws {
        put(box, "scenes/box.cal")
        _ = try check(.missing)
        // 1 level of blue on the box: 100 pixels of 800 differ by 1
        put(box.replacingOccurrences(of: "#ff0000", with: "#ff0001"), "scenes/box.cal")
        let frameFailures = { (s: RunSummary) in s.results[0].failures.filter { $0.hasPrefix("frame") }.count }
        XCTAssertEqual(frameFailures(try check()), 2)
        XCTAssertEqual(frameFailures(try check { $0.tolerance = Tolerance(maxChannelDiff: 1) }), 0)
        XCTAssertEqual(frameFailures(try check { $0.tolerance = Tolerance(maxDiffPixelsPercent: 12.5) }), 0, "100 of 800 is 12.5%")
        XCTAssertEqual(frameFailures(try check { $0.tolerance = Tolerance(maxDiffPixelsPercent: 12.4) }), 2)
        // the script's own tolerance (exact channels, 1% of pixels) wins over a generous run setting
        put("// snapshot: tolerance 0 channel, 1% pixels\n" + box.replacingOccurrences(of: "#ff0000", with: "#ff0001"), "scenes/box.cal")
        XCTAssertEqual(frameFailures(try check { $0.tolerance = Tolerance(maxChannelDiff: 5) }), 2)
    }

    func testRunFramesAndTimesApplyOnlyToScriptsThatNameNone() throws {
        put(box, "scenes/box.cal")
        put(box.replacingOccurrences(of: "// snapshot: frames 0, 2\n", with: ""), "scenes/plain.cal")
        let r = try check(.missing) { $0.frames = [1]; $0.times = [0.25] }
        XCTAssertEqual(r.results.map(\.script.name), ["scenes/box.cal", "scenes/plain.cal"])
        XCTAssertEqual(r.results[0].recorded.filter { $0.hasSuffix(".png") }, ["scenes/__snapshots__/box.f0000.png", "scenes/__snapshots__/box.f0002.png"])
        XCTAssertEqual(r.results[1].recorded.filter { $0.hasSuffix(".png") }, ["scenes/__snapshots__/plain.f0001.png", "scenes/__snapshots__/plain.t0.25s.png"])
        // without the run's frames the plain script is held to its first and last frames (0 and 4:
        // 0.5 s at 10 fps is 5 frames), not to its disassembly alone; the others are obsolete
        let plain = try check().results[1]
        XCTAssertEqual(plain.report, """
        FAIL scenes/plain.cal (asm, 2 frames)
          missing snapshot scenes/__snapshots__/plain.f0000.png for frame 0 (record it with --update-missing)
          missing snapshot scenes/__snapshots__/plain.f0004.png for frame 4 (record it with --update-missing)
          note: obsolete snapshot scenes/__snapshots__/plain.f0001.png (the script no longer names it; --update removes it)
          note: obsolete snapshot scenes/__snapshots__/plain.t0.25s.png (the script no longer names it; --update removes it)

        """)
        let removed = try check(.all).results[1]
        XCTAssertEqual(removed.status, .recorded)
        XCTAssertEqual(removed.details, ["wrote scenes/__snapshots__/plain.f0000.png", "wrote scenes/__snapshots__/plain.f0004.png",
                                         "removed obsolete scenes/__snapshots__/plain.f0001.png", "removed obsolete scenes/__snapshots__/plain.t0.25s.png"])
        XCTAssertEqual(try check().results[1].report, "PASS scenes/plain.cal (asm, 2 frames)\n")
        XCTAssertTrue(exists("scenes/__snapshots__/box.f0002.png"), "another script's snapshots are not its own")
    }

    func testScriptProblemsAreFailuresWithClearMessages() throws {
        put("// snapshot: frames 0, 9\n" + box.dropFirst("// snapshot: frames 0, 2\n".count), "a/range.cal")
        put("// snapshot: framez 0\n", "b/typo.cal")
        put("layer x { opactiy: 1 }\n", "c/broken.cal")
        put("// snapshot: diagnostics\nlayer x { opactiy: 1 }\n", "d/expected.cal")
        let r = try check(.missing)
        XCTAssertEqual(r.report, """
        FAIL a/range.cal (asm, 2 frames)
          wrote a/__snapshots__/range.asm
          frame 9 is outside the scene (frames 0..4 at 10 fps)
          wrote a/__snapshots__/range.f0000.png
        FAIL b/typo.cal
          b/typo.cal:1: error: unknown snapshot directive 'framez'; expected frames, times, tolerance, diagnostics, display or values
        FAIL c/broken.cal
          does not compile (1 error; a script meant to fail declares '// snapshot: diagnostics'):
            c/broken.cal:1:11: error: unknown property 'opactiy' on layer 'x' [E0201]
             1 | layer x { opactiy: 1 }
               |           ^~~~~~~ did you mean 'opacity'?
        RECORDED d/expected.cal (diagnostics)
          wrote d/__snapshots__/expected.diag
        0 passed, 3 failed, 1 recorded

        """)
        XCTAssertEqual(String(decoding: try XCTUnwrap(bytes("d/__snapshots__/expected.diag")), as: UTF8.self), """
        ; calc diagnostics, format 1
        d/expected.cal:2:11: error: unknown property 'opactiy' on layer 'x' [E0201]
         2 | layer x { opactiy: 1 }
           |           ^~~~~~~ did you mean 'opacity'?

        """)
    }

    func testParallelRunsReportInSortedOrder() throws {
        for i in 0..<12 { put(box.replacingOccurrences(of: "#ff0000", with: String(format: "#ff00%02x", i)), "s\(i % 3)/n\(i).cal") }
        let serial = try check(.missing, jobs: 1)
        for i in 0..<12 { put(box.replacingOccurrences(of: "#ff0000", with: String(format: "#ff00%02x", i + 1)), "s\(i % 3)/n\(i).cal") }
        final class Lines: @unchecked Sendable { var names: [String] = []; let lock = NSLock() }
        let seen = Lines()
        var o = SnapshotOptions(root: dir)
        o.jobs = 4
        let scripts = try SnapshotFiles.discover([dir], root: dir)
        let parallel = SnapshotEngine.run(scripts, options: o) { r in seen.lock.lock(); seen.names.append(r.script.name); seen.lock.unlock() }
        let sorted = scripts.map(\.name)
        XCTAssertEqual(sorted, sorted.sorted())
        XCTAssertEqual(seen.names, sorted, "delivered in order")
        XCTAssertEqual(serial.results.map(\.script.name), sorted)
        XCTAssertEqual(parallel.failed, 12)
        // the same text as a serial run
        var o1 = o
        o1.jobs = 1
        XCTAssertEqual(SnapshotEngine.run(scripts, options: o1).report, parallel.report)
    }

    func testDiscoverySkipsHiddenAndSnapshotFolders() throws {
        put(box, "a/one.cal")
        put(box, "a/__snapshots__/copy.cal")
        put(box, ".hidden/two.cal")
        put(box, "a/notes.txt")
        XCTAssertEqual(try SnapshotFiles.discover([dir], root: dir).map(\.name), ["a/one.cal"])
        XCTAssertEqual(try SnapshotFiles.discover([dir + "/a/one.cal", dir + "/a"], root: dir).map(\.name), ["a/one.cal"])
        XCTAssertThrowsError(try SnapshotFiles.discover([dir + "/nope"], root: dir)) { e in
            XCTAssertEqual(e as? SetupError, SetupError(.io, "cannot read '\(dir)/nope': no such file or directory"))
        }
        XCTAssertThrowsError(try SnapshotFiles.discover([dir + "/a/notes.txt"], root: dir)) { e in
            XCTAssertEqual((e as? SetupError)?.kind, .usage)
        }
        try FileManager.default.createDirectory(atPath: dir + "/empty", withIntermediateDirectories: true)
        XCTAssertThrowsError(try SnapshotFiles.discover([dir + "/empty"], root: dir)) { e in
            XCTAssertEqual(e as? SetupError, SetupError(.usage, "no .cal files found in '\(dir)/empty'"))
        }
    }

    func testJUnitParsesWithOneTestCasePerScript() throws {
        put(box, "scenes/box.cal")
        put("// snapshot: <&>\"\u{1}\n", "scenes/bad.cal")
        put(box, "top.cal")
        _ = try check(.missing)
        let xml = JUnitReport.xml(try check())
        let parsed = try XCTUnwrap(JUnitParse(xml), xml)
        XCTAssertEqual(parsed.root, "testsuites")
        XCTAssertEqual(parsed.suites, 1)
        XCTAssertEqual(parsed.suiteAttributes["tests"], "3")
        XCTAssertEqual(parsed.suiteAttributes["failures"], "1")
        XCTAssertEqual(parsed.cases.map { "\($0["classname"] ?? "")|\($0["name"] ?? "")|\($0["file"] ?? "")" },
                       ["scenes|bad.cal|scenes/bad.cal", "scenes|box.cal|scenes/box.cal", ".|top.cal|top.cal"])
        XCTAssertEqual(parsed.failures, ["scenes/bad.cal:1: error: unknown snapshot directive '<&>\"\u{FFFD}'; expected frames, times, tolerance, diagnostics, display or values"])
        XCTAssertTrue(parsed.cases.allSatisfy { Double($0["time"] ?? "") != nil })
    }

    func testXMLEscaping() {
        XCTAssertEqual(JUnitReport.escape("a<b>&\"c'\n\t\u{0}\u{1F}é"), "a&lt;b&gt;&amp;&quot;c&apos;&#10;&#9;\u{FFFD}\u{FFFD}é")
        XCTAssertEqual(JUnitReport.escape("x\ny", inElement: true), "x\ny")
    }

    func testSnapshotNamesDoNotDependOnTheWorkingDirectory() throws {
        // inside a repository: relative to the folder holding .git, whatever root the run was given
        put(box, "scenes/deep/box.cal")
        var options = SnapshotOptions(root: dir + "/scenes")
        options.recording = .missing
        let fromScenes = SnapshotEngine.run(try SnapshotFiles.discover([dir + "/scenes/deep"], root: dir + "/scenes"), options: options)
        XCTAssertEqual(fromScenes.results[0].script.name, "deep/box.cal")
        let asm = String(decoding: try XCTUnwrap(bytes("scenes/deep/__snapshots__/box.asm")), as: UTF8.self)
        XCTAssertTrue(asm.contains("; source: scenes/deep/box.cal\n"), asm)
        XCTAssertEqual(SnapshotFiles.snapshotName(dir + "/scenes/deep/box.cal"), "scenes/deep/box.cal")
        // outside any repository: the file name alone
        try FileManager.default.removeItem(atPath: dir + "/.git")
        XCTAssertEqual(SnapshotFiles.snapshotName(dir + "/scenes/deep/box.cal"), "box.cal")
    }
}

/// The structure of a JUnit document, read with Foundation's XMLParser.
final class JUnitParse: NSObject, XMLParserDelegate {
    var root = ""
    var suites = 0
    var suiteAttributes: [String: String] = [:]
    var cases: [[String: String]] = []
    var failures: [String] = []

    init?(_ xml: String) {
        super.init()
        let p = XMLParser(data: Data(xml.utf8))
        p.delegate = self
        guard p.parse() else { return nil }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
        if root.isEmpty { root = name }
        switch name {
        case "testsuite": suites += 1; suiteAttributes = attributes
        case "testcase": cases.append(attributes)
        case "failure": failures.append(attributes["message"] ?? "")
        default: break
        }
    }
}
