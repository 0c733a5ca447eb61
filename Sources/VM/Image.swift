// A loaded program image: the verified program's code and constants copied once into flat,
// immutable buffers the interpreter reads through raw pointers (no bounds checks, no reference
// counting in the dispatch loop — the verifier has checked every operand), and the register stack
// the interpreter writes through a raw pointer. Measured on the loop benchmark (Benchmarks/vm):
// array-based registers and code cost 18 ns an instruction; raw pointers bring it near Lua's.

import CalcCore
import Bytecode
import TextLayout

/// Immutable after init, so one image is shared by the timeline run and every frame's evaluations.
final class Image: @unchecked Sendable {
    let program: Program
    /// The catalogue plus the program's custom properties; `defaults` is a new layer's values.
    let table: PropertyTable
    let defaults: [Value]
    /// Slots of the filter inputs the program registered, by key name (`filters.soft.inputRadius`).
    let filterSlots: [String: Int]
    /// All functions' code, back to back.
    let code: UnsafeMutablePointer<Instruction>
    let codeCount: Int
    /// Per function: where its code starts and its register count, read by CALL and RET through a
    /// raw pointer (the verifier checks every function operand, so no bounds check is needed).
    let functions: UnsafeMutablePointer<FunctionEntry>
    let functionCount: Int
    let constants: UnsafeMutablePointer<Value>
    let constantCount: Int

    struct FunctionEntry {
        let code: UnsafePointer<Instruction>
        let registerCount: Int
    }

    /// The fonts text layers' natural sizes are measured with (the driver's, shared with Compose).
    let text: TextMeasure

    init(_ program: Program, text: TextMeasure = .shared) {
        self.program = program
        self.text = text
        table = program.properties
        defaults = table.defaults
        var slots: [String: Int] = [:]
        for (k, key) in program.customKeys.enumerated() where FilterKey.isFilterKey(key.name) {
            slots[key.name] = LayerProperties.slot(LayerProperties.customBase + UInt16(k))
        }
        filterSlots = slots
        var total = 0
        for f in program.functions { total += f.code.count }
        codeCount = total
        code = .allocate(capacity: max(1, total))
        functionCount = program.functions.count
        functions = .allocate(capacity: max(1, functionCount))
        var i = 0
        for (k, f) in program.functions.enumerated() {
            (functions + k).initialize(to: FunctionEntry(code: UnsafePointer(code + i), registerCount: Int(f.registerCount)))
            for ins in f.code { (code + i).initialize(to: ins); i += 1 }
        }
        constantCount = program.constants.count
        constants = .allocate(capacity: max(1, constantCount))
        constants.initialize(from: program.constants, count: constantCount)
    }

    deinit {
        code.deinitialize(count: codeCount)
        code.deallocate()
        constants.deinitialize(count: constantCount)
        constants.deallocate()
        functions.deinitialize(count: functionCount)
        functions.deallocate()
    }
}

/// Registers of all active calls, every slot initialized (to nil when unused) so a store through
/// the pointer can release the old value safely.
final class RegisterStack {
    private(set) var base: UnsafeMutablePointer<Value>
    private(set) var capacity: Int
    /// Slots in use by active calls.
    var top = 0

    init(capacity: Int = 256) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
        base.initialize(repeating: .none, count: capacity)
    }

    /// Makes room for `n` slots in all; may move the storage (re-derive register pointers after).
    func reserve(_ n: Int) {
        guard n > capacity else { return }
        var newCapacity = capacity * 2
        while newCapacity < n { newCapacity *= 2 }
        let fresh = UnsafeMutablePointer<Value>.allocate(capacity: newCapacity)
        fresh.moveInitialize(from: base, count: capacity)
        (fresh + capacity).initialize(repeating: .none, count: newCapacity - capacity)
        base.deallocate()
        base = fresh
        capacity = newCapacity
    }

    /// Resets slots from `from` to the top to nil (dropping references to arrays and strings).
    func clear(from: Int) {
        var i = from
        while i < top { base[i] = .none; i += 1 }
        top = from
    }

    deinit {
        base.deinitialize(count: capacity)
        base.deallocate()
    }
}
