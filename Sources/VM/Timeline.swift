// The timeline: runs a program's main function and its scheduled events in time order (a discrete
// event simulation), keeping a snapshot of the world after each instant at which events ran. The
// presentation tree at time t is then a pure function of the latest snapshot at or before t, so
// frames can be rendered in parallel and in any order with identical results. Per-frame handlers
// run at every frame time of the scene (at its fps), whichever frames are rendered.

import CalcCore
import Bytecode

public final class Timeline: Sendable {
    public let scene: SceneInfo
    let image: Image
    let times: [Double]
    let worlds: [World]
    /// Emitter layers' configuration histories, built once from the snapshots (Emitter.swift).
    let emitters: EmitterTracks

    init(image: Image, times: [Double], worlds: [World], emitters: EmitterTracks? = nil) {
        self.scene = image.program.scene
        self.image = image
        self.times = times
        self.worlds = worlds
        self.emitters = emitters ?? EmitterTracks(keys: EmitterKeys(image.table))
    }

    /// Executes `program` (which must have passed the verifier) from time 0 through `endTime`.
    public static func run(_ program: Program, until endTime: Double, stepBudget: Int = Limits.stepBudget) throws(RuntimeError) -> Timeline {
        let m = Machine(program: program)
        m.stepBudget = stepBudget
        m.now = 0
        try m.runHandler(0, args: [])
        var times = [0.0]
        var worlds = [m.world]
        let eps = AttachedAnimation.epsilon
        while true {
            guard let next = m.events.min(by: { ($0.time, $0.seq) < ($1.time, $1.seq) }), next.time <= endTime + eps else { break }
            m.now = next.time
            m.pruneFinished()
            // every event at this instant, including ones scheduled for it while running
            while let i = m.events.indices.min(by: { (m.events[$0].time, m.events[$0].seq) < (m.events[$1].time, m.events[$1].seq) }),
                  abs(m.events[i].time - next.time) <= eps {
                let e = m.events.remove(at: i)
                try fire(e, m, endTime: endTime)
            }
            if times.last == next.time { worlds[worlds.count - 1] = m.world } else {
                times.append(next.time)
                worlds.append(m.world)
            }
        }
        let emitters = try EmitterTracks.build(image: m.image, times: times, worlds: worlds, endTime: endTime)
        return Timeline(image: m.image, times: times, worlds: worlds, emitters: emitters)
    }

    static func fire(_ e: ScheduledEvent, _ m: Machine, endTime: Double) throws(RuntimeError) {
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
        case .stopCheck(let layer, let id):
            guard let a = m.attached(layer, id: id) else { return }   // removed: told at removal
            if a.isFinished(at: m.world.localTime(layer, at: m.now)) || {
                if case .after = a.phase(at: m.world.localTime(layer, at: m.now)) { return true }
                return false
            }() {
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

    func world(at t: Double) -> World {
        // last snapshot whose time is ≤ t (within the epsilon)
        var lo = 0, hi = times.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if times[mid] <= t + AttachedAnimation.epsilon { lo = mid } else { hi = mid - 1 }
        }
        return worlds[lo]
    }

    /// The presentation tree at scene time `t` (model values, bound expressions, animations).
    public func presentation(at t: Double) throws(RuntimeError) -> PresentationScene {
        let presenter = Presenter(image: image, world: world(at: t), emitters: emitters)
        let root = try presenter.presentationLayer(World.rootIndex, parentTime: t, sceneTime: t)
        return PresentationScene(size: scene.size, scale: scene.scale, background: scene.background,
                                 origin: scene.origin, root: root)
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
