// The verifier: one test per rule, each feeding `Fixtures.small` with exactly that rule broken and
// checking the whole message, so every message names the function and instruction, constant,
// template or scene field it is about.

import CalcCore
import XCTest
@testable import Bytecode

final class VerifierTests: XCTestCase {
    func assertInvalid(_ p: Program, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        do {
            try Verifier.verify(p)
            XCTFail("verification passed", file: file, line: line)
        } catch {
            XCTAssertEqual(error.kind, .invalid, file: file, line: line)
            XCTAssertEqual(error.message, message, file: file, line: line)
        }
    }

    /// `small` with main's first instruction replaced.
    func main(_ ins: Instruction) -> Program {
        var p = Fixtures.small
        p.functions[0].code[0] = ins
        return p
    }

    /// `small` with one more constant, K4.
    func withConstant(_ v: Value) -> Program {
        var p = Fixtures.small
        p.constants.append(v)
        return p
    }

    func testTheFixturesAreValid() throws {
        try Verifier.verify(Fixtures.small)
        try Verifier.verify(Fixtures.full)
    }

    // MARK: scene

    func testSceneSize() {
        var p = Fixtures.small
        p.scene.size = Size(0, 240)
        assertInvalid(p, "scene: canvas size 0x240 must be positive and finite")
        p.scene.size = Size(.infinity, 10)
        assertInvalid(p, "scene: canvas size infx10 must be positive and finite")
    }

    func testSceneScale() {
        var p = Fixtures.small
        p.scene.scale = 0
        assertInvalid(p, "scene: scale 0 must be positive and finite")
        p.scene.scale = .nan
        assertInvalid(p, "scene: scale nan must be positive and finite")
    }

    func testScenePixelLimit() throws {
        var p = Fixtures.small
        p.scene.size = Size(10000, 100)
        p.scene.scale = 2
        assertInvalid(p, "scene: a 10000x100 canvas at scale 2 is 20000x200 pixels, over the limit of 16384 on a side")
        p.scene.size = Size(8192, 100)
        try Verifier.verify(p)
    }

    func testSceneOfLessThanAPixel() {
        var p = Fixtures.small
        p.scene.size = Size(0.4, 100)
        assertInvalid(p, "scene: a 0.4x100 canvas at scale 1 is 0x100 pixels; each side needs at least 1")
    }

    func testSceneFPS() throws {
        var p = Fixtures.small
        p.scene.fps = 0
        assertInvalid(p, "scene: fps 0 must be more than 0 and at most 1000")
        p.scene.fps = 1001
        assertInvalid(p, "scene: fps 1001 must be more than 0 and at most 1000")
        p.scene.fps = 1000
        try Verifier.verify(p)
    }

    func testSceneDuration() {
        var p = Fixtures.small
        p.scene.duration = -1
        assertInvalid(p, "scene: duration -1 must be finite and not negative")
        p.scene.duration = .infinity
        assertInvalid(p, "scene: duration inf must be finite and not negative")
    }

    func testSceneFrameLimit() throws {
        var p = Fixtures.small
        p.scene.fps = 25
        p.scene.duration = 4000  // exactly 100 000 frames
        try Verifier.verify(p)
        p.scene.duration = 4000.04
        assertInvalid(p, "scene: 4000.04 s at 25 fps is 100001 frames, over the limit of 100000")
    }

    func testSceneBackground() {
        var p = Fixtures.small
        p.scene.background = Color(1.5, 0, 0, 1)
        assertInvalid(p, "scene: background rgba(1.5, 0, 0, 1) must have components in 0...1")
    }

    // MARK: custom properties

    func testCustomProperties() {
        var p = Fixtures.small
        p.customKeys = [CustomKey(name: "thickness", defaultValue: .number(1))]
        p.functions[0].code[0] = Instruction(.getprop, a: 0, b: 0, c: KeyPath(property: LayerProperties.customBase + 1).packed)
        assertInvalid(p, "function F0 'main', instruction 0000 GETPROP: operand C: 0x800100 names custom property 1, but the program has 1")
        p.functions[0].code[0] = Instruction(.getprop, a: 0, b: 0, c: KeyPath(property: LayerProperties.customBase, component: .x).packed)
        assertInvalid(p, "function F0 'main', instruction 0000 GETPROP: operand C: 'thickness' has no component 'x'")
        p = Fixtures.small
        p.customKeys = [CustomKey(name: "opacity", defaultValue: .number(1))]
        assertInvalid(p, "custom property 0 'opacity': has the name of a built-in layer property")
        p.customKeys = [CustomKey(name: "w", defaultValue: .number(1)), CustomKey(name: "w", defaultValue: .bool(true))]
        assertInvalid(p, "custom property 1 'w': is declared twice")
        p.customKeys = [CustomKey(name: "9lives", defaultValue: .number(1))]
        assertInvalid(p, "custom property 0 '9lives': is not a valid property name")
        p.customKeys = [CustomKey(name: "curve", defaultValue: .timing(.linear))]
        assertInvalid(p, "custom property 0 'curve': its default is a timing, which a custom property cannot hold")
        p.customKeys = [CustomKey(name: "flag", defaultValue: .bool(true), dimension: .angle)]
        assertInvalid(p, "custom property 0 'flag': only a number can be an angle")
        p.customKeys = [CustomKey(name: "where", defaultValue: .point(Point(.nan, 0)))]
        assertInvalid(p, "custom property 0 'where': its default (nan, 0) is invalid")
        // a template setting a custom property checks its type against the declared one
        p = Fixtures.small
        p.customKeys = [CustomKey(name: "tint", defaultValue: .color(.black))]
        p.layerTemplates[0].properties.append(PropertyInit(KeyPath(property: LayerProperties.customBase), 0))
        XCTAssertThrowsError(try Verifier.verify(p)) { e in
            XCTAssertTrue((e as? BytecodeError)?.message.hasPrefix("layer template LT0 'box', property 1 (tint): constant K0 is a number") ?? false, "\(e)")
        }
    }

    func testEmitterCellKeys() throws {
        var p = Fixtures.small
        // a cell property's key is named by its key path, with the cell property's type and dimension
        p.customKeys = [CustomKey(name: "emitterCells.spark.birthRate", defaultValue: .number(0)),
                        CustomKey(name: "emitterCells.spark.emitterCells.trail.lifetime", defaultValue: .number(0), dimension: .time),
                        CustomKey(name: "emitterCells.spark.contents", defaultValue: .image(""))]
        try Verifier.verify(p)
        p.customKeys = [CustomKey(name: "emitterCells.spark.birthRate", defaultValue: .string("x"))]
        assertInvalid(p, "custom property 0 'emitterCells.spark.birthRate': its default must be a number, as the cell property 'birthRate' is")
        p.customKeys = [CustomKey(name: "emitterCells.spark.lifetime", defaultValue: .number(0))]
        assertInvalid(p, "custom property 0 'emitterCells.spark.lifetime': its default must be a duration, as the cell property 'lifetime' is")
        for bad in ["emitterCells.spark.nope", "emitterCells.spark", "emitterCells..birthRate", "emitterCells.spark.cells.x.birthRate",
                    "emitterCells.9.birthRate", "emitterCells.spark.birthRate."] {
            p.customKeys = [CustomKey(name: bad, defaultValue: .number(0))]
            assertInvalid(p, "custom property 0 '\(bad)': is not a valid property name")
        }
    }

    // MARK: constants

    func testConstantsThatAreNotValues() {
        assertInvalid(withConstant(.none), "constant K4: 'none' cannot be a constant")
        assertInvalid(withConstant(.layer(1)), "constant K4: a layer handle cannot be a constant")
        assertInvalid(withConstant(.animation(2)), "constant K4: an animation handle cannot be a constant")
    }

    func testNaNIsRejectedButInfinityAllowed() throws {
        assertInvalid(withConstant(.number(.nan)), "constant K4: NaN is not a valid number")
        try Verifier.verify(withConstant(.number(.infinity)))
        try Verifier.verify(withConstant(.number(-.infinity)))
    }

    func testStructuredConstantsMustBeFinite() {
        assertInvalid(withConstant(.point(Point(.infinity, 0))), "constant K4: point (inf, 0) must have finite components")
        assertInvalid(withConstant(.color(Color(.nan, 0, 0, 1))), "constant K4: color rgba(nan, 0, 0, 1) must have finite components")
        var m = Transform3D.identity
        m.m34 = .nan
        assertInvalid(withConstant(.transform(m)), "constant K4: transform [1 0 0 0, 0 1 0 0, 0 0 1 nan, 0 0 0 1] must have finite components")
    }

    func testTimingFunctionControlPoints() throws {
        assertInvalid(withConstant(.timing(TimingFunction(1.5, 0, 0.5, 1))),
                      "constant K4: timing function cubic(1.5, 0, 0.5, 1) has a control point x outside 0...1")
        try Verifier.verify(withConstant(.timing(TimingFunction(0.5, -2, 0.5, 3))))  // y may overshoot
    }

    func testEnumerationCaseRange() throws {
        assertInvalid(withConstant(.enumCase(21)),
                      "constant K4: enumeration case 21 is out of range of every enumeration (the largest has 21 cases)")
        try Verifier.verify(withConstant(.enumCase(20)))
    }

    // MARK: functions

    func testMainFunctionIsRequired() {
        var p = Fixtures.small
        p.functions = []
        assertInvalid(p, "the program has no functions: function F0 (the scene's main function) is required")
    }

    func testMainTakesNoParameters() {
        var p = Fixtures.small
        p.functions[0].paramCount = 1
        assertInvalid(p, "function F0 'main' is the scene's main function and must take 0 parameters, not 1")
    }

    func testParametersNeedRegisters() {
        var p = Fixtures.small
        p.functions[1].paramCount = 2
        assertInvalid(p, "function F1 'f' takes 2 parameters but has only 1 register to hold them")
    }

    func testCodeIsNotEmpty() {
        var p = Fixtures.small
        p.functions[1].code = []
        p.functions[1].lines = []
        assertInvalid(p, "function F1 'f' has no instructions")
    }

    func testLineTableMatchesCode() {
        var p = Fixtures.small
        p.functions[1].lines = [3, 4]
        assertInvalid(p, "function F1 'f' has 2 line-table entries for 1 instruction")
    }

    func testCodeCannotFallOffTheEnd() throws {
        var p = Fixtures.small
        p.functions[1].code = [Instruction(.loadnil, a: 0)]
        assertInvalid(p, "function F1 'f' can run off its end: the last instruction 0000 LOADNIL must be JMP, RET or RETV")
        p.functions[1].code = [Instruction.jump(.jmp, offset: -1)]
        try Verifier.verify(p)
    }

    // MARK: operands

    func testUnusedOperandsAreZero() {
        assertInvalid(main(Instruction(.loadk, a: 0, b: 5, c: 0)),
                      "function F0 'main', instruction 0000 LOADK: operand B is unused and must be 0, not 5")
        var p = Fixtures.small
        p.functions[0].code[1] = Instruction(.ret, a: 1)
        assertInvalid(p, "function F0 'main', instruction 0001 RET: operand A is unused and must be 0, not 1")
    }

    func testRegistersInRange() {
        assertInvalid(main(Instruction(.loadk, a: 2, c: 0)),
                      "function F0 'main', instruction 0000 LOADK: operand A: register R2 is out of range (the function has 2)")
        assertInvalid(main(Instruction(.mkpoint, a: 0, b: 1, c: 2)),
                      "function F0 'main', instruction 0000 MKPOINT: operand C: register R2 is out of range (the function has 2)")
    }

    func testRegisterRangesInRange() {
        assertInvalid(main(Instruction(.mkrect, a: 0, b: 1)),
                      "function F0 'main', instruction 0000 MKRECT: operand B: registers R1..R4 run past the function's 2")
    }

    func testImmediateIsZeroOrOne() {
        assertInvalid(main(Instruction(.loadbool, a: 0, b: 2)),
                      "function F0 'main', instruction 0000 LOADBOOL: operand B: immediate 2 must be 0 or 1")
    }

    func testConstantsInRange() {
        assertInvalid(main(Instruction(.loadk, a: 0, c: 4)),
                      "function F0 'main', instruction 0000 LOADK: operand C: constant K4 is out of range (there are 4)")
    }

    func testStringOperandsAreStrings() {
        assertInvalid(main(Instruction(.animremove, a: 0, c: 0)),
                      "function F0 'main', instruction 0000 ANIMREMOVE: operand C: constant K0 must be a string, not a number")
        assertInvalid(main(Instruction(.animremove, a: 0, c: 9)),
                      "function F0 'main', instruction 0000 ANIMREMOVE: operand C: constant K9 is out of range (there are 4)")
    }

    func testKeyPathsAreValid() {
        assertInvalid(main(Instruction(.setprop, a: 0, b: 1, c: 0xFF00)),
                      "function F0 'main', instruction 0000 SETPROP: operand C: 0xff00 is not a key path")
        // opacity is a number: it has no `.x` (component 1)
        assertInvalid(main(Instruction(.getprop, a: 0, b: 1, c: UInt32(LayerProperties.opacity) << 8 | 1)),
                      "function F0 'main', instruction 0000 GETPROP: operand C: 'opacity' has no component 'x'")
    }

    func testTemplateAndFunctionIndicesInRange() {
        assertInvalid(main(Instruction(.newlayer, a: 0, c: 1)),
                      "function F0 'main', instruction 0000 NEWLAYER: operand C: layer template LT1 is out of range (there are 1)")
        assertInvalid(main(Instruction(.animnew, a: 0, c: 3)),
                      "function F0 'main', instruction 0000 ANIMNEW: operand C: animation template AT3 is out of range (there are 1)")
        assertInvalid(main(Instruction(.schedule, a: 0, c: 2)),
                      "function F0 'main', instruction 0000 SCHEDULE: operand C: function F2 is out of range (there are 2)")
    }

    func testCallPassesTheCalleesParameterCount() {
        var p = main(Instruction(.call, a: 0, b: 0, c: 1))
        p.functions[1].paramCount = 1
        p.functions[1].registerCount = 1
        p.functions[0].registerCount = 2
        assertInvalid(p, "function F0 'main', instruction 0000 CALL: passes 0 arguments to F1, which takes 1")
        p.functions[0].code[0] = Instruction(.call, a: 1, b: 1, c: 1)
        assertInvalid(p, "function F0 'main', instruction 0000 CALL: registers R1..R2 run past the function's 2")
        p.functions[0].code[0] = Instruction(.call, a: 0, b: 1, c: 1)
        XCTAssertNoThrow(try Verifier.verify(p))
    }

    func testBuiltinArgumentsInsideTheFrame() {
        var p = main(Instruction(.callb, a: 0, b: 0, c: UInt32(Builtin.atan2.rawValue)))
        p.functions[0].registerCount = 1
        assertInvalid(p, "function F0 'main', instruction 0000 CALLB: registers R0..R1 run past the function's 1")
        p.functions[0].code[0] = Instruction(.callb, a: 0, b: 0, c: 200)
        assertInvalid(p, "function F0 'main', instruction 0000 CALLB: operand C: 200 is not a built-in function")
        p.functions[0].code[0] = Instruction(.newarray, a: 0, b: 0, c: 2)
        assertInvalid(p, "function F0 'main', instruction 0000 NEWARRAY: registers R0..R1 run past the function's 1")
    }

    func testJumpTargetsInsideTheFunction() throws {
        assertInvalid(main(Instruction.jump(.jmp, offset: 5)),
                      "function F0 'main', instruction 0000 JMP: operand C: jump +5 lands at 0006, outside the function (0000..0001)")
        assertInvalid(main(Instruction.jump(.jmpif, a: 0, offset: -3)),
                      "function F0 'main', instruction 0000 JMPIF: operand C: jump -3 lands at -2, outside the function (0000..0001)")
        try Verifier.verify(main(Instruction.jump(.jmpifnot, a: 0, offset: 0)))
        try Verifier.verify(main(Instruction.jump(.jmp, offset: -1)))
    }

    func testFieldOperandsAreKnownFields() {
        assertInvalid(main(Instruction(.animset, a: 0, b: 1, c: 40)),
                      "function F0 'main', instruction 0000 ANIMSET: operand C: 40 is not an animation field")
        assertInvalid(main(Instruction(.txset, a: 0, c: 12)),
                      "function F0 'main', instruction 0000 TXSET: operand C: 12 is not a transaction field")
        assertInvalid(main(Instruction(.txset, a: 0, c: 0x1_0000)),
                      "function F0 'main', instruction 0000 TXSET: operand C: 65536 is not a transaction field")
    }

    // MARK: templates

    func testLayerTemplateKeyPaths() {
        var p = Fixtures.small
        p.layerTemplates[0].properties[0].keyPath = KeyPath(property: LayerProperties.opacity, component: .x)
        assertInvalid(p, "layer template LT0 'box', property 0: 'opacity' has no component 'x'")
    }

    func testLayerTemplateConstantsInRange() {
        var p = Fixtures.small
        p.layerTemplates[0].properties[0].constant = 9
        assertInvalid(p, "layer template LT0 'box', property 0 (bounds): constant K9 is out of range (there are 4)")
    }

    func testLayerTemplateConstantsTypeCheck() {
        var p = Fixtures.small
        p.layerTemplates[0].properties[0].constant = 3
        assertInvalid(p, "layer template LT0 'box', property 0 (bounds): constant K3 is a point (1, 2), expected a rect")
        p.layerTemplates[0].properties = [PropertyInit(Fixtures.kp("position.x"), 0), PropertyInit(Fixtures.kp("opacity"), 1)]
        assertInvalid(p, "layer template LT0 'box', property 1 (opacity): constant K1 is a string \"k\", expected a number")
    }

    func testAnimationTemplateKeyPath() {
        var p = Fixtures.small
        p.animationTemplates[0].keyPath = KeyPath(property: LayerProperties.position, component: .width)
        assertInvalid(p, "animation template AT0: 'position' has no component 'width'")
    }

    /// `small` with AT0's fields replaced and K4 = `extra`.
    func animation(_ fields: [FieldInit], extra: Value = .number(-1)) -> Program {
        var p = withConstant(extra)
        p.animationTemplates[0].fields = fields
        return p
    }

    func testAnimationValuesMatchTheKeyPath() {
        assertInvalid(animation([FieldInit(.from, 2)]),
                      "animation template AT0 (position.x), field 0 (from): constant K2 is a rect (0, 0, 10, 10), expected a number")
        assertInvalid(animation([FieldInit(.to, 0), FieldInit(.by, 1)]),
                      "animation template AT0 (position.x), field 1 (by): constant K1 is a string \"k\", expected a number")
        assertInvalid(animation([FieldInit(.to, 9)]),
                      "animation template AT0 (position.x), field 0 (to): constant K9 is out of range (there are 5)")
    }

    func testAnimationDuration() {
        assertInvalid(animation([FieldInit(.duration, 4)]),
                      "animation template AT0 (position.x), field 0 (duration): constant K4 is -1, expected a finite duration of 0 or more")
        assertInvalid(animation([FieldInit(.duration, 4)], extra: .number(.infinity)),
                      "animation template AT0 (position.x), field 0 (duration): constant K4 is inf, expected a finite duration of 0 or more")
    }

    func testAnimationTimesAreFinite() throws {
        assertInvalid(animation([FieldInit(.beginTime, 4)], extra: .number(.infinity)),
                      "animation template AT0 (position.x), field 0 (beginTime): constant K4 is inf, expected a finite number")
        assertInvalid(animation([FieldInit(.speed, 1)]),
                      "animation template AT0 (position.x), field 0 (speed): constant K1 is a string \"k\", expected a number")
        try Verifier.verify(animation([FieldInit(.timeOffset, 4), FieldInit(.speed, 4)]))  // negative is fine
    }

    func testAnimationRepeats() throws {
        assertInvalid(animation([FieldInit(.repeatCount, 4)]),
                      "animation template AT0 (position.x), field 0 (repeatCount): constant K4 is -1, expected a number not below 0 (inf repeats forever)")
        try Verifier.verify(animation([FieldInit(.repeatCount, 4), FieldInit(.repeatDuration, 4)], extra: .number(.infinity)))
    }

    func testAnimationBooleans() {
        for field in [AnimField.autoreverses, .removedOnCompletion, .additive, .cumulative] {
            assertInvalid(animation([FieldInit(field, 0)]),
                          "animation template AT0 (position.x), field 0 (\(field.name)): constant K0 is a number 1, expected a bool")
        }
    }

    func testAnimationFillModeAndTimingFunction() throws {
        assertInvalid(animation([FieldInit(.fillMode, 0)]),
                      "animation template AT0 (position.x), field 0 (fillMode): constant K0 is a number 1, expected a fill mode")
        assertInvalid(animation([FieldInit(.timingFunction, 1)]),
                      "animation template AT0 (position.x), field 0 (timingFunction): constant K1 is a string \"k\", expected a timing function")
        var p = animation([FieldInit(.fillMode, 4), FieldInit(.timingFunction, 5)], extra: .enumCase(3))
        p.constants.append(.timing(.easeOut))
        try Verifier.verify(p)
    }

    func testGlobalOutOfRange() {
        var p = main(Instruction(.getglobal, a: 0, c: 2))
        p.globalCount = 2
        assertInvalid(p, "function F0 'main', instruction 0000 GETGLOBAL: operand C: global G2 is out of range (there are 2)")
        p.globalCount = 3
        XCTAssertNoThrow(try Verifier.verify(p))
    }

    // MARK: behaviours

    /// `small` with one behaviour template of `kind` and `fields` (constants K0 1, K1 "k", K2 the
    /// rect (0, 0, 10, 10), K3 the point (1, 2), then `extra` from K4).
    func behavior(_ kind: BehaviorKind, _ fields: [DynFieldInit], extra: [Value] = []) -> Program {
        var p = Fixtures.small
        p.constants += extra
        p.behaviorTemplates = [BehaviorTemplate(kind: kind, name: "b", fields: fields)]
        return p
    }

    func testBehaviourOperands() throws {
        var p = behavior(.gravity, [])
        p.functions[0].code[0] = Instruction(.dynset, a: 0, b: UInt16(DynField.magnitude.rawValue), c: 0)
        try Verifier.verify(p)
        p.functions[0].code[0] = Instruction(.dynset, a: 0, b: UInt16(DynField.magnitude.rawValue), c: 1)
        assertInvalid(p, "function F0 'main', instruction 0000 DYNSET: operand C: behaviour template BT1 is out of range (there are 1)")
        p.functions[0].code[0] = Instruction(.dynget, a: 0, b: 24, c: 0)
        assertInvalid(p, "function F0 'main', instruction 0000 DYNGET: operand B: 24 is not a behaviour field")
        p.functions[0].code[0] = Instruction(.dynset, a: 0, b: UInt16(DynField.point.rawValue), c: 0)
        assertInvalid(p, "function F0 'main', instruction 0000 DYNSET: gravity behaviour BT0 'b' has no field 'point'")
        p.functions[0].code[0] = Instruction(.oncontact, a: 3, b: 0, c: 1)
        assertInvalid(p, "function F0 'main', instruction 0000 ONCONTACT: operand A: behaviour template BT3 is out of range (there are 1)")
        p.functions[0].code[0] = Instruction(.onendcontact, a: 0, b: 0, c: 2)
        assertInvalid(p, "function F0 'main', instruction 0000 ONENDCONTACT: operand C: function F2 is out of range (there are 2)")
    }

    func testBehaviourTemplates() throws {
        try Verifier.verify(behavior(.collision, [DynFieldInit(.boundary, 2), DynFieldInit(.boundaryFriction, 0)]))
        assertInvalid(behavior(.gravity, [DynFieldInit(.point, 3)]),
                      "behaviour template BT0 gravity 'b', field 0 (point): a gravity behaviour has no such field")
        assertInvalid(behavior(.gravity, [DynFieldInit(.magnitude, 0), DynFieldInit(.magnitude, 0)]),
                      "behaviour template BT0 gravity 'b', field 1 (magnitude): the field is set twice")
        assertInvalid(behavior(.gravity, [DynFieldInit(.items, 0)]),
                      "behaviour template BT0 gravity 'b', field 0 (items): a layer field cannot come from a constant")
        assertInvalid(behavior(.gravity, [DynFieldInit(.magnitude, 1)]),
                      "behaviour template BT0 gravity 'b', field 0 (magnitude): constant K1 is a string \"k\", expected a number")
        assertInvalid(behavior(.attachment, [DynFieldInit(.length, 4)], extra: [.number(-3)]),
                      "behaviour template BT0 attachment 'b', field 0 (length): constant K4: it must not be negative")
        assertInvalid(behavior(.push, [DynFieldInit(.mode, 4)], extra: [.enumCase(2)]),
                      "behaviour template BT0 push 'b', field 0 (mode): constant K4 is an enum case 2, expected a push mode")
        assertInvalid(behavior(.collision, [DynFieldInit(.boundary, 4)], extra: [.rect(Rect(0, 0, -1, 5))]),
                      "behaviour template BT0 collision 'b', field 0 (boundary): constant K4: its size must not be negative")
        assertInvalid(behavior(.gravity, [DynFieldInit(.magnitude, 9)]),
                      "behaviour template BT0 gravity 'b', field 0 (magnitude): constant K9 is out of range (there are 4)")
    }

    // MARK: the fast path

    /// `FastCheck` only ever passes what the full checks pass, and leaves every failure to them: random
    /// edits to the operands, opcodes and layer templates of `Fixtures.full` (its functions, key paths
    /// and template properties repeated, so remembered checks are reused) get the same verdict and the
    /// same message with it as without it.
    func testFastPathAgreesWithTheFullChecks() {
        var base = Fixtures.full
        base.functions[0].code.insert(contentsOf: base.functions[0].code.dropLast(), at: 0)
        base.functions[0].lines.insert(contentsOf: base.functions[0].lines.dropLast(), at: 0)
        base.functions += base.functions.dropFirst()
        base.layerTemplates += [
            LayerTemplate(kind: .text, name: "t", properties: [PropertyInit(Fixtures.kp("string"), 6), PropertyInit(Fixtures.kp("fontSize"), 0)]),
            LayerTemplate(kind: .shape, name: "s", properties: [PropertyInit(Fixtures.kp("path"), 18), PropertyInit(Fixtures.kp("lineWidth"), 0),
                                                                PropertyInit(Fixtures.kp("fillColor"), 5)]),
        ]
        base.layerTemplates += base.layerTemplates
        let keyPaths = ["bounds", "bounds.size", "position.x", "opacity", "backgroundColor", "string", "fontSize", "path",
                        "lineWidth", "fillColor"].map(Fixtures.kp)
        func verdict(_ p: Program, fastPath: Bool) -> String {
            do { try Verifier.verify(p, fastPath: fastPath); return "valid" } catch { return error.message }
        }
        XCTAssertEqual(verdict(base, fastPath: true), "valid")
        var rng = SplitMix64(seed: 0xFA57)
        var invalid = 0
        for _ in 0..<4000 {
            var p = base
            for _ in 0..<Int(rng.next() % 3) + 1 {
                let interesting: [UInt32] = [0, 1, 2, 3, 4, 5, 7, 8, 20, 21, 255, 256, 0x7F_FFFF, 0x80_0000, 0x80_0001, 0x80_0015,
                                             0xFF_FFFF, UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF]
                let x = interesting[Int(rng.next() % UInt64(interesting.count))]
                if rng.next() % 4 == 0 {
                    let t = Int(rng.next() % UInt64(p.layerTemplates.count))
                    guard !p.layerTemplates[t].properties.isEmpty else { continue }
                    let k = Int(rng.next() % UInt64(p.layerTemplates[t].properties.count))
                    switch rng.next() % 3 {
                    case 0: p.layerTemplates[t].properties[k].constant = x
                    case 1: p.layerTemplates[t].properties[k].keyPath = keyPaths[Int(rng.next() % UInt64(keyPaths.count))]
                    default: p.layerTemplates[t].kind = LayerKind.allCases[Int(rng.next() % UInt64(LayerKind.allCases.count))]
                    }
                    continue
                }
                let f = Int(rng.next() % UInt64(p.functions.count))
                let k = Int(rng.next() % UInt64(p.functions[f].code.count))
                var ins = p.functions[f].code[k]
                switch rng.next() % 4 {
                case 0: ins.a = UInt16(truncatingIfNeeded: x)
                case 1: ins.b = UInt16(truncatingIfNeeded: x)
                case 2: ins.c = x
                default: ins.op = Opcode.allCases[Int(rng.next() % UInt64(Opcode.allCases.count))]
                }
                p.functions[f].code[k] = ins
            }
            let fast = verdict(p, fastPath: true)
            XCTAssertEqual(fast, verdict(p, fastPath: false))
            if fast != "valid" { invalid += 1 }
        }
        XCTAssertGreaterThan(invalid, 1000, "most edits break a rule")
        XCTAssertLessThan(invalid, 3900, "some edits keep the program valid")
    }
}
