// Code generation on two threads: the functions from a split point on are generated on a second
// thread against a constant pool of their own, and their constant operands are then renumbered
// into the file's pool.
//
// Why the result is the same as generating every function in order against one pool: the pool
// numbers a constant when it is first asked for, and a function's code depends on the pool only
// through the numbers it gets back. The second thread's pool numbers its constants 0, 1, 2 … in
// the order its functions first ask for them; asking the file's pool for them in that order, once
// the functions before the split are done, gives each the number the one-pool generator would
// have given it, and leaves the same pool. (Whether a constant fits an RK operand depends on its
// number; both numbers stay far below `Instruction.constantBit`, which `Compiler.compile` checks
// before splitting.) Constant numbers are operand c of LOADK, of the string operands (ANIMADD,
// ANIMREMOVE, SETACTION) and of RK operands with the constant bit set; nothing else holds one.

import CalcCore
import Bytecode
import Foundation

extension CodeGen {
    /// Generates `functions` in order, those from a split point on on a second thread.
    mutating func functionsOnTwoThreads(_ functions: [IRFunction]) -> [Function] {
        // split where about half the work is done, counted in statements (a statement of main,
        // the first function, takes about half a function body's on the benchmark: a body's
        // statements hold loops and conditionals)
        func weight(_ k: Int) -> Int { k == 0 ? functions[0].body.count / 2 : functions[k].body.count }
        let total = functions.indices.reduce(0) { $0 + weight($1) }
        var split = 0, done = 0
        while split < functions.count, done * 2 < total { done += weight(split); split += 1 }
        let first = max(1, split)
        guard first < functions.count else { return functions.map { function($0) } }
        final class Later: @unchecked Sendable { var functions: [Function] = []; var constants: [Value] = [] }
        let later = Later()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global(qos: .userInitiated).async { [functions] in
            defer { finished.signal() }
            var gen = CodeGen(pool: ConstantPool())
            later.functions.reserveCapacity(functions.count - first)
            for f in functions[first...] { later.functions.append(gen.function(f)) }
            later.constants = gen.pool.values
        }
        var out: [Function] = []
        out.reserveCapacity(functions.count)
        for f in functions[..<first] { out.append(function(f)) }
        finished.wait()
        let renumbered = later.constants.map { pool.index($0) }
        for var f in later.functions {
            CodeGen.renumberConstants(&f, renumbered)
            out.append(f)
        }
        return out
    }

    /// How operand c of each opcode (by raw value) holds a constant: 0 not at all, 1 as a number,
    /// 2 as an RK operand.
    static let constantOperand: [UInt8] = {
        var t = [UInt8](repeating: 0, count: 256)
        for op in Opcode.allCases {
            switch op.format.c {
            case .const, .string: t[Int(op.rawValue)] = 1
            case .rk: t[Int(op.rawValue)] = 2
            default: break
            }
        }
        return t
    }()

    /// Replaces each constant number k in `f`'s code with `renumbered[k]`.
    static func renumberConstants(_ f: inout Function, _ renumbered: [UInt32]) {
        constantOperand.withUnsafeBufferPointer { kinds in
            renumbered.withUnsafeBufferPointer { map in
                f.code.withUnsafeMutableBufferPointer { code in
                    for i in code.indices {
                        let c = code[i].c
                        switch kinds[Int(code[i].op.rawValue)] {
                        case 1: code[i].c = map[Int(c)]
                        case 2 where c & Instruction.constantBit != 0:
                            code[i].c = Instruction.constantBit | map[Int(c & ~Instruction.constantBit)]
                        default: break
                        }
                    }
                }
            }
        }
    }
}
