import XCTest
import CalcCore
import Compiler
import Bytecode
@testable import VM

/// A timeline that would run unboundedly many events ends with a runtime error naming the handler,
/// never a hang or an exhausted memory (SPEC §7). The budgets are lowered here so the tests run
/// quickly in a debug build; `calc run` uses Limits.maxSnapshotBytes and Limits.maxEventsFired.
final class TimelineLimitTests: XCTestCase {
    func program(_ source: String) throws -> Program {
        let result = Compiler.compile(SourceFile(name: "test.cal", text: source))
        return try XCTUnwrap(result.program, "\(result.diagnostics)")
    }

    func testAnIntervalFarShorterThanAFrameRunsOutOfSnapshotMemory() throws {
        let p = try program("""
        scene { size: (10, 10) duration: 1s }
        layer a { }
        var n = 0
        every 1e-6s { n = n + 1 }
        """)
        // 2 500 + 120 × 2 layers (root and a) = 2 740 estimated bytes an instant: 382 × 2 740 fits in
        // 1 MiB (1 048 576), 383 × 2 740 does not; the 383 instants kept are 0 s and 1 … 382 µs
        XCTAssertThrowsError(try Timeline.run(p, until: 1, snapshotBudget: 1 << 20)) { e in
            let r = e as? RuntimeError
            XCTAssertEqual(r?.function, "every 1e-6s")
            XCTAssertEqual(r?.line, 4)
            XCTAssertTrue(r?.message.hasPrefix("events ran at 383 instants of the timeline before 0.000383 s") == true, r?.message ?? "")
            XCTAssertTrue(r?.message.hasSuffix("would take more than 1 MiB (is an 'every' interval far shorter than a frame?)") == true, r?.message ?? "")
        }
        // the same scene with a sensible interval runs
        let fine = try program("""
        scene { size: (10, 10) duration: 1s }
        layer a { }
        var n = 0
        every 0.01s { n = n + 1 }
        """)
        XCTAssertNoThrow(try Timeline.run(fine, until: 1, snapshotBudget: 1 << 20))
    }

    func testEventsThatKeepSchedulingAtTheSameInstantAreStopped() throws {
        let p = try program("""
        scene { size: (10, 10) duration: 1s }
        layer a { }
        func again() { after 0s { again() } }
        at 0.5s { again() }
        """)
        XCTAssertThrowsError(try Timeline.run(p, until: 1, eventBudget: 1000)) { e in
            let r = e as? RuntimeError
            XCTAssertEqual(r?.message, "more than 1000 event handlers ran in the timeline")
            XCTAssertEqual(r?.line, 3)
        }
    }

    /// A draw block's commands are held until the frame is drawn: a runaway block stops at
    /// 1 000 000 of them (Machine.maxDrawCommands) instead of filling memory until the step budget.
    func testARunawayDrawBlockStopsAtTheCommandLimit() throws {
        func drawing(_ n: Int) throws -> Timeline {
            try Timeline.run(program("""
            scene { size: (10, 10) duration: 0.1s }
            layer a { bounds: (0, 0, 10, 10)
              draw { for i in 0..<\(n) { fill(rectPath((0, 0, 1, 1)), .red) } }
            }
            """), until: 0.1)
        }
        XCTAssertEqual(try drawing(1_000_000).presentation(at: 0).root.sublayers.first?.drawing.count, 1_000_000)
        XCTAssertThrowsError(try drawing(1_000_001).presentation(at: 0)) { e in
            XCTAssertEqual("\(e)", "runtime error in 'draw a' at line 3: the draw block issued more than 1000000 drawing commands (a runaway loop?)")
        }
    }
}
