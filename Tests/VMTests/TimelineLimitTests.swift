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
        // Each instant changes only the global n: its snapshot adds 2 500 bytes, the copied layer
        // array (2 records: root and a) and the copied globals array (the program's global slots:
        // n and one the compiler adds), nothing else. With
        // k = ⌊1 MiB / that⌋ instants fitting, the (k+1)th fails, and k+1 instants are kept
        // (0 s and 1 … k µs).
        let perInstant = 2_500 + 2 * MemoryLayout<LayerRecord>.stride + Int(p.globalCount) * MemoryLayout<Value>.stride
        let k = (1 << 20) / perInstant
        XCTAssertThrowsError(try Timeline.run(try Verifier.verified(p), until: 1, snapshotBudget: 1 << 20)) { e in
            let r = e as? RuntimeError
            XCTAssertEqual(r?.function, "every 1e-6s")
            XCTAssertEqual(r?.line, 4)
            XCTAssertTrue(r?.message.hasPrefix("events ran at \(k + 1) instants of the timeline before ") == true, r?.message ?? "")
            XCTAssertTrue(r?.message.hasSuffix("would take more than 1 MiB (is an 'every' interval far shorter than a frame?)") == true, r?.message ?? "")
        }
        // the same scene with a sensible interval runs
        let fine = try program("""
        scene { size: (10, 10) duration: 1s }
        layer a { }
        var n = 0
        every 0.01s { n = n + 1 }
        """)
        XCTAssertNoThrow(try Timeline.run(try Verifier.verified(fine), until: 1, snapshotBudget: 1 << 20))
    }

    func testEventsThatKeepSchedulingAtTheSameInstantAreStopped() throws {
        let p = try program("""
        scene { size: (10, 10) duration: 1s }
        layer a { }
        func again() { after 0s { again() } }
        at 0.5s { again() }
        """)
        XCTAssertThrowsError(try Timeline.run(try Verifier.verified(p), until: 1, eventBudget: 1000)) { e in
            let r = e as? RuntimeError
            XCTAssertEqual(r?.message, "more than 1000 event handlers ran in the timeline")
            XCTAssertEqual(r?.line, 3)
        }
    }

    /// A draw block's commands are held until the frame is drawn: a runaway block stops at
    /// 1 000 000 of them (Machine.maxDrawCommands) instead of filling memory until the step budget.
    func testARunawayDrawBlockStopsAtTheCommandLimit() throws {
        func drawing(_ n: Int) throws -> Timeline {
            try Timeline.run(try Verifier.verified(program("""
            scene { size: (10, 10) duration: 0.1s }
            layer a { bounds: (0, 0, 10, 10)
              draw { for i in 0..<\(n) { fill(rectPath((0, 0, 1, 1)), .red) } }
            }
            """)), until: 0.1)
        }
        XCTAssertEqual(try drawing(1_000_000).presentation(at: 0).root.sublayers.first?.drawing.count, 1_000_000)
        XCTAssertThrowsError(try drawing(1_000_001).presentation(at: 0)) { e in
            XCTAssertEqual("\(e)", "runtime error in 'draw a' at line 3: the draw block issued more than 1000000 drawing commands (a runaway loop?)")
        }
    }

    /// The estimate counts what each instant changes: a timeline that grows a global array of
    /// 1 000 numbers at every instant keeps a different copy of it at each (COW copies it after
    /// every snapshot), so at least 1 000 × 16 bytes an instant: 1 MiB is spent within 66 instants
    /// (1 048 576 / 16 000 = 65.5), where the old fixed estimate (2 740 bytes) allowed 382.
    func testSnapshotsCountTheArraysThatChange() throws {
        let p = try program("""
        scene { size: (10, 10) duration: 1s }
        layer a { }
        var xs = [0]
        for i in 0..<1000 { xs.append(i) }
        every 0.001s { xs[0] = xs[0] + 1 }
        """)
        XCTAssertThrowsError(try Timeline.run(try Verifier.verified(p), until: 1, snapshotBudget: 1 << 20)) { e in
            let m = (e as? RuntimeError)?.message ?? ""
            XCTAssertTrue(m.hasPrefix("events ran at "), m)
            let n = Int(m.dropFirst("events ran at ".count).prefix { $0.isNumber }) ?? 0
            XCTAssertGreaterThan(n, 1)
            XCTAssertLessThanOrEqual(n, 66)
        }
    }
}
