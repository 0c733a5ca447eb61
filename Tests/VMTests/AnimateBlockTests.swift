import XCTest
import CalcCore
@testable import VM
import Compiler

/// UIKit's animation blocks (seed 002:52–290) over transactions; expected values by hand.
final class AnimateBlockTests: XCTestCase {
    func x(_ tl: Timeline, _ t: Double, _ name: String = "a") -> Double { tl.layer(name, at: t).position.x }

    func testDelayCurveAndCompletion() throws {
        let tl = try timeline("""
        scene { duration: 5s }
        layer a { }
        layer log { actions { position: none } }
        at 1s {
            animate(duration: 1s, delay: 0.5s, options: [.curveLinear]) { a.position.x = 100 } completion { log.position.x = 1 }
        }
        """)
        XCTAssertEqual(x(tl, 1.2), 0)                        // the delay holds the start value
        XCTAssertEqual(x(tl, 2.0), 50, accuracy: 1e-9)
        XCTAssertEqual(x(tl, 2.6), 100)
        XCTAssertEqual(x(tl, 2.4, "log"), 0)
        XCTAssertEqual(x(tl, 2.5, "log"), 1)
    }

    func testRepeatAndAutoreverse() throws {
        let tl = try timeline("""
        scene { duration: 9s }
        layer a { }
        at 0s { animate(duration: 1s, options: [.curveLinear, .repeat, .autoreverse]) { a.position.x = 100 } }
        """)
        XCTAssertEqual(x(tl, 0.5), 50, accuracy: 1e-9)
        XCTAssertEqual(x(tl, 1.25), 75, accuracy: 1e-9)
        XCTAssertEqual(x(tl, 6.5), 50, accuracy: 1e-9)
    }

    func testSpringSettlesWithinTheDuration() throws {
        let tl = try timeline("""
        scene { duration: 5s }
        layer a { }
        at 0s { animate(duration: 1s, dampingRatio: 0.4, initialVelocity: 0) { a.position.x = 100 } }
        """)
        let peak = (1...50).map { x(tl, Double($0) * 0.02) }.max() ?? 0
        XCTAssertGreaterThan(peak, 100)                      // ζ = 0.4 overshoots
        // the envelope reaches 0.1 % of the distance (0.1) at 1 s; 1 ms earlier it is a hair above
        XCTAssertEqual(x(tl, 0.999), 100, accuracy: 0.101)
    }

    func testKeyframeBlocks() throws {
        let tl = try timeline("""
        scene { duration: 5s }
        layer a { }
        at 0s {
            animateKeyframes(duration: 2s) {
                keyframe(start: 0, duration: 0.5) { a.position.x = 100 }
                keyframe(start: 0.5, duration: 0.5) { a.position.x = 0 }
            }
        }
        """)
        XCTAssertEqual(x(tl, 0.5), 50, accuracy: 1e-9)
        XCTAssertEqual(x(tl, 1.0), 100, accuracy: 1e-9)
        XCTAssertEqual(x(tl, 1.5), 50, accuracy: 1e-9)
        XCTAssertEqual(x(tl, 2.5), 0)
    }

    func testBeginFromCurrentState() throws {
        func run(_ options: String) throws -> Double {
            let tl = try timeline("""
            scene { duration: 5s }
            layer a { }
            at 1s { animate(duration: 1s, options: [.curveLinear]) { a.position.x = 100 } }
            at 1.5s { animate(duration: 1s, options: [.curveLinear\(options)]) { a.position.x = 0 } }
            """)
            return x(tl, 2.0)
        }
        XCTAssertEqual(try run(""), 50, accuracy: 1e-9)                          // from the model value 100
        XCTAssertEqual(try run(", .beginFromCurrentState"), 25, accuracy: 1e-9)  // from the 50 on screen
    }

    func testBlockErrors() {
        func ids(_ src: String) -> [String] { Compiler.compile(SourceFile(name: "t.cal", text: src)).diagnostics.map { $0.id } }
        XCTAssertEqual(ids("at 1s { keyframe(start: 0, duration: 1) { } }"), ["E0415"])
        XCTAssertEqual(ids("at 1s { animate(duration: 1s, speed: 2) { } }"), ["E0417"])
        XCTAssertEqual(ids("at 1s { animateKeyframes(duration: 1s) { keyframe(start: 2, duration: 1) { } } }"), ["E0418"])
        XCTAssertEqual(ids("at 1s { animate(delay: 1s) { } }"), ["E0419"])
        XCTAssertEqual(ids("at 1s { animateKeyframes(duration: 1s, dampingRatio: 0.5) { } }"), ["E0416"])
    }
}
