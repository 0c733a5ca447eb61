// The interpreter: runs verified bytecode against the model world. The timeline runs main at time 0
// and every event at its time, each inside an implicit transaction; setting an animatable property
// of a layer already in the tree records an action that the outermost commit turns into an
// animation (SPEC §4.8). Dispatch is a switch in a loop with the instruction pointer in a local;
// CALL pushes a frame on a preallocated stack and carries on in the callee, whose registers are a
// window of one shared register stack starting at the caller's arguments (no allocation, no copy,
// no reference counting for plain values), depth-limited; the step budget counts backward jumps and
// calls across a handler and everything it calls. On fib(32) the call path runs within 5 % of
// Lua 5.4's CPU time.
// A read-only machine evaluates bound expressions of time for the presenter: anything that would
// change the world is a runtime error there.

import CalcCore
import Bytecode
import Foundation
import TextLayout

/// A runtime failure, naming the handler and source line it came from.
public struct RuntimeError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var function: String
    public var line: Int
    public var description: String { "runtime error in '\(function)' at line \(line): \(message)" }
}

/// The settings of the transactions open when a property changed, looked up from the innermost
/// outwards (UIKit's animation-block settings included).
struct ActionSettings {
    var duration: Double?
    var timing: TimingFunction?
    var delay: Double?
    var repeatCount: Double?
    var autoreverses: Bool?
    var fromCurrentState = true
    var springDampingRatio: Double?
    var springVelocity: Double?
}

struct PendingAction {
    var layer: Int32
    var property: UInt16
    var from: Value
    var settings: ActionSettings
    /// Transactions open when the property was set (their completions wait for this animation).
    var frames: [Int]
    /// In a keyframe block: each change's window (relative start, relative duration) and value.
    var keyframes: [(start: Double, duration: Double, value: Value)] = []
    /// An explicit animation was added under the property's key after the change (and the property
    /// was not set again since): it replaces the implicit one, as in Core Animation, where the
    /// action runs when the property is set and the later addAnimation:forKey: replaces it (seed
    /// 004:473, FEATURES Q24).
    var overridden = false
}

struct TxFrame {
    var id: Int
    var values: [TxField: Value] = [:]
    var completion: (function: Int, args: [Value], passesFinished: Bool)?
}

/// A committed transaction's completion, waiting for the animations added while it was open to
/// finish or be removed (CATransaction's completion block; UIKit's `completion: ^(BOOL finished)`).
struct PendingCompletion {
    var function: Int
    var args: [Value]
    /// Whether the handler takes UIKit's `finished` flag first (TXCOMPLETIONF).
    var passesFinished: Bool
    /// (layer, animation id) of the animations it waits for.
    var waiting: [(layer: Int32, id: Int)]
    /// One of them was removed before it finished: `finished` is false.
    var cutShort = false
}

/// What a scheduled event does when its time comes.
enum EventKind {
    case call
    /// Repeats every `interval` from `start` while not after `until`; `count` runs so far.
    case every(start: Double, interval: Double, until: Double, count: Int)
    /// Runs before frame `index` is sampled, then before the next one.
    case frame(index: Int)
    /// Checks whether animation `id` on `layer` has stopped, for didStop listeners.
    case stopCheck(layer: Int32, id: Int)
    /// Checks whether the animations completion `id` waits for have all ended (Machine.completions).
    case completionCheck(id: Int)
}

struct ScheduledEvent {
    var time: Double
    var seq: Int
    var function: Int
    var args: [Value]
    var kind: EventKind
}

struct AnimationListener {
    var layer: Int32
    var key: String
    var start: Bool
    var function: Int
    var args: [Value]
}

final class Machine {
    let program: Program
    var world: World
    /// Animation objects built by ANIMNEW, addressed by handle until added to a layer.
    var animations: [AnimationObject] = []
    var now: Double = 0
    let readOnly: Bool
    /// What runs read-only, for the error when it tries to change the scene.
    var readOnlyWhat = "an expression of time"
    /// The commands a `draw` block issued; nil outside one.
    var drawing: [DrawCommand]?
    /// What `print(…)` wrote, in the order it ran (PRINT; at most `maxPrinted` lines, then one
    /// line saying the rest was dropped).
    var printed: [PrintedLine] = []
    static let maxPrinted = 100_000

    var txStack: [TxFrame] = []
    var txSerial = 0
    var txFrameCounter = 0
    var pending: [PendingAction] = []
    /// The function of the last timeline event fired (for the timeline's own errors).
    var lastFired = -1
    /// Completed inner transactions with completions, waiting for the outermost commit.
    var closedFrames: [TxFrame] = []
    /// Animations (layer, id, frames) added in the outermost transaction, for completions.
    var addedInTransaction: [(layer: Int32, id: Int, frames: [Int])] = []

    /// Committed completions not run yet, by id (ids count up from 0 in commit order).
    var completions: [Int: PendingCompletion] = [:]
    var completionCounter = 0
    /// The completions each animation (`animationKey`) holds up, in commit order: a removal finds
    /// its completions without scanning those that wait for other animations.
    var completionsWaitingOn: [Int: [Int]] = [:]

    static func animationKey(_ layer: Int32, _ id: Int) -> Int { Int(layer) << 40 | id }

    var events = EventQueue()
    var eventSeq = 0
    var listeners: [AnimationListener] = []
    var animationCounter = 0
    /// Contact handlers and checkpoints of the dynamics animator (Dynamics.swift).
    var dynamicsRun = DynamicsRun()

    var steps = 0
    /// Instructions one handler (with the calls it makes) may execute.
    var stepBudget = Limits.stepBudget
    /// What strings, arrays, paths and layers may take in all (HeapBudget.swift), the bytes made
    /// since it was last measured, and how many more may be made before it is measured again.
    var heap = HeapLimits.standard {
        didSet { nextHeapCheck = min(HeapLimits.minimumCheckInterval, heap.budget / 8) }
    }
    var madeSinceCheck = 0
    /// Layers by name for `find` (`named()`), covering `world.layers[0..<indexedLayers]`.
    var nameIndex: [String: [Int32]] = [:]
    var indexedLayers = 0
    var nextHeapCheck = HeapLimits.minimumCheckInterval

    static let implicitDuration = 0.25
    /// Calls nest at most this deep: deeper is runaway recursion, reported instead of overflowing the stack.
    static let maxCallDepth = 200
    /// Commands one run of a draw block may issue: each is held until the frame is drawn, so the
    /// step budget alone let a runaway block take gigabytes (10 million paths) before it stopped.
    static let maxDrawCommands = 1_000_000

    let image: Image

    init(program verified: VerifiedProgram, text: TextMeasure = .shared) {
        let program = verified.program
        self.program = program
        self.image = Image(program, text: text)
        self.world = World(canvas: program.scene.size, globalCount: Int(program.globalCount), defaults: image.defaults)
        if !program.behaviorTemplates.isEmpty { world.dynamics = DynamicsState(program) }
        self.readOnly = false
    }

    init(image: Image, world: World, readOnly: Bool) {
        self.program = image.program
        self.image = image
        self.world = world
        self.readOnly = readOnly
    }

    // MARK: transactions

    /// The world when the outermost open transaction began: what was on screen before its changes
    /// (a transition's "before").
    var worldAtTransactionStart: World?

    func beginTransaction() {
        if txStack.isEmpty {
            txSerial += 1
            worldAtTransactionStart = world
        }
        txFrameCounter += 1
        txStack.append(TxFrame(id: txFrameCounter))
    }

    /// A transaction setting, from the innermost transaction that sets it.
    func setting(_ f: TxField) -> Value? { txStack.reversed().lazy.compactMap { $0.values[f] }.first }
    var effectiveDuration: Double? { setting(.animationDuration)?.number }
    var effectiveTiming: TimingFunction? { if case .timing(let t)? = setting(.animationTimingFunction) { return t } else { return nil } }
    var actionsDisabled: Bool { setting(.disableActions)?.bool ?? false }
    var openFrames: [Int] { txStack.map { $0.id } }

    var actionSettings: ActionSettings {
        ActionSettings(duration: effectiveDuration, timing: effectiveTiming, delay: setting(.delay)?.number,
                       repeatCount: setting(.repeatCount)?.number, autoreverses: setting(.autoreverses)?.bool,
                       fromCurrentState: setting(.beginFromCurrentState)?.bool ?? true,
                       springDampingRatio: setting(.springDampingRatio)?.number, springVelocity: setting(.springVelocity)?.number)
    }

    func commitTransaction() throws(RuntimeError) {
        guard let frame = txStack.popLast() else { return }
        if frame.completion != nil { closedFrames.append(frame) }
        guard txStack.isEmpty else { return }
        // outermost commit: run the recorded actions
        let actions = pending
        pending = []
        for a in actions where !a.overridden { try runAction(a) }
        // completions: when the animations added while their transaction was open have finished
        // or been removed
        for f in closedFrames {
            guard let c = f.completion else { continue }
            let waiting = addedInTransaction.filter { $0.frames.contains(f.id) }.map { (layer: $0.layer, id: $0.id) }
            let id = completionCounter
            completionCounter += 1
            completions[id] = PendingCompletion(function: c.function, args: c.args, passesFinished: c.passesFinished, waiting: waiting)
            for w in waiting { completionsWaitingOn[Machine.animationKey(w.layer, w.id), default: []].append(id) }
            scheduleCompletionCheck(id)
        }
        closedFrames = []
        addedInTransaction = []
    }

    /// Schedules the check of completion `id` when the last animation it waits for ends (never, if
    /// one runs forever: then only its removal ends it).
    func scheduleCompletionCheck(_ id: Int) {
        guard let c = completions[id] else { return }
        var end = now
        for w in c.waiting {
            if let e = endTime(layer: w.layer, id: w.id) { end = max(end, e) } else { return }
        }
        schedule(at: end, function: c.function, args: c.args, kind: .completionCheck(id: id))
    }

    /// Runs completion `id` if every animation it waits for has ended; otherwise (a layer's timing
    /// changed, so an end moved) checks again later. Returns the handler's arguments when it runs.
    func completionDue(_ id: Int) -> (function: Int, args: [Value])? {
        guard let c = completions[id] else { return nil }   // already run
        for w in c.waiting {
            guard let a = attached(w.layer, id: w.id), !hasEnded(a, on: w.layer) else { continue }
            scheduleCompletionCheck(id)
            return nil
        }
        completions[id] = nil
        for w in c.waiting {
            let key = Machine.animationKey(w.layer, w.id)
            completionsWaitingOn[key]?.removeAll { $0 == id }
            if completionsWaitingOn[key]?.isEmpty == true { completionsWaitingOn[key] = nil }
        }
        return (c.function, c.passesFinished ? [.bool(!c.cutShort)] + c.args : c.args)
    }

    /// Whether animation `a` on layer `l` has run its course by now: finished, or past its active
    /// interval (held there by a fill).
    func hasEnded(_ a: AttachedAnimation, on l: Int32) -> Bool {
        let local = world.localTime(l, at: now)
        if a.isFinished(at: local) { return true }
        if case .after = a.phase(at: local) { return true }
        return false
    }

    /// An animation left its layer before finishing: the completions waiting for it will say
    /// `finished: false`, and run now if it was the last one they waited for.
    func animationRemoved(layer l: Int32, id: Int) {
        guard let waiting = completionsWaitingOn.removeValue(forKey: Machine.animationKey(l, id)) else { return }
        for cid in waiting where completions[cid] != nil {
            completions[cid]?.cutShort = true
            completions[cid]?.waiting.removeAll { $0.layer == l && $0.id == id }
            scheduleCompletionCheck(cid)
        }
    }

    /// The action search (seed 000:1044): the layer's own actions (its style's were merged in when
    /// it was created), else the default action — a basic animation of the property from the value
    /// that was on screen to the new model value, shaped by the settings of the transactions (and
    /// UIKit animation blocks) open when the property changed.
    func runAction(_ a: PendingAction) throws(RuntimeError) {
        let name = image.table.info(a.property)?.name ?? ""
        var obj = AnimationObject(keyPath: KeyPath(property: a.property))
        switch world.layers[Int(a.layer)].actions[name] {
        case .none?: return
        case .animation(let custom)?:
            obj = custom
        case nil: break
        }
        let st = a.settings
        var duration = obj.duration > 0 ? obj.duration : (st.duration ?? Machine.implicitDuration)
        if duration <= 0 { duration = Machine.implicitDuration }
        let defaultAction = obj.kind == .basic && obj.keyPath.property == a.property && obj.keyPath.component == .whole
            && obj.from == .none && obj.to == .none && obj.by == .none
        if defaultAction {
            obj.from = a.from
            if !a.keyframes.isEmpty {
                // a keyframe block: hold, then move through each keyframe's value in its window
                var times: [Double] = [0], values: [Value] = [a.from], curves: [TimingFunction] = []
                let curve = obj.timingFunction ?? st.timing ?? .linear
                for k in a.keyframes.sorted(by: { $0.start < $1.start }) {
                    let s0 = min(1, max(times[times.count - 1], k.start)), s1 = min(1, max(s0, k.start + k.duration))
                    if s0 > times[times.count - 1] { times.append(s0); values.append(values[values.count - 1]); curves.append(.linear) }
                    times.append(s1); values.append(k.value); curves.append(curve)
                }
                if times[times.count - 1] < 1 { times.append(1); values.append(values[values.count - 1]); curves.append(.linear) }
                obj = AnimationObject(keyPath: obj.keyPath, kind: .keyframe)
                obj.values = values
                obj.keyTimes = times
                obj.timingFunctions = curves
                obj.timingFunction = .linear
            } else if let ratio = st.springDampingRatio {
                // UIKit's spring: damping ratio ζ and a stiffness that settles within the duration
                // (the envelope e^(−ζω₀t)/√(1−ζ²) falls to 0.1 % of the distance by its end)
                let zeta = max(0.01, ratio)
                let amplitude = zeta < 1 ? 1 / (1 - zeta * zeta).squareRoot() : 1
                let w0 = log(1000 * amplitude) / (min(1, zeta) * duration)
                obj.kind = .spring
                obj.mass = 1
                obj.stiffness = w0 * w0
                obj.damping = 2 * zeta * w0
                obj.initialVelocity = st.springVelocity ?? 0
                obj.duration = duration
            }
            if let delay = st.delay, delay > 0 {
                obj.beginTime = delay
                if obj.fillMode == .removed { obj.fillMode = .backwards }
            }
            if let r = st.repeatCount { obj.repeatCount = r }
            if let ar = st.autoreverses { obj.autoreverses = ar }
        }
        // a transaction fills only what the action's animation leaves unset (SPEC §4.3)
        attach(obj, to: a.layer, key: name, duration: duration,
               timing: obj.timingFunction ?? st.timing ?? .easeInEaseOut, frames: a.frames)
    }

    /// Runs the action for a tree change (onOrderIn, transition) when the layer defines one.
    func runTreeAction(_ key: String, on l: Int32) {
        guard !actionsDisabled, case .animation(let obj)? = world.layers[Int(l)].actions[key] else { return }
        let duration = obj.duration > 0 ? obj.duration : (effectiveDuration ?? Machine.implicitDuration)
        attach(obj, to: l, key: key, duration: duration > 0 ? duration : Machine.implicitDuration,
               timing: obj.timingFunction ?? effectiveTiming ?? .easeInEaseOut, frames: openFrames)
    }

    // MARK: layers

    func layerIndex(_ v: Value) throws(RuntimeError) -> Int32 {
        guard case .layer(let l) = v, l >= 0, Int(l) < world.layers.count else {
            throw fail(v == .none ? "the layer does not exist (yet): its value is nil" : "expected a layer, found \(v.typeName)")
        }
        return l
    }

    func newLayer(template t: LayerTemplate) throws(RuntimeError) -> Int32 {
        if world.layers.count > heap.maxLayers {
            throw fail("the program made more than \(heap.maxLayers) layers")
        }
        try allocated(HeapLimits.layerBytes)
        let id = Int32(world.layers.count)
        world.layers.append(LayerRecord(name: t.name, kind: t.kind, defaults: image.defaults))
        for p in t.properties {
            // templates were verified: constants exist and match the key path type
            setModel(id, p.keyPath, program.constants[Int(p.constant)], allowActions: false)
            markOwn(id, p.keyPath.property)
        }
        return id
    }

    func detach(_ child: Int32) {
        let old = world.layers[Int(child)].parent
        if old >= 0 {
            world.layers[Int(old)].sublayers.removeAll { $0 == child }
            if world.layers[Int(old)].mask == child { world.layers[Int(old)].mask = -1 }
        }
        world.layers[Int(child)].parent = -1
        world.layers[Int(child)].isMask = false
    }

    /// Inserts `child` into `parent`'s sublayers at `index` (clamped), moving it from any old parent.
    func insert(_ child: Int32, into parent: Int32, at index: Int?) throws(RuntimeError) {
        if child == World.rootIndex { throw fail("the root layer cannot be added to another layer") }
        var cur = parent
        while cur >= 0 {
            if cur == child { throw fail("adding layer '\(world.layers[Int(child)].name)' to '\(world.layers[Int(parent)].name)' would make it its own ancestor") }
            cur = world.layers[Int(cur)].parent
        }
        let wasInTree = world.inTree(child)
        detach(child)
        world.layers[Int(child)].parent = parent
        let subs = world.layers[Int(parent)].sublayers
        let i = max(0, min(index ?? subs.count, subs.count))
        world.layers[Int(parent)].sublayers.insert(child, at: i)
        if world.inTree(parent), !wasInTree {
            markJoined(child)
            if txSerial > 1 { runTreeAction("onOrderIn", on: child) }
        }
    }

    func markJoined(_ l: Int32) {
        world.layers[Int(l)].joinedTransaction = txSerial
        for s in world.layers[Int(l)].sublayers { markJoined(s) }
    }

    func siblingIndex(_ sibling: Int32, in parent: Int32) throws(RuntimeError) -> Int {
        guard let i = world.layers[Int(parent)].sublayers.firstIndex(of: sibling) else {
            throw fail("'\(world.layers[Int(sibling)].name)' is not a sublayer of '\(world.layers[Int(parent)].name)'")
        }
        return i
    }

    /// The first layer named `name` in the tree, depth first from the root.
    /// The first layer named `name` in a depth-first walk of the tree from the root (sublayers in
    /// order; masks are not sublayers), as `named()` and CALayer lookups by name see it. An index
    /// from names to layers makes it a dictionary lookup: searching the tree on every call took
    /// 13 s for 40 000 lookups over 40 000 layers.
    func find(_ name: String) -> Int32? {
        // layers made since the last lookup join the index under their current names
        while indexedLayers < world.layers.count {
            nameIndex[world.layers[indexedLayers].name, default: []].append(Int32(indexedLayers))
            indexedLayers += 1
        }
        guard let candidates = nameIndex[name] else { return nil }
        let reachable = candidates.filter { world.layers[Int($0)].name == name && inSublayerTree($0) }
        // one layer of that name (the rule for names made in loops): no order to settle
        if reachable.count <= 1 { return reachable.first }
        var best: (Int32, [Int])?
        for c in reachable {
            guard let path = treePath(c) else { continue }
            if let b = best, !path.lexicographicallyPrecedes(b.1) { continue }
            best = (c, path)
        }
        return best?.0
    }

    /// True when `l` hangs from the root through sublayers only (not through a mask).
    func inSublayerTree(_ l: Int32) -> Bool {
        var cur = l, steps = 0
        while cur != World.rootIndex {
            guard cur >= 0, steps <= world.layers.count, !world.layers[Int(cur)].isMask else { return false }
            cur = world.layers[Int(cur)].parent
            steps += 1
        }
        return true
    }

    /// Sibling indices from the root down to `l` (pre-order sorts as these paths do, an ancestor's
    /// path being a prefix of its descendants'); nil when `l` is not reachable through sublayers.
    func treePath(_ l: Int32) -> [Int]? {
        var path: [Int] = []
        var cur = l
        while cur != World.rootIndex {
            let rec = world.layers[Int(cur)]
            guard !rec.isMask, rec.parent >= 0, path.count <= world.layers.count,
                  let i = world.layers[Int(rec.parent)].sublayers.firstIndex(of: cur) else { return nil }
            path.append(i)
            cur = rec.parent
        }
        return path.reversed()
    }

    /// Keeps the name index true when a layer already in it is renamed.
    func renamed(_ l: Int32, from old: Value, to new: Value) {
        guard Int(l) < indexedLayers, old != new else { return }
        let was = old.string ?? "", now = new.string ?? ""
        nameIndex[was]?.removeAll { $0 == l }
        nameIndex[now, default: []].append(l)
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
        let p = LayerProperties.slot(kp.property)
        if !world.layers[Int(l)].bindings.isEmpty { endBindings(of: l, touching: kp) }
        let old = world.layers[Int(l)].props[p]
        let new = kp.component.set(v, in: old)
        let acts = allowActions && new != old && (image.table.info(kp.property)?.animatable ?? false) && !txStack.isEmpty
            && !(world.dynamics?.owns(l, kp.property) ?? false)
        if acts { recordAction(l, property: kp.property, old: old) }
        world.layers[Int(l)].props[p] = new
        if p == Int(LayerProperties.name) { renamed(l, from: old, to: new) }
        if acts { recordKeyframe(l, property: kp.property, value: new) }
        if kp.property == LayerProperties.bounds, let o = old.rect?.size, let n = new.rect?.size, o != n {
            autoresizeSublayers(of: l, from: o, to: n, allowActions: allowActions)
        }
    }

    /// The script gave layer `l` its own value for `property` (`frame` stands for bounds and position).
    func markOwn(_ l: Int32, _ property: UInt16) {
        if property == LayerProperties.frame {
            world.layers[Int(l)].own.insert(LayerProperties.bounds)
            world.layers[Int(l)].own.insert(LayerProperties.position)
        } else {
            world.layers[Int(l)].own.insert(property)
        }
    }

    /// A script that sets a bound property ends the binding (as typing a value over an After
    /// Effects expression does): the value it gives now becomes the model value, so the parts of the
    /// property not being set keep what was on screen and the change animates from there.
    func endBindings(of l: Int32, touching kp: KeyPath) {
        let overlapping = world.layers[Int(l)].bindings.filter {
            $0.keyPath.property == kp.property && ($0.keyPath.component == kp.component || $0.keyPath.component == .whole || kp.component == .whole)
        }
        guard !overlapping.isEmpty else { return }
        let p = LayerProperties.slot(kp.property)
        if let bound = try? presenter.boundProps(l, at: now) { world.layers[Int(l)].props[p] = bound[p] }
        world.layers[Int(l)].bindings.removeAll { b in overlapping.contains { $0.keyPath == b.keyPath } }
    }

    /// In a keyframe block, the change also becomes a keyframe of its property's animation.
    func recordKeyframe(_ l: Int32, property: UInt16, value: Value) {
        guard setting(.keyframes)?.bool == true,
              let i = pending.firstIndex(where: { $0.layer == l && $0.property == property }) else { return }
        let start = setting(.keyframeStart)?.number ?? 0, duration = setting(.keyframeDuration)?.number ?? 1
        pending[i].keyframes.append((start, duration, value))
    }

    func recordAction(_ l: Int32, property: UInt16, old: Value) {
        if let i = pending.firstIndex(where: { $0.layer == l && $0.property == property }) {
            // set twice in one transaction: animate once, to the last value, under the last settings
            if actionsDisabled { pending.remove(at: i) } else {
                pending[i].settings = actionSettings
                pending[i].frames = openFrames
                pending[i].overridden = false
            }
            return
        }
        guard !actionsDisabled, world.inTree(l), world.layers[Int(l)].joinedTransaction != txSerial else { return }
        let settings = actionSettings
        // UIKit's blocks start from the model value unless told to begin from the current state
        let from = settings.fromCurrentState
            ? (try? onScreen(l).presentationValue(l, property: property, sceneTime: now)) ?? old : old
        pending.append(PendingAction(layer: l, property: property, from: from, settings: settings, frames: openFrames))
    }

    var presenter: Presenter { Presenter(image: image, world: world, poses: world.dynamics?.poses ?? [:]) }

    /// What is on screen for layer `l`: Core Animation's presentation layer shows the last committed
    /// state, so inside a transaction every presentation read — `l.presentation.KEY`, an implicit
    /// animation's start, an explicit animation's "value on screen when added" — sees the world as
    /// the outermost open transaction found it (with the animations running then), not the model
    /// values the transaction has set since. A layer created in this transaction was never on
    /// screen: it reads its current values (docs/semantics.md, "Presentation is the committed state").
    func onScreen(_ l: Int32) -> Presenter {
        guard !txStack.isEmpty, let start = worldAtTransactionStart, Int(l) < start.layers.count else { return presenter }
        return Presenter(image: image, world: start, poses: start.dynamics?.poses ?? [:])
    }

    /// Adds an animation under a key, replacing any animation with that key (seed 002:624). A
    /// transition is always stored under "transition" (seed 002:647) with a picture of the layer as
    /// it was before the current transaction.
    func attach(_ obj: AnimationObject, to l: Int32, key requestedKey: String, duration: Double, timing: TimingFunction, frames: [Int]) {
        let key = obj.kind == .transition ? "transition" : requestedKey
        let local = world.localTime(l, at: now)
        var before: PresentationLayer?
        if obj.kind == .transition, let start = worldAtTransactionStart, Int(l) < start.layers.count {
            let parent = start.layers[Int(l)].parent
            let parentTime = parent >= 0 ? start.localTime(parent, at: now) : now
            before = try? Presenter(image: image, world: start).presentationLayer(l, parentTime: parentTime, sceneTime: now)
        }
        var presentation = Value.none
        if obj.kind == .basic, obj.from == .none, obj.to == .none, obj.by == .none {
            let whole = (try? onScreen(l).presentationValue(l, property: obj.keyPath.property, sceneTime: now))
                ?? world.layers[Int(l)].props[LayerProperties.slot(obj.keyPath.property)]
            presentation = obj.keyPath.component.get(whole)
        }
        animationCounter += 1
        let d = obj.kind == .spring && obj.duration == 0 ? obj.settlingDuration : duration
        var memo: TransformPartMemo?
        if obj.kind != .group, obj.keyPath.component.isTransformPart,
           case .transform(let m) = world.layers[Int(l)].props[LayerProperties.slot(obj.keyPath.property)] {
            memo = TransformPartMemo(m)
        }
        let a = AttachedAnimation(key: key, object: obj,
                                  timing: Timing(begin: local + obj.beginTime, duration: d, timing: timing, topLevel: true),
                                  presentationAtAdd: presentation, id: animationCounter, transitionFrom: before, transformMemo: memo)
        // the nil key (stored as "") replaces nothing: several such animations run side by side
        if !key.isEmpty { removeAnimations(on: l) { $0.key == key } }
        world.layers[Int(l)].animations.append(a)
        if !frames.isEmpty { addedInTransaction.append((l, a.id, frames)) }
        for lis in listeners where lis.layer == l && lis.key == key { watch(lis, a) }
    }

    /// Removes the animations matching `which`, telling didStop listeners they did not finish.
    func removeAnimations(on l: Int32, where which: (AttachedAnimation) -> Bool) {
        let removed = world.layers[Int(l)].animations.filter(which)
        guard !removed.isEmpty else { return }
        world.layers[Int(l)].animations.removeAll(where: which)
        for a in removed {
            if !completions.isEmpty, !hasEnded(a, on: l) { animationRemoved(layer: l, id: a.id) }
            for lis in listeners where !lis.start && lis.layer == l && lis.key == a.key {
                schedule(at: now, function: lis.function, args: [.bool(false)] + lis.args, kind: .call)
            }
        }
    }

    /// Drops animations that have finished and are removed on completion (a finished animation
    /// shows nothing either way); didStop listeners learn of them through their stop checks.
    func pruneFinished() {
        for i in world.layers.indices where !world.layers[i].animations.isEmpty {
            let local = world.localTime(Int32(i), at: now)
            let keys = Set(listeners.filter { !$0.start && $0.layer == Int32(i) }.map { $0.key })
            world.layers[i].animations.removeAll { $0.isFinished(at: local) && !keys.contains($0.key) }
        }
    }

    // MARK: timing of animations in scene time

    /// Scene time at which layer `l`'s local time reaches `local`, assuming its timing stays as it
    /// is now; nil when its clock does not advance.
    func sceneTime(layer l: Int32, local: Double) -> Double? {
        var rate = 1.0
        var cur = l
        while cur >= 0 {
            rate *= world.number(cur, LayerProperties.speed)
            cur = world.layers[Int(cur)].parent
        }
        let nowLocal = world.localTime(l, at: now)
        if local <= nowLocal + AttachedAnimation.epsilon { return now }
        guard rate > 0 else { return nil }
        return now + (local - nowLocal) / rate
    }

    func attached(_ l: Int32, id: Int) -> AttachedAnimation? {
        world.layers[Int(l)].animations.first { $0.id == id }
    }

    /// Scene time at which the animation's active interval ends; nil if never.
    func endTime(layer l: Int32, id: Int) -> Double? {
        guard let a = attached(l, id: id) else { return now }
        let active = a.activeDuration
        guard active.isFinite, a.object.speed > 0 else { return nil }
        return sceneTime(layer: l, local: a.begin + active / a.object.speed)
    }

    func watch(_ lis: AnimationListener, _ a: AttachedAnimation) {
        if lis.start {
            guard a.object.speed > 0 || a.begin >= world.localTime(lis.layer, at: now) else { return }
            if let t = sceneTime(layer: lis.layer, local: a.begin) {
                schedule(at: t, function: lis.function, args: lis.args, kind: .call)
            }
        } else if let t = endTime(layer: lis.layer, id: a.id) {
            schedule(at: t, function: lis.function, args: lis.args, kind: .stopCheck(layer: lis.layer, id: a.id))
        }
    }

    func schedule(at t: Double, function: Int, args: [Value], kind: EventKind) {
        events.push(ScheduledEvent(time: max(t, now), seq: eventSeq, function: function, args: args, kind: kind))
        eventSeq += 1
    }

    // MARK: interpreter

    var currentFunction = 0
    var currentPC = 0

    /// An error at the current instruction; `locate` fills in the handler and line.
    func fail(_ message: String) -> RuntimeError {
        RuntimeError(message: message, function: "", line: -1)
    }

    @inline(__always)
    func number(_ v: Value) throws(RuntimeError) -> Double {
        guard case .number(let x) = v else { throw fail("expected a number, found \(v.typeName)") }
        return x
    }

    /// An animation key computed at run time (ANIMADDK, ANIMREMOVEK): a string that is not empty,
    /// since the empty key stands for Core Animation's nil key, which no call can name.
    func computedKey(_ v: Value) throws(RuntimeError) -> String {
        guard case .string(let key) = v else { throw fail("an animation key must be a string, found \(v.typeName)") }
        guard !key.isEmpty else { throw fail("an animation key must not be empty") }
        return key
    }

    func writable() throws(RuntimeError) {
        if readOnly { throw fail("\(readOnlyWhat) cannot change the scene") }
    }

    /// Runs a handler to completion inside an implicit transaction.
    func runHandler(_ index: Int, args: [Value]) throws(RuntimeError) {
        steps = 0
        frameCount = 0
        regs.clear(from: 0)
        currentFunction = index
        currentPC = 0
        do {
            beginTransaction()
            _ = try call(index, args: args)
            while !txStack.isEmpty { try commitTransaction() }
        } catch {
            throw locate(error)
        }
    }

    /// The register stack shared by all active calls: each call's registers start at its frame's
    /// base (a callee's parameters are the caller's argument registers, so calls copy nothing).
    let regs = RegisterStack()

    /// An active call: where it resumes, its function, its registers' base and the transactions
    /// open when it was entered (24 bytes).
    struct Frame {
        /// The next instruction to run in this frame (stored by CALL when it leaves the frame).
        var ip: UnsafePointer<Instruction>
        var function: Int32
        /// Fits: at most `maxCallDepth + 1` frames of at most `Limits.maxRegisters` registers each.
        var base: Int32
        var txDepth: Int
    }

    /// The call stack, preallocated to the depth limit so a call costs no allocation.
    let frames = UnsafeMutablePointer<Frame>.allocate(capacity: Machine.maxCallDepth + 2)
    var frameCount = 0

    deinit { frames.deallocate() }

    /// Calls function `index` with `args` and returns its result (nil when it returns nothing).
    /// Calls made by the bytecode itself do not recurse in Swift: CALL pushes a frame and the
    /// dispatch loop carries on in the callee, so the native stack stays flat at any call depth.
    func call(_ index: Int, args: [Value]) throws(RuntimeError) -> Value {
        let fn = program.functions[index]
        guard args.count == Int(fn.paramCount) else {
            throw fail("'\(fn.name)' takes \(fn.paramCount) arguments, got \(args.count)")
        }
        let base = regs.top
        let need = base + max(Int(fn.registerCount), args.count)
        regs.reserve(need)
        regs.top = need
        for (i, a) in args.enumerated() { regs.base[base + i] = a }
        let entryDepth = frameCount
        guard entryDepth <= Machine.maxCallDepth else { throw fail("calls nest deeper than \(Machine.maxCallDepth) (runaway recursion?)") }
        frames[frameCount] = Frame(ip: image.functions[index].code, function: Int32(index), base: Int32(base), txDepth: txStack.count)
        frameCount += 1
        defer {
            frameCount = entryDepth
            regs.clear(from: base)
        }
        do {
            return try run(entryDepth: entryDepth)
        } catch {
            throw locate(error)
        }
    }

    /// Fills in where an error happened (errors are made with line -1 in the dispatch loop, which
    /// keeps its program counter in a local).
    func locate(_ e: RuntimeError) -> RuntimeError {
        guard e.line < 0 else { return e }
        var e = e
        let f = program.functions[currentFunction]
        e.function = f.name
        e.line = f.lines.indices.contains(currentPC) ? Int(f.lines[currentPC]) : 0
        return e
    }

    /// Runs frames until the one at `entryDepth` returns.
    /// The interpreter's state lives in locals (instruction pointer, register window, frame count,
    /// step count) and is written back to the machine when the loop exits, normally or by an error.
    /// Nothing the loop calls reads the frame stack, so keeping its count in a local is safe.
    func run(entryDepth: Int) throws(RuntimeError) -> Value {
        let image = self.image
        let functions = image.functions
        let K = image.constants
        let frames = self.frames
        let regs = self.regs
        var frameCount = self.frameCount
        var frame = frames[frameCount - 1]
        // the verifier checked every jump target and function operand, so `ip` stays inside the
        // current function's code and `functions[c]` is in range: no bounds checks below
        var ip = frame.ip
        var fn = Int(frame.function)
        var base = Int(frame.base)
        var R = regs.base + base
        var depthAtEntry = frame.txDepth
        currentFunction = fn
        let budget = stepBudget
        var steps = self.steps
        defer {
            self.frameCount = frameCount
            currentFunction = fn
            currentPC = ip - functions[fn].code - 1
            self.steps = steps
        }
        while true {
            let ins = ip.pointee
            ip += 1
            let a = Int(ins.a), b = Int(ins.b), c = Int(ins.c)
            switch ins.op {
            case .loadk:
                if case .number(let x) = K[c] { putNumber(R + a, x) } else { R[a] = K[c] }
            case .loadnil: R[a] = .none
            case .loadbool: R[a] = .bool(b != 0)
            case .move: copyRegister(R + a, R + b)
            case .getglobal: R[a] = world.globals[c]
            case .setglobal:
                try writable()
                world.globals[c] = R[a]
            // One case per operator, so the number fast path needs no second switch on the opcode
            // (its indirect jump cost the loop benchmark ~10 %); everything else goes to `arith`.
            case .add:
                let py = c & 0x80_0000 != 0 ? K + (c & 0x7F_FFFF) : R + c
                if case .number(let x) = R[b], case .number(let y) = py.pointee { putNumber(R + a, x + y) } else {
                    R[a] = try arith(.add, R[b], py.pointee)
                }
            case .sub:
                let py = c & 0x80_0000 != 0 ? K + (c & 0x7F_FFFF) : R + c
                if case .number(let x) = R[b], case .number(let y) = py.pointee { putNumber(R + a, x - y) } else {
                    R[a] = try arith(.sub, R[b], py.pointee)
                }
            case .mul:
                let py = c & 0x80_0000 != 0 ? K + (c & 0x7F_FFFF) : R + c
                if case .number(let x) = R[b], case .number(let y) = py.pointee { putNumber(R + a, x * y) } else {
                    R[a] = try arith(.mul, R[b], py.pointee)
                }
            case .div:
                let py = c & 0x80_0000 != 0 ? K + (c & 0x7F_FFFF) : R + c
                if case .number(let x) = R[b], case .number(let y) = py.pointee, y != 0 { putNumber(R + a, x / y) } else {
                    R[a] = try arith(.div, R[b], py.pointee)
                }
            case .mod:
                let py = c & 0x80_0000 != 0 ? K + (c & 0x7F_FFFF) : R + c
                // integral operands (the common `i % n`) avoid fmod
                if case .number(let x) = R[b], case .number(let y) = py.pointee, y != 0, abs(x) < 9.0e15, abs(y) < 9.0e15 {
                    let ix = Int64(x), iy = Int64(y)
                    if Double(ix) == x, Double(iy) == y {
                        var m = ix % iy
                        if m != 0, (m < 0) != (iy < 0) { m += iy }
                        putNumber(R + a, Double(m))
                        continue
                    }
                }
                R[a] = try arith(.mod, R[b], py.pointee)
            case .neg:
                switch R[b] {
                case .number, .point, .size, .rect: R[a] = Value.scale(R[b], by: -1)
                default: throw fail("cannot negate \(R[b].typeName)")
                }
            case .not:
                guard case .bool(let x) = R[b] else { throw fail("'!' needs a bool, found \(R[b].typeName)") }
                R[a] = .bool(!x)
            case .eq:
                let py = c & 0x80_0000 != 0 ? K + (c & 0x7F_FFFF) : R + c
                R[a] = .bool(Value.equal(R[b], py.pointee))
            case .lt, .le:
                let py = c & 0x80_0000 != 0 ? K + (c & 0x7F_FFFF) : R + c
                if case .number(let x) = R[b], case .number(let y) = py.pointee {
                    putPlain(R + a, .bool(ins.op == .lt ? x < y : x <= y))
                    continue
                }
                guard let r = Value.less(R[b], py.pointee, orEqual: ins.op == .le) else {
                    throw fail("cannot order \(R[b].typeName) and \(py.pointee.typeName)")
                }
                R[a] = .bool(r)
            case .jmp:
                let off = Int(ins.sC)
                ip += off
                if off < 0 { steps += 1; if steps > budget { throw overBudget(budget) } }
            case .jmpif, .jmpifnot:
                guard case .bool(let x) = R[a] else { throw fail("a condition must be a bool, found \(R[a].typeName)") }
                if x == (ins.op == .jmpif) {
                    let off = Int(ins.sC)
                    ip += off
                    if off < 0 { steps += 1; if steps > budget { throw overBudget(budget) } }
                }
            case .forprep:
                guard case .number(let i) = R[a], case .number(let n) = R[a + 1] else { throw fail("a loop's bounds must be numbers") }
                if i < n { putNumber(R + b, i) } else { ip += Int(ins.sC) }
            case .forloop:
                guard case .number(let i) = R[a], case .number(let n) = R[a + 1] else { throw fail("a loop's bounds must be numbers") }
                putNumber(R + a, i + 1)
                if i + 1 < n {
                    putNumber(R + b, i + 1)
                    ip += Int(ins.sC)
                    steps += 1
                    if steps > budget { throw overBudget(budget) }
                }
            case .call:
                if frameCount - entryDepth >= Machine.maxCallDepth {
                    throw fail("calls nest deeper than \(Machine.maxCallDepth) (runaway recursion?)")
                }
                steps &+= 1
                if steps > budget { throw overBudget(budget) }
                frames[frameCount &- 1].ip = ip
                let callee = functions[c]
                // no overflow: base + a + 1 + registerCount ≤ (maxCallDepth + 2) × maxRegisters
                let newBase = base &+ a &+ 1
                let need = newBase &+ callee.registerCount
                if need > regs.capacity { regs.reserve(need) }
                if need > regs.top { regs.top = need }
                let tx = txStack.count
                frames[frameCount] = Frame(ip: callee.code, function: Int32(truncatingIfNeeded: c), base: Int32(truncatingIfNeeded: newBase), txDepth: tx)
                frameCount &+= 1
                ip = callee.code
                fn = c
                base = newBase
                R = regs.base + newBase
                depthAtEntry = tx
            case .ret, .retv:
                if txStack.count > depthAtEntry { throw fail("a transaction was not committed") }
                if frameCount &- 1 == entryDepth { return ins.op == .retv ? R[a] : Value.none }
                // the caller's CALL register is just below the callee's base
                if ins.op == .retv { copyRegister(R - 1, R + a) } else { putPlain(R - 1, .none) }
                frameCount &-= 1
                frame = frames[frameCount &- 1]
                ip = frame.ip
                fn = Int(frame.function)
                base = Int(frame.base)
                R = regs.base + base
                depthAtEntry = frame.txDepth
            case .getindex:
                guard case .array(let xs) = R[b] else { throw fail("cannot index \(R[b].typeName)") }
                let i = try index(R[c], count: xs.count)
                R[a] = xs[i]
            case .len:
                switch R[b] {
                case .array(let xs): R[a] = .number(Double(xs.count))
                case .string(let s): R[a] = .number(Double(s.count))
                default: throw fail("\(R[b].typeName) has no count")
                }
            default:
                try coldOp(ins, R, fn: fn, ip: ip, depthAtEntry: depthAtEntry)
            }
        }
    }

    /// ANIMADD and ANIMADDK: attaches the animation under `key` (an implicit animation of the same
    /// property pending in this transaction is overtaken, seed 004:473).
    func addAnimation(_ anim: Value, to layer: Value, key: String) throws(RuntimeError) {
        let l = try layerIndex(layer)
        let obj = try animationObject(anim)
        attach(obj, to: l, key: key, duration: obj.duration > 0 ? obj.duration : Machine.implicitDuration,
               timing: obj.timingFunction ?? .linear, frames: openFrames)
        for i in pending.indices where pending[i].layer == l && image.table.info(pending[i].property)?.name == key {
            pending[i].overridden = true
        }
    }

    /// Every instruction that neither moves the instruction pointer nor is common in loops:
    /// values, layers, animations, transactions, handlers, drawing. They live out of the dispatch
    /// loop because their code inside it made the compiler keep the loop's own state (the
    /// instruction pointer among it) in stack slots: moving the tree reads out first saved 10 % on
    /// the loop benchmark, moving all of these out saved another 25 % (953 → 713 ms). `fn`, `ip` and
    /// `depthAtEntry` are the loop's current function, next instruction and transaction depth.
    @inline(never)
    func coldOp(_ ins: Instruction, _ R: UnsafeMutablePointer<Value>, fn: Int, ip: UnsafePointer<Instruction>,
                depthAtEntry: Int) throws(RuntimeError) {
        let a = Int(ins.a), b = Int(ins.b), c = Int(ins.c)
        let functions = image.functions
        switch ins.op {
        case .mkpoint: R[a] = .point(Point(try number(R[b]), try number(R[c])))
        case .mksize: R[a] = .size(Size(try number(R[b]), try number(R[c])))
        case .mkrect:
            R[a] = .rect(Rect(try number(R[b]), try number(R[b + 1]), try number(R[b + 2]), try number(R[b + 3])))
        case .mkcolor:
            func c01(_ x: Double) -> Double { min(1, max(0, x)) }
            R[a] = .color(Color(c01(try number(R[b])), c01(try number(R[b + 1])), c01(try number(R[b + 2])), c01(try number(R[b + 3]))))
        case .translate:
            R[a] = .transform(.translation(try number(R[b]), try number(R[b + 1]), try number(R[b + 2])))
        case .scale:
            R[a] = .transform(.scale(try number(R[b]), try number(R[b + 1]), try number(R[b + 2])))
        case .rotate:
            R[a] = .transform(.rotation(try number(R[b]), try number(R[b + 1]), try number(R[b + 2]), try number(R[b + 3])))
        case .perspective:
            let d = try number(R[b])
            guard d > 0 else { throw fail("the perspective distance must be positive, found \(d)") }
            R[a] = .transform(.perspective(d))
        case .callb:
            guard let builtin = Builtin(rawValue: UInt8(c)) else { throw fail("bad builtin") }
            let args = Array(UnsafeBufferPointer(start: R + b, count: builtin.arity))
            do { R[a] = try Builtin.call(builtin, args) } catch {
                switch error {
                case .divisionByZero: throw fail("division by zero")
                case .unsupported(let m): throw fail(m)
                }
            }
            try made(R[a])
        case .newarray:
            R[a] = .array(Array(UnsafeBufferPointer(start: R + b, count: c)))
            try allocated(c * MemoryLayout<Value>.stride)
        case .setindex:
            guard case .array(var xs) = R[a] else { throw fail("cannot index \(R[a].typeName)") }
            let i = try index(R[b], count: xs.count)
            R[a] = .none   // release the register's reference so the update does not copy
            xs[i] = R[c]
            R[a] = .array(xs)
        case .append:
            guard case .array(var xs) = R[a] else { throw fail("cannot append to \(R[a].typeName)") }
            R[a] = .none
            if xs.count >= heap.maxArrayCount {
                throw fail("appending would make an array longer than the limit of \(heap.maxArrayCount) elements")
            }
            xs.append(R[b])
            R[a] = .array(xs)
            try allocated(MemoryLayout<Value>.stride)
        case .field:
            guard let comp = Component(rawValue: UInt8(c)) else { throw fail("bad component") }
            R[a] = comp.get(R[b])
        case .now: R[a] = .number(now)
        case .root: R[a] = .layer(World.rootIndex)
        case .named:
            guard case .string(let name) = R[b] else { throw fail("a layer name must be a string, found \(R[b].typeName)") }
            guard let l = find(name) else { throw fail("there is no layer named '\(name)' in the tree") }
            R[a] = .layer(l)
        case .newlayer:
            try writable()
            R[a] = .layer(try newLayer(template: program.layerTemplates[c]))
        case .addsublayer:
            try writable()
            try insert(try layerIndex(R[b]), into: try layerIndex(R[a]), at: nil)
        case .insertat:
            try writable()
            let i = try number(R[c])
            try insert(try layerIndex(R[b]), into: try layerIndex(R[a]), at: i.isFinite ? Int(max(-1, min(1e9, i))) : nil)
        case .insertabove, .insertbelow:
            try writable()
            let parent = try layerIndex(R[a]), child = try layerIndex(R[b]), sibling = try layerIndex(R[c])
            if child == sibling { break }
            detach(child)
            let i = try siblingIndex(sibling, in: parent)
            try insert(child, into: parent, at: ins.op == .insertabove ? i + 1 : i)
        case .removefromsuper:
            try writable()
            detach(try layerIndex(R[a]))
        case .replacesub:
            try writable()
            let parent = try layerIndex(R[a]), old = try layerIndex(R[b]), new = try layerIndex(R[c])
            let i = try siblingIndex(old, in: parent)
            detach(old)
            try insert(new, into: parent, at: i)
            runTreeAction("transition", on: new)
        case .setmask:
            try writable()
            let l = try layerIndex(R[a])
            if let old = Optional(world.layers[Int(l)].mask), old >= 0 { detach(old) }
            if R[b] != .none {
                let m = try layerIndex(R[b])
                if m == l || m == World.rootIndex { throw fail("a layer cannot be its own mask or the root's") }
                var cur = l
                while cur >= 0 {
                    if cur == m { throw fail("a layer's mask cannot be one of its ancestors") }
                    cur = world.layers[Int(cur)].parent
                }
                detach(m)
                world.layers[Int(m)].parent = l
                world.layers[Int(m)].isMask = true
                world.layers[Int(l)].mask = m
                if world.inTree(l) { markJoined(m) }
            }
        case .setprop:
            try writable()
            let l = try layerIndex(R[a])
            guard let kp = KeyPath(packed: ins.c) else { throw fail("bad key path") }
            guard let prop = image.table.info(kp.property) else { throw fail("bad key path") }
            guard prop.applies(to: world.layers[Int(l)].kind) else {
                throw fail("a \(world.layers[Int(l)].kind.name) layer has no property '\(prop.name)'")
            }
            let v = R[b]
            guard TypeCheck.matches(v, kp, image.table) else {
                if !v.hasOnlyFiniteNumbers {
                    throw fail("'\(image.table.name(kp))' cannot be set to \(v.typeName == "array" ? "an array" : "a " + v.typeName) that is not finite")
                }
                throw fail("'\(image.table.name(kp))' cannot be set to \(v.typeName)")
            }
            setModel(l, kp, v)
            markOwn(l, kp.property)
        case .setstyled:
            try writable()
            let l = try layerIndex(R[a])
            guard let kp = KeyPath(packed: ins.c), let prop = image.table.info(kp.property) else { throw fail("bad key path") }
            guard prop.applies(to: world.layers[Int(l)].kind) else {
                throw fail("a \(world.layers[Int(l)].kind.name) layer has no property '\(prop.name)'")
            }
            let v = R[b]
            guard TypeCheck.matches(v, kp, image.table) else { throw fail("'\(image.table.name(kp))' cannot be set to \(v.typeName)") }
            guard !world.layers[Int(l)].own.contains(kp.property) else { break }
            setModel(l, kp, v)
            world.layers[Int(l)].styled.insert(kp.property)
        case .stylereset:
            try writable()
            let l = try layerIndex(R[a])
            let rec = world.layers[Int(l)]
            for p in rec.styled.sorted() where !rec.own.contains(p) {
                setModel(l, KeyPath(property: p), image.defaults[LayerProperties.slot(p)])
            }
            world.layers[Int(l)].styled = []
        case .getprop, .getpres:
            let l = try layerIndex(R[b])
            guard let kp = KeyPath(packed: ins.c) else { throw fail("bad key path") }
            let whole: Value
            if ins.op == .getprop {
                let props = world.layers[Int(l)].props
                whole = kp.property == LayerProperties.frame ? .rect(World.frame(of: props)) : props[LayerProperties.slot(kp.property)]
            } else {
                // (frame included: presentationValue lays it out like bounds and position)
                whole = try onScreen(l).presentationValue(l, property: kp.property, sceneTime: now)
            }
            R[a] = kp.component.get(whole)
        case .animnew:
            let t = program.animationTemplates[c]
            var obj = AnimationObject(keyPath: t.keyPath, kind: t.kind)
            for f in t.fields { _ = obj.set(f.field, program.constants[Int(f.constant)]) }
            R[a] = .animation(Int32(animations.count))
            animations.append(obj)
        case .animset:
            guard case .animation(let h) = R[a], Int(h) < animations.count, h >= 0 else { throw fail("expected an animation, found \(R[a].typeName)") }
            guard let field = AnimField(rawValue: UInt8(c)) else { throw fail("bad animation field") }
            let v = R[b]
            let kp = animations[Int(h)].keyPath
            let numeric = animations[Int(h)].valueFunction != nil
            let kind = animations[Int(h)].kind
            switch field {
            case .from, .to, .by:
                guard kind == .basic || kind == .spring else { throw fail("a \(kind) animation has no '\(field.name)' (a basic or spring animation has)") }
            case .values, .keyTimes, .path:
                guard kind == .keyframe else { throw fail("a \(kind) animation has no '\(field.name)' (a keyframe animation has)") }
                if field == .path, image.table.type(kp) != .point {
                    throw fail("a path animates a point, and '\(image.table.name(kp))' is not one")
                }
            default: break
            }
            if field == .from || field == .to || field == .by {
                guard v == .none || (numeric ? v.number != nil : TypeCheck.matches(v, kp, image.table)) else { throw fail("'\(field.name)' of an animation of '\(image.table.name(kp))' cannot be \(v.typeName)") }
            }
            if field == .values, case .array(let xs) = v, let bad = xs.first(where: { numeric ? $0.number == nil : !TypeCheck.matches($0, kp, image.table) }) {
                throw fail("a value of a keyframe animation of '\(image.table.name(kp))' cannot be \(bad.typeName)")
            }
            if field == .animations {
                guard case .array(let xs) = v else { throw fail("a group's animations must be an array") }
                var children: [AnimationObject] = []
                for x in xs { children.append(try animationObject(x)) }
                animations[Int(h)].children = children
                break
            }
            guard animations[Int(h)].set(field, v) else {
                let why = field == .keyTimes ? " (key times are fractions from 0 to 1 that never decrease)" : ""
                throw fail("invalid value for the animation's '\(field.name)': \(Value.display(v))\(why)")
            }
        case .animadd:
            try writable()
            guard case .string(let key) = program.constants[c] else { throw fail("bad animation key") }
            try addAnimation(R[b], to: R[a], key: key)
        case .animremove:
            try writable()
            let l = try layerIndex(R[a])
            guard case .string(let key) = program.constants[c] else { throw fail("bad animation key") }
            removeAnimations(on: l) { $0.key == key }
        case .animremoveall:
            try writable()
            let l = try layerIndex(R[a])
            removeAnimations(on: l) { _ in true }
        case .setaction:
            try writable()
            let l = try layerIndex(R[a])
            guard case .string(let key) = program.constants[c] else { throw fail("bad action key") }
            if R[b] == .none { world.layers[Int(l)].actions[key] = ActionEntry.none } else {
                world.layers[Int(l)].actions[key] = .animation(try animationObject(R[b]))
            }
        case .txbegin:
            try writable()
            beginTransaction()
        case .txset:
            guard let field = TxField(rawValue: UInt8(c)), !txStack.isEmpty else { throw fail("bad transaction setting") }
            let v = R[a]
            let valid: Bool
            switch (field, v) {
            case (.animationDuration, .number(let d)), (.delay, .number(let d)): valid = d >= 0 && d.isFinite
            case (.repeatCount, .number(let d)): valid = d >= 0
            case (.springDampingRatio, .number(let d)): valid = d > 0 && d.isFinite
            case (.springVelocity, .number(let d)): valid = d.isFinite
            case (.keyframeStart, .number(let d)), (.keyframeDuration, .number(let d)): valid = d >= 0 && d <= 1
            case (.animationTimingFunction, .timing): valid = true
            case (.disableActions, .bool), (.autoreverses, .bool), (.beginFromCurrentState, .bool), (.keyframes, .bool): valid = true
            default: valid = false
            }
            guard valid else { throw fail("invalid value for the transaction's '\(field.name)': \(Value.display(v))") }
            txStack[txStack.count - 1].values[field] = v
        case .txcommit:
            guard txStack.count > depthAtEntry else { throw fail("commit without a matching transaction") }
            try commitTransaction()
        case .txcompletion, .txcompletionf:
            try writable()
            guard !txStack.isEmpty else { throw fail("a completion handler outside a transaction") }
            let finished = ins.op == .txcompletionf
            txStack[txStack.count - 1].completion = (c, try arguments(R[b], for: c, extra: finished ? 1 : 0), finished)
        case .schedule:
            try writable()
            let t = try number(R[a])
            guard t.isFinite, t >= 0 else { throw fail("an event time must be a non-negative finite number, found \(t)") }
            schedule(at: t, function: c, args: try arguments(R[b], for: c, extra: 0), kind: .call)
        case .every:
            try writable()
            let start = try number(R[a]), interval = try number(R[a + 1]), until = try number(R[a + 2])
            guard start.isFinite, start >= 0, interval > 0, interval.isFinite else {
                throw fail("'every' needs a positive finite interval and a non-negative start, found \(interval) from \(start)")
            }
            schedule(at: start, function: c, args: try arguments(R[b], for: c, extra: 0),
                     kind: .every(start: start, interval: interval, until: until, count: 0))
        case .onframe:
            try writable()
            let fps = program.scene.fps
            let k = Int((now * fps - 1e-9).rounded(.up))
            schedule(at: Double(max(0, k)) / fps, function: c, args: try arguments(R[b], for: c, extra: 0), kind: .frame(index: max(0, k)))
        case .onstart, .onstop:
            try writable()
            let l = try layerIndex(R[a])
            let key = try computedKey(R[a + 1])
            let lis = AnimationListener(layer: l, key: key, start: ins.op == .onstart, function: c,
                                        args: try arguments(R[b], for: c, extra: ins.op == .onstop ? 1 : 0))
            listeners.append(lis)
            if let current = world.layers[Int(l)].animations.last(where: { $0.key == key }) { watch(lis, current) }
        case .setdraw:
            try writable()
            let l = try layerIndex(R[a])
            world.layers[Int(l)].draw = Binding(keyPath: KeyPath(property: 0), function: c,
                                                args: try arguments(R[a + 1], for: c, extra: 1))
        case .drawfill, .drawstroke, .drawtext, .drawimage:
            guard let count = drawing?.count else { throw fail("drawing commands run only in a draw block") }
            guard count < Machine.maxDrawCommands else {
                throw fail("the draw block issued more than \(Machine.maxDrawCommands) drawing commands (a runaway loop?)")
            }
            drawing?.append(try drawCommand(ins.op, Array(UnsafeBufferPointer(start: R + a, count: ins.op == .drawtext ? 4 : ins.op == .drawimage ? 2 : 3))))
        case .constrain:
            try writable()
            let l = try layerIndex(R[a])
            guard case .string(let source) = R[b], case .number(let scale) = R[b + 1], case .number(let offset) = R[b + 2],
                  scale.isFinite, offset.isFinite,
                  let attr = ConstraintAttribute(rawValue: UInt8(c >> 3)), let sattr = ConstraintAttribute(rawValue: UInt8(c & 7)) else {
                throw fail("a constraint needs a source name and finite scale and offset")
            }
            let f = program.functions[fn], pc = ip - functions[fn].code
            let new = PlacedConstraint(constraint: LayoutConstraint(attr, source: source, sattr, scale: scale, offset: offset),
                                       function: f.name, line: f.lines.indices.contains(pc - 1) ? Int(f.lines[pc - 1]) : 0)
            var list = world.layers[Int(l)].constraints
            list.removeAll { $0.constraint.attribute == attr }
            guard list.filter({ $0.constraint.attribute.isHorizontal == attr.isHorizontal }).count < 2 else {
                throw fail("'\(world.layers[Int(l)].name)' already has two constraints on the \(attr.isHorizontal ? "x" : "y") axis")
            }
            list.append(new)
            world.layers[Int(l)].constraints = list
        case .unconstrain:
            try writable()
            world.layers[Int(try layerIndex(R[a]))].constraints = []
        case .dynset:
            try writable()
            try setBehaviorField(c, b, R[a])
        case .dynget:
            R[a] = behaviorField(c, b)
        case .oncontact, .onendcontact:
            try writable()
            try addContactListener(a, began: ins.op == .oncontact, function: c, args: R[b])
        case .bind:
            try writable()
            let l = try layerIndex(R[a])
            guard let kp = KeyPath(packed: ins.c) else { throw fail("bad key path") }
            let args = try arguments(R[a + 1], for: b, extra: 0)
            world.layers[Int(l)].bindings.removeAll { $0.keyPath == kp }
            world.layers[Int(l)].bindings.append(Binding(keyPath: kp, function: b, args: args))
            markOwn(l, kp.property)     // the script's own value: a style must not replace it
        case .superlayer:
            let l = try layerIndex(R[b])
            let p = world.layers[Int(l)].parent
            // a mask's `parent` is its owner, but a mask has no superlayer (CALayer.mask)
            R[a] = p >= 0 && world.layers[Int(p)].mask != l ? .layer(p) : .none
        case .sublayers:
            let l = try layerIndex(R[b])
            R[a] = .array(world.layers[Int(l)].sublayers.map { .layer($0) })
        case .getmask:
            let m = world.layers[Int(try layerIndex(R[b]))].mask
            R[a] = m >= 0 ? .layer(m) : .none
        case .animaddk:
            try writable()
            try addAnimation(R[b], to: R[a], key: try computedKey(R[c]))
        case .animget:
            guard let field = AnimField(rawValue: UInt8(c)), let v = try animationObject(R[b]).get(field) else {
                throw fail("bad animation field")
            }
            R[a] = v
        case .print:
            guard printed.count <= Machine.maxPrinted else { break }
            if printed.count == Machine.maxPrinted {
                printed.append(PrintedLine(time: now, text: "(more than \(Machine.maxPrinted) lines printed; the rest are dropped)"))
                break
            }
            let text = UnsafeBufferPointer(start: R + b, count: c).map { printable($0) }.joined(separator: " ")
            printed.append(PrintedLine(time: now, text: text))
        case .convert:
            R[a] = try convert(R[b], from: try layerIndex(R[b + 1]), to: try layerIndex(R[b + 2]), presentation: c != 0)
        case .animcopy:
            let obj = try animationObject(R[b])
            animations.append(obj)
            R[a] = .animation(Int32(animations.count - 1))
        case .animremovek:
            try writable()
            let l = try layerIndex(R[a])
            let key = try computedKey(R[c])
            removeAnimations(on: l) { $0.key == key }
        default:
            throw fail("bad instruction")
        }
    }

    /// A value as `print` writes it: strings as they are, layers by name, the rest as string
    /// interpolation shows them.
    func printable(_ v: Value) -> String {
        switch v {
        case .string(let s): return s
        case .layer(let l) where l >= 0 && Int(l) < world.layers.count:
            let name = world.layers[Int(l)].name
            return name.isEmpty ? "layer" : name
        case .array(let xs): return "[" + xs.map { x in if case .string(let s) = x { return "\"\(s)\"" } else { return printable(x) } }.joined(separator: ", ") + "]"
        default: return Value.display(v)
        }
    }

    /// Arithmetic off the number fast path (and division by zero), as a runtime error on failure.
    @inline(never)
    func arith(_ op: ArithOp, _ x: Value, _ y: Value) throws(RuntimeError) -> Value {
        // string, array and path concatenation: refused before the result is built when it would
        // pass its limit (a doubling string asks for the whole size at once)
        switch (x, y) {
        case let (.string(s), .string(t)) where s.utf8.count + t.utf8.count > heap.maxStringBytes:
            throw fail("a string of \(s.utf8.count + t.utf8.count) bytes would be longer than the limit of \(HeapLimits.mebibytes(heap.maxStringBytes))")
        case let (.array(s), .array(t)) where s.count + t.count > heap.maxArrayCount:
            throw fail("an array of \(s.count + t.count) elements would be longer than the limit of \(heap.maxArrayCount)")
        case let (.path(s), .path(t)) where s.elements.count + t.elements.count > heap.maxArrayCount:
            throw fail("a path of \(s.elements.count + t.elements.count) elements would be longer than the limit of \(heap.maxArrayCount)")
        default: break
        }
        let v: Value
        do { v = try Value.arith(op, x, y) } catch {
            switch error {
            case .divisionByZero: throw fail("division by zero")
            case .unsupported(let m): throw fail(m)
            }
        }
        try made(v)
        return v
    }

    func overBudget(_ budget: Int) -> RuntimeError {
        fail("the handler ran more than \(budget) loop iterations and calls (a runaway loop? raise the limit with --step-budget)")
    }

    func index(_ v: Value, count: Int) throws(RuntimeError) -> Int {
        guard case .number(let x) = v, x == x.rounded(), x >= 0, x < Double(count) else {
            throw fail("index \(Value.display(v)) is out of range (the array has \(count) element\(count == 1 ? "" : "s"))")
        }
        return Int(x)
    }

    func animationObject(_ v: Value) throws(RuntimeError) -> AnimationObject {
        guard case .animation(let h) = v, h >= 0, Int(h) < animations.count else { throw fail("expected an animation, found \(v.typeName)") }
        return animations[Int(h)]
    }

    /// The argument array of a handler registration, checked against the handler's parameters.
    /// The command of a DRAW* instruction with operand values R.
    func drawCommand(_ op: Opcode, _ R: [Value]) throws(RuntimeError) -> DrawCommand {
        let a = 0
        func path(_ v: Value) throws(RuntimeError) -> BezierPath {
            guard case .path(let p) = v else { throw fail("a draw command needs a path, found \(v.typeName)") }
            return p
        }
        func color(_ v: Value) throws(RuntimeError) -> Color {
            guard case .color(let c) = v else { throw fail("a draw command needs a color, found \(v.typeName)") }
            return c
        }
        func number(_ v: Value) throws(RuntimeError) -> Double {
            guard case .number(let x) = v, x.isFinite else { throw fail("a draw command needs a finite number, found \(Value.display(v))") }
            return x
        }
        switch op {
        case .drawfill:
            guard case .enumCase(let r) = R[a + 2], let rule = FillRule(rawValue: r) else { throw fail("fill needs a fill rule") }
            return .fill(try path(R[a]), try color(R[a + 1]), rule)
        case .drawstroke:
            return .stroke(try path(R[a]), try color(R[a + 1]), width: max(0, try number(R[a + 2])))
        case .drawtext:
            guard case .string(let s) = R[a], case .point(let at) = R[a + 1] else { throw fail("text needs a string and a point") }
            return .text(s, at: at, size: max(0, try number(R[a + 2])), try color(R[a + 3]))
        default:
            guard case .image(let name) = R[a], case .rect(let r) = R[a + 1] else { throw fail("drawImage needs an image and a rect") }
            return .image(name, in: r)
        }
    }

    func arguments(_ v: Value, for function: Int, extra: Int) throws(RuntimeError) -> [Value] {
        guard case .array(let xs) = v else { throw fail("handler arguments must be an array, found \(v.typeName)") }
        let f = program.functions[function]
        guard xs.count + extra == Int(f.paramCount) else {
            throw fail("'\(f.name)' takes \(f.paramCount) arguments, \(xs.count + extra) would be passed")
        }
        return xs
    }
}

/// Stores a number into a register, skipping the release of the old value when it held no
/// reference (the common case in arithmetic loops: 6 % of the loop benchmark was spent there).
@inline(__always)
func putNumber(_ p: UnsafeMutablePointer<Value>, _ x: Double) {
    switch p.pointee {
    case .none, .number, .bool: p.initialize(to: .number(x))
    default: p.pointee = .number(x)
    }
}

/// Stores a value that holds no reference (nil, a number, a bool …), skipping the release of the
/// old value when it held none either.
@inline(__always)
func putPlain(_ p: UnsafeMutablePointer<Value>, _ v: Value) {
    switch p.pointee {
    case .none, .number, .bool: p.initialize(to: v)
    default: p.pointee = v
    }
}

/// `dst := src` for registers, with no reference counting when both hold plain values (MOVE, and
/// RET passing a number back: 4 % of the calls benchmark went to the generic copy and release).
@inline(__always)
func copyRegister(_ dst: UnsafeMutablePointer<Value>, _ src: UnsafeMutablePointer<Value>) {
    switch src.pointee {
    case .number(let x): putNumber(dst, x)
    case .bool(let x): putPlain(dst, .bool(x))
    case .none: putPlain(dst, .none)
    default: dst.pointee = src.pointee
    }
}

/// Runtime type checks of values against key paths (the compiler checks statically; the VM checks
/// again because a .calb file may come from anywhere).
enum TypeCheck {
    static func matches(_ v: Value, _ kp: KeyPath, _ table: PropertyTable) -> Bool {
        guard let t = table.type(kp) else { return false }
        switch (t, v) {
        case (.number, .number(let x)): return x.isFinite
        // geometry with a component that is not finite is refused like an infinite number
        // (docs/semantics.md, "Numbers that are not finite")
        case (.point, .point(let p)): return p.x.isFinite && p.y.isFinite
        case (.size, .size(let s)): return s.width.isFinite && s.height.isFinite
        case (.rect, .rect(let r)):
            return r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
        case (.transform, .transform(let m)): return m.elements.allSatisfy { $0.isFinite }
        case (.path, .path(let p)): return p.isFinite
        case (.bool, .bool), (.color, .color),
             (.string, .string), (.timingFunction, .timing),
             (.image, .image): return true
        case (.enumeration(let name), .enumCase(let c)): return Int(c) < (Enumerations.all[name]?.count ?? 0)
        case (.path, .none), (.image, .none): return true
        case (.array(let element), .array(let xs)):
            return xs.allSatisfy { x in
                switch (element, x) {
                case (.number, .number(let n)): return n.isFinite
                case (.color, .color): return true
                case (.string, .string): return true   // an emitter's cell paths, filter entries
                case (.enumeration(let name), .enumCase(let c)): return Int(c) < (Enumerations.all[name]?.count ?? 0)
                default: return false
                }
            }
        default: return false
        }
    }
}
