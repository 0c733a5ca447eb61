// `calc test` through the real executable: the issue's acceptance checks (a changed colour gives a
// difference image of exactly the changed layer, a changed constant a diff naming the changed
// instruction; update, pass, delete, fail; JUnit that parses; tolerance edges; corrupt snapshots),
// with exact stdout, stderr and exit codes. Expected rectangles are worked out by hand from the scenes.

import XCTest
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Render

final class SnapshotCLITests: XCTestCase {
    var dir = ""

    override func setUp() {
        dir = CLI.tempDir()
        // a repository: the names compiled into snapshots are relative to the folder holding .git
        try? FileManager.default.createDirectory(atPath: dir + "/.git", withIntermediateDirectories: true)
    }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func calc(_ args: String...) -> CalcRun { CLI.run(args, in: dir) }

    /// Copies a committed sample and its snapshots to the same relative path under the temporary
    /// folder, so the committed snapshots (which name `Samples/…`) apply unchanged.
    func copySample(_ rel: String) throws {
        let fm = FileManager.default
        let src = CLI.repo.appendingPathComponent(rel)
        let folder = (rel as NSString).deletingLastPathComponent
        let stem = src.deletingPathExtension().lastPathComponent
        try fm.createDirectory(atPath: dir + "/" + folder + "/__snapshots__", withIntermediateDirectories: true)
        try fm.copyItem(atPath: src.path, toPath: dir + "/" + rel)
        let snaps = src.deletingLastPathComponent().appendingPathComponent("__snapshots__").path
        for name in try fm.contentsOfDirectory(atPath: snaps) where name.hasPrefix(stem + ".") {
            try fm.copyItem(atPath: snaps + "/" + name, toPath: dir + "/" + folder + "/__snapshots__/" + name)
        }
    }

    func edit(_ rel: String, _ old: String, _ new: String) throws {
        let path = dir + "/" + rel
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "\(rel) contains '\(old)'")
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }

    func png(_ rel: String) throws -> Framebuffer {
        try ImageDecoder.decode([UInt8](try XCTUnwrap(FileManager.default.contents(atPath: dir + "/" + rel), rel)))
    }

    func writePNG(_ fb: Framebuffer, _ rel: String) {
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/" + rel, contents: Data(PNGEncoder.encode(fb))))
    }

    // MARK: acceptance 1

    func testAChangedColourFailsWithDiffImagesOfExactlyTheChangedLayer() throws {
        try copySample("Samples/transactions/implicit.cal")
        let clean = calc("test")
        XCTAssertEqual(clean.stdout, "PASS Samples/transactions/implicit.cal (asm, 5 frames)\n1 passed, 0 failed\n")
        XCTAssertEqual(clean.stderr, "")
        XCTAssertEqual(clean.status, 0)

        // layer b (20×20 at position (20, 50): rows 40..<60) turns from orange to purple
        try edit("Samples/transactions/implicit.cal", "backgroundColor: #ff8800", "backgroundColor: #8800ff")
        let r = calc("test")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "")
        XCTAssertTrue(r.stdout.hasPrefix("FAIL Samples/transactions/implicit.cal (asm, 5 frames)\n"), r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix("\n0 passed, 1 failed\n"), r.stdout)
        // b's left edge: x = 20 − 10 until the 1 s linear move to 180 starts at 0.5 s, then
        // 20 + 160 (t − 0.5) − 10 until 1.5 s, then 170. Frames are at i / 20 s.
        let leftEdges = [10: 10, 12: 26, 20: 90, 25: 130, 40: 170]
        for (frame, left) in leftEdges.sorted(by: { $0.key < $1.key }) {
            let name = String(format: "implicit.f%04d", frame)
            let image = "Samples/transactions/__snapshots__/__diffs__/\(name).diff.png"
            XCTAssertTrue(r.stdout.contains("""
              frame \(frame) differs from Samples/transactions/__snapshots__/\(name).png: 400 of 20000 pixels (2.00%) differ by more than 0
                largest channel difference 255; tolerance 0 channel, 0% pixels allows 0 pixels
                diff image (expected | actual | difference): \(image)

            """), "frame \(frame):\n\(r.stdout)")
            let diff = try png(image)
            XCTAssertEqual(diff.width, 3 * 200 + 2 * 4)
            XCTAssertEqual(diff.height, 100)
            var marked: [Int] = [], expected: [Int] = []
            for y in 0..<100 {
                for x in 0..<200 {
                    if diff[408 + x, y] == PixelMath.pack(255, 0, 0, 255) { marked.append(y * 200 + x) }
                    if (left..<left + 20).contains(x) && (40..<60).contains(y) { expected.append(y * 200 + x) }
                }
            }
            XCTAssertEqual(marked, expected, "frame \(frame): the red pixels are exactly b's square")
            // the middle panel is the new frame: b is purple there, orange in the first panel
            XCTAssertEqual(diff[204 + left + 5, 50], PixelMath.pack(0x88, 0x00, 0xff, 255))
            XCTAssertEqual(diff[left + 5, 50], PixelMath.pack(0xff, 0x88, 0x00, 255))
        }
        // the snapshots themselves are untouched
        XCTAssertEqual(FileManager.default.contents(atPath: dir + "/Samples/transactions/__snapshots__/implicit.f0012.png"),
                       FileManager.default.contents(atPath: CLI.repo.appendingPathComponent("Samples/transactions/__snapshots__/implicit.f0012.png").path))
    }

    func testAChangedConstantShowsTheChangedInstructionInTheDiff() throws {
        try copySample("Samples/transactions/implicit.cal")
        try edit("Samples/transactions/implicit.cal", "animationDuration: 1s", "animationDuration: 2s")
        let r = calc("test", "Samples/transactions/implicit.cal")
        XCTAssertEqual(r.status, 1)
        // the constant pool's K9 and the LOADK that reads it (lines 16 and 60 of the listing)
        let expected = [
            "FAIL Samples/transactions/implicit.cal (asm, 5 frames)",
            "  disassembly differs from Samples/transactions/__snapshots__/implicit.asm:",
            "    --- Samples/transactions/__snapshots__/implicit.asm",
            "    +++ Samples/transactions/implicit.cal (actual)",
            "    @@ -13,7 +13,7 @@",
            "       K6      color     #008800ff",
            "       K7      number    0.5",
            "       K8      number    180",
            "    -  K9      number    1",
            "    +  K9      number    2",
            "       K10     timing    linear",
            "       K11     point     (180, 50)",
            "     ",
            "    @@ -58,7 +58,7 @@",
            "       0001    | LOADK         R1, K8              ; 180",
            "       0002    | SETPROP       R0, R1, position.x",
            "       0003   32 TXBEGIN",
            "    -  0004    | LOADK         R0, K9              ; 1",
            "    +  0004    | LOADK         R0, K9              ; 2",
            "       0005    | TXSET         R0, animationDuration",
            "       0006    | LOADK         R0, K10             ; linear",
            "       0007    | TXSET         R0, animationTimingFunction",
        ].joined(separator: "\n") + "\n"
        XCTAssertTrue(r.stdout.hasPrefix(expected), r.stdout)
    }

    // MARK: acceptance 2

    let box = """
    // snapshot: frames 0, 2
    scene { size: (40, 20) fps: 10 duration: 0.5s background: #000000 }
    layer box { bounds: (0, 0, 10, 10) position: (5, 10) backgroundColor: #ff0000
      animations { m: basic { keyPath: position.x from: 5 to: 35 duration: 0.5s } } }

    """

    func testUpdateThenPassThenADeletedSnapshotIsNamed() throws {
        try FileManager.default.createDirectory(atPath: dir + "/scenes", withIntermediateDirectories: true)
        CLI.write(box, "scenes/box.cal", in: dir)
        let missing = calc("test")
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stdout, """
        FAIL scenes/box.cal (asm, 2 frames)
          missing snapshot scenes/__snapshots__/box.asm (record it with --update-missing)
          missing snapshot scenes/__snapshots__/box.f0000.png for frame 0 (record it with --update-missing)
          missing snapshot scenes/__snapshots__/box.f0002.png for frame 2 (record it with --update-missing)
        0 passed, 1 failed

        """)
        let update = calc("test", "--update")
        XCTAssertEqual(update.status, 0)
        XCTAssertEqual(update.stderr, "")
        XCTAssertEqual(update.stdout, """
        RECORDED scenes/box.cal (asm, 2 frames)
          wrote scenes/__snapshots__/box.asm
          wrote scenes/__snapshots__/box.f0000.png
          wrote scenes/__snapshots__/box.f0002.png
        0 passed, 0 failed, 1 recorded

        """)
        XCTAssertEqual(CLI.files(in: dir + "/scenes/__snapshots__"), ["box.asm", "box.f0000.png", "box.f0002.png"])
        // frame 2 at 0.2 s: the box's centre at x = 5 + 30 × 0.4 = 17, so it covers columns 12..<22
        let f2 = try png("scenes/__snapshots__/box.f0002.png")
        XCTAssertEqual(f2[12, 10], PixelMath.pack(255, 0, 0, 255))
        XCTAssertEqual(f2[11, 10], PixelMath.pack(0, 0, 0, 255))
        XCTAssertEqual(f2[22, 10], PixelMath.pack(0, 0, 0, 255))

        let pass = calc("test")
        XCTAssertEqual(pass.status, 0)
        XCTAssertEqual(pass.stdout, "PASS scenes/box.cal (asm, 2 frames)\n1 passed, 0 failed\n")

        try FileManager.default.removeItem(atPath: dir + "/scenes/__snapshots__/box.f0002.png")
        let deleted = calc("test")
        XCTAssertEqual(deleted.status, 1)
        XCTAssertEqual(deleted.stdout, """
        FAIL scenes/box.cal (asm, 2 frames)
          missing snapshot scenes/__snapshots__/box.f0002.png for frame 2 (record it with --update-missing)
        0 passed, 1 failed

        """)
        let refill = calc("test", "--update-missing")
        XCTAssertEqual(refill.status, 0)
        XCTAssertEqual(refill.stdout, "RECORDED scenes/box.cal (asm, 2 frames)\n  wrote scenes/__snapshots__/box.f0002.png\n0 passed, 0 failed, 1 recorded\n")
        XCTAssertEqual(calc("test").status, 0)
    }

    // MARK: acceptance 3

    func testJUnitFileParsesAndListsEachScript() throws {
        try FileManager.default.createDirectory(atPath: dir + "/s/deep", withIntermediateDirectories: true)
        CLI.write(box, "s/a.cal", in: dir)
        CLI.write(box, "s/deep/b.cal", in: dir)
        CLI.write(box, "c.cal", in: dir)
        XCTAssertEqual(calc("test", "--update").status, 0)
        CLI.write(box.replacingOccurrences(of: "#ff0000", with: "#00ff00"), "s/deep/b.cal", in: dir)
        let r = calc("test", "--junit", "results.xml")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.hasSuffix("2 passed, 1 failed\n"), r.stdout)
        let data = try XCTUnwrap(FileManager.default.contents(atPath: dir + "/results.xml"))

        final class Collect: NSObject, XMLParserDelegate {
            var elements: [String] = []
            var cases: [String] = []
            var suite: [String: String] = [:]
            var failureMessages: [String] = []
            var failureText = "", inFailure = false
            func parser(_ p: XMLParser, didStartElement e: String, namespaceURI: String?, qualifiedName: String?, attributes a: [String: String]) {
                elements.append(e)
                if e == "testsuite" { suite = a }
                if e == "testcase" { cases.append("\(a["classname"] ?? "?") \(a["name"] ?? "?")") }
                if e == "failure" { failureMessages.append(a["message"] ?? ""); inFailure = true }
            }
            func parser(_ p: XMLParser, foundCharacters s: String) { if inFailure { failureText += s } }
            func parser(_ p: XMLParser, didEndElement e: String, namespaceURI: String?, qualifiedName: String?) { if e == "failure" { inFailure = false } }
        }
        let c = Collect()
        let parser = XMLParser(data: data)
        parser.delegate = c
        XCTAssertTrue(parser.parse(), "well-formed: \(String(describing: parser.parserError))")
        XCTAssertEqual(c.elements.first, "testsuites")
        XCTAssertEqual(c.cases, [". c.cal", "s a.cal", "s/deep b.cal"])
        XCTAssertEqual(c.suite["tests"], "3")
        XCTAssertEqual(c.suite["failures"], "1")
        XCTAssertEqual(c.failureMessages, ["disassembly differs from s/deep/__snapshots__/b.asm:"])
        XCTAssertTrue(c.failureText.contains("frame 0 differs from s/deep/__snapshots__/b.f0000.png"), c.failureText)
    }

    // MARK: acceptance 4

    /// A flat grey 10×10 scene recorded, then its snapshot replaced by `change` of the recorded frame.
    func greyScene(_ directive: String, change: (inout Framebuffer) -> Void) throws {
        CLI.write("// snapshot: frames 0\(directive)\nscene { size: (10, 10) fps: 1 duration: 1s background: #808080 }\n", "g.cal", in: dir)
        // a snapshot that passes within the tolerance is kept by --update, so start afresh
        try? FileManager.default.removeItem(atPath: dir + "/__snapshots__/g.f0000.png")
        XCTAssertEqual(calc("test", "--update").status, 0)
        var fb = try png("__snapshots__/g.f0000.png")
        XCTAssertEqual(fb[3, 3], PixelMath.pack(128, 128, 128, 255))
        change(&fb)
        writePNG(fb, "__snapshots__/g.f0000.png")
    }

    /// Raises the red channel of the first `count` pixels by `by`.
    func raise(_ fb: inout Framebuffer, _ count: Int, by: UInt32) { for i in 0..<count { fb.pixels[i] += by } }

    func testChannelToleranceJustWithinAndJustBeyond() throws {
        // every pixel 2 levels off
        try greyScene("") { self.raise(&$0, 100, by: 2) }
        let exact = calc("test")
        XCTAssertEqual(exact.status, 1)
        XCTAssertEqual(exact.stdout, """
        FAIL g.cal (asm, 1 frame)
          frame 0 differs from __snapshots__/g.f0000.png: 100 of 100 pixels (100.00%) differ by more than 0
            largest channel difference 2; tolerance 0 channel, 0% pixels allows 0 pixels
            diff image (expected | actual | difference): __snapshots__/__diffs__/g.f0000.diff.png
        0 passed, 1 failed

        """)
        XCTAssertEqual(calc("test", "--max-channel-diff", "2").stdout, "PASS g.cal (asm, 1 frame)\n1 passed, 0 failed\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/__snapshots__/__diffs__"), "a pass removes the stale diff image")
        let beyond = calc("test", "--max-channel-diff", "1")
        XCTAssertEqual(beyond.status, 1)
        XCTAssertTrue(beyond.stdout.contains("100 of 100 pixels (100.00%) differ by more than 1"), beyond.stdout)
        // the difference panel shows them in yellow when within the tolerance: here, beyond it, red
        let d = try png("__snapshots__/__diffs__/g.f0000.diff.png")
        XCTAssertEqual(d[2 * 14 + 5, 5], PixelMath.pack(255, 0, 0, 255))
    }

    func testPixelShareJustWithinAndJustBeyond() throws {
        // one pixel of 100 far off: 1% allows exactly one
        try greyScene("") { self.raise(&$0, 1, by: 100) }
        XCTAssertEqual(calc("test", "--max-diff-pixels", "1%").status, 0)
        XCTAssertEqual(calc("test", "--max-diff-pixels", "0.99%").status, 1)
        try greyScene("") { self.raise(&$0, 2, by: 100) }
        let two = calc("test", "--max-diff-pixels", "1%")
        XCTAssertEqual(two.status, 1)
        XCTAssertTrue(two.stdout.contains("""
          frame 0 differs from __snapshots__/g.f0000.png: 2 of 100 pixels (2.00%) differ by more than 0
            largest channel difference 100; tolerance 0 channel, 1% pixels allows 1 pixel

        """), two.stdout)
    }

    func testScriptToleranceDirectiveJustWithinAndJustBeyond() throws {
        // "2 channel, 1% pixels": every pixel 2 off and one pixel 3 off passes …
        let directive = "; tolerance 2 channel, 1% pixels"
        try greyScene(directive) { self.raise(&$0, 100, by: 2); $0.pixels[0] += 1 }
        XCTAssertEqual(calc("test").stdout, "PASS g.cal (asm, 1 frame)\n1 passed, 0 failed\n")
        // … and a second pixel 3 off does not, even with a generous run setting (the script's wins)
        try greyScene(directive) { self.raise(&$0, 100, by: 2); $0.pixels[0] += 1; $0.pixels[1] += 1 }
        let r = calc("test", "--max-channel-diff", "10")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("2 of 100 pixels (2.00%) differ by more than 2"), r.stdout)
    }

    func testCorruptAndNewerSnapshotsGiveClearMessages() throws {
        try FileManager.default.createDirectory(atPath: dir + "/scenes", withIntermediateDirectories: true)
        CLI.write(box, "scenes/box.cal", in: dir)
        XCTAssertEqual(calc("test", "--update").status, 0)
        CLI.write("this is not a PNG", "scenes/__snapshots__/box.f0002.png", in: dir)
        let asmPath = dir + "/scenes/__snapshots__/box.asm"
        let asm = try String(contentsOfFile: asmPath, encoding: .utf8)
        try asm.replacingOccurrences(of: "; calc bytecode, format 2\n", with: "; calc bytecode, format 99\n").write(toFile: asmPath, atomically: true, encoding: .utf8)
        let r = calc("test")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.stdout, """
        FAIL scenes/box.cal (asm, 2 frames)
          snapshot scenes/__snapshots__/box.asm was recorded by a newer calc (bytecode format 99; this calc writes format 2): update calc, or re-record it with --update
          snapshot scenes/__snapshots__/box.f0002.png is corrupt: not a PNG, PPM, PGM or PAM image (unrecognised signature) (re-record it with --update)
        0 passed, 1 failed

        """)
        // --update-missing does not touch them; --update replaces both
        XCTAssertEqual(calc("test", "--update-missing").status, 1)
        XCTAssertEqual(calc("test", "--update").stdout, """
        RECORDED scenes/box.cal (asm, 2 frames)
          wrote scenes/__snapshots__/box.asm
          wrote scenes/__snapshots__/box.f0002.png
        0 passed, 0 failed, 1 recorded

        """)
        XCTAssertEqual(calc("test").status, 0)
    }

    // MARK: CI behaviour and bad usage

    func testJobsDoNotChangeTheOutput() throws {
        for i in 0..<8 {
            try FileManager.default.createDirectory(atPath: dir + "/d\(i % 3)", withIntermediateDirectories: true)
            CLI.write(box.replacingOccurrences(of: "#ff0000", with: String(format: "#ff%02x00", i)), "d\(i % 3)/s\(i).cal", in: dir)
        }
        XCTAssertEqual(calc("test", "--update", "--jobs", "3").status, 0)
        for i in [1, 6] { CLI.write(box, "d\(i % 3)/s\(i).cal", in: dir) }
        let one = calc("test", "--jobs", "1"), four = calc("test", "--jobs", "4")
        XCTAssertEqual(one.status, 1)
        XCTAssertEqual(four.stdout, one.stdout)
        XCTAssertEqual(one.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }, [
            "PASS d0/s0.cal (asm, 2 frames)", "PASS d0/s3.cal (asm, 2 frames)", "FAIL d0/s6.cal (asm, 2 frames)",
            "FAIL d1/s1.cal (asm, 2 frames)", "PASS d1/s4.cal (asm, 2 frames)", "PASS d1/s7.cal (asm, 2 frames)",
            "PASS d2/s2.cal (asm, 2 frames)", "PASS d2/s5.cal (asm, 2 frames)", "6 passed, 2 failed",
        ])
    }

    func testBadUsageAndMissingPaths() throws {
        let both = calc("test", "--update", "--update-missing")
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("use either --update or --update-missing, not both"), both.stderr)
        let pct = calc("test", "--max-diff-pixels", "5")
        XCTAssertEqual(pct.status, 2)
        XCTAssertTrue(pct.stderr.contains("--max-diff-pixels expects a percentage from 0% to 100% such as 0.1%, got '5'"), pct.stderr)
        XCTAssertEqual(calc("test", "--max-channel-diff", "256").status, 2)
        XCTAssertEqual(calc("test", "--jobs", "0").status, 2)

        let none = calc("test")
        XCTAssertEqual(none.status, 2)
        XCTAssertEqual(none.stderr, "calc: no .cal files found in '.'\n")
        XCTAssertEqual(none.stdout, "")
        let missing = calc("test", "nothere")
        XCTAssertEqual(missing.status, 4)
        XCTAssertEqual(missing.stderr, "calc: cannot read 'nothere': no such file or directory\n")
        CLI.write(box, "t.cal", in: dir)
        let frames = calc("test", "--frames", "1,x")
        XCTAssertEqual(frames.status, 2)
        XCTAssertEqual(frames.stderr, "calc: --frames: expected a frame number or a range such as '0..10', got 'x'\n")
        XCTAssertEqual(calc("test", "--update").status, 0)
        let junit = calc("test", "--junit", "no/such/dir/r.xml")
        XCTAssertEqual(junit.status, 4)
        XCTAssertTrue(junit.stderr.hasPrefix("calc: cannot write 'no/such/dir/r.xml'"), junit.stderr)
        XCTAssertEqual(junit.stdout, "PASS t.cal (asm, 2 frames)\n1 passed, 0 failed\n")
        let input = calc("test", "--junit", "t.cal")
        XCTAssertEqual(input.status, 4)
        XCTAssertEqual(input.stderr, "calc: refusing to overwrite the input file 't.cal'\n")
    }

    func testRootKeepsNamesStableFromASubfolderAndDiffDirCollectsImages() throws {
        try FileManager.default.createDirectory(atPath: dir + "/scenes", withIntermediateDirectories: true)
        CLI.write(box, "scenes/box.cal", in: dir)
        XCTAssertEqual(calc("test", "--update").status, 0)
        // from inside scenes/, the snapshots (which say 'scenes/box.cal', relative to the repository)
        // match as they are: names in snapshots do not depend on the working directory
        let inside = CLI.run(["test"], in: dir + "/scenes")
        XCTAssertEqual(inside.stdout, "PASS box.cal (asm, 2 frames)\n1 passed, 0 failed\n")
        XCTAssertEqual(inside.status, 0)
        XCTAssertEqual(CLI.run(["test", "--root", ".."], in: dir + "/scenes").stdout, "PASS scenes/box.cal (asm, 2 frames)\n1 passed, 0 failed\n")
        // an explicit --root makes snapshot names relative to it: here that differs from the recording
        let wrongRoot = CLI.run(["test", "--root", "."], in: dir + "/scenes")
        XCTAssertEqual(wrongRoot.status, 1)
        XCTAssertTrue(wrongRoot.stdout.contains("    -; source: scenes/box.cal\n    +; source: box.cal\n"), wrongRoot.stdout)
        // difference images under --diff-dir mirror the script's folder; nothing lands in __snapshots__
        CLI.write(box.replacingOccurrences(of: "#ff0000", with: "#ff0101"), "scenes/box.cal", in: dir)
        let r = calc("test", "--diff-dir", "diffs")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("    diff image (expected | actual | difference): diffs/scenes/box.f0000.diff.png\n"), r.stdout)
        XCTAssertEqual(CLI.files(in: dir + "/diffs/scenes"), ["box.f0000.diff.png", "box.f0002.diff.png"])
        XCTAssertEqual(CLI.files(in: dir + "/scenes/__snapshots__"), ["box.asm", "box.f0000.png", "box.f0002.png"])
    }

    func testHelpListsTheCommand() {
        let h = calc("--help")
        XCTAssertTrue(h.stdout.contains("\n  test                    Compare scripts' disassembly and frames with their\n"), h.stdout)
        let t = calc("test", "--help")
        XCTAssertEqual(t.status, 0)
        XCTAssertTrue(t.stdout.contains("--max-diff-pixels <percent>"), t.stdout)
    }
}
