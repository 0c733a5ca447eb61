import XCTest
import CalcCore
import Bytecode
@testable import Compiler

/// Emitter layers and cells in the checker and code generator: what a `cell` block compiles to,
/// which cell properties become keys, and how key paths into cells are checked.
final class EmitterCheckTests: XCTestCase {
    func compile(_ src: String) throws -> Program {
        let r = Compiler.compile(SourceFile(name: "t.cal", text: src))
        return try XCTUnwrap(r.program, r.diagnostics.map { $0.render(in: SourceFile(name: "t.cal", text: src)) }.joined())
    }

    /// The diagnostics' ids, less W0028 (cells without contents; CellContentsWarningTests): these
    /// tests' cells are bare on purpose.
    func ids(_ src: String) -> [String] {
        Compiler.compile(SourceFile(name: "t.cal", text: src)).diagnostics.map(\.id).filter { $0 != "W0028" }
    }

    func labels(_ src: String) -> [String] {
        Compiler.compile(SourceFile(name: "t.cal", text: src)).diagnostics.filter { $0.id != "W0028" }.map { $0.label ?? "" }
    }

    static let fountain = """
    layer fountain: emitter {
        emitterPosition: (160, 200)  emitterShape: .line  birthRate: 2
        cell spark {
            birthRate: 100  lifetime: 2  emissionLongitude: -90deg  color: #ffcc00
            cell trail { birthRate: 10 }
        }
        cell smoke { velocity: 5 }
    }
    """

    func testCellBlocksAreLayerPropertiesNamedByKeyPath() throws {
        let p = try compile(Self.fountain)
        // only the properties the script uses become keys, each with the cell property's type and default
        XCTAssertEqual(p.customKeys.map(\.name), ["emitterCells.spark.birthRate", "emitterCells.spark.lifetime",
                                                  "emitterCells.spark.emissionLongitude", "emitterCells.spark.color",
                                                  "emitterCells.spark.emitterCells.trail.birthRate", "emitterCells.smoke.velocity"])
        XCTAssertEqual(p.customKeys.map(\.type), [.number(.scalar), .number(.time), .number(.angle), .color, .number(.scalar), .number(.scalar)])
        XCTAssertEqual(p.customKeys[3].defaultValue, .color(.white))
        // constants go into the layer's template, in source order, after the layer's own
        let table = p.properties
        XCTAssertEqual(p.layerTemplates[0].kind, .emitter)
        XCTAssertEqual(p.layerTemplates[0].properties.map { table.name($0.keyPath) },
                       ["emitterPosition", "emitterShape", "birthRate", "emitterCells.spark.birthRate", "emitterCells.spark.lifetime",
                        "emitterCells.spark.emissionLongitude", "emitterCells.spark.color",
                        "emitterCells.spark.emitterCells.trail.birthRate", "emitterCells.smoke.velocity"])
        XCTAssertEqual(p.constants[Int(p.layerTemplates[0].properties[5].constant)], .number(-Double.pi / 2))
        // the cell tree is set by code: LOADK "spark", "spark.trail", "smoke"; NEWARRAY; SETPROP emitterCells
        let main = p.functions[0].code
        let set = try XCTUnwrap(main.firstIndex { $0.op == .setprop })
        XCTAssertEqual(KeyPath(packed: main[set].c), KeyPath(property: LayerProperties.emitterCells))
        XCTAssertEqual(main[set - 1].op, .newarray)
        XCTAssertEqual(main[(set - 4)..<(set - 1)].map { p.constants[Int($0.c)] }, [.string("spark"), .string("spark.trail"), .string("smoke")])
        try Verifier.verify(p)
    }

    func testKeyPathsInHandlersAnimationsAndActions() throws {
        let p = try compile(Self.fountain + """

        at 1s {
            fountain.emitterCells.spark.birthRate = 0
            fountain.emitterCells.spark.emitterCells.trail.scale = fountain.presentation.emitterCells.smoke.velocity / 10
            fountain.emitterCells.smoke.contentsRect.origin.x = 0.5
        }
        layer other: emitter {
            cell spark { }
            animations { a: basic { keyPath: emitterCells.spark.greenSpeed  from: -1  to: 3  duration: 4s  autoreverses: true } }
            actions { emitterCells.spark.alphaSpeed: none }
        }
        let spin = keyframe { keyPath: emitterCells.spark.spin  values: [0, 1rad, 2rad] }
        """)
        let names = p.customKeys.map(\.name)
        for n in ["emitterCells.spark.emitterCells.trail.scale", "emitterCells.smoke.contentsRect", "emitterCells.spark.greenSpeed",
                  "emitterCells.spark.alphaSpeed", "emitterCells.spark.spin"] {
            XCTAssertTrue(names.contains(n), n)
        }
        XCTAssertEqual(names.count, Set(names).count, "each key once")
        let table = p.properties
        let sets = p.functions[1].code.filter { $0.op == .setprop }.compactMap { KeyPath(packed: $0.c) }.map { table.name($0) }
        XCTAssertEqual(sets, ["emitterCells.spark.birthRate", "emitterCells.spark.emitterCells.trail.scale", "emitterCells.smoke.contentsRect.origin.x"])
        XCTAssertTrue(p.functions[1].code.contains { $0.op == .getpres })
        XCTAssertEqual(p.animationTemplates.map { table.name($0.keyPath) }, ["emitterCells.spark.greenSpeed", "emitterCells.spark.spin"])
    }

    func testLayersKnownOnlyAtRunTimeMayNameAnyDeclaredCell() throws {
        _ = try compile("""
        layer "a": emitter { cell spark { } }
        at 1s { named("a").emitterCells.spark.lifetime = 1s }
        """)
        XCTAssertEqual(ids("""
        layer "a": emitter { cell spark { } }
        at 1s { named("a").emitterCells.sprk.lifetime = 1s }
        """), ["E0244"])
        // cells declared in loops and handlers count too
        _ = try compile("""
        for i in 0..<2 { layer "e\\(i)": emitter { cell puff { } } }
        at 1s { named("e0").emitterCells.puff.birthRate = 3 }
        """)
    }

    func testALayersOwnCellsDecide() {
        // `b` declares no `spark`, though the file does
        XCTAssertEqual(ids(Self.fountain + "\nlayer b: emitter { cell puff { } }\nat 1s { b.emitterCells.spark.birthRate = 0 }"), ["E0244"])
        XCTAssertEqual(labels(Self.fountain + "\nlayer b: emitter { cell puff { } }\nat 1s { b.emitterCells.spark.birthRate = 0 }"),
                       ["the layer's cells are 'puff'"])
        XCTAssertEqual(labels(Self.fountain + "\nat 1s { fountain.emitterCells.spark.emitterCells.trial.birthRate = 0 }"),
                       ["did you mean 'trail'?"])
        XCTAssertEqual(labels(Self.fountain + "\nat 1s { fountain.emitterCells.spark.trail.birthRate = 0 }"),
                       ["did you mean 'emitterCells.spark.emitterCells.trail'?"])
        XCTAssertEqual(ids(Self.fountain + "\nlayer plain { }\nat 1s { plain.emitterCells.spark.birthRate = 0 }"), ["E0233"])
        XCTAssertEqual(ids("layer e: emitter { cell a { } cell b { cell a { } } }"), [], "names repeat at different levels")
    }

    func testCellPropertiesAreTypedAndBindable() throws {
        XCTAssertEqual(ids("layer e: emitter { cell a { birthRate: 2s } }"), ["E0300"])
        XCTAssertEqual(ids("layer e: emitter { cell a { emissionRange: 2s } }"), ["E0300"])
        XCTAssertEqual(ids("layer e: emitter { cell a { contents: 3 } }"), ["E0300"])
        XCTAssertEqual(ids("layer e: emitter { cell a { enabled: false  lifetime: 2  spin: 1  beginTime: 0.5s  duration: 2 } }"), [])
        XCTAssertEqual(ids("layer e: emitter { cell a { birthRate: 1 } cell a { } }"), ["E0243"])
        XCTAssertEqual(ids("layer e: emitter { cell a { name: \"b\" } }"), ["E0245"])
        XCTAssertEqual(ids("layer e: emitter { emitterShape: .cube }"), ["E0301"])
        XCTAssertEqual(ids("layer e: emitter { cell a { animations { } } }"), ["E0246"])
        XCTAssertEqual(ids("layer e: emitter { }\nat 1s { e.emitterCells = [] }"), ["E0247"])
        XCTAssertEqual(ids("layer e: emitter { for i in 0..<2 { cell a { } } }"), ["E0242"])
        XCTAssertEqual(ids("cell a { }"), ["E0242"])
        XCTAssertEqual(ids("at 1s { layer x { cell a { } } }"), ["E0242"])
        let many = (0...EmitterCellKey.maxCells).map { "cell c\($0) { }" }.joined(separator: "\n")
        XCTAssertEqual(ids("layer e: emitter {\n\(many)\n}"), ["E0248"], "the 257th cell")
        let p = try compile("layer e: emitter { cell a { velocity: 10 + 5 * sin(time / 1s * 360deg) } }")
        XCTAssertTrue(p.functions[0].code.contains { $0.op == .bind })
    }
}
