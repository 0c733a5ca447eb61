// The constraint layout service (CAConstraintLayoutManager; SPEC §4.11): for every frame, the
// sublayers of a layer that have constraints get their bounds size and position from them, computed
// from presentation values — the superlayer's bounds, siblings' frames (after their own layout) —
// so constrained layers follow animating geometry. Layout changes only the presentation, never the
// model, and never animates. A sibling is found by its `name`; one that is missing, and a cycle
// among siblings' constraints, are runtime errors naming the constraint's line.

import CalcCore

extension Presenter {
    /// Bounds and position of each constrained layer among `sublayers`, whose superlayer has `bounds`.
    func layout(_ sublayers: [Int32], in bounds: Rect, parentTime: Double, sceneTime t: Double) throws(RuntimeError) -> [Int32: (Rect, Point)] {
        var props: [Int32: [Value]] = [:]
        func values(_ s: Int32) throws(RuntimeError) -> [Value] {
            if let p = props[s] { return p }
            let p = try presentationProps(s, sceneTime: t, localTime: world.convert(parentTime, into: s))
            props[s] = p
            return p
        }
        var byName: [String: Int32] = [:]
        for s in sublayers where byName[world.layers[Int(s)].name] == nil { byName[world.layers[Int(s)].name] = s }
        var done: [Int32: (Rect, Point)] = [:]
        var visiting: [Int32] = []

        func frame(_ s: Int32) throws(RuntimeError) -> Rect {
            if !world.layers[Int(s)].constraints.isEmpty {
                let (b, pos) = try solve(s)
                var p = try values(s)
                p[Int(LayerProperties.bounds)] = .rect(b)
                p[Int(LayerProperties.position)] = .point(pos)
                return World.frame(of: p)
            }
            return World.frame(of: try values(s))
        }

        func solve(_ s: Int32) throws(RuntimeError) -> (Rect, Point) {
            if let d = done[s] { return d }
            let rec = world.layers[Int(s)]
            if let k = visiting.firstIndex(of: s) {
                let cycle = (visiting[k...].map { world.layers[Int($0)].name } + [rec.name]).map { "'\($0)'" }.joined(separator: " → ")
                let site = rec.constraints[0]
                throw RuntimeError(message: "the constraints of \(cycle) form a cycle", function: site.function, line: site.line)
            }
            visiting.append(s)
            defer { visiting.removeLast() }
            let p = try values(s)
            let b = p[Int(LayerProperties.bounds)].rect ?? .zero
            let pos = p[Int(LayerProperties.position)].point ?? .zero
            let ap = p[Int(LayerProperties.anchorPoint)].point ?? Point(0.5, 0.5)
            var given: (x: [(ConstraintAttribute, Double)], y: [(ConstraintAttribute, Double)]) = ([], [])
            for placed in rec.constraints {
                let c = placed.constraint
                let sourceRect: Rect
                if c.source == LayoutConstraint.superlayer {
                    sourceRect = bounds
                } else if let sib = byName[c.source], sib != s {
                    sourceRect = try frame(sib)
                } else {
                    throw RuntimeError(message: "'\(rec.name)' has a constraint relative to '\(c.source)', which is not one of its siblings",
                                       function: placed.function, line: placed.line)
                }
                let v = c.sourceAttribute.value(of: sourceRect) * c.scale + c.offset
                if c.attribute.isHorizontal { given.x.append((c.attribute, v)) } else { given.y.append((c.attribute, v)) }
            }
            let w = b.size.width, h = b.size.height
            guard let (x0, nw) = LayoutConstraint.solveAxis(given.x, currentOrigin: pos.x - ap.x * w, currentSize: w),
                  let (y0, nh) = LayoutConstraint.solveAxis(given.y, currentOrigin: pos.y - ap.y * h, currentSize: h) else {
                let site = rec.constraints[0]
                throw RuntimeError(message: "the constraints of '\(rec.name)' do not determine its frame", function: site.function, line: site.line)
            }
            // a negative size (edges crossed) collapses to 0 at the first edge
            let sw = nw.isFinite ? max(0, nw) : 0, sh = nh.isFinite ? max(0, nh) : 0
            let result = (Rect(b.origin.x, b.origin.y, sw, sh),
                          Point((x0.isFinite ? x0 : 0) + ap.x * sw, (y0.isFinite ? y0 : 0) + ap.y * sh))
            done[s] = result
            return result
        }

        for s in sublayers where !world.layers[Int(s)].constraints.isEmpty { _ = try solve(s) }
        return done
    }
}
