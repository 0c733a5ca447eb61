// The command line's traps (issue 15): messages for bad numbers, a suggestion for a mistyped
// command, no Foundation error domains in messages, a byte-order mark, `-o out.png` with many
// frames, where default outputs go, and a frames folder that never holds two runs' frames.

import XCTest
import Foundation

final class TrapTests: XCTestCase {
    var dir = ""

    override func setUp() { dir = CLI.tempDir() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func calc(_ args: String...) -> CalcRun { CLI.run(args, in: dir) }

    // 0.5 s at 10 fps: frames 0…4
    let tiny = """
    scene { size: (40, 20) fps: 10 duration: 0.5s background: #000000 }
    layer box { bounds: (0, 0, 10, 10) position: (5, 10) backgroundColor: #ff0000 }
    """

    func testNumbersOutOfRangeGetRealMessages() {
        CLI.write(tiny, "t.cal", in: dir)
        let cases: [([String], String)] = [
            (["--fps", "0"], "--fps must be more than 0 frames per second, e.g. 30; got 0"),
            (["--fps", "-5"], "--fps must be more than 0 frames per second, e.g. 30; got -5"),
            (["--fps", "2000"], "--fps must be at most 1000; got 2000"),
            (["--time", "-1"], "calc: --time must be 0 or later: the scene runs from 0s to 0.5s; got -1\n"),
            (["--frames", "-1"], "calc: --frames counts from 0 (the scene has 5 frames, 0..4); got -1\n"),
            (["--loop", "-2", "-o", "t.apng"], "--loop must be 0 (forever) or the number of times to play, got -2"),
        ]
        for (args, message) in cases {
            let r = CLI.run(["run", "t.cal"] + args, in: dir)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("Missing value"), "\(args): \(r.stderr)")
        }
        XCTAssertEqual(CLI.files(in: dir), ["t.cal"])
    }

    func testUnknownCommandSuggestsTheNearest() {
        let r = calc("render", "t.cal")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "calc: unknown command 'render'; did you mean 'calc run'? (commands: build, run, check, disasm, test, values, bench, sheet, preview; calc --help)\n")
        // by spelling: one edit from 'check'
        XCTAssertTrue(calc("chek", "t.cal").stderr.contains("did you mean 'calc check'?"))
        XCTAssertTrue(calc("compile", "t.cal").stderr.contains("did you mean 'calc build'?"))
        let far = calc("frobnicate")
        XCTAssertEqual(far.status, 2)
        XCTAssertEqual(far.stderr, "calc: unknown command 'frobnicate' (commands: build, run, check, disasm, test, values, bench, sheet, preview; calc --help)\n")
    }

    func testNoFoundationErrorDomainsInMessages() {
        CLI.write(tiny, "t.cal", in: dir)
        CLI.write("x", "afile", in: dir)
        let r = calc("run", "t.cal", "-o", "afile/sub")
        XCTAssertEqual(r.status, 4)
        XCTAssertEqual(r.stderr, "calc: cannot create directory 'afile/sub': 'afile' is a file\n")
        // the snapshot engine's writes: a __snapshots__ that is a file
        CLI.write("x", "__snapshots__", in: dir)
        let t = calc("test", "t.cal", "--update")
        XCTAssertNotEqual(t.status, 0)
        XCTAssertFalse((t.stdout + t.stderr).contains("Domain"), t.stdout + t.stderr)
        XCTAssertTrue((t.stdout + t.stderr).contains("'__snapshots__' is a file"), t.stdout + t.stderr)
    }

    func testByteOrderMarkIsSkipped() {
        // EF BB BF, then a script with an error on line 2: the column is the one an editor shows (20)
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("scene { size: (10, 10) }\nlayer a { opacity: 2s }\n".utf8)
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/bom.cal", contents: Data(bytes)))
        let r = calc("check", "bom.cal")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("bom.cal:2:20: error: 'opacity' expects a number, found a duration [E0300]"), r.stderr)
        let ok: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(tiny.utf8)
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/ok.cal", contents: Data(ok)))
        let c = calc("check", "ok.cal")
        XCTAssertEqual(c.status, 0, c.stderr)
        XCTAssertEqual(c.stderr, "")
    }

    func testOutputNamingAPNGFileIsNeverAFolder() throws {
        CLI.write(tiny, "t.cal", in: dir)
        let r = calc("run", "t.cal", "-o", "out.png")
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("-o out.png names one image, but 5 frames were asked for"), r.stderr)
        XCTAssertEqual(CLI.files(in: dir), ["t.cal"])
        // one frame asked for by number: that is the file written
        XCTAssertEqual(calc("run", "t.cal", "-o", "out.png", "--frames", "3", "-q").status, 0)
        var isDir: ObjCBool = true
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/out.png", isDirectory: &isDir))
        XCTAssertFalse(isDir.boolValue)
        let png = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: dir + "/out.png")))
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    func testDefaultOutputsGoToTheCurrentDirectory() {
        try? FileManager.default.createDirectory(atPath: dir + "/src", withIntermediateDirectories: true)
        CLI.write(tiny, "src/t.cal", in: dir)
        XCTAssertEqual(calc("build", "src/t.cal").status, 0)
        XCTAssertEqual(calc("run", "src/t.cal", "-q").status, 0)
        XCTAssertEqual(calc("run", "src/t.cal", "--format", "apng", "-q").status, 0)
        XCTAssertEqual(CLI.files(in: dir), ["src", "t.apng", "t.calb", "t_frames"])
        XCTAssertEqual(CLI.files(in: dir + "/src"), ["t.cal"])
    }

    func testARunIntoAnEarlierRunsFolderLeavesNoStaleFrames() {
        CLI.write(tiny, "t.cal", in: dir)
        XCTAssertEqual(calc("run", "t.cal", "-o", "f", "-q").status, 0)
        XCTAssertEqual(CLI.files(in: dir + "/f"), ["frame_0000.png", "frame_0001.png", "frame_0002.png",
                                                   "frame_0003.png", "frame_0004.png"])
        // files this tool did not write stay, whatever their names
        CLI.write("mine", "f/notes.txt", in: dir)
        CLI.write("mine", "f/frame_0099.png", in: dir)
        XCTAssertEqual(calc("run", "t.cal", "-o", "f", "--frames", "1..2", "-q").status, 0)
        XCTAssertEqual(CLI.files(in: dir + "/f"), ["frame_0001.png", "frame_0002.png", "frame_0099.png", "notes.txt"])
        XCTAssertEqual(String(decoding: FileManager.default.contents(atPath: dir + "/f/.calc-frames") ?? Data(), as: UTF8.self),
                       "frame_0001.png\nframe_0002.png\n")
        // a manifest naming something else (a path, a dotfile, the script) deletes nothing of it
        CLI.write("../t.cal\n.calc-frames\nnotes.txt\nframe_0099.png/x\n", "f/.calc-frames", in: dir)
        XCTAssertEqual(calc("run", "t.cal", "-o", "f", "--frames", "0", "-q").status, 0)
        XCTAssertEqual(CLI.files(in: dir + "/f"), ["frame_0000.png", "frame_0001.png", "frame_0002.png",
                                                   "frame_0099.png", "notes.txt"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/t.cal"))
        // a --time run adds its still beside the frames and removes nothing; the next full run removes it
        XCTAssertEqual(calc("run", "t.cal", "-o", "f", "--time", "0.25s", "-q").status, 0)
        XCTAssertEqual(CLI.files(in: dir + "/f"), ["frame_0000.png", "frame_0001.png", "frame_0002.png",
                                                   "frame_0099.png", "notes.txt", "time_0.25s.png"])
        // (frame_0001 and frame_0002 are no longer listed since the hand-edited list: they stay)
        XCTAssertEqual(calc("run", "t.cal", "-o", "f", "--frames", "4", "-q").status, 0)
        XCTAssertEqual(CLI.files(in: dir + "/f"), ["frame_0001.png", "frame_0002.png", "frame_0004.png", "frame_0099.png", "notes.txt"])
    }
}
