// Presentation values: model values, then bound expressions of time, then the layer's animations in
// the order they were added (SPEC §1, §4.7). A pure function of a World snapshot and a time, so any
// frame can be computed on any thread; bound expressions run on a read-only interpreter.

import CalcCore
import Bytecode

struct Presenter {
    let image: Image
    let world: World
    var program: Program { image.program }

    /// Model values with the layer's bindings evaluated at scene time `t`.
    func boundProps(_ l: Int32, at t: Double) throws(RuntimeError) -> [Value] {
        let rec = world.layers[Int(l)]
        var props = rec.props
        for b in rec.bindings {
            let m = Machine(image: image, world: world, readOnly: true)
            m.now = t
            let v = try m.call(b.function, args: b.args)
            guard TypeCheck.matches(v, b.keyPath) else {
                throw RuntimeError(message: "the expression bound to '\(b.keyPath.name)' gave \(v.typeName)",
                                   function: program.functions[b.function].name, line: Int(program.functions[b.function].lines.first ?? 0))
            }
            let p = Int(b.keyPath.property)
            props[p] = b.keyPath.component.set(v, in: props[p])
        }
        return props
    }

    /// All presentation values of a layer at scene time `t` (its local time is `local`).
    func presentationProps(_ l: Int32, sceneTime t: Double, localTime local: Double) throws(RuntimeError) -> [Value] {
        let rec = world.layers[Int(l)]
        var props = rec.bindings.isEmpty ? rec.props : try boundProps(l, at: t)
        for a in rec.animations { a.apply(at: local, to: &props) }
        return props
    }

    /// The presentation value of one property at scene time `t`.
    func presentationValue(_ l: Int32, property: UInt16, sceneTime t: Double) throws(RuntimeError) -> Value {
        let local = world.localTime(l, at: t)
        let rec = world.layers[Int(l)]
        var props = rec.bindings.contains(where: { $0.keyPath.property == property }) ? try boundProps(l, at: t) : rec.props
        for a in rec.animations where a.touches(property) { a.apply(at: local, to: &props) }
        return props[Int(property)]
    }

    /// The presentation tree under layer `l` at scene time `t`, given its parent's local time.
    func presentationLayer(_ l: Int32, parentTime: Double, sceneTime t: Double, depth: Int = 0) throws(RuntimeError) -> PresentationLayer {
        let local = world.convert(parentTime, into: l)
        let p = try presentationProps(l, sceneTime: t, localTime: local)
        func n(_ id: UInt16, _ d: Double) -> Double { p[Int(id)].number ?? d }
        func b(_ id: UInt16, _ d: Bool) -> Bool { p[Int(id)].bool ?? d }
        var out = PresentationLayer(
            name: p[Int(LayerProperties.name)].string ?? "",
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
            var subs: [PresentationLayer] = []
            subs.reserveCapacity(world.layers[Int(l)].sublayers.count)
            for s in world.layers[Int(l)].sublayers {
                subs.append(try presentationLayer(s, parentTime: local, sceneTime: t, depth: depth + 1))
            }
            out.sublayers = subs
        }
        return out
    }
}
