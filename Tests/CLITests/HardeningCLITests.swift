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
}
