// `mix` and `random` over every kind they document, and implied cases (`.red`, `.identity`) typed
// from the other operand or from what the call's value must be. Expected constants worked out by
// hand.

import XCTest
import CalcCore
import Bytecode
@testable import Compiler

final class ImpliedCaseTests: XCTestCase {
    /// The constant a top-level `let` folds to, read from the template of the layer that uses it.
    func folded(_ expr: String, as property: String, file: StaticString = #filePath, line: UInt = #line) throws -> Value {
        let src = "let v = \(expr)\nlayer a { \(property): v }\n"
        let result = Compiler.compile(SourceFile(name: "t.cal", text: src))
        let p = try XCTUnwrap(result.program, "\(result.diagnostics.map(\.message))", file: file, line: line)
        let inits = try XCTUnwrap(p.layerTemplates.first, file: file, line: line).properties
        let k = try XCTUnwrap(inits.first, file: file, line: line).constant
        return p.constants[Int(k)]
    }

    func testMixInterpolatesEveryDocumentedKind() throws {
        XCTAssertEqual(try folded("mix((0, 0), (10, 20), 0.5)", as: "position"), .point(Point(5, 10)))
        XCTAssertEqual(try folded("mix(#ff0000, #0000ff, 0.5)", as: "backgroundColor"), .color(Color(0.5, 0, 0.5, 1)))
        XCTAssertEqual(try folded("mix(.red, #0000ff, 0.25)", as: "backgroundColor"), .color(Color(0.75, 0, 0.25, 1)))
        XCTAssertEqual(try folded("mix(1s, 2s, 0.5)", as: "beginTime"), .number(1.5))
        XCTAssertEqual(try folded("mix(0, 90deg, 0.5)", as: "transform.rotation.z"), .number(Double.pi / 4))
        // halfway between the identity and a quarter turn: an eighth of a turn
        guard case .transform(let t) = try folded("mix(.identity, rotate(90deg), 0.5)", as: "transform") else { return XCTFail("not a transform") }
        XCTAssertEqual(t.m11, 0.5.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(t.m12, 0.5.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(diagnose("let v = mix(1, 2, 1s)\nlayer a { opacity: v }\n").contains("[E0300]"), true)
        XCTAssertEqual(diagnose("let v = mix(\"a\", \"b\", 0.5)\nlayer a { name: v }\n").contains("'mix' interpolates numbers"), true)
    }

    func testImpliedCasesTakeTheOtherOperandsType() throws {
        let src = """
        scene { duration: 2s }
        layer a { backgroundColor: random(3, .red, .blue) }
        layer b { transform: .identity }
        at 1s {
            if a.backgroundColor == .red { a.opacity = 0.5 }
            if .blue != a.backgroundColor { b.transform = .identity }
        }
        """
        let result = Compiler.compile(SourceFile(name: "t.cal", text: src))
        XCTAssertEqual(result.diagnostics.map(\.id), [])
        let p = try XCTUnwrap(result.program)
        XCTAssertTrue(p.constants.contains(.color(Color(1, 0, 0, 1))))   // .red, compared with
        XCTAssertTrue(p.constants.contains(.color(Color(0, 0, 1, 1))))   // .blue
        XCTAssertTrue(p.constants.contains(.transform(.identity)))
        // with nothing to tell the type, the case is still an error
        XCTAssertTrue(diagnose("let c = random(3, .red, .blue)\nlayer a { opacity: 1 }\n").contains("cannot tell what '.red' is here [E0302]"))
    }

    /// `cond ? a : b` (in this file for its typing: the two values are typed as a pair, so an
    /// implied case takes the other value's type).
    func testConditionalValues() throws {
        XCTAssertEqual(try folded("true ? (1, 2) : (3, 4)", as: "position"), .point(Point(1, 2)))
        XCTAssertEqual(try folded("1 > 2 ? .red : #00ff00", as: "backgroundColor"), .color(Color(0, 1, 0, 1)))
        XCTAssertEqual(try folded("false ? 1 : 2s", as: "beginTime"), .number(2))
        XCTAssertTrue(diagnose("let v = 1 ? 2 : 3\nlayer a { opacity: v }\n").contains("the condition of '? :' expects a bool, found a number [E0300]"))
        XCTAssertTrue(diagnose("let v = true ? 1s : 90deg\nlayer a { opacity: v }\n").contains("the two values of '? :' are a duration and an angle [E0300]"))
        XCTAssertTrue(diagnose("let v = true ? 1 : \"a\"\nlayer a { opacity: v }\n").contains("the second value of '? :' expects a number, found a string [E0300]"))
    }
}
