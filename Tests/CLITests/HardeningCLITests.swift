// Issue 13 at the command line: failed writes, hostile inputs and floods end with a message and a
// documented exit code (docs/cli.md, "Limits"), never a trap, a hang or an exhausted memory.

import XCTest
import Foundation

final class HardeningCLITests: XCTestCase {
    var dir = ""

    override func setUp() { dir = CLI.tempDir() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func calc(_ args: String...) -> CalcRun { CLI.run(args, in: dir) }

    /// Runs `calc ARGS REDIRECTIONS` through /bin/sh, for redirections Process cannot express
    /// (`> /dev/full`, a closed stdout); stdout and stderr not redirected are captured.
    func shell(_ args: String, _ redirections: String) -> CalcRun {
        CLI.runShell("'\(CLI.binary)' \(args) \(redirections)", in: dir)
    }

    // MARK: text without fonts

    /// With fontconfig configured to know no font, text cannot be drawn: `calc run` says so once,
    /// naming the packages; with the machine's fonts it says nothing of the kind.
    func testARunWhoseTextFindsNoFontWarnsOnce() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        CLI.write("scene { size: (40, 20) fps: 2 duration: 1s }\nlayer t: text { frame: (0, 0, 40, 20)  string: \"Hi\" }\n", "t.cal", in: dir)
        CLI.write("<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n", "none.conf", in: dir)
        let without = CLI.runShell("FONTCONFIG_FILE=\"$PWD/none.conf\" '\(CLI.binary)' run t.cal -o frames", in: dir)
        XCTAssertEqual(without.status, 0, without.stderr)
        let warning = "warning: no font could be opened"
        XCTAssertEqual(without.stderr.components(separatedBy: warning).count, 2, without.stderr)   // once, for two frames
        XCTAssertTrue(without.stderr.contains("fonts-dejavu-core"), without.stderr)
        let with = calc("run", "t.cal", "-o", "frames2")
        XCTAssertEqual(with.status, 0, with.stderr)
        XCTAssertFalse(with.stderr.contains(warning), with.stderr)
        let quiet = CLI.runShell("FONTCONFIG_FILE=\"$PWD/none.conf\" '\(CLI.binary)' run t.cal -q -o frames3", in: dir)
        XCTAssertEqual(quiet.stderr, "")
    }

    // MARK: failed writes (item 4)

    func testAFullOrClosedStdoutExits4WithAMessage() {
        CLI.write("layer a { }\n", "ok.cal", in: dir)
        XCTAssertEqual(calc("build", "ok.cal", "-o", "ok.calb").status, 0)
        for args in ["build ok.cal --emit asm", "disasm ok.calb", "--version"] {
            let full = shell(args, "> /dev/full")
            XCTAssertEqual(full.status, 4, args + ": " + full.stderr)
            XCTAssertEqual(full.stderr, "calc: cannot write to standard output: No space left on device\n", args)
            let closed = shell(args, ">&-")
            XCTAssertEqual(closed.status, 4, args + ": " + closed.stderr)
            XCTAssertEqual(closed.stderr, "calc: cannot write to standard output: Bad file descriptor\n", args)
        }
    }

    /// Diagnostics to a full stderr: nothing can be said, exit 4 (not 1, and not a trap).
    func testAFullStderrExits4() {
        CLI.write("layer a { opacity: }\n", "bad.cal", in: dir)
        let r = shell("check bad.cal", "2>/dev/full")
        XCTAssertEqual(r.status, 4)
        XCTAssertEqual(r.stdout, "")
    }

    // MARK: inputs (item 5)

    /// Devices and FIFOs are refused before a byte is read (a FIFO with no writer would block
    /// forever, /dev/zero never ends); each within the test's time, exit 4.
    func testDevicesAndFIFOsAreRefused() {
        XCTAssertEqual(mkfifo(dir + "/pipe.cal", 0o600), 0)
        for (args, path) in [(["check", "/dev/zero"], "/dev/zero"), (["check", "/dev/urandom"], "/dev/urandom"),
                             (["run", "pipe.cal"], "pipe.cal"), (["disasm", "/dev/zero"], "/dev/zero")] {
            let r = CLI.run(args, in: dir)
            XCTAssertEqual(r.status, 4, args.joined(separator: " "))
            XCTAssertEqual(r.stderr, "calc: cannot read '\(path)': it is not a regular file (a device, FIFO or socket)\n")
        }
        // calc test skips nothing silently: a FIFO among the scripts is a failure, not a hang
        let t = calc("test", "pipe.cal")
        XCTAssertNotEqual(t.status, 0)
    }

    /// Sources are refused over 32 MiB and .calb files over 64 MiB, from the size fstat gives and
    /// before reading (sparse files: the test writes nothing). At the limit a source is read.
    func testInputsOverTheSizeLimitAreRefused() throws {
        func sparse(_ name: String, _ size: Int, prefix: String = "") {
            CLI.write(prefix, name, in: dir)
            XCTAssertEqual(truncate(dir + "/" + name, off_t(size)), 0)
        }
        sparse("over.cal", (32 << 20) + 1)
        let r = calc("check", "over.cal")
        XCTAssertEqual(r.status, 4)
        XCTAssertEqual(r.stderr, "calc: cannot read 'over.cal': it is larger than the limit of 32 MiB\n")
        // at the limit the file is read: 32 MiB of NUL bytes on one line is E0004 (lexing stops
        // at 10 000 bytes, so this is quick), exit 1 — it was read, not refused
        sparse("at.cal", 32 << 20)
        let at = calc("check", "at.cal")
        XCTAssertEqual(at.status, 1)
        XCTAssertTrue(at.stderr.contains("[E0004]"), String(at.stderr.prefix(300)))
        // a .calb at its limit is read and then fails to decode (no magic): exit 5, not 4
        sparse("at.calb", 64 << 20)
        XCTAssertEqual(calc("disasm", "at.calb").status, 5)
        sparse("over.calb", (64 << 20) + 1)
        let b = calc("disasm", "over.calb")
        XCTAssertEqual(b.status, 4)
        XCTAssertEqual(b.stderr, "calc: cannot read 'over.calb': it is larger than the limit of 64 MiB\n")
    }

    // MARK: VM memory (item 3)

    /// `--memory-limit` lowers the budget: 80 distinct strings of 64 KiB (5 MiB) pass 4 MiB and
    /// fit 8 MiB; a bad value is a usage error.
    func testMemoryLimitOption() {
        CLI.write("""
        scene { size: (10, 10) duration: 0.1s }
        var s = "x"
        for i in 0..<16 { s = s + s }
        var xs = [""]
        for i in 0..<80 { xs.append(s + "\\(i)") }

        """, "m.cal", in: dir)
        let over = calc("run", "m.cal", "-o", "out", "-q", "--memory-limit", "4M")
        XCTAssertEqual(over.status, 3, over.stderr)
        XCTAssertTrue(over.stderr.hasPrefix("calc: runtime error in 'main' at line 5: the program's strings, arrays and layers take about "), over.stderr)
        XCTAssertEqual(calc("run", "m.cal", "-o", "out", "-q", "--memory-limit", "8").status, 0)
        let bad = calc("run", "m.cal", "--memory-limit", "lots")
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--memory-limit must be a size"), bad.stderr)
    }

    // MARK: what a script may read (item 8)

    /// A 1×1 opaque red PNG, built by hand (signature, IHDR, one zlib-stored IDAT row, IEND).
    static let redPNG: [UInt8] = {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for b in body { crc ^= UInt32(b); for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 } }
            crc ^= 0xFFFF_FFFF
            func be(_ x: UInt32) -> [UInt8] { [UInt8(x >> 24), UInt8((x >> 16) & 255), UInt8((x >> 8) & 255), UInt8(x & 255)] }
            return be(UInt32(data.count)) + body + be(crc)
        }
        let row: [UInt8] = [0, 255, 0, 0, 255]
        var a: UInt32 = 1, b: UInt32 = 0
        for x in row { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
        let adler = [UInt8(b >> 8), UInt8(b & 255), UInt8(a >> 8), UInt8(a & 255)]
        let zlib: [UInt8] = [0x78, 0x01, 0x01, 5, 0, 0xFA, 0xFF] + row + adler
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]) + chunk("IDAT", zlib) + chunk("IEND", [])
    }()

    func testImagesAreReadOnlyInsideTheScriptsFolderOrAllowedOnes() throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/pr/art", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: dir + "/secret", withIntermediateDirectories: true)
        XCTAssertTrue(fm.createFile(atPath: dir + "/secret/s.png", contents: Data(Self.redPNG)))
        XCTAssertTrue(fm.createFile(atPath: dir + "/pr/art/ok.png", contents: Data(Self.redPNG)))
        try fm.createSymbolicLink(atPath: dir + "/pr/link.png", withDestinationPath: "../secret/s.png")
        func scene(_ image: String) -> String {
            "scene { size: (10, 10) duration: 0.1s }\nlayer a { bounds: (0, 0, 4, 4) contents: image(\"\(image)\") }\n"
        }
        CLI.write(scene("art/ok.png"), "pr/ok.cal", in: dir)
        CLI.write(scene("../secret/s.png"), "pr/up.cal", in: dir)
        CLI.write(scene(dir + "/secret/s.png"), "pr/abs.cal", in: dir)
        CLI.write(scene("link.png"), "pr/link.cal", in: dir)
        // inside the folder: read
        XCTAssertEqual(calc("run", "pr/ok.cal", "-o", "o1", "-q").status, 0)
        // outside: refused with exit 4, whether by '..', an absolute path or a symbolic link
        let up = calc("run", "pr/up.cal", "-o", "o2", "-q")
        XCTAssertEqual(up.status, 4)
        XCTAssertEqual(up.stderr, "calc: the scene uses image '../secret/s.png': cannot read 'pr/../secret/s.png': it is outside the script's folder; a script reads files only there and in folders given with --allow-read DIR\n")
        XCTAssertEqual(calc("run", "pr/abs.cal", "-o", "o3", "-q").status, 4)
        XCTAssertEqual(calc("run", "pr/link.cal", "-o", "o4", "-q").status, 4)
        // allowed explicitly: read
        XCTAssertEqual(calc("run", "pr/up.cal", "-o", "o5", "-q", "--allow-read", "secret").status, 0)
        XCTAssertEqual(calc("run", "pr/link.cal", "-o", "o6", "-q", "--allow-read", "secret").status, 0)
        // calc check warns of the paths that leave the folder, and only of those
        XCTAssertTrue(calc("check", "pr/up.cal").stderr.contains("warning: image path '../secret/s.png' is outside the script's folder [W0021]"))
        XCTAssertEqual(calc("check", "pr/ok.cal").stderr, "")
    }

    // MARK: found by fuzzing

    /// The calb fuzz target's first crash: a masked layer (so drawn as a group) whose shadow offset
    /// is finite but enormous (4e54 points) trapped converting the shadow's box to Int. Far-off
    /// shadows are clipped away: the frame is drawn, exit 0.
    func testAnEnormousShadowOffsetOnAGroupDoesNotTrap() {
        CLI.write("""
        scene { size: (40, 40) duration: 0.1s }
        layer a { bounds: (0, 0, 20, 20) position: (20, 20) backgroundColor: #ff0000
          shadowOpacity: 0.5 shadowRadius: 6 shadowOffset: (4e54, 3e11) }
        layer m { bounds: (0, 0, 10, 10) backgroundColor: #000000 }
        a.mask = m

        """, "shadow.cal", in: dir)
        let r = calc("run", "shadow.cal", "-o", "out", "-q")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(CLI.files(in: dir + "/out").contains("frame_0000.png"), "\(CLI.files(in: dir + "/out"))")
    }

    /// The calb target's second crash: wrapped, truncated text in a box 1e300 points tall fits
    /// more lines than Int holds; the count overflowed Int(_:). All the lines fit: exit 0.
    func testWrappedTextInAnEnormousBoxDoesNotTrap() {
        CLI.write("""
        scene { size: (40, 40) duration: 0.1s }
        layer t: text { bounds: (0, 0, 30, 1e300) position: (20, 20) string: "one two three four five"
          fontSize: 12 isWrapped: true truncationMode: .end }

        """, "text.cal", in: dir)
        let r = calc("run", "text.cal", "-o", "out", "-q")
        XCTAssertEqual(r.status, 0, r.stderr)
    }
}
