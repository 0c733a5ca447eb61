import XCTest
import CalcCore
import Compiler
import Bytecode
@testable import VM

/// Constraint layout (seed 000:1227–1332; SPEC §4.11), expected frames worked out by hand.
final class LayoutTests: XCTestCase {
    func frame(_ l: PresentationLayer) -> Rect {
        Rect(l.position.x - l.anchorPoint.x * l.bounds.size.width, l.position.y - l.anchorPoint.y * l.bounds.size.height,
             l.bounds.size.width, l.bounds.size.height)
    }

    /// The seed's Listing 1: layerA centred in a 200×160 superlayer; layerB as wide as A, centred on
    /// it, from 10 below the superlayer's minY to 10 before A's minY.
    func testTheSeedExample() throws {
        let tl = try timeline("""
        scene { size: (200, 160) duration: 1s }
        layer theLayer {
            frame: (0, 0, 200, 160)
            layer layerA { bounds: (0, 0, 100, 25)  constraints { midY: superlayer.midY  midX: superlayer.midX } }
            layer layerB {
                constraints { width: layerA.width  midX: layerA.midX  maxY: layerA.minY - 10  minY: superlayer.minY + 10 }
            }
        }
        """)
        XCTAssertEqual(frame(tl.layer("layerA", at: 0)), Rect(50, 67.5, 100, 25))
        XCTAssertEqual(frame(tl.layer("layerB", at: 0)), Rect(50, 10, 100, 47.5))
    }

    func testScaleOffsetAndOneConstraintPerAxis() throws {
        let tl = try timeline("""
        scene { size: (200, 100) duration: 1s }
        layer bar { bounds: (0, 0, 30, 20)  position: (15, 50)
            constraints { width: superlayer.width * 0.5 + 10  minX: superlayer.minX + 5  midY: superlayer.maxY - 20 } }
        layer tag { bounds: (0, 0, 40, 10)  position: (100, 30)  constraints { height: superlayer.height * 0.25 } }
        """)
        // width 110 from x 5; y centre 80 with the current height 20
        XCTAssertEqual(frame(tl.layer("bar", at: 0)), Rect(5, 70, 110, 20))
        // a lone size keeps the current centre (30) and the other axis as it was
        XCTAssertEqual(frame(tl.layer("tag", at: 0)), Rect(80, 17.5, 40, 25))
    }

    func testLayoutFollowsAnAnimatingSuperlayerWithoutTouchingTheModel() throws {
        let tl = try timeline("""
        scene { size: (400, 200) duration: 2s }
        layer panel {
            bounds: (0, 0, 100, 100)  position: (50, 50)
            animations { grow: basic { keyPath: bounds.size.width  from: 100  to: 300  duration: 2s } }
            layer fill { bounds: (0, 0, 1, 1)  constraints { minX: superlayer.minX + 10  maxX: superlayer.maxX - 10 } }
        }
        var modelWidth = 0
        at 1s { modelWidth = fill.bounds.size.width }
        layer probe { }
        at 1.5s { probe.opacity = modelWidth }
        """)
        XCTAssertEqual(frame(tl.layer("fill", at: 0)).size.width, 80, accuracy: 1e-9)
        XCTAssertEqual(frame(tl.layer("fill", at: 1)).size.width, 180, accuracy: 1e-9)   // superlayer 200 wide
        XCTAssertEqual(tl.layer("probe", at: 1.9).opacity, 1, "handlers read the model size (1), not the laid-out one")
    }

    func testSiblingsByStringNameAndRuntimeErrors() throws {
        let ok = try timeline("""
        scene { size: (200, 100) duration: 1s }
        for i in 0..<3 {
            layer "cell\\(i)" {
                bounds: (0, 0, 20, 20)
                position: (10, 50)
                if i > 0 { constraints { minX: "cell\\(i - 1)".maxX + 5 } }
            }
        }
        """)
        XCTAssertEqual(frame(ok.layer("cell2", at: 0)).origin.x, 50, accuracy: 1e-9)
        let missing = try timeline("""
        scene { size: (200, 100) duration: 1s }
        layer a { constraints { minX: "ghost".maxX } }
        """)
        XCTAssertThrowsError(try missing.presentation(at: 0)) { e in
            XCTAssertEqual("\(e)", "runtime error in 'main' at line 2: 'a' has a constraint relative to 'ghost', which is not one of its siblings")
        }
        let cycle = try timeline("""
        scene { size: (200, 100) duration: 1s }
        let names = ["a", "b"]
        layer a { constraints { minX: "\\(names[1])".maxX } }   // names computed at run time: no static check
        layer b { constraints { minX: "\\(names[0])".maxX } }
        """)
        XCTAssertThrowsError(try cycle.presentation(at: 0)) { e in
            XCTAssertEqual("\(e)", "runtime error in 'main' at line 3: the constraints of 'a' → 'b' → 'a' form a cycle")
        }
    }

    /// A text layer without a width or height takes its text's natural size (SPEC §4.11). DejaVu
    /// Sans, read with fontTools: units per em 2048, line 1901 + 483 units, advances H 1540, space
    /// 651, i 569 — so at 20.48 points "H i" is 27.60 wide and one line is 23.84 high.
    func testTextLayersTakeTheirNaturalSize() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
                          "DejaVu Sans is not installed (scripts/setup.sh installs it)")
        let tl = try timeline("""
        scene { size: (200, 100) duration: 1s }
        layer title: text { string: "H i"  fontSize: 20.48  position: (100, 50) }
        layer under { bounds: (0, 0, 10, 4)  constraints { minX: title.minX  minY: title.maxY + 2 } }
        layer wrapped: text { string: "H i"  fontSize: 20.48  bounds: (0, 0, 20, 0)  isWrapped: true }
        layer given: text { string: "H i"  fontSize: 20.48  bounds: (0, 0, 5, 6) }
        var seen = 0
        var model = 1
        at 0.5s { seen = title.presentation.bounds.size.width
                  model = title.bounds.size.width }
        layer probe { }
        at 0.7s { transaction(disableActions: true) { probe.opacity = seen / 100
                                                      probe.zPosition = model } }
        """)
        let title = frame(tl.layer("title", at: 0))
        XCTAssertEqual(title.origin.x, 100 - 13.8, accuracy: 1e-9)
        XCTAssertEqual(title.origin.y, 50 - 11.92, accuracy: 1e-9)
        XCTAssertEqual(title.size.width, 27.6, accuracy: 1e-9)
        XCTAssertEqual(title.size.height, 23.84, accuracy: 1e-9)
        // a sibling constrained to it follows the natural frame
        let under = frame(tl.layer("under", at: 0))
        XCTAssertEqual(under.origin.x, 86.2, accuracy: 1e-9)
        XCTAssertEqual(under.origin.y, 38.08 + 23.84 + 2, accuracy: 1e-9)
        // wrapped to 20 points: "H" (15.40) and "i" on two lines; the given width stays
        let wrapped = tl.layer("wrapped", at: 0).bounds.size
        XCTAssertEqual(wrapped.width, 20)
        XCTAssertEqual(wrapped.height, 2 * 23.84, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("given", at: 0).bounds.size, Size(5, 6))
        // scripts read the natural size through the presentation; the model keeps 0
        XCTAssertEqual(tl.layer("probe", at: 0.9).opacity, 0.276, accuracy: 1e-9)
        XCTAssertEqual(tl.layer("probe", at: 0.9).zPosition, 0)
    }

    /// `presentation` reads of a constrained layer give the laid-out geometry, as drawn.
    func testPresentationReadsSeeTheLayout() throws {
        let tl = try timeline("""
        scene { size: (200, 200) duration: 1s }
        layer p {
            bounds: (0, 0, 100, 100)  position: (50, 50)
            layer a { bounds: (0, 0, 10, 10)  constraints { minX: superlayer.minX + 10  maxX: superlayer.maxX - 10 } }
        }
        layer probe { }
        at 0.5s { transaction(disableActions: true) {
            probe.opacity = a.presentation.bounds.size.width / 100
            probe.zPosition = a.presentation.position.x
            probe.anchorPointZ = a.bounds.size.width
        } }
        """)
        XCTAssertEqual(tl.layer("probe", at: 0.9).opacity, 0.8, accuracy: 1e-9)      // 100 − 2 × 10
        XCTAssertEqual(tl.layer("probe", at: 0.9).zPosition, 50, accuracy: 1e-9)     // 10 + 80 / 2
        XCTAssertEqual(tl.layer("probe", at: 0.9).anchorPointZ, 10, accuracy: 1e-9)  // the model keeps 10
    }

    /// `layer.constraints { … }` as a statement replaces the layer's constraints when it runs; an
    /// empty block clears them, and the layer shows its model frame again (layout never touches the
    /// model). Sources named by identifiers are any layers, found by name at layout time.
    func testConstraintsReplacedFromHandlers() throws {
        let src = """
        scene { size: (100, 60) duration: 2s fps: 4 }
        layer row {
            frame: (0, 0, 100, 60)
            layer a { bounds: (0, 0, 20, 20)
                constraints { midX: superlayer.midX  midY: superlayer.midY }
            }
            layer b { bounds: (0, 0, 10, 10)
                constraints { minX: a.maxX + 4  midY: a.midY }
            }
        }
        at 1s {
            a.constraints { minX: superlayer.minX + 5  minY: superlayer.minY + 5 }
            b.constraints { minX: a.maxX  minY: a.maxY }
        }
        at 1.5s { b.constraints { } }
        """
        let tl = try timeline(src)
        XCTAssertEqual(frame(tl.layer("a", at: 0.5)), Rect(40, 20, 20, 20))
        XCTAssertEqual(frame(tl.layer("b", at: 0.5)), Rect(64, 25, 10, 10))
        // at 1 s: a's midX/midY are gone (replaced, not merged, so no third constraint per axis)
        XCTAssertEqual(frame(tl.layer("a", at: 1)), Rect(5, 5, 20, 20))
        XCTAssertEqual(frame(tl.layer("b", at: 1)), Rect(25, 25, 10, 10))
        // at 1.5 s: b has no constraints: its model frame, position (0, 0) and 10 × 10 bounds
        XCTAssertEqual(frame(tl.layer("b", at: 1.5)), Rect(-5, -5, 10, 10))
        let result = Compiler.compile(SourceFile(name: "t.cal", text: src))
        let ops = try XCTUnwrap(result.program).functions.flatMap { $0.code.map(\.op) }
        XCTAssertEqual(ops.filter { $0 == .unconstrain }.count, 3)
        XCTAssertEqual(BytecodeFormat.version(for: try XCTUnwrap(result.program)), 5)

        let notSibling = try timeline("""
        scene { size: (100, 60) duration: 2s }
        layer a { }
        layer box { layer c { } }
        at 1s { c.constraints { minX: a.maxX } }
        """)
        XCTAssertNoThrow(try notSibling.presentation(at: 0.5))
        XCTAssertThrowsError(try notSibling.presentation(at: 1)) { e in
            XCTAssertEqual("\(e)", "runtime error in 'at 1s' at line 4: 'c' has a constraint relative to 'a', which is not one of its siblings")
        }
    }

    func testConstraintStatementDiagnostics() {
        func diagnostics(_ text: String) -> [String] {
            let file = SourceFile(name: "t.cal", text: text)
            return Compiler.compile(file).diagnostics.map { "\($0.id) \($0.message)" }
        }
        XCTAssertEqual(diagnostics("layer a { }\nat 1s { a.constraints { minX: a.maxX } }\n"),
                       ["E0447 'a' is constrained relative to itself"])
        XCTAssertEqual(diagnostics("layer a { }\nat 1s { a.constraints { minX: ghost.maxX } }\n").map { String($0.prefix(5)) }, ["E0200"])
        XCTAssertEqual(diagnostics("layer a { }\nat 1s { a.constraints { minX: superlayer.maxY } }\n"),
                       ["E0442 'minX' is on the x axis, 'maxY' on the y axis"])
        XCTAssertEqual(diagnostics("let n = 3\nat 1s { n.constraints { } }\n").map { String($0.prefix(5)) }, ["E0300"])
        XCTAssertEqual(diagnostics("layer a { draw { a.constraints { } } }\n"),
                       ["E0268 a draw block only draws: it cannot change the scene"])
        let file = SourceFile(name: "t.cal", text: "layer a { }\nat 1s { constraints { minX: superlayer.minX } }\n")
        XCTAssertEqual(Compiler.compile(file).diagnostics.map { $0.render(in: file) }, ["""
        t.cal:2:9: error: 'constraints' belongs inside a layer [E0107]
         2 | at 1s { constraints { minX: superlayer.minX } }
           |         ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ to change a layer's constraints here, name it: 'card.constraints { … }'

        """])
    }
}
