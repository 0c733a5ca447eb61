// Code generation: checked IR → register bytecode. A function's registers are its parameters
// (declared ones, then captured values), then its locals, then temporaries allocated in stack order
// and released as soon as an expression is consumed, so the register count of a function is the
// deepest expression it evaluates.

import CalcCore
import Bytecode

struct CodeGen {
    var pool: ConstantPool
    /// The current function's instructions and lines (reused from function to function).
    let code = CodeBuffer()
    var line: Int = 1
    var nextReg = 0
    var maxReg = 0
    var paramCount = 0
    /// Registers below this hold parameters and locals; only registers at or above it are scratch.
    var fixedCount = 0

    init(pool: ConstantPool) { self.pool = pool }

    mutating func function(_ f: IRFunction) -> Function {
        // the buffers keep their capacity from function to function; each function's arrays are
        // copied out at their final size (growing fresh arrays was a third of code generation).
        // (`Array(code)` would share the buffer, and the next removeAll would then reallocate it.)
        code.removeAll()
        // (room up front for a few instructions a statement: while empty, growing copies nothing,
        // where doubling up to the size of a 100 000-line file's main copied 4M bytes' worth)
        code.reserve(f.body.count * 4)
        paramCount = f.paramCount
        fixedCount = f.paramCount + f.localCount
        nextReg = fixedCount
        maxReg = fixedCount
        for s in f.body { stmt(s) }
        line = f.endLine
        if code.last.map({ !$0.op.isTerminator }) ?? true || endsReachable() { emit(Instruction(.ret)) }
        return Function(name: f.name, paramCount: UInt16(clamping: f.paramCount), registerCount: UInt16(clamping: maxReg),
                        code: code.instructions(), lines: code.lineArray())
    }

    /// True when some jump targets the end of the code (so a final RET is needed even after a return).
    func endsReachable() -> Bool {
        (0..<code.count).contains { i in
            let ins = code[i]
            guard CodeGen.jumpsByC[Int(ins.op.rawValue)] else { return false }
            return i + 1 + Int(ins.sC) == code.count
        }
    }

    /// Whether an opcode's C operand is a jump (`format.c == .jump`), by raw value, derived once.
    static let jumpsByC: [Bool] = {
        var t = [Bool](repeating: false, count: 256)
        for op in Opcode.allCases { t[Int(op.rawValue)] = op.format.c == .jump }
        return t
    }()

    mutating func emit(_ i: Instruction) {
        code.append(i, line: UInt32(clamping: line))
    }

    mutating func alloc(_ n: Int = 1) -> Int {
        let r = nextReg
        nextReg += n
        maxReg = max(maxReg, nextReg)
        return r
    }

    mutating func free(to mark: Int) { nextReg = mark }

    func r(_ x: Int) -> UInt16 { UInt16(clamping: x) }

    func localReg(_ n: Int) -> Int { paramCount + n }

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
        case let .setStyled(layer, kp, value, ln):
            line = ln
            let l = operand(layer)
            let v = operand(value)
            emit(Instruction(.setstyled, a: r(l), b: r(v), c: kp.packed))
        case let .resetStyle(layer, ln):
            line = ln
            emit(Instruction(.stylereset, a: r(operand(layer))))
        case let .setLocal(reg, value, ln):
            line = ln
            into(value, localReg(reg))
        case let .setGlobal(slot, value, ln):
            line = ln
            let v = operand(value)
            emit(Instruction(.setglobal, a: r(v), c: UInt32(slot)))
        case let .setIndex(variable, index, value, ln):
            line = ln
            let (reg, global) = variableRegister(variable)
            let i = operand(index), v = operand(value)
            takeGlobal(global)
            emit(Instruction(.setindex, a: r(reg), b: r(i), c: UInt32(v)))
            if let slot = global { emit(Instruction(.setglobal, a: r(reg), c: UInt32(slot))) }
        case let .append(variable, value, ln):
            line = ln
            let (reg, global) = variableRegister(variable)
            let v = operand(value)
            takeGlobal(global)
            emit(Instruction(.append, a: r(reg), b: r(v)))
            if let slot = global { emit(Instruction(.setglobal, a: r(reg), c: UInt32(slot))) }
        case let .newLayer(target, template, ln):
            line = ln
            switch target {
            case .local(let n): emit(Instruction(.newlayer, a: r(localReg(n)), c: UInt32(template)))
            case .global(let slot):
                let t = alloc()
                emit(Instruction(.newlayer, a: r(t), c: UInt32(template)))
                emit(Instruction(.setglobal, a: r(t), c: UInt32(slot)))
            default: break
            }
        case let .tree(op, a, b, c, ln):
            line = ln
            let x = operand(a)
            let y = b.map { operand($0) } ?? 0
            let z = c.map { operand($0) } ?? 0
            switch op {
            case .add: emit(Instruction(.addsublayer, a: r(x), b: r(y)))
            case .insertAt: emit(Instruction(.insertat, a: r(x), b: r(y), c: UInt32(z)))
            case .insertAbove: emit(Instruction(.insertabove, a: r(x), b: r(y), c: UInt32(z)))
            case .insertBelow: emit(Instruction(.insertbelow, a: r(x), b: r(y), c: UInt32(z)))
            case .remove: emit(Instruction(.removefromsuper, a: r(x)))
            case .replace: emit(Instruction(.replacesub, a: r(x), b: r(y), c: UInt32(z)))
            }
        case let .addAnimation(layer, anim, key, ln):
            line = ln
            let l = operand(layer)
            let a = operand(anim)
            emit(Instruction(.animadd, a: r(l), b: r(a), c: pool.index(.string(key))))
        case let .removeAnimation(layer, key, ln):
            line = ln
            let l = operand(layer)
            emit(Instruction(.animremove, a: r(l), c: pool.index(.string(key))))
        case let .addAnimationKeyed(layer, anim, key, ln):
            line = ln
            let l = operand(layer)
            let a = operand(anim)
            let k = operand(key)
            emit(Instruction(.animaddk, a: r(l), b: r(a), c: UInt32(r(k))))
        case let .removeAnimationKeyed(layer, key, ln):
            line = ln
            let l = operand(layer)
            let k = operand(key)
            emit(Instruction(.animremovek, a: r(l), c: UInt32(r(k))))
        case let .removeAllAnimations(layer, ln):
            line = ln
            let l = operand(layer)
            emit(Instruction(.animremoveall, a: r(l)))
        case let .setAction(layer, key, anim, ln):
            line = ln
            let l = operand(layer)
            let a = operand(anim ?? .const(.none))
            emit(Instruction(.setaction, a: r(l), b: r(a), c: pool.index(.string(key))))
        case let .setMask(layer, mask, ln):
            line = ln
            let l = operand(layer)
            let m = operand(mask)
            emit(Instruction(.setmask, a: r(l), b: r(m)))
        case let .setBehavior(behavior, field, value, ln):
            line = ln
            let v = operand(value)
            emit(Instruction(.dynset, a: r(v), b: UInt16(field.rawValue), c: UInt32(behavior)))
        case let .transaction(settings, body, completion, ln, endLine):
            line = ln
            emit(Instruction(.txbegin))
            for (field, value) in settings {
                let m = nextReg
                let v = operand(value)
                emit(Instruction(.txset, a: r(v), c: UInt32(field.rawValue)))
                free(to: m)
            }
            if let completion {
                let m = nextReg
                let args = captures(completion)
                emit(Instruction(completion.passesFinished ? .txcompletionf : .txcompletion, b: r(args), c: UInt32(completion.function)))
                free(to: m)
            }
            for s in body { stmt(s) }
            line = endLine
            emit(Instruction(.txcommit))
        case let .register(event, handler, ln):
            line = ln
            switch event {
            case .at(let time):
                let t = operand(time)
                let args = captures(handler)
                emit(Instruction(.schedule, a: r(t), b: r(args), c: UInt32(handler.function)))
            case let .every(start, interval, until):
                let base = consecutive([start, interval, until])
                let args = captures(handler)
                emit(Instruction(.every, a: r(base), b: r(args), c: UInt32(handler.function)))
            case .frame:
                let args = captures(handler)
                emit(Instruction(.onframe, b: r(args), c: UInt32(handler.function)))
            case let .animation(start, layer, key):
                let base = consecutive([layer, key])
                let args = captures(handler)
                emit(Instruction(start ? .onstart : .onstop, a: r(base), b: r(args), c: UInt32(handler.function)))
            case let .contact(behavior, began):
                let args = captures(handler)
                emit(Instruction(began ? .oncontact : .onendcontact, a: UInt16(behavior), b: r(args), c: UInt32(handler.function)))
            }
        case let .setDraw(layer, handler, ln):
            line = ln
            let base = alloc(2)
            into(layer, base)
            into(.array(handler.captures), base + 1)
            emit(Instruction(.setdraw, a: r(base), c: UInt32(handler.function)))
        case let .draw(op, args, ln):
            line = ln
            let base = consecutive(args)
            let opcode: Opcode = switch op {
            case .fill: .drawfill
            case .stroke: .drawstroke
            case .text: .drawtext
            case .image: .drawimage
            }
            emit(Instruction(opcode, a: r(base)))
        case let .print(args, ln):
            line = ln
            let base = consecutive(args)
            emit(Instruction(.print, b: r(base), c: UInt32(args.count)))
        case let .unconstrain(layer, ln):
            line = ln
            emit(Instruction(.unconstrain, a: r(operand(layer))))
        case let .constrain(layer, attr, source, sattr, scale, offset, ln):
            line = ln
            let l = operand(layer)
            let base = consecutive([source, scale, offset])
            emit(Instruction(.constrain, a: r(l), b: r(base), c: UInt32(attr.rawValue) << 3 | UInt32(sattr.rawValue)))
        case let .bind(layer, kp, handler, ln):
            line = ln
            let base = alloc(2)
            into(layer, base)
            into(.array(handler.captures), base + 1)
            emit(Instruction(.bind, a: r(base), b: r(handler.function), c: kp.packed))
        case let .ifStmt(cond, then, otherwise, ln):
            line = ln
            let c = operand(cond)
            let jumpElse = code.count
            emit(Instruction(.jmpifnot, a: r(c)))
            free(to: mark)
            for s in then { stmt(s) }
            if otherwise.isEmpty {
                patch(jumpElse)
            } else {
                let jumpEnd = code.count
                emit(Instruction(.jmp))
                patch(jumpElse)
                for s in otherwise { stmt(s) }
                patch(jumpEnd)
            }
        case let .forRange(variable, from, limit, body, ln):
            line = ln
            let base = alloc(2)
            into(from, base)
            into(limit, base + 1)
            loop(base: base, variable: localReg(variable), load: nil, body: body, line: ln)
        case let .forArray(variable, array, hidden, body, ln):
            line = ln
            let arr = localReg(hidden)
            into(array, arr)
            let base = alloc(2)
            into(.const(.number(0)), base)
            emit(Instruction(.len, a: r(base + 1), b: r(arr)))
            loop(base: base, variable: base,
                 load: Instruction(.getindex, a: r(localReg(variable)), b: r(arr), c: UInt32(base)), body: body, line: ln)
        case let .expr(ir, ln):
            line = ln
            _ = operand(ir)
        case let .ret(value, ln):
            line = ln
            if let value {
                let v = operand(value)
                emit(Instruction(.retv, a: r(v)))
            } else {
                emit(Instruction(.ret))
            }
        }
    }

    /// FORPREP base, variable → exit; top: (load); body; FORLOOP base, variable → top. The loop
    /// instructions copy the counter into the variable register themselves.
    mutating func loop(base: Int, variable: Int, load: Instruction?, body: [IRStmt], line ln: Int) {
        let prep = code.count
        emit(Instruction(.forprep, a: r(base), b: r(variable)))
        let top = code.count
        if let load { emit(load) }
        for s in body { stmt(s) }
        line = ln
        let back = Int32(top - (code.count + 1))
        emit(Instruction.jump(.forloop, a: r(base), b: r(variable), offset: back))
        patch(prep)
    }

    /// The register holding a variable: a local's own, or a global loaded into a temporary (the slot
    /// to store it back to is returned too).
    /// Empties a global's slot after its array was read into a register and the operands were
    /// evaluated, so the register holds the only reference and APPEND / SETINDEX change the array
    /// in place; SETGLOBAL puts it back. Without this every append to a top-level array copied it
    /// (40 000 appends took 4.3 s, against 0.26 s for 4 million to a local).
    mutating func takeGlobal(_ slot: Int?) {
        guard let slot else { return }
        let t = alloc()
        emit(Instruction(.loadnil, a: r(t)))
        emit(Instruction(.setglobal, a: r(t), c: UInt32(slot)))
    }

    mutating func variableRegister(_ v: IR) -> (Int, Int?) {
        switch v {
        case .local(let n): return (localReg(n), nil)
        case .global(let slot):
            let t = alloc()
            emit(Instruction(.getglobal, a: r(t), c: UInt32(slot)))
            return (t, slot)
        default:
            return (operand(v), nil)
        }
    }

    /// Builds the array of a handler's captured values; returns its register.
    mutating func captures(_ h: Handler) -> Int {
        let dst = alloc()
        into(.array(h.captures), dst)
        return dst
    }

    // MARK: expressions

    /// Evaluates `ir` into some register (a local's or parameter's own register when it is one).
    mutating func operand(_ ir: IR) -> Int {
        if case .local(let n) = ir { return localReg(n) }
        if case .param(let k) = ir { return k }
        let dst = alloc()
        into(ir, dst)
        return dst
    }

    /// Evaluates the first operand of an instruction that writes `dst`: straight into `dst` when
    /// `dst` is scratch (it is overwritten last anyway), saving a register.
    mutating func firstOperand(_ ir: IR, _ dst: Int) -> Int {
        if case .local(let n) = ir { return localReg(n) }
        if case .param(let k) = ir { return k }
        if dst >= fixedCount {
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
            case .array(let xs): into(.array(xs.map { .const($0) }), dst)
            default: emit(Instruction(.loadk, a: r(dst), c: pool.index(v)))
            }
        case .local(let n):
            if localReg(n) != dst { emit(Instruction(.move, a: r(dst), b: r(localReg(n)))) }
        case .param(let k):
            if k != dst { emit(Instruction(.move, a: r(dst), b: r(k))) }
        case .global(let slot):
            emit(Instruction(.getglobal, a: r(dst), c: UInt32(slot)))
        case .root:
            emit(Instruction(.root, a: r(dst)))
        case .now:
            emit(Instruction(.now, a: r(dst)))
        case let .arith(op, a, b):
            let x = firstOperand(a, dst), y = rk(b)
            let opcode: Opcode = [.add, .sub, .mul, .div, .mod][Int(op.rawValue)]
            emit(Instruction(opcode, a: r(dst), b: r(x), c: y))
        case .neg(let a):
            let x = firstOperand(a, dst)
            emit(Instruction(.neg, a: r(dst), b: r(x)))
        case .not(let a):
            let x = firstOperand(a, dst)
            emit(Instruction(.not, a: r(dst), b: r(x)))
        case let .compare(op, a, b):
            let x = firstOperand(a, dst), y = rk(b)
            emit(Instruction(op, a: r(dst), b: r(x), c: y))
        case let .animGet(a, f):
            let x = firstOperand(a, dst)
            emit(Instruction(.animget, a: r(dst), b: r(x), c: UInt32(f.rawValue)))
        case let .animWith(a, f, v):
            // the copy goes to a scratch register: `dst` may be the variable itself, read by `v`
            let copy = alloc()
            emit(Instruction(.animcopy, a: r(copy), b: r(operand(a))))
            emit(Instruction(.animset, a: r(copy), b: r(operand(v)), c: UInt32(f.rawValue)))
            emit(Instruction(.move, a: r(dst), b: r(copy)))
        case let .select(c, a, b):
            let x = firstOperand(c, dst)
            let jumpElse = code.count
            emit(Instruction(.jmpifnot, a: r(x)))
            into(a, dst)
            let jumpEnd = code.count
            emit(Instruction(.jmp))
            patch(jumpElse)
            into(b, dst)
            patch(jumpEnd)
        case let .and(a, b), let .or(a, b):
            let isAnd: Bool
            if case .and = ir { isAnd = true } else { isAnd = false }
            // into scratch when `dst` is a variable's register: `b` may read the variable
            // (`x = c && x`), which the left operand's value must not have overwritten
            let target = dst >= fixedCount ? dst : alloc()
            into(a, target)
            let jump = code.count
            emit(Instruction(isAnd ? .jmpifnot : .jmpif, a: r(target)))
            into(b, target)
            patch(jump)
            if target != dst { emit(Instruction(.move, a: r(dst), b: r(target))) }
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
        case let .builtin(b, args):
            let base = consecutive(args)
            emit(Instruction(.callb, a: r(dst), b: r(base), c: UInt32(b.rawValue)))
        case let .call(function, args):
            // the result lands in the CALL register: use `dst` itself when it is the topmost scratch
            // register (the arguments then follow it directly)
            let base: Int
            if dst >= fixedCount, dst + 1 == nextReg {
                base = dst
                _ = alloc(args.count)
            } else {
                base = alloc(args.count + 1)
            }
            for (i, a) in args.enumerated() { into(a, base + 1 + i) }
            emit(Instruction(.call, a: r(base), b: r(args.count), c: UInt32(function)))
            if base != dst { emit(Instruction(.move, a: r(dst), b: r(base))) }
        case .array(let elems):
            let base = consecutive(elems)
            emit(Instruction(.newarray, a: r(dst), b: r(base), c: UInt32(elems.count)))
        case let .index(a, i):
            let x = firstOperand(a, dst), y = operand(i)
            emit(Instruction(.getindex, a: r(dst), b: r(x), c: UInt32(y)))
        case .len(let a):
            let x = firstOperand(a, dst)
            emit(Instruction(.len, a: r(dst), b: r(x)))
        case let .field(a, c):
            let x = firstOperand(a, dst)
            emit(Instruction(.field, a: r(dst), b: r(x), c: UInt32(c.rawValue)))
        case .named(let a):
            let x = firstOperand(a, dst)
            emit(Instruction(.named, a: r(dst), b: r(x)))
        case let .tree(what, a):
            let x = firstOperand(a, dst)
            let op: Opcode = what == .superlayer ? .superlayer : what == .sublayers ? .sublayers : .getmask
            emit(Instruction(op, a: r(dst), b: r(x)))
        case let .getProp(layer, kp), let .getPres(layer, kp):
            let l = firstOperand(layer, dst)
            let pres: Bool
            if case .getPres = ir { pres = true } else { pres = false }
            emit(Instruction(pres ? .getpres : .getprop, a: r(dst), b: r(l), c: kp.packed))
        case let .convert(v, from, to, presentation):
            let base = consecutive([v, from, to])
            emit(Instruction(.convert, a: r(dst), b: r(base), c: presentation ? 1 : 0))
        case let .getBehavior(behavior, field):
            emit(Instruction(.dynget, a: r(dst), b: UInt16(field.rawValue), c: UInt32(behavior)))
        case let .animation(template, dynamic):
            // a variable's register is written only when the animation is complete: its fields
            // may read the variable (`s = basic { … duration: s.duration * 2 }`)
            let target = dynamic.isEmpty || dst >= fixedCount ? dst : alloc()
            emit(Instruction(.animnew, a: r(target), c: UInt32(template)))
            for (field, value) in dynamic {
                let m = nextReg
                let v = operand(value)
                emit(Instruction(.animset, a: r(target), b: r(v), c: UInt32(field.rawValue)))
                free(to: m)
            }
            if target != dst { emit(Instruction(.move, a: r(dst), b: r(target))) }
        }
    }

    /// An RK operand: a constant operand as `constantBit | index` (no LOADK), else a register.
    mutating func rk(_ ir: IR) -> UInt32 {
        if let v = ir.constant {
            switch v {
            case .none, .array: break
            default:
                let k = pool.index(v)
                if k < Instruction.constantBit { return Instruction.constantBit | k }
            }
        }
        return UInt32(operand(ir))
    }

    /// Evaluates `parts` into fresh consecutive registers and returns the first.
    mutating func consecutive(_ parts: [IR]) -> Int {
        let base = alloc(max(1, parts.count))
        for (i, p) in parts.enumerated() { into(p, base + i) }
        return base
    }

    /// Points the jump at `index` to the next instruction to be emitted.
    mutating func patch(_ index: Int) {
        let offset = Int32(code.count - index - 1)
        let old = code[index]
        code[index] = Instruction.jump(old.op, a: old.a, b: old.b, offset: offset)
    }
}

/// A function's instructions and their lines, in raw buffers that keep their capacity from function
/// to function. (Two `Array.append`s per instruction, each with a uniqueness check and a capacity
/// test, were ~75 machine instructions per instruction emitted, 2% of a build.)
final class CodeBuffer {
    private var code: UnsafeMutablePointer<Instruction>
    private var lines: UnsafeMutablePointer<UInt32>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = capacity
        code = .allocate(capacity: capacity)
        lines = .allocate(capacity: capacity)
    }

    // (both element types are trivial: nothing to deinitialize)
    deinit { code.deallocate(); lines.deallocate() }

    @inline(__always) func append(_ i: Instruction, line: UInt32) {
        if count == capacity { grow() }
        (code + count).initialize(to: i)
        (lines + count).initialize(to: line)
        count += 1
    }

    @inline(never) private func grow(to n: Int = 0) {
        let newCapacity = max(capacity * 2, n)
        let c = UnsafeMutablePointer<Instruction>.allocate(capacity: newCapacity)
        c.moveInitialize(from: code, count: count)
        code.deallocate()
        code = c
        let l = UnsafeMutablePointer<UInt32>.allocate(capacity: newCapacity)
        l.moveInitialize(from: lines, count: count)
        lines.deallocate()
        lines = l
        capacity = newCapacity
    }

    func removeAll() { count = 0 }

    /// Room for at least `n` instructions in all.
    func reserve(_ n: Int) {
        if n > capacity { grow(to: n) }
    }

    var last: Instruction? { count > 0 ? code[count - 1] : nil }

    subscript(i: Int) -> Instruction {
        get { precondition(i >= 0 && i < count, "instruction index out of range"); return code[i] }
        set { precondition(i >= 0 && i < count, "instruction index out of range"); code[i] = newValue }
    }

    /// Copies of the instructions and lines at their final size.
    func instructions() -> [Instruction] { Array(UnsafeBufferPointer(start: code, count: count)) }
    func lineArray() -> [UInt32] { Array(UnsafeBufferPointer(start: lines, count: count)) }
}
