// The real `calc` executable: exact stdout, stderr and exit codes, the bad inputs of SPEC §7, and
// the determinism and atomic-output promises.

import XCTest
import Foundation
import Render

final class CLITests: XCTestCase {
    var dir = ""

    override func setUp() {
        dir = CLI.tempDir()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: dir)
    }

    func calc(_ args: String...) -> CalcRun { CLI.run(args, in: dir) }

    let tiny = """
    scene { size: (40, 20) fps: 10 duration: 0.5s background: #000000 }
    layer box { bounds: (0, 0, 10, 10) position: (5, 10) backgroundColor: #ff0000
      animations { m: basic { keyPath: position.x from: 5 to: 35 duration: 0.5s } } }
    """

    // MARK: success paths

    func testVersionAndHelp() {
        let v = calc("--version")
        XCTAssertEqual(v.status, 0)
        XCTAssertEqual(v.stdout, "calc 0.1.0 (bytecode format 6)\n")
        let h = calc("run", "--help")
        XCTAssertEqual(h.status, 0)
        XCTAssertTrue(h.stdout.contains("USAGE: calc run [<options>] <file>"), h.stdout)
        XCTAssertTrue(h.stdout.contains("--frames <frames>"), h.stdout)
        XCTAssertTrue(h.stdout.contains("--emit <emit>"), h.stdout)
    }

    func testCheckCleanFileIsSilent() {
        CLI.write(tiny, "t.cal", in: dir)
        let r = calc("check", "t.cal")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(CLI.files(in: dir), ["t.cal"])
    }

    /// W0017: the compiler reads no files, so `calc check` and `calc build` look for the images the
    /// source names, relative to the script's folder; a missing one is a warning there and an I/O
    /// error (exit 4) when `calc run` needs it.
    func testAMissingImageIsAWarningWhenChecked() throws {
        try FileManager.default.createDirectory(atPath: dir + "/art", withIntermediateDirectories: true)
        CLI.write("scene { size: (20, 20) duration: 0.1s }\nlayer a { contents: image(\"gone.png\") }\n", "art/s.cal", in: dir)
        let r = calc("check", "art/s.cal")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stderr, """
        art/s.cal:2:27: warning: image file 'art/gone.png' does not exist [W0017]
         2 | layer a { contents: image("gone.png") }
           |                           ^~~~~~~~~~ images are found relative to the script's folder

        """)
        XCTAssertEqual(calc("build", "art/s.cal", "-o", "s.calb").stderr, r.stderr)
        XCTAssertEqual(calc("run", "art/s.cal", "-o", "out", "-q").status, 4)
        // once the file is there, nothing is said
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/art/gone.png", contents: Data()))
        XCTAssertEqual(calc("check", "art/s.cal").stderr, "")
    }

    func testRunWritesEveryFrameWithTheScenesPixels() throws {
        CLI.write(tiny, "t.cal", in: dir)
        let r = calc("run", "t.cal", "-o", "out")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "wrote 5 frames (40x20 PNG) to out\n")
        XCTAssertEqual(CLI.files(in: dir + "/out"), (0..<5).map { String(format: "frame_%04d.png", $0) })
        // frame 2 at 0.2 s: linear 5 → 35 over 0.5 s puts the centre at x = 17, so the box covers 12..<22
        let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/out/frame_0002.png"))
        let fb = try ImageDecoder.decode([UInt8](png))
        XCTAssertEqual(fb.width, 40)
        XCTAssertEqual(fb.height, 20)
        let red: UInt32 = 0xFF00_00FF, black: UInt32 = 0xFF00_0000
        XCTAssertEqual(fb.pixels[10 * 40 + 12], red)
        XCTAssertEqual(fb.pixels[10 * 40 + 21], red)
        XCTAssertEqual(fb.pixels[10 * 40 + 11], black)
        XCTAssertEqual(fb.pixels[10 * 40 + 22], black)
        XCTAssertEqual(fb.pixels[2 * 40 + 15], black)
    }

    func testPPMAndSingleTime() throws {
        CLI.write(tiny, "t.cal", in: dir)
        let r = calc("run", "t.cal", "--time", "0.2s", "--format", "ppm", "-o", "still.ppm", "--quiet")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/still.ppm")))
        let header = Array("P6\n40 20\n255\n".utf8)
        XCTAssertEqual(Array(bytes.prefix(header.count)), header)
        XCTAssertEqual(bytes.count, header.count + 40 * 20 * 3)
        // pixel (12, 10) is red
        let i = header.count + (10 * 40 + 12) * 3
        XCTAssertEqual(Array(bytes[i..<i + 3]), [255, 0, 0])
    }

    func testEmitDisplayPrintsOneFramesDisplayList() {
        CLI.write(tiny, "t.cal", in: dir)
        // at 0.25 s the box has moved half way: position.x 5 → 35 is 20, so its 10×10 bounds start at (15, 5)
        let r = calc("run", "t.cal", "--time", "0.25s", "--emit", "display")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
        display 40x20 background #000000ff
          fill nonZero #ff0000ff {M 0 0 L 10 0 L 10 10 L 0 10 Z} [1 0 0 1 15 5]

        """)
        let many = calc("run", "t.cal", "--emit", "display")
        XCTAssertEqual(many.status, 2)
        XCTAssertTrue(many.stderr.contains("--emit display prints one frame: give --time T or --frames N"), many.stderr)
    }

    func testFrameRangeAndScale() {
        CLI.write(tiny, "t.cal", in: dir)
        let r = calc("run", "t.cal", "--frames", "1..2", "--scale", "2", "-o", "o", "-q")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(CLI.files(in: dir + "/o"), ["frame_0001.png", "frame_0002.png"])
        let fb = try? ImageDecoder.decode([UInt8](FileManager.default.contents(atPath: dir + "/o/frame_0001.png") ?? Data()))
        XCTAssertEqual(fb?.width, 80)
    }

    func testDeterministicBuildAndRunFromBytecode() throws {
        CLI.write(tiny, "t.cal", in: dir)
        XCTAssertEqual(calc("build", "t.cal", "-o", "a.calb").status, 0)
        XCTAssertEqual(calc("build", "t.cal", "-o", "b.calb").status, 0)
        let a = FileManager.default.contents(atPath: dir + "/a.calb"), b = FileManager.default.contents(atPath: dir + "/b.calb")
        XCTAssertNotNil(a)
        XCTAssertEqual(a, b)
        let asm1 = calc("build", "t.cal", "--emit", "asm"), asm2 = calc("build", "t.cal", "--emit", "asm")
        XCTAssertEqual(asm1.status, 0)
        XCTAssertEqual(asm1.stdout, asm2.stdout)
        XCTAssertTrue(asm1.stdout.hasPrefix("; calc bytecode, format 2\n; source: t.cal\n"), asm1.stdout)
        XCTAssertEqual(calc("disasm", "a.calb").stdout, asm1.stdout)
        XCTAssertEqual(calc("run", "a.calb", "-o", "fb", "-q").status, 0)
        XCTAssertEqual(calc("run", "t.cal", "-o", "fs", "-q").status, 0)
        for f in CLI.files(in: dir + "/fs") {
            XCTAssertEqual(FileManager.default.contents(atPath: dir + "/fb/" + f), FileManager.default.contents(atPath: dir + "/fs/" + f), f)
        }
        XCTAssertEqual(CLI.files(in: dir + "/fs").count, 5)
    }

    /// `calc run` and `calc build` read a plain command line without ArgumentParser (start-up); the
    /// same request spelt so that ArgumentParser reads it (`--opt=value`) must do the same thing.
    func testPlainCommandLinesMatchArgumentParser() throws {
        CLI.write(tiny, "t.cal", in: dir)
        let plain = calc("run", "t.cal", "-o", "p", "-q", "--frames", "1..3", "--scale", "2", "--format", "ppm")
        let parsed = calc("run", "t.cal", "--output=q", "--quiet", "--frames=1..3", "--scale=2", "--format=ppm")
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(parsed.status, 0, parsed.stderr)
        XCTAssertEqual(CLI.files(in: dir + "/p"), ["frame_0001.ppm", "frame_0002.ppm", "frame_0003.ppm"])
        for f in CLI.files(in: dir + "/p") {
            XCTAssertEqual(FileManager.default.contents(atPath: dir + "/p/" + f), FileManager.default.contents(atPath: dir + "/q/" + f), f)
        }
        // the same errors and exit codes either way
        for (a, b) in [(["run", "t.cal", "--frames", "9..12", "-q"], ["run", "t.cal", "--frames=9..12", "-q"]),
                       (["run", "nope.cal", "-q"], ["run", "nope.cal", "--quiet"]),
                       (["run", "t.cal", "--fps", "x"], ["run", "t.cal", "--fps=x"]),
                       (["build", "t.cal", "-o", "x.calb", "--emit", "nonsense"], ["build", "t.cal", "-o", "x.calb", "--emit=nonsense"])] {
            let ra = CLI.run(a, in: dir), rb = CLI.run(b, in: dir)
            XCTAssertNotEqual(ra.status, 0, "\(a)")
            XCTAssertEqual(ra.status, rb.status, "\(a) vs \(b)")
            XCTAssertEqual(ra.stderr, rb.stderr, "\(a) vs \(b)")
        }
    }

    func testDefaultOutputs() {
        CLI.write(tiny, "t.cal", in: dir)
        XCTAssertEqual(calc("build", "t.cal").status, 0)
        XCTAssertEqual(calc("run", "t.cal", "-q").status, 0)
        XCTAssertEqual(CLI.files(in: dir), ["t.cal", "t.calb", "t_frames"])
    }

    // MARK: bad input

    func testSyntaxError() {
        CLI.write("layer a {\n  opacity 0.5\n}\n", "bad.cal", in: dir)
        let r = calc("run", "bad.cal", "-o", "out")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, """
        bad.cal:2:11: error: expected ':' after 'opacity', found '0.5' [E0100]
         2 |   opacity 0.5
           |           ^~~
        calc: 1 error in 'bad.cal'; nothing was written

        """)
        XCTAssertEqual(CLI.files(in: dir), ["bad.cal"])
    }

    func testSeveralErrorsAllReported() {
        CLI.write("layer a { opactiy: 1 }\nlayer b { bounds: #fff }\nat 1s { c.opacity = 0 }\n", "bad.cal", in: dir)
        let r = calc("build", "bad.cal")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, """
        bad.cal:1:11: error: unknown property 'opactiy' on layer 'a' [E0201]
         1 | layer a { opactiy: 1 }
           |           ^~~~~~~ did you mean 'opacity'?
        bad.cal:2:19: error: 'bounds' expects a rect, found a color [E0300]
         2 | layer b { bounds: #fff }
           |                   ^~~~
        bad.cal:3:9: error: unknown name 'c' [E0200]
         3 | at 1s { c.opacity = 0 }
           |         ^
        calc: 3 errors in 'bad.cal'; nothing was written

        """)
        XCTAssertEqual(CLI.files(in: dir), ["bad.cal"])
    }

    func testTypeMismatchInAnimation() {
        CLI.write("let a = basic { keyPath: opacity to: (1, 2) }\n", "bad.cal", in: dir)
        let r = calc("check", "bad.cal")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("bad.cal:1:38: error: 'to' expects a number, found a point [E0300]\n"), r.stderr)
    }

    func testMissingInput() {
        let r = calc("run", "nothere.cal")
        XCTAssertEqual(r.status, 4)
        XCTAssertEqual(r.stderr, "calc: cannot read 'nothere.cal': no such file\n")
    }

    func testFramesOutOfRange() {
        CLI.write(tiny, "t.cal", in: dir)
        let r = calc("run", "t.cal", "--frames", "3..9", "-o", "out")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "calc: --frames 3..9 is out of range: the scene has 5 frames (0..4)\n")
        XCTAssertEqual(CLI.files(in: dir), ["t.cal"])
    }

    func testHugeCanvasAndFrameCount() {
        CLI.write("scene { size: (100000, 100000) }\n", "big.cal", in: dir)
        let r = calc("run", "big.cal")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("a canvas of 100000x100000 pixels exceeds the limit of 16384 pixels a side [E0226]"), r.stderr)
        CLI.write(tiny, "t.cal", in: dir)
        let s = calc("run", "t.cal", "--size", "100000x50000")
        XCTAssertEqual(s.status, 2)
        XCTAssertEqual(s.stderr, "calc: frames of 100000x50000 pixels are outside the supported range (1 to 16384 pixels a side)\n")
        CLI.write("scene { fps: 10 duration: 2000s }\n", "long.cal", in: dir)
        let l = calc("run", "long.cal", "--fps", "1000")
        XCTAssertEqual(l.status, 2)
        XCTAssertEqual(l.stderr, "calc: the scene has 2000000 frames at 1000 fps, more than the limit of 100000\n")
        XCTAssertEqual(CLI.files(in: dir), ["big.cal", "long.cal", "t.cal"])
    }

    func testBadUsage() {
        let r = calc("run", "t.cal", "--fps", "0")
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("--fps must be more than 0 frames per second, e.g. 30; got 0"), r.stderr)
        XCTAssertEqual(calc("frobnicate").status, 2)
    }

    func corruptCases() throws -> [(String, [UInt8], String)] {
        CLI.write(tiny, "t.cal", in: dir)
        XCTAssertEqual(calc("build", "t.cal", "-o", "good.calb").status, 0)
        let good = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: dir + "/good.calb")))
        var flipped = good
        flipped[good.count / 2] ^= 0x40
        var magic = good
        magic[1] = 0x58
        var version = good
        version[4] = 9
        return [
            ("truncated", Array(good.prefix(good.count - 7)), "calc: invalid bytecode file 'x.calb': file is truncated"),
            ("flipped", flipped, "calc: invalid bytecode file 'x.calb': checksum mismatch"),
            ("magic", magic, "calc: invalid bytecode file 'x.calb': not a calc bytecode file"),
            ("version", version, "calc: invalid bytecode file 'x.calb': bytecode format version 9 is newer than this calc supports (6)"),
            ("empty", [], "calc: invalid bytecode file 'x.calb': "),
        ]
    }

    func testCorruptBytecodeIsRejected() throws {
        for (name, bytes, prefix) in try corruptCases() {
            XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/x.calb", contents: Data(bytes)))
            for cmd in ["run", "disasm"] {
                let args = cmd == "run" ? calc(cmd, "x.calb", "-o", "out") : calc(cmd, "x.calb")
                XCTAssertEqual(args.status, 5, "\(name) \(cmd): \(args.stderr)")
                XCTAssertTrue(args.stderr.hasPrefix(prefix), "\(name) \(cmd): \(args.stderr)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out"), name)
        }
    }

    func testMissingImage() {
        CLI.write("scene { duration: 1s }\nlayer a { bounds: (0, 0, 10, 10) contents: image(\"nope.png\") }\n", "t.cal", in: dir)
        let r = calc("run", "t.cal", "-o", "out")
        XCTAssertEqual(r.status, 4)
        XCTAssertEqual(r.stderr, "calc: the scene uses image 'nope.png': cannot read 'nope.png': no such file\n")
        XCTAssertEqual(CLI.files(in: dir), ["t.cal"])
        CLI.write("not an image", "bad.png", in: dir)
        CLI.write("scene { duration: 1s }\nlayer a { contents: image(\"bad.png\") }\n", "u.cal", in: dir)
        let u = calc("run", "u.cal", "-o", "out")
        XCTAssertEqual(u.status, 4)
        XCTAssertEqual(u.stderr, "calc: the scene uses image 'bad.png', but 'bad.png' cannot be decoded: "
                       + "not a PNG, PPM, PGM or PAM image (unrecognised signature)\n")
    }

    /// Images are decoded by libspng (Render's ImageDecoder): an interlaced 16-bit PNG with alpha loads,
    /// and a damaged one stops the run with exit 4 and a message naming the image and the damage.
    func testRunDecodesInterlacedDeepImagesAndRefusesDamagedOnes() throws {
        let fixtures = CLI.repo.appendingPathComponent("Tests/RenderTests/Fixtures").path
        try FileManager.default.createDirectory(atPath: dir + "/art", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixtures + "/rgba16_i.png", toPath: dir + "/art/deep.png")
        try FileManager.default.copyItem(atPath: fixtures + "/bad_crc_idat.png", toPath: dir + "/art/damaged.png")
        CLI.write("scene { size: (20, 20) duration: 0.1s }\nlayer a { bounds: (0, 0, 13, 11) contents: image(\"deep.png\") }\n",
                  "art/ok.cal", in: dir)
        let ok = calc("run", "art/ok.cal", "-o", "out", "-q")
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(ok.stderr, "")
        XCTAssertEqual(CLI.files(in: dir + "/out").count, 3)
        CLI.write("scene { size: (20, 20) duration: 0.1s }\nlayer a { contents: image(\"damaged.png\") }\n", "art/bad.cal", in: dir)
        let bad = calc("run", "art/bad.cal", "-o", "out2", "-q")
        XCTAssertEqual(bad.status, 4)
        XCTAssertEqual(bad.stderr, "calc: the scene uses image 'damaged.png', but 'art/damaged.png' cannot be decoded: "
                       + "the PNG file is damaged: the checksum (CRC) of its 'IDAT' chunk does not match its contents\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out2"))
    }

    func testRuntimeError() {
        CLI.write("""
        scene { duration: 2s }
        layer a { }
        at 1s {
          a.opacity = 1 / a.position.x
        }
        """, "t.cal", in: dir)
        let r = calc("run", "t.cal", "-o", "out")
        XCTAssertEqual(r.status, 3)
        XCTAssertEqual(r.stderr, "calc: runtime error in 'at 1s' at line 4: division by zero\n")
    }

    func testNeverOverwritesTheInput() throws {
        CLI.write(tiny, "t.cal", in: dir)
        let r = calc("build", "t.cal", "-o", "t.cal")
        XCTAssertEqual(r.status, 4)
        XCTAssertEqual(r.stderr, "calc: refusing to overwrite the input file 't.cal'\n")
        XCTAssertEqual(String(decoding: try XCTUnwrap(FileManager.default.contents(atPath: dir + "/t.cal")), as: UTF8.self), tiny)
        XCTAssertEqual(CLI.files(in: dir), ["t.cal"])
    }

    func testUnwritableOutputLeavesNoPartialFile() {
        CLI.write(tiny, "t.cal", in: dir)
        CLI.write("x", "afile", in: dir)
        let r = calc("run", "t.cal", "-o", "afile")
        XCTAssertEqual(r.status, 4)
        XCTAssertEqual(r.stderr, "calc: cannot write frames into 'afile': it is a file, not a directory\n")
        let b = calc("build", "t.cal", "-o", "no/such/dir/t.calb")
        XCTAssertEqual(b.status, 4)
        XCTAssertTrue(b.stderr.hasPrefix("calc: cannot write 'no/such/dir/t.calb': "), b.stderr)
        XCTAssertEqual(CLI.files(in: dir), ["afile", "t.cal"])
    }
}
