// The interpreter: runs verified bytecode against the model world. It executes main at time 0 and
// each timeline event at its time, inside implicit transactions; setting an animatable property of
// a layer already in the tree records an implicit action that the outermost commit turns into an
// animation (SPEC §4.8). Dispatch is a switch in a loop with the program counter in a local.

import CalcCore
import Bytecode

/// A runtime failure, naming the handler and source line it came from.
public struct RuntimeError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var function: String
    public var line: Int
    public var description: String { "runtime error in '\(function)' at line \(line): \(message)" }
}

struct PendingAction {
    var layer: Int32
    var property: UInt16
    var from: Value
    var duration: Double?
    var timing: TimingFunction?
}

struct TxFrame {
    var duration: Double?
    var timing: TimingFunction?
    var disableActions: Bool?
}

struct ScheduledEvent {
    var time: Double
    var seq: Int
    var function: Int
}

final class Machine {
    let program: Program
    var world: World
    var globals: [Value]
    var animations: [AnimationObject] = []
    var now: Double = 0

    var txStack: [TxFrame] = []
    var txSerial = 0
    var pending: [PendingAction] = []

    var events: [ScheduledEvent] = []
    var eventSeq = 0

    static let implicitDuration = 0.25

    init(program: Program) {
        self.program = program
        self.world = World(canvas: program.scene.size)
        self.globals = Array(repeating: .none, count: Int(program.globalCount))
    }

    // MARK: transactions

    func beginTransaction() {
        if txStack.isEmpty { txSerial += 1 }
        txStack.append(TxFrame())
    }

    var effectiveDuration: Double? { txStack.reversed().lazy.compactMap { $0.duration }.first }
    var effectiveTiming: TimingFunction? { txStack.reversed().lazy.compactMap { $0.timing }.first }
    var actionsDisabled: Bool { txStack.reversed().lazy.compactMap { $0.disableActions }.first ?? false }

    func commitTransaction() {
        guard !txStack.isEmpty else { return }
        txStack.removeLast()
        guard txStack.isEmpty else { return }
        // outermost commit: run the recorded actions (the default action: a basic animation of the
        // whole property from the value that was on screen to the new model value)
        let actions = pending
        pending = []
        for a in actions {
            var obj = AnimationObject(keyPath: KeyPath(property: a.property))
            obj.from = a.from
            let name = LayerProperties.all[Int(a.property)].name
            let duration = a.duration ?? Machine.implicitDuration
            attach(obj, to: a.layer, key: name, duration: duration > 0 ? duration : Machine.implicitDuration,
                   timing: a.timing ?? .easeInEaseOut)
        }
    }

    // MARK: layers

    func layerIndex(_ v: Value) throws(RuntimeError) -> Int32 {
        guard case .layer(let l) = v, l >= 0, Int(l) < world.layers.count else { throw fail("expected a layer, found \(v.typeName)") }
        return l
    }

    func newLayer(template t: LayerTemplate) -> Int32 {
        let id = Int32(world.layers.count)
        world.layers.append(LayerRecord(name: t.name))
        for p in t.properties {
            // templates were verified: constants exist and match the key path type
            setModel(id, p.keyPath, program.constants[Int(p.constant)], allowActions: false)
        }
        return id
    }

    func addSublayer(_ child: Int32, to parent: Int32) throws(RuntimeError) {
        if child == World.rootIndex { throw fail("the root layer cannot be added to another layer") }
        // a layer cannot become its own descendant
        var cur = parent
        while cur >= 0 {
            if cur == child { throw fail("adding layer '\(world.layers[Int(child)].name)' to '\(world.layers[Int(parent)].name)' would make it its own ancestor") }
            cur = world.layers[Int(cur)].parent
        }
        let old = world.layers[Int(child)].parent
        if old >= 0 { world.layers[Int(old)].sublayers.removeAll { $0 == child } }
        world.layers[Int(child)].parent = parent
        world.layers[Int(parent)].sublayers.append(child)
        if world.inTree(parent) { markJoined(child) }
    }

    func markJoined(_ l: Int32) {
        world.layers[Int(l)].joinedTransaction = txSerial
        for s in world.layers[Int(l)].sublayers { markJoined(s) }
    }

    /// Sets a model value through a key path, running the property's action when one applies.
    func setModel(_ l: Int32, _ kp: KeyPath, _ v: Value, allowActions: Bool = true) {
        if kp.property == LayerProperties.frame {
            // derived setter (seed 000:459): bounds.size := frame.size, position := origin + anchor ⊙ size
            let props = world.layers[Int(l)].props
            let f = kp.component.set(v, in: .rect(World.frame(of: props))).rect ?? .zero
            let ap = props[Int(LayerProperties.anchorPoint)].point ?? Point(0.5, 0.5)
            setModel(l, KeyPath(property: LayerProperties.bounds, component: .size), .size(f.size), allowActions: allowActions)
            setModel(l, KeyPath(property: LayerProperties.position),
                     .point(Point(f.origin.x + ap.x * f.size.width, f.origin.y + ap.y * f.size.height)), allowActions: allowActions)
            return
        }
        let p = Int(kp.property)
        let old = world.layers[Int(l)].props[p]
        let new = kp.component.set(v, in: old)
        if allowActions, new != old, LayerProperties.all[p].animatable, !txStack.isEmpty {
            recordAction(l, property: kp.property)
        }
        world.layers[Int(l)].props[p] = new
    }

    func recordAction(_ l: Int32, property: UInt16) {
        if let i = pending.firstIndex(where: { $0.layer == l && $0.property == property }) {
            // set twice in one transaction: animate once, to the last value, under the last settings
            if actionsDisabled { pending.remove(at: i) } else {
                pending[i].duration = effectiveDuration
                pending[i].timing = effectiveTiming
            }
            return
        }
        guard !actionsDisabled, world.inTree(l), world.layers[Int(l)].joinedTransaction != txSerial else { return }
        let local = world.localTime(l, at: now)
        let from = world.presentationValue(l, property: property, localTime: local)
        pending.append(PendingAction(layer: l, property: property, from: from, duration: effectiveDuration, timing: effectiveTiming))
    }

    /// Adds an animation under a key, replacing any animation with that key (seed 002:624).
    func attach(_ obj: AnimationObject, to l: Int32, key: String, duration: Double, timing: TimingFunction) {
        let local = world.localTime(l, at: now)
        var presentation = Value.none
        if obj.from == .none, obj.to == .none, obj.by == .none {
            let whole = world.presentationValue(l, property: obj.keyPath.property, localTime: local)
            presentation = obj.keyPath.component.get(whole)
        }
        let a = AttachedAnimation(key: key, object: obj, begin: local + obj.beginTime, duration: duration,
                                  timing: timing, presentationAtAdd: presentation)
        world.layers[Int(l)].animations.removeAll { $0.key == key }
        world.layers[Int(l)].animations.append(a)
    }

    /// Drops animations that have finished and are removed on completion (memory only: a finished
    /// animation shows nothing either way).
    func pruneFinished() {
        for i in world.layers.indices where !world.layers[i].animations.isEmpty {
            let local = world.localTime(Int32(i), at: now)
            if world.layers[i].animations.contains(where: { $0.isFinished(at: local) }) {
                world.layers[i].animations.removeAll { $0.isFinished(at: local) }
            }
        }
    }

    // MARK: interpreter

    var currentFunction = 0
    var currentPC = 0

    func fail(_ message: String) -> RuntimeError {
        let f = program.functions.indices.contains(currentFunction) ? program.functions[currentFunction] : nil
        let line = f.flatMap { $0.lines.indices.contains(currentPC) ? Int($0.lines[currentPC]) : nil } ?? 0
        return RuntimeError(message: message, function: f?.name ?? "?", line: line)
    }

    func number(_ v: Value) throws(RuntimeError) -> Double {
        guard case .number(let x) = v else { throw fail("expected a number, found \(v.typeName)") }
        return x
    }

    /// Runs function `index` to completion inside an implicit transaction.
    func runHandler(_ index: Int) throws(RuntimeError) {
        beginTransaction()
        try execute(index)
        while !txStack.isEmpty { commitTransaction() }
    }

    func execute(_ index: Int) throws(RuntimeError) {
        let fn = program.functions[index]
        currentFunction = index
        var regs = [Value](repeating: .none, count: Int(fn.registerCount))
        let code = fn.code
        var pc = 0
        var steps = 0
        let depthAtEntry = txStack.count
        while pc < code.count {
            let ins = code[pc]
            currentPC = pc
            pc += 1
            steps += 1
            if steps > Limits.stepBudget { throw fail("the handler ran more than \(Limits.stepBudget) instructions (a runaway loop?)") }
            let a = Int(ins.a), b = Int(ins.b), c = Int(ins.c)
            switch ins.op {
            case .loadk: regs[a] = program.constants[c]
            case .loadnil: regs[a] = .none
            case .loadbool: regs[a] = .bool(b != 0)
            case .move: regs[a] = regs[b]
            case .getglobal: regs[a] = globals[c]
            case .setglobal: globals[c] = regs[a]
            case .add, .sub, .mul, .div, .mod:
                let op: ArithOp = ins.op == .add ? .add : ins.op == .sub ? .sub : ins.op == .mul ? .mul : ins.op == .div ? .div : .mod
                do { regs[a] = try Value.arith(op, regs[b], regs[c]) } catch {
                    switch error {
                    case .divisionByZero: throw fail("division by zero")
                    case .unsupported(let m): throw fail(m)
                    }
                }
            case .neg:
                switch regs[b] {
                case .number, .point, .size, .rect: regs[a] = Value.scale(regs[b], by: -1)
                default: throw fail("cannot negate \(regs[b].typeName)")
                }
            case .not:
                guard case .bool(let x) = regs[b] else { throw fail("'!' needs a bool, found \(regs[b].typeName)") }
                regs[a] = .bool(!x)
            case .eq: regs[a] = .bool(Value.equal(regs[b], regs[c]))
            case .lt, .le:
                guard let r = Value.less(regs[b], regs[c], orEqual: ins.op == .le) else {
                    throw fail("cannot order \(regs[b].typeName) and \(regs[c].typeName)")
                }
                regs[a] = .bool(r)
            case .jmp: pc += Int(ins.sC)
            case .jmpif, .jmpifnot:
                guard case .bool(let x) = regs[a] else { throw fail("a condition must be a bool, found \(regs[a].typeName)") }
                if x == (ins.op == .jmpif) { pc += Int(ins.sC) }
            case .mkpoint: regs[a] = .point(Point(try number(regs[b]), try number(regs[c])))
            case .mksize: regs[a] = .size(Size(try number(regs[b]), try number(regs[c])))
            case .mkrect:
                regs[a] = .rect(Rect(try number(regs[b]), try number(regs[b + 1]), try number(regs[b + 2]), try number(regs[b + 3])))
            case .mkcolor:
                func c01(_ x: Double) -> Double { min(1, max(0, x)) }
                regs[a] = .color(Color(c01(try number(regs[b])), c01(try number(regs[b + 1])), c01(try number(regs[b + 2])), c01(try number(regs[b + 3]))))
            case .translate:
                regs[a] = .transform(.translation(try number(regs[b]), try number(regs[b + 1]), try number(regs[b + 2])))
            case .scale:
                regs[a] = .transform(.scale(try number(regs[b]), try number(regs[b + 1]), try number(regs[b + 2])))
            case .rotate:
                regs[a] = .transform(.rotation(try number(regs[b]), try number(regs[b + 1]), try number(regs[b + 2]), try number(regs[b + 3])))
            case .perspective:
                let d = try number(regs[b])
                guard d > 0 else { throw fail("the perspective distance must be positive, found \(d)") }
                regs[a] = .transform(.perspective(d))
            case .root: regs[a] = .layer(World.rootIndex)
            case .newlayer:
                regs[a] = .layer(newLayer(template: program.layerTemplates[c]))
            case .addsublayer:
                try addSublayer(try layerIndex(regs[b]), to: try layerIndex(regs[a]))
            case .setprop:
                let l = try layerIndex(regs[a])
                guard let kp = KeyPath(packed: ins.c) else { throw fail("bad key path") }
                let v = regs[b]
                guard TypeCheck.matches(v, kp) else { throw fail("'\(kp.name)' cannot be set to \(v.typeName)") }
                setModel(l, kp, v)
            case .getprop, .getpres:
                let l = try layerIndex(regs[b])
                guard let kp = KeyPath(packed: ins.c) else { throw fail("bad key path") }
                let whole: Value
                if kp.property == LayerProperties.frame {
                    var props = world.layers[Int(l)].props
                    if ins.op == .getpres { props = world.presentationProps(l, localTime: world.localTime(l, at: now)) }
                    whole = .rect(World.frame(of: props))
                } else if ins.op == .getprop {
                    whole = world.layers[Int(l)].props[Int(kp.property)]
                } else {
                    whole = world.presentationValue(l, property: kp.property, localTime: world.localTime(l, at: now))
                }
                regs[a] = kp.component.get(whole)
            case .animnew:
                let t = program.animationTemplates[c]
                var obj = AnimationObject(keyPath: t.keyPath)
                for f in t.fields { _ = obj.set(f.field, program.constants[Int(f.constant)]) }
                regs[a] = .animation(Int32(animations.count))
                animations.append(obj)
            case .animset:
                guard case .animation(let h) = regs[a], Int(h) < animations.count, h >= 0 else { throw fail("expected an animation, found \(regs[a].typeName)") }
                guard let field = AnimField(rawValue: UInt8(c)) else { throw fail("bad animation field") }
                let v = regs[b]
                if field == .from || field == .to || field == .by {
                    guard TypeCheck.matches(v, animations[Int(h)].keyPath) else { throw fail("'\(field.name)' of an animation of '\(animations[Int(h)].keyPath.name)' cannot be \(v.typeName)") }
                }
                guard animations[Int(h)].set(field, v) else { throw fail("invalid value for the animation's '\(field.name)': \(v.typeName)") }
            case .animadd:
                let l = try layerIndex(regs[a])
                guard case .animation(let h) = regs[b], h >= 0, Int(h) < animations.count else { throw fail("expected an animation, found \(regs[b].typeName)") }
                guard case .string(let key) = program.constants[c] else { throw fail("bad animation key") }
                let obj = animations[Int(h)]
                attach(obj, to: l, key: key, duration: obj.duration > 0 ? obj.duration : Machine.implicitDuration,
                       timing: obj.timingFunction ?? .linear)
            case .animremove:
                let l = try layerIndex(regs[a])
                guard case .string(let key) = program.constants[c] else { throw fail("bad animation key") }
                world.layers[Int(l)].animations.removeAll { $0.key == key }
            case .animremoveall:
                let l = try layerIndex(regs[a])
                world.layers[Int(l)].animations.removeAll()
            case .txbegin:
                beginTransaction()
            case .txset:
                guard let field = TxField(rawValue: UInt8(c)), !txStack.isEmpty else { throw fail("bad transaction setting") }
                switch (field, regs[a]) {
                case (.animationDuration, .number(let d)) where d >= 0 && d.isFinite: txStack[txStack.count - 1].duration = d
                case (.animationTimingFunction, .timing(let t)): txStack[txStack.count - 1].timing = t
                case (.disableActions, .bool(let x)): txStack[txStack.count - 1].disableActions = x
                default: throw fail("invalid value for the transaction's '\(field.name)': \(regs[a].typeName)")
                }
            case .txcommit:
                guard txStack.count > depthAtEntry else { throw fail("commit without a matching transaction") }
                commitTransaction()
            case .schedule:
                let t = try number(regs[a])
                guard t.isFinite, t >= 0 else { throw fail("an event time must be a non-negative finite number, found \(t)") }
                events.append(ScheduledEvent(time: max(t, now), seq: eventSeq, function: c))
                eventSeq += 1
            case .ret:
                if txStack.count > depthAtEntry { throw fail("a transaction was not committed") }
                return
            }
        }
    }
}

/// Runtime type checks of values against key paths (the compiler checks statically; the VM checks
/// again because a .calb file may come from anywhere).
enum TypeCheck {
    static func matches(_ v: Value, _ kp: KeyPath) -> Bool {
        let t: ValueType
        if kp.component == .whole {
            t = LayerProperties.all[Int(kp.property)].type
        } else {
            let p = LayerProperties.all[Int(kp.property)]
            guard let c = Component.components(of: p.type).first(where: { $0.1 == kp.component }) else { return false }
            t = c.2
        }
        switch (t, v) {
        case (.number, .number(let x)): return x.isFinite
        case (.bool, .bool), (.point, .point), (.size, .size), (.rect, .rect), (.color, .color),
             (.transform, .transform), (.string, .string), (.timingFunction, .timing), (.enumeration, .enumCase): return true
        default: return false
        }
    }
}
