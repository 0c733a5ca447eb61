// The timeline: runs a program's main function and its scheduled events in time order (a discrete
// event simulation), keeping a snapshot of the world after each instant at which events ran. The
// presentation tree at time t is then a pure function of the latest snapshot at or before t, so
// frames can be rendered in parallel and in any order with identical results. Per-frame handlers
// run at every frame time of the scene (at its fps), whichever frames are rendered. With a dynamics
// animator the run also advances the physics simulation between events and keeps copies of it
// (checkpoints) that frames advance from (Dynamics.swift).

import CalcCore
import Bytecode
import TextLayout

public final class Timeline: Sendable {
    public let scene: SceneInfo
    let image: Image
    let times: [Double]
    let worlds: [World]
    /// Emitter layers' configuration histories, built once from the snapshots (Emitter.swift).
    let emitters: EmitterTracks
    /// Copies of the dynamics simulation, in time order: one per event instant, and frame-grid
    /// points between them. Empty without dynamics.
    let checkpoints: [Checkpoint]
    /// What the handlers' `print(…)` wrote, in the order they ran (draw blocks print per frame:
    /// `PresentationScene.printed`).
    public let printed: [PrintedLine]
    /// Each snapshot's prebuilt presentation layers, made when frames reuse it (Templates.swift).
    let templateCache = TemplateCache()

    init(image: Image, times: [Double], worlds: [World], emitters: EmitterTracks? = nil, checkpoints: [Checkpoint] = [],
         printed: [PrintedLine] = []) {
        self.printed = printed
        self.scene = image.program.scene
        self.image = image
        self.times = times
        self.worlds = worlds
        self.emitters = emitters ?? EmitterTracks(keys: EmitterKeys(image.table))
        self.checkpoints = checkpoints
    }

    /// Executes `verified` (only the verifier makes one) from time 0 through `endTime`.
    /// `stepBudget` bounds each handler's instructions, `physicsBudget` the item-steps of the
    /// dynamics simulation (docs/semantics.md, "Dynamics"); `text` measures text layers (the driver
    /// passes the service its Painter draws with).
    public static func run(_ verified: VerifiedProgram, until endTime: Double, stepBudget: Int = Limits.stepBudget,
                           physicsBudget: Int = DynamicsLimits.maxItemSteps,
                           snapshotBudget: Int = Limits.maxSnapshotBytes, eventBudget: Int = Limits.maxEventsFired,
                           heap: HeapLimits = .standard,
                           text: TextMeasure = .shared) throws(RuntimeError) -> Timeline {
        let program = verified.program
        // the globals are made before anything runs: a .calb of a few bytes may declare millions
        let globalBytes = Int(program.globalCount) * MemoryLayout<Value>.stride
        guard globalBytes <= heap.budget else {
            throw RuntimeError(message: "the program's \(program.globalCount) global variables take about \((globalBytes + (1 << 20) - 1) >> 20) MiB, more than the memory limit of \(HeapLimits.mebibytes(heap.budget)) (raise it with --memory-limit)",
                               function: "main", line: 0)
        }
        let m = Machine(program: verified, text: text)
        m.stepBudget = stepBudget
        m.heap = heap
        m.dynamicsRun.itemStepBudget = physicsBudget
        m.now = 0
        try m.runHandler(0, args: [])
        let dynamic = m.world.dynamics != nil
        if dynamic {
            try Dynamics.checkDuration(endTime, step: m.world.dynamics?.sim.step ?? 1.0 / 240, program: program)
            let frames = max(1, Int((max(0, endTime) * m.program.scene.fps).rounded(.up)))
            m.dynamicsRun.gridStride = max(1, (frames + DynamicsLimits.maxGridCheckpoints - 1) / DynamicsLimits.maxGridCheckpoints)
            try m.syncDynamics()
            m.recordDynamicsCheckpoint()
        }
        var times = [0.0]
        var worlds = [m.world]
        let eps = AttachedAnimation.epsilon
        var fired = 0, snapshotBytes = 0
        var meter = SnapshotMeter()
        _ = meter.bytes(of: m.world)   // the world at 0 s: what later snapshots share with it is not counted again
        while true {
            if dynamic {
                // physics up to the next event (contacts with handlers become events on the way)
                let upcoming = m.events.first?.time ?? endTime
                try m.advanceDynamics(to: min(upcoming, endTime))
            }
            guard let next = m.events.first, next.time <= endTime + eps else { break }
            m.now = next.time
            if dynamic { m.writeDynamicsPoses() }
            m.pruneFinished()
            // every event at this instant, including ones scheduled for it while running
            while let first = m.events.first, abs(first.time - next.time) <= eps, let e = m.events.popFirst() {
                fired += 1
                if fired > eventBudget {
                    throw tooMany("more than \(eventBudget) event handlers ran in the timeline", e, m)
                }
                try fire(e, m, endTime: endTime)
            }
            if dynamic {
                try m.syncDynamics()
                m.recordDynamicsCheckpoint()
            }
            if times.last == next.time { worlds[worlds.count - 1] = m.world } else {
                snapshotBytes += meter.bytes(of: m.world)
                guard snapshotBytes <= snapshotBudget else {
                    throw tooMany("events ran at \(times.count) instants of the timeline before \(Self.format(next.time)) s, "
                                  + "and the world kept for each would take more than \(Self.megabytes(snapshotBudget)) "
                                  + "(is an 'every' interval far shorter than a frame?)", nil, m)
                }
                times.append(next.time)
                worlds.append(m.world)
            }
        }
        let emitters = try EmitterTracks.build(image: m.image, times: times, worlds: worlds, endTime: endTime)
        return Timeline(image: m.image, times: times, worlds: worlds, emitters: emitters, checkpoints: m.dynamicsRun.checkpoints,
                        printed: m.printed)
    }

    /// The error for a timeline that runs too many events, naming the handler of `e` (or of the
    /// last event that ran) and the line it starts on.
    static func tooMany(_ message: String, _ e: ScheduledEvent?, _ m: Machine) -> RuntimeError {
        let index = e?.function ?? m.lastFired
        guard index >= 0, index < m.program.functions.count else { return RuntimeError(message: message, function: "", line: -1) }
        let f = m.program.functions[index]
        return RuntimeError(message: message, function: f.name, line: Int(f.lines.first ?? 0))
    }

    static func megabytes(_ n: Int) -> String { n >= 1 << 30 ? "\(n >> 30) GiB" : "\(n >> 20) MiB" }

    static func format(_ t: Double) -> String {
        let r = (t * 1e6).rounded() / 1e6
        return r == r.rounded() ? String(Int(r)) : String(r)
    }

    static func fire(_ e: ScheduledEvent, _ m: Machine, endTime: Double) throws(RuntimeError) {
        m.lastFired = e.function
        switch e.kind {
        case .call:
            try m.runHandler(e.function, args: e.args)
        case .every(let start, let interval, let until, let count):
            try m.runHandler(e.function, args: e.args)
            let next = start + Double(count + 1) * interval
            if next <= until + AttachedAnimation.epsilon {
                m.schedule(at: next, function: e.function, args: e.args,
                           kind: .every(start: start, interval: interval, until: until, count: count + 1))
            }
        case .frame(let index):
            try m.runHandler(e.function, args: e.args)
            m.schedule(at: Double(index + 1) / m.program.scene.fps, function: e.function, args: e.args, kind: .frame(index: index + 1))
        case .completionCheck(let id):
            if let run = m.completionDue(id) { try m.runHandler(run.function, args: run.args) }
        case .stopCheck(let layer, let id):
            guard let a = m.attached(layer, id: id) else { return }   // removed: told at removal
            if m.hasEnded(a, on: layer) {
                if a.object.removedOnCompletion {
                    m.world.layers[Int(layer)].animations.removeAll { $0.id == id }
                }
                try m.runHandler(e.function, args: [.bool(true)] + e.args)
            } else if let t = m.endTime(layer: layer, id: id), t > m.now {
                // the layer's timing changed since the check was scheduled
                m.schedule(at: t, function: e.function, args: e.args, kind: e.kind)
            }
        }
    }

    func world(at t: Double) -> World { worlds[worldIndex(at: t)] }

    /// The index of the last snapshot whose time is ≤ t (within the epsilon).
    func worldIndex(at t: Double) -> Int {
        var lo = 0, hi = times.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if times[mid] <= t + AttachedAnimation.epsilon { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The latest checkpoint whose time is ≤ t (within the epsilon).
    func checkpoint(at t: Double) -> Checkpoint? {
        guard let first = checkpoints.first, first.time <= t + AttachedAnimation.epsilon else { return nil }
        var lo = 0, hi = checkpoints.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if checkpoints[mid].time <= t + AttachedAnimation.epsilon { lo = mid } else { hi = mid - 1 }
        }
        return checkpoints[lo]
    }

    /// Where the dynamics animator has its items at scene time `t`: a copy of the latest checkpoint
    /// advanced to t, so the result is that of one sequential run whatever frames came before.
    func poses(at t: Double, in w: World) throws(RuntimeError) -> [Int32: Pose] {
        guard w.dynamics != nil, var sim = checkpoint(at: t)?.sim else { return [:] }
        var work = 0
        _ = try Dynamics.advance(&sim, to: t, itemSteps: &work, program: image.program)
        return Dynamics.poses(sim, DynamicsSpace(scene))
    }

    /// The presentation tree at scene time `t` (model values, bound expressions, animations, physics).
    public func presentation(at t: Double) throws(RuntimeError) -> PresentationScene {
        try presentation(at: t, usingTemplates: true)
    }

    /// `presentation(at:)`; without templates every layer is built from its values (the check
    /// that both ways make the same tree: PresentationTemplateTests).
    func presentation(at t: Double, usingTemplates: Bool) throws(RuntimeError) -> PresentationScene {
        let index = worldIndex(at: t)
        var w = worlds[index]
        let poses = try poses(at: t, in: w)
        if !poses.isEmpty { Dynamics.showPoses(poses, in: &w) }
        // (a world the poses changed is not the snapshot its templates were made from)
        let templates = poses.isEmpty && usingTemplates ? templateCache.templates(index, image: image, world: w) : nil
        let presenter = Presenter(image: image, world: w, emitters: emitters, poses: poses, templates: templates)
        let root = try presenter.presentationLayer(World.rootIndex, parentTime: t, sceneTime: t)
        var out = PresentationScene(size: scene.size, scale: scene.scale, background: scene.background,
                                    origin: scene.origin, root: root)
        out.printed = presenter.printLog.lines
        return out
    }

    /// Frame `i` is sampled at i / fps (SPEC §4.12).
    public func frameTime(_ i: Int) -> Double { Double(i) / scene.fps }

    /// ceil(duration × fps) frames, comparing with the time epsilon so 0.3 s at 20 fps is 6 frames.
    public static func frameCount(_ scene: SceneInfo) -> Int {
        let x = scene.duration * scene.fps
        let r = x.rounded()
        if abs(x - r) < 1e-9 * max(1, scene.fps) { return Int(r) }
        return Int(x.rounded(.up))
    }
}
