import XCTest
import CalcCore
@testable import VM
import Compiler
import Foundation

/// Keyframe, spring and group animations (SPEC §4.6); expected values worked out by hand.
final class KeyframeTests: XCTestCase {
    func x(_ fields: String, at t: Double, model: String = "0") throws -> Double {
        let tl = try timeline("""
        scene { size: (100, 100) duration: 10s }
        layer box { bounds: (0, 0, 10, 10) position.x: \(model)
          animations { a: \(fields) } }
        """)
        return tl.layer("box", at: t).position.x
    }

    func testLinearKeyframesEvenlySpaced() throws {
        let k = "keyframe { keyPath: position.x values: [0, 100, 50] duration: 2s }"
        XCTAssertEqual(try x(k, at: 0.5), 50, accuracy: 1e-9)
        XCTAssertEqual(try x(k, at: 1.0), 100, accuracy: 1e-9)
        XCTAssertEqual(try x(k, at: 1.5), 75, accuracy: 1e-9)
    }

    func testKeyTimes() throws {
        let k = "keyframe { keyPath: position.x values: [0, 100, 50] keyTimes: [0, 0.25, 1] duration: 2s }"
        XCTAssertEqual(try x(k, at: 0.25), 50, accuracy: 1e-9)
        XCTAssertEqual(try x(k, at: 1.25), 75, accuracy: 1e-9)
    }

    func testDiscreteGivesEachValueAnEqualSlot() throws {
        let k = "keyframe { keyPath: position.x values: [10, 20, 30, 40] calculationMode: .discrete duration: 4s }"
        XCTAssertEqual(try x(k, at: 0.5), 10)
        XCTAssertEqual(try x(k, at: 1.0), 20)
        XCTAssertEqual(try x(k, at: 3.5), 40)
    }

    func testPacedSpacesByDistance() throws {
        // distances 10 and 30: key times 0, 0.25, 1
        let k = "keyframe { keyPath: position.x values: [0, 10, 40] calculationMode: .paced duration: 4s }"
        XCTAssertEqual(try x(k, at: 1.0), 10, accuracy: 1e-9)
        XCTAssertEqual(try x(k, at: 2.5), 25, accuracy: 1e-9)
    }

    func testCubicIsCatmullRomByDefault() throws {
        // P0 = 0, P1 = 10, end keys repeated: tangents 5 and 0; Hermite at u = 0.5 gives 5.625
        let k = "keyframe { keyPath: position.x values: [0, 10, 0] calculationMode: .cubic duration: 2s }"
        XCTAssertEqual(try x(k, at: 0.5), 5.625, accuracy: 1e-9)
        XCTAssertEqual(try x(k, at: 1.0), 10, accuracy: 1e-9)
    }

    func testPerSegmentTimingFunctions() throws {
        // segment 0 eased in: at its midpoint easeIn(0.5) < 0.5
        let k = "keyframe { keyPath: position.x values: [0, 100, 200] timingFunctions: [.easeIn, .linear] duration: 2s }"
        XCTAssertLessThan(try x(k, at: 0.5), 50)
        XCTAssertEqual(try x(k, at: 1.5), 150, accuracy: 1e-9)
    }

    func testCriticallyDampedSpring() throws {
        // m 1, k 100, c 20: ζ = 1, ω0 = 10, x(t) = (1 + 10t)e^(−10t); at 0.1 s progress = 1 − 2/e
        let k = "spring { keyPath: position.x from: 0 to: 100 mass: 1 stiffness: 100 damping: 20 duration: 1s }"
        XCTAssertEqual(try x(k, at: 0.1), 100 * (1 - 2 / M_E), accuracy: 1e-9)
    }

    func testUnderdampedSpringOvershootsAndSettles() throws {
        let k = "spring { keyPath: position.x from: 0 to: 100 damping: 5 }"
        // ζ = 0.25 overshoots the target before settling
        let peak = try (1...40).map { try x(k, at: Double($0) * 0.02) }.max() ?? 0
        XCTAssertGreaterThan(peak, 100)
        var o = AnimationObject(keyPath: KeyPath(property: LayerProperties.position, component: .x), kind: .spring)
        o.damping = 5
        let settle = o.settlingDuration
        XCTAssertEqual(abs(1 - o.springProgress(settle + 0.01)), 0, accuracy: 0.001)
        XCTAssertGreaterThan(abs(1 - o.springProgress(settle - 0.1)), 0.0)
    }

    func testValueFunctionTurnsNumbersIntoTransforms() throws {
        let tl = try timeline("""
        scene { size: (100, 100) duration: 10s }
        layer box { bounds: (0, 0, 10, 10) transform: scale(2)
          animations { spin: basic { keyPath: transform valueFunction: .rotateZ from: 0 to: 720deg duration: 4s } } }
        """)
        // at 1 s: 180° (two full turns over 4 s), replacing the scale underneath
        let m = tl.layer("box", at: 1).transform
        XCTAssertEqual(m.m11, -1, accuracy: 1e-9)
        XCTAssertEqual(m.m22, -1, accuracy: 1e-9)
        // at 0.5 s: 90°
        XCTAssertEqual(tl.layer("box", at: 0.5).transform.m12, 1, accuracy: 1e-9)
        // afterwards the model's scale(2) again
        XCTAssertEqual(tl.layer("box", at: 5).transform.m11, 2)
    }

    func testGroupChildrenRunInGroupTime() throws {
        let tl = try timeline("""
        scene { size: (100, 100) duration: 10s }
        layer box { bounds: (0, 0, 10, 10)
          animations { g: group { duration: 2s animations: [
            basic { keyPath: position.x from: 0 to: 100 },
            basic { keyPath: opacity from: 1 to: 0 duration: 1s beginTime: 0.5s }
          ] } } }
        """)
        XCTAssertEqual(tl.layer("box", at: 1).position.x, 50, accuracy: 1e-9)   // child takes the group's 2 s
        XCTAssertEqual(tl.layer("box", at: 1).opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("box", at: 1.75).opacity, 1)                    // child over, no fill
        XCTAssertEqual(tl.layer("box", at: 2.5).position.x, 0)                  // group removed
    }

    func testGroupFillsChildrenForwards() throws {
        let tl = try timeline("""
        scene { size: (100, 100) duration: 10s }
        layer box { bounds: (0, 0, 10, 10)
          animations { g: group { duration: 2s fillMode: .forwards removedOnCompletion: false animations: [
            basic { keyPath: opacity from: 1 to: 0.2 duration: 1s fillMode: .forwards }
          ] } } }
        """)
        XCTAssertEqual(tl.layer("box", at: 1.5).opacity, 0.2, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("box", at: 5).opacity, 0.2, accuracy: 1e-9)
    }
}

/// CAKeyframeAnimation.path and rotationMode: positions worked out by hand on an L-shaped track
/// (a 100-point segment, then 50 points down) and a quadratic arch.
final class KeyframePathTests: XCTestCase {
    func box(_ fields: String, at t: Double) throws -> PresentationLayer {
        let tl = try timeline("""
        scene { size: (200, 200) duration: 10s }
        let track = moveTo((0, 0)) + lineTo((100, 0)) + lineTo((100, 50))
        layer box { bounds: (0, 0, 10, 10)
          animations { a: keyframe { keyPath: position  path: track  duration: 2s  \(fields) } } }
        """)
        return tl.layer("box", at: t)
    }

    func assertPoint(_ p: Point, _ x: Double, _ y: Double, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.x, x, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(p.y, y, accuracy: 1e-9, file: file, line: line)
    }

    func testEachSegmentIsAKeyframe() throws {
        assertPoint(try box("", at: 0.5).position, 50, 0)     // segment 0 over the first second
        assertPoint(try box("", at: 1.5).position, 100, 25)   // segment 1 over the second
        assertPoint(try box("", at: 0.8).position, 80, 0)
    }

    func testKeyTimesAreTheVertices() throws {
        assertPoint(try box("keyTimes: [0, 0.8, 1]", at: 0.8).position, 50, 0)
        assertPoint(try box("keyTimes: [0, 0.8, 1]", at: 1.8).position, 100, 25)
    }

    func testPacedMovesAtConstantSpeed() throws {
        // 150 points in 2 s: 75 points a second
        assertPoint(try box("calculationMode: .paced", at: 1).position, 75, 0)
        assertPoint(try box("calculationMode: .paced", at: 1.6).position, 100, 20)
    }

    func testRotationModeFollowsTheTangent() throws {
        XCTAssertEqual(try box("rotationMode: .auto", at: 0.5).transform, .identity)
        let down = try box("rotationMode: .auto", at: 1.5).transform
        let quarter = Transform3D.rotation(Double.pi / 2)
        for (a, b) in zip(down.elements, quarter.elements) { XCTAssertEqual(a, b, accuracy: 1e-12) }
        let back = try box("rotationMode: .autoReverse", at: 0.5).transform
        for (a, b) in zip(back.elements, Transform3D.rotation(Double.pi).elements) { XCTAssertEqual(a, b, accuracy: 1e-12) }
        // without rotationMode the transform is untouched
        XCTAssertEqual(try box("", at: 1.5).transform, .identity)
    }

    func testCurvesCloseAndTheEnd() throws {
        let tl = try timeline("""
        scene { size: (200, 200) duration: 10s }
        layer arch { animations { a: keyframe { keyPath: position  path: moveTo((0, 0)) + quadTo((50, 100), (100, 0))  duration: 1s } } }
        layer loop { animations { a: keyframe { keyPath: position  path: moveTo((0, 0)) + lineTo((100, 0)) + closePath()  duration: 2s  fillMode: .forwards  removedOnCompletion: false } } }
        """)
        assertPoint(tl.layer("arch", at: 0.5).position, 50, 50)   // B(½) = ¼·P0 + ½·C + ¼·P1
        assertPoint(tl.layer("loop", at: 1.5).position, 50, 0)    // the close is a segment back
        assertPoint(tl.layer("loop", at: 3).position, 0, 0)       // held at the end
    }
}

/// `spring(…)` as a timing function: the spring's curve stretched over the animation's duration.
final class SpringTimingTests: XCTestCase {
    func testSpringTimingFunctionShapesABasicAnimation() throws {
        let tl = try timeline("""
        scene { size: (200, 200) duration: 4s }
        let bounce = spring(stiffness: 200, damping: 8)
        layer box { animations { a: basic { keyPath: position.x  from: 0  to: 100  duration: 2s  timingFunction: bounce } } }
        """)
        let s = Spring(stiffness: 200, damping: 8)
        let settle = s.settlingDuration
        for t in [0.1, 0.5, 1.3] {
            XCTAssertEqual(tl.layer("box", at: t).position.x, 100 * s.progress(t / 2 * settle), accuracy: 1e-9)
        }
    }

    func testSpringTimingInATransactionAndItsErrors() throws {
        let tl = try timeline("""
        scene { size: (200, 200) duration: 4s }
        layer box { }
        at 1s { transaction(animationDuration: 1s, animationTimingFunction: spring(damping: 20)) { box.position.x = 100 } }
        """)
        // critically damped (ω₀ = 10): 1 − (1 + 10t)e^(−10t) at t = 0.5 × settling
        let s = Spring(damping: 20)
        let t = 0.5 * s.settlingDuration
        XCTAssertEqual(tl.layer("box", at: 1.5).position.x, 100 * (1 - (1 + 10 * t) * Foundation.exp(-10 * t)), accuracy: 1e-9)
        let result = Compiler.compile(SourceFile(name: "t.cal", text: "let s = spring(mass: 0)\nlet u = spring(weight: 1)\nlayer a { }\n"))
        XCTAssertEqual(result.diagnostics.map(\.id), ["E0277", "E0271"])
    }
}
