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
        do { _ = try Timeline.run(p, until: p.scene.duration) } catch let e as RuntimeError { return e }
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
}
