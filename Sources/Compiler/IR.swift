// The checked IR: what the checker produces and the code generator consumes. Names are resolved
// (to registers, globals, templates), types are checked, constants are folded, and every statement
// carries its source line for the debug line table.

import CalcCore
import Bytecode

indirect enum IR: Sendable {
    case const(Value)
    case local(Int)
    case global(Int)
    case root
    case arith(ArithOp, IR, IR)
    case neg(IR)
    case not(IR)
    /// `eq`, `lt`, `le` with operands possibly swapped by the checker (a > b is b < a).
    case compare(Opcode, IR, IR)
    case and(IR, IR)
    case or(IR, IR)
    case makePoint(IR, IR)
    case makeSize(IR, IR)
    case makeRect([IR])
    case makeColor([IR])
    case translate([IR])
    case scale([IR])
    case rotate([IR])
    case perspective(IR)
    case getProp(IR, KeyPath)
    case getPres(IR, KeyPath)
    case animation(template: Int, dynamic: [(AnimField, IR)])

    var constant: Value? { if case .const(let v) = self { return v } else { return nil } }
}

enum IRStmt {
    case setProp(layer: IR, KeyPath, IR, line: Int)
    case setLocal(Int, IR, line: Int)
    case setGlobal(Int, IR, line: Int)
    case newLayer(global: Int, template: Int, line: Int)
    case addSublayer(parent: IR, child: IR, line: Int)
    case addAnimation(layer: IR, animation: IR, key: String, line: Int)
    case removeAnimation(layer: IR, key: String, line: Int)
    case removeAllAnimations(layer: IR, line: Int)
    case transaction([(TxField, IR)], [IRStmt], line: Int, endLine: Int)
    case schedule(time: IR, function: Int, line: Int)
}

struct IRFunction {
    var name: String
    var body: [IRStmt]
    /// Registers reserved for locals (the code generator puts temporaries above them).
    var localCount: Int
    var endLine: Int
}
