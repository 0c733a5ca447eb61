// Emitter layers in the presentation tree: the particles alive at a frame's instant, computed by the
// Particles model (docs/particles.md) from the layer's configuration history.
//
// A layer's configuration at an instant is its presentation values (model, bound expressions,
// animations) of the CAEmitterLayer properties and of its cells' keys (`emitterCells.spark.…`,
// custom keys the compiler registered), read back into `Emitter`/`EmitterCell` values. Particles
// keep the configuration in force at their birth, so a frame needs the history, not just the
// present: after the timeline has run, the history of every emitter layer is built once from the
// world snapshots — one sample at every instant events ran, plus one at every frame time
// (i / fps) while an animation or a bound expression touches the emitter's values — and each
// frame then asks the model for its instant. A frame depends on the snapshots and its time only,
// never on another frame. Emission starts at the layer's local time 0, with the configuration the
// layer has when it joins the tree (Core Animation's rule: see docs/semantics.md, Emitters).
// Sampling at frame times rather than at every birth keeps both parts cheap (Benchmarks/emitter,
// release): ~1 000 live particles cost 0.11 ms a frame; with a cell property animated for 10 s at
// 30 fps the 285-sample history takes 1.8 ms to build once and 0.7 ms a frame to walk.

import CalcCore
import Bytecode
import Particles

/// Where an emitter's configuration lives among a layer's values, for one program.
struct EmitterKeys: Sendable {
    /// The properties of each cell path (`spark`, `spark.trail`) the program registered, with the
    /// slot that holds each.
    let byCell: [String: [(slot: Int, property: EmitterCellProperty)]]
    /// Every property id the configuration reads: CAEmitterLayer's and the cells' keys.
    let ids: [UInt16]

    init(_ table: PropertyTable) {
        var byCell: [String: [(slot: Int, property: EmitterCellProperty)]] = [:]
        var ids: [UInt16] = (LayerProperties.emitterPosition...LayerProperties.emitterCells).map { $0 }
        for (k, key) in table.custom.enumerated() {
            guard let (path, property) = EmitterCellKey.parse(key.name) else { continue }
            let id = LayerProperties.customBase + UInt16(k)
            byCell[EmitterCellKey.pathString(path), default: []].append((LayerProperties.slot(id), property))
            ids.append(id)
        }
        self.byCell = byCell
        self.ids = ids
    }

    /// Cells beyond this many in a layer's `emitterCells` are ignored (the model honours 256).
    static let maxListedCells = 4096

    /// The configuration a layer's values describe.
    func emitter(_ p: [Value]) -> Emitter {
        func n(_ id: UInt16, _ d: Double) -> Double { p[Int(id)].number ?? d }
        func e(_ id: UInt16) -> UInt8? { if case .enumCase(let c) = p[Int(id)] { return c } else { return nil } }
        var out = Emitter()
        out.emitterPosition = p[Int(LayerProperties.emitterPosition)].point ?? .zero
        out.emitterZPosition = n(LayerProperties.emitterZPosition, 0)
        out.emitterSize = p[Int(LayerProperties.emitterSize)].size ?? .zero
        out.emitterDepth = n(LayerProperties.emitterDepth, 0)
        out.emitterShape = e(LayerProperties.emitterShape).map { Int($0) }.flatMap { EmitterShape.allCases.indices.contains($0) ? EmitterShape.allCases[$0] : nil } ?? .point
        out.emitterMode = e(LayerProperties.emitterMode).map { Int($0) }.flatMap { EmitterMode.allCases.indices.contains($0) ? EmitterMode.allCases[$0] : nil } ?? .volume
        out.renderMode = e(LayerProperties.renderMode).map { Int($0) }.flatMap { EmitterRenderMode.allCases.indices.contains($0) ? EmitterRenderMode.allCases[$0] : nil } ?? .unordered
        out.birthRate = n(LayerProperties.birthRate, 1)
        out.lifetime = n(LayerProperties.lifetime, 1)
        out.velocity = n(LayerProperties.velocity, 1)
        out.scale = n(LayerProperties.scale, 1)
        out.spin = n(LayerProperties.spin, 1)
        let seed = n(LayerProperties.seed, 0)
        // CAEmitterLayer's seed is an unsigned int: whole numbers wrap as C's conversion would
        out.seed = seed.isFinite ? UInt32(truncatingIfNeeded: Int64(max(-0x1p62, min(0x1p62, seed.rounded(.towardZero))))) : 0

        // the cell tree: paths in pre-order, a cell's parent listed before it
        guard case .array(let listed) = p[Int(LayerProperties.emitterCells)], !listed.isEmpty else { return out }
        var cells: [EmitterCell] = []
        var children: [[Int]] = []
        var roots: [Int] = []
        var index: [String: Int] = [:]
        for case .string(let path) in listed.prefix(EmitterKeys.maxListedCells) where index[path] == nil {
            var cell = EmitterCell()
            let parent: Int?
            if let dot = path.lastIndex(of: ".") {
                guard let pi = index[String(path[..<dot])] else { continue }   // a parent must come first
                parent = pi
                cell.name = String(path[path.index(after: dot)...])
            } else {
                parent = nil
                cell.name = path
            }
            for (slot, property) in byCell[path] ?? [] where slot < p.count { EmitterKeys.apply(p[slot], property, to: &cell) }
            index[path] = cells.count
            if let parent { children[parent].append(cells.count) } else { roots.append(cells.count) }
            cells.append(cell)
            children.append([])
        }
        // children come after their parents, so building from the end finishes each cell's cells first
        for i in cells.indices.reversed() where !children[i].isEmpty {
            cells[i].emitterCells = children[i].map { cells[$0] }
        }
        out.emitterCells = roots.map { cells[$0] }
        return out
    }

    /// Sets one property of a cell from a value (values of another type leave the default: a .calb
    /// may come from anywhere).
    static func apply(_ v: Value, _ property: EmitterCellProperty, to c: inout EmitterCell) {
        switch (property, v) {
        case (.enabled, .bool(let b)): c.isEnabled = b
        case (.contents, .image(let name)): c.contents = name.isEmpty ? nil : name
        case (.contents, .none): c.contents = nil
        case (.contentsRect, .rect(let r)): c.contentsRect = r
        case (.color, .color(let col)): c.color = col
        case (.minificationFilter, .enumCase(let k)): c.minificationFilter = TextureFilter(rawValue: k) ?? .linear
        case (.magnificationFilter, .enumCase(let k)): c.magnificationFilter = TextureFilter(rawValue: k) ?? .linear
        case (_, .number(let x)):
            switch property {
            case .birthRate: c.birthRate = x
            case .lifetime: c.lifetime = x
            case .lifetimeRange: c.lifetimeRange = x
            case .velocity: c.velocity = x
            case .velocityRange: c.velocityRange = x
            case .emissionLatitude: c.emissionLatitude = x
            case .emissionLongitude: c.emissionLongitude = x
            case .emissionRange: c.emissionRange = x
            case .xAcceleration: c.xAcceleration = x
            case .yAcceleration: c.yAcceleration = x
            case .zAcceleration: c.zAcceleration = x
            case .scale: c.scale = x
            case .scaleRange: c.scaleRange = x
            case .scaleSpeed: c.scaleSpeed = x
            case .spin: c.spin = x
            case .spinRange: c.spinRange = x
            case .redRange: c.redRange = x
            case .greenRange: c.greenRange = x
            case .blueRange: c.blueRange = x
            case .alphaRange: c.alphaRange = x
            case .redSpeed: c.redSpeed = x
            case .greenSpeed: c.greenSpeed = x
            case .blueSpeed: c.blueSpeed = x
            case .alphaSpeed: c.alphaSpeed = x
            case .beginTime: c.beginTime = x
            case .duration: c.duration = x
            case .minificationFilterBias: c.minificationFilterBias = x
            case .enabled, .contents, .contentsRect, .color, .minificationFilter, .magnificationFilter: break
            }
        default: break
        }
    }
}

/// The configuration history of every emitter layer of a run, by layer index: built once after the
/// timeline has run, read by every frame.
struct EmitterTracks: Sendable {
    let keys: EmitterKeys
    var histories: [Int32: EmitterHistory] = [:]

    /// Samples of one emitter's configuration at most: past it the frame-time grid coarsens (a
    /// 100 000-frame scene animating an emitter throughout would otherwise cost 100 000 presenter
    /// evaluations to build and a history as long to walk in every frame).
    static let maxSamples = 20_000

    init(keys: EmitterKeys) { self.keys = keys }

    /// The histories of the emitter layers in `worlds` (one snapshot per instant events ran, at
    /// `times`), sampled up to `endTime`.
    static func build(image: Image, times: [Double], worlds: [World], endTime: Double) throws(RuntimeError) -> EmitterTracks {
        var tracks = EmitterTracks(keys: EmitterKeys(image.table))
        guard let last = worlds.last else { return tracks }
        let fps = image.program.scene.fps
        for l in last.layers.indices where last.layers[l].kind == .emitter {
            if let h = try history(of: Int32(l), image: image, keys: tracks.keys, times: times, worlds: worlds, endTime: endTime, fps: fps) {
                tracks.histories[Int32(l)] = h
            }
        }
        return tracks
    }

    static func history(of l: Int32, image: Image, keys: EmitterKeys, times: [Double], worlds: [World], endTime: Double,
                        fps: Double) throws(RuntimeError) -> EmitterHistory? {
        let eps = AttachedAnimation.epsilon
        // the instants to sample: snapshot times while the layer is in the tree, and the frame-time
        // grid through intervals in which its configuration moves by itself
        var intervals: [(j: Int, start: Double, end: Double, moving: Bool)] = []
        for j in worlds.indices where Int(l) < worlds[j].layers.count && worlds[j].inTree(l) {
            let start = times[j]
            let end = j + 1 < times.count ? times[j + 1] : max(start, endTime)
            intervals.append((j, start, end, moves(worlds[j].layers[Int(l)], keys)))
        }
        guard !intervals.isEmpty else { return nil }
        // grid points k × stride / fps: frame times, or every stride-th one past maxSamples
        let rate = fps > 0 && fps.isFinite ? fps : 30
        let gridCount = intervals.reduce(0.0) { $0 + ($1.moving ? ($1.end - $1.start) * rate : 0) }
        let stride = gridCount > Double(maxSamples) ? (gridCount / Double(maxSamples)).rounded(.up) : 1

        var history: EmitterHistory?
        var initial: Emitter?
        var lastTime = 0.0
        var lastEmitter: Emitter?
        func record(_ e: Emitter, at local: Double) {
            guard local.isFinite else { return }
            guard var h = history else {
                // emission starts at local time 0, with the configuration last seen at or before it
                if local <= eps { initial = e; return }
                var h = EmitterHistory(initial ?? e, since: 0)
                lastEmitter = initial ?? e
                if e != lastEmitter { h.set(e, at: local); lastEmitter = e; lastTime = local }
                history = h
                return
            }
            // a clock running backwards (a smaller timeOffset) does not rewrite the past
            guard local >= lastTime - eps, e != lastEmitter else { return }
            h.set(e, at: max(local, lastTime))
            history = h
            lastEmitter = e
            lastTime = max(local, lastTime)
        }
        for iv in intervals {
            let world = worlds[iv.j]
            let presenter = Presenter(image: image, world: world)
            var sample = iv.start
            var k = (iv.start * rate / stride).rounded(.down) + 1
            while true {
                let local = world.localTime(l, at: sample)
                let props = try presenter.presentationProps(l, sceneTime: sample, localTime: local)
                record(keys.emitter(props), at: local)
                guard iv.moving else { break }
                let next = k * stride / rate
                k += 1
                let last = iv.j + 1 == times.count
                guard last ? next <= iv.end + eps : next < iv.end - eps else { break }
                if next > sample + eps { sample = next }
            }
        }
        if history == nil, let initial { history = EmitterHistory(initial, since: 0) }
        return history
    }

    /// Whether an animation or a bound expression on the layer touches its emitter configuration.
    static func moves(_ rec: LayerRecord, _ keys: EmitterKeys) -> Bool {
        rec.bindings.contains { keys.ids.contains($0.keyPath.property) }
            || rec.animations.contains { a in keys.ids.contains { a.touches($0) } }
    }
}

extension Presenter {
    /// The particles of emitter layer `l` at its local time `local`, whose presentation values are `p`.
    func emitterStyle(_ l: Int32, props p: [Value], localTime local: Double) -> EmitterStyle {
        let history: EmitterHistory
        if let h = emitters?.histories[l] {
            history = h
        } else {
            // outside a timeline's frames (a transition's picture of the layer before a change):
            // the particles as if the present configuration had always been in force
            history = EmitterHistory((emitters?.keys ?? EmitterKeys(image.table)).emitter(p), since: 0)
        }
        let frame = history.frame(at: local)
        var out = EmitterStyle()
        out.renderMode = EmitterStyle.RenderMode(rawValue: UInt8(EmitterRenderMode.allCases.firstIndex(of: frame.renderMode) ?? 0)) ?? .unordered
        out.preservesDepth = p[Int(LayerProperties.preservesDepth)].bool ?? false
        out.cells = frame.cells.map {
            EmitterStyle.Cell(name: $0.name, contents: $0.contents, contentsRect: $0.contentsRect,
                              minificationFilter: $0.minificationFilter, magnificationFilter: $0.magnificationFilter,
                              minificationFilterBias: $0.minificationFilterBias)
        }
        out.particles = frame.particlesInDrawOrder().map {
            EmitterStyle.Particle(position: $0.position, z: $0.z, scale: $0.scale, rotation: $0.rotation, color: $0.color,
                                  cell: $0.cell, age: $0.age, lifetime: $0.lifetime, id: $0.id)
        }
        out.thinning = frame.thinning
        out.truncated = frame.truncated
        return out
    }
}
