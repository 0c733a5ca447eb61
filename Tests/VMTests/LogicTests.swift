import XCTest
import Bytecode
import CalcCore
@testable import VM
import Compiler

/// Program logic, handlers, bindings, actions and tree operations; expected values by hand.
final class LogicTests: XCTestCase {
    func testLoopsBuildNamedLayers() throws {
        let tl = try timeline("""
        scene { size: (200, 100) duration: 1s }
        for i in 0..<5 {
            layer "dot\\(i)" { bounds: (0, 0, 10, 10) position: (20 + i * 30, 50) }
        }
        """)
        let root = try tl.presentation(at: 0).root
        XCTAssertEqual(root.sublayers.map { $0.name }, ["dot0", "dot1", "dot2", "dot3", "dot4"])
        XCTAssertEqual(root.sublayers[3].position, Point(110, 50))
    }

    func testFunctionsIfAndArrays() throws {
        let tl = try timeline("""
        scene { duration: 1s }
        func fib(n: number) -> number {
            if n < 2 { return n }
            return fib(n - 1) + fib(n - 2)
        }
        func pick(xs: [number], i: number) -> number { return xs[i] }
        var total = 0
        for x in [1, 2, 3, 4] { total = total + x }
        var ys: [number] = []
        for i in 1...3 { ys.append(i * i) }
        ys[0] = 100
        layer a { bounds: (0, 0, fib(10), total) position: (pick(ys, 0), ys.count) }
        """)
        let a = tl.layer("a", at: 0)
        XCTAssertEqual(a.bounds, Rect(0, 0, 55, 10))
        XCTAssertEqual(a.position, Point(100, 3))
    }

    func testMathAndRandomAreDeterministic() throws {
        let src = """
        scene { duration: 1s }
        let r = random(7)
        layer a { position: (random(1, 10, 20), sqrt(16) + abs(-2)) opacity: clamp(r * 3, 0, 1) }
        """
        let a = try timeline(src).layer("a", at: 0), b = try timeline(src).layer("a", at: 0)
        XCTAssertEqual(a.position, b.position)
        XCTAssertEqual(a.position.y, 6)
        XCTAssertGreaterThanOrEqual(a.position.x, 10)
        XCTAssertLessThan(a.position.x, 20)
        XCTAssertEqual(Builtin.random(seed: 7), Builtin.random(seed: 7))
        XCTAssertNotEqual(Builtin.random(seed: 7), Builtin.random(seed: 8))
    }

    func testRuntimeValuesInLoops() throws {
        // the loop bound comes from a model value read at run time
        let tl = try timeline("""
        scene { duration: 2s }
        layer src { bounds: (0, 0, 3, 3) }
        layer out { actions { position: none } }
        at 1s {
            var s = 0
            for i in 0..<src.bounds.size.width { s = s + i }
            out.position.x = s
            out.position.y = "n=\\(s)".count
        }
        """)
        XCTAssertEqual(tl.layer("out", at: 1.5).position, Point(3, 3))
    }

    func testBoundExpressionOfTime() throws {
        let tl = try timeline("""
        scene { duration: 4s }
        layer a { bounds: (0, 0, 10, 10) position.x: 10 + time / 1s * 20 }
        """)
        XCTAssertEqual(tl.layer("a", at: 0).position.x, 10, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("a", at: 1.5).position.x, 40, accuracy: 1e-9)
    }

    /// Setting a bound property in a handler ends the binding: the change animates from the value on
    /// screen, and parts of the property not set keep the value the binding gave at that moment.
    func testAssigningABoundPropertyEndsTheBinding() throws {
        let tl = try timeline("""
        scene { duration: 4s }
        layer a { bounds: (0, 0, 10, 10)  position: (time / 1s * 10, 0) }
        layer b { bounds: (0, 0, 10, 10)  position: (time / 1s * 10, 5 + time / 1s) }
        layer c { bounds: (0, 0, 10, 10)  position.x: time / 1s * 10  position.y: time / 1s }
        at 1s {
            a.position = (500, 0)
            transaction(disableActions: true) { b.position.x = 300  c.position.x = 300 }
        }
        """)
        // a: an implicit animation from the bound (10, 0) to (500, 0), halfway (eased) at 1.125 s
        XCTAssertEqual(tl.layer("a", at: 1.125).position.x, 255, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("a", at: 2).position, Point(500, 0))
        // b: the whole point was bound; y keeps what the binding gave at 1 s
        XCTAssertEqual(tl.layer("b", at: 2).position, Point(300, 6))
        // c: only position.x's binding ends; position.y stays bound
        XCTAssertEqual(tl.layer("c", at: 2).position.x, 300)
        XCTAssertEqual(tl.layer("c", at: 2).position.y, 2, accuracy: 1e-9)
    }

    /// Fields of values: a transform's `rotation.z`, `translation.x`, `scale.y` (the key-path
    /// accessors of Core Animation, on values), and CGRect's getters on rects; folded when constant.
    func testTransformAndRectFields() throws {
        let tl = try timeline("""
        scene { duration: 1s }
        var m = rotate(90deg) * translate(3, 4, 5)
        layer a { bounds: (0, 0, 40, 20)  position: (50, 50) }
        let k = (10, 20, 30, 40).midX
        at 0.5s { transaction(disableActions: true) {
            a.opacity = m.rotation.z / 180deg
            a.zPosition = m.translation.x + scale(2, 3, 4).scale.y
            a.anchorPointZ = a.bounds.midX + a.bounds.maxY / 100 + k / 1000 + a.bounds.width * 1000
        } }
        """)
        let a = tl.layer("a", at: 0.9)
        XCTAssertEqual(a.opacity, 0.5, accuracy: 1e-9)            // 90° of 180°
        XCTAssertEqual(a.zPosition, 6, accuracy: 1e-9)            // translation 3 after the rotation, scale.y 3
        XCTAssertEqual(a.anchorPointZ, 20 + 0.2 + 0.025 + 40_000, accuracy: 1e-9)   // midX 20, maxY 20, (10,20,30,40).midX 25
    }

    func testCompoundAssignment() throws {
        let tl = try timeline("""
        scene { duration: 2s }
        layer a { position: (5, 5) }
        var xs = [1, 2]
        at 1s { transaction(disableActions: true) {
            var i = 1
            i += 2
            i *= 3
            i -= 1
            i /= 4
            xs[1] %= 2
            a.position.x += 10
            a.opacity = i / 10 + xs[1]
        } }
        """)
        XCTAssertEqual(tl.layer("a", at: 1.5).opacity, 0.2, accuracy: 1e-12)   // ((1 + 2) × 3 − 1) / 4 = 2; 2 % 2 = 0
        XCTAssertEqual(tl.layer("a", at: 1.5).position.x, 15)
    }

    func testBoundExpressionCapturesLoopValues() throws {
        let tl = try timeline("""
        scene { duration: 4s }
        for i in 0..<3 {
            layer "b\\(i)" { opacity: min(1, time / 1s * (i + 1) / 4) }
        }
        """)
        XCTAssertEqual(tl.layer("b0", at: 2).opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("b2", at: 1).opacity, 0.75, accuracy: 1e-9)
    }

    func testHandlersCaptureValuesAndAfterEvery() throws {
        let tl = try timeline("""
        scene { duration: 5s }
        layer a { actions { position: none } }
        layer counter { actions { position: none } }
        for i in 1...2 {
            at (i * 1s) { a.position.x = i * 10 }
        }
        at 3s {
            after 0.5s { a.position.y = 7 }
        }
        every 1s from 0.5s until 2.6s {
            counter.position.x = counter.position.x + 1
        }
        """)
        XCTAssertEqual(tl.layer("a", at: 1.2).position.x, 10, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("a", at: 2.5).position.x, 20, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("a", at: 3.4).position.y, 0)
        XCTAssertEqual(tl.layer("a", at: 3.5).position.y, 7)
        // 0.5, 1.5, 2.5 → 3 runs
        XCTAssertEqual(tl.layer("counter", at: 4).position.x, 3)
    }

    func testEveryFrameRunsAtFrameTimes() throws {
        let tl = try timeline("""
        scene { fps: 10 duration: 1s }
        layer c { actions { position: none } }
        every frame { c.position.x = c.position.x + 1 }
        """)
        // frames at 0, 0.1, …: before frame i is sampled the handler has run i + 1 times
        XCTAssertEqual(tl.layer("c", at: 0).position.x, 1)
        XCTAssertEqual(tl.layer("c", at: 0.5).position.x, 6)
    }

    func testDidStartAndDidStop() throws {
        let tl = try timeline("""
        scene { duration: 5s }
        let move = basic { keyPath: position.x from: 0 to: 100 duration: 1s beginTime: 0.5s }
        layer a { bounds: (0, 0, 10, 10) }
        layer log { actions { position: none } }
        on a.m.didStart { log.position.x = 1 }
        on a.m.didStop(finished) { if finished { log.position.y = 2 } else { log.position.y = -2 } }
        at 0s { a.addAnimation(move, forKey: "m") }
        """)
        XCTAssertEqual(tl.layer("log", at: 0.4).position.x, 0)
        XCTAssertEqual(tl.layer("log", at: 0.5).position.x, 1)
        XCTAssertEqual(tl.layer("log", at: 1.4).position.y, 0)
        XCTAssertEqual(tl.layer("log", at: 1.5).position.y, 2)
    }

    func testDidStopUnfinishedWhenReplaced() throws {
        let tl = try timeline("""
        scene { duration: 5s }
        let move = basic { keyPath: position.x from: 0 to: 100 duration: 2s }
        layer a { animations { m: move } }
        layer log { actions { position: none } }
        on a.m.didStop(finished) { log.position.y = finished ? 1 : -1 }
        at 1s { a.removeAnimation(forKey: "m") }
        """.replacingOccurrences(of: "finished ? 1 : -1", with: "0\n if finished { log.position.y = 1 } else { log.position.y = -1 }"))
        XCTAssertEqual(tl.layer("log", at: 1.0).position.y, -1)
    }

    func testTransactionCompletion() throws {
        let tl = try timeline("""
        scene { duration: 5s }
        layer a { }
        layer log { actions { position: none } }
        at 1s {
            transaction(animationDuration: 2s) { a.position.x = 50 } completion { log.position.x = 9 }
        }
        """)
        XCTAssertEqual(tl.layer("log", at: 2.9).position.x, 0)
        XCTAssertEqual(tl.layer("log", at: 3.0).position.x, 9)
    }

    func testActionsOverrideAndDisable() throws {
        let tl = try timeline("""
        scene { duration: 5s }
        layer a {
            actions {
                position: basic { duration: 2s timingFunction: .linear }
                opacity: none
            }
        }
        at 1s { a.position.x = 100  a.opacity = 0 }
        """)
        XCTAssertEqual(tl.layer("a", at: 2).position.x, 50, accuracy: 1e-9)   // 2 s linear from the action
        XCTAssertEqual(tl.layer("a", at: 1).opacity, 0)                        // no animation
    }

    func testStyleDefaultsAndActions() throws {
        let tl = try timeline("""
        scene { duration: 5s }
        style base { cornerRadius: 4 }
        style card { style: base  backgroundColor: .red  actions { opacity: basic { duration: 1s timingFunction: .linear } } }
        layer a { style: card  backgroundColor: .blue }
        at 1s { a.opacity = 0 }
        """)
        let a = tl.layer("a", at: 1.5)
        XCTAssertEqual(a.cornerRadius, 4)
        XCTAssertEqual(a.backgroundColor, Color(0, 0, 1))
        XCTAssertEqual(a.opacity, 0.5, accuracy: 1e-9)
    }

    func testTreeOperations() throws {
        let tl = try timeline("""
        scene { duration: 3s }
        layer p { layer x { } layer y { } layer z { } }
        at 1s { p.insertSublayer(z, at: 0) }
        at 2s { y.removeFromSuperlayer()  p.insertSublayer(y, above: z) }
        at 2.5s { p.replaceSublayer(x, with: named("y")) }
        """)
        func names(_ t: Double) -> [String] { tl.layer("p", at: t).sublayers.map { $0.name } }
        XCTAssertEqual(names(0), ["x", "y", "z"])
        XCTAssertEqual(names(1), ["z", "x", "y"])
        XCTAssertEqual(names(2), ["z", "y", "x"])
        XCTAssertEqual(names(2.5), ["z", "y"])
    }

    func testOnOrderInAction() throws {
        let tl = try timeline("""
        scene { duration: 3s }
        layer holder { }
        at 1s {
            layer "late" {
                bounds: (0, 0, 10, 10)
                actions { onOrderIn: basic { keyPath: opacity from: 0 to: 1 duration: 1s } }
            }
        }
        """)
        // a layer's actions are set before it joins the tree, so its onOrderIn runs when a handler
        // declares it: opacity 0 → 1 over 1 s, halfway at 1.5 s (ease-in-ease-out is symmetric)
        XCTAssertEqual(tl.layer("late", at: 1).opacity, 0, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("late", at: 1.5).opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("late", at: 2).opacity, 1, accuracy: 1e-9)
    }

    func testRuntimeErrorsNameHandlerAndLine() throws {
        let result = Compiler.compile(SourceFile(name: "t.cal", text: """
        scene { duration: 2s }
        func f(n: number) -> number { return f(n + 1) }
        layer a { }
        at 1s {
            a.opacity = f(0)
        }
        """))
        let program = try XCTUnwrap(result.program)
        XCTAssertThrowsError(try Timeline.run(try Verifier.verified(program), until: 2)) { e in
            let r = e as? RuntimeError
            XCTAssertEqual(r?.message, "calls nest deeper than 200 (runaway recursion?)")
            XCTAssertEqual(r?.function, "f")
            XCTAssertEqual(r?.line, 2)
        }
        let loop = Compiler.compile(SourceFile(name: "t.cal", text: "scene { duration: 2s }\nat 1s {\n var x = 0\n for i in 0..<100000000 { x = x + 1 }\n}\n"))
        XCTAssertThrowsError(try Timeline.run(try Verifier.verified(try XCTUnwrap(loop.program)), until: 2)) { e in
            XCTAssertEqual((e as? RuntimeError)?.description, "runtime error in 'at 1s' at line 4: the handler ran more than 10000000 loop iterations and calls (a runaway loop? raise the limit with --step-budget)")
        }
    }

    /// `? :` at run time: only the chosen value is evaluated, nested conditionals, and a value bound
    /// to time.
    func testConditionalExpressions() throws {
        let tl = try timeline("""
        scene { duration: 2s  fps: 4 }
        var n = 3
        var calls = 0
        func count() -> number { calls = calls + 1  return 7 }
        func sign(x: number) -> number { return x > 0 ? 1 : x < 0 ? -1 : 0 }
        layer a { opacity: time < 1s ? 0.25 : 1 }
        layer log { actions { position: none  zPosition: none } }
        at 0.5s {
            n = n > 2 ? n * 10 : count()
            log.position = (sign(n), sign(-n))
            log.zPosition = (n < 0 ? count() : 5) + calls
        }
        """)
        XCTAssertEqual(tl.layer("a", at: 0.75).opacity, 0.25)
        XCTAssertEqual(tl.layer("a", at: 1).opacity, 1)
        XCTAssertEqual(tl.layer("log", at: 0.5).position, Point(1, -1))
        XCTAssertEqual(tl.layer("log", at: 0.5).zPosition, 5)   // count() never ran: calls is 0
    }

    /// An angle reads in degrees in a string, rounded to 1e-9 degree: the same when folded and when
    /// computed at run time.
    func testAnglesReadInDegreesInStrings() throws {
        let tl = try timeline("""
        scene { duration: 1s }
        var a = 30deg
        layer "l\\(90deg)" { }
        layer "m\\(1.5rad)" { }
        at 0.5s {
            a = a + 0deg
            layer "n\\(a)" { }
        }
        """)
        let names = try XCTUnwrap(tl.presentation(at: 0.5)).root.sublayers.map(\.name)
        // 1.5 rad = 85.943669269… degrees
        XCTAssertEqual(names, ["l90deg", "m85.94366927deg", "n30deg"])
    }

    /// Found by review: an actions block after a `let` in a layer's body reads it (it stays in its
    /// place); a layer expression in a constraints or actions statement runs once; a variable
    /// assigned an animation, or `&&` / `||`, that reads the variable sees its old value.
    func testEvaluationOrderRegressions() throws {
        let tl = try timeline("""
        scene { duration: 3s  fps: 4 }
        func dur() -> duration { return 2s }
        layer a { bounds: (0, 0, 10, 10)  let d = dur()  actions { opacity: basic { duration: d } } }
        var n = 0
        func make() -> layer {
            n += 1
            layer "c\\(n)" { bounds: (0, 0, 10, 10) }
            return named("c\\(n)")
        }
        func dyn() -> duration { return 1s }
        var s = basic { keyPath: opacity  from: 0  to: 1  duration: dyn() }
        var c = true
        var b = false
        var c2 = false
        var b2 = true
        layer log { actions { position: none  zPosition: none } }
        at 0s {
            make().constraints { midX: superlayer.midX  midY: superlayer.midY }
            make().actions { opacity: none  position: none }
            s = basic { keyPath: opacity  from: 0  to: 1  duration: s.duration * 2 }
            b = c && b
            b2 = c2 || b2
            log.position = (n, s.duration / 1s)
            log.zPosition = (b ? 1 : 0) + (b2 ? 10 : 0)
            a.opacity = 0
        }
        """)
        XCTAssertEqual(tl.layer("log", at: 0).position, Point(2, 2))   // two layers made; 1 s × 2
        XCTAssertEqual(tl.layer("log", at: 0).zPosition, 10)            // b false, b2 true
        XCTAssertEqual(tl.layer("a", at: 1).opacity, 0.5, accuracy: 1e-9)   // the 2 s action, halfway
    }
}
