// The two spellings of an animation handler's key, `on LAYER.KEY.didStop` and `on LAYER[EXPR].didStop`,
// shown through the AST dump, and the forms the parser rejects.

import XCTest
import CalcCore
@testable import Parser

final class HandlerKeyTests: XCTestCase {
    func parse(_ text: String) -> (String, [String]) {
        let (ast, diags) = Parser.parse(SourceFile(name: "t.cal", text: text))
        return (SyntaxDump.ast(ast), diags.items.map { "\($0.id) \($0.message)" })
    }

    func testNamedAndComputedKeys() {
        let (dump, diags) = parse("""
        on card.spin.didStart { }
        on card["spin\\(i + 1)"].didStop(finished) { }
        on named("c")[k].didStart { }
        """)
        XCTAssertEqual(diags, [])
        XCTAssertEqual(dump, """
        on card.spin.didStart
        on card["spin\\((i + 1))"].didStop(finished)
        on named("c")[k].didStart

        """)
    }

    func testRejectedForms() {
        let expected = "E0105 expected 'on LAYER.KEY.didStart' or 'on LAYER.KEY.didStop(finished)'"
        XCTAssertEqual(parse("on card[k].didEnd { }").1, [expected])
        XCTAssertEqual(parse("on card[k] { }").1, [expected])
        XCTAssertEqual(parse("on card[k].didStart(x) { }").1, ["E0105 didStart takes no arguments"])
    }

    /// `LAYER.constraints { … }` as a statement (it shares the file: both are statements that
    /// name a layer and then what to do with it).
    func testConstraintsStatement() {
        let (dump, diags) = parse("""
        at 1s {
            card.constraints { minX: superlayer.minX + 5  width: title.width }
            named("x").constraints { }
            card.actions { position: none }
        }
        """)
        XCTAssertEqual(diags, [])
        XCTAssertEqual(dump, """
        at 1s
          card.constraints
            minX: (superlayer.minX + 5)
            width: title.width
          named("x").constraints
          card.actions
            position: none

        """)
        XCTAssertEqual(parse("at 1s { card.constraints { 3 } }").1, ["E0104 only 'attribute: source.attribute' entries belong in 'constraints'"])
    }
}
