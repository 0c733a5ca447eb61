// The particles alive at an instant, as a pure function of (configuration history, t): no state is
// carried from frame to frame, so frame i never depends on frame i − 1 (SPEC §4.12) and frames can
// be computed in parallel and in any order.
// Births are evenly spaced: a cell emitting at rate r since time s has particle k born when the
// integral of its rate since s reaches k (t_k = s + k/r for a constant rate), so the births that can
// matter at t — those within the cell's horizon of t — are found by arithmetic, not by stepping
// through the past. Each candidate's values come from its key (Random.swift); a parent's children
// are enumerated the same way inside its emission window. Work is bounded twice: the plan's
// thinning keeps the enumeration bound under the particle cap, and a hard counter stops the rare
// configuration history whose segments together exceed it (and says so in `truncated`).

import CalcCore

/// One particle at one instant, in the emitter layer's coordinates.
public struct Particle: Sendable, Hashable {
    /// Centre of the particle's image.
    public var position: Point
    /// Depth (emitterZPosition, cuboid and sphere shapes, latitude, zAcceleration): for ordering only.
    public var z: Double
    /// Scale of the image (at least 0).
    public var scale: Double
    /// Rotation in radians, the sense of `transform.rotation.z`.
    public var rotation: Double
    /// Colour to multiply into the image: straight alpha, every component clamped to 0...1.
    public var color: Color
    /// Index into `EmitterFrame.cells`: the cell this particle belongs to.
    public var cell: Int
    /// Seconds since birth (0 ≤ age < lifetime).
    public var age: Double
    /// This particle's lifetime in seconds.
    public var lifetime: Double
    /// When it was born, on the caller's clock.
    public var birthTime: Double
    /// A stable identity: the same particle has the same id in every frame it lives in.
    public var id: UInt64
}

/// What the renderer needs to know about a cell: which image to draw, and which part of it.
public struct EmitterCellInfo: Sendable, Hashable {
    /// Indices from the layer's `emitterCells` down to this cell.
    public var path: [Int]
    /// The cell's name.
    public var name: String
    /// The image name (nil: the particle is an invisible emitter and draws nothing).
    public var contents: String?
    /// The part of the image to draw, in unit coordinates.
    public var contentsRect: Rect
    /// How it is sampled (EmitterCell's filters).
    public var minificationFilter: TextureFilter = .linear
    public var magnificationFilter: TextureFilter = .linear
    public var minificationFilterBias: Double = 0
}

/// The particles of one emitter at one instant, with the cell table they refer to.
public struct EmitterFrame: Sendable {
    /// The instant sampled.
    public var time: Double
    /// Live particles in birth order (oldest first), ties in cell order.
    public var particles: [Particle]
    /// The cells `Particle.cell` indexes.
    public var cells: [EmitterCellInfo]
    /// The render mode in force at `time`.
    public var renderMode: EmitterRenderMode
    /// The factor birth rates were scaled by to respect `maxParticles` (1 when nothing was thinned).
    public var thinning: Double
    /// True when the hard work or particle bound cut the enumeration short.
    public var truncated: Bool
}

extension Emitter {
    /// The particles alive at `t` for an emitter emitting since `start` (layer-local seconds).
    public func frame(at t: Double, emittingSince start: Double = 0, limits: EmitterLimits = .standard) -> EmitterFrame {
        EmitterHistory(self, since: start).frame(at: t, limits: limits)
    }

    /// The particles alive at `t`, oldest first (see `frame(at:emittingSince:limits:)`).
    public func particles(at t: Double, emittingSince start: Double = 0, limits: EmitterLimits = .standard) -> [Particle] {
        frame(at: t, emittingSince: start, limits: limits).particles
    }

    /// Every cell in pre-order, as `EmitterFrame.cells` lists them for this emitter: for loading
    /// images before any frame is computed.
    public func flattenedCells(limits: EmitterLimits = .standard) -> [EmitterCellInfo] {
        Plan(self, limits: limits).infos
    }
}

/// The particles of `emitter` alive at `t` when it has been emitting since `start`, oldest first.
public func particles(_ emitter: Emitter, at t: Double, emittingSince start: Double = 0) -> [Particle] {
    emitter.particles(at: t, emittingSince: start)
}

extension EmitterHistory {
    /// The particles alive at `t`. Times must lie within ±1e9 s; otherwise, and before the first
    /// change, the frame is empty.
    public func frame(at t: Double, limits: EmitterLimits = .standard) -> EmitterFrame {
        var result = EmitterFrame(time: t, particles: [], cells: [], renderMode: changes.first?.emitter.renderMode ?? .unordered,
                                 thinning: 1, truncated: false)
        guard t.isFinite, abs(t) <= maxMagnitude, let first = changes.first, abs(first.time) <= maxMagnitude,
              t + timeEpsilon >= first.time else { return result }

        // The changes up to t as segments; consecutive changes with the same cells share one plan,
        // and the cell table is deduplicated so that unchanged cells keep their index.
        var plans: [Plan] = []
        var tables: [[Int]] = []
        var segments: [Segment] = []
        var tableIndex: [EmitterCellInfo: Int] = [:]
        var cells: [EmitterCellInfo] = []
        var thinning = 1.0
        for i in changes.indices where changes[i].time <= t + timeEpsilon {
            let e = changes[i].emitter
            let end = i + 1 < changes.count ? changes[i + 1].time : .infinity
            if i > 0, !plans.isEmpty, Plan.sameCells(changes[i - 1].emitter, e) {
                segments.append(Segment(geometry: Geometry(e), plan: plans.count - 1, start: changes[i].time, end: end))
                continue
            }
            let plan = Plan(e, limits: limits)
            var table: [Int] = []
            for info in plan.infos {
                if let j = tableIndex[info] { table.append(j); continue }
                tableIndex[info] = cells.count
                table.append(cells.count)
                cells.append(info)
            }
            thinning = min(thinning, plan.thinning)
            plans.append(plan)
            tables.append(table)
            segments.append(Segment(geometry: Geometry(e), plan: plans.count - 1, start: changes[i].time, end: end))
        }
        result.cells = cells
        result.thinning = thinning
        result.renderMode = segments.last?.geometry.renderMode ?? .unordered

        var walk = Walk(t: t, maxParticles: max(0, limits.maxParticles),
                        expected: plans.last.map { Plan.workBound($0, factor: 1) } ?? 0)
        let start = first.time
        let rootCount = plans.reduce(0) { max($0, $1.roots.count) }
        roots: for ordinal in 0..<rootCount {
            // This top-level cell's node in each plan (nil where the plan has fewer cells).
            let rootNodes: [CellNode?] = plans.map { ordinal < $0.roots.count ? $0.nodes[$0.roots[ordinal]] : nil }
            var cum = 0.0   // births (as a real count) of this top-level cell before the segment
            for seg in segments {
                guard let node = rootNodes[seg.plan], node.emits else { continue }
                let windowEnd = start + node.winEnd
                let alpha = max(seg.start, start + node.winStart)
                let beta = min(seg.end, windowEnd)
                guard beta > alpha else { continue }
                let rho = node.rate
                // A birth exactly at the window's end is outside it (within ε), as for sub-cells.
                let cumEnd = beta.isFinite ? cum + rho * (beta - alpha - (windowEnd <= seg.end ? timeEpsilon : 0)) : .infinity
                if alpha <= t + timeEpsilon {
                    let kLo = max(cum.rounded(.up), (cum + rho * (t - node.horizon - alpha)).rounded(.up))
                    var kHi = (cum + rho * (t + timeEpsilon - alpha)).rounded(.down)
                    if cumEnd.isFinite { kHi = min(kHi, cumEnd.rounded(.up) - 1) }
                    if kHi >= kLo {
                        let plan = plans[seg.plan], table = tables[seg.plan], root = plan.roots[ordinal]
                        let base = ParticleHash.combine(seg.geometry.seedKey, node.pathKey)
                        var k = index(kHi)
                        let lo = index(kLo)
                        while k >= lo {
                            let key = ParticleHash.combine(base, UInt64(k))
                            let birth = alpha + (Double(k) - cum) / rho
                            guard walk.visit(plan, table, root, key: key, birth: birth, age: t - birth,
                                             origin: seg.geometry.spawnPoint(key)) else { break roots }
                            k -= 1
                        }
                    }
                }
                guard cumEnd.isFinite else { break }
                cum = cumEnd
            }
        }

        result.truncated = walk.truncated
        result.particles = walk.finish()
        return result
    }
}

/// The time span over which one configuration was in force, and the plan of its cells.
private struct Segment {
    var geometry: Geometry
    var plan: Int
    var start: Double, end: Double
}

/// A whole index from an integral Double, clamped to 0...2⁵³ (NaN gives 0).
@inline(__always)
private func index(_ x: Double) -> Int {
    guard x > 0 else { return 0 }
    return x < 0x1p53 ? Int(x) : 1 << 53
}

/// The enumeration of one instant: collects live particles under the hard bounds.
private struct Walk {
    let t: Double
    let maxParticles: Int
    let maxWork: Int
    var work = 0
    var truncated = false
    var out: [Particle] = []

    init(t: Double, maxParticles: Int, expected: Double) {
        self.t = t
        self.maxParticles = maxParticles
        self.maxWork = 4 * maxParticles + 1024
        out.reserveCapacity(expected > 0 ? Int(min(Double(maxParticles), expected)) : 0)
    }

    /// Looks at one born particle (alive or not at t) and the children it emitted; false once a
    /// hard bound is reached.
    mutating func visit(_ plan: Plan, _ table: [Int], _ n: Int, key: UInt64, birth: Double, age: Double,
                        origin: Vec3) -> Bool {
        work += 1
        if work > maxWork { truncated = true; return false }
        let node = plan.nodes[n]
        let life = node.lifetime(key)
        let alive = age >= -timeEpsilon && age < life - timeEpsilon
        let kids = plan.children[n]
        guard alive || !kids.isEmpty else { return true }
        let kin = node.kinematics(key, origin: origin)
        if alive {
            if out.count >= maxParticles { truncated = true; return false }
            out.append(node.particle(key, kin: kin, age: max(0, age), life: life, birth: birth, cell: table[n]))
        }
        for c in kids {
            let child = plan.nodes[c]
            let end = Plan.windowEnd(child, parentLife: life)
            guard child.winStart < end else { continue }
            let rho = child.rate
            let sinceOpen = age - child.winStart            // t relative to the window's opening
            var jHi = ((sinceOpen + timeEpsilon) * rho).rounded(.down)
            jHi = min(jHi, ((end - child.winStart - timeEpsilon) * rho).rounded(.up) - 1)
            let jLo = max(0, ((sinceOpen - child.horizon) * rho).rounded(.up))
            guard jHi >= jLo else { continue }
            let base = ParticleHash.combine(ParticleHash.combine(key, ParticleHash.Param.child.rawValue), UInt64(child.ordinal))
            var j = index(jHi)
            let lo = index(jLo)
            while j >= lo {
                let offset = child.winStart + Double(j) / rho   // birth, relative to the parent's
                let childKey = ParticleHash.combine(base, UInt64(j))
                guard visit(plan, table, c, key: childKey, birth: birth + offset, age: age - offset,
                            origin: kin.position(at: offset)) else { return false }
                j -= 1
            }
        }
        return true
    }

    /// The collected particles in birth order, then cell order, then id (so the order never
    /// depends on the enumeration); leaves the walk empty.
    mutating func finish() -> [Particle] {
        func before(_ a: Particle, _ b: Particle) -> Bool {
            if a.birthTime != b.birthTime { return a.birthTime < b.birthTime }
            if a.cell != b.cell { return a.cell < b.cell }
            return a.id < b.id
        }
        var list: [Particle] = []
        swap(&list, &out)
        // Roots are enumerated youngest first, so one cell's stream is already sorted backwards:
        // reversing and checking is linear, where a sort of 80 000 particles takes milliseconds.
        list.reverse()
        for i in list.indices.dropFirst() where !before(list[i - 1], list[i]) {
            list.sort(by: before)
            break
        }
        return list
    }
}
