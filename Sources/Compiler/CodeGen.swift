// Code generation: checked IR → register bytecode. Locals occupy the low registers of a frame;
// temporaries are allocated above them in stack order and released as soon as an expression is
// consumed, so the register count of a function is the deepest expression it evaluates.

import CalcCore
import Bytecode

struct CodeGen {
    var pool: ConstantPool
    var code: [Instruction] = []
    var lines: [UInt32] = []
    var line: Int = 1
    var nextReg = 0
    var maxReg = 0
    /// Registers below this hold locals; only registers at or above it are scratch.
    var localCount = 0

    init(pool: ConstantPool) { self.pool = pool }

    mutating func function(_ f: IRFunction) -> Function {
        code = []
        lines = []
        nextReg = f.localCount
        maxReg = f.localCount
        localCount = f.localCount
        for s in f.body { stmt(s) }
        line = f.endLine
        emit(Instruction(.ret))
        return Function(name: f.name, registerCount: UInt16(clamping: maxReg), code: code, lines: lines)
    }

    mutating func emit(_ i: Instruction) {
        code.append(i)
        lines.append(UInt32(clamping: line))
    }

    mutating func alloc(_ n: Int = 1) -> Int {
        let r = nextReg
        nextReg += n
        maxReg = max(maxReg, nextReg)
        return r
    }

    mutating func free(to mark: Int) { nextReg = mark }

    func r(_ x: Int) -> UInt16 { UInt16(clamping: x) }

    // MARK: statements

    mutating func stmt(_ s: IRStmt) {
        let mark = nextReg
        defer { free(to: mark) }
        switch s {
        case let .setProp(layer, kp, value, ln):
            line = ln
            let l = operand(layer)
            let v = operand(value)
            emit(Instruction(.setprop, a: r(l), b: r(v), c: kp.packed))
        case let .setLocal(reg, value, ln):
            line = ln
            into(value, reg)
        case let .setGlobal(slot, value, ln):
            line = ln
            let v = operand(value)
            emit(Instruction(.setglobal, a: r(v), c: UInt32(slot)))
        case let .newLayer(slot, template, ln):
            line = ln
            let t = alloc()
            emit(Instruction(.newlayer, a: r(t), c: UInt32(template)))
            emit(Instruction(.setglobal, a: r(t), c: UInt32(slot)))
        case let .addSublayer(parent, child, ln):
            line = ln
            let p = operand(parent)
            let c = operand(child)
            emit(Instruction(.addsublayer, a: r(p), b: r(c)))
        case let .addAnimation(layer, anim, key, ln):
            line = ln
            let l = operand(layer)
            let a = operand(anim)
            emit(Instruction(.animadd, a: r(l), b: r(a), c: pool.index(.string(key))))
        case let .removeAnimation(layer, key, ln):
            line = ln
            let l = operand(layer)
            emit(Instruction(.animremove, a: r(l), c: pool.index(.string(key))))
        case let .removeAllAnimations(layer, ln):
            line = ln
            let l = operand(layer)
            emit(Instruction(.animremoveall, a: r(l)))
        case let .transaction(settings, body, ln, endLine):
            line = ln
            emit(Instruction(.txbegin))
            for (field, value) in settings {
                let m = nextReg
                let v = operand(value)
                emit(Instruction(.txset, a: r(v), c: UInt32(field.rawValue)))
                free(to: m)
            }
            for s in body { stmt(s) }
            line = endLine
            emit(Instruction(.txcommit))
        case let .schedule(time, function, ln):
            line = ln
            let t = operand(time)
            emit(Instruction(.schedule, a: r(t), c: UInt32(function)))
        }
    }

    // MARK: expressions

    /// Evaluates `ir` into some register (a local's own register when it is one) and returns it.
    mutating func operand(_ ir: IR) -> Int {
        if case .local(let reg) = ir { return reg }
        let dst = alloc()
        into(ir, dst)
        return dst
    }

    /// Evaluates the first operand of an instruction that writes `dst`: straight into `dst` when
    /// `dst` is scratch (it is overwritten last anyway), saving a register.
    mutating func firstOperand(_ ir: IR, _ dst: Int) -> Int {
        if case .local(let reg) = ir { return reg }
        if dst >= localCount {
            into(ir, dst)
            return dst
        }
        return operand(ir)
    }

    /// Evaluates `ir` into register `dst`.
    mutating func into(_ ir: IR, _ dst: Int) {
        let mark = nextReg
        defer { free(to: mark) }
        switch ir {
        case .const(let v):
            switch v {
            case .none: emit(Instruction(.loadnil, a: r(dst)))
            case .bool(let b): emit(Instruction(.loadbool, a: r(dst), b: b ? 1 : 0))
            default: emit(Instruction(.loadk, a: r(dst), c: pool.index(v)))
            }
        case .local(let reg):
            if reg != dst { emit(Instruction(.move, a: r(dst), b: r(reg))) }
        case .global(let slot):
            emit(Instruction(.getglobal, a: r(dst), c: UInt32(slot)))
        case .root:
            emit(Instruction(.root, a: r(dst)))
        case let .arith(op, a, b):
            let x = firstOperand(a, dst), y = operand(b)
            let opcode: Opcode = [.add, .sub, .mul, .div, .mod][Int(op.rawValue)]
            emit(Instruction(opcode, a: r(dst), b: r(x), c: UInt32(y)))
        case .neg(let a):
            let x = operand(a)
            emit(Instruction(.neg, a: r(dst), b: r(x)))
        case .not(let a):
            let x = operand(a)
            emit(Instruction(.not, a: r(dst), b: r(x)))
        case let .compare(op, a, b):
            let x = firstOperand(a, dst), y = operand(b)
            emit(Instruction(op, a: r(dst), b: r(x), c: UInt32(y)))
        case let .and(a, b), let .or(a, b):
            let isAnd: Bool
            if case .and = ir { isAnd = true } else { isAnd = false }
            into(a, dst)
            let jump = code.count
            emit(Instruction(isAnd ? .jmpifnot : .jmpif, a: r(dst)))
            into(b, dst)
            patch(jump)
        case let .makePoint(a, b), let .makeSize(a, b):
            let x = firstOperand(a, dst), y = operand(b)
            let isPoint: Bool
            if case .makePoint = ir { isPoint = true } else { isPoint = false }
            emit(Instruction(isPoint ? .mkpoint : .mksize, a: r(dst), b: r(x), c: UInt32(y)))
        case .makeRect(let parts):
            let base = consecutive(parts)
            emit(Instruction(.mkrect, a: r(dst), b: r(base)))
        case .makeColor(let parts):
            let base = consecutive(parts)
            emit(Instruction(.mkcolor, a: r(dst), b: r(base)))
        case .translate(let parts):
            let base = consecutive(parts)
            emit(Instruction(.translate, a: r(dst), b: r(base)))
        case .scale(let parts):
            let base = consecutive(parts)
            emit(Instruction(.scale, a: r(dst), b: r(base)))
        case .rotate(let parts):
            let base = consecutive(parts)
            emit(Instruction(.rotate, a: r(dst), b: r(base)))
        case .perspective(let a):
            let x = operand(a)
            emit(Instruction(.perspective, a: r(dst), b: r(x)))
        case let .getProp(layer, kp), let .getPres(layer, kp):
            let l = operand(layer)
            let pres: Bool
            if case .getPres = ir { pres = true } else { pres = false }
            emit(Instruction(pres ? .getpres : .getprop, a: r(dst), b: r(l), c: kp.packed))
        case let .animation(template, dynamic):
            emit(Instruction(.animnew, a: r(dst), c: UInt32(template)))
            for (field, value) in dynamic {
                let m = nextReg
                let v = operand(value)
                emit(Instruction(.animset, a: r(dst), b: r(v), c: UInt32(field.rawValue)))
                free(to: m)
            }
        }
    }

    /// Evaluates `parts` into fresh consecutive registers and returns the first.
    mutating func consecutive(_ parts: [IR]) -> Int {
        let base = alloc(parts.count)
        for (i, p) in parts.enumerated() { into(p, base + i) }
        return base
    }

    /// Points the jump at `index` to the next instruction to be emitted.
    mutating func patch(_ index: Int) {
        let offset = Int32(code.count - index - 1)
        let old = code[index]
        code[index] = Instruction.jump(old.op, a: old.a, offset: offset)
    }
}
