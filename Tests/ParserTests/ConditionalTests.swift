// `cond ? a : b`: precedence (below `||`), right associativity, and the missing ':'.

import XCTest
import CalcCore
@testable import Parser

final class ConditionalTests: XCTestCase {
    func dump(_ expr: String) -> (String, [String]) {
        let (ast, diags) = Parser.parse(SourceFile(name: "t.cal", text: "let v = " + expr + "\n"))
        return (SyntaxDump.ast(ast), diags.items.map { "\($0.id) \($0.message)" })
    }

    func testPrecedenceAndAssociativity() {
        XCTAssertEqual(dump("a || b ? 1 + 2 : 3").0, "let v = ((a || b) ? (1 + 2) : 3)\n")
        XCTAssertEqual(dump("x > 0 ? 1 : x < 0 ? -1 : 0").0, "let v = ((x > 0) ? 1 : ((x < 0) ? (-1) : 0))\n")
        XCTAssertEqual(dump("c ? d ? 1 : 2 : 3").0, "let v = (c ? (d ? 1 : 2) : 3)\n")
        XCTAssertEqual(dump("f(c ? 1 : 2, 3)").0, "let v = f((c ? 1 : 2), 3)\n")
        XCTAssertEqual(dump("flag ? a : b").0, "let v = (flag ? a : b)\n")
    }

    func testMissingColon() {
        XCTAssertEqual(dump("c ? 1 2").1, ["E0100 expected ':' between the two values of '? :', found '2'"])
    }
}
