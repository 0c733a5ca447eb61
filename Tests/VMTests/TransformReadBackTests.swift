import XCTest
import CalcCore
import Compiler
@testable import VM

/// Gap 4 of issue 14: `transform.rotation.x|y|z` read back as Euler angles of R = Rx(x)·Ry(y)·Rz(z)
/// (row vectors: X first), y in [−π/2, π/2], x and z in (−π, π] (docs/semantics.md, "Transform
/// read-back").
final class TransformReadBackTests: XCTestCase {
    func testHalfTurnAboutYReadsAsXAndZHalfTurns() throws {
        // Ry(π) = diag(−1, 1, −1): m13 = −sin π ≈ 0 so y = asin(0) = 0, x = atan2(m23, m33) =
        // atan2(0, −1) = π, z = atan2(m12, m11) = atan2(0, −1) = π — the same matrix as Rx(π)·Rz(π)
        let tl = try timeline("""
        scene { size: (100, 100) duration: 1s }
        layer l { bounds: (0, 0, 10, 10) transform: rotate(180deg, .y) }
        at 0.5s { print(l.transform.rotation.x, l.transform.rotation.y, l.transform.rotation.z) }
        """)
        let parts = try XCTUnwrap(tl.printed.first).text.split(separator: " ").compactMap { Double($0) }
        XCTAssertEqual(parts.count, 3)
        XCTAssertEqual(parts[0], .pi, accuracy: 1e-12)
        XCTAssertEqual(parts[1], 0, accuracy: 1e-12)
        XCTAssertEqual(parts[2], .pi, accuracy: 1e-12)
    }

    func testSmallAnglesReadBackAsWritten() throws {
        // within the ranges, angles written X, then Y, then Z read back unchanged:
        // rotate(0.3, .x) * rotate(-0.4, .y) * rotate(1.2, .z) applies X first (rotate(a) * b: a, then b)
        let tl = try timeline("""
        scene { size: (100, 100) duration: 1s }
        layer l { bounds: (0, 0, 10, 10) transform: rotate(0.3, .x) * rotate(-0.4, .y) * rotate(1.2, .z) }
        at 0.5s { print(l.transform.rotation.x, l.transform.rotation.y, l.transform.rotation.z) }
        """)
        let parts = try XCTUnwrap(tl.printed.first).text.split(separator: " ").compactMap { Double($0) }
        XCTAssertEqual(parts.count, 3)
        XCTAssertEqual(parts[0], 0.3, accuracy: 1e-12)
        XCTAssertEqual(parts[1], -0.4, accuracy: 1e-12)
        XCTAssertEqual(parts[2], 1.2, accuracy: 1e-12)
    }
}
