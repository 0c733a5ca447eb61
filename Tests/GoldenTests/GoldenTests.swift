// Golden tests over Samples/, run through the same engine as `calc test` (CalcSnapshot), so the
// feature users rely on is exercised by every `swift test`: each sample's disassembly, the frames its
// `// snapshot:` line names, and — for samples declaring `// snapshot: diagnostics` — its rendered
// diagnostics are compared with `__snapshots__/` beside it. CALC_RECORD=1 records every missing or
// failing snapshot (`calc test --update`); look at every PNG it writes before committing it.

import XCTest
import Foundation
import CalcCore
import Compiler
import Bytecode
import CalcSnapshot

final class GoldenTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    var record: Bool { ProcessInfo.processInfo.environment["CALC_RECORD"] == "1" }

    func testSamplesThroughTheSnapshotEngine() throws {
        let scripts = try SnapshotFiles.discover([GoldenTests.root + "/Samples"], root: GoldenTests.root)
        XCTAssertGreaterThan(scripts.count, 3)
        XCTAssertEqual(scripts.first?.name.hasPrefix("Samples/"), true, "names are relative to the repository")
        var options = SnapshotOptions(root: GoldenTests.root)
        options.recording = record ? .all : .off
        options.jobs = ProcessInfo.processInfo.activeProcessorCount
        let summary = SnapshotEngine.run(scripts, options: options)
        if summary.failed > 0 {
            XCTFail("golden snapshots differ (re-record with CALC_RECORD=1 after checking the change):\n" + summary.report)
        }
        for r in summary.results where r.status == .recorded {
            print(r.report, terminator: "")
        }
        // every sample is covered by something beyond compiling: error samples by their diagnostics,
        // the seeds' worked examples by their `// expect:` lines (the seeds' numbers, by hand), the
        // rest by their disassembly and at least one frame
        for r in summary.results {
            if r.script.name.hasPrefix("Samples/errors/") {
                XCTAssertEqual(r.covered, ["diagnostics"], r.script.name)
            } else if r.script.name.hasPrefix("Samples/seeds/") {
                XCTAssertEqual(r.covered.first, "asm", r.script.name)
                XCTAssertTrue(r.covered.contains { $0.hasSuffix("expectation") || $0.hasSuffix("expectations") }, "\(r.script.name) states no expectations")
            } else {
                XCTAssertEqual(r.covered.first, "asm", r.script.name)
                XCTAssertTrue(r.covered.contains { $0.hasSuffix("frame") || $0.hasSuffix("frames") }, "\(r.script.name) names no snapshot frames")
            }
        }
        XCTAssertGreaterThanOrEqual(summary.results.filter { $0.script.name.hasPrefix("Samples/seeds/") }.count, 20, "the seeds' worked examples run")
    }

    /// Error samples must keep failing to compile: a diagnostics snapshot alone would also accept a
    /// script that compiles with warnings.
    func testErrorSamplesDoNotCompile() throws {
        let scripts = try SnapshotFiles.discover([GoldenTests.root + "/Samples/errors"], root: GoldenTests.root)
        XCTAssertFalse(scripts.isEmpty)
        for s in scripts {
            let data = try Data(contentsOf: URL(fileURLWithPath: s.path))
            XCTAssertTrue(Compiler.compile(SourceFile(name: s.name, bytes: [UInt8](data))).hasErrors, "\(s.name) should not compile")
        }
    }

    /// Every compiling sample's bytecode survives the .calb writer and reader unchanged.
    func testSampleBytecodeRoundTrips() throws {
        let scripts = try SnapshotFiles.discover([GoldenTests.root + "/Samples"], root: GoldenTests.root)
        for s in scripts where !s.name.hasPrefix("Samples/errors/") {
            let data = try Data(contentsOf: URL(fileURLWithPath: s.path))
            let program = try XCTUnwrap(Compiler.compile(SourceFile(name: s.name, bytes: [UInt8](data))).program, s.name)
            XCTAssertEqual(try BytecodeReader.load(BytecodeWriter.encode(program)).program, program, s.name)
        }
    }
}
