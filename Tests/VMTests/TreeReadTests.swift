// Reading the layer tree in handlers: `superlayer`, `sublayers` and `mask` (SUPERLAYER, SUBLAYERS,
// GETMASK), and assigning through them.

import XCTest
import CalcCore
import Compiler
import Bytecode
@testable import VM

final class TreeReadTests: XCTestCase {
    func testSuperlayerSublayersAndMask() throws {
        let tl = try timeline("""
        scene { duration: 2s }
        layer panel {
            layer a { }
            layer b { }
            layer c { }
        }
        layer hole { }
        layer loose { }
        at 0.5s {
            transaction(disableActions: true) {
                // sublayers back to front, after moving c to the back
                panel.insertSublayer(c, at: 0)
                let kids = panel.sublayers
                for i in 0..<kids.count { kids[i].zPosition = i + 1 }
                // superlayer: the parent; nil above the top-level layers' root and for a mask
                if b.superlayer == panel { b.opacity = 0.25 }
                b.superlayer.cornerRadius = 7
                panel.mask = hole
                panel.mask.borderWidth = 3
                if panel.mask == hole { a.borderWidth = 2 }
                loose.removeFromSuperlayer()
            }
        }
        """, until: 2)
        let p = try tl.presentation(at: 1)
        let panel = try XCTUnwrap(p.root.find("panel"))
        XCTAssertEqual(panel.sublayers.map(\.name), ["c", "a", "b"])
        XCTAssertEqual(panel.sublayers.map(\.zPosition), [1, 2, 3])
        XCTAssertEqual(panel.sublayers[2].opacity, 0.25)
        XCTAssertEqual(panel.cornerRadius, 7)
        XCTAssertEqual(panel.mask.first?.name, "hole")
        XCTAssertEqual(panel.mask.first?.borderWidth, 3)
        XCTAssertEqual(panel.sublayers[1].borderWidth, 2)
    }

    /// nil superlayers and masks: reading a property of one is a runtime error; comparing works.
    func testNilTreeReads() throws {
        func run(_ body: String) throws -> Timeline {
            let source = """
            scene { duration: 1s }
            layer panel { layer a { } }
            layer hole { }
            layer flag { }
            at 0.5s {
            \(body)
            }
            """
            let result = Compiler.compile(SourceFile(name: "t.cal", text: source))
            return try Timeline.run(try Verifier.verified(try XCTUnwrap(result.program)), until: 1)
        }
        // the root has no superlayer; a mask has none either
        let ok = try run("""
            transaction(disableActions: true) {
                panel.mask = hole
                if root.superlayer == none && hole.superlayer == none && a.mask == none { flag.opacity = 0.5 }
                if panel.superlayer == root && root.sublayers.count == 2 { flag.borderWidth = 1 }
            }
        """)
        let flag = ok.layer("flag", at: 0.9)
        XCTAssertEqual(flag.opacity, 0.5)
        XCTAssertEqual(flag.borderWidth, 1)
        XCTAssertThrowsError(try run("    a.mask.opacity = 0.5")) { e in
            XCTAssertEqual((e as? RuntimeError)?.description, "runtime error in 'at 0.5s' at line 6: the layer does not exist (yet): its value is nil")
        }
    }
}

/// The tree's own links are read-only, and only a layer value compares with none.
final class TreeReadDiagnosticTests: XCTestCase {
    func messages(_ body: String) -> [String] {
        let source = "layer panel { layer a { } }\nat 1s {\n\(body)\n}\n"
        return Compiler.compile(SourceFile(name: "t.cal", text: source)).diagnostics.filter { $0.severity == .error }.map { "\($0.id): \($0.message)" }
    }

    func testTreeLinksCannotBeAssigned() {
        XCTAssertEqual(messages("a.superlayer = panel"), ["E0260: cannot assign to 'superlayer'"])
        XCTAssertEqual(messages("panel.sublayers = []"), ["E0260: cannot assign to 'sublayers'"])
        XCTAssertEqual(messages("panel.sublayers.count = 1"), ["E0260: cannot assign to 'sublayers.count'"])
        XCTAssertEqual(messages("a.superlayer.opacity = 0.5"), [])
    }

    func testOnlyALayerComparesWithNone() {
        XCTAssertEqual(messages("if 3 == none { a.opacity = 0 }"), ["E0303: cannot compare a number with 'none'"])
        XCTAssertEqual(messages("if none != a.mask { a.opacity = 0 }"), [])
    }
}
