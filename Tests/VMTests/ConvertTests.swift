import XCTest
import CalcCore
import Compiler
@testable import VM

/// Gap 3 of issue 14: converting points and rects between layers' coordinate spaces. Every number
/// is worked out by hand: a layer point p goes to (p − anchor) · transform + position, then through
/// the superlayer's sublayerTransform about its anchor point; a 90° turn in Core Animation's
/// row-vector form maps (x, y) to (−y, x).
final class ConvertTests: XCTestCase {
    func printed(_ source: String) throws -> [String] { try timeline(source).printed.map(\.text) }

    /// Seed 000's rotated layer (FEATURES X1, 000:471–497): bounds 120×80 at (100, 100) turned 90°
    /// about its centre (60, 40). Corner (0, 0): (−60, −40) → (40, −60) → (140, 40); corner
    /// (120, 80): (60, 40) → (−40, 60) → (60, 160); the centre stays at (100, 100). The bounds as a
    /// rect: the box of the four corners, (60, 40, 80, 120) — the frame. About anchor (0, 0) at
    /// (40, 60) the corner (0, 0) stays put and (120, 0) goes to (0, 120) + (40, 60) = (40, 180).
    func testCornersOfARotatedLayer() throws {
        let out = try printed("""
        scene { size: (200, 200) duration: 1s }
        layer turned { position: (100, 100)  bounds: (0, 0, 120, 80)  transform: rotate(90deg) }
        layer pivot { anchorPoint: (0, 0)  position: (40, 60)  bounds: (0, 0, 120, 80)  transform: rotate(90deg) }
        at 0.5s {
            print(turned.convert((0, 0), to: root), turned.convert((120, 80), to: root), turned.convert((60, 40), to: root))
            print(turned.convert((0, 0, 120, 80), to: root))
            print(turned.convert((140, 40), from: root), pivot.convert((0, 0), to: root), pivot.convert((120, 0), to: root))
            print(turned.convert((0, 0), to: pivot))
        }
        """)
        XCTAssertEqual(out.count, 4)
        func points(_ line: String) -> [Double] {
            line.replacingOccurrences(of: "(", with: " ").replacingOccurrences(of: ")", with: " ")
                .replacingOccurrences(of: ",", with: " ").split(separator: " ").compactMap { Double($0) }
        }
        let expected: [[Double]] = [
            [140, 40, 60, 160, 100, 100],
            [60, 40, 80, 120],
            [0, 0, 40, 60, 40, 180],
            // turned's corner is (140, 40) in the root; in pivot's space: minus (40, 60) is (100, −20),
            // undoing the 90° turn ((x, y) → (y, −x)) gives (−20, −100)
            [-20, -100],
        ]
        for (line, want) in zip(out, expected) {
            let got = points(line)
            XCTAssertEqual(got.count, want.count, line)
            for (g, w) in zip(got, want) { XCTAssertEqual(g, w, accuracy: 1e-9, line) }
        }
    }

    /// A superlayer's sublayerTransform scale(2) about its anchor (100, 100): the child's centre at
    /// (50, 50) lands at (50 − 100) × 2 + 100 = 0 on both axes. Perspective flattening: a child
    /// moved 100 towards the viewer under perspective(500) (m34 = −1/500) has w = 1 − 100/500 = 0.8,
    /// so its point (20, 10) — (10, 0) from its anchor, at (110, 100) in the superlayer — is
    /// (100 + 10/0.8, 100 + 0/0.8) = (112.5, 100).
    func testSublayerTransformAndPerspective() throws {
        let out = try printed("""
        scene { size: (200, 200) duration: 1s }
        layer p {
            bounds: (0, 0, 200, 200)  position: (100, 100)  sublayerTransform: scale(2)
            layer c { bounds: (0, 0, 10, 10)  position: (50, 50) }
        }
        layer q {
            bounds: (0, 0, 200, 200)  position: (100, 100)  sublayerTransform: perspective(500)
            layer d { bounds: (0, 0, 20, 20)  position: (100, 100)  transform: translate(0, 0, 100) }
        }
        at 0.5s { print(c.convert((5, 5), to: root), d.convert((20, 10), to: root)) }
        """)
        XCTAssertEqual(out, ["(0, 0) (112.5, 100)"])
    }

    /// Presentation values: x animates 0 → 100 over 1 s (linear), so at 0.5 s the layer's centre
    /// (5, 5) is at (50, 50) on screen while the model has it at (200, 50).
    func testPresentationConvertSeesTheAnimation() throws {
        let out = try printed("""
        scene { size: (300, 100) duration: 1s }
        layer l {
            bounds: (0, 0, 10, 10)  position: (200, 50)
            animations { m: basic { keyPath: position.x  from: 0  to: 100  duration: 1s } }
        }
        at 0.5s { print(l.presentation.convert((5, 5), to: root), l.convert((5, 5), to: root)) }
        """)
        XCTAssertEqual(out, ["(50, 50) (200, 50)"])
    }
}
