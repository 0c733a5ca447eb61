// Autoresizing ("struts and springs", seed 000:667–690): when a layer's model bounds change size,
// each sublayer with an `autoresizingMask` moves and resizes with it, in the same transaction (so the
// change animates as the superlayer's does). Per axis, the parts named flexible — the margin at the
// low end, the size, the margin at the high end — share the change evenly (seed 000:683); with none
// flexible the layer keeps its distance from the low edge. Frames are handled as the `frame` setter
// does: bounds.size and position with the anchor point, the transform ignored.

import CalcCore

extension Machine {
    func autoresizeSublayers(of l: Int32, from old: Size, to new: Size, allowActions: Bool) {
        for s in world.layers[Int(l)].sublayers {
            guard case .array(let cases) = world.layers[Int(s)].props[Int(LayerProperties.autoresizingMask)], !cases.isEmpty else { continue }
            var mask = Set<UInt8>()
            for c in cases { if case .enumCase(let i) = c { mask.insert(i) } }
            // "autoresizing": minXMargin 0, widthSizable 1, maxXMargin 2, minYMargin 3, heightSizable 4, maxYMargin 5
            let props = world.layers[Int(s)].props
            let b = props[Int(LayerProperties.bounds)].rect ?? .zero
            let pos = props[Int(LayerProperties.position)].point ?? .zero
            let ap = props[Int(LayerProperties.anchorPoint)].point ?? Point(0.5, 0.5)
            func axis(_ origin: Double, _ size: Double, _ delta: Double, low: UInt8, flex: UInt8, high: UInt8) -> (Double, Double) {
                let n = [low, flex, high].filter { mask.contains($0) }.count
                guard n > 0, delta != 0 else { return (origin, size) }
                let share = delta / Double(n)
                return (origin + (mask.contains(low) ? share : 0), max(0, size + (mask.contains(flex) ? share : 0)))
            }
            let (x, w) = axis(pos.x - ap.x * b.size.width, b.size.width, new.width - old.width, low: 0, flex: 1, high: 2)
            let (y, h) = axis(pos.y - ap.y * b.size.height, b.size.height, new.height - old.height, low: 3, flex: 4, high: 5)
            guard x.isFinite, y.isFinite, w.isFinite, h.isFinite else { continue }
            setModel(s, KeyPath(property: LayerProperties.bounds, component: .size), .size(Size(w, h)), allowActions: allowActions)
            setModel(s, KeyPath(property: LayerProperties.position), .point(Point(x + ap.x * w, y + ap.y * h)), allowActions: allowActions)
        }
    }
}
