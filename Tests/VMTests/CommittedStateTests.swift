import XCTest
import CalcCore
import Compiler
@testable import VM

/// Semantics gaps 1 and 2 of issue 14 (docs/semantics.md, "Presentation is the committed state",
/// "Presentation reads see layout"). Every expected number is worked out by hand in the comments.
final class CommittedStateTests: XCTestCase {
    /// Seed 002's explicit-animation idiom: set the model with actions disabled, then add a basic
    /// animation with neither from nor to. It runs from what was on screen (x = 0) to the new model
    /// value (100), linearly over 1 s from 1 s: x(1.5 s) = 50, x(2 s) = 100.
    func testExplicitAnimationAfterModelChangeStartsFromScreen() throws {
        let tl = try timeline("""
        scene { size: (200, 100) fps: 10 duration: 3s }
        layer l { bounds: (0, 0, 10, 10) position: (0, 50) }
        at 1s {
            transaction(disableActions: true) { l.position.x = 100 }
            l.addAnimation(basic { keyPath: position.x  duration: 1s }, forKey: "x")
        }
        """)
        XCTAssertEqual(tl.layer("l", at: 1).position.x, 0, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("l", at: 1.5).position.x, 50, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("l", at: 2).position.x, 100, accuracy: 1e-9)
    }

    /// `l.presentation.KEY` in a handler reads the committed picture: after the model is set to 100
    /// in the same handler, the presentation still reads 0 (and the model 100).
    func testPresentationReadSeesTheCommittedState() throws {
        let tl = try timeline("""
        scene { size: (200, 100) fps: 10 duration: 2s }
        layer l { bounds: (0, 0, 10, 10) position: (0, 50) }
        at 1s {
            transaction(disableActions: true) { l.position.x = 100 }
            print(l.presentation.position.x, l.position.x, l.presentation.frame.origin.x)
        }
        """)
        // frame.origin.x = position.x − anchorPoint.x × width = 0 − 0.5 × 10 = −5
        XCTAssertEqual(tl.printed.map(\.text), ["0 100 -5"])
    }

    /// An implicit animation in a later transaction of the same handler also starts from the
    /// picture on screen (0), not from the model value an earlier transaction set (100): 1 s linear
    /// from 0 to 200 starting at 1 s gives 100 at 1.5 s.
    func testImplicitAnimationStartsFromTheCommittedState() throws {
        let tl = try timeline("""
        scene { size: (300, 100) fps: 10 duration: 3s }
        layer l { bounds: (0, 0, 10, 10) position: (0, 50) }
        at 1s {
            transaction(disableActions: true) { l.position.x = 100 }
            transaction(animationDuration: 1s, animationTimingFunction: .linear) { l.position.x = 200 }
        }
        """)
        XCTAssertEqual(tl.layer("l", at: 1.5).position.x, 100, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("l", at: 2).position.x, 200, accuracy: 1e-9)
    }

    /// The committed picture includes the animations running then: x animates 0 → 100 linearly over
    /// 2 s from 0.5 s, so at 1.5 s it shows 50; setting the model in that handler does not change
    /// what the handler reads, and a new explicit animation starts from 50.
    func testCommittedStateIncludesRunningAnimations() throws {
        let tl = try timeline("""
        scene { size: (300, 100) fps: 10 duration: 4s }
        layer l { bounds: (0, 0, 10, 10) position: (0, 50) }
        at 0.5s { transaction(animationDuration: 2s, animationTimingFunction: .linear) { l.position.x = 100 } }
        at 1.5s {
            transaction(disableActions: true) { l.position.x = 0 }
            print(l.presentation.position.x)
            l.addAnimation(basic { keyPath: position.x  duration: 1s }, forKey: "position")
        }
        """)
        XCTAssertEqual(tl.printed.map(\.text), ["50"])
        // the new animation (key "position" replaces the implicit one) runs 50 → 0 over 1 s: 25 at 2 s
        XCTAssertEqual(tl.layer("l", at: 2).position.x, 25, accuracy: 1e-9)
    }

    /// A layer made in the running transaction was never on screen: its presentation reads its
    /// current values.
    func testNewLayerReadsItsOwnValues() throws {
        let tl = try timeline("""
        scene { size: (300, 100) fps: 10 duration: 2s }
        at 1s {
            layer "k" { bounds: (0, 0, 4, 4) position: (7, 8) }
            print(named("k").presentation.position)
        }
        """)
        XCTAssertEqual(tl.printed.map(\.text), ["(7, 8)"])
    }

    /// Gap 2: `presentation.frame` of a constrained layer is the laid-out frame. menu is 320×240;
    /// title is 200×30 with minY = 20, so its maxY is 50; body spans minX 20 … maxX 300 (width 280),
    /// minY = 50 + 10 = 60, height = 240 × 0.5 = 120: frame (20, 60, 280, 120). Its model frame is
    /// the unplaced (0, 0, 0, 0).
    func testPresentationFrameSeesLayout() throws {
        let tl = try timeline("""
        scene { size: (320, 240) fps: 10 duration: 1s }
        layer menu {
            frame: (0, 0, 320, 240)
            layer title {
                bounds: (0, 0, 200, 30)
                constraints { midX: superlayer.midX  minY: superlayer.minY + 20 }
            }
            layer body {
                constraints {
                    minX: superlayer.minX + 20   maxX: superlayer.maxX - 20
                    minY: title.maxY + 10        height: superlayer.height * 0.5
                }
            }
        }
        at 0.5s { print(body.presentation.frame, body.frame, body.presentation.bounds, body.presentation.position) }
        """)
        XCTAssertEqual(tl.printed.map(\.text), ["(20, 60, 280, 120) (0, 0, 0, 0) (0, 0, 280, 120) (160, 120)"])
        // and what calc values reads: the same laid-out frame
        let body = try XCTUnwrap(try tl.values(at: 0.5).first { $0.name == "body" })
        XCTAssertEqual(body.presentation[Int(LayerProperties.frame)], .rect(Rect(20, 60, 280, 120)))
        XCTAssertEqual(body.model[Int(LayerProperties.frame)], .rect(Rect(0, 0, 0, 0)))
    }
}
