import XCTest
import CalcCore
import Compiler
@testable import VM

/// Gap 5 of issue 14: styles are consulted for properties without a value of their own, and a
/// layer's style can be assigned from a handler (docs/semantics.md, "Styles are read lazily").
final class StyleTests: XCTestCase {
    let source = """
    style warm { backgroundColor: #ff0000  cornerRadius: 8 }
    style cool { backgroundColor: #0000ff  borderWidth: 4 }
    scene { size: (100, 100) fps: 10 duration: 3s }
    layer a { bounds: (0, 0, 10, 10)  style: warm }
    layer b { bounds: (0, 0, 10, 10)  backgroundColor: #00ff00  style: warm }
    layer c { bounds: (0, 0, 10, 10)  style: warm  cornerRadius: 2 }
    at 1s {
        transaction(animationDuration: 1s, animationTimingFunction: .linear) {
            a.style = cool
            b.style = cool
            c.style = cool
        }
    }
    at 2.5s { transaction(disableActions: true) { a.borderWidth = 1 }  a.style = warm }
    """

    func testOwnValuesWinWhereverTheStyleStands() throws {
        let tl = try timeline(source)
        // a takes warm's values; b's own green wins though `style: warm` comes after it; c's own
        // corner radius (2) wins over warm's 8 though it comes after the style
        XCTAssertEqual(tl.layer("a", at: 0).backgroundColor, Color(1, 0, 0, 1))
        XCTAssertEqual(tl.layer("b", at: 0).backgroundColor, Color(0, 1, 0, 1))
        XCTAssertEqual(tl.layer("c", at: 0).cornerRadius, 2)
        XCTAssertEqual(tl.layer("c", at: 0).backgroundColor, Color(1, 0, 0, 1))
    }

    func testAssigningAStyleAnimatesTheChange() throws {
        let tl = try timeline(source)
        // 1 s linear from 1 s: a's red → blue is (0.5, 0, 0.5) at 1.5 s; warm's corner radius 8
        // returns to its default 0 (4 at 1.5 s); cool's border 0 → 4 (2 at 1.5 s)
        let a = tl.layer("a", at: 1.5)
        XCTAssertEqual(a.backgroundColor.r, 0.5, accuracy: 1e-12)
        XCTAssertEqual(a.backgroundColor.b, 0.5, accuracy: 1e-12)
        XCTAssertEqual(a.cornerRadius, 4, accuracy: 1e-12)
        XCTAssertEqual(a.borderWidth, 2, accuracy: 1e-12)
        // b keeps its own green throughout; c keeps its own radius 2
        XCTAssertEqual(tl.layer("b", at: 1.5).backgroundColor, Color(0, 1, 0, 1))
        XCTAssertEqual(tl.layer("c", at: 2).cornerRadius, 2)
        XCTAssertEqual(tl.layer("c", at: 2).borderWidth, 4)
        // at 2.5 s a gets its own border (1) and warm again: cool's blue gives way to warm's red,
        // the border stays the layer's own 1, warm's corner radius 8 comes back
        let back = tl.layer("a", at: 3)
        XCTAssertEqual(back.backgroundColor, Color(1, 0, 0, 1))
        XCTAssertEqual(back.borderWidth, 1)
        XCTAssertEqual(back.cornerRadius, 8)
    }

    /// A value bound to an expression of time is the layer's own: assigning a style that sets the
    /// same property later neither replaces nor ends the binding. Opacity 0.5 + 0.25·sin(2π·t):
    /// 0.75 at 0.25 s, 0.25 at 1.75 s (after the style's 0.1 was assigned at 1 s).
    func testABoundValueIsTheLayersOwn() throws {
        let tl = try timeline("""
        style faint { opacity: 0.1  cornerRadius: 3 }
        scene { size: (100, 100) fps: 10 duration: 2s }
        layer a { bounds: (0, 0, 10, 10)  opacity: 0.5 + 0.25 * sin(360deg * (time / 1s)) }
        at 1s { a.style = faint }
        """)
        XCTAssertEqual(tl.layer("a", at: 0.25).opacity, 0.75, accuracy: 1e-12)
        XCTAssertEqual(tl.layer("a", at: 1.75).opacity, 0.25, accuracy: 1e-12)
        XCTAssertEqual(tl.layer("a", at: 1.75).cornerRadius, 3)      // the style's other value applies
    }
}
