// UIKit Dynamics in the VM: behaviours declared in `dynamics { … }` drive one Physics.Simulation (the
// animator), which owns the `position` and `transform.rotation.z` of the layers it simulates.
//
// Determinism and frame independence come from the timeline. While the timeline runs it advances
// the simulation in fixed steps from time 0 to each event's time (stopping at the steps where
// contacts a handler listens to begin or end, which become events of their own), writes the items'
// poses into the model (no implicit animation), fires the events, then reconciles the simulation
// with what the handlers changed: behaviours added, removed or edited, items moved by a handler
// (UIKit's updateItemUsingCurrentState), layers that left the tree. The world snapshot of that instant
// carries the simulation as it then is, and between events the run stores a copy on the frame grid
// (a checkpoint; a Simulation is a value). A frame at time t copies the latest checkpoint at or before
// t, advances the copy to t and overrides the presented position and rotation of the simulated
// layers. The solver's results do not depend on how `advance` is called, so every frame shows the
// same bits as one sequential run, whatever frames are rendered and in whatever order.
//
// Space: the simulation runs in the scene's coordinates (the root is the reference layer, its bounds
// the `root.bounds` boundary); an item's centre is its position, in its superlayer's coordinates,
// moved from the anchor point to the middle of its bounds through its transform. The solver is y
// down: with `origin: .bottomLeft` y, angles and rotations are flipped on the way in and out.

import CalcCore
import Bytecode
import Physics
import Foundation

/// Where the simulation put an item: its centre (superlayer coordinates, scene orientation) and its
/// rotation about z (as `transform.rotation.z`).
struct Pose: Sendable, Equatable {
    var center: Point
    var rotation: Double
}

/// One behaviour's fields (template constants, then DYNSET values; `.none` is unset: the default)
/// and whether it is in the animator.
struct BehaviorRecord: Sendable {
    var kind: BehaviorKind
    var fields: [Value]
    var active = false
    /// Scene time at which `active` was last set to true: an instantaneous push fires then.
    var activatedAt = 0.0

    subscript(_ f: DynField) -> Value { fields[Int(f.rawValue)] }
    func number(_ f: DynField) -> Double? { fields[Int(f.rawValue)].number }
    func point(_ f: DynField) -> Point? { fields[Int(f.rawValue)].point }
    func bool(_ f: DynField) -> Bool? { fields[Int(f.rawValue)].bool }

    /// The layers this behaviour makes dynamic items, in order.
    var layers: [Int32] {
        var out: [Int32] = []
        if case .array(let xs) = self[.items] { for case .layer(let l) in xs { out.append(l) } }
        if case .layer(let l) = self[.item] { out.append(l) }
        if case .layer(let l) = self[.attachedTo] { out.append(l) }
        return out
    }
}

/// The model values physics last wrote into (or read from) a simulated layer: a difference means a
/// handler changed the layer, and the simulation takes its new state.
struct WrittenState: Sendable, Equatable {
    var position: Value, transform: Value, bounds: Value, anchorPoint: Value

    init(_ props: [Value]) {
        position = props[Int(LayerProperties.position)]
        transform = props[Int(LayerProperties.transform)]
        bounds = props[Int(LayerProperties.bounds)]
        anchorPoint = props[Int(LayerProperties.anchorPoint)]
    }
}

/// The animator in a world snapshot: the behaviours, the simulation at the snapshot's time, and
/// what it wrote into the model.
struct DynamicsState: Sendable {
    var behaviors: [BehaviorRecord]
    var sim = Simulation(items: [], behaviors: [])
    var written: [Int32: WrittenState] = [:]
    /// The simulated layers' poses at the world's time (the machine's presentation values).
    var poses: [Int32: Pose] = [:]
    /// For each behaviour in `sim.behaviors`, the index of the record it came from.
    var owners: [Int] = []

    init(_ program: Program) {
        behaviors = program.behaviorTemplates.map { t in
            var fields = Array(repeating: Value.none, count: DynField.allCases.count)
            for f in t.fields where Int(f.constant) < program.constants.count { fields[Int(f.field.rawValue)] = program.constants[Int(f.constant)] }
            return BehaviorRecord(kind: t.kind, fields: fields)
        }
    }

    /// Whether physics owns this property of layer `l` now (its changes then run no action).
    func owns(_ l: Int32, _ property: UInt16) -> Bool {
        (property == LayerProperties.position || property == LayerProperties.transform) && written[l] != nil
    }
}

/// The scene's orientation: the solver is y down, a `.bottomLeft` scene is y up.
struct DynamicsSpace: Sendable {
    let flipped: Bool
    let height: Double

    init(_ scene: SceneInfo) {
        flipped = scene.origin == .bottomLeft
        height = scene.size.height
    }

    func point(_ p: Point) -> Point { flipped ? Point(p.x, height - p.y) : p }
    func angle(_ a: Double) -> Double { flipped ? -a : a }
    /// An offset in an item's own frame.
    func offset(_ p: Point) -> Vector { flipped ? Vector(p.x, -p.y) : Vector(p.x, p.y) }
    func rect(_ r: Rect) -> Rect {
        flipped ? Rect(r.origin.x, height - r.origin.y - r.size.height, r.size.width, r.size.height) : r
    }
    /// Straight down on screen (UIKit's default gravity), in the scene's angles.
    var down: Double { flipped ? -Double.pi / 2 : Double.pi / 2 }
}

/// Bounds of the physics work, each with its reason.
public enum DynamicsLimits {
    /// Steps one simulation may run: 10⁶ steps of 1/240 s are 69 minutes, far longer than UIKit
    /// Dynamics is meant for ("not intended for extended use", seed 002); a longer scene with an
    /// animator is a mistake, rejected before anything is simulated.
    public static let maxSteps = 1_000_000
    /// Item-steps (steps × items, at least one item) one timeline run, or one frame, may simulate:
    /// at about a microsecond per item and step (docs/physics.md) 5 × 10⁷ is under a minute of work,
    /// 200 items for 17 simulated minutes.
    public static let maxItemSteps = 50_000_000
    /// Checkpoints kept on the frame grid: a frame is then at most duration / 1024 of simulation
    /// away from a copy, however long the scene.
    static let maxGridCheckpoints = 1024
    /// Items one animator may simulate (each costs memory in every checkpoint).
    static let maxItems = 10_000
    /// Item copies the frame-grid checkpoints may hold together (about half a kilobyte each, so at
    /// most about 0.5 GB): past it, frames advance from the last checkpoint kept, which gives the
    /// same bits, only more slowly.
    static let maxCheckpointItems = 1_000_000
}

/// A copy of the simulation at a time of the timeline run.
struct Checkpoint: Sendable {
    var time: Double
    var sim: Simulation
}

/// Run-time state of the animator that is not part of the world: contact handlers (registered
/// like other handlers, they run only while the timeline runs) and the work done.
struct DynamicsRun {
    struct Listener {
        var behavior: Int
        var began: Bool
        var function: Int
        var args: [Value]
    }
    var listeners: [Listener] = []
    var itemSteps = 0
    var itemStepBudget = DynamicsLimits.maxItemSteps
    var checkpoints: [Checkpoint] = []
    /// Items held by the checkpoints so far.
    var checkpointItems = 0
    /// Whether the last reconciliation changed the simulation (its items or behaviours).
    var changed = false
    /// The next frame-grid point (in units of `gridStride` frames) to keep a checkpoint at.
    var gridIndex = 1
    var gridStride = 1
}

enum Dynamics {
    /// An item's pose from its model (or presentation) values.
    static func pose(of props: [Value]) -> Pose {
        let b = props[Int(LayerProperties.bounds)].rect ?? .zero
        let pos = props[Int(LayerProperties.position)].point ?? .zero
        let ap = props[Int(LayerProperties.anchorPoint)].point ?? Point(0.5, 0.5)
        let m = props[Int(LayerProperties.transform)].transform ?? .identity
        let d = offset(b, ap, m)
        let rotation = rotationZ(of: m)
        return Pose(center: Point(pos.x + d.x, pos.y + d.y), rotation: rotation.isFinite ? rotation : 0)
    }

    /// A transform that only turns about z and moves in x and y (what a simulated layer's transform
    /// usually is): for these the rotation is read and replaced directly instead of by taking the
    /// matrix apart, which cost 5 µs a layer a frame (a fifth of the whole run on 200 boxes).
    static func isPlanarRotation(_ m: Transform3D) -> Bool {
        m.m13 == 0 && m.m14 == 0 && m.m23 == 0 && m.m24 == 0 && m.m31 == 0 && m.m32 == 0 && m.m33 == 1
            && m.m34 == 0 && m.m43 == 0 && m.m44 == 1 && m.m11 == m.m22 && m.m12 == -m.m21
            && abs(m.m11 * m.m11 + m.m12 * m.m12 - 1) <= 1e-12
    }

    /// `transform.rotation.z` of a transform.
    static func rotationZ(of m: Transform3D) -> Double {
        if m.isIdentity { return 0 }
        if isPlanarRotation(m) { return atan2(m.m12, m.m11) }
        return Component.rotationZ.get(.transform(m)).number ?? 0
    }

    /// The transform with its z rotation replaced (its other parts kept).
    static func transform(_ m: Transform3D, rotatedTo angle: Double) -> Transform3D {
        if m.isIdentity || isPlanarRotation(m) {
            var r = Transform3D.rotation(angle)
            r.m41 = m.m41
            r.m42 = m.m42
            return r
        }
        return Component.rotationZ.set(.number(angle), in: .transform(m)).transform ?? m
    }

    /// Where the middle of the bounds lands relative to `position` under the transform.
    static func offset(_ b: Rect, _ ap: Point, _ m: Transform3D) -> Point {
        let dx = (0.5 - ap.x) * b.size.width, dy = (0.5 - ap.y) * b.size.height
        if m.isIdentity { return Point(dx, dy) }
        let q = m.apply(dx, dy)
        let x = q.w != 0 ? q.x / q.w : q.x, y = q.w != 0 ? q.y / q.w : q.y
        return Point(x.isFinite ? x : 0, y.isFinite ? y : 0)
    }

    /// Writes a pose into layer values: the rotation into the transform (its other parts kept),
    /// then the position that puts the middle of the bounds at the centre.
    static func place(_ pose: Pose, in props: inout [Value]) {
        let t = Int(LayerProperties.transform)
        var m = props[t].transform ?? .identity
        if rotationZ(of: m) != pose.rotation {
            m = transform(m, rotatedTo: pose.rotation)
            props[t] = .transform(m)
        }
        let b = props[Int(LayerProperties.bounds)].rect ?? .zero
        let ap = props[Int(LayerProperties.anchorPoint)].point ?? Point(0.5, 0.5)
        let d = offset(b, ap, m)
        props[Int(LayerProperties.position)] = .point(Point(pose.center.x - d.x, pose.center.y - d.y))
    }

    /// The pose of a simulated item, in scene orientation.
    static func pose(of item: DynamicItem, _ space: DynamicsSpace) -> Pose {
        Pose(center: space.point(item.center), rotation: space.angle(item.rotation))
    }

    /// Makes a frame's world show the poses at the frame's time to the code that runs while it is
    /// presented (draw blocks and bound expressions read `ball.position` and
    /// `ball.presentation.position`): as UIKit's animator moves a view's centre every tick, the
    /// simulated layers' model values follow the simulation between events too. Only when some
    /// layer runs such code: otherwise nothing reads them and the copy is not worth its cost.
    static func showPoses(_ poses: [Int32: Pose], in w: inout World) {
        guard w.layers.contains(where: { $0.draw != nil || !$0.bindings.isEmpty }) else { return }
        for (l, pose) in poses where l > 0 && Int(l) < w.layers.count {
            place(pose, in: &w.layers[Int(l)].props)
        }
        w.dynamics?.poses = poses
    }

    static func poses(_ sim: Simulation, _ space: DynamicsSpace) -> [Int32: Pose] {
        var out: [Int32: Pose] = [:]
        for item in sim.items { out[Int32(truncatingIfNeeded: item.id)] = pose(of: item, space) }
        return out
    }

    /// A simulated item for layer `l` from its values.
    static func item(_ l: Int32, _ props: [Value], _ space: DynamicsSpace) -> DynamicItem {
        let p = pose(of: props)
        let size = props[Int(LayerProperties.bounds)].rect?.size ?? Size(0, 0)
        return DynamicItem(id: Int(l), center: space.point(p.center), size: size, rotation: space.angle(p.rotation))
    }

    /// The solver's behaviours for the active records whose items are simulated, and which record
    /// each came from.
    static func physicsBehaviors(_ records: [BehaviorRecord], simulated: Set<Int32>, _ space: DynamicsSpace) -> ([Behavior], [Int]) {
        var list: [Behavior] = []
        var owners: [Int] = []
        func ids(_ r: BehaviorRecord) -> [Int] {
            guard case .array(let xs) = r[.items] else { return [] }
            var out: [Int] = []
            for case .layer(let l) in xs where simulated.contains(l) { out.append(Int(l)) }
            return out
        }
        func layer(_ v: Value) -> Int32? {
            if case .layer(let l) = v, simulated.contains(l) { return l }
            return nil
        }
        for (i, r) in records.enumerated() where r.active {
            let b: Behavior
            switch r.kind {
            case .gravity:
                // unset: straight down on screen, the solver's π/2 whatever the origin
                b = .gravity(items: ids(r), angle: r.number(.angle).map(space.angle) ?? .pi / 2, magnitude: r.number(.magnitude) ?? 1)
            case .push:
                b = .push(items: ids(r), angle: space.angle(r.number(.angle) ?? 0), magnitude: r.number(.magnitude) ?? 0,
                          continuous: r[.mode] != .enumCase(1), startTime: r.activatedAt,
                          offset: space.offset(r.point(.offset) ?? .zero))
            case .collision:
                // UICollisionBehaviorMode: items (0), boundaries (1), everything (2, the default)
                var mode = 2
                if case .enumCase(let c) = r[.collisionMode] { mode = Int(c) }
                let boundary = mode == 0 ? nil : r[.boundary].rect.map(space.rect)
                b = .collision(items: ids(r), boundary: boundary, betweenItems: mode != 1,
                               boundaryFriction: r.number(.boundaryFriction) ?? 0.5)
            case .snap:
                guard let item = layer(r[.item]), let point = r.point(.point) else { continue }
                b = .snap(item: Int(item), point: space.point(point), damping: r.number(.damping) ?? 0.5)
            case .attachment:
                guard let item = layer(r[.item]) else { continue }
                let anchor: AttachmentAnchor
                if r[.attachedTo] != .none {
                    guard let other = layer(r[.attachedTo]) else { continue }
                    anchor = .item(id: Int(other), offset: space.offset(r.point(.attachedOffset) ?? .zero))
                } else {
                    guard let p = r.point(.anchor) else { continue }
                    anchor = .point(space.point(p))
                }
                b = .attachment(item: Int(item), offset: space.offset(r.point(.offset) ?? .zero), anchor: anchor,
                                length: r.number(.length), frequency: r.number(.frequency) ?? 0, damping: r.number(.damping) ?? 0)
            case .itemBehavior:
                b = .itemProperties(items: ids(r), elasticity: r.number(.elasticity), friction: r.number(.friction),
                                    density: r.number(.density), resistance: r.number(.resistance),
                                    angularResistance: r.number(.angularResistance), allowsRotation: r.bool(.allowsRotation),
                                    anchored: r.bool(.anchored))
            }
            list.append(b)
            owners.append(i)
        }
        return (list, owners)
    }

    /// What DYNGET reads for a field nobody set: UIKit's default.
    static func defaultValue(_ f: DynField, _ kind: BehaviorKind, _ space: DynamicsSpace) -> Value {
        switch f {
        case .active: return .bool(false)
        case .items: return .array([])
        case .item, .attachedTo: return .none
        case .angle: return .number(kind == .gravity ? space.down : 0)
        case .magnitude: return .number(kind == .gravity ? 1 : 0)
        case .mode: return .enumCase(0)
        case .collisionMode: return .enumCase(2)
        case .boundary: return .rect(.zero)
        case .boundaryFriction: return .number(0.5)
        case .damping: return .number(kind == .snap ? 0.5 : 0)
        case .offset, .point, .anchor, .attachedOffset: return .point(.zero)
        case .length, .frequency, .elasticity, .friction, .resistance, .angularResistance: return .number(0)
        case .density: return .number(1)
        case .allowsRotation: return .bool(true)
        case .anchored: return .bool(false)
        }
    }

    /// The source line of the first dynamics declaration in main, for errors of the simulation.
    static func declarationLine(_ program: Program) -> Int {
        guard let main = program.functions.first else { return 0 }
        for (k, ins) in main.code.enumerated() where ins.op == .dynset { return Int(main.lines[k]) }
        return 0
    }

    static func failure(_ message: String, _ program: Program) -> RuntimeError {
        RuntimeError(message: message, function: "dynamics", line: declarationLine(program))
    }

    /// Advances `sim` to scene time `t`, counting the work against `itemSteps`.
    static func advance(_ sim: inout Simulation, to t: Double, stoppingAtContactEvents: Bool = false,
                        itemSteps: inout Int, budget: Int = DynamicsLimits.maxItemSteps, program: Program) throws(RuntimeError) -> Bool {
        guard t.isFinite else { throw failure("the simulation cannot reach time \(t)", program) }
        let target = (t / sim.step + 1e-6).rounded(.down)
        let steps = target - Double(sim.stepCount)
        // nothing to run: still call the solver, which clears the contact events of its last call
        // (they were delivered then; seeing them again would run their handlers again)
        guard steps > 0 else { return sim.advance(to: t, stoppingAtContactEvents: stoppingAtContactEvents) }
        try checkDuration(t, step: sim.step, program: program)
        let work = steps * Double(max(1, sim.items.count))
        guard work + Double(itemSteps) <= Double(budget) else {
            throw failure("simulating \(sim.items.count) item\(sim.items.count == 1 ? "" : "s") to \(fmtTime(t)) s would take more than \(budget) item-steps (at \(Int((1 / sim.step).rounded())) steps a second); shorten the scene or simulate fewer items", program)
        }
        let before = sim.stepCount
        let done = sim.advance(to: t, stoppingAtContactEvents: stoppingAtContactEvents)
        itemSteps += (sim.stepCount - before) * max(1, sim.items.count)
        return done
    }

    /// Rejects simulating up to time `t` when it needs more than `maxSteps` steps.
    static func checkDuration(_ t: Double, step: Double, program: Program) throws(RuntimeError) {
        guard t / step <= Double(DynamicsLimits.maxSteps) else {
            throw failure("simulating to \(fmtTime(t)) s needs \(fmtTime((t / step).rounded(.up))) steps of 1/\(Int((1 / step).rounded())) s, more than the limit of \(DynamicsLimits.maxSteps) (\(Int(Double(DynamicsLimits.maxSteps) * step / 60)) minutes); UIKit Dynamics is for short effects", program)
        }
    }

    static func fmtTime(_ t: Double) -> String {
        t == t.rounded() && abs(t) < 1e15 ? String(Int64(t)) : "\(t)"
    }
}

extension Machine {
    var dynamicsSpace: DynamicsSpace { DynamicsSpace(program.scene) }

    func behaviorName(_ bt: Int) -> String {
        bt < program.behaviorTemplates.count ? program.behaviorTemplates[bt].name : "BT\(bt)"
    }

    /// A layer that can be a dynamic item: it exists and is not the root.
    func itemLayer(_ v: Value, _ what: String) throws(RuntimeError) -> Value {
        guard case .layer(let l) = v, l >= 0, Int(l) < world.layers.count else {
            throw fail("\(what) must be a layer, found \(v == .none ? "nil" : v.typeName)")
        }
        if l == World.rootIndex { throw fail("the root layer cannot be a dynamic item") }
        return v
    }

    /// DYNSET: a behaviour's field (`active` adds it to or removes it from the animator).
    func setBehaviorField(_ bt: Int, _ raw: Int, _ v: Value) throws(RuntimeError) {
        guard bt >= 0, bt < world.dynamics?.behaviors.count ?? 0, let field = DynField(rawValue: UInt8(truncatingIfNeeded: raw)) else {
            throw fail("bad behaviour field")
        }
        let name = "\(behaviorName(bt)).\(field.name)"
        if let problem = field.problem(with: v) { throw fail("'\(name)' cannot be \(Value.display(v)): \(problem)") }
        var value = v
        switch field {
        case .active:
            let on = v.bool ?? false
            world.dynamics?.behaviors[bt].active = on
            // setting true again re-fires an instantaneous push (UIKit)
            if on { world.dynamics?.behaviors[bt].activatedAt = now }
            return
        case .items:
            guard case .array(let xs) = v else { break }
            var seen = Set<Int32>()
            var out: [Value] = []
            for (k, x) in xs.enumerated() {
                guard case .layer(let l) = try itemLayer(x, "element \(k) of '\(name)'"), seen.insert(l).inserted else { continue }
                out.append(x)
            }
            guard out.count <= DynamicsLimits.maxItems else { throw fail("'\(name)' has \(out.count) items, more than \(DynamicsLimits.maxItems)") }
            value = .array(out)
        case .item, .attachedTo:
            value = try itemLayer(v, "'\(name)'")
        default:
            break
        }
        world.dynamics?.behaviors[bt].fields[raw] = value
    }

    /// DYNGET: the value in force, or UIKit's default.
    func behaviorField(_ bt: Int, _ raw: Int) -> Value {
        guard let d = world.dynamics, bt >= 0, bt < d.behaviors.count, let field = DynField(rawValue: UInt8(truncatingIfNeeded: raw)) else { return .none }
        let r = d.behaviors[bt]
        if field == .active { return .bool(r.active) }
        let v = r.fields[raw]
        return v == .none ? Dynamics.defaultValue(field, r.kind, dynamicsSpace) : v
    }

    /// ONCONTACT / ONENDCONTACT.
    func addContactListener(_ bt: Int, began: Bool, function: Int, args: Value) throws(RuntimeError) {
        let a = try arguments(args, for: function, extra: 3)
        dynamicsRun.listeners.append(DynamicsRun.Listener(behavior: bt, began: began, function: function, args: a))
    }

    /// Writes the simulation's poses into the model at `now` (no implicit animation: physics moves
    /// the model as UIKit's animator moves a view's centre).
    func writeDynamicsPoses() {
        guard let items = world.dynamics?.sim.items else { return }
        let space = dynamicsSpace
        for item in items {
            let l = Int32(truncatingIfNeeded: item.id)
            guard l > 0, Int(l) < world.layers.count else { continue }
            let pose = Dynamics.pose(of: item, space)
            Dynamics.place(pose, in: &world.layers[Int(l)].props)
            // evaluated first: an optional-chained assignment begins its access to `world` before
            // its right-hand side runs
            let state = WrittenState(world.layers[Int(l)].props)
            world.dynamics?.written[l] = state
            world.dynamics?.poses[l] = pose
        }
    }

    /// After main or the events of an instant: the simulated items are the layers of the active
    /// behaviours that are in the tree; new ones join from their model values at rest, ones a
    /// handler moved take their new model state (keeping their velocity), ones gone leave; the
    /// behaviours take their new fields.
    func syncDynamics() throws(RuntimeError) {
        dynamicsRun.changed = false
        guard var d = world.dynamics else { return }
        world.dynamics = nil
        defer { world.dynamics = d }
        let space = dynamicsSpace
        var wanted: [Int32] = []
        var simulated = Set<Int32>()
        for r in d.behaviors where r.active {
            for l in r.layers where Int(l) < world.layers.count && !simulated.contains(l) && world.inTree(l) {
                simulated.insert(l)
                wanted.append(l)
            }
        }
        guard wanted.count <= DynamicsLimits.maxItems else {
            throw Dynamics.failure("the animator has \(wanted.count) items, more than \(DynamicsLimits.maxItems)", program)
        }
        for item in d.sim.items where !simulated.contains(Int32(truncatingIfNeeded: item.id)) {
            let l = Int32(truncatingIfNeeded: item.id)
            d.sim.removeItem(id: item.id)
            dynamicsRun.changed = true
            d.written[l] = nil
            d.poses[l] = nil
        }
        for l in wanted {
            let props = world.layers[Int(l)].props
            let state = WrittenState(props)
            if let current = d.sim.item(id: Int(l)) {
                if d.written[l] != state {
                    var moved = Dynamics.item(l, props, space)
                    moved.velocity = current.velocity
                    moved.angularVelocity = current.angularVelocity
                    d.sim.updateItem(moved)
                    dynamicsRun.changed = true
                    d.poses[l] = Dynamics.pose(of: props)
                }
            } else {
                d.sim.updateItem(Dynamics.item(l, props, space))
                dynamicsRun.changed = true
                d.poses[l] = Dynamics.pose(of: props)
            }
            d.written[l] = state
        }
        let (list, owners) = Dynamics.physicsBehaviors(d.behaviors, simulated: simulated, space)
        if list != d.sim.behaviors {
            d.sim.behaviors = list
            dynamicsRun.changed = true
            // an attachment without a length takes the distance when it is set; keep that length
            for (k, b) in d.sim.behaviors.enumerated() where k < owners.count {
                if case .attachment(_, _, _, let length?, _, _) = b, d.behaviors[owners[k]][.length] == .none {
                    d.behaviors[owners[k]].fields[Int(DynField.length.rawValue)] = .number(length)
                }
            }
        }
        d.owners = owners
    }

    /// Schedules the contact handlers for `events` (which happened in the step just run); true when
    /// some handler listens.
    func deliverContacts(_ events: [ContactEvent], _ d: DynamicsState) -> Bool {
        var any = false
        let space = dynamicsSpace
        for e in events {
            var owners: [Int] = []
            switch e.partner {
            case .boundary(let k, _):
                if k >= 0, k < d.owners.count { owners = [d.owners[k]] }
            case .item(let other):
                for (k, b) in d.sim.behaviors.enumerated() where k < d.owners.count {
                    if case .collision(let items, _, true, _) = b, items.contains(e.item), items.contains(other) { owners.append(d.owners[k]) }
                }
            }
            let partner: Value
            if case .item(let other) = e.partner { partner = .layer(Int32(truncatingIfNeeded: other)) } else { partner = .layer(World.rootIndex) }
            let args: [Value] = [.layer(Int32(truncatingIfNeeded: e.item)), partner, .point(space.point(e.point))]
            for lis in dynamicsRun.listeners where lis.began == (e.phase == .began) && owners.contains(lis.behavior) {
                schedule(at: e.time, function: lis.function, args: args + lis.args, kind: .call)
                any = true
            }
        }
        return any
    }

    /// Advances the simulation to scene time `target` (an event's time or the end), keeping a
    /// checkpoint at each frame-grid point before it. Returns early, at the step, when a contact
    /// that some handler listens to began or ended there: its handlers are then scheduled.
    func advanceDynamics(to target: Double) throws(RuntimeError) {
        guard var d = world.dynamics else { return }
        world.dynamics = nil
        defer { world.dynamics = d }
        let listening = !dynamicsRun.listeners.isEmpty
        let fps = program.scene.fps
        let eps = AttachedAnimation.epsilon
        while true {
            let grid = Double(dynamicsRun.gridIndex * dynamicsRun.gridStride) / fps
            let stop = grid < target - eps ? grid : target
            let done = try Dynamics.advance(&d.sim, to: stop, stoppingAtContactEvents: listening,
                                            itemSteps: &dynamicsRun.itemSteps, budget: dynamicsRun.itemStepBudget, program: program)
            if listening, !d.sim.contactEvents.isEmpty, deliverContacts(d.sim.contactEvents, d) { return }
            if !done { continue }
            guard stop < target else { return }
            if dynamicsRun.checkpointItems + d.sim.items.count <= DynamicsLimits.maxCheckpointItems {
                dynamicsRun.checkpoints.append(Checkpoint(time: stop, sim: d.sim))
                dynamicsRun.checkpointItems += d.sim.items.count
            }
            dynamicsRun.gridIndex += 1
        }
    }

    /// The checkpoint of an event instant, after its events and the reconciliation. When they left
    /// the simulation as it was, none is needed: continuing an earlier copy gives the same bits (a
    /// scene with an `every frame` handler would otherwise copy the simulation at every frame).
    func recordDynamicsCheckpoint() {
        guard let d = world.dynamics, dynamicsRun.changed || dynamicsRun.checkpoints.isEmpty else { return }
        let eps = AttachedAnimation.epsilon
        let fps = program.scene.fps
        while Double(dynamicsRun.gridIndex * dynamicsRun.gridStride) / fps <= now + eps { dynamicsRun.gridIndex += 1 }
        dynamicsRun.checkpointItems += d.sim.items.count
        if let last = dynamicsRun.checkpoints.last, abs(last.time - now) <= eps {
            dynamicsRun.checkpointItems -= last.sim.items.count
            dynamicsRun.checkpoints[dynamicsRun.checkpoints.count - 1] = Checkpoint(time: now, sim: d.sim)
        } else {
            dynamicsRun.checkpoints.append(Checkpoint(time: now, sim: d.sim))
        }
    }
}
