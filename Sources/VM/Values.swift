// The values behind a frame, for `calc values` and value snapshots: every layer in the tree with
// its presentation values (model values, bindings, animations, physics and constraint layout, as the
// frame at that instant draws them) and its model values (what `layer.KEY` reads in a handler).
// Plain values, in tree order, so the caller can print or compare them.

import CalcCore

/// One layer's values at an instant.
public struct LayerValues: Sendable {
    /// The layer's `name` (several layers may share one).
    public var name: String
    public var kind: LayerKind
    /// Its depth in the tree (0: the root).
    public var depth: Int
    /// Indexed by property slot (`PropertyTable.slot`): the catalogue, then the custom keys. `frame`
    /// (which is not stored) is filled in from bounds, position, anchorPoint and transform.
    public var presentation: [Value]
    public var model: [Value]
}

extension Timeline {
    /// The program's catalogue and custom keys (what a property id means).
    public var propertyTable: PropertyTable { image.table }

    /// Every layer in the tree at scene time `t`, in tree order (depth first, a layer before its
    /// sublayers; a mask right after its owner), with presentation and model values.
    public func values(at t: Double) throws(RuntimeError) -> [LayerValues] {
        var w = world(at: t)
        let poses = try poses(at: t, in: w)
        if !poses.isEmpty { Dynamics.showPoses(poses, in: &w) }
        let model = world(at: t)
        let presenter = Presenter(image: image, world: w, emitters: emitters, poses: poses)
        var out: [LayerValues] = []
        try presenter.collect(World.rootIndex, parentTime: t, sceneTime: t, depth: 0, laidOut: nil, model: model, into: &out)
        return out
    }
}

extension Timeline {
    /// How many animations are running at scene time `t` (active, or held by a fill) on layers in
    /// the tree: what the presentation tree spends most of its time on (`calc bench`).
    public func runningAnimations(at t: Double) -> Int {
        let w = world(at: t)
        var n = 0
        for i in w.layers.indices where !w.layers[i].animations.isEmpty && w.inTree(Int32(i)) {
            let local = w.localTime(Int32(i), at: t)
            for a in w.layers[i].animations {
                switch a.phase(at: local) {
                case .active, .after: n += 1
                case .before, .finished: break
                }
            }
        }
        return n
    }
}

extension Presenter {
    /// Appends layer `l` and everything under it to `out` (the walk `presentationLayer` makes).
    func collect(_ l: Int32, parentTime: Double, sceneTime t: Double, depth: Int, laidOut: (Rect, Point)?,
                 model: World, into out: inout [LayerValues]) throws(RuntimeError) {
        let local = world.convert(parentTime, into: l)
        var p = try presentationProps(l, sceneTime: t, localTime: local)
        if let (b, pos) = laidOut {
            p[Int(LayerProperties.bounds)] = .rect(b)
            p[Int(LayerProperties.position)] = .point(pos)
        }
        p[Int(LayerProperties.frame)] = .rect(World.frame(of: p))
        var m = model.layers[Int(l)].props
        m[Int(LayerProperties.frame)] = .rect(World.frame(of: m))
        let rec = world.layers[Int(l)]
        out.append(LayerValues(name: rec.name, kind: rec.kind, depth: depth, presentation: p, model: m))
        guard depth < World.maxDepth else { return }
        if rec.mask >= 0 {
            try collect(rec.mask, parentTime: local, sceneTime: t, depth: depth + 1, laidOut: nil, model: model, into: &out)
        }
        let geometry = rec.sublayers.contains(where: { !world.layers[Int($0)].constraints.isEmpty })
            ? try layout(rec.sublayers, in: p[Int(LayerProperties.bounds)].rect ?? .zero, parentTime: local, sceneTime: t)
            : [:]
        for s in rec.sublayers {
            try collect(s, parentTime: local, sceneTime: t, depth: depth + 1, laidOut: geometry[s], model: model, into: &out)
        }
    }
}
