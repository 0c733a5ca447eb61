// The disassembler: a Program as text, the format `calc build --emit asm` and `calc disasm` print and
// users snapshot-test, so it must be byte-identical on every machine and run — no addresses, no
// hash-ordered data, numbers formatted by Formatting.swift. Layout follows clox's debug.c: `%04d`
// instruction indices, the source line or `|` when it repeats, jumps with their resolved target, and
// one helper per operand kind driven by `Opcode.format`, so a new opcode prints without new code.
// It never traps, even on a Program that fails verification: out-of-range operands print as such.
//
//   ; calc bytecode, format 2
//   ; source: hello.cal
//   .scene size 320x240 scale 2 fps 30 duration 2 background #ffffffff origin topLeft
//
//   .constants
//     K0      number    10
//
//   .function F0 "main" params 0 registers 4
//     0000    3 LOADK         R0, K0              ; 10
//     0001    | JMP           +3                  ; -> 0005

import CalcCore

/// Renders Programs as deterministic, diff-friendly text.
public enum Disassembler {
    /// Column widths of the listing.
    static let constantNameWidth = 8, constantTypeWidth = 10, templateEntryWidth = 30
    static let opcodeWidth = 14, operandsWidth = 20

    /// The whole program: header, scene, constants, templates, functions; one blank line between blocks.
    public static func disassemble(_ p: Program) -> String {
        var out = "; calc bytecode, format \(BytecodeFormat.version(for: p))\n"
        // Plain when nothing in the name needs escaping, so the usual `hello.cal` reads as it is.
        let quotedName = Format.quoted(p.sourceName)
        out += "; source: \(quotedName == "\"\(p.sourceName)\"" && !p.sourceName.isEmpty ? p.sourceName : quotedName)\n"
        let s = p.scene
        out += ".scene size \(Format.number(s.size.width))x\(Format.number(s.size.height))"
            + " scale \(Format.number(s.scale)) fps \(Format.number(s.fps)) duration \(Format.number(s.duration))"
            + " background \(Format.color(s.background)) origin \(s.origin.rawValue)\n"
        if p.globalCount > 0 { out += ".globals \(p.globalCount)\n" }
        let table = p.properties
        for (i, k) in p.customKeys.enumerated() {
            out += ".property \(Format.quoted(k.name)) id \(Int(LayerProperties.customBase) + i) "
                + "\(k.type) = \(Format.value(k.defaultValue))\n"
        }

        if !p.constants.isEmpty {
            out += "\n.constants\n"
            for (i, v) in p.constants.enumerated() {
                out += "  " + Format.pad("K\(i)", constantNameWidth) + Format.pad(Format.typeName(v), constantTypeWidth)
                    + Format.value(v) + "\n"
            }
        }
        for (i, t) in p.layerTemplates.enumerated() {
            out += "\n.layer LT\(i) \(t.kind.name) \(Format.quoted(t.name))\n"
            for prop in t.properties {
                out += entry("\(Format.keyPath(prop.keyPath, table)) = K\(prop.constant)", prop.constant, enumeration: nil, p)
            }
        }
        for (i, t) in p.animationTemplates.enumerated() {
            out += "\n.animation AT\(i) \(t.kind.name) \(Format.keyPath(t.keyPath, table))\n"
            for field in t.fields {
                out += entry("\(field.field.name) = K\(field.constant)", field.constant,
                             enumeration: field.field == .fillMode ? "fill mode" : field.field == .calculationMode ? "calculation mode" : field.field == .valueFunction ? "value function" : field.field == .type ? "transition type" : field.field == .subtype ? "transition subtype" : field.field == .rotationMode ? "rotation mode" : nil, p)
            }
        }
        for (i, t) in p.behaviorTemplates.enumerated() {
            out += "\n.behavior BT\(i) \(t.kind.name) \(Format.quoted(t.name))\n"
            for field in t.fields {
                let enumeration: String? = if case .enumeration(let n) = field.field.type { n } else { nil }
                out += entry("\(field.field.name) = K\(field.constant)", field.constant, enumeration: enumeration, p)
            }
        }
        for i in p.functions.indices {
            out += "\n" + disassemble(function: i, in: p)
        }
        return out
    }

    /// One function's block: its `.function` line and one line per instruction.
    public static func disassemble(function index: Int, in p: Program) -> String {
        guard p.functions.indices.contains(index) else { return "; no function F\(index)\n" }
        let f = p.functions[index]
        var out = ".function F\(index) \(Format.quoted(f.name)) params \(f.paramCount) registers \(f.registerCount)\n"
        for (k, ins) in f.code.enumerated() {
            let line = k >= f.lines.count ? "?" : k > 0 && f.lines[k - 1] == f.lines[k] ? "|" : String(f.lines[k])
            out += "  " + Format.index4(k) + " " + String(repeating: " ", count: max(0, 4 - line.count)) + line + " "
                + instruction(ins, at: k, in: p) + "\n"
        }
        return out
    }

    /// One instruction without its index and line columns, e.g. `LOADK         R0, K1              ; (10, 20)`;
    /// `index` resolves jump targets. For listings, traces and runtime error messages.
    public static func instruction(_ ins: Instruction, at index: Int, in p: Program) -> String {
        let format = ins.op.format
        var operands: [String] = []
        var comments: [String] = []
        for (slot, x, kind) in [("A", UInt32(ins.a), format.a), ("B", UInt32(ins.b), format.b), ("C", ins.c, format.c)] {
            if kind == .unused {
                if x != 0 { comments.append("unused \(slot)=\(x)") }
                continue
            }
            let (text, comment) = operand(x, kind, ins, index, p)
            operands.append(text)
            if let comment { comments.append(comment) }
        }
        let ops = operands.joined(separator: ", ")
        if comments.isEmpty {
            return ops.isEmpty ? ins.op.name : Format.pad(ins.op.name, opcodeWidth) + ops
        }
        return Format.pad(ins.op.name, opcodeWidth) + Format.pad(ops, operandsWidth) + "; " + comments.joined(separator: ", ")
    }

    /// The operand's text and an optional comment (the value, name or target it refers to).
    static func operand(_ x: UInt32, _ kind: OperandKind, _ ins: Instruction, _ index: Int, _ p: Program) -> (String, String?) {
        switch kind {
        case .unused: return ("", nil)
        case .reg: return ("R\(x)", nil)
        case .regRange(let n): return ("R\(x)..R\(Int(x) + n - 1)", nil)
        case .imm: return ("\(x)", nil)
        case .const, .string: return ("K\(x)", constantComment(x, enumeration: nil, p))
        case .keyPath:
            guard let kp = KeyPath(packed: x) else { return ("?kp(0x\(String(x, radix: 16)))", nil) }
            return (Format.keyPath(kp, p.properties), nil)
        case .layerTemplate:
            guard Int(x) < p.layerTemplates.count else { return ("LT\(x)", "out of range") }
            let t = p.layerTemplates[Int(x)]
            return ("LT\(x)", "\(t.kind.name) \(Format.quoted(t.name))")
        case .animTemplate:
            guard Int(x) < p.animationTemplates.count else { return ("AT\(x)", "out of range") }
            let t = p.animationTemplates[Int(x)]
            return ("AT\(x)", "\(t.kind.name) \(Format.keyPath(t.keyPath, p.properties))")
        case .function:
            guard Int(x) < p.functions.count else { return ("F\(x)", "out of range") }
            return ("F\(x)", Format.quoted(p.functions[Int(x)].name))
        case .jump:
            let offset = Int(ins.sC)
            return (offset >= 0 ? "+\(offset)" : "\(offset)", "-> " + Format.index4(index + 1 + offset))
        case .animField:
            guard x <= 0xFF, let field = AnimField(rawValue: UInt8(x)) else { return ("?field(\(x))", nil) }
            return (field.name, nil)
        case .txField:
            guard x <= 0xFF, let field = TxField(rawValue: UInt8(x)) else { return ("?tx(\(x))", nil) }
            return (field.name, nil)
        case .global: return ("G\(x)", nil)
        case .count: return ("\(x)", nil)
        case .builtin:
            guard x <= 0xFF, let b = Builtin(rawValue: UInt8(x)) else { return ("?builtin(\(x))", nil) }
            return (b.name, nil)
        case .rk:
            if x & Instruction.constantBit != 0 {
                let k = x & ~Instruction.constantBit
                return ("K\(k)", constantComment(k, enumeration: nil, p))
            }
            return ("R\(x)", nil)
        case .component:
            guard x <= 0xFF, let c = Component(rawValue: UInt8(x)) else { return ("?component(\(x))", nil) }
            return ("." + c.path, nil)
        case .constraint:
            guard x < 64, let a = ConstraintAttribute(rawValue: UInt8(x >> 3)), let s = ConstraintAttribute(rawValue: UInt8(x & 7)) else {
                return ("?constraint(\(x))", nil)
            }
            return ("\(a.name)=\(s.name)", nil)
        case .behavior:
            guard Int(x) < p.behaviorTemplates.count else { return ("BT\(x)", "out of range") }
            let t = p.behaviorTemplates[Int(x)]
            return ("BT\(x)", "\(t.kind.name) \(Format.quoted(t.name))")
        case .dynField:
            guard x <= 0xFF, let field = DynField(rawValue: UInt8(x)) else { return ("?field(\(x))", nil) }
            return (field.name, nil)
        }
    }

    static func constantComment(_ c: UInt32, enumeration: String?, _ p: Program) -> String {
        guard Int(c) < p.constants.count else { return "out of range" }
        return Format.value(p.constants[Int(c)], enumeration: enumeration)
    }

    /// A template line: `  name = K3` and the constant's value as a comment.
    static func entry(_ text: String, _ c: UInt32, enumeration: String?, _ p: Program) -> String {
        Format.pad("  " + text, templateEntryWidth) + "; " + constantComment(c, enumeration: enumeration, p) + "\n"
    }
}
