// Calls and returns in the interpreter: results travel back through the caller's CALL register,
// errors name the function and line they happened in at any depth, the depth limit and the step
// budget stop runaway recursion with a runtime error (never a crash). Guards the CALL/RET fast path
// of Sources/VM/Machine.swift.

import XCTest
import CalcCore
import Compiler
import Bytecode
@testable import VM

final class CallTests: XCTestCase {
    func program(_ source: String, file: StaticString = #filePath, line: UInt = #line) throws -> Program {
        let result = Compiler.compile(SourceFile(name: "t.cal", text: source))
        return try XCTUnwrap(result.program, "compile failed", file: file, line: line)
    }

    func testResultsComeBackThroughTheCallRegister() throws {
        let tl = try timeline("""
        scene { duration: 1s }
        func fib(n: number) -> number {
            if n < 2 { return n }
            return fib(n - 1) + fib(n - 2)
        }
        func pair(n: number) -> [number] { return [n, n * 2] }
        func name(n: number) -> string { if n > 0 { return "big" } return "small" }
        func nothing(n: number) { var m = n }
        layer a { }
        at 0.5s {
            var xs = pair(1)
            xs = pair(fib(10))
            var s = name(1)
            s = name(0)
            nothing(3)
            a.opacity = fib(15) / 1000
            a.position = (xs[0] + xs[1], 0)
            if s == "small" { a.cornerRadius = 7 }
        }
        """)
        XCTAssertEqual(tl.layer("a", at: 1).opacity, 0.61, accuracy: 1e-12)
        XCTAssertEqual(tl.layer("a", at: 1).position, Point(165, 0))
        XCTAssertEqual(tl.layer("a", at: 1).cornerRadius, 7)
    }

    func testDepthLimitIsExact() throws {
        // the handler's frame and 199 nested calls fit in the 200-frame limit; one more does not
        func run(_ depth: Int) throws -> Timeline {
            try Timeline.run(try Verifier.verified(try program("""
            scene { duration: 1s }
            func d(n: number) -> number {
                if n == 0 { return 0 }
                return 1 + d(n - 1)
            }
            layer a { }
            at 0.5s { a.position = (d(\(depth)), 0) }
            """)), until: 1)
        }
        XCTAssertEqual(try run(198).layer("a", at: 1).position, Point(198, 0))
        XCTAssertThrowsError(try run(199)) { e in
            let r = e as? RuntimeError
            XCTAssertEqual(r?.message, "calls nest deeper than 200 (runaway recursion?)")
            XCTAssertEqual(r?.function, "d")
            XCTAssertEqual(r?.line, 4)
        }
    }

    func testUnboundedRecursionIsARuntimeErrorAtAnyBudget() throws {
        let p = try program("""
        scene { duration: 1s }
        func f(n: number) -> number { return f(n + 1) + 1 }
        at 0.5s { var x = f(0) }
        """)
        for budget in [Limits.stepBudget, 2_000_000_000] {
            XCTAssertThrowsError(try Timeline.run(try Verifier.verified(p), until: 1, stepBudget: budget)) { e in
                XCTAssertEqual((e as? RuntimeError)?.description,
                               "runtime error in 'f' at line 2: calls nest deeper than 200 (runaway recursion?)")
            }
        }
    }

    func testStepBudgetStopsShallowRunawayRecursion() throws {
        // never deeper than 25 frames, but 2^25 calls: the budget, which counts calls, stops it
        let p = try program("""
        scene { duration: 1s }
        func f(n: number) -> number {
            if n <= 0 { return 1 }
            return f(n - 1) + f(n - 1)
        }
        at 0.5s {
            var x = f(24)
        }
        """)
        XCTAssertThrowsError(try Timeline.run(try Verifier.verified(p), until: 1, stepBudget: 100_000)) { e in
            XCTAssertEqual((e as? RuntimeError)?.description,
                           "runtime error in 'f' at line 4: the handler ran more than 100000 loop iterations and calls (a runaway loop? raise the limit with --step-budget)")
        }
    }

    func testStepBudgetStopsALoopInACallee() throws {
        let p = try program("""
        scene { duration: 1s }
        func spin(n: number) -> number {
            var s = 0
            for i in 0..<1000000000 { s = s + n }
            return s
        }
        at 0.5s {
            var x = spin(1)
        }
        """)
        XCTAssertThrowsError(try Timeline.run(try Verifier.verified(p), until: 1, stepBudget: 1000)) { e in
            XCTAssertEqual((e as? RuntimeError)?.description,
                           "runtime error in 'spin' at line 4: the handler ran more than 1000 loop iterations and calls (a runaway loop? raise the limit with --step-budget)")
        }
    }

    func testErrorsNameTheFunctionTheyHappenIn() throws {
        let inner = try program("""
        scene { duration: 1s }
        func g(x: number, z: number) -> number {
            return x / z
        }
        func f(x: number) -> number { return g(x, 0) + 1 }
        at 0.5s {
            var y = f(2)
        }
        """)
        XCTAssertThrowsError(try Timeline.run(try Verifier.verified(inner), until: 1)) { e in
            XCTAssertEqual((e as? RuntimeError)?.description, "runtime error in 'g' at line 3: division by zero")
        }
        // after calls have returned, an error is the caller's again
        let after = try program("""
        scene { duration: 1s }
        func f(x: number) -> number { return x + 1 }
        at 0.5s {
            var z = f(-1)
            var y = f(2)
            var w = y / z
        }
        """)
        XCTAssertThrowsError(try Timeline.run(try Verifier.verified(after), until: 1)) { e in
            XCTAssertEqual((e as? RuntimeError)?.description, "runtime error in 'at 0.5s' at line 6: division by zero")
        }
    }
}
