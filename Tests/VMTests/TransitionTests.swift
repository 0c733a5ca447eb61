import XCTest
import CalcCore
@testable import VM

/// CATransition and UIKit transition blocks: modelled in the presentation tree for the renderer.
final class TransitionTests: XCTestCase {
    func testTransitionCarriesTheBeforePicture() throws {
        let tl = try timeline("""
        scene { duration: 4s }
        let slide = transition { type: .push subtype: .fromLeft duration: 1s }
        layer card { bounds: (0, 0, 20, 20) backgroundColor: .red }
        at 1s {
            transaction(disableActions: true) { card.backgroundColor = .blue }
            card.addAnimation(slide, forKey: "whatever")
        }
        """)
        XCTAssertNil(tl.layer("card", at: 0.5).transition)
        let mid = tl.layer("card", at: 1.5)
        let tr = try XCTUnwrap(mid.transition)
        XCTAssertEqual(tr.type, .push)
        XCTAssertEqual(tr.subtype, .fromLeft)
        XCTAssertEqual(tr.progress, 0.5, accuracy: 1e-9)                 // linear: added directly
        XCTAssertEqual(tr.from.first?.backgroundColor, Color(1, 0, 0))   // before the change
        XCTAssertEqual(mid.backgroundColor, Color(0, 0, 1))             // the new model value
        XCTAssertNil(tl.layer("card", at: 2.5).transition)
    }

    func testProgressRangeAndKey() throws {
        let tl = try timeline("""
        scene { duration: 4s }
        layer card { bounds: (0, 0, 20, 20) }
        layer log { actions { position: none } }
        on card.transition.didStop(finished) { if finished { log.position.x = 1 } }
        at 1s { card.addAnimation(transition { type: .fade startProgress: 0.2 endProgress: 0.6 duration: 2s }, forKey: "x") }
        """)
        XCTAssertEqual(tl.layer("card", at: 2).transition?.progress ?? -1, 0.4, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("log", at: 3).position.x, 1)            // stored under "transition"
    }

    func testTransitionBlock() throws {
        let tl = try timeline("""
        scene { duration: 4s }
        layer card { bounds: (0, 0, 20, 20) opacity: 1 }
        at 1s {
            transition(with: card, duration: 1s, options: [.transitionFlipFromLeft, .curveLinear]) { card.opacity = 0.5 }
        }
        """)
        let c = tl.layer("card", at: 1.25)
        XCTAssertEqual(c.opacity, 0.5)                      // changed without an implicit animation
        XCTAssertEqual(c.transition?.type, .flip)
        XCTAssertEqual(c.transition?.subtype, .fromLeft)
        XCTAssertEqual(c.transition?.progress ?? -1, 0.25, accuracy: 1e-9)
        XCTAssertEqual(c.transition?.from.first?.opacity, 1)
    }
}
