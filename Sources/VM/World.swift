// The model layer tree, its animations, actions and bindings, and the globals, at one moment, as
// plain copy-on-write values. The timeline keeps one World per instant at which events ran; a frame
// reads the latest one at or before its time (Presenter computes presentation values from it).

import CalcCore

/// What a layer's `actions` (or its style's) say for a key: an animation to run, or none.
enum ActionEntry: Sendable {
    case animation(AnimationObject)
    case none
}

/// A property bound to a function of time (`position.x: 100 + 50 * sin(time)`).
struct Binding: Sendable {
    var keyPath: KeyPath
    var function: Int
    var args: [Value]
}

/// A constraint and where the script made it (for layout errors, which arise at frame time).
struct PlacedConstraint: Sendable {
    var constraint: LayoutConstraint
    var function: String
    var line: Int
}

struct LayerRecord: Sendable {
    /// Model values indexed by property id (LayerProperties).
    var props: [Value]
    var parent: Int32 = -1
    var sublayers: [Int32] = []
    var animations: [AttachedAnimation] = []
    var actions: [String: ActionEntry] = [:]
    var bindings: [Binding] = []
    /// The `draw` block: its function (parameter 0 is the layer) and captured arguments.
    var draw: Binding?
    /// CAConstraints: the layer's geometry relative to its superlayer and siblings (laid out per frame).
    var constraints: [PlacedConstraint] = []
    /// Serial of the transaction in which the layer joined the tree (no implicit animation in it).
    var joinedTransaction: Int = -1
    var kind: LayerKind = .plain
    /// The mask layer (-1: none). A mask's `parent` is its owner (for time and the tree), though it
    /// is not among the owner's sublayers.
    var mask: Int32 = -1
    var isMask = false
    /// Properties the script gave the layer itself (its body, its template, a handler's set); a
    /// style's value never replaces them.
    var own: Set<UInt16> = []
    /// Properties the layer's current style set (withdrawn when another style is assigned).
    var styled: Set<UInt16> = []

    init(name: String, kind: LayerKind = .plain, defaults: [Value] = LayerProperties.defaults) {
        self.props = defaults
        self.props[Int(LayerProperties.name)] = .string(name)
        self.kind = kind
    }

    var name: String { props[Int(LayerProperties.name)].string ?? "" }
}

struct World: Sendable {
    var layers: [LayerRecord]
    var globals: [Value]
    /// The dynamics animator (behaviours and simulation) at this moment; nil without `dynamics`.
    var dynamics: DynamicsState?

    static let rootIndex: Int32 = 0

    init(canvas: Size, globalCount: Int, defaults: [Value] = LayerProperties.defaults) {
        globals = Array(repeating: .none, count: globalCount)
        var root = LayerRecord(name: "root", defaults: defaults)
        root.props[Int(LayerProperties.bounds)] = .rect(Rect(0, 0, canvas.width, canvas.height))
        root.props[Int(LayerProperties.position)] = .point(Point(canvas.width / 2, canvas.height / 2))
        // main runs in transaction 1: the root counts as joining the tree there, so setting its
        // properties while building the scene does not animate
        root.joinedTransaction = 1
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
