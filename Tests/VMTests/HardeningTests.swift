// Issue 13: values and resources a script can reach that must end in a diagnostic or a runtime
// error naming the handler and line — never an internal error, a crash or an exhausted memory.

import XCTest
import CalcCore
import Compiler
import Bytecode
@testable import VM

final class HardeningTests: XCTestCase {
    func ids(_ source: String) -> [String] {
        Compiler.compile(SourceFile(name: "t.cal", text: source)).diagnostics.filter { $0.severity == .error }.map(\.id)
    }

    func program(_ source: String) throws -> Program {
        let result = Compiler.compile(SourceFile(name: "test.cal", text: source))
        return try XCTUnwrap(result.program, "\(result.diagnostics)")
    }

    /// The runtime error `source` ends with (nil when it runs to the end).
    func runtimeError(_ source: String) throws -> RuntimeError? {
        let p = try program(source)
        XCTAssertNoThrow(try Verifier.verify(p))
        do { _ = try Timeline.run(try Verifier.verified(p), until: p.scene.duration) } catch let e as RuntimeError { return e }
        return nil
    }

    // MARK: numbers that are not finite (docs/semantics.md)

    /// Each folded constant with an infinite or NaN component is E0310 where it is written, not the
    /// verifier's internal error; 1e308 × 10 overflows to infinity by IEEE 754.
    func testConstantsThatAreNotFiniteAreDiagnosed() {
        XCTAssertEqual(ids("layer a { position: (infinity, 0) }\n"), ["E0310"])
        XCTAssertEqual(ids("layer a { position: (1e308 * 10, 0) }\n"), ["E0310"])
        XCTAssertEqual(ids("layer a { transform: translate(infinity, 0) }\n"), ["E0310"])
        XCTAssertEqual(ids("layer a { frame: (0, 0, infinity, 1) }\n"), ["E0310"])
        XCTAssertEqual(ids("layer a { bounds: (0, 0, 1e308 * 10, 1) }\n"), ["E0310"])
        XCTAssertEqual(ids("layer a { opacity: infinity }\n"), ["E0310"])
        XCTAssertEqual(ids("layer a { zPosition: -infinity }\n"), ["E0310"])
        XCTAssertEqual(ids("let x = 0 * infinity\n"), ["E0310"])      // NaN
        // at the limit: the largest finite double is fine, and so is an infinite repeat count
        XCTAssertEqual(ids("layer a { position: (1.7976931348623157e308, 0) }\n"), [])
        XCTAssertEqual(ids("layer a { animations { m: basic { keyPath: opacity from: 0 to: 1 duration: 1s repeatCount: infinity } } }\n"), [])
    }

    /// The same values made at run time are runtime errors naming the handler and line.
    func testSettingAPropertyThatIsNotFiniteIsARuntimeError() throws {
        let e = try runtimeError("""
        scene { size: (20, 20) duration: 0.1s }
        layer a { bounds: (0, 0, 4, 4) }
        at 0s {
          var x = 1e308
          a.position = (x * 10, 1)
        }
        """)
        XCTAssertEqual(e?.function, "at 0s")
        XCTAssertEqual(e?.line, 5)
        XCTAssertEqual(e?.message, "'position' cannot be set to a point that is not finite")
        let o = try runtimeError("""
        scene { size: (20, 20) duration: 0.1s }
        layer a { }
        at 0s {
          var x = 1e308
          a.opacity = x * 10
        }
        """)
        XCTAssertEqual(o?.line, 5)
        XCTAssertEqual(o?.message, "'opacity' cannot be set to a number that is not finite")
        // one step below: 1e307 × 10 is finite and runs
        XCTAssertNil(try runtimeError("""
        scene { size: (20, 20) duration: 0.1s }
        layer a { }
        at 0s {
          var x = 1e307
          a.position = (x * 10, 1)
        }
        """))
    }

    /// A .calb whose layer template holds an infinite opacity fails verification.
    func testVerifierRefusesATemplateConstantThatIsNotFinite() throws {
        var p = try program("layer a { opacity: 0.5 }\n")
        let k = try XCTUnwrap(p.constants.firstIndex(of: .number(0.5)))
        p.constants[k] = .number(.infinity)
        XCTAssertThrowsError(try Verifier.verify(p)) { e in
            XCTAssertTrue("\(e)".contains("not finite"), "\(e)")
        }
    }

    // MARK: memory (item 3): the limits lowered so the tests stay cheap; calc run's are HeapLimits.standard

    func runError(_ source: String, _ heap: HeapLimits) throws -> RuntimeError? {
        let p = try program(source)
        do { _ = try Timeline.run(try Verifier.verified(p), until: p.scene.duration, heap: heap) } catch let e as RuntimeError { return e }
        return nil
    }

    func doubling(_ times: Int) -> String {
        "scene { size: (10, 10) duration: 0.1s }\nvar s = \"x\"\nfor i in 0..<\(times) { s = s + s }\n"
    }

    /// "x" doubled n times is 2^n bytes: 2^10 = 1024 is at a 1024-byte limit, 2^11 is past it.
    func testStringLength() throws {
        let small = HeapLimits(maxStringBytes: 1024)
        XCTAssertNil(try runError(doubling(10), small))
        let e = try runError(doubling(11), small)
        XCTAssertEqual(e?.function, "main")
        XCTAssertEqual(e?.line, 3)
        XCTAssertEqual(e?.message, "a string of 2048 bytes would be longer than the limit of 1024 bytes")
        // the standard limit, 16 MiB = 2^24 bytes: 24 doublings fit, the 25th is refused before it is built
        XCTAssertEqual(try runError(doubling(25), .standard)?.message,
                       "a string of 33554432 bytes would be longer than the limit of 16 MiB")
    }

    func testArrayLength() throws {
        func appends(_ n: Int) -> String {
            "scene { size: (10, 10) duration: 0.1s }\nvar xs = [0]\nfor i in 1..<\(n) { xs.append(i) }\n"
        }
        let small = HeapLimits(maxArrayCount: 1000)
        XCTAssertNil(try runError(appends(1000), small))          // [0] plus 999 appends: 1000 elements
        let e = try runError(appends(1001), small)
        XCTAssertEqual(e?.line, 3)
        XCTAssertEqual(e?.message, "appending would make an array longer than the limit of 1000 elements")
        // concatenation: [1] doubled: 2^9 = 512 fits under 1000, 2^10 = 1024 does not
        let twice = { (n: Int) in "scene { size: (10, 10) duration: 0.1s }\nvar a = [1]\nfor i in 0..<\(n) { a = a + a }\n" }
        XCTAssertNil(try runError(twice(9), small))
        XCTAssertEqual(try runError(twice(10), small)?.message, "an array of 1024 elements would be longer than the limit of 1000")
    }

    /// Layers: the root is not counted; 50 made fit a limit of 50, the 51st is refused.
    func testLayerCount() throws {
        func layers(_ n: Int) -> String {
            "scene { size: (10, 10) duration: 0.1s }\nfor i in 0..<\(n) {\n  layer \"x\\(i)\" { }\n}\n"
        }
        let small = HeapLimits(maxLayers: 50)
        XCTAssertNil(try runError(layers(50), small))
        let e = try runError(layers(51), small)
        XCTAssertEqual(e?.line, 3)
        XCTAssertEqual(e?.message, "the program made more than 50 layers")
    }

    /// The total: 100 distinct strings of 64 KiB (6.4 MiB) cannot be kept under a 4 MiB budget,
    /// while 40 of them (2.5 MiB, with the array and layers well under 1 MiB more) can.
    func testHeapBudget() throws {
        func keep(_ n: Int) -> String {
            """
            scene { size: (10, 10) duration: 0.1s }
            var s = "x"
            for i in 0..<16 { s = s + s }
            var xs = [""]
            for i in 0..<\(n) { xs.append(s + "\\(i)") }

            """
        }
        let budget = HeapLimits(budget: 4 << 20)
        XCTAssertNil(try runError(keep(40), budget))
        let e = try runError(keep(100), budget)
        XCTAssertEqual(e?.line, 5)
        XCTAssertTrue(e?.message.hasSuffix("more than the memory limit of 4 MiB (raise it with --memory-limit)") == true, e?.message ?? "no error")
    }

    /// A .calb can declare up to 2^24 − 1 globals (the operand width) in a few bytes: made before
    /// anything runs, they count against the budget. One global is one Value; a 1 MiB budget holds
    /// 1 MiB / stride of them exactly, and one more is refused before the array is made.
    func testGlobalsCountAgainstTheBudget() throws {
        var p = try program("scene { size: (10, 10) duration: 0.1s }\n")
        let stride = MemoryLayout<Value>.stride
        let budget = HeapLimits(budget: 1 << 20)
        p.globalCount = UInt32((1 << 20) / stride)
        XCTAssertNoThrow(try Timeline.run(try Verifier.verified(p), until: 0.1, heap: budget))
        p.globalCount += 1
        do {
            _ = try Timeline.run(try Verifier.verified(p), until: 0.1, heap: budget)
            XCTFail("no error for \(p.globalCount) globals")
        } catch let error as RuntimeError {
            XCTAssertEqual(error.message, "the program's \(p.globalCount) global variables take about 2 MiB, more than the memory limit of 1 MiB (raise it with --memory-limit)")
            XCTAssertEqual(error.function, "main")
        }
    }

    // MARK: named() by index (item 6)

    /// The index must answer as the tree search did: the first match in a depth-first walk from the
    /// root through sublayers in order, skipping masks, following renames. Here pre-order is
    /// root, p, c1, c2, q (q's mask m is not a sublayer), so "t" is c1, then c2 once c1 is renamed.
    func testNamedFindsTheFirstLayerInTreeOrder() throws {
        let t = try timeline("""
        scene { size: (10, 10) duration: 1s }
        layer p {
          layer c1 { }
          layer c2 { }
        }
        layer q { }
        layer m { }
        at 0s {
          q.mask = m
          m.name = "t"
          q.name = "t"
          c2.name = "t"
          c1.name = "t"
          named("t").opacity = 0.25
        }
        at 0.5s {
          named("t").name = "u"
          named("t").opacity = 0.5
        }
        """)
        func opacities(_ time: Double) throws -> [Double] {
            let root = try t.presentation(at: time).root
            let p = root.sublayers[0], q = root.sublayers[1]
            return [p.opacity, p.sublayers[0].opacity, p.sublayers[1].opacity, q.opacity, q.mask.first?.opacity ?? -1]
        }
        XCTAssertEqual(try opacities(0.45), [1, 0.25, 1, 1, 1])   // after the 0.25 s implicit animation
        XCTAssertEqual(try opacities(0.95), [1, 0.25, 0.5, 1, 1])
    }

    // MARK: appending to a top-level array (item 6)

    /// The global's slot is emptied after the operands are read and before APPEND, so the array is
    /// not shared and grows in place (each append copied it: 40 000 took 4.3 s). The operand is read
    /// first: `xs.append(xs.count)` sees the array, and the result is 0, 1, 2, ….
    func testAppendingToAGlobalTakesItOutOfItsSlot() throws {
        let p = try program("""
        scene { size: (10, 10) duration: 0.1s }
        var xs = [0]
        for i in 0..<4 { xs.append(xs.count) }
        var ys = [1, 2]
        at 0s { ys[0] = ys.count + 5 }
        """)
        let ops = p.functions[0].code.map(\.op)
        let k = try XCTUnwrap(ops.firstIndex(of: .append))
        XCTAssertEqual(Array(ops[(k - 2)...(k + 1)]), [.loadnil, .setglobal, .append, .setglobal])
        let t = try Timeline.run(try Verifier.verified(p), until: 0.1)
        let world = try XCTUnwrap(t.worlds.last)
        XCTAssertEqual(world.globals[0], .array((0..<5).map { .number(Double($0)) }))
        XCTAssertEqual(world.globals[1], .array([.number(7), .number(2)]))
    }
}
