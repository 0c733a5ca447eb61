// A configuration made safe and flat before any particle is computed: every number is clamped
// (NaN to its default, rates and lifetimes to 0...1e6, everything else to ±1e9), the layer's
// multipliers are folded into each cell, the cell tree is flattened in pre-order (capped in depth
// and count), and each cell gets its horizon — how long after its own birth it or a descendant can
// still be alive — which bounds the births any instant has to look at.
// The same plan decides the thinning factor: an upper bound on the particles any instant can
// enumerate is computed from the configuration alone, and if it exceeds the particle cap every
// birth rate is scaled by one factor. It depends on nothing but the configuration, so a thinned
// system is still frame-stable: no particle appears in one frame and vanishes in the next.

import CalcCore

/// Boundaries closer than this are equal (SPEC §4.12: 6 × 0.05 s is 0.3 s).
let timeEpsilon = 1e-9
/// Birth rates (after the layer's multiplier) and lifetimes are clamped to this.
let maxRateOrLifetime = 1e6
/// Every other magnitude is clamped to ±this.
let maxMagnitude = 1e9

@inline(__always)
func clamped(_ x: Double, _ lo: Double, _ hi: Double, nan: Double = 0) -> Double {
    x.isNaN ? nan : min(max(x, lo), hi)
}

@inline(__always)
func clampedMagnitude(_ x: Double, nan: Double = 0) -> Double { clamped(x, -maxMagnitude, maxMagnitude, nan: nan) }

struct Vec3: Sendable {
    var x: Double, y: Double, z: Double
    static let zero = Vec3(x: 0, y: 0, z: 0)
}

/// One cell, sanitised, with the layer's multipliers applied. Plain numbers only (the tree and the
/// names live in `Plan`), so the hot loop copies it without reference counting.
struct CellNode: Sendable {
    var ordinal: Int            // index among its parent's cells (or the layer's)
    var pathKey: UInt64

    var rate: Double            // births per second, after the layer multiplier and thinning
    var lifeMean: Double, lifeRange: Double, lifeMax: Double
    var velMean: Double, velRange: Double
    var dir: Vec3               // emission direction (unit)
    var e1: Vec3, e2: Vec3      // orthonormal basis around it
    var oneMinusCosHalf: Double // 1 − cos(half apex angle)
    var acc: Vec3
    var scaleMul: Double, scaleMean: Double, scaleRange: Double, scaleSpeed: Double
    var spinMean: Double, spinRange: Double
    var color: (Double, Double, Double, Double)
    var colorRange: (Double, Double, Double, Double)
    var colorSpeed: (Double, Double, Double, Double)
    var winStart: Double, winEnd: Double   // emission window, relative to the parent's birth
    var horizon: Double = 0

    /// Whether particles of this cell can ever be born in a parent's (or the layer's) window.
    var emits: Bool { rate > 0 && horizon > 0 }
}

/// Where and how an emitter spawns: the part of a configuration that may change every frame
/// (an animated emitterPosition) without touching the cells. Plain values, cheap to copy.
struct Geometry: Sendable {
    var seedKey: UInt64
    var position: Vec3
    var size: (w: Double, h: Double, d: Double)
    var shape: EmitterShape
    var mode: EmitterMode
    var renderMode: EmitterRenderMode

    init(_ e: Emitter) {
        seedKey = ParticleHash.seedKey(e.seed)
        position = Vec3(x: clampedMagnitude(e.emitterPosition.x), y: clampedMagnitude(e.emitterPosition.y),
                        z: clampedMagnitude(e.emitterZPosition))
        size = (abs(clampedMagnitude(e.emitterSize.width)), abs(clampedMagnitude(e.emitterSize.height)),
                abs(clampedMagnitude(e.emitterDepth)))
        shape = e.emitterShape
        mode = e.emitterMode
        renderMode = e.renderMode
    }
}

/// The sanitised, flattened cell tree of an emitter, with the layer's multipliers folded in. A
/// history whose changes leave the cells and multipliers alone shares one plan (10 000 changes of
/// emitterPosition cost 37 ms a frame when each rebuilt its plan).
struct Plan: Sendable {
    var nodes: [CellNode] = []
    var infos: [EmitterCellInfo] = []   // per node
    var children: [[Int]] = []          // per node: its sub-cells that can emit, in order
    var roots: [Int] = []               // node index of each top-level cell, by ordinal
    var thinning: Double = 1

    /// Whether `a` and `b` have the same plan (cells and multipliers; geometry may differ).
    static func sameCells(_ a: Emitter, _ b: Emitter) -> Bool {
        a.birthRate == b.birthRate && a.lifetime == b.lifetime && a.velocity == b.velocity && a.scale == b.scale
            && a.spin == b.spin && a.emitterCells == b.emitterCells
    }

    init(_ e: Emitter, limits: EmitterLimits) {
        let layer = Multipliers(e)
        let maxDepth = min(max(1, limits.maxDepth), 16)
        let maxCells = max(1, limits.maxCells)
        for (i, cell) in e.emitterCells.enumerated() {
            guard nodes.count < maxCells else { break }
            roots.append(add(cell, path: [i], parentKey: 0x7E11_7E11, layer: layer, depth: 1,
                             maxDepth: maxDepth, maxCells: maxCells))
        }
        computeHorizons()
        thinning = Plan.thinningFactor(self, maxParticles: max(0, limits.maxParticles))
        if thinning < 1 { for i in nodes.indices { nodes[i].rate *= thinning } }
    }

    private struct Multipliers {
        var birthRate, lifetime, velocity, scale, spin: Double
        init(_ e: Emitter) {
            birthRate = clamped(e.birthRate, 0, maxRateOrLifetime)
            lifetime = clamped(e.lifetime, 0, maxRateOrLifetime)
            velocity = clamped(e.velocity, -maxRateOrLifetime, maxRateOrLifetime)
            scale = clamped(e.scale, -maxRateOrLifetime, maxRateOrLifetime)
            spin = clamped(e.spin, -maxRateOrLifetime, maxRateOrLifetime)
        }
    }

    /// Appends `cell` and (depth and count permitting) its sub-cells in pre-order; returns its index.
    private mutating func add(_ c: EmitterCell, path: [Int], parentKey: UInt64, layer: Multipliers,
                              depth: Int, maxDepth: Int, maxCells: Int) -> Int {
        let lat = clampedMagnitude(c.emissionLatitude), lon = clampedMagnitude(c.emissionLongitude)
        let (sLat, cLat) = StableMath.sinCos(lat), (sLon, cLon) = StableMath.sinCos(lon)
        let half = min(abs(clampedMagnitude(c.emissionRange)) / 2, Double.pi)
        let sHalfHalf = StableMath.sin(half / 2)
        let lifeMean = clamped(c.lifetime, 0, maxRateOrLifetime) * layer.lifetime
        let lifeRange = abs(clamped(c.lifetimeRange, -maxRateOrLifetime, maxRateOrLifetime)) * layer.lifetime
        let begin = clamped(c.beginTime, 0, maxRateOrLifetime)
        let dur = clamped(c.duration, 0, maxRateOrLifetime)
        let pathKey = ParticleHash.combine(parentKey, UInt64(path[path.count - 1]))
        func mag(_ x: Double) -> Double { clampedMagnitude(x) }
        func channel(_ x: Double) -> Double { clamped(x, 0, 1) }
        let node = CellNode(
            ordinal: path[path.count - 1], pathKey: pathKey,
            rate: c.isEnabled ? min(clamped(c.birthRate, 0, maxRateOrLifetime) * layer.birthRate, maxRateOrLifetime) : 0,
            lifeMean: lifeMean, lifeRange: lifeRange, lifeMax: lifeMean + lifeRange,
            velMean: mag(c.velocity) * layer.velocity, velRange: mag(c.velocityRange) * layer.velocity,
            dir: Vec3(x: cLat * cLon, y: cLat * sLon, z: sLat),
            e1: Vec3(x: -sLon, y: cLon, z: 0),
            e2: Vec3(x: -sLat * cLon, y: -sLat * sLon, z: cLat),
            oneMinusCosHalf: 2 * sHalfHalf * sHalfHalf,
            acc: Vec3(x: mag(c.xAcceleration), y: mag(c.yAcceleration), z: mag(c.zAcceleration)),
            scaleMul: layer.scale, scaleMean: mag(c.scale), scaleRange: mag(c.scaleRange), scaleSpeed: mag(c.scaleSpeed),
            spinMean: mag(c.spin) * layer.spin, spinRange: mag(c.spinRange) * layer.spin,
            color: (channel(c.color.r), channel(c.color.g), channel(c.color.b), channel(c.color.a)),
            colorRange: (mag(c.redRange), mag(c.greenRange), mag(c.blueRange), mag(c.alphaRange)),
            colorSpeed: (mag(c.redSpeed), mag(c.greenSpeed), mag(c.blueSpeed), mag(c.alphaSpeed)),
            winStart: begin, winEnd: dur > 0 ? dur : .infinity)
        let index = nodes.count
        nodes.append(node)
        infos.append(EmitterCellInfo(path: path, name: c.name, contents: c.contents, contentsRect: c.contentsRect,
                                     minificationFilter: c.minificationFilter, magnificationFilter: c.magnificationFilter,
                                     minificationFilterBias: c.minificationFilterBias))
        children.append([])
        if depth < maxDepth {
            var kids: [Int] = []
            for (i, sub) in c.emitterCells.enumerated() {
                guard nodes.count < maxCells else { break }
                kids.append(add(sub, path: path + [i], parentKey: pathKey, layer: layer, depth: depth + 1,
                                maxDepth: maxDepth, maxCells: maxCells))
            }
            children[index] = kids
        }
        return index
    }

    /// The end of a child's emission window relative to its parent's birth: its `duration`, cut
    /// at the parent's death. The window is empty unless `winStart` is below it.
    @inline(__always)
    static func windowEnd(_ child: CellNode, parentLife: Double) -> Double { min(child.winEnd, parentLife) }

    /// Horizons bottom-up: pre-order puts every child after its parent.
    private mutating func computeHorizons() {
        for i in nodes.indices.reversed() {
            guard nodes[i].rate > 0, nodes[i].lifeMax > 0 else { nodes[i].horizon = 0; continue }
            var h = nodes[i].lifeMax
            for c in children[i] where nodes[c].emits {
                let end = Plan.windowEnd(nodes[c], parentLife: nodes[i].lifeMax)
                if nodes[c].winStart < end { h = max(h, end + nodes[c].horizon) }
            }
            nodes[i].horizon = h
        }
        for i in children.indices { children[i] = children[i].filter { nodes[$0].emits } }
    }

    /// An upper bound on the particles one instant enumerates when every rate is scaled by `f`.
    /// A root is looked at if born within its horizon of t: at most rate·horizon + 1 of them. Each
    /// looks at the children born in its window within the child's horizon of t, and so on down.
    static func workBound(_ plan: Plan, factor f: Double) -> Double {
        var sub = [Double](repeating: 1, count: plan.nodes.count)
        for i in plan.nodes.indices.reversed() {
            var w = 1.0
            for c in plan.children[i] {
                let child = plan.nodes[c]
                let span = min(Plan.windowEnd(child, parentLife: plan.nodes[i].lifeMax) - child.winStart, child.horizon)
                if span > 0 { w += (child.rate * f * span + 1) * sub[c] }
            }
            sub[i] = w
        }
        var total = 0.0
        for r in plan.roots where plan.nodes[r].emits {
            total += (plan.nodes[r].rate * f * plan.nodes[r].horizon + 1) * sub[r]
        }
        return total
    }

    /// The largest factor in (0, 1] (to within a part in 10⁹, found by bisection in log space) whose
    /// bound stays within `maxParticles`; 1 when the configuration is within the cap as it is.
    static func thinningFactor(_ plan: Plan, maxParticles: Int) -> Double {
        let cap = Double(maxParticles)
        if workBound(plan, factor: 1) <= cap { return 1 }
        var lo = 1e-30, hi = 1.0
        if workBound(plan, factor: lo) > cap { return lo }
        for _ in 0..<120 where hi - lo > 1e-9 * hi {
            let mid = (lo * hi).squareRoot()
            if workBound(plan, factor: mid) <= cap { lo = mid } else { hi = mid }
        }
        return lo
    }
}
