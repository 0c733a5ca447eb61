import XCTest
import CalcCore
@testable import VM

/// The CAMediaTiming model of SPEC §4.2–4.5, with expected values worked out by hand.
final class TimingTests: XCTestCase {
    func testLinearPositionAtTenFPS() throws {
        let tl = try sampleTimeline("animation/position_linear.cal")
        for i in 0..<10 {
            let x = tl.layer("box", at: tl.frameTime(i)).position.x
            XCTAssertEqual(x, Double(i) * 10, accuracy: 1e-9, "frame \(i)")
        }
        // after the end the animation is removed: the model value (0, 50) shows
        XCTAssertEqual(tl.layer("box", at: 1.0).position.x, 0)
    }

    func testAutoreverseRepeatTwice() throws {
        let tl = try sampleTimeline("animation/autoreverse.cal")
        // forward 0→100 over [0,1), back 100→0 over [1,2), again over [2,3) and [3,4)
        let expected: [(Double, Double)] = [(0, 0), (0.5, 50), (1.0, 100), (1.5, 50), (2.0, 0), (2.5, 50),
                                            (3.0, 100), (3.7, 30), (4.0, 110), (4.1, 110)]
        for (t, x) in expected {
            XCTAssertEqual(tl.layer("box", at: t).position.x, x, accuracy: 1e-9, "t = \(t)")
        }
    }

    func box(_ fields: String, model: String = "0") -> String {
        """
        scene { size: (100, 100) fps: 10 duration: 10s }
        layer box {
            bounds: (0, 0, 10, 10)
            position.x: \(model)
            animations { a: basic { keyPath: position.x \(fields) } }
        }
        """
    }

    func x(_ tl: Timeline, _ t: Double) -> Double { tl.layer("box", at: t).position.x }

    func testFractionalRepeatCountAndForwardsFill() throws {
        // 1 s passes, 1.5 repetitions; held with forwards fill at the cut point (50)
        let tl = try timeline(box("from: 0 to: 100 duration: 1s repeatCount: 1.5 fillMode: .forwards removedOnCompletion: false"))
        XCTAssertEqual(x(tl, 1.2), 20, accuracy: 1e-9)
        XCTAssertEqual(x(tl, 1.49), 49, accuracy: 1e-9)
        XCTAssertEqual(x(tl, 1.5), 50, accuracy: 1e-9)
        XCTAssertEqual(x(tl, 5), 50, accuracy: 1e-9)
    }

    func testForwardsFillNeedsRemovedOnCompletionFalse() throws {
        let tl = try timeline(box("from: 0 to: 100 duration: 1s fillMode: .forwards", model: "7"))
        XCTAssertEqual(x(tl, 2), 7)
    }

    func testAutoreversedForwardsFillHoldsFromValue() throws {
        let tl = try timeline(box("from: 20 to: 100 duration: 1s autoreverses: true fillMode: .both removedOnCompletion: false", model: "7"))
        XCTAssertEqual(x(tl, 3), 20, accuracy: 1e-9)
    }

    func testBeginTimeAndBackwardsFill() throws {
        let tl = try timeline(box("from: 10 to: 20 duration: 1s beginTime: 2s fillMode: .backwards", model: "5"))
        XCTAssertEqual(x(tl, 1), 10)        // backwards fill shows the from value before the start
        XCTAssertEqual(x(tl, 2.5), 15, accuracy: 1e-9)
        XCTAssertEqual(x(tl, 3.5), 5)       // removed after the end
        let noFill = try timeline(box("from: 10 to: 20 duration: 1s beginTime: 2s", model: "5"))
        XCTAssertEqual(x(noFill, 1), 5)
    }

    func testSpeedAndTimeOffsetLoopAround() throws {
        // speed 2: a 2 s animation plays in 1 s
        let fast = try timeline(box("from: 0 to: 100 duration: 2s speed: 2"))
        XCTAssertEqual(x(fast, 0.5), 50, accuracy: 1e-9)
        // timeOffset 0.5 s on a 2 s animation: plays 0.5 → 2 then 0 → 0.5 (SPEC §4.2)
        let off = try timeline(box("from: 0 to: 100 duration: 2s timeOffset: 0.5s"))
        XCTAssertEqual(x(off, 0), 25, accuracy: 1e-9)
        XCTAssertEqual(x(off, 1.4), 95, accuracy: 1e-9)
        XCTAssertEqual(x(off, 1.6), 5, accuracy: 1e-9)
    }

    func testEaseInEaseOutIsSymmetric() throws {
        let tl = try timeline(box("from: 0 to: 100 duration: 1s timingFunction: .easeInEaseOut"))
        XCTAssertEqual(x(tl, 0.5), 50, accuracy: 1e-6)
        XCTAssertEqual(x(tl, 0.25) + x(tl, 0.75), 100, accuracy: 1e-6)
        XCTAssertLessThan(x(tl, 0.25), 25)     // slow start
    }

    func testByAndMissingValues() throws {
        // only `by`: from the value underneath to it plus by
        let by = try timeline(box("by: 30 duration: 1s", model: "10"))
        XCTAssertEqual(x(by, 0.5), 25, accuracy: 1e-9)
        // only `to`: from the model value
        let to = try timeline(box("to: 50 duration: 1s", model: "10"))
        XCTAssertEqual(x(to, 0.5), 30, accuracy: 1e-9)
        // from + by
        let fb = try timeline(box("from: 0 by: 40 duration: 1s", model: "10"))
        XCTAssertEqual(x(fb, 0.5), 20, accuracy: 1e-9)
    }

    func testAdditiveAndCumulative() throws {
        let add = try timeline(box("from: 0 to: 10 duration: 1s additive: true", model: "50"))
        XCTAssertEqual(x(add, 0.5), 55, accuracy: 1e-9)
        // a missing end point is the value underneath, and additive then adds that value again
        // (SPEC §4.7 applied literally; docs/semantics.md): by 40 over a model of 50 runs 100 → 140
        let addBy = try timeline(box("by: 40 duration: 1s additive: true", model: "50"))
        XCTAssertEqual(x(addBy, 0.0), 100, accuracy: 1e-9)
        XCTAssertEqual(x(addBy, 0.5), 120, accuracy: 1e-9)
        // repetition k adds k × (to − from)
        let cum = try timeline(box("from: 0 to: 10 duration: 1s repeatCount: 3 cumulative: true"))
        XCTAssertEqual(x(cum, 0.5), 5, accuracy: 1e-9)
        XCTAssertEqual(x(cum, 2.5), 25, accuracy: 1e-9)
    }

    func testInfiniteRepeat() throws {
        let tl = try timeline(box("from: 0 to: 100 duration: 1s repeatCount: infinity"))
        XCTAssertEqual(x(tl, 9.25), 25, accuracy: 1e-6)
    }

    func testRepeatDurationWins() throws {
        let tl = try timeline(box("from: 0 to: 100 duration: 1s repeatDuration: 2.5s", model: "-1"))
        XCTAssertEqual(x(tl, 2.25), 25, accuracy: 1e-6)
        XCTAssertEqual(x(tl, 2.6), -1)
    }

    func testRotationSubKeyPathTurnsTwice() throws {
        let tl = try timeline("""
        scene { size: (100, 100) duration: 4s }
        layer r { bounds: (0, 0, 10, 10)
          animations { spin: basic { keyPath: transform.rotation.z from: 0 to: 720deg duration: 4s } } }
        """)
        // at 1 s: 180°, at 1.5 s: 270° (= −90°)
        let m = tl.layer("r", at: 1).transform
        XCTAssertEqual(m.m11, -1, accuracy: 1e-9)
        let q = tl.layer("r", at: 1.5).transform
        XCTAssertEqual(q.m12, -1, accuracy: 1e-9)   // rotation(θ): m12 = sin θ = −1
    }

    func testLayerSpeedZeroPauses() throws {
        let tl = try timeline("""
        scene { size: (100, 100) duration: 4s }
        layer box { bounds: (0, 0, 10, 10)
          animations { a: basic { keyPath: position.x from: 0 to: 100 duration: 2s } } }
        at 1s { box.speed = 0  box.timeOffset = 1s }
        """)
        XCTAssertEqual(tl.layer("box", at: 0.5).position.x, 25, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("box", at: 1.5).position.x, 50, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("box", at: 3.5).position.x, 50, accuracy: 1e-9)
    }
}
