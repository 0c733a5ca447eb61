// Animation keys computed at run time (ANIMADDK, ANIMREMOVEK): they name, replace and remove
// animations exactly as constant keys do, and a key that is not a non-empty string is a runtime
// error naming the handler and line.

import XCTest
import CalcCore
import Compiler
import Bytecode
@testable import VM

final class AnimationKeyTests: XCTestCase {
    func program(_ source: String, file: StaticString = #filePath, line: UInt = #line) throws -> Program {
        let result = Compiler.compile(SourceFile(name: "t.cal", text: source))
        return try XCTUnwrap(result.program, "compile failed", file: file, line: line)
    }

    /// `n` is a var, so the keys are not constants: the handlers compile to the K opcodes.
    let scene = """
    scene { duration: 2s }
    var n = 0
    let slide = basic { keyPath: position.x  from: 0  to: 100  duration: 1s }
    layer a { position: (10, 0) }
    layer b { position: (20, 0) }
    at 0s {
        a.addAnimation(slide, forKey: "k\\(n)")
        b.addAnimation(slide, forKey: "k\\(n)")
        n = n + 1
        b.addAnimation(slide, forKey: "k\\(n)")
    }
    at 0.5s {
        // replaces a's "k0" (opacity now, and position.x back to the model value)
        a.addAnimation(basic { keyPath: opacity  from: 1  to: 0  duration: 1s }, forKey: "k\\(n - 1)")
        // removes b's "k1"; its "k0" slide goes on
        b.removeAnimation(forKey: "k" + "\\(n)")
    }
    """

    func testComputedKeysUseTheKOpcodes() throws {
        let p = try program(scene)
        let ops = p.functions.flatMap { $0.code.map(\.op) }
        XCTAssertEqual(ops.filter { $0 == .animaddk }.count, 4)
        XCTAssertEqual(ops.filter { $0 == .animremovek }.count, 1)
        XCTAssertFalse(ops.contains(.animadd))
        XCTAssertEqual(BytecodeFormat.version(for: p), 4)
        // and the file round-trips through the writer, reader and verifier
        let bytes = BytecodeWriter.encode(p)
        XCTAssertEqual(bytes[4], 4)
        XCTAssertEqual(try BytecodeReader.decode(bytes), p)
    }

    func testComputedKeysReplaceAndRemove() throws {
        let tl = try Timeline.run(try Verifier.verified(program(scene)), until: 2)
        XCTAssertEqual(tl.layer("a", at: 0.25).position.x, 25, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("a", at: 0.25).opacity, 1, accuracy: 1e-9)
        // a: "k0" replaced by the fade at 0.5 s
        XCTAssertEqual(tl.layer("a", at: 0.75).position.x, 10, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("a", at: 0.75).opacity, 0.75, accuracy: 1e-9)
        // b: "k1" (added later, so on top) removed at 0.5 s; "k0" still slides
        XCTAssertEqual(tl.layer("b", at: 0.75).position.x, 75, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("b", at: 1.5).position.x, 20, accuracy: 1e-9)
    }

    func testConstantFoldedKeysStayConstant() throws {
        let p = try program("""
        layer a { }
        at 1s { let i = 2
                a.addAnimation(basic { keyPath: opacity }, forKey: "k\\(i)") }
        """)
        let ops = p.functions.flatMap { $0.code.map(\.op) }
        XCTAssertTrue(ops.contains(.animadd))
        XCTAssertFalse(ops.contains(.animaddk))
        XCTAssertEqual(BytecodeFormat.version(for: p), 2)
    }

    func testAnEmptyComputedKeyIsARuntimeError() throws {
        let p = try program("""
        scene { duration: 1s }
        var s = "x"
        layer a { }
        at 0.5s {
            s = ""
            a.removeAnimation(forKey: s)
        }
        """)
        XCTAssertThrowsError(try Timeline.run(try Verifier.verified(p), until: 1)) { e in
            XCTAssertEqual((e as? RuntimeError)?.description, "runtime error in 'at 0.5s' at line 6: an animation key must not be empty")
        }
    }

    /// `on LAYER[KEY].didStart/didStop`: the key is computed when the handler is registered, so
    /// handlers registered in a loop listen to one key each, and a later change of what the key
    /// was computed from does not move the listener.
    func testListenersOnComputedKeys() throws {
        let p = try program("""
        scene { duration: 3s }
        var n = 0
        let slide = basic { keyPath: position.x  from: 0  to: 100  duration: 1s }
        layer a { }
        layer log { actions { position: none  opacity: none  bounds: none } }
        for i in 0..<3 {
            on a["k\\(i)"].didStop(finished) {
                if finished { log.position.x = log.position.x + 10 * (i + 1) } else { log.position.y = i + 1 }
            }
        }
        on a["k\\(n)"].didStart { log.opacity = 0.5 }
        at 0s {
            n = 2   // too late: the listener above listens to "k0"
            a.addAnimation(slide, forKey: "k0")
            a.addAnimation(slide, forKey: "k1")
            a.addAnimation(slide, forKey: "k\\(n)")
        }
        at 0.5s { a.removeAnimation(forKey: "k2") }
        """)
        let ops = p.functions.flatMap { $0.code.map(\.op) }
        XCTAssertEqual(ops.filter { $0 == .onstop }.count, 1)   // one registration, in the loop
        XCTAssertEqual(ops.filter { $0 == .onstart }.count, 1)
        let tl = try Timeline.run(try Verifier.verified(p), until: 3)
        // "k0" started at 0 s
        XCTAssertEqual(tl.layer("log", at: 0.1).opacity, 0.5, accuracy: 1e-9)
        // "k2" removed at 0.5 s, unfinished: its handler (i = 2) sets y to 3
        XCTAssertEqual(tl.layer("log", at: 0.4).position.y, 0, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("log", at: 0.6).position.y, 3, accuracy: 1e-9)
        // "k0" and "k1" finish at 1 s: x = 10 + 20
        XCTAssertEqual(tl.layer("log", at: 0.9).position.x, 0, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("log", at: 1.1).position.x, 30, accuracy: 1e-9)
    }

    func testAConstantBracketKeyIsTheNamedForm() throws {
        let bracket = try program("layer a { }\non a[\"spin\"].didStop(finished) { }\n")
        let named = try program("layer a { }\non a.spin.didStop(finished) { }\n")
        XCTAssertEqual(bracket.functions[0].code, named.functions[0].code)
        XCTAssertEqual(bracket.constants, named.constants)
    }

    func testAnEmptyListenerKeyIsARuntimeError() throws {
        let p = try program("""
        scene { duration: 1s }
        var s = ""
        layer a { }
        at 0.5s { on a[s].didStart { } }
        """)
        XCTAssertThrowsError(try Timeline.run(try Verifier.verified(p), until: 1)) { e in
            XCTAssertEqual((e as? RuntimeError)?.description, "runtime error in 'at 0.5s' at line 4: an animation key must not be empty")
        }
        let file = SourceFile(name: "t.cal", text: "layer a { }\non a[\"\"].didStart { }\n")
        let constant = Compiler.compile(file)
        XCTAssertNil(constant.program)
        XCTAssertEqual(constant.diagnostics.map { $0.render(in: file) }, ["""
        t.cal:2:6: error: an animation key must not be empty [E0414]
         2 | on a[""].didStart { }
           |      ^~

        """])
        let number = Compiler.compile(SourceFile(name: "t.cal", text: "layer a { }\non a[1].didStart { }\n"))
        XCTAssertEqual(number.diagnostics.map(\.id), ["E0300"])
    }
}
