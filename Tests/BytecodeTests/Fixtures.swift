// Hand-built programs and byte-level helpers shared by the Bytecode tests.

import CalcCore
@testable import Bytecode

enum Fixtures {
    static func kp(_ path: String) -> KeyPath {
        guard let (k, _) = KeyPath.parse(path) else { preconditionFailure("fixture key path \(path)") }
        return k
    }

    /// A small valid program: the base the verifier tests break one rule at a time.
    static var small: Program {
        Program(
            sourceName: "small.cal",
            scene: SceneInfo(size: Size(100, 80), scale: 1, fps: 10, duration: 1),
            constants: [.number(1), .string("k"), .rect(Rect(0, 0, 10, 10)), .point(Point(1, 2))],
            functions: [
                Function(name: "main", registerCount: 2,
                         code: [Instruction(.loadk, a: 0, c: 0), Instruction(.ret)], lines: [1, 1]),
                Function(name: "f", registerCount: 1, code: [Instruction(.ret)], lines: [3]),
            ],
            layerTemplates: [LayerTemplate(name: "box", properties: [PropertyInit(kp("bounds"), 2)])],
            animationTemplates: [AnimationTemplate(keyPath: kp("position.x"), fields: [FieldInit(.duration, 0)])]
        )
    }

    /// Every opcode, every storable constant type, templates and a line table with runs.
    static var full: Program {
        let constants: [Value] = [
            .number(10),                                            // K0
            .bool(true),                                            // K1
            .point(Point(10, 20)),                                  // K2
            .size(Size(100, 50)),                                   // K3
            .rect(Rect(0, 0, 100, 50)),                             // K4
            .color(Color(1, 128.0 / 255, 0, 1)),                    // K5
            .string("twist"),                                       // K6
            .timing(.easeIn),                                       // K7
            .transform(.translation(10, 20, 0)),                    // K8
            .enumCase(1),                                           // K9 .forwards
            .number(.infinity),                                     // K10
            .number(2),                                             // K11
            .color(Color(0.1, 0.2, 0.3, 0.4)),                      // K12
            .timing(TimingFunction(0.1, 0.2, 0.3, 1)),              // K13
            .string("h\u{E9}llo\n\"card\""),                        // K14
            .number(-0.5),                                          // K15
            .transform(.rotation(0.5, 1, 1, 0)),                    // K16
            .string("card"),                                        // K17, also the layer's name
            .path(BezierPath([.move(Point(0, 0)), .line(Point(4, 0)), .quad(Point(5, 1), Point(4, 2)),
                              .cubic(Point(3, 3), Point(1, 3), Point(0, 2)), .close])),   // K18
            .image("photo.png"),                                    // K19
            .timing(TimingFunction(spring: Spring(mass: 2, stiffness: 300, damping: 12, initialVelocity: -1))),   // K20
        ]
        let main: [(Instruction, UInt32)] = [
            (Instruction(.loadk, a: 0, c: 2), 1),
            (Instruction(.loadnil, a: 1), 1),
            (Instruction(.loadbool, a: 1, b: 1), 2),
            (Instruction(.move, a: 2, b: 0), 2),
            (Instruction(.add, a: 3, b: 0, c: 0), 2),
            (Instruction(.sub, a: 3, b: 0, c: 0), 3),
            (Instruction(.mul, a: 3, b: 0, c: 2), 3),
            (Instruction(.div, a: 3, b: 0, c: 2), 3),
            (Instruction(.mod, a: 3, b: 2, c: 2), 4),
            (Instruction(.neg, a: 3, b: 0), 4),
            (Instruction(.not, a: 3, b: 1), 4),
            (Instruction(.eq, a: 3, b: 0, c: 0), 5),
            (Instruction(.lt, a: 3, b: 2, c: 2), 5),
            (Instruction(.le, a: 3, b: 2, c: 2), 5),
            (Instruction.jump(.jmp, offset: 1), 6),                 // 14 -> 16
            (Instruction.jump(.jmpif, a: 1, offset: 0), 6),         // 15 -> 16
            (Instruction.jump(.jmpifnot, a: 1, offset: -3), 7),     // 16 -> 14
            (Instruction(.mkpoint, a: 3, b: 4, c: 5), 8),
            (Instruction(.mksize, a: 3, b: 4, c: 5), 8),
            (Instruction(.mkrect, a: 3, b: 4), 8),
            (Instruction(.mkcolor, a: 3, b: 4), 8),
            (Instruction(.translate, a: 3, b: 4), 9),
            (Instruction(.scale, a: 3, b: 5), 9),
            (Instruction(.rotate, a: 3, b: 4), 9),
            (Instruction(.perspective, a: 3, b: 7), 9),
            (Instruction(.root, a: 0), 10),
            (Instruction(.newlayer, a: 1, c: 0), 11),
            (Instruction(.addsublayer, a: 0, b: 1), 11),
            (Instruction(.setprop, a: 1, b: 2, c: kp("position").packed), 12),
            (Instruction(.getprop, a: 3, b: 1, c: kp("position.x").packed), 12),
            (Instruction(.getpres, a: 3, b: 1, c: kp("bounds.size.width").packed), 12),
            (Instruction(.animnew, a: 4, c: 0), 13),
            (Instruction(.animset, a: 4, b: 3, c: UInt32(AnimField.duration.rawValue)), 13),
            (Instruction(.animadd, a: 1, b: 4, c: 6), 13),
            (Instruction(.animremove, a: 1, c: 6), 14),
            (Instruction(.animremoveall, a: 1), 14),
            (Instruction(.txbegin), 15),
            (Instruction(.txset, a: 3, c: UInt32(TxField.disableActions.rawValue)), 15),
            (Instruction(.txcommit), 15),
            (Instruction(.schedule, a: 3, c: 1), 16),
            (Instruction(.setglobal, a: 1, c: 1), 17),
            (Instruction(.getglobal, a: 2, c: 0), 17),
            (Instruction(.call, a: 4, b: 2, c: 2), 18),
            (Instruction(.callb, a: 3, b: 4, c: UInt32(Builtin.atan2.rawValue)), 18),
            (Instruction(.newarray, a: 3, b: 4, c: 2), 19),
            (Instruction(.getindex, a: 3, b: 3, c: 0), 19),
            (Instruction(.setindex, a: 3, b: 0, c: 1), 19),
            (Instruction(.len, a: 3, b: 3), 19),
            (Instruction(.append, a: 3, b: 0), 19),
            (Instruction.jump(.forprep, a: 4, b: 6, offset: 0), 20),
            (Instruction.jump(.forloop, a: 4, b: 6, offset: -1), 20),
            (Instruction(.now, a: 3), 21),
            (Instruction(.named, a: 1, b: 6), 21),
            (Instruction(.insertat, a: 0, b: 1, c: 3), 22),
            (Instruction(.insertabove, a: 0, b: 1, c: 2), 22),
            (Instruction(.insertbelow, a: 0, b: 1, c: 2), 22),
            (Instruction(.removefromsuper, a: 1), 22),
            (Instruction(.replacesub, a: 0, b: 1, c: 2), 22),
            (Instruction(.every, a: 3, b: 4, c: 1), 23),
            (Instruction(.onframe, b: 4, c: 1), 23),
            (Instruction(.onstart, a: 1, b: 4, c: 1), 23),
            (Instruction(.onstop, a: 1, b: 4, c: 1), 23),
            (Instruction(.txcompletion, b: 4, c: 1), 23),
            (Instruction(.bind, a: 1, b: 1, c: kp("opacity").packed), 24),
            (Instruction(.setaction, a: 1, b: 4, c: 6), 24),
            (Instruction(.field, a: 3, b: 2, c: UInt32(Component.x.rawValue)), 24),
            (Instruction(.setmask, a: 0, b: 1), 25),
            (Instruction(.setdraw, a: 1, c: 2), 26),
            (Instruction(.drawfill, a: 0), 27),
            (Instruction(.drawstroke, a: 0), 27),
            (Instruction(.drawtext, a: 0), 27),
            (Instruction(.drawimage, a: 0), 27),
            (Instruction(.constrain, a: 1, b: 2, c: UInt32(ConstraintAttribute.maxY.rawValue) << 3 | UInt32(ConstraintAttribute.minY.rawValue)), 27),
            (Instruction(.setprop, a: 1, b: 0, c: KeyPath(property: LayerProperties.customBase + 1, component: .x).packed), 28),
            (Instruction(.dynset, a: 3, b: UInt16(DynField.items.rawValue), c: 0), 29),
            (Instruction(.dynget, a: 3, b: UInt16(DynField.boundary.rawValue), c: 1), 29),
            (Instruction(.oncontact, a: 1, b: 4, c: 3), 30),
            (Instruction(.onendcontact, a: 1, b: 4, c: 3), 30),
            (Instruction(.animaddk, a: 1, b: 4, c: 5), 31),
            (Instruction(.animremovek, a: 1, c: 5), 31),
            (Instruction(.superlayer, a: 3, b: 1), 32),
            (Instruction(.sublayers, a: 3, b: 1), 32),
            (Instruction(.getmask, a: 3, b: 1), 32),
            (Instruction(.txcompletionf, b: 4, c: 1), 33),
            (Instruction(.unconstrain, a: 1), 34),
            (Instruction(.animget, a: 3, b: 2, c: UInt32(AnimField.duration.rawValue)), 35),
            (Instruction(.animcopy, a: 3, b: 2), 35),
            (Instruction(.print, b: 2, c: 2), 36),
            (Instruction(.convert, a: 3, b: 0, c: 1), 36),
            (Instruction(.setstyled, a: 1, b: 0, c: kp("opacity").packed), 37),
            (Instruction(.stylereset, a: 1), 37),
            (Instruction(.retv, a: 0), 25),
            (Instruction(.ret), 25),
        ]
        return Program(
            sourceName: "samples/full.cal",
            scene: SceneInfo(size: Size(320, 240), scale: 2, fps: 30, duration: 2,
                             background: Color(0, 0, 0, 1), origin: .bottomLeft),
            constants: constants,
            functions: [
                Function(name: "main", registerCount: 8, code: main.map(\.0), lines: main.map(\.1)),
                Function(name: "at 1.5s", registerCount: 1, code: [Instruction(.loadnil, a: 0), Instruction(.ret)], lines: [20, 21]),
                Function(name: "helper", paramCount: 2, registerCount: 3, code: [Instruction(.ret)], lines: [30]),
                Function(name: "on walls.beganContact", paramCount: 3, registerCount: 3, code: [Instruction(.ret)], lines: [31]),
            ],
            layerTemplates: [
                LayerTemplate(kind: .plain, name: "card", properties: [
                    PropertyInit(kp("bounds"), 4), PropertyInit(kp("backgroundColor"), 5),
                    PropertyInit(kp("position"), 2), PropertyInit(kp("transform"), 8),
                    PropertyInit(kp("hidden"), 1), PropertyInit(kp("opacity"), 15),
                    PropertyInit(kp("position.x"), 0), PropertyInit(kp("bounds.size"), 3),
                    PropertyInit(KeyPath(property: LayerProperties.customBase), 11),
                ]),
                LayerTemplate(kind: .plain, name: "", properties: []),
            ],
            animationTemplates: [
                AnimationTemplate(kind: .basic, keyPath: kp("position.x"), fields: [
                    FieldInit(.from, 0), FieldInit(.to, 15), FieldInit(.by, 11), FieldInit(.duration, 11),
                    FieldInit(.beginTime, 15), FieldInit(.timeOffset, 0), FieldInit(.speed, 15),
                    FieldInit(.repeatCount, 10), FieldInit(.repeatDuration, 10), FieldInit(.autoreverses, 1),
                    FieldInit(.fillMode, 9), FieldInit(.removedOnCompletion, 1), FieldInit(.timingFunction, 13),
                    FieldInit(.additive, 1), FieldInit(.cumulative, 1),
                ]),
                AnimationTemplate(kind: .basic, keyPath: kp("backgroundColor"), fields: [FieldInit(.from, 5), FieldInit(.to, 12)]),
                AnimationTemplate(kind: .basic, keyPath: kp("transform"), fields: [FieldInit(.to, 16), FieldInit(.timingFunction, 7)]),
            ],
            globalCount: 2,
            customKeys: [CustomKey(name: "thickness", defaultValue: .number(4)),
                         CustomKey(name: "anchor", defaultValue: .point(Point(1, 2))),
                         CustomKey(name: "twist", defaultValue: .number(0.5), dimension: .angle),
                         CustomKey(name: "outline", defaultValue: .path(BezierPath([.move(Point(0, 0)), .close])))],
            behaviorTemplates: [
                BehaviorTemplate(kind: .gravity, name: "g", fields: [DynFieldInit(.magnitude, 11), DynFieldInit(.angle, 15)]),
                BehaviorTemplate(kind: .collision, name: "walls", fields: [
                    DynFieldInit(.boundary, 4), DynFieldInit(.collisionMode, 9), DynFieldInit(.boundaryFriction, 0),
                ]),
            ]
        )
    }

    // MARK: byte helpers

    static func u32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
    }

    static func put32(_ b: inout [UInt8], _ at: Int, _ v: UInt32) {
        for k in 0..<4 { b[at + k] = UInt8(truncatingIfNeeded: v >> UInt32(8 * k)) }
    }

    /// Fixes the length field and the checksum after a test edited the bytes, so the edit reaches
    /// the structural checks behind them.
    static func reseal(_ b: [UInt8]) -> [UInt8] {
        var b = b
        put32(&b, 20, UInt32(b.count))
        let crc = CRC32.checksum(b[0..<b.count - 4])
        put32(&b, b.count - 4, crc)
        return b
    }

    /// Payload ranges of the sections by tag (1 strings … 6 animation templates), walking the framing.
    static func sections(_ b: [UInt8]) -> [UInt8: Range<Int>] {
        var out: [UInt8: Range<Int>] = [:]
        var pos = 24
        while pos < b.count - 4 {
            let length = Int(u32(b, pos + 1))
            out[b[pos]] = pos + 5..<pos + 5 + length
            pos += 5 + length
        }
        return out
    }
}
