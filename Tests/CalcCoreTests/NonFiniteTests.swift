import XCTest
@testable import CalcCore

/// Values from runaway expressions (infinity, NaN, 1e300) reach the core's helpers through scripts;
/// each of these trapped or hung once (found by fuzzing `calc run` with mutated samples).
final class NonFiniteTests: XCTestCase {
    func testHueThatIsNotFiniteIsRed() {
        // hsb(h, 0.7, 0.9) at hue 0: r = v = 0.9, g = b = v(1 − s) = 0.27
        for h in [Double.infinity, -.infinity, .nan] {
            let c = Color.hsb(h, 0.7, 0.9)
            XCTAssertEqual(c.r, 0.9, accuracy: 1e-12)
            XCTAssertEqual(c.g, 0.27, accuracy: 1e-12)
            XCTAssertEqual(c.b, 0.27, accuracy: 1e-12)
        }
        // a finite hue still works: a third of a turn is green
        XCTAssertEqual(Color.hsb(1.0 / 3, 1, 1).g, 1, accuracy: 1e-12)
    }

    func testArcWithHugeOrNonFiniteAnglesEnds() {
        // the sweep −1e300 used to be brought into range by adding 2π, which never changes it
        let huge = BezierPath.arcSegments(cx: 0, cy: 0, rx: 10, ry: 10, start: 0, end: -1e300, clockwise: true)
        XCTAssertTrue((1...4).contains(huge.count), "\(huge.count) segments")
        XCTAssertEqual(BezierPath.arcSegments(cx: 0, cy: 0, rx: 10, ry: 10, start: 0, end: .infinity, clockwise: true).count, 0)
        XCTAssertEqual(BezierPath.arcSegments(cx: 0, cy: 0, rx: 10, ry: 10, start: .nan, end: 1, clockwise: false).count, 0)
        // in range, the reduction is unchanged: −90° clockwise is three quarter turns, three segments
        XCTAssertEqual(BezierPath.arcSegments(cx: 0, cy: 0, rx: 1, ry: 1, start: 0, end: -Double.pi / 2, clockwise: true).count, 3)
        // and 90° counter-clockwise is −270°: three segments too
        XCTAssertEqual(BezierPath.arcSegments(cx: 0, cy: 0, rx: 1, ry: 1, start: 0, end: Double.pi / 2, clockwise: false).count, 3)
    }

    func testTransformRepeatedANonFiniteNumberOfTimes() {
        let m = Transform3D.translation(1, 0, 0)
        for k in [Double.infinity, .nan, -5, 1e300] {
            guard case .transform = Value.scale(.transform(m), by: k) else { return XCTFail("\(k)") }
        }
        // three repetitions of a translation by 1 translate by 3
        guard case .transform(let t3) = Value.scale(.transform(m), by: 3) else { return XCTFail() }
        XCTAssertEqual(t3, Transform3D.translation(3, 0, 0))
    }
}
