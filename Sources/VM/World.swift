// The model layer tree and its animations at one moment, as plain copy-on-write values, plus the
// pure functions that compute presentation values from it. The timeline keeps one World per instant
// at which events ran; a frame reads the latest one at or before its time.

import CalcCore

struct LayerRecord: Sendable {
    var name: String
    /// Model values indexed by property id (LayerProperties).
    var props: [Value]
    var parent: Int32 = -1
    var sublayers: [Int32] = []
    var animations: [AttachedAnimation] = []
    /// Serial of the transaction in which the layer joined the tree (no implicit animation in it).
    var joinedTransaction: Int = -1

    init(name: String) {
        self.name = name
        self.props = LayerProperties.defaults
    }
}

struct World: Sendable {
    var layers: [LayerRecord]

    static let rootIndex: Int32 = 0

    init(canvas: Size) {
        var root = LayerRecord(name: "root")
        root.props[Int(LayerProperties.bounds)] = .rect(Rect(0, 0, canvas.width, canvas.height))
        root.props[Int(LayerProperties.position)] = .point(Point(canvas.width / 2, canvas.height / 2))
        root.joinedTransaction = 0
        layers = [root]
    }

    func number(_ l: Int32, _ p: UInt16) -> Double { layers[Int(l)].props[Int(p)].number ?? 0 }

    /// Whether the layer is attached (through its ancestors) to the root.
    func inTree(_ l: Int32) -> Bool {
        var cur = l
        var steps = 0
        while cur >= 0 {
            if cur == World.rootIndex { return true }
            cur = layers[Int(cur)].parent
            steps += 1
            if steps > layers.count { return false }
        }
        return false
    }

    /// A layer's local time at scene time t: (parent time − beginTime) × speed + timeOffset, from the root down.
    func localTime(_ l: Int32, at t: Double) -> Double {
        var chain: [Int32] = []
        var cur = l
        while cur >= 0, chain.count <= layers.count { chain.append(cur); cur = layers[Int(cur)].parent }
        var time = t
        for id in chain.reversed() { time = convert(time, into: id) }
        return time
    }

    func convert(_ parentTime: Double, into l: Int32) -> Double {
        (parentTime - number(l, LayerProperties.beginTime)) * number(l, LayerProperties.speed) + number(l, LayerProperties.timeOffset)
    }

    /// The presentation value of one property: the model value with the layer's animations on it
    /// applied in the order they were added.
    func presentationValue(_ l: Int32, property: UInt16, localTime: Double) -> Value {
        let rec = layers[Int(l)]
        var v = rec.props[Int(property)]
        for a in rec.animations where a.object.keyPath.property == property {
            let c = a.object.keyPath.component
            if let nv = a.value(at: localTime, underlying: c.get(v)) { v = c.set(nv, in: v) }
        }
        return v
    }

    /// All presentation values of a layer.
    func presentationProps(_ l: Int32, localTime: Double) -> [Value] {
        let rec = layers[Int(l)]
        if rec.animations.isEmpty { return rec.props }
        var props = rec.props
        for a in rec.animations {
            let p = Int(a.object.keyPath.property)
            let c = a.object.keyPath.component
            if let nv = a.value(at: localTime, underlying: c.get(props[p])) { props[p] = c.set(nv, in: props[p]) }
        }
        return props
    }

    /// The presentation tree under layer `l` at its parent's time `parentTime`.
    func presentationLayer(_ l: Int32, parentTime: Double, depth: Int = 0) -> PresentationLayer {
        let local = convert(parentTime, into: l)
        let p = presentationProps(l, localTime: local)
        func n(_ id: UInt16, _ d: Double) -> Double { p[Int(id)].number ?? d }
        func b(_ id: UInt16, _ d: Bool) -> Bool { p[Int(id)].bool ?? d }
        var out = PresentationLayer(
            name: layers[Int(l)].name,
            bounds: p[Int(LayerProperties.bounds)].rect ?? .zero,
            position: p[Int(LayerProperties.position)].point ?? .zero,
            anchorPoint: p[Int(LayerProperties.anchorPoint)].point ?? Point(0.5, 0.5),
            anchorPointZ: n(LayerProperties.anchorPointZ, 0),
            zPosition: n(LayerProperties.zPosition, 0),
            transform: p[Int(LayerProperties.transform)].transform ?? .identity,
            sublayerTransform: p[Int(LayerProperties.sublayerTransform)].transform ?? .identity,
            opacity: n(LayerProperties.opacity, 1),
            hidden: b(LayerProperties.hidden, false),
            masksToBounds: b(LayerProperties.masksToBounds, false),
            doubleSided: b(LayerProperties.doubleSided, true),
            backgroundColor: p[Int(LayerProperties.backgroundColor)].color ?? .clear,
            cornerRadius: n(LayerProperties.cornerRadius, 0),
            borderWidth: n(LayerProperties.borderWidth, 0),
            borderColor: p[Int(LayerProperties.borderColor)].color ?? .black)
        if depth < World.maxDepth {
            out.sublayers = layers[Int(l)].sublayers.map { presentationLayer($0, parentTime: local, depth: depth + 1) }
        }
        return out
    }

    /// Layer trees deeper than this are cut off when presented (a tree that deep is a runaway loop).
    static let maxDepth = 1000

    /// `frame` as Core Animation computes it: the bounding box, in the superlayer's space, of the
    /// bounds mapped through the transform about the anchor point (seed 000:459; SPEC Q2).
    static func frame(of props: [Value]) -> Rect {
        let b = props[Int(LayerProperties.bounds)].rect ?? .zero
        let pos = props[Int(LayerProperties.position)].point ?? .zero
        let ap = props[Int(LayerProperties.anchorPoint)].point ?? Point(0.5, 0.5)
        let m = props[Int(LayerProperties.transform)].transform ?? .identity
        let w = b.size.width, h = b.size.height
        if m.isIdentity { return Rect(pos.x - ap.x * w, pos.y - ap.y * h, w, h) }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (cx, cy) in [(0.0, 0.0), (w, 0), (0, h), (w, h)] {
            let q = m.apply(cx - ap.x * w, cy - ap.y * h)
            let x = q.w != 0 ? q.x / q.w : q.x, y = q.w != 0 ? q.y / q.w : q.y
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        return Rect(pos.x + minX, pos.y + minY, maxX - minX, maxY - minY)
    }
}
