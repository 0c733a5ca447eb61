// The verifier: the rules a Program must keep before the VM may run it (docs/bytecode.md,
// "Verification"). It runs after decoding and on compiler output in tests. Once it passes, the VM can
// index registers, constants, templates and functions and follow jumps without checking again
// (STYLE: unchecked buffer access only on verified code).
//
// Operand checks are derived from `Opcode.format`, the single source of truth, one check per
// OperandKind, so a new opcode is verified by declaring its format. The first broken rule is
// reported, naming the function and instruction (or constant, template, scene field) it is in.
// Never traps: it is itself run on untrusted input. FastCheck.swift is the fast path for the
// common operands; every message comes from the checks here.

import CalcCore

/// A program the verifier accepted. Its initialiser is private to this file, so the only ways to
/// get one are `Verifier.verified(_:)` and `withScene(_:)`: the VM takes nothing else, and code
/// that forgets to verify does not compile (issue 13: a trust boundary in types, not in comments).
public struct VerifiedProgram: Sendable {
    public let program: Program
    fileprivate init(_ program: Program) { self.program = program }

    public var scene: SceneInfo { program.scene }

    /// The same program with other scene settings (`calc run --fps`, `--scale`, `--size`), whose
    /// rules are checked again.
    public func withScene(_ scene: SceneInfo) throws(BytecodeError) -> VerifiedProgram {
        try Verifier.verifyScene(scene)
        var p = program
        p.scene = scene
        return VerifiedProgram(p)
    }
}

/// Checks a Program against the rules the VM relies on.
public enum Verifier {
    /// Throws a `.invalid` BytecodeError describing the first rule `p` breaks.
    public static func verify(_ p: Program) throws(BytecodeError) {
        try verify(p, fastPath: true)
    }

    /// `p` as a program the VM may run, or the first rule it breaks.
    public static func verified(_ p: Program) throws(BytecodeError) -> VerifiedProgram {
        try verify(p, fastPath: true)
        return VerifiedProgram(p)
    }

    /// `verify`, optionally without `FastCheck` (the tests compare the two).
    static func verify(_ p: Program, fastPath: Bool) throws(BytecodeError) {
        try verifyScene(p.scene)
        try verifyCounts(p)
        for (i, v) in p.constants.enumerated() { try verifyConstant(v, index: i) }
        try verifyCustomKeys(p)
        guard let main = p.functions.first else {
            throw invalid("the program has no functions: function F0 (the scene's main function) is required")
        }
        guard main.paramCount == 0 else {
            throw invalid("function F0 \(Format.quoted1(main.name)) is the scene's main function and must take 0 parameters, not \(main.paramCount)")
        }
        let fast = FastCheck(p, enabled: fastPath)
        for i in p.functions.indices { try verifyFunction(i, in: p, fast) }
        for i in p.layerTemplates.indices { try verifyLayerTemplate(i, in: p, fast) }
        for i in p.animationTemplates.indices { try verifyAnimationTemplate(i, in: p) }
        for i in p.behaviorTemplates.indices { try verifyBehaviorTemplate(i, in: p) }
    }

    static func invalid(_ message: String) -> BytecodeError { BytecodeError(.invalid, message) }

    // MARK: scene

    static func verifyScene(_ s: SceneInfo) throws(BytecodeError) {
        let w = s.size.width, h = s.size.height
        guard w.isFinite, h.isFinite, w > 0, h > 0 else {
            throw invalid("scene: canvas size \(Format.number(w))x\(Format.number(h)) must be positive and finite")
        }
        guard s.scale.isFinite, s.scale > 0 else {
            throw invalid("scene: scale \(Format.number(s.scale)) must be positive and finite")
        }
        // Rounded as PresentationScene rounds them.
        let pw = (w * s.scale).rounded(), ph = (h * s.scale).rounded()
        let limit = Double(Limits.maxPixelDimension)
        guard pw <= limit, ph <= limit else {
            throw invalid("scene: a \(Format.number(w))x\(Format.number(h)) canvas at scale \(Format.number(s.scale)) is \(Format.number(pw))x\(Format.number(ph)) pixels, over the limit of \(Limits.maxPixelDimension) on a side")
        }
        guard pw >= 1, ph >= 1 else {
            throw invalid("scene: a \(Format.number(w))x\(Format.number(h)) canvas at scale \(Format.number(s.scale)) is \(Format.number(pw))x\(Format.number(ph)) pixels; each side needs at least 1")
        }
        guard s.fps.isFinite, s.fps > 0, s.fps <= 1000 else {
            throw invalid("scene: fps \(Format.number(s.fps)) must be more than 0 and at most 1000")
        }
        guard s.duration.isFinite, s.duration >= 0 else {
            throw invalid("scene: duration \(Format.number(s.duration)) must be finite and not negative")
        }
        let frames = (s.duration * s.fps).rounded(.up)
        guard frames <= Double(Limits.maxFrames) else {
            throw invalid("scene: \(Format.number(s.duration)) s at \(Format.number(s.fps)) fps is \(Format.number(frames)) frames, over the limit of \(Limits.maxFrames)")
        }
        let c = s.background
        guard [c.r, c.g, c.b, c.a].allSatisfy({ $0 >= 0 && $0 <= 1 }) else {
            throw invalid("scene: background \(Format.color(c)) must have components in 0...1")
        }
    }

    static func verifyCounts(_ p: Program) throws(BytecodeError) {
        let counts = [("constants", p.constants.count), ("functions", p.functions.count),
                      ("layer templates", p.layerTemplates.count), ("animation templates", p.animationTemplates.count),
                      ("globals", Int(p.globalCount)), ("custom properties", p.customKeys.count)]
        for (what, n) in counts where n > Limits.maxIndex {
            throw invalid("the program has \(n) \(what), over the limit of \(Limits.maxIndex)")
        }
        // BT is also an A operand (ONCONTACT), which has 16 bits
        guard p.behaviorTemplates.count <= Int(UInt16.max) else {
            throw invalid("the program has \(p.behaviorTemplates.count) behaviour templates, over the limit of \(UInt16.max)")
        }
    }

    // MARK: constants

    static func verifyConstant(_ v: Value, index i: Int) throws(BytecodeError) {
        func fail(_ m: String) -> BytecodeError { invalid("constant K\(i): \(m)") }
        func finite(_ xs: [Double], _ what: String) throws(BytecodeError) {
            guard xs.allSatisfy({ $0.isFinite }) else { throw fail("\(what) \(Format.value(v)) must have finite components") }
        }
        switch v {
        case .none: throw fail("'none' cannot be a constant")
        case .layer: throw fail("a layer handle cannot be a constant")
        case .animation: throw fail("an animation handle cannot be a constant")
        case .array: throw fail("an array cannot be a constant (arrays are built by NEWARRAY)")
        case .image: break
        case .path(let p):
            var xs: [Double] = []
            for e in p.elements {
                switch e {
                case .move(let a), .line(let a): xs += [a.x, a.y]
                case .quad(let a, let b): xs += [a.x, a.y, b.x, b.y]
                case .cubic(let a, let b, let c): xs += [a.x, a.y, b.x, b.y, c.x, c.y]
                case .close: break
                }
            }
            try finite(xs, "path")
        case .number(let x):
            // +inf is a real value (`repeatCount: infinity`); NaN is unequal to itself and no literal makes it.
            guard !x.isNaN else { throw fail("NaN is not a valid number") }
        case .bool, .string: break
        case .point(let p): try finite([p.x, p.y], "point")
        case .size(let s): try finite([s.width, s.height], "size")
        case .rect(let r): try finite([r.origin.x, r.origin.y, r.size.width, r.size.height], "rect")
        case .color(let c): try finite([c.r, c.g, c.b, c.a], "color")
        case .transform(let m): try finite(m.elements, "transform")
        case .timing(let t) where t.spring != nil:
            guard t.spring?.isValid == true else { throw fail("spring timing function \(Format.value(v)) has a mass or stiffness not above 0, a negative damping or a non-finite value") }
        case .timing(let t):
            try finite([t.x1, t.y1, t.x2, t.y2], "timing function")
            // As in CAMediaTimingFunction and CSS cubic-bezier(): x must stay in 0...1 so time maps one way.
            guard t.x1 >= 0, t.x1 <= 1, t.x2 >= 0, t.x2 <= 1 else {
                throw fail("timing function \(Format.value(v)) has a control point x outside 0...1")
            }
        case .enumCase(let c):
            // The pool does not say which enumeration a case belongs to; templates check it exactly.
            guard Int(c) < maxEnumerationCount else {
                throw fail("enumeration case \(c) is out of range of every enumeration (the largest has \(maxEnumerationCount) cases)")
            }
        }
    }

    /// Custom key–value properties: a name no other property has, a default of a storable type.
    static func verifyCustomKeys(_ p: Program) throws(BytecodeError) {
        guard p.customKeys.count <= Int(UInt16.max - LayerProperties.customBase) else {
            throw invalid("the program has \(p.customKeys.count) custom properties, over the limit of \(UInt16.max - LayerProperties.customBase)")
        }
        var seen = Set<String>()
        for (i, k) in p.customKeys.enumerated() {
            func fail(_ m: String) -> BytecodeError { invalid("custom property \(i) \(Format.quoted1(k.name)): \(m)") }
            // a script's own key (an identifier), or an emitter cell's property named by its key path
            let cell = EmitterCellKey.parse(k.name)
            let filter = FilterKey.parse(k.name)
            guard PropertyTable.isValidCustomName(k.name) || cell != nil || filter.map({ PropertyTable.isValidCustomName($0.filter) && PropertyTable.isValidCustomName($0.input) }) == true else {
                throw fail("is not a valid property name")
            }
            if filter != nil, k.dimension != .scalar || !conforms(k.defaultValue, to: .number(.scalar)) {
                throw fail("a filter's input is a plain number")
            }
            if let cell, !conforms(k.defaultValue, to: cell.property.type) || k.dimension != cell.property.dimension {
                throw fail("its default must be \(article(cell.property.type.description)), as the cell property '\(cell.property.name)' is")
            }
            guard LayerProperties.named(k.name) == nil else { throw fail("has the name of a built-in layer property") }
            guard seen.insert(k.name).inserted else { throw fail("is declared twice") }
            // (a cell's filter is an enumeration case, checked against its enumeration above)
            guard PropertyTable.isCustomType(k.defaultValue) || cell != nil else {
                throw fail("its default is \(article(Format.typeName(k.defaultValue))), which a custom property cannot hold")
            }
            if case .number = k.defaultValue {} else if k.dimension != .scalar {
                throw fail("only a number can be \(article(ValueType.number(k.dimension).description))")
            }
            do { try verifyConstant(k.defaultValue, index: -1) } catch {
                throw fail("its default \(Format.value(k.defaultValue)) is invalid")
            }
        }
    }

    static let maxEnumerationCount = Enumerations.all.values.map(\.count).max() ?? 0

    // MARK: functions

    static func verifyFunction(_ fi: Int, in p: Program, _ fast: FastCheck) throws(BytecodeError) {
        let f = p.functions[fi]
        func where_() -> String { "function F\(fi) \(Format.quoted1(f.name))" }   // (built only on failure)
        guard Int(f.registerCount) <= Limits.maxRegisters else {
            throw invalid("\(where_()) uses \(Format.count(Int(f.registerCount), "register")), over the limit of \(Limits.maxRegisters)")
        }
        guard f.paramCount <= f.registerCount else {
            throw invalid("\(where_()) takes \(Format.count(Int(f.paramCount), "parameter")) but has only \(Format.count(Int(f.registerCount), "register")) to hold them")
        }
        guard !f.code.isEmpty else { throw invalid("\(where_()) has no instructions") }
        guard f.lines.count == f.code.count else {
            throw invalid("\(where_()) has \(Format.count(f.lines.count, "line-table entry", plural: "line-table entries")) for \(Format.count(f.code.count, "instruction"))")
        }
        let regs = UInt32(f.registerCount), constants = p.constants.count
        var k = 0
        while k < f.code.count {
            // Instructions FastCheck passes break no rule; the first it does not pass is checked in
            // full below, which reports it if it breaks one.
            k = fast.skipValid(f.code, from: k, registers: regs)
            guard k < f.code.count else { break }
            let ins = f.code[k]
            let format = formats[Int(ins.op.rawValue)]
            // the common operands are checked here; any other (and any failure) by verifyOperand
            if !plainlyValid(UInt32(ins.a), format.a, regs, constants) { try verifyOperand("A", UInt32(ins.a), format.a, ins, k, fi, f, p) }
            if !plainlyValid(UInt32(ins.b), format.b, regs, constants) { try verifyOperand("B", UInt32(ins.b), format.b, ins, k, fi, f, p) }
            if !plainlyValid(ins.c, format.c, regs, constants) { try verifyOperand("C", ins.c, format.c, ins, k, fi, f, p) }
            try verifyCounts(ins, k, fi, f, p)
            k += 1
        }
        if let last = f.code.last, !last.op.isTerminator {
            throw invalid("\(where_()) can run off its end: the last instruction \(Format.index4(f.code.count - 1)) \(last.op.name) must be \(terminators)")
        }
    }

    /// `Opcode.format` by raw value, derived once from the switch.
    static let formats: [OperandFormat] = {
        var t = [OperandFormat](repeating: OperandFormat(a: .unused, b: .unused, c: .unused), count: 256)
        for op in Opcode.allCases { t[Int(op.rawValue)] = op.format }
        return t
    }()

    /// Whether operand `x` of kind `kind` passes without further checks (an unused zero, a register
    /// in the frame, a constant index or RK in range): what `verifyOperand` would accept.
    @inline(__always)
    static func plainlyValid(_ x: UInt32, _ kind: OperandKind, _ regs: UInt32, _ constants: Int) -> Bool {
        switch kind {
        case .unused: return x == 0
        case .reg: return x < regs
        case .const: return Int(x) < constants
        case .rk: return x & Instruction.constantBit != 0 ? Int(x & ~Instruction.constantBit) < constants : x < regs
        default: return false
        }
    }

    /// "JMP, RET or RETV", from `Opcode.isTerminator`.
    static let terminators: String = {
        let names = Opcode.allCases.filter(\.isTerminator).map(\.name)
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }()

    /// Checks operand `slot` (value `x`) of instruction `k` of function `fi` against its kind.
    static func verifyOperand(_ slot: String, _ x: UInt32, _ kind: OperandKind, _ ins: Instruction, _ k: Int,
                              _ fi: Int, _ f: Function, _ p: Program) throws(BytecodeError) {
        // Built only on failure: verification runs over every instruction of every loaded file.
        func at() -> String { "function F\(fi) \(Format.quoted1(f.name)), instruction \(Format.index4(k)) \(ins.op.name)" }
        func fail(_ m: String) -> BytecodeError { invalid("\(at()): operand \(slot): \(m)") }
        func index(_ what: String, _ prefix: String, _ count: Int) throws(BytecodeError) {
            guard Int(x) < count else { throw fail("\(what) \(prefix)\(x) is out of range (there are \(count))") }
        }
        switch kind {
        case .unused:
            guard x == 0 else { throw invalid("\(at()): operand \(slot) is unused and must be 0, not \(x)") }
        case .reg:
            guard x < UInt32(f.registerCount) else {
                throw fail("register R\(x) is out of range (the function has \(f.registerCount))")
            }
        case .regRange(let n):
            guard Int(x) + n <= Int(f.registerCount) else {
                throw fail("registers R\(x)..R\(Int(x) + n - 1) run past the function's \(f.registerCount)")
            }
        case .imm:
            guard x <= 1 else { throw fail("immediate \(x) must be 0 or 1") }
        case .const:
            try index("constant", "K", p.constants.count)
        case .string:
            try index("constant", "K", p.constants.count)
            guard case .string = p.constants[Int(x)] else {
                throw fail("constant K\(x) must be a string, not a \(Format.typeName(p.constants[Int(x)]))")
            }
        case .keyPath:
            guard let kp = KeyPath(packed: x) else { throw fail("0x\(String(x, radix: 16)) is not a key path") }
            guard keyPathType(kp, p) != nil else { throw fail(badComponent(kp, p)) }
        case .layerTemplate:
            try index("layer template", "LT", p.layerTemplates.count)
        case .animTemplate:
            try index("animation template", "AT", p.animationTemplates.count)
        case .function:
            try index("function", "F", p.functions.count)
        case .jump:
            let target = k + 1 + Int(ins.sC)
            guard target >= 0, target < f.code.count else {
                throw fail("jump \(signed(Int(ins.sC))) lands at \(Format.index4(target)), outside the function (0000..\(Format.index4(f.code.count - 1)))")
            }
        case .animField:
            guard x <= UInt32(UInt8.max), AnimField(rawValue: UInt8(x)) != nil else { throw fail("\(x) is not an animation field") }
        case .txField:
            guard x <= UInt32(UInt8.max), TxField(rawValue: UInt8(x)) != nil else { throw fail("\(x) is not a transaction field") }
        case .global:
            try index("global", "G", Int(p.globalCount))
        case .count:
            break   // checked together with the operand it counts from, in verifyCounts
        case .builtin:
            guard x <= UInt32(UInt8.max), Builtin(rawValue: UInt8(x)) != nil else { throw fail("\(x) is not a built-in function") }
        case .rk:
            if x & Instruction.constantBit != 0 {
                let k = x & ~Instruction.constantBit
                guard Int(k) < p.constants.count else { throw fail("constant K\(k) is out of range (there are \(p.constants.count))") }
            } else {
                guard x < UInt32(f.registerCount) else {
                    throw fail("register R\(x) is out of range (the function has \(f.registerCount))")
                }
            }
        case .component:
            guard x > 0, x <= UInt32(UInt8.max), Component(rawValue: UInt8(x)) != nil else { throw fail("\(x) is not a component") }
        case .constraint:
            guard x < 64, let a = ConstraintAttribute(rawValue: UInt8(x >> 3)), let s = ConstraintAttribute(rawValue: UInt8(x & 7)) else {
                throw fail("\(x) is not a pair of constraint attributes")
            }
            guard a.isHorizontal == s.isHorizontal else { throw fail("constraint attributes \(a.name) and \(s.name) are on different axes") }
        case .behavior:
            try index("behaviour template", "BT", p.behaviorTemplates.count)
        case .dynField:
            guard x <= UInt32(UInt8.max), DynField(rawValue: UInt8(x)) != nil else { throw fail("\(x) is not a behaviour field") }
        }
    }

    /// Checks that register runs sized by another operand stay inside the frame, and that a call
    /// passes exactly the callee's parameter count.
    /// Whether `verifyCounts` has a rule for `op` (FastCheck leaves these to it, but for CALL).
    static func hasCountRule(_ op: Opcode) -> Bool {
        switch op {
        case .call, .callb, .newarray, .dynset, .dynget, .print: return true
        default: return false
        }
    }

    static func verifyCounts(_ ins: Instruction, _ k: Int, _ fi: Int, _ f: Function, _ p: Program) throws(BytecodeError) {
        func at() -> String { "function F\(fi) \(Format.quoted1(f.name)), instruction \(Format.index4(k)) \(ins.op.name)" }
        func run(_ start: Int, _ n: Int) throws(BytecodeError) {
            guard start + n <= Int(f.registerCount) else {
                throw invalid("\(at()): registers R\(start)..R\(start + n - 1) run past the function's \(f.registerCount)")
            }
        }
        switch ins.op {
        case .call:
            try run(Int(ins.a), Int(ins.b) + 1)
            let callee = p.functions[Int(ins.c)]
            guard Int(callee.paramCount) == Int(ins.b) else {
                throw invalid("\(at()): passes \(Format.count(Int(ins.b), "argument")) to F\(ins.c), which takes \(callee.paramCount)")
            }
        case .callb:
            if let b = Builtin(rawValue: UInt8(ins.c)) { try run(Int(ins.b), b.arity) }
        case .newarray, .print:
            try run(Int(ins.b), Int(ins.c))
        case .dynset, .dynget:
            // both operands were checked on their own: the behaviour must have the field
            if let field = DynField(rawValue: UInt8(truncatingIfNeeded: ins.b)), Int(ins.c) < p.behaviorTemplates.count {
                let t = p.behaviorTemplates[Int(ins.c)]
                guard t.kind.has(field) else {
                    throw invalid("\(at()): \(t.kind.name) behaviour BT\(ins.c) \(Format.quoted1(t.name)) has no field '\(field.name)'")
                }
            }
        default:
            break
        }
    }

    static func signed(_ n: Int) -> String { n >= 0 ? "+\(n)" : "\(n)" }

    // MARK: templates

    /// The type of the value at `kp`; nil when the property does not exist or has no such component.
    static func keyPathType(_ kp: KeyPath, _ p: Program) -> ValueType? {
        p.properties.type(kp)
    }

    static func badComponent(_ kp: KeyPath, _ p: Program) -> String {
        guard let prop = p.properties.info(kp.property) else {
            return kp.property >= LayerProperties.customBase
                ? "0x\(String(kp.packed, radix: 16)) names custom property \(Int(kp.property - LayerProperties.customBase)), but the program has \(p.customKeys.count)"
                : "0x\(String(kp.packed, radix: 16)) is not a key path"
        }
        return "'\(prop.name)' has no component '\(kp.component.path)'"
    }

    /// Whether constant `v` is a value of `type` (numbers of any dimension are numbers).
    static func conforms(_ v: Value, to type: ValueType) -> Bool {
        switch (type, v) {
        case (.number, .number), (.bool, .bool), (.point, .point), (.size, .size), (.rect, .rect), (.color, .color),
             (.string, .string), (.transform, .transform), (.timingFunction, .timing), (.path, .path), (.image, .image):
            return true
        case let (.enumeration(name), .enumCase(c)):
            return Int(c) < (Enumerations.all[name]?.count ?? 0)
        default:
            return false
        }
    }

    /// "a rect" / "an enumeration case" for messages.
    static func article(_ s: String) -> String {
        guard let first = s.first else { return s }
        return ("aeiou".contains(first) ? "an " : "a ") + s
    }

    static func constantValue(_ c: UInt32, in p: Program, _ fail: (String) -> BytecodeError) throws(BytecodeError) -> Value {
        guard Int(c) < p.constants.count else {
            throw fail("constant K\(c) is out of range (there are \(p.constants.count))")
        }
        return p.constants[Int(c)]
    }

    static func expect(_ v: Value, _ type: ValueType, _ c: UInt32, _ fail: (String) -> BytecodeError) throws(BytecodeError) {
        guard conforms(v, to: type) else {
            let enumeration: String? = if case .enumeration(let n) = type { n } else { nil }
            throw fail("constant K\(c) is \(article(Format.typeName(v))) \(Format.value(v, enumeration: enumeration)), expected \(article(type.description))")
        }
    }

    static func verifyLayerTemplate(_ ti: Int, in p: Program, _ fast: FastCheck) throws(BytecodeError) {
        let t = p.layerTemplates[ti]
        for (k, prop) in t.properties.enumerated() {
            // (a property checked once passes again for every layer of the same kind that sets it
            // from the same constant; its check depends on nothing else)
            if fast.passedBefore(prop, t.kind) { continue }
            let kp = prop.keyPath
            guard let type = keyPathType(kp, p), let info = p.properties.info(kp.property) else {
                throw invalid("layer template LT\(ti) \(Format.quoted1(t.name)), property \(k): \(badComponent(kp, p))")
            }
            func fail(_ m: String) -> BytecodeError {
                invalid("layer template LT\(ti) \(Format.quoted1(t.name)), property \(k) (\(p.properties.name(kp))): \(m)")
            }
            guard info.applies(to: t.kind) else {
                throw fail("a \(t.kind.name) layer has no property '\(info.name)'")
            }
            let v = try constantValue(prop.constant, in: p, fail)
            try expect(v, type, prop.constant, fail)
            // as the VM refuses a property set to a value that is not finite (docs/semantics.md)
            guard v.hasOnlyFiniteNumbers else { throw fail("constant K\(prop.constant) is \(Format.value(v)), which is not finite") }
            fast.passed(prop, t.kind)
        }
    }

    static func verifyAnimationTemplate(_ ti: Int, in p: Program) throws(BytecodeError) {
        let t = p.animationTemplates[ti]
        guard let type = keyPathType(t.keyPath, p) else {
            throw invalid("animation template AT\(ti): \(badComponent(t.keyPath, p))")
        }
        for (k, field) in t.fields.enumerated() {
            func fail(_ m: String) -> BytecodeError {
                invalid("animation template AT\(ti) (\(p.properties.name(t.keyPath))), field \(k) (\(field.field.name)): \(m)")
            }
            let v = try constantValue(field.constant, in: p, fail)
            let c = field.constant
            switch field.field {
            case .from, .to, .by:
                // with a value function the values are numbers turned into transforms
                let vf = t.fields.contains { $0.field == .valueFunction }
                try expect(v, vf ? .number(.scalar) : type, c, fail)
            case .autoreverses, .removedOnCompletion, .additive, .cumulative:
                try expect(v, .bool, c, fail)
            case .fillMode:
                try expect(v, .enumeration("fill mode"), c, fail)
            case .timingFunction:
                try expect(v, .timingFunction, c, fail)
            case .beginTime, .timeOffset, .speed:
                try expect(v, field.field == .speed ? .number(.scalar) : .number(.time), c, fail)
                guard v.number?.isFinite == true else { throw fail("constant K\(c) is \(Format.value(v)), expected a finite number") }
            case .duration:
                try expect(v, .number(.time), c, fail)
                guard let x = v.number, x.isFinite, x >= 0 else {
                    throw fail("constant K\(c) is \(Format.value(v)), expected a finite duration of 0 or more")
                }
            case .repeatCount, .repeatDuration:
                // Infinity is how Core Animation says "forever" (HUGE_VALF).
                try expect(v, .number(.scalar), c, fail)
                guard let x = v.number, x >= 0 else {
                    throw fail("constant K\(c) is \(Format.value(v)), expected a number not below 0 (inf repeats forever)")
                }
            case .calculationMode:
                try expect(v, .enumeration("calculation mode"), c, fail)
            case .path:
                guard type == .point else { throw fail("only a point key path can move along a path, not \(article(type.description))") }
                try expect(v, .path, c, fail)
            case .rotationMode:
                try expect(v, .enumeration("rotation mode"), c, fail)
            case .valueFunction:
                try expect(v, .enumeration("value function"), c, fail)
            case .type:
                try expect(v, .enumeration("transition type"), c, fail)
            case .subtype:
                try expect(v, .enumeration("transition subtype"), c, fail)
            case .startProgress, .endProgress:
                try expect(v, .number(.scalar), c, fail)
                guard let x = v.number, x >= 0, x <= 1 else { throw fail("constant K\(c) is \(Format.value(v)), expected a number in 0...1") }
            case .mass, .stiffness, .damping, .initialVelocity:
                try expect(v, .number(.scalar), c, fail)
                guard let x = v.number, x.isFinite, field.field == .initialVelocity || x >= 0,
                      !(field.field == .mass || field.field == .stiffness) || x > 0 else {
                    throw fail("constant K\(c) is \(Format.value(v)), out of range for \(field.field.name)")
                }
            case .values, .keyTimes, .timingFunctions, .tensionValues, .continuityValues, .biasValues, .animations:
                // arrays are never constants; these fields are set by ANIMSET
                throw fail("an array field cannot come from a constant")
            }
        }
    }

    static func verifyBehaviorTemplate(_ ti: Int, in p: Program) throws(BytecodeError) {
        let t = p.behaviorTemplates[ti]
        var seen = Set<UInt8>()
        for (k, field) in t.fields.enumerated() {
            func fail(_ m: String) -> BytecodeError {
                invalid("behaviour template BT\(ti) \(t.kind.name) \(Format.quoted1(t.name)), field \(k) (\(field.field.name)): \(m)")
            }
            guard t.kind.has(field.field) else { throw fail("a \(t.kind.name) behaviour has no such field") }
            guard seen.insert(field.field.rawValue).inserted else { throw fail("the field is set twice") }
            let v = try constantValue(field.constant, in: p, fail)
            switch field.field.type {
            case .layer, .array: throw fail("a layer field cannot come from a constant")
            default: break
            }
            try expect(v, field.field.type, field.constant, fail)
            if let problem = field.field.problem(with: v) { throw fail("constant K\(field.constant): \(problem)") }
        }
    }
}
