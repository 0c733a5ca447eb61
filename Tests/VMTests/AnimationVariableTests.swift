import XCTest
import CalcCore
import Compiler
import Bytecode
@testable import VM

/// Gap 6 of issue 14: `from`, `to`, `by`, `values`, `keyTimes` and `path` of an animation held in a
/// variable can be set, and are checked against its key path when set.
final class AnimationVariableTests: XCTestCase {
    func testValueFieldsOfVariablesCanBeSet() throws {
        let tl = try timeline("""
        scene { size: (200, 200) fps: 10 duration: 5s }
        layer l { bounds: (0, 0, 10, 10) position: (0, 50) }
        layer m { bounds: (0, 0, 10, 10) position: (0, 0) }
        var a = basic { keyPath: position.x  from: 0  to: 1  duration: 1s }
        var k = keyframe { keyPath: position  values: [(0, 0)]  duration: 1s }
        at 0s {
            a.from = 10
            a.to = 90
            l.addAnimation(a, forKey: "a")
        }
        at 2s {
            k.values = [(0, 0), (100, 100), (100, 0)]
            k.keyTimes = [0, 0.25, 1]
            m.addAnimation(k, forKey: "k")
        }
        at 4s {
            k.path = moveTo((0, 0)) + lineTo((40, 0))
            m.addAnimation(k, forKey: "k")
            a.by = 20
            a.from = none
            a.to = none
        }
        """)
        // from 10 to 90 over 1 s, linear: 10 + 80 × 0.5 = 50 at 0.5 s
        XCTAssertEqual(tl.layer("l", at: 0.5).position.x, 50, accuracy: 1e-12)
        // key times 0, 0.25, 1: at 0.125 of the second (2.125 s) halfway to (100, 100); at 0.625
        // (2.625 s) halfway from (100, 100) to (100, 0): (100, 50)
        XCTAssertEqual(tl.layer("m", at: 2.125).position.x, 50, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("m", at: 2.625).position.y, 50, accuracy: 1e-9)
        // the path (0, 0) → (40, 0) replaces the values: 20 at 4.5 s
        XCTAssertEqual(tl.layer("m", at: 4.5).position.x, 20, accuracy: 1e-9)
    }

    func testAValueOfTheWrongTypeIsARuntimeError() throws {
        let program = try XCTUnwrap(Compiler.compile(SourceFile(name: "t.cal", text: """
        scene { size: (200, 200) duration: 2s }
        var a = basic { keyPath: position.x  from: 0  to: 1 }
        at 1s { a.to = (1, 2) }
        """)).program)
        XCTAssertThrowsError(try Timeline.run(try Verifier.verified(program), until: 2)) { e in
            XCTAssertEqual("\(e)", "runtime error in 'at 1s' at line 3: 'to' of an animation of 'position.x' cannot be point")
        }
        let bad = Compiler.compile(SourceFile(name: "t.cal", text: """
        scene { size: (200, 200) duration: 2s }
        var k = keyframe { keyPath: opacity  values: [0, 1] }
        at 1s { k.values = 1  k.keyTimes = [true] }
        """))
        XCTAssertEqual(bad.diagnostics.map(\.id), ["E0300", "E0300"])
    }
}
