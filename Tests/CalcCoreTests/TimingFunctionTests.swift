import XCTest
import Foundation
@testable import CalcCore

/// Timing functions: the Bézier curves of CAMediaTimingFunction and spring curves. Expected values
/// are computed by hand from the closed forms quoted in each test.
final class TimingFunctionTests: XCTestCase {
    func testBezierEndsAndSymmetry() {
        for f in [TimingFunction.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
            XCTAssertEqual(f(0), 0)
            XCTAssertEqual(f(1), 1)
        }
        XCTAssertEqual(TimingFunction.linear(0.3), 0.3)
        // easeInEaseOut is symmetric about (0.5, 0.5)
        XCTAssertEqual(TimingFunction.easeInEaseOut(0.5), 0.5, accuracy: 1e-12)
        XCTAssertEqual(TimingFunction.easeInEaseOut(0.2) + TimingFunction.easeInEaseOut(0.8), 1, accuracy: 1e-12)
        // easeIn (0.42, 0, 1, 1): x(t) = 1.26(1−t)²t + 3(1−t)t² + t³ and y(t) = 3(1−t)t² + t³;
        // find t with x(t) = 0.5 by bisection here, independently of the implementation's Newton steps
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let t = (lo + hi) / 2
            let x = 1.26 * (1 - t) * (1 - t) * t + 3 * (1 - t) * t * t + t * t * t
            if x < 0.5 { lo = t } else { hi = t }
        }
        let t = (lo + hi) / 2
        XCTAssertEqual(TimingFunction.easeIn(0.5), 3 * (1 - t) * t * t + t * t * t, accuracy: 1e-9)
    }

    /// m = 1, k = 100, c = 10: ζ = 0.5, ω₀ = 10, ω_d = 10·√0.75. From rest at 0 towards 1,
    /// x(t) = 1 − e^(−5t)(cos ω_d t + (5/ω_d) sin ω_d t). At t = 0.2: 1 − e^(−1)(cos √3 + sin √3 / √3).
    func testSpringProgress() {
        let s = Spring()
        let r3 = 3.0.squareRoot()
        XCTAssertEqual(s.progress(0), 0, accuracy: 1e-15)
        XCTAssertEqual(s.progress(0.2), 1 - Foundation.exp(-1) * (Foundation.cos(r3) + Foundation.sin(r3) / r3), accuracy: 1e-12)
        // critically damped (c = 2√(km) = 20): 1 − (1 + ω₀t)e^(−ω₀t); at t = 0.1: 1 − 2/e
        XCTAssertEqual(Spring(damping: 20).progress(0.1), 1 - 2 / Foundation.exp(1), accuracy: 1e-12)
        XCTAssertFalse(Spring(mass: 0).isValid)
        XCTAssertFalse(Spring(damping: -1).isValid)
        XCTAssertFalse(Spring(initialVelocity: .infinity).isValid)
    }

    func testSpringTimingFunctionSettlesAtTheEnd() {
        let s = Spring(damping: 5)
        let f = TimingFunction(spring: s)
        let settle = s.settlingDuration
        XCTAssertEqual(f(0.25), s.progress(0.25 * settle), accuracy: 1e-15)
        XCTAssertEqual(f(1), 1)
        XCTAssertEqual(f(0.999), 1, accuracy: 0.002, "within 0.1 % of the target near the end")
        XCTAssertNil(f.name)
        XCTAssertNotEqual(f, TimingFunction(0, 0, 0, 0))
        // an underdamped spring overshoots somewhere along the curve
        XCTAssertGreaterThan(stride(from: 0.0, through: 1, by: 0.01).map { f($0) }.max() ?? 0, 1)
    }
}
