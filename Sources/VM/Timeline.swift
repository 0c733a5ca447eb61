// The timeline: runs a program's main function and its scheduled events in time order (a discrete
// event simulation), keeping a snapshot of the world after each instant at which events ran. The
// presentation tree at time t is then a pure function of the latest snapshot at or before t, so
// frames can be rendered in parallel and in any order with identical results.

import CalcCore
import Bytecode

public final class Timeline: Sendable {
    public let scene: SceneInfo
    let times: [Double]
    let worlds: [World]

    init(scene: SceneInfo, times: [Double], worlds: [World]) {
        self.scene = scene
        self.times = times
        self.worlds = worlds
    }

    /// Executes `program` (which must have passed the verifier) from time 0 through `endTime`.
    public static func run(_ program: Program, until endTime: Double) throws(RuntimeError) -> Timeline {
        let m = Machine(program: program)
        m.now = 0
        try m.runHandler(0)
        var times = [0.0]
        var worlds = [m.world]
        while true {
            m.events.sort { ($0.time, $0.seq) < ($1.time, $1.seq) }
            guard let next = m.events.first, next.time <= endTime + AttachedAnimation.epsilon else { break }
            m.now = next.time
            m.pruneFinished()
            // every event at this instant (including ones scheduled for it while running)
            while let e = m.events.first, abs(e.time - next.time) <= AttachedAnimation.epsilon {
                m.events.removeFirst()
                try m.runHandler(e.function)
                m.events.sort { ($0.time, $0.seq) < ($1.time, $1.seq) }
            }
            if times.last == next.time { worlds[worlds.count - 1] = m.world } else {
                times.append(next.time)
                worlds.append(m.world)
            }
        }
        return Timeline(scene: program.scene, times: times, worlds: worlds)
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

    /// The presentation tree at scene time `t` (model values with animations applied).
    public func presentation(at t: Double) -> PresentationScene {
        let w = world(at: t)
        let root = w.presentationLayer(World.rootIndex, parentTime: t)
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
