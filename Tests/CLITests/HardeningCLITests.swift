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
}
