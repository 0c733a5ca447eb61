// The parser's part of dynamics: `dynamics { KIND NAME { members } }` and contact triggers, shown
// through the AST dump (`calc build --emit ast`), and its recovery from a malformed block.

import XCTest
import CalcCore
@testable import Parser

final class DynamicsParserTests: XCTestCase {
    func parse(_ text: String) -> (String, [String]) {
        let (ast, diags) = Parser.parse(SourceFile(name: "t.cal", text: text))
        return (SyntaxDump.ast(ast), diags.items.map { "\($0.id) \($0.message)" })
    }

    func testBlockAndContactTriggers() {
        let (dump, diags) = parse("""
        dynamics {
            gravity g { items: [a]; magnitude: 2 }
            collision c { boundary: root.bounds }
        }
        on c.beganContact(item, partner) { }
        on c.endedContact { }
        """)
        XCTAssertEqual(diags, [])
        XCTAssertEqual(dump, """
        dynamics
          gravity g
            items: [a]
            magnitude: 2
          collision c
            boundary: root.bounds
        on c.beganContact(item, partner)
        on c.endedContact

        """)
    }

    func testRecoversInsideTheBlock() {
        let (dump, diags) = parse("""
        dynamics {
            gravity { items: [a] }
            snap s { item: a; point: (1, 2); 7 }
        }
        let x = 1
        """)
        XCTAssertEqual(diags, ["E0500 expected a behaviour such as 'gravity fall { items: [ball] }'",
                               "E0500 only settings ('name: value') belong in a behaviour"])
        XCTAssertTrue(dump.hasSuffix("  snap s\n    item: a\n    point: (1, 2)\nlet x = 1\n"), dump)
    }
}
