// `calc run -o x.mp4 | x.webm | x.gif | x.apng`: each file read back by independent readers (ffprobe
// for all four, Pillow for GIF and APNG) for its frame count, size and frame rate; the APNG's frames
// compared with `calc run`'s PNG frames; a missing ffmpeg; an interrupted encode.
// Tests needing ffprobe or Pillow print a "skipped" line and pass when the tool is missing.

import XCTest
import Foundation

final class AnimatedOutputTests: XCTestCase {
    var dir = ""

    override func setUp() { dir = CLI.tempDir() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func calc(_ args: String...) -> CalcRun { CLI.run(args, in: dir) }

    // 41×21 points at scale 1 (odd on both sides), 10 fps for 1 s: ceil(1 × 10) = 10 frames
    let scene = """
    scene { size: (41, 21) fps: 10 duration: 1s background: #203040 }
    layer box { bounds: (0, 0, 10, 10) position: (5, 10) backgroundColor: #ff0000
      animations { m: basic { keyPath: position.x from: 5 to: 35 duration: 1s } } }
    """

    /// ffprobe's view of the first video stream: codec, width, height, r_frame_rate, frames decoded.
    func probe(_ file: String, _ ffprobe: String) -> [String: String] {
        let r = CLI.tool(ffprobe, ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                   "stream=codec_name,width,height,r_frame_rate,nb_read_frames,color_space", "-of", "default=noprint_wrappers=1", file],
                         in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        var fields: [String: String] = [:]
        for line in r.stdout.split(separator: "\n") {
            let kv = line.split(separator: "=", maxSplits: 1).map(String.init)
            if kv.count == 2 { fields[kv[0]] = kv[1] }
        }
        return fields
    }

    func testEachFormatReadsBackWithItsFrameCountSizeAndRate() throws {
        CLI.write(scene, "t.cal", in: dir)
        guard let ffprobe = CLI.which("ffprobe"), CLI.which("ffmpeg") != nil else {
            print("AnimatedOutputTests: skipped testEachFormatReadsBack…: ffmpeg/ffprobe not installed (apt-get install ffmpeg)")
            return
        }
        // MP4 pads odd sides to even (4:2:0 chroma): 41×21 → 42×22; the others keep 41×21
        let expected: [(String, String, String, String)] = [("mp4", "h264", "42", "22"), ("webm", "vp9", "41", "21"),
                                                            ("gif", "gif", "41", "21"), ("apng", "apng", "41", "21")]
        for (ext, codec, w, h) in expected {
            let r = calc("run", "t.cal", "-o", "t.\(ext)")
            XCTAssertEqual(r.status, 0, "\(ext): \(r.stderr)")
            XCTAssertEqual(r.stderr, "wrote 10 frames (41x21, 10 fps \(ext.uppercased())) to t.\(ext)\n")
            let f = probe("t.\(ext)", ffprobe)
            XCTAssertEqual(f["codec_name"], codec, ext)
            XCTAssertEqual(f["width"], w, ext)
            XCTAssertEqual(f["height"], h, ext)
            XCTAssertEqual(f["r_frame_rate"], "10/1", ext)
            XCTAssertEqual(f["nb_read_frames"], "10", ext)
            if ext == "mp4" || ext == "webm" { XCTAssertEqual(f["color_space"], "bt709", ext) }
        }
        // --format without -o: the default name is the input's, in the current directory
        XCTAssertEqual(calc("run", "t.cal", "--format", "webm", "--frames", "0..<4", "--fps", "25", "-q").status, 0)
        let f = probe("t.webm", ffprobe)
        XCTAssertEqual(f["r_frame_rate"], "25/1")
        XCTAssertEqual(f["nb_read_frames"], "4")
        // nothing but the outputs is left behind: no temporary files, no frames folder
        XCTAssertEqual(CLI.files(in: dir), ["t.apng", "t.cal", "t.gif", "t.mp4", "t.webm"])
    }

    func testGIFAndAPNGReadByPillow() throws {
        CLI.write(scene, "t.cal", in: dir)
        guard let py = CLI.which("python3"), CLI.python(has: ["PIL"]) else {
            print("AnimatedOutputTests: skipped testGIFAndAPNGReadByPillow: python3 with Pillow not installed")
            return
        }
        XCTAssertEqual(calc("run", "t.cal", "-o", "t.apng", "--loop", "3", "-q").status, 0)
        XCTAssertEqual(calc("run", "t.cal", "-q").status, 0)   // PNG frames to compare with
        // n_frames, size, the delay (1000 ms / 10 fps = 100 ms), loop, then each frame's RGB against
        // the PNG frame of the same number
        let script = """
        from PIL import Image
        im = Image.open('t.apng')
        print(im.format, im.size, im.n_frames, int(im.info['duration']), im.info['loop'])
        same = 0
        for i in range(im.n_frames):
            im.seek(i)
            ref = Image.open('t_frames/frame_%04d.png' % i).convert('RGB')
            same += im.convert('RGB').tobytes() == ref.tobytes()
        print('same', same)
        """
        let r = CLI.tool(py, ["-c", script], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "PNG (41, 21) 10 100 3\nsame 10\n")

        guard CLI.which("ffmpeg") != nil else {
            print("AnimatedOutputTests: skipped the GIF half of testGIFAndAPNGReadByPillow: ffmpeg not installed")
            return
        }
        XCTAssertEqual(calc("run", "t.cal", "-o", "t.gif", "-q").status, 0)
        // GIF delays are in hundredths of a second: 10 fps → 10 cs = 100 ms; loop 0 = forever
        let g = CLI.tool(py, ["-c", "from PIL import Image\nim = Image.open('t.gif')\nprint(im.format, im.size, im.n_frames, im.info['duration'], im.info.get('loop'))"], in: dir)
        XCTAssertEqual(g.status, 0, g.stderr)
        XCTAssertEqual(g.stdout, "GIF (41, 21) 10 100 0\n")
    }

    func testTransparentSceneGivesAnRGBAAnimatedPNG() throws {
        CLI.write("""
        scene { size: (20, 20) fps: 4 duration: 0.5s background: #00000000 }
        layer a { bounds: (0, 0, 10, 10) position: (10, 10) backgroundColor: #00ff0080 }
        """, "a.cal", in: dir)
        XCTAssertEqual(calc("run", "a.cal", "-o", "a.apng", "-q").status, 0)
        let bytes = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: dir + "/a.apng")))
        // IHDR's colour type (byte 25: 8 signature + 8 length/type + 4 width + 4 height + 1 depth) is 6, RGBA
        XCTAssertEqual(bytes[25], 6)
        // and acTL follows IHDR with 2 frames (ceil(0.5 × 4)) played forever
        XCTAssertEqual(Array(bytes[37..<41]), Array("acTL".utf8))
        XCTAssertEqual(Array(bytes[41..<49]), [0, 0, 0, 2, 0, 0, 0, 0])
    }

    func testMissingFFmpegIsAClearErrorAndWritesNothing() {
        CLI.write(scene, "t.cal", in: dir)
        let r = CLI.run(["run", "t.cal", "-o", "t.mp4"], in: dir, environment: ["PATH": dir + "/nowhere", "CALC_FFMPEG": ""])
        XCTAssertEqual(r.status, 4)
        XCTAssertTrue(r.stderr.hasPrefix("calc: writing MP4 needs ffmpeg, which was not found on PATH; install it (Debian and Ubuntu: apt-get install ffmpeg"), r.stderr)
        XCTAssertEqual(CLI.files(in: dir), ["t.cal"])
    }

    func testAnExtensionNamingAnotherFormatIsAUsageError() {
        CLI.write(scene, "t.cal", in: dir)
        let r = calc("run", "t.cal", "-o", "out.mp4", "--format", "png")
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("-o out.mp4 ends in .mp4 but --format is png; drop --format (the extension decides) or give -o a name ending in .png"), r.stderr)
        XCTAssertEqual(calc("run", "t.cal", "-o", "out.gif", "--format", "mp4").status, 2)
        XCTAssertEqual(CLI.files(in: dir), ["t.cal"], "no folder called out.mp4, no MP4 called out.gif")
        // an animated PNG may end in .png
        XCTAssertEqual(calc("run", "t.cal", "-o", "anim.png", "--format", "apng", "-q").status, 0)
        let bytes = [UInt8](FileManager.default.contents(atPath: dir + "/anim.png") ?? Data())
        XCTAssertEqual(Array(bytes.dropFirst(37).prefix(4)), Array("acTL".utf8))
    }

    func testTimeWithAnAnimatedFormatIsAUsageError() {
        CLI.write(scene, "t.cal", in: dir)
        let r = calc("run", "t.cal", "-o", "t.apng", "--time", "0.5s")
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("--time renders one frame, but APNG is an animation"), r.stderr)
    }

    func testInterruptedEncodeLeavesNoFileUnderTheFinalName() throws {
        guard CLI.which("ffmpeg") != nil else {
            print("AnimatedOutputTests: skipped testInterruptedEncode…: ffmpeg not installed")
            return
        }
        // 600 frames: long enough to be interrupted while encoding
        CLI.write("""
        scene { size: (200, 200) fps: 60 duration: 10s background: #000000 }
        layer box { bounds: (0, 0, 50, 50) position: (25, 100) backgroundColor: #ff0000
          animations { m: basic { keyPath: position.x from: 25 to: 175 duration: 10s } } }
        """, "long.cal", in: dir)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["run", "long.cal", "-o", "long.mp4", "-q"]
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        try p.run()
        // wait on state: until the temporary file exists (encoding has begun), at most 60 s
        let deadline = Date().addingTimeInterval(60)
        while p.isRunning, Date() < deadline, !CLI.files(in: dir).contains(where: { $0.hasPrefix(".long.mp4.tmp-") }) {
            usleep(5_000)
        }
        XCTAssertTrue(p.isRunning, "the encode finished before it could be interrupted")
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationReason, .uncaughtSignal)
        XCTAssertEqual(CLI.files(in: dir), ["long.cal"], "no partial or temporary file is left")
    }
}
