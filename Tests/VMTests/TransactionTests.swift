import XCTest
import CalcCore
import Compiler
@testable import VM

/// Implicit animation and transactions (SPEC §4.3, §4.8), expected values by hand.
final class TransactionTests: XCTestCase {
    func testImplicitSample() throws {
        let tl = try sampleTimeline("transactions/implicit.cal")
        // before the event: model values
        XCTAssertEqual(tl.layer("a", at: 0.45).position.x, 20)
        // a: 0.25 s ease-in-ease-out from 20 to 180: at the start 20, halfway (0.625 s) 100, after 180
        XCTAssertEqual(tl.layer("a", at: 0.5).position.x, 20, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("a", at: 0.625).position.x, 100, accuracy: 1e-6)
        XCTAssertEqual(tl.layer("a", at: 0.75).position.x, 180)
        // b: 1 s linear
        XCTAssertEqual(tl.layer("b", at: 1.0).position.x, 100, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("b", at: 1.25).position.x, 140, accuracy: 1e-9)
        // c: disabled actions, jumps
        XCTAssertEqual(tl.layer("c", at: 0.5).position.x, 180)
    }

    func testNoImplicitAnimationForLayersAddedInTheSameTransaction() throws {
        let tl = try timeline("""
        scene { size: (100, 100) duration: 2s }
        layer box { bounds: (0, 0, 10, 10) position: (10, 10) }
        """)
        XCTAssertEqual(tl.layer("box", at: 0).position.x, 10)
    }

    func testRetargetStartsFromOnScreenValue() throws {
        let tl = try timeline("""
        scene { size: (100, 100) duration: 3s }
        layer box { bounds: (0, 0, 10, 10) position: (0, 0) }
        at 1s { transaction(animationDuration: 1s, animationTimingFunction: .linear) { box.position.x = 100 } }
        at 1.5s { transaction(animationDuration: 1s, animationTimingFunction: .linear) { box.position.x = 0 } }
        """)
        // at 1.5 s the first animation shows 50; the new one runs 50 → 0 over 1 s
        XCTAssertEqual(tl.layer("box", at: 1.5).position.x, 50, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("box", at: 2.0).position.x, 25, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("box", at: 2.5).position.x, 0)
    }

    func testSetTwiceAnimatesOnceToLastValue() throws {
        let tl = try timeline("""
        scene { size: (100, 100) duration: 3s }
        layer box { bounds: (0, 0, 10, 10) position: (0, 0) }
        at 1s { transaction(animationDuration: 1s, animationTimingFunction: .linear) { box.position.x = 100  box.position.x = 40 } }
        """)
        XCTAssertEqual(tl.layer("box", at: 1.5).position.x, 20, accuracy: 1e-9)
    }

    func testNestedTransactionSettings() throws {
        let tl = try timeline("""
        scene { size: (100, 100) duration: 8s }
        layer box { bounds: (0, 0, 10, 10) position: (0, 0) opacity: 1 }
        at 1s {
          transaction(animationDuration: 2s, animationTimingFunction: .linear) {
            box.position.x = 100
            transaction(animationDuration: 4s) { box.opacity = 0 }
          }
        }
        """)
        XCTAssertEqual(tl.layer("box", at: 2).position.x, 50, accuracy: 1e-9)   // 2 s, linear
        XCTAssertEqual(tl.layer("box", at: 3).opacity, 0.5, accuracy: 1e-9)      // 4 s, linear inherited
    }

    func testUnchangedValueDoesNotAnimate() throws {
        let tl = try timeline("""
        scene { size: (100, 100) duration: 3s }
        layer box { bounds: (0, 0, 10, 10) position: (0, 0) }
        at 1s { transaction(animationDuration: 1s, animationTimingFunction: .linear) { box.position.x = 100 } }
        at 1.5s { box.position.x = 100 }
        """)
        XCTAssertEqual(tl.layer("box", at: 1.75).position.x, 75, accuracy: 1e-9)
    }

    func testFrameSetterUsesAnchorPoint() throws {
        // seed 000:477: frame (40, 60, 120, 80) with anchor (0.5, 0.5) → position (100, 100)
        let tl = try timeline("""
        scene { size: (200, 200) duration: 1s }
        layer a { frame: (40, 60, 120, 80) }
        layer b { anchorPoint: (0, 0) frame: (40, 60, 120, 80) }
        """)
        XCTAssertEqual(tl.layer("a", at: 0).position, Point(100, 100))
        XCTAssertEqual(tl.layer("a", at: 0).bounds, Rect(0, 0, 120, 80))
        XCTAssertEqual(tl.layer("b", at: 0).position, Point(40, 60))
    }

    func testExplicitAnimationReplacesSameKey() throws {
        let tl = try timeline("""
        scene { size: (100, 100) duration: 4s }
        let a = basic { keyPath: position.x from: 0 to: 100 duration: 2s }
        let b = basic { keyPath: position.x from: 200 to: 300 duration: 2s }
        layer box { bounds: (0, 0, 10, 10) animations { move: a } }
        at 1s { box.addAnimation(b, forKey: "move") }
        at 1.5s { box.removeAnimation(forKey: "move") }
        """)
        XCTAssertEqual(tl.layer("box", at: 0.5).position.x, 25, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("box", at: 1.0).position.x, 200, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("box", at: 1.5).position.x, 0)
    }

    /// Seed 004:457–473 (FEATURES Q24): set the property, then add an explicit animation under the
    /// property's key — the explicit one is used, not the 0.25 s default. Added before the change,
    /// the implicit animation replaces it instead (the action runs when the property is set).
    func testExplicitAnimationUnderThePropertysKeyBeatsTheImplicitOne() throws {
        let tl = try timeline("""
        scene { size: (400, 100) duration: 4s }
        layer late { bounds: (0, 0, 10, 10) }
        layer early { bounds: (0, 0, 10, 10) }
        at 1s {
            late.position.x = 100
            late.addAnimation(basic { keyPath: position.x  from: 0  to: 100  duration: 2s }, forKey: "position")
            early.addAnimation(basic { keyPath: position.x  from: 0  to: 100  duration: 2s }, forKey: "position")
            early.position.x = 100
        }
        """)
        // explicit: linear 0 → 100 over 2 s from 1 s
        XCTAssertEqual(tl.layer("late", at: 1.5).position.x, 25, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("late", at: 2.0).position.x, 50, accuracy: 1e-9)
        // implicit: 0.25 s from the on-screen value (0, the explicit animation had just begun) to 100
        XCTAssertEqual(tl.layer("early", at: 1.125).position.x, 50, accuracy: 1e-9)   // eased midpoint
        XCTAssertEqual(tl.layer("early", at: 1.5).position.x, 100, accuracy: 1e-9)
    }

    /// Seed 002 / FEATURES A48: animations added without a key run side by side (additive here,
    /// so both show), and a later keyed one replaces neither.
    func testAnimationsWithoutAKeyDoNotReplaceEachOther() throws {
        let tl = try timeline("""
        scene { size: (400, 100) duration: 4s }
        layer box { bounds: (0, 0, 10, 10) actions { position: none } }
        at 1s {
            box.addAnimation(basic { keyPath: position.x  from: 0  to: 100  additive: true  duration: 2s })
            box.addAnimation(basic { keyPath: position.x  from: 0  to: 10  additive: true  duration: 2s }, forKey: none)
            box.addAnimation(basic { keyPath: position.y  from: 0  to: 4  additive: true  duration: 2s }, forKey: "y")
        }
        """)
        // at 2 s each is halfway: 50 + 5 on x, 2 on y
        XCTAssertEqual(tl.layer("box", at: 2).position.x, 55, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("box", at: 2).position.y, 2, accuracy: 1e-9)
    }

    func testPresentationReadInHandler() throws {
        let tl = try timeline("""
        scene { size: (100, 100) duration: 3s }
        layer box { bounds: (0, 0, 10, 10)
          animations { a: basic { keyPath: position.x from: 0 to: 100 duration: 2s } } }
        layer probe { bounds: (0, 0, 1, 1) }
        at 1s { probe.position.x = box.presentation.position.x  probe.position.y = box.position.x }
        """)
        XCTAssertEqual(tl.layer("probe", at: 2).position.x, 50, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("probe", at: 2).position.y, 0)
    }

    func testFramesDoNotDependOnOrder() throws {
        let tl = try sampleTimeline("basics/hello.cal")
        let a = try tl.presentation(at: 1.1)
        _ = try tl.presentation(at: 0.3)
        XCTAssertEqual(try tl.presentation(at: 1.1), a)
    }

    /// `layer.actions { … }` as a statement sets the entries it names (as `layer.actions[key] = …`),
    /// keeping the others, the style's among them.
    func testActionsSetFromAHandler() throws {
        let tl = try timeline("""
        scene { size: (100, 60) duration: 2s fps: 10 }
        style quiet { actions { opacity: none } }
        layer a { bounds: (0, 0, 20, 20) position: (10, 30) }
        layer b { style: quiet }
        at 0.5s { a.position.x = 50 }
        at 1s {
            a.actions { position: none  opacity: basic { duration: 0.5s } }
            a.position.x = 90
            a.opacity = 0
            b.actions { position: none }
            b.opacity = 0
        }
        """)
        // before: the default action, 0.25 s ease-in-ease-out, halfway at 0.625 s
        XCTAssertEqual(tl.layer("a", at: 0.625).position.x, 30, accuracy: 1e-9)
        // after: position jumps; opacity runs 0.5 s (ease-in-ease-out, symmetric about its middle)
        XCTAssertEqual(tl.layer("a", at: 1).position.x, 90, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("a", at: 1).opacity, 1, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("a", at: 1.25).opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("a", at: 1.5).opacity, 0, accuracy: 1e-9)
        // b keeps its style's 'opacity: none'
        XCTAssertEqual(tl.layer("b", at: 1).opacity, 0, accuracy: 1e-9)
    }

    /// A custom property takes an action like a built-in animatable one, in a layer and in a style.
    func testCustomPropertyActions() throws {
        // (the values on screen are copied into the x of `log`'s position, y and z each frame)
        let tl = try timeline("""
        scene { duration: 3s  fps: 8 }
        property progress: number = 0
        style quiet { actions { progress: none } }
        layer a { actions { progress: basic { duration: 2s } } }
        layer b { style: quiet }
        layer c { }
        layer log { actions { position: none  zPosition: none } }
        at 1s { a.progress = 1  b.progress = 1  c.progress = 1 }
        every frame { log.position = (a.presentation.progress, b.presentation.progress)  log.zPosition = c.presentation.progress }
        """)
        // a: 2 s, ease-in-ease-out: halfway at 2 s; b: none, a jump; c: the default 0.25 s
        XCTAssertEqual(tl.layer("log", at: 2).position.x, 0.5, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("log", at: 1).position.y, 1, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("log", at: 1.125).zPosition, 0.5, accuracy: 1e-9)
    }

    /// The actions statement's error paths: not a layer (one error, no cascade from its entries),
    /// in a draw block, and a key that is no action key.
    func testActionsStatementDiagnostics() {
        func diagnostics(_ text: String) -> [String] {
            Compiler.compile(SourceFile(name: "t.cal", text: text)).diagnostics.map { "\($0.id) \($0.message)" }
        }
        XCTAssertEqual(diagnostics("at 0s { \"s\".actions { opacity: none } }\n"), ["E0300 'actions' expects a layer, found a string"])
        XCTAssertEqual(diagnostics("layer a { draw { a.actions { opacity: none } } }\n"),
                       ["E0268 a draw block only draws: it cannot change the scene"])
        XCTAssertEqual(diagnostics("layer a { }\nat 0s { a.actions { opactiy: none } }\n"), ["E0297 'opactiy' is not an action key"])
    }
}
