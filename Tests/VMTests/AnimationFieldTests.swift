// An animation value's timing fields: read (`slide.duration`) and set on a variable (`var s = slide;
// s.duration = 2s`) with value semantics — setting one gives the variable a copy (ANIMCOPY), so
// another variable and a layer the animation was added to keep theirs. Expected values by hand.

import XCTest
import CalcCore
import Compiler
import Bytecode
@testable import VM

final class AnimationFieldTests: XCTestCase {
    func testTimingFieldsReadAndSetWithValueSemantics() throws {
        let source = """
        scene { size: (40, 20) duration: 5s fps: 4 }
        let slide = basic { keyPath: position.x  from: 0  to: 100  duration: 1s }
        layer a { }
        layer b { }
        layer log { actions { position: none } }
        var s = slide
        let d = slide.duration
        at 0s {
            s.duration = d * 2
            s.beginTime = 0.5s
            var t = s
            t.duration = 4s
            a.addAnimation(s, forKey: "slide")
            b.addAnimation(t, forKey: "slide")
            s.duration = 10s     // after adding: the layer keeps its copy
            log.position = (s.duration / 1s, t.timingFunction == .linear ? 1 : 0)
        }
        """
        let result = Compiler.compile(SourceFile(name: "t.cal", text: source))
        let p = try XCTUnwrap(result.program, "\(result.diagnostics.map(\.message))")
        XCTAssertEqual(BytecodeFormat.version(for: p), 5)
        let ops = p.functions.flatMap { $0.code.map(\.op) }
        XCTAssertEqual(ops.filter { $0 == .animcopy }.count, 4)   // four assignments
        XCTAssertEqual(ops.filter { $0 == .animget }.count, 2)    // d folded: the literal says 1 s
        let tl = try Timeline.run(try Verifier.verified(p), until: 5)
        // a: 2 s from 0.5 s, linear 0 → 100
        XCTAssertEqual(tl.layer("a", at: 0.25).position.x, 0, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("a", at: 1.5).position.x, 50, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("a", at: 2.75).position.x, 0, accuracy: 1e-9)   // removed at 2.5 s
        // b: t's 4 s (its beginTime 0.5 s came with the copy of s)
        XCTAssertEqual(tl.layer("b", at: 2.5).position.x, 50, accuracy: 1e-9)
        // s read after its last change; t's timing function is none: linear
        XCTAssertEqual(tl.layer("log", at: 0).position, Point(10, 1))
    }

    func testDiagnostics() {
        func diagnostics(_ text: String) -> [String] {
            Compiler.compile(SourceFile(name: "t.cal", text: text)).diagnostics.map { "\($0.id) \($0.message)" }
        }
        let slide = "let slide = basic { keyPath: opacity  from: 0  to: 1 }\nlayer a { }\n"
        XCTAssertEqual(diagnostics(slide + "at 1s { a.opacity = slide.from }\n"), ["E0202 an animation's 'from' cannot be read here"])
        // issue 14, gap 6: a variable's from, to, by, values, keyTimes and path can be set
        XCTAssertEqual(diagnostics(slide + "at 1s { var s = slide\n s.to = 0.5\n a.addAnimation(s) }\n"), [])
        XCTAssertEqual(diagnostics(slide + "at 1s { var s = slide\n s.keyPath = 0.5\n a.addAnimation(s) }\n"), ["E0202 an animation's 'keyPath' cannot be set here"])
        XCTAssertEqual(diagnostics(slide + "at 1s { var s = slide\n s.duratoin = 1s\n a.addAnimation(s) }\n"), ["E0202 an animation has no field 'duratoin'"])
        XCTAssertEqual(diagnostics(slide + "at 1s { var s = slide\n s.duration = 90deg\n a.addAnimation(s) }\n"),
                       ["E0300 the animation's 'duration' expects a duration, found an angle"])
        XCTAssertEqual(diagnostics(slide + "at 1s { slide.duration = 2s }\n").map { String($0.prefix(5)) }, ["E0264"])
    }
}
