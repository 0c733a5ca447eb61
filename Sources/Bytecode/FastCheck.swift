// The verifier's fast path. Nearly every operand of a real program is a register, a constant, a
// global, a jump or a key path, each checked with one comparison, and a key path is checked again
// and again for each property it sets; so the operand rules are first tried from a table built once
// per opcode, in a loop that only says how far the instructions are plainly valid. The first
// instruction it does not pass goes through the verifier's full checks (`verifyOperand`,
// `verifyCounts`), which either pass it or report it exactly as before: the fast path only ever
// accepts what the full checks accept, and it never reports anything itself.
// Measured on the 100 000-line benchmark (310 000 instructions): verification 69M → 13M instructions.

import CalcCore

extension Verifier {
    /// A class, so the scan can read `limits` through a buffer pointer while `special` updates the
    /// key-path cache.
    final class FastCheck {
        /// What an operand slot must be below, as an index into `limits`: most operand rules are a
        /// bound (a register below the frame's size, a constant index below the pool's, …), so
        /// checking a slot is one load and one comparison. An operand at or over its bound may still
        /// pass by `special` (a constant in an RK operand, a jump, a key path).
        enum Bound {
            static let zero: UInt8 = 0, register: UInt8 = 1, immediate: UInt8 = 2, constant: UInt8 = 3
            static let global: UInt8 = 4, function: UInt8 = 5
            static let layerTemplate: UInt8 = 6, animationTemplate: UInt8 = 7, behavior: UInt8 = 8
            /// any value (a count, checked with the operand it counts from)
            static let any: UInt8 = 9
            /// none: left to `verifyOperand`
            static let none: UInt8 = 10
            /// a register, or (by `special`) a constant
            static let rk: UInt8 = 11
            /// none, then `special`
            static let jump: UInt8 = 12, keyPath: UInt8 = 13
            /// `registerRanges[i]` registers from this one: `firstRange + i`
            static let firstRange: UInt8 = 14
        }

        /// The sizes of the register ranges operands name (`OperandKind.regRange`), each with its bound.
        static let registerRanges: [Int] = {
            var sizes: [Int] = []
            for op in Opcode.allCases {
                for kind in [op.format.a, op.format.b, op.format.c] {
                    if case .regRange(let n) = kind, !sizes.contains(n) { sizes.append(n) }
                }
            }
            return sizes.sorted()
        }()

        static func bound(_ kind: OperandKind) -> UInt8 {
            switch kind {
            case .unused: return Bound.zero
            case .reg: return Bound.register
            case .regRange(let n):
                guard let i = registerRanges.firstIndex(of: n), i < Int(UInt8.max - Bound.firstRange) else { return Bound.none }
                return Bound.firstRange + UInt8(i)
            case .imm: return Bound.immediate
            case .const: return Bound.constant
            case .global: return Bound.global
            case .function: return Bound.function
            case .layerTemplate: return Bound.layerTemplate
            case .animTemplate: return Bound.animationTemplate
            case .behavior: return Bound.behavior
            case .rk: return Bound.rk
            case .jump: return Bound.jump
            case .keyPath: return Bound.keyPath
            case .count: return Bound.any
            case .string, .animField, .txField, .builtin, .component, .constraint, .dynField: return Bound.none
            }
        }

        /// An opcode's three operand bounds, and what of `verifyCounts` applies to it.
        struct Rule {
            enum Counts: UInt8 {
                case none
                /// CALL: the arguments in the frame, as many as the callee's parameters
                case call
                /// left to `verifyCounts`
                case full
            }
            var a: UInt8, b: UInt8, c: UInt8
            var counts: Counts
        }

        /// The rule of each opcode, by raw value.
        static let rules: [Rule] = {
            var t = [Rule](repeating: Rule(a: Bound.none, b: Bound.none, c: Bound.none, counts: .full), count: 256)
            for op in Opcode.allCases {
                let f = op.format
                let counts: Rule.Counts = op == .call ? .call : hasCountRule(op) ? .full : .none
                t[Int(op.rawValue)] = Rule(a: bound(f.a), b: bound(f.b), c: bound(f.c), counts: counts)
            }
            return t
        }()

        let constants: Int
        /// Each function's parameter count, for CALL.
        let parameterCounts: [UInt16]
        let properties: PropertyTable
        /// `FastCheck.rules` and `registerRanges`, held here (a static is looked up through a
        /// lazy-initialization check at every use).
        let rules = FastCheck.rules
        let registerRanges = FastCheck.registerRanges
        /// Each bound's value, and the frame size its register bounds are for.
        var limits: [UInt64]
        var limitsRegisters: UInt32?
        /// Key paths found valid, direct-mapped by a hash (UInt64.max: none).
        var keyPaths = [UInt64](repeating: .max, count: 64)
        /// Layer-template properties found valid (`passed`), direct-mapped by a hash (UInt64.max: none).
        var templateProperties = [UInt64](repeating: .max, count: 256)

        /// When false, it passes nothing (the tests compare the verifier with and without it).
        let enabled: Bool

        init(_ p: Program, enabled: Bool = true) {
            self.enabled = enabled
            constants = p.constants.count
            parameterCounts = p.functions.withUnsafeBufferPointer { f in f.indices.map { f[$0].paramCount } }
            properties = p.properties
            limits = [UInt64](repeating: 0, count: Int(Bound.firstRange) + Self.registerRanges.count)
            limits[Int(Bound.zero)] = 1
            limits[Int(Bound.immediate)] = 2
            limits[Int(Bound.constant)] = UInt64(p.constants.count)
            limits[Int(Bound.global)] = UInt64(p.globalCount)
            limits[Int(Bound.function)] = UInt64(p.functions.count)
            limits[Int(Bound.layerTemplate)] = UInt64(p.layerTemplates.count)
            limits[Int(Bound.animationTemplate)] = UInt64(p.animationTemplates.count)
            limits[Int(Bound.behavior)] = UInt64(p.behaviorTemplates.count)
            limits[Int(Bound.any)] = 1 << 32
        }

        /// The index of the first instruction from `start` on that the fast path does not pass
        /// (`code.count` when it passes them all).
        func skipValid(_ code: [Instruction], from start: Int, registers: UInt32) -> Int {
            guard enabled else { return start }
            setRegisters(registers)
            return rules.withUnsafeBufferPointer { rules in
                limits.withUnsafeBufferPointer { limits in
                code.withUnsafeBufferPointer { code in
                    var k = start
                    while k < code.count {
                        let ins = code[k]
                        let rule = rules[Int(ins.op.rawValue)]
                        guard UInt64(ins.a) < limits[Int(rule.a)] || special(UInt32(ins.a), rule.a, ins, k, code.count),
                              UInt64(ins.b) < limits[Int(rule.b)] || special(UInt32(ins.b), rule.b, ins, k, code.count),
                              UInt64(ins.c) < limits[Int(rule.c)] || special(ins.c, rule.c, ins, k, code.count) else { break }
                        switch rule.counts {
                        case .none: break
                        case .call:
                            // C is a function index, checked above
                            guard Int(ins.a) + Int(ins.b) + 1 <= Int(registers), parameterCounts[Int(ins.c)] == ins.b else { return k }
                        case .full: return k
                        }
                        k += 1
                    }
                    return k
                }
                }
            }
        }

        /// Sets the bounds that depend on the size of the frame.
        private func setRegisters(_ registers: UInt32) {
            guard registers != limitsRegisters else { return }
            limitsRegisters = registers
            limits.withUnsafeMutableBufferPointer { limits in
                limits[Int(Bound.register)] = UInt64(registers)
                limits[Int(Bound.rk)] = UInt64(registers)
                for (i, n) in registerRanges.enumerated() {
                    // x + n <= registers
                    limits[Int(Bound.firstRange) + i] = UInt64(max(Int(registers) + 1 - n, 0))
                }
            }
        }

        /// Whether operand `x`, at or over its `bound`, still passes (instruction `k` of `count`).
        func special(_ x: UInt32, _ bound: UInt8, _ ins: Instruction, _ k: Int, _ count: Int) -> Bool {
            switch bound {
            case Bound.rk: return x & Instruction.constantBit != 0 && Int(x & ~Instruction.constantBit) < constants
            case Bound.jump:
                let target = k + 1 + Int(ins.sC)
                return target >= 0 && target < count
            case Bound.keyPath: return isKeyPath(x)
            default: return false
            }
        }

        /// Whether `x` is a key path of the program, as `verifyOperand` checks it.
        func isKeyPath(_ x: UInt32) -> Bool {
            let i = Int(truncatingIfNeeded: (x &* 0x9E37_79B1) >> 26)
            if keyPaths[i] == UInt64(x) { return true }
            guard let kp = KeyPath(packed: x), properties.type(kp) != nil else { return false }
            keyPaths[i] = UInt64(x)
            return true
        }

        /// A layer-template property as one number: constant, layer kind, key path (a valid key
        /// path has 24 bits); nil for a key path that is not valid.
        private static func key(_ prop: PropertyInit, _ kind: LayerKind) -> UInt64? {
            let kp = prop.keyPath.packed
            guard kp >> 24 == 0 else { return nil }
            return UInt64(prop.constant) << 32 | UInt64(kind.rawValue) << 24 | UInt64(kp)
        }

        private static func index(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 56) }

        /// Whether a property with this key path and constant passed `verifyLayerTemplate` in a
        /// template of this kind (what it checks depends on nothing else).
        func passedBefore(_ prop: PropertyInit, _ kind: LayerKind) -> Bool {
            guard enabled, let key = Self.key(prop, kind) else { return false }
            return templateProperties[Self.index(key)] == key
        }

        func passed(_ prop: PropertyInit, _ kind: LayerKind) {
            guard let key = Self.key(prop, kind) else { return }
            templateProperties[Self.index(key)] = key
        }
    }
}
