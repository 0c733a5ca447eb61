// The disassembler: the expected listing below was written by hand from the layout documented in
// docs/bytecode.md ("Disassembly"), not copied from output, so it pins the format users snapshot.

import CalcCore
import XCTest
@testable import Bytecode

final class DisassemblerTests: XCTestCase {
    static var hello: Program {
        let kp = Fixtures.kp
        return Program(
            sourceName: "hello.cal",
            scene: SceneInfo(size: Size(320, 240), scale: 2, fps: 30, duration: 2, background: .white, origin: .topLeft),
            constants: [
                .number(1.5), .point(Point(10, 20)), .string("spin"), .rect(Rect(0, 0, 100, 50)),
                .color(Color(1, 0.5, 0, 1)), .number(2), .enumCase(3), .timing(.easeInEaseOut),
                .color(Color(1, 128.0 / 255, 0, 1)), .transform(.translation(10, 20, 0)), .bool(true), .number(0.25),
            ],
            functions: [
                Function(name: "main", registerCount: 4, code: [
                    Instruction(.root, a: 0),
                    Instruction(.newlayer, a: 1, c: 0),
                    Instruction(.loadk, a: 2, c: 1),
                    Instruction(.setprop, a: 1, b: 2, c: kp("position").packed),
                    Instruction(.addsublayer, a: 0, b: 1),
                    Instruction(.animnew, a: 2, c: 0),
                    Instruction(.animadd, a: 1, b: 2, c: 2),
                    Instruction(.loadk, a: 3, c: 0),
                    Instruction(.schedule, a: 3, c: 1),
                    Instruction(.loadbool, a: 3, b: 1),
                    Instruction.jump(.jmpif, a: 3, offset: 1),
                    Instruction(.txbegin),
                    Instruction(.ret),
                ], lines: [3, 3, 4, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9]),
                Function(name: "at 1.5s", registerCount: 1, code: [
                    Instruction(.txbegin),
                    Instruction(.loadk, a: 0, c: 11),
                    Instruction(.txset, a: 0, c: UInt32(TxField.animationDuration.rawValue)),
                    Instruction(.txcommit),
                    Instruction.jump(.jmp, offset: -5),
                ], lines: [12, 12, 12, 13, 14]),
            ],
            layerTemplates: [LayerTemplate(name: "card", properties: [PropertyInit(kp("bounds"), 3), PropertyInit(kp("backgroundColor"), 8)])],
            animationTemplates: [AnimationTemplate(keyPath: kp("position.x"), fields: [
                FieldInit(.duration, 5), FieldInit(.fillMode, 6), FieldInit(.timingFunction, 7),
            ])]
        )
    }

    func testListingOfAHandBuiltProgram() throws {
        try Verifier.verify(Self.hello)
        let expected = """
            ; calc bytecode, format 2
            ; source: hello.cal
            .scene size 320x240 scale 2 fps 30 duration 2 background #ffffffff origin topLeft

            .constants
              K0      number    1.5
              K1      point     (10, 20)
              K2      string    "spin"
              K3      rect      (0, 0, 100, 50)
              K4      color     rgba(1, 0.5, 0, 1)
              K5      number    2
              K6      enum      case 3
              K7      timing    easeInEaseOut
              K8      color     #ff8000ff
              K9      transform [1 0 0 0, 0 1 0 0, 0 0 1 0, 10 20 0 1]
              K10     bool      true
              K11     number    0.25

            .layer LT0 plain "card"
              bounds = K3                 ; (0, 0, 100, 50)
              backgroundColor = K8        ; #ff8000ff

            .animation AT0 basic position.x
              duration = K5               ; 2
              fillMode = K6               ; .both
              timingFunction = K7         ; easeInEaseOut

            .function F0 "main" params 0 registers 4
              0000    3 ROOT          R0
              0001    | NEWLAYER      R1, LT0             ; plain "card"
              0002    4 LOADK         R2, K1              ; (10, 20)
              0003    | SETPROP       R1, R2, position
              0004    5 ADDSUBLAYER   R0, R1
              0005    6 ANIMNEW       R2, AT0             ; basic position.x
              0006    | ANIMADD       R1, R2, K2          ; "spin"
              0007    7 LOADK         R3, K0              ; 1.5
              0008    | SCHEDULE      R3, R0, F1          ; "at 1.5s"
              0009    8 LOADBOOL      R3, 1
              0010    | JMPIF         R3, +1              ; -> 0012
              0011    9 TXBEGIN
              0012    | RET

            .function F1 "at 1.5s" params 0 registers 1
              0000   12 TXBEGIN
              0001    | LOADK         R0, K11             ; 0.25
              0002    | TXSET         R0, animationDuration
              0003   13 TXCOMMIT
              0004   14 JMP           -5                  ; -> 0000

            """
        XCTAssertEqual(Disassembler.disassemble(Self.hello), expected)
    }

    func testOneFunctionAndOneInstruction() {
        let p = Self.hello
        XCTAssertEqual(Disassembler.disassemble(function: 1, in: p), """
            .function F1 "at 1.5s" params 0 registers 1
              0000   12 TXBEGIN
              0001    | LOADK         R0, K11             ; 0.25
              0002    | TXSET         R0, animationDuration
              0003   13 TXCOMMIT
              0004   14 JMP           -5                  ; -> 0000

            """)
        XCTAssertEqual(Disassembler.disassemble(function: 2, in: p), "; no function F2\n")
        XCTAssertEqual(Disassembler.instruction(Instruction(.mkrect, a: 1, b: 4), at: 0, in: p), "MKRECT        R1, R4..R7")
        XCTAssertEqual(Disassembler.instruction(Instruction(.animset, a: 1, b: 2, c: 3), at: 0, in: p), "ANIMSET       R1, R2, duration")
        XCTAssertEqual(Disassembler.instruction(Instruction(.getpres, a: 1, b: 2, c: Fixtures.kp("transform.rotation.z").packed), at: 0, in: p),
                       "GETPRES       R1, R2, transform.rotation.z")
    }

    /// Broken programs print what is there instead of trapping.
    func testUnverifiedOperandsPrintAsTheyAre() {
        let p = Self.hello
        XCTAssertEqual(Disassembler.instruction(Instruction(.loadk, a: 0, c: 99), at: 0, in: p), "LOADK         R0, K99             ; out of range")
        XCTAssertEqual(Disassembler.instruction(Instruction(.newlayer, a: 0, b: 7, c: 5), at: 0, in: p),
                       "NEWLAYER      R0, LT5             ; unused B=7, out of range")
        XCTAssertEqual(Disassembler.instruction(Instruction(.setprop, a: 0, b: 1, c: 0xFF00), at: 0, in: p), "SETPROP       R0, R1, ?kp(0xff00)")
        XCTAssertEqual(Disassembler.instruction(Instruction(.animset, a: 0, b: 1, c: 99), at: 0, in: p), "ANIMSET       R0, R1, ?field(99)")
        XCTAssertEqual(Disassembler.instruction(Instruction(.txset, a: 0, c: 99), at: 0, in: p), "TXSET         R0, ?tx(99)")
        XCTAssertEqual(Disassembler.instruction(Instruction.jump(.jmp, offset: -9), at: 2, in: p), "JMP           -9                  ; -> -6")
        var broken = p
        broken.functions[0].lines = [1]
        broken.constants.append(.layer(4))
        broken.layerTemplates[0].properties.append(PropertyInit(KeyPath(property: 999), 77))
        let text = Disassembler.disassemble(broken)
        XCTAssertTrue(text.contains("\n  K12     layer     layer 4\n"))
        XCTAssertTrue(text.contains("\n  ?kp(0x3e700) = K77          ; out of range\n"))
        XCTAssertTrue(text.contains("\n  0001    ? NEWLAYER"))
    }

    func testValueFormatting() {
        XCTAssertEqual(Format.number(10), "10")
        XCTAssertEqual(Format.number(-0.0), "-0")
        XCTAssertEqual(Format.number(0.1), "0.1")
        XCTAssertEqual(Format.number(123_456_789_012_345), "123456789012345")
        XCTAssertEqual(Format.number(1e15), "1000000000000000")
        XCTAssertEqual(Format.number(-1e16), "-1e+16")
        XCTAssertEqual(Format.number(1e-7), "1e-07")
        XCTAssertEqual(Format.number(-.infinity), "-inf")
        XCTAssertEqual(Format.number(.nan), "nan")
        XCTAssertEqual(Format.quoted("a\"b\\c\n\t\u{1}\u{7F}é"), "\"a\\\"b\\\\c\\n\\t\\u{1}\\u{7f}é\"")
        XCTAssertEqual(Format.quoted1("it's"), "'it\\'s'")
        XCTAssertEqual(Format.color(Color(1, 1, 1, 1)), "#ffffffff")
        XCTAssertEqual(Format.color(Color(0, 0x33 / 255.0, 0xCC / 255.0, 0)), "#0033cc00")
        XCTAssertEqual(Format.color(Color(2, 0, 0, 1)), "rgba(2, 0, 0, 1)")
        XCTAssertEqual(Format.value(.timing(TimingFunction(0.1, 0.2, 0.3, 1))), "cubic(0.1, 0.2, 0.3, 1)")
        XCTAssertEqual(Format.value(.enumCase(1), enumeration: "origin"), ".bottomLeft")
        XCTAssertEqual(Format.value(.size(Size(3, 4))), "(3, 4)")
    }

    func testSourceNamesThatNeedQuoting() {
        var p = Self.hello
        p.sourceName = "my \"file\".cal"
        XCTAssertTrue(Disassembler.disassemble(p).hasPrefix("; calc bytecode, format 2\n; source: \"my \\\"file\\\".cal\"\n"))
    }

    func testDisassemblyIsStableAcrossAFileRoundTrip() throws {
        let p = Fixtures.full
        let text = Disassembler.disassemble(p)
        XCTAssertEqual(Disassembler.disassemble(try BytecodeReader.decode(BytecodeWriter.encode(p))), text)
        XCTAssertEqual(Disassembler.disassemble(p), text)
    }

    func testBehavioursAndTheirInstructions() throws {
        let p = Program(
            sourceName: "drop.cal", scene: SceneInfo(),
            constants: [.number(2), .enumCase(1), .rect(Rect(0, 0, 320, 240))],
            functions: [
                Function(name: "main", registerCount: 2, code: [
                    Instruction(.dynget, a: 0, b: UInt16(DynField.magnitude.rawValue), c: 0),
                    Instruction(.dynset, a: 0, b: UInt16(DynField.magnitude.rawValue), c: 1),
                    Instruction(.oncontact, a: 2, b: 1, c: 1),
                    Instruction(.onendcontact, a: 2, b: 1, c: 1),
                    Instruction(.ret),
                ], lines: [3, 3, 4, 5, 5]),
                Function(name: "on walls.beganContact", paramCount: 3, registerCount: 3, code: [Instruction(.ret)], lines: [4]),
            ],
            behaviorTemplates: [
                BehaviorTemplate(kind: .gravity, name: "fall", fields: [DynFieldInit(.magnitude, 0)]),
                BehaviorTemplate(kind: .push, name: "kick", fields: [DynFieldInit(.mode, 1)]),
                BehaviorTemplate(kind: .collision, name: "walls", fields: [DynFieldInit(.boundary, 2)]),
            ])
        try Verifier.verify(p)
        XCTAssertEqual(Disassembler.disassemble(p), """
            ; calc bytecode, format 3
            ; source: drop.cal
            .scene size 320x240 scale 1 fps 30 duration 1 background #ffffffff origin topLeft

            .constants
              K0      number    2
              K1      enum      case 1
              K2      rect      (0, 0, 320, 240)

            .behavior BT0 gravity "fall"
              magnitude = K0              ; 2

            .behavior BT1 push "kick"
              mode = K1                   ; .instantaneous

            .behavior BT2 collision "walls"
              boundary = K2               ; (0, 0, 320, 240)

            .function F0 "main" params 0 registers 2
              0000    3 DYNGET        R0, magnitude, BT0  ; gravity "fall"
              0001    | DYNSET        R0, magnitude, BT1  ; push "kick"
              0002    4 ONCONTACT     BT2, R1, F1         ; collision "walls", "on walls.beganContact"
              0003    5 ONENDCONTACT  BT2, R1, F1         ; collision "walls", "on walls.beganContact"
              0004    | RET

            .function F1 "on walls.beganContact" params 3 registers 3
              0000    4 RET

            """)
    }
}
