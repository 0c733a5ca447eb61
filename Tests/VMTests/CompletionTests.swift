import XCTest
import CalcCore
@testable import VM
import Compiler

/// Completions run when every animation added while their transaction was open has finished or
/// been removed (CATransaction's completion block); UIKit's `completion(finished)` learns which
/// (seed 002:82, 002:136–140, 002:172–188). A `log` layer without actions records when and how a
/// completion ran: its position.x is set to the time code, its position.y to 1 (finished) or 2.
final class CompletionTests: XCTestCase {
    func log(_ tl: Timeline, _ t: Double) -> Point { tl.layer("log", at: t).position }

    func testFinishedAfterANaturalEnd() throws {
        let tl = try timeline("""
        scene { duration: 3s }
        layer a { }
        layer log { actions { position: none } }
        at 0s {
            animate(duration: 1s) { a.position.x = 100 } completion(finished) {
                if finished { log.position = (1, 1) } else { log.position = (1, 2) }
            }
        }
        """)
        XCTAssertEqual(log(tl, 0.99), Point(0, 0))
        XCTAssertEqual(log(tl, 1.0), Point(1, 1))
    }

    func testRemovedBeforeTheEndIsNotFinishedAndRunsAtOnce() throws {
        let tl = try timeline("""
        scene { duration: 3s }
        layer a { }
        layer b { }
        layer log { actions { position: none } }
        at 0s {
            animate(duration: 2s) { a.position.x = 100  b.position.x = 100 } completion(done) {
                if done { log.position = (0.5, 1) } else { log.position = (0.5, 2) }
            }
        }
        at 0.5s { a.removeAllAnimations() }
        """)
        // b's animation still runs to 2 s, but the completion waits only for both to have ended:
        // a's was removed at 0.5 s, so it runs when b's ends, with finished false
        XCTAssertEqual(log(tl, 1.99), Point(0, 0))
        XCTAssertEqual(log(tl, 2.0), Point(0.5, 2))
        let alone = try timeline("""
        scene { duration: 3s }
        layer a { }
        layer log { actions { position: none } }
        at 0s {
            animate(duration: 2s) { a.position.x = 100 } completion(done) {
                if done { log.position = (1, 1) } else { log.position = (1, 2) }
            }
        }
        at 0.5s { a.removeAllAnimations() }
        """)
        XCTAssertEqual(log(alone, 0.49), Point(0, 0))
        XCTAssertEqual(log(alone, 0.5), Point(1, 2))
    }

    /// A transaction's completion (no flag) also runs when its animation is replaced under its key.
    func testReplacedUnderItsKey() throws {
        let tl = try timeline("""
        scene { duration: 4s }
        layer a { }
        layer log { actions { position: none } }
        at 0s {
            transaction(animationDuration: 3s) { a.position.x = 100 } completion { log.position.x = 7 }
        }
        at 1s { a.addAnimation(basic { keyPath: position  duration: 0.5s }, forKey: "position") }
        """)
        XCTAssertEqual(log(tl, 0.99).x, 0)
        XCTAssertEqual(log(tl, 1.0).x, 7)
    }

    /// Stopping a repeating animation (seed 002:184): its completion, which could never run while
    /// it repeated, runs when it is removed.
    func testForeverRunsOnlyWhenRemoved() throws {
        let tl = try timeline("""
        scene { duration: 6s }
        layer a { }
        layer log { actions { position: none } }
        at 0s {
            animate(duration: 1s, options: [.repeat, .autoreverse]) { a.position.x = 100 } completion(finished) {
                if finished { log.position = (1, 1) } else { log.position = (1, 2) }
            }
        }
        at 4.5s { a.removeAnimation(forKey: "position") }
        """)
        XCTAssertEqual(log(tl, 4.4), Point(0, 0))
        XCTAssertEqual(log(tl, 4.5), Point(1, 2))
    }

    func testATransactionsCompletionTakesNoFlag() {
        let result = Compiler.compile(SourceFile(name: "t.cal", text: "at 1s { transaction { } completion(f) { } }\n"))
        XCTAssertNil(result.program)
        XCTAssertEqual(result.diagnostics.first?.message, "expected '{', found '('")
    }
}
