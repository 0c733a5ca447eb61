import XCTest
import CalcCore
@testable import VM
@testable import Compiler

/// Custom key–value properties (`property NAME: TYPE = VALUE`) and `draw` blocks.
final class CustomPropertyTests: XCTestCase {
    static let gauge = """
    scene { size: (100, 100) duration: 2s }
    property thickness: number = 2
    property tint: color = #ff0000
    layer a {
        bounds: (0, 0, 50, 50)
        thickness: 6
        draw {
            fill(rectPath((0, 0, 10, 10)), self.tint)
            stroke(ellipsePath((0, 0, 20, 20)), #00ff00, width: self.thickness)
            text("w\\(self.thickness)", at: (1, 2), size: 9, color: #0000ff)
        }
    }
    layer b { }
    at 1s { a.tint = #0000ff; b.thickness = a.thickness + 1 }
    """

    func drawing(_ tl: Timeline, _ name: String, at t: Double) -> [DrawCommand] { tl.layer(name, at: t).drawing }

    func testDrawBlockReadsPresentationValuesOfCustomProperties() throws {
        let tl = try timeline(Self.gauge)
        let square = BezierPath([.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10)), .line(Point(0, 10)), .close])
        let d0 = drawing(tl, "a", at: 0)
        XCTAssertEqual(d0.count, 3)
        XCTAssertEqual(d0.first, .fill(square, Color(1, 0, 0), .nonZero))
        guard case .stroke(_, let c, let w)? = d0.dropFirst().first else { return XCTFail("expected a stroke, got \(d0)") }
        XCTAssertEqual(c, Color(0, 1, 0))
        XCTAssertEqual(w, 6, "the layer's own value, not the declared default")
        XCTAssertEqual(d0.last, .text("w6", at: Point(1, 2), size: 9, Color(0, 0, 1)))
        // the tint changes at 1 s inside the implicit transaction: a 0.25 s default animation
        // (ease in, ease out) from red to blue, halfway at 1.125 s
        guard case .fill(_, let mid, _)? = drawing(tl, "a", at: 1.125).first else { return XCTFail() }
        XCTAssertEqual(mid.r, 0.5, accuracy: 1e-9)
        XCTAssertEqual(mid.b, 0.5, accuracy: 1e-9)
        XCTAssertEqual(drawing(tl, "a", at: 1.5).first, .fill(square, Color(0, 0, 1), .nonZero))
        // a layer without a draw block draws nothing
        XCTAssertEqual(drawing(tl, "b", at: 1.5), [])
    }

    func testCustomPropertiesAreModelValuesOfEveryLayer() throws {
        let tl = try timeline(Self.gauge + """

        var seen = 0
        at 1.5s { seen = b.thickness * 10 + a.thickness }
        layer probe { opacity: 1 }
        at 1.6s { probe.opacity = seen / 100 }
        """)
        // b had the default 2 until 1 s, then a's 6 + 1; seen = 7 * 10 + 6
        XCTAssertEqual(tl.layer("probe", at: 1.95).opacity, 0.76, accuracy: 1e-9)
    }

    func testExplicitAnimationOfACustomProperty() throws {
        let tl = try timeline("""
        scene { size: (100, 100) duration: 2s }
        property sweep: angle = 0deg
        layer dial {
            draw { stroke(arc((50, 50), 10, 0deg, self.sweep, false), #000000, width: 1) }
            animations { turn: basic { keyPath: sweep from: 0deg to: 180deg duration: 1s timingFunction: .linear } }
        }
        """)
        func sweepPath(_ t: Double) -> BezierPath? {
            if case .stroke(let p, _, _)? = drawing(tl, "dial", at: t).first { return p }
            return nil
        }
        let half = try XCTUnwrap(sweepPath(0.5))
        // a quarter turn from angle 0 at radius 10 about (50, 50) ends at (50, 60) (y down)
        guard case .cubic(_, _, let end)? = half.elements.last(where: { if case .cubic = $0 { true } else { false } }) else {
            return XCTFail("expected curves in \(half.elements)")
        }
        XCTAssertEqual(end.x, 50, accuracy: 1e-6)
        XCTAssertEqual(end.y, 60, accuracy: 1e-6)
    }

    func testDrawBlockCannotChangeTheScene() throws {
        // directly: a compile-time error (E0268); through a function it calls: a run-time one
        let direct = Compiler.compile(SourceFile(name: "t.cal", text: "layer a { draw { self.opacity = 0.5 } }\n"))
        XCTAssertEqual(direct.diagnostics.map(\.id), ["E0268"])
        let tl = try timeline("""
        scene { size: (100, 100) duration: 1s }
        func fade(l: layer) { l.opacity = 0.5 }
        layer a { draw { fade(self) } }
        """)
        XCTAssertThrowsError(try tl.presentation(at: 0)) { error in
            XCTAssertTrue("\(error)".contains("a draw block cannot change the scene"), "\(error)")
        }
    }
}
