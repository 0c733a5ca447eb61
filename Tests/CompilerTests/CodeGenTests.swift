import XCTest
import CalcCore
import Bytecode
@testable import Compiler

/// The exact instruction sequences the code generator emits (Lua's habit of asserting opcodes).
final class CodeGenTests: XCTestCase {
    func compile(_ src: String) throws -> Program {
        let r = Compiler.compile(SourceFile(name: "t.cal", text: src))
        return try XCTUnwrap(r.program, "\(r.diagnostics)")
    }

    func ops(_ f: Function) -> [Opcode] { f.code.map { $0.op } }

    func testLayerWithConstantPropertiesIsATemplate() throws {
        let p = try compile("layer a { bounds: (0, 0, 10, 20) opacity: 0.5 }")
        XCTAssertEqual(p.layerTemplates.count, 1)
        XCTAssertEqual(p.layerTemplates[0].properties.map { $0.keyPath.name }, ["bounds", "opacity"])
        XCTAssertEqual(p.constants[Int(p.layerTemplates[0].properties[0].constant)], .rect(Rect(0, 0, 10, 20)))
        // main: NEWLAYER → SETGLOBAL, ROOT, GETGLOBAL, ADDSUBLAYER, RET
        XCTAssertEqual(ops(p.functions[0]), [.newlayer, .setglobal, .root, .getglobal, .addsublayer, .ret])
    }

    /// A property whose value names `time` anywhere, even only inside a string interpolation (parsed
    /// by a parser of its own), is bound to a function rather than set once. (The checker skips the
    /// scan for `time` when the parser saw no such name.)
    func testTimeInsideAnInterpolationBindsTheProperty() throws {
        for src in ["layer a: text { string: \"t = \\(time)\" }", "layer a: text { string: \"x\\(\"\\(time)\")\" }",
                    "layer a { opacity: time / 10s }"] {
            let p = try compile(src)
            XCTAssertTrue(ops(p.functions[0]).contains(.bind), src)
            XCTAssertEqual(p.layerTemplates[0].properties.count, 0, src)
        }
        let still = try compile("let times = 2\nlayer a { opacity: times / 10 }")
        XCTAssertFalse(ops(still.functions[0]).contains(.bind))
    }

    func testConstantFolding() throws {
        let p = try compile("let w = 10\nlayer a { bounds: (0, 0, w * 2 + 1, 90deg / 1rad) }")
        XCTAssertEqual(p.constants[Int(p.layerTemplates[0].properties[0].constant)], .rect(Rect(0, 0, 21, Double.pi / 2)))
    }

    func testHandlerSetsPropertyInsideTransaction() throws {
        let p = try compile("layer a {}\nat 1s { transaction(animationDuration: 2s) { a.opacity = 0.5 } }")
        XCTAssertEqual(p.functions.count, 2)
        XCTAssertEqual(p.functions[1].name, "at 1s")
        XCTAssertEqual(ops(p.functions[1]), [.txbegin, .loadk, .txset, .getglobal, .loadk, .setprop, .txcommit, .ret])
        let set = p.functions[1].code[5]
        XCTAssertEqual(KeyPath(packed: set.c), KeyPath(property: LayerProperties.opacity))
        // main schedules the handler at 1 s
        XCTAssertTrue(ops(p.functions[0]).contains(.schedule))
    }

    func testDynamicValuesUseRegisters() throws {
        let p = try compile("layer a {}\nlayer b {}\nat 1s { b.position = (a.position.x + 1, 5) }")
        XCTAssertEqual(ops(p.functions[1]), [.getglobal, .getglobal, .getprop, .add, .loadk, .mkpoint, .setprop, .ret])
        // the constant 1 is an RK operand of ADD, not a LOADK
        XCTAssertEqual(p.functions[1].code[3].c & Instruction.constantBit, Instruction.constantBit)
        // b in R0; the point built in R1 from a.position.x + 1 computed in R1 and 5 in R2
        XCTAssertEqual(p.functions[1].registerCount, 3)
    }

    func testAnimationTemplateHoldsConstantFields() throws {
        let p = try compile("layer a { animations { m: basic { keyPath: position.x from: 0 to: 100 duration: 1s } } }")
        XCTAssertEqual(p.animationTemplates.count, 1)
        XCTAssertEqual(p.animationTemplates[0].keyPath.name, "position.x")
        XCTAssertEqual(p.animationTemplates[0].fields.map { $0.field }, [.from, .to, .duration])
        XCTAssertTrue(ops(p.functions[0]).contains(.animnew))
        XCTAssertTrue(ops(p.functions[0]).contains(.animadd))
    }

    func testLineTableFollowsStatements() throws {
        let p = try compile("layer a {}\nat 1s {\n  a.opacity = 0\n  a.hidden = true\n}")
        XCTAssertEqual(p.functions[1].lines, [3, 3, 3, 4, 4, 4, 5])
    }

    func testSameSourceSameProgram() throws {
        let src = try String(contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/basics/hello.cal").path, encoding: .utf8)
        XCTAssertEqual(try compile(src), try compile(src))
    }

    func testDynamicsBlockIsATemplateThenItemsThenActive() throws {
        let p = try compile("""
        layer a {}
        dynamics { push kick { items: [a]  mode: .instantaneous  magnitude: 2  active: false } }
        at 1s { kick.active = true; kick.magnitude = kick.magnitude * 2 }
        """)
        XCTAssertEqual(p.behaviorTemplates, [BehaviorTemplate(kind: .push, name: "kick", fields: [
            DynFieldInit(.mode, p.constants.firstIndex(of: .enumCase(1)).map(UInt32.init) ?? 99),
            DynFieldInit(.magnitude, p.constants.firstIndex(of: .number(2)).map(UInt32.init) ?? 99),
        ])])
        // main: the layer, then the items array and its DYNSET, then active (false, as written)
        XCTAssertEqual(ops(p.functions[0]), [.newlayer, .setglobal, .root, .getglobal, .addsublayer,
                                             .getglobal, .newarray, .dynset, .loadbool, .dynset, .loadk, .newarray, .schedule, .ret])
        let main = p.functions[0].code
        XCTAssertEqual(main[7].b, UInt16(DynField.items.rawValue))
        XCTAssertEqual(main[9].b, UInt16(DynField.active.rawValue))
        XCTAssertEqual(main[8].b, 0, "active: false")
        // the handler: LOADBOOL, DYNSET active; DYNGET, MUL, DYNSET magnitude
        XCTAssertEqual(ops(p.functions[1]), [.loadbool, .dynset, .dynget, .mul, .dynset, .ret])
        XCTAssertEqual(p.functions[1].code[2].b, UInt16(DynField.magnitude.rawValue))
    }

    func testContactHandlerTakesThreeParametersAndItsCaptures() throws {
        let p = try compile("""
        layer a {}
        dynamics { collision c { items: [a] } }
        for i in 0..<2 { on c.beganContact(item) { item.opacity = i } }
        """)
        let handler = try XCTUnwrap(p.functions.first { $0.name == "on c.beganContact" })
        XCTAssertEqual(handler.paramCount, 4, "item, partner, point, then the captured i")
        XCTAssertTrue(ops(p.functions[0]).contains(.oncontact))
        XCTAssertEqual(p.functions[0].code.first { $0.op == .oncontact }?.a, 0, "BT0")
    }
}
