// Presentation values: model values, then bound expressions of time, then the layer's animations in
// the order they were added (SPEC §1, §4.7). A pure function of a World snapshot and a time, so any
// frame can be computed on any thread; bound expressions run on a read-only interpreter.

import CalcCore
import Bytecode

/// A class, not a struct: calls between its methods passed the whole struct, and the world in it
/// was copied (each of its arrays retained and released) once or twice per layer.
final class Presenter {
    let image: Image
    let world: World
    /// Emitter layers' configuration histories (Emitter.swift); nil outside a timeline's frames.
    let emitters: EmitterTracks?
    /// Poses of the layers the dynamics animator simulates, which override their position and
    /// rotation (Dynamics.swift).
    let poses: [Int32: Pose]
    /// The read-only interpreter that evaluates bound expressions, made on first use and kept for
    /// this presenter's frame (making one per binding was a third of a frame's presentation time
    /// with 400 bindings).
    let interpreter = BindingInterpreter()
    /// What draw blocks printed while this presenter walked the tree.
    let printLog = PrintLog()
    /// The world snapshot's prebuilt layers (PresentationTemplates), or nil: then every layer is
    /// built from its values.
    let templates: PresentationTemplates?
    var program: Program { image.program }

    init(image: Image, world: World, emitters: EmitterTracks? = nil, poses: [Int32: Pose] = [:],
         templates: PresentationTemplates? = nil) {
        self.image = image; self.world = world; self.emitters = emitters; self.poses = poses
        self.templates = poses.isEmpty ? templates : nil
    }

    /// Model values with the layer's bindings evaluated at scene time `t`.
    func boundProps(_ l: Int32, at t: Double) throws(RuntimeError) -> [Value] {
        let rec = world.layers[Int(l)]
        var props = rec.props
        guard !rec.bindings.isEmpty else { return props }
        // (each call leaves the interpreter's registers and frames as it found them)
        let m = interpreter.machine(image: image, world: world)
        m.now = t
        for b in rec.bindings {
            let v = try m.call(b.function, args: b.args)
            guard TypeCheck.matches(v, b.keyPath, image.table) else {
                throw RuntimeError(message: "the expression bound to '\(image.table.name(b.keyPath))' gave \(v.typeName)",
                                   function: program.functions[b.function].name, line: Int(program.functions[b.function].lines.first ?? 0))
            }
            let p = LayerProperties.slot(b.keyPath.property)
            props[p] = b.keyPath.component.set(v, in: props[p])
        }
        return props
    }

    /// All presentation values of a layer at scene time `t` (its local time is `local`).
    func presentationProps(_ l: Int32, sceneTime t: Double, localTime local: Double) throws(RuntimeError) -> [Value] {
        var props = world.layers[Int(l)].bindings.isEmpty ? world.layers[Int(l)].props : try boundProps(l, at: t)
        // the animations in place: copying one (a large AnimationObject with its arrays) retained
        // and released every reference it holds, per animation per frame
        for a in world.layers[Int(l)].animations { a.apply(at: local, to: &props) }
        if let pose = poses[l] { Dynamics.place(pose, in: &props) }
        if world.layers[Int(l)].kind == .text { Self.applyNaturalTextSize(&props, text: image.text) }
        return props
    }

    /// `presentationProps` as a view over the model array: layers whose animations each write one
    /// slot (no groups, no rotationMode), with no pose and not text, get their few animated slots
    /// over the shared model values instead of a copy of the whole array; the rest take the copy.
    func presentationView(_ l: Int32, sceneTime t: Double, localTime local: Double) throws(RuntimeError) -> PropsView {
        // (one retain of the list; each AttachedAnimation is an immutable object read in place)
        let anims = world.layers[Int(l)].animations
        var simple = (poses.isEmpty || poses[l] == nil) && world.layers[Int(l)].kind != .text
        if simple {
            for a in anims {
                let kind = a.object.kind
                if kind == .group || (kind == .keyframe && a.object.rotationMode != nil) { simple = false; break }
            }
        }
        guard simple else { return PropsView(base: try presentationProps(l, sceneTime: t, localTime: local)) }
        var v = PropsView(base: world.layers[Int(l)].bindings.isEmpty ? world.layers[Int(l)].props : try boundProps(l, at: t))
        for a in anims { a.apply(at: local, to: &v) }
        return v
    }

    /// The presentation value of one property at scene time `t`. `frame` is computed from the
    /// presentation bounds, position (both laid out by constraints), anchorPoint and transform.
    func presentationValue(_ l: Int32, property: UInt16, sceneTime t: Double) throws(RuntimeError) -> Value {
        if property == LayerProperties.frame {
            var props = try presentationProps(l, sceneTime: t, localTime: world.localTime(l, at: t))
            for p in [LayerProperties.bounds, LayerProperties.position] {
                props[Int(p)] = try presentationValue(l, property: p, sceneTime: t)
            }
            return .rect(World.frame(of: props))
        }
        let local = world.localTime(l, at: t)
        let rec = world.layers[Int(l)]
        if !rec.constraints.isEmpty, rec.parent >= 0, property == LayerProperties.bounds || property == LayerProperties.position {
            // laid out by its superlayer's constraints: the values on screen are the layout's
            let parent = rec.parent
            let parentBounds = try presentationValue(parent, property: LayerProperties.bounds, sceneTime: t).rect ?? .zero
            let laid = try layout(world.layers[Int(parent)].sublayers, in: parentBounds,
                                  parentTime: world.localTime(parent, at: t), sceneTime: t)
            if let (b, pos) = laid[l] { return property == LayerProperties.bounds ? .rect(b) : .point(pos) }
        }
        let posed = poses[l] != nil && (property == LayerProperties.position || property == LayerProperties.transform)
        let natural = property == LayerProperties.bounds && world.layers[Int(l)].kind == .text
        if posed || natural {
            return try presentationProps(l, sceneTime: t, localTime: local)[LayerProperties.slot(property)]
        }
        var props = rec.bindings.contains(where: { $0.keyPath.property == property }) ? try boundProps(l, at: t) : rec.props
        for a in rec.animations where a.touches(property) { a.apply(at: local, to: &props) }
        return props[LayerProperties.slot(property)]
    }

    /// The presentation tree under layer `l` at scene time `t`, given its parent's local time.
    /// `laidOut`: the layer's bounds and position from its superlayer's constraint layout.
    func presentationLayer(_ l: Int32, parentTime: Double, sceneTime t: Double, depth: Int = 0,
                           laidOut: (Rect, Point)? = nil) throws(RuntimeError) -> PresentationLayer {
        let slot = UnsafeMutablePointer<PresentationLayer>.allocate(capacity: 1)
        defer { slot.deallocate() }
        try presentationLayer(l, parentTime: parentTime, sceneTime: t, depth: depth, laidOut: laidOut, into: slot)
        return slot.move()
    }

    /// `presentationLayer`, built in place at `out` (uninitialized memory; left uninitialized when
    /// it throws). A PresentationLayer is over a kilobyte: returned by value, Swift copied it
    /// (retaining everything it holds) and destroyed the original, for every layer of every frame.
    func presentationLayer(_ l: Int32, parentTime: Double, sceneTime t: Double, depth: Int,
                           laidOut: (Rect, Point)?, into out: UnsafeMutablePointer<PresentationLayer>) throws(RuntimeError) {
        // a leaf with a template and nothing that changes per frame (no animations, layout, draw
        // block, mask or sublayers) is its template: one copy, no view of its values
        if laidOut == nil, copyStaticLeaf(l, into: out) { return }
        let local = world.convert(parentTime, into: l)
        var view = try presentationView(l, sceneTime: t, localTime: local)
        let templated = templates?.copy(l, into: out) ?? false
        if templated {
            // the layer as its model values make it, copied, with the few animated fields written
            // over it (a layer with a template has only animations of `fastFields`, at most four,
            // so the view holds every animated slot as an override)
            view.forEachOverride { slot, v in Self.setField(slot, v, in: out) }
            if let (b, pos) = laidOut {
                out.pointee.bounds = b
                out.pointee.position = pos
            }
        }
        if let (b, pos) = laidOut {
            view[Int(LayerProperties.bounds)] = .rect(b)
            view[Int(LayerProperties.position)] = .point(pos)
        }
        if !templated {
            fill(l, from: view, localTime: local, into: out)
        }
        try finish(l, props: view, sceneTime: t, localTime: local, depth: depth, into: out)
    }

    /// Initializes `out` with layer l's template when l is a leaf with nothing that changes per
    /// frame; false (leaving `out` uninitialized) otherwise. (Kept out of line: inlined into the
    /// tree walk, the animated layers' boxed-transform allocations all missed malloc's per-thread
    /// cache — callgrind: one extra _int_malloc per layer per frame in cards2000, +7 %.)
    @inline(never)
    func copyStaticLeaf(_ l: Int32, into out: UnsafeMutablePointer<PresentationLayer>) -> Bool {
        guard let templates, world.layers[Int(l)].animations.isEmpty, world.layers[Int(l)].sublayers.isEmpty,
              world.layers[Int(l)].mask < 0, world.layers[Int(l)].draw == nil else { return false }
        return templates.copy(l, into: out)
    }

    /// Initializes `out` with the layer's fields from its values `p` (all but the transition, the
    /// drawing, the mask and the sublayers: `finish`).
    func fill(_ l: Int32, from view: PropsView, localTime local: Double, into out: UnsafeMutablePointer<PresentationLayer>) {
        // (a constant from here: reads of a var the local functions below capture copied the
        // whole view for each value read)
        let p = view
        // (a value of the wrong type cannot reach here; the fallbacks are the catalogue's defaults)
        func n(_ id: UInt16) -> Double { p[Int(id)].number ?? PropertyDefault.number(id) }
        func b(_ id: UInt16) -> Bool { p[Int(id)].bool ?? PropertyDefault.bool(id) }
        func c(_ id: UInt16) -> Color { p[Int(id)].color ?? PropertyDefault.color(id) }
        func e(_ id: UInt16) -> UInt8? { if case .enumCase(let c) = p[Int(id)] { return c } else { return nil } }
        func numbers(_ id: UInt16) -> [Double] {
            if case .array(let xs) = p[Int(id)] { return xs.compactMap { $0.number } } else { return [] }
        }
        out.initialize(to: PresentationLayer(
            name: p[Int(LayerProperties.name)].string ?? "",
            bounds: p[Int(LayerProperties.bounds)].rect ?? PropertyDefault.rect(LayerProperties.bounds),
            position: p[Int(LayerProperties.position)].point ?? PropertyDefault.point(LayerProperties.position),
            anchorPoint: p[Int(LayerProperties.anchorPoint)].point ?? PropertyDefault.point(LayerProperties.anchorPoint),
            anchorPointZ: n(LayerProperties.anchorPointZ),
            zPosition: n(LayerProperties.zPosition),
            transform: p[Int(LayerProperties.transform)].transform ?? PropertyDefault.transform(LayerProperties.transform),
            sublayerTransform: p[Int(LayerProperties.sublayerTransform)].transform ?? PropertyDefault.transform(LayerProperties.sublayerTransform),
            opacity: n(LayerProperties.opacity),
            hidden: b(LayerProperties.hidden),
            masksToBounds: b(LayerProperties.masksToBounds),
            doubleSided: b(LayerProperties.doubleSided),
            backgroundColor: c(LayerProperties.backgroundColor),
            cornerRadius: n(LayerProperties.cornerRadius),
            borderWidth: n(LayerProperties.borderWidth),
            borderColor: c(LayerProperties.borderColor)))
        // (fields one by one: binding the whole LayerRecord copied it, retaining each of its arrays)
        let kind = world.layers[Int(l)].kind
        out.pointee.kind = kind
        out.pointee.shadow.color = c(LayerProperties.shadowColor)
        out.pointee.shadow.opacity = n(LayerProperties.shadowOpacity)
        out.pointee.shadow.offset = p[Int(LayerProperties.shadowOffset)].size ?? PropertyDefault.size(LayerProperties.shadowOffset)
        out.pointee.shadow.radius = n(LayerProperties.shadowRadius)
        if case .path(let sp) = p[Int(LayerProperties.shadowPath)] { out.pointee.shadow.path = sp }
        // A draw block (drawLayer:inContext:) and a text layer's string (CATextLayer draws it into its
        // own backing store) are the layer's content and replace `contents` in every frame, whether or
        // not the block draws anything this frame (docs/semantics.md, Content; W0027)
        if world.layers[Int(l)].draw == nil, kind != .text, case .image(let name) = p[Int(LayerProperties.contents)] {
            out.pointee.contents.image = name
        }
        out.pointee.contents.gravity = e(LayerProperties.contentsGravity).flatMap(ContentsGravity.init(rawValue:)) ?? out.pointee.contents.gravity
        out.pointee.contents.rect = p[Int(LayerProperties.contentsRect)].rect ?? out.pointee.contents.rect
        out.pointee.contents.center = p[Int(LayerProperties.contentsCenter)].rect ?? out.pointee.contents.center
        out.pointee.contents.scale = n(LayerProperties.contentsScale)
        out.pointee.compositingFilter = e(LayerProperties.compositingFilter).flatMap(BlendMode.init(rawValue:)) ?? out.pointee.compositingFilter
        switch kind {
        case .text:
            var t = TextStyle()
            t.string = p[Int(LayerProperties.string)].string ?? t.string
            t.font = p[Int(LayerProperties.font)].string ?? t.font
            t.fontSize = n(LayerProperties.fontSize)
            t.color = c(LayerProperties.foregroundColor)
            t.alignment = e(LayerProperties.alignmentMode).flatMap(TextAlignment.init(rawValue:)) ?? t.alignment
            t.wrapped = b(LayerProperties.isWrapped)
            t.truncation = e(LayerProperties.truncationMode).flatMap(Truncation.init(rawValue:)) ?? t.truncation
            out.pointee.text = t
        case .shape:
            var s = ShapeStyle()
            if case .path(let path) = p[Int(LayerProperties.path)] { s.path = path }
            s.fillColor = c(LayerProperties.fillColor)
            s.fillRule = e(LayerProperties.fillRule).flatMap(FillRule.init(rawValue:)) ?? s.fillRule
            s.strokeColor = c(LayerProperties.strokeColor)
            s.lineWidth = n(LayerProperties.lineWidth)
            s.lineCap = e(LayerProperties.lineCap).flatMap(LineCap.init(rawValue:)) ?? s.lineCap
            s.lineJoin = e(LayerProperties.lineJoin).flatMap(LineJoin.init(rawValue:)) ?? s.lineJoin
            s.miterLimit = n(LayerProperties.miterLimit)
            s.dashPattern = numbers(LayerProperties.lineDashPattern)
            s.dashPhase = n(LayerProperties.lineDashPhase)
            s.strokeStart = n(LayerProperties.strokeStart)
            s.strokeEnd = n(LayerProperties.strokeEnd)
            out.pointee.shape = s
        case .gradient:
            var g = GradientStyle()
            if case .array(let cs) = p[Int(LayerProperties.colors)] { g.colors = cs.compactMap { $0.color } }
            g.locations = numbers(LayerProperties.locations)
            g.startPoint = p[Int(LayerProperties.startPoint)].point ?? g.startPoint
            g.endPoint = p[Int(LayerProperties.endPoint)].point ?? g.endPoint
            g.type = e(LayerProperties.gradientType).flatMap(GradientType.init(rawValue:)) ?? g.type
            out.pointee.gradient = g
        case .replicator:
            var r = ReplicatorStyle()
            r.count = Int(max(0, min(1e6, n(LayerProperties.instanceCount))))
            r.delay = n(LayerProperties.instanceDelay)
            r.transform = p[Int(LayerProperties.instanceTransform)].transform ?? r.transform
            r.color = c(LayerProperties.instanceColor)
            r.offsets = (n(LayerProperties.instanceRedOffset), n(LayerProperties.instanceGreenOffset),
                         n(LayerProperties.instanceBlueOffset), n(LayerProperties.instanceAlphaOffset))
            out.pointee.replicator = r
        case .emitter:
            out.pointee.emitter = emitterStyle(l, props: p.array, localTime: local)
        default: break
        }
        out.pointee.filters = filterStates(LayerProperties.filters, p)
        out.pointee.backgroundFilters = filterStates(LayerProperties.backgroundFilters, p)
    }

    /// The rest of a layer `fill` (or a template) began: its transition, drawing, mask and sublayers.
    private func finish(_ l: Int32, props p: PropsView, sceneTime t: Double, localTime local: Double,
                        depth: Int, into out: UnsafeMutablePointer<PresentationLayer>) throws(RuntimeError) {
        // (by index: `last(where:)` copied every animation it looked at)
        let anims = world.layers[Int(l)].animations
        var ti = anims.count - 1
        while ti >= 0, anims[ti].object.kind != .transition { ti -= 1 }
        if ti >= 0, let progress = anims[ti].transitionProgress(at: local) {
            let tr = anims[ti]
            out.pointee.transition = TransitionState(type: tr.object.transitionType, subtype: tr.object.transitionSubtype,
                                                     progress: progress, from: tr.transitionFrom.map { [$0] } ?? [])
        }
        // (on a throw the layer built so far is destroyed: the caller gets uninitialized memory back)
        do throws(RuntimeError) {
            if let d = world.layers[Int(l)].draw {
                let m = Machine(image: image, world: world, readOnly: true)
                m.now = t
                m.readOnlyWhat = "a draw block"
                m.drawing = []
                _ = try m.call(d.function, args: [.layer(l)] + d.args)
                out.pointee.drawing = m.drawing ?? []
                if !m.printed.isEmpty { printLog.lines += m.printed }
            }
            let mask = world.layers[Int(l)].mask
            if mask >= 0, depth < World.maxDepth {
                out.pointee.mask = [try presentationLayer(mask, parentTime: local, sceneTime: t, depth: depth + 1)]
            }
            if depth < World.maxDepth {
                out.pointee.sublayers = try sublayers(of: l, props: p, parentTime: local, sceneTime: t, depth: depth)
                // a replicator with an instanceDelay: instance k sees its sublayers k × delay earlier
                // (the two fields read in place first: binding the optional style copied it, and
                // destroyed the copy, for every layer)
                if let delay = out.pointee.replicator?.delay, delay != 0, delay.isFinite,
                   let count = out.pointee.replicator?.count, count > 1, !out.pointee.sublayers.isEmpty,
                   var r = out.pointee.replicator {
                    let n = min(r.count, ReplicatorStyle.maxDelayedInstances)
                    r.instances = [out.pointee.sublayers]
                    for k in 1..<n {
                        r.instances.append(try sublayers(of: l, props: p, parentTime: local - Double(k) * r.delay,
                                                         sceneTime: t, depth: depth))
                    }
                    out.pointee.replicator = r
                }
            }
        } catch {
            out.deinitialize(count: 1)
            throw error
        }
    }

    /// The presentation trees of `l`'s sublayers at the layer's local time `local`, laid out.
    private func sublayers(of l: Int32, props p: PropsView, parentTime local: Double, sceneTime t: Double,
                           depth: Int) throws(RuntimeError) -> [PresentationLayer] {
        let sublayers = world.layers[Int(l)].sublayers
        // (a loop, not contains(where:): its closure captured the presenter, copying the world)
        var constrained = false
        for s in sublayers where !world.layers[Int(s)].constraints.isEmpty { constrained = true; break }
        let geometry = constrained
            ? try layout(sublayers, in: p[Int(LayerProperties.bounds)].rect ?? .zero, parentTime: local, sceneTime: t)
            : [:]
        // each layer is built in place in the array's storage (see presentationLayer(into:))
        guard !sublayers.isEmpty else { return [] }
        var failure: RuntimeError?
        let subs = [PresentationLayer](unsafeUninitializedCapacity: sublayers.count) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            for s in sublayers {
                do throws(RuntimeError) {
                    try presentationLayer(s, parentTime: local, sceneTime: t, depth: depth + 1,
                                          laidOut: geometry.isEmpty ? nil : geometry[s], into: base + count)
                } catch {
                    failure = error
                    return
                }
                count += 1
            }
        }
        if let failure { throw failure }
        return subs
    }
}

/// Lines draw blocks printed during one presenter's walk (on one thread).
final class PrintLog {
    var lines: [PrintedLine] = []
}

/// Holds a presenter's interpreter for bound expressions, made on first use (one thread, one world).
final class BindingInterpreter {
    private var made: Machine?

    func machine(image: Image, world: World) -> Machine {
        if let m = made { return m }
        let m = Machine(image: image, world: world, readOnly: true)
        made = m
        return m
    }
}
