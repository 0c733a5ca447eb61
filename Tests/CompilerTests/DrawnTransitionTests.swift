import XCTest
import CalcCore
@testable import Compiler

/// Transitions are drawn (docs/rendering.md, Transitions), so W0018 no longer warns about a
/// `transition { … }` animation or a UIKit `transition(with:…)` block.
final class DrawnTransitionTests: XCTestCase {
    func testTransitionsAreNotWarnedAbout() {
        let src = """
        layer card { bounds: (0, 0, 10, 10) }
        let slide = transition { type: .push subtype: .fromLeft duration: 1s }
        at 1s {
            card.addAnimation(slide, forKey: "transition")
            transition(with: card, duration: 0.5s, options: [.transitionCurlUp]) { card.opacity = 0.5 }
        }

        """
        let diags = Compiler.compile(SourceFile(name: "t.cal", text: src)).diagnostics
        XCTAssertEqual(diags.map(\.id), [], "\(diags.map(\.message))")
    }
}
