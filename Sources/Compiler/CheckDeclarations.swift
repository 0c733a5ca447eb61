// Declarations and effects: the scene, layers and their members, styles and actions, handlers,
// transactions, assignments and statement calls.

import CalcCore
import Parser
import Bytecode

extension Checker {
    // MARK: scene

    func checkScene(_ s: SceneDecl) {
        if let prev = sceneSpan {
            diags.error("E0222", "the scene is declared twice", at: s.span, notes: ["the first declaration is on line \(line(prev))"])
            return
        }
        sceneSpan = s.span
        var seen: [String: Span] = [:]
        let fields: [(String, ValueType)] = [("size", .size), ("scale", .number(.scalar)), ("fps", .number(.scalar)),
                                             ("duration", .number(.time)), ("background", .color), ("origin", .enumeration("origin"))]
        for m in s.members {
            let name = m.name.text
            guard let field = fields.first(where: { $0.0 == name }) else {
                diags.error("E0223", "unknown scene setting '\(name)'", at: m.name.span,
                            label: suggestion(for: name, among: fields.map { $0.0 }).map { "did you mean '\($0)'?" })
                continue
            }
            if let prev = seen[name] {
                diags.error("E0224", "scene setting '\(name)' is set twice", at: m.name.span, notes: ["first set on line \(line(prev))"])
                continue
            }
            seen[name] = m.name.span
            let t = expr(m.value, expect: field.1)
            guard let ir = convert(t, to: field.1, at: m.value.span, what: "scene setting '\(name)'") else { continue }
            guard let v = ir.constant else {
                diags.error("E0221", "scene setting '\(name)' must be a constant", at: m.value.span)
                continue
            }
            switch (name, v) {
            case ("size", .size(let sz)):
                if !(sz.width > 0 && sz.height > 0) { diags.error("E0225", "the scene size must be positive, found \(fmt(sz.width))x\(fmt(sz.height))", at: m.value.span) }
                scene.size = sz
            case ("scale", .number(let x)):
                if !(x > 0) || !x.isFinite { diags.error("E0225", "the scale must be a positive number, found \(fmt(x))", at: m.value.span) }
                scene.scale = x
            case ("fps", .number(let x)):
                if !(x > 0 && x <= 1000) { diags.error("E0225", "fps must be more than 0 and at most 1000, found \(fmt(x))", at: m.value.span) }
                scene.fps = x
            case ("duration", .number(let x)):
                if !(x >= 0) || !x.isFinite { diags.error("E0225", "the duration must be a non-negative time, found \(fmt(x))", at: m.value.span) }
                scene.duration = x
            case ("background", .color(let c)): scene.background = c
            case ("origin", .enumCase(let i)): scene.origin = i == 0 ? .topLeft : .bottomLeft
            default: break
            }
        }
        let maxPx = Double(Limits.maxPixelDimension)
        let w = scene.size.width * scene.scale, h = scene.size.height * scene.scale
        if w > maxPx || h > maxPx {
            diags.error("E0226", "a canvas of \(fmt(w.rounded()))x\(fmt(h.rounded())) pixels exceeds the limit of \(Limits.maxPixelDimension) pixels a side",
                        at: seen["size"] ?? s.span)
        } else if w > 0, h > 0, w.rounded() < 1 || h.rounded() < 1 {
            diags.error("E0226", "a canvas of \(fmt(w.rounded()))x\(fmt(h.rounded())) pixels is empty: each side needs at least 1 pixel",
                        at: seen["size"] ?? s.span, label: "make the size or the scale larger")
        }
        let frames = (scene.duration * scene.fps - 1e-9).rounded(.up)
        if frames > Double(Limits.maxFrames) {
            diags.error("E0227", "the scene has \(fmt(frames)) frames, more than the limit of \(Limits.maxFrames)",
                        at: seen["duration"] ?? s.span)
        }
    }

    // MARK: layers

    func declareLayer(_ l: LayerDecl, parent: IR, into out: inout [IRStmt]) {
        let ln = line(l.span)
        var kind = LayerKind.plain
        if let k = l.kind {
            if let found = LayerKind.allCases.first(where: { $0.name == k.text && $0 != .plain }) {
                kind = found
            } else {
                diags.error("E0231", "unknown layer kind '\(k.text)'", at: k.span,
                            label: suggestion(for: k.text, among: Checker.layerKinds).map { "did you mean '\($0)'?" })
            }
        }
        let me: IR
        var displayName = ""
        if case .identifier(let n)? = l.name { displayName = n.text }
        var template = LayerTemplate(kind: kind, name: "")
        template.properties.reserveCapacity(l.body.count)
        var nameStmt: [IRStmt] = []
        switch l.name {
        case .identifier(let n)?:
            displayName = n.text
            template.name = n.text
            var inFunction = false
            if case .user = fn.kind { inFunction = true }
            if fn.loopDepth > 0 || inFunction {
                diags.error("E0232", "a layer declared in a loop or function needs a name that differs each time", at: n.span,
                            label: "give it a string name, e.g. layer \"\(n.text)\\(i)\" { … }")
                me = .local(fn.newLocal())
            } else if let top = topEntry(n.text), top.span == n.span, top.slot >= 0 {
                me = .global(top.slot)
                setGlobal(n.text, .layer(slot: top.slot, name: n.text, n.span))
                if layerKindBySlot.count <= top.slot {
                    layerKindBySlot.append(contentsOf: repeatElement(nil, count: max(globalCount, top.slot + 1) - layerKindBySlot.count))
                }
                layerKindBySlot[top.slot] = kind
            } else if let prev = topLevel[n.text] {
                redeclared(n.text, at: n.span, previous: prev.span)
                me = .local(fn.newLocal())
            } else {
                me = .local(fn.newLocal())
            }
        case .dynamic(let e)?:
            let t = expr(e, expect: .string)
            me = .local(fn.newLocal())
            if let ir = convert(t, to: .string, at: e.span, what: "a layer's name") {
                if let s = ir.constant?.string { template.name = s; displayName = s } else {
                    nameStmt = [.setProp(layer: me, KeyPath(property: LayerProperties.name), ir, line: ln)]
                }
            }
        case nil:
            me = .local(fn.newLocal())
        }
        // properties: constants go into the template until the first computed one (source order)
        // (a list searched by packed key: a layer sets a handful of properties, and a dictionary
        // cost an allocation and a SipHash per property — 4% of checking a layer)
        var setKeys: [(key: UInt32, span: Span)] = []
        setKeys.reserveCapacity(l.body.count)
        var dynamicSeen = false
        var styleStmts: [IRStmt] = []
        var actionStmts: [IRStmt] = []
        var onlyPropertiesBefore = true
        // an emitter's emitterDepth and cells' zAcceleration, and whether renderMode is backToFront
        // (false: the default; nil: not known when compiling)
        var zOnly: [(name: String, span: Span)] = []
        var backToFront: Bool? = false
        // `contents` and a draw block in the same declaration: the drawing shows (W0027, after the body)
        var contentsSpan: Span?
        var drawSpan: Span?
        // what the layer's style sets, for the same warnings (the layer's own values win over it)
        var styleContents: (span: Span, style: String)?
        var styleBackToFront: Bool??
        var ownRenderMode = false
        fn.scopes.append(Scope())
        pushSiblings(l.body)
        defer { popSiblings() }
        // cell blocks become members `emitterCells.NAME.PROPERTY: value` (CheckEmitter.swift)
        let (items, cells) = expandCells(l.body, kind: kind, layerName: displayName)
        // (only when there are cells: readers take a missing entry as none)
        if case .global(let slot) = me, !cells.isEmpty { emitters.cellsBySlot[slot] = cells }
        // The layer's statements go straight into `out`, after its creation and its addition to the
        // parent (a body array per layer, copied over, was 30 000 allocations in the benchmark).
        // Its template's index is known only once the layers in its body have theirs, so the
        // creation is patched in afterwards, and a style's statements, known after the body, are
        // inserted before the addition.
        let creation = out.count
        out.append(.newLayer(into: me, template: -1, line: ln))
        out.appendEach(nameStmt)
        // add to the parent first, so layers added in this transaction take their values without
        // animation and handlers declared in the body can find the layer by name
        let addition = out.count
        out.append(l.isMask ? .setMask(layer: parent, mask: me, line: ln) : .tree(.add, parent, me, nil, line: ln))
        if !cells.isEmpty { out.append(cellTree(me, cells, line: ln)) }
        for item in items {
            if case .member(let m) = item {
                // CATransformLayer draws none of its own properties, only its sublayers (W0023)
                if kind == .transform, Checker.ignoredByTransformLayers.contains(String(m.name.first)) {
                    diags.warning("W0023", "'\(m.name.first)' has no effect on a transform layer", at: m.name.span,
                                  label: "a transform layer draws only its sublayers, none of its own properties")
                }
                // (first and rest rather than `text`, and a length test before the list: this
                // runs for every property a layer sets)
                if m.name.rest.isEmpty, m.name.first == "contents" { contentsSpan = m.name.span }
                if m.name.rest.isEmpty, m.name.first == "style" {
                    styleStmts += applyStyle(m, to: me)
                    if case .identifier(let sname) = m.value.kind, let info = styles[sname] {
                        for (kp, ir) in info.defaults {
                            let name = propertyInfo(kp.property).name
                            if kind == .transform, Checker.ignoredByTransformLayers.contains(name) {
                                diags.warning("W0023", "'\(name)' (set by style '\(sname)') has no effect on a transform layer", at: m.span,
                                              label: "a transform layer draws only its sublayers, none of its own properties")
                            }
                            if kp.property == LayerProperties.contents { styleContents = (m.span, sname) }
                            if kp.property == LayerProperties.renderMode {
                                if case .enumCase(let c)? = ir.constant { styleBackToFront = .some(c == EmitterStyle.RenderMode.backToFront.rawValue) }
                                else { styleBackToFront = .some(nil) }
                            }
                        }
                    }
                    continue
                }
                if m.name.rest.isEmpty, m.name.first == "mask" {
                    dynamicSeen = true
                    out.appendEach(maskAssignment(me, m.value, line: line(m.span)))
                    continue
                }
                if m.name.rest.isEmpty, Parser.isFilterList(m.name.first) {
                    // lists are built at run time (arrays never go into templates)
                    dynamicSeen = true
                    out.appendEach(filterList(m.name.text, m.value, layer: me, line: line(m.span)))
                    continue
                }
                guard let (kp, type) = resolveKeyPath(m.name, onLayer: displayName, cells: CellScope(kind: kind, cells: cells)) else {
                    _ = expr(m.value, expect: .error)
                    continue
                }
                guard kindHas(kind, kp, at: m.name.span) else { _ = expr(m.value, expect: .error); continue }
                let packed = kp.packed
                if let k = setKeys.firstIndex(where: { $0.key == packed }) {
                    diags.warning("W0002", "property '\(keyName(kp))' is set twice; the last value wins", at: m.name.span,
                                  notes: ["first set on line \(line(setKeys[k].span))"])
                    setKeys[k].span = m.name.span
                } else {
                    setKeys.append((packed, m.name.span))
                }
                if mentionsTime && ExprScan.usesTime(m.value) {
                    dynamicSeen = true
                    if let b = bindProperty(me, kp, type, m) { out.append(b) }
                    continue
                }
                let t = expr(m.value, expect: type)
                guard let ir = convert(t, to: type, at: m.value.span, what: "'\(keyName(kp))'"), finiteProperty(ir, kp, at: m.value.span) else { continue }
                // layers are always drawn at the output's resolution: a lower (or higher) cache
                // resolution is not reproduced (W0024)
                if kp.property == LayerProperties.rasterizationScale, kp.component == .whole,
                   case .number(let v)? = ir.constant, v != 1 {
                    diags.warning("W0024", "'rasterizationScale' has no effect", at: m.name.span,
                                  label: "layers are always drawn at the output's resolution; shouldRasterize is only a caching hint")
                }
                // a shift of every particle's z only orders backToFront, where it changes nothing (W0025)
                if kp.property == LayerProperties.emitterZPosition, case .number(let v)? = ir.constant, v != 0 {
                    diags.warning("W0025", "'emitterZPosition' has no effect", at: m.name.span,
                                  label: "particles are drawn in the emitter layer's plane; one z for all of them changes no order")
                }
                // z spreads that only `backToFront` can show (W0026, after the body)
                if kind == .emitter, case .number(let v)? = ir.constant, v != 0,
                   kp.property == LayerProperties.emitterDepth || m.name.text.hasSuffix(".zAcceleration") {
                    zOnly.append((keyName(kp), m.name.span))
                }
                if kp.property == LayerProperties.renderMode {
                    ownRenderMode = true
                    if case .enumCase(let c)? = ir.constant { backToFront = c == EmitterStyle.RenderMode.backToFront.rawValue }
                    else { backToFront = nil }
                }
                // the renderer draws particles in the layer's plane (docs/rendering.md, Particles)
                if kp.property == LayerProperties.preservesDepth, case .bool(true)? = ir.constant {
                    diags.warning("W0022", "'preservesDepth: true' has no effect", at: m.name.span,
                                  label: "particles are drawn in the emitter layer's plane; z only orders backToFront")
                }
                if let v = ir.constant, !dynamicSeen, styleStmts.isEmpty, !{ if case .array = v { return true } else { return false } }() {
                    // (arrays are never constants: they are built at run time)
                    template.properties.append(PropertyInit(kp, pool.index(v)))
                } else {
                    dynamicSeen = true
                    out.append(.setProp(layer: me, kp, ir, line: line(m.span)))
                }
            } else if case .actions(let members, let span) = item, onlyPropertiesBefore {
                // set before the layer joins the tree, so its onOrderIn runs when a handler
                // declares it (the style's come first: the layer's own override them) — when only
                // properties come before it: after a `let` or a call, it may read what they did
                actionStmts += actions(members).map { .setAction(layer: me, key: $0.0, animation: $0.1, line: line(span)) }
            } else {
                if case .layer(let child) = item, child.isMask, kind == .transform {
                    diags.warning("W0023", "'mask' has no effect on a transform layer", at: child.span,
                                  label: "a transform layer draws only its sublayers, none of its own properties")
                }
                if case .draw(_, let span) = item { drawSpan = span }
                onlyPropertiesBefore = false
                stmt(item, .layer(me, displayName), into: &out)
            }
        }
        // the style's renderMode, where the layer sets none of its own
        if !ownRenderMode, case .some(let fromStyle) = styleBackToFront { backToFront = fromStyle }
        if backToFront == false {
            for z in zOnly {
                diags.warning("W0026", "'\(z.name)' has no effect unless renderMode is .backToFront", at: z.span,
                              label: "particles are drawn in the emitter layer's plane; z only orders backToFront")
            }
        }
        // The layer's own drawing replaces `contents` in every frame: a CATextLayer draws its string
        // into its contents, a drawLayer:inContext: delegate fills the backing store (docs/semantics.md,
        // Content). A transform layer has W0023 already.
        // (the layer's own `contents`, else its style's, named in the message)
        let contents = contentsSpan.map { ($0, "'contents'") } ?? styleContents.map { ($0.span, "'contents' (set by style '\($0.style)')") }
        if let (c, what) = contents, kind != .transform {
            if kind == .text {
                diags.warning("W0027", "\(what) has no effect on a text layer; its text shows", at: c,
                              label: "a text layer draws its string into its own contents, replacing the image")
            } else if let d = drawSpan {
                diags.warning("W0027", "\(what) has no effect on a layer with a draw block; the drawing shows", at: c,
                              label: "the draw block's drawing is the layer's content in every frame",
                              notes: ["the draw block is on line \(line(d))"])
            }
        }
        fn.scopes.removeLast()
        out[creation] = .newLayer(into: me, template: layerTemplates.count, line: ln)
        layerTemplates.append(template)
        if !styleStmts.isEmpty || !actionStmts.isEmpty { out.insert(contentsOf: styleStmts + actionStmts, at: addition) }
    }

    /// Whether a layer of `kind` has the key path's property; reports it when not.
    func kindHas(_ kind: LayerKind, _ kp: KeyPath, at span: Span) -> Bool {
        // (the catalogue's own properties by a mask of their kinds: copying a property's record
        // retained its four references, for every property set)
        let masks = Checker.catalogueKindMasks
        if Int(kp.property) < masks.count, kp.property < LayerProperties.customBase,
           masks[Int(kp.property)] & (1 << UInt32(kind.rawValue)) != 0 { return true }
        let prop = propertyInfo(kp.property)
        if prop.applies(to: kind) { return true }
        let owners = prop.kinds?.map { $0.name }.joined(separator: ", ") ?? ""
        diags.error("E0233", "\(TypeRules.article(kindType(kind))) layer has no property '\(prop.name)'", at: span,
                    label: "'\(prop.name)' belongs to \(owners) layers: declare it 'layer name: \(prop.kinds?.first?.name ?? "")'")
        return false
    }

    func kindType(_ k: LayerKind) -> ValueType { .enumeration(k.name) }

    /// Per catalogue property, bit k set when layers of kind k (its raw value) have it.
    static let catalogueKindMasks: [UInt32] = LayerProperties.all.map { p in
        p.kinds.map { $0.reduce(0) { $0 | 1 << UInt32($1.rawValue) } } ?? ~0
    }

    /// CALayer properties (FEATURES.md §1) that CAL covers another way, with what to write instead.
    static let propertiesCALSpellsOtherwise: [String: String] = [
        "geometryFlipped": "CAL flips the whole scene instead: 'origin: .bottomLeft' in the scene block",
        "needsDisplayOnBoundsChange": "not needed: a 'draw' block runs for every frame, so drawn content always follows the bounds",
        "affineTransform": "set 'transform': an affine transform is a transform, e.g. 'transform: rotate(30deg) * translate(10, 0)'",
        "delegate": "a 'draw' block is the layer's drawing delegate; 'on LAYER.KEY.didStop' handlers receive its animations' events",
        "layoutManager": "constraints always take effect: give the sublayers 'constraints { … }'",
        "contentsAreFlipped": "CAL flips the whole scene instead: 'origin: .bottomLeft' in the scene block",
    ]

    /// Resolves a property key path such as `position.x`; reports unknown names with a suggestion.
    /// `cells` is the layer's kind and cells when the checker knows the layer (for cell key paths).
    func resolveKeyPath(_ name: Name, onLayer layer: String, cells: CellScope? = nil) -> (KeyPath, ValueType)? {
        // (`first` and `rest` rather than `parts`, which builds an array)
        if !name.rest.isEmpty, FilterKey.lists.contains(name.first) {
            return resolveFilterKeyPath(name)
        }
        if name.first == EmitterCellKey.prefix {
            if !name.rest.isEmpty { return resolveCellKeyPath(name, onLayer: layer, scope: cells) }
            diags.error("E0247", "'emitterCells' is made from the layer's cell declarations", at: name.span,
                        label: "declare cells with 'cell NAME { … }' in an emitter layer")
            return nil
        }
        if let r = table.parse(name.text) { return r }
        let what = layer.isEmpty ? "" : " on layer '\(layer)'"
        if let prop = LayerProperties.named(name.parts[0]) ?? table.custom.firstIndex(where: { $0.name == name.parts[0] }).flatMap({ table.info(LayerProperties.customBase + UInt16($0)) }) {
            let comps = Component.components(of: prop.type).map { prop.name + "." + $0.0 }
            diags.error("E0202", "'\(prop.name)' has no field '\(name.parts.dropFirst().joined(separator: "."))'", at: name.span,
                        label: suggestion(for: name.text, among: comps).map { "did you mean '\($0)'?" }
                            ?? (comps.isEmpty ? "'\(prop.name)' is \(TypeRules.article(prop.type))" : nil))
        } else {
            // `presentationLayer.opacity` and the like: Core Animation's word for the first part
            let hint: String?
            if let why = Checker.propertiesCALSpellsOtherwise[name.first] {
                hint = why
            } else if let alias = coreAnimationSpellings[name.first] {
                hint = "did you mean '" + ([alias] + name.parts.dropFirst()).joined(separator: ".") + "'?"
            } else {
                hint = suggestion(for: name.text, among: KeyPath.allNames + table.custom.map(\.name)).map { "did you mean '\($0)'?" }
            }
            diags.error("E0201", "unknown property '\(name.text)'\(what)", at: name.span, label: hint)
        }
        return nil
    }

    /// `name: value` in a block: a property of the enclosing layer.
    func member(_ m: Member, _ ctx: MemberContext) -> [IRStmt] {
        guard case .layer(let layer, let lname) = ctx else {
            diags.error("E0106", "'\(m.name.text): …' sets a property, which belongs inside a layer", at: m.name.span,
                        label: fn.kind == .main ? "write it inside 'layer name { … }'"
                            : m.name.rest.isEmpty ? "in a handler, assign to a layer's property with '=': LAYER.\(m.name.text) = …"
                            : "in a handler, assign with '=': \(m.name.text) = …")
            _ = expr(m.value, expect: .error)
            return []
        }
        if m.name.text == "style" { return applyStyle(m, to: layer) }
        if m.name.text == "mask" { return maskAssignment(layer, m.value, line: line(m.span)) }
        if FilterKey.lists.contains(m.name.text) { return filterList(m.name.text, m.value, layer: layer, line: line(m.span)) }
        guard let (kp, type) = resolveKeyPath(m.name, onLayer: lname, cells: cellScope(layer)) else { _ = expr(m.value, expect: .error); return [] }
        if case .global(let slot) = layer, let k = layerKind(slot: slot), !kindHas(k, kp, at: m.name.span) {
            _ = expr(m.value, expect: .error)
            return []
        }
        if mentionsTime && ExprScan.usesTime(m.value) { return bindProperty(layer, kp, type, m).map { [$0] } ?? [] }
        let t = expr(m.value, expect: type)
        guard let ir = convert(t, to: type, at: m.value.span, what: "'\(keyName(kp))'"), finiteProperty(ir, kp, at: m.value.span) else { return [] }
        return [.setProp(layer: layer, kp, ir, line: line(m.span))]
    }

    /// A property whose value uses `time`: compiled as a function the VM calls for every frame.
    func bindProperty(_ layer: IR, _ kp: KeyPath, _ type: ValueType, _ m: Member) -> IRStmt? {
        if !propertyInfo(kp.property).stored {
            diags.error("E0294", "'\(keyName(kp))' cannot be bound to an expression of time", at: m.name.span,
                        notes: ["bind 'position' and 'bounds' instead"])
            return nil
        }
        let handler = nestedFunction(kind: .binding, name: "\(propertyInfo(kp.property).name) = …") { [unowned self] in
            let t = self.expr(m.value, expect: type)
            guard let ir = self.convert(t, to: type, at: m.value.span, what: "'\(keyName(kp))'") else { return [] }
            return [.ret(ir, line: self.line(m.span))]
        }
        return .bind(layer: layer, kp, handler, line: line(m.span))
    }

    /// Checks `body` as a new function nested in the current one (a handler or binding) and returns
    /// it with the values it captures from the enclosing code.
    func nestedFunction(kind: FunctionKind, name: String, params: [(String, ValueType, Span)] = [], body: () -> [IRStmt]) -> Handler {
        let index = functions.count
        functions.append(IRFunction(name: name, body: [], paramCount: 0, localCount: 0, endLine: 1))
        let saved = fn
        let state = FunctionState(index: index, kind: kind, parent: saved)
        for (k, p) in params.enumerated() { state.scopes[0][p.0] = .param(k, type: p.1, p.2) }
        state.paramCount = params.count
        fn = state
        let ir = body()
        fn = saved
        functions[index].body = ir
        functions[index].paramCount = state.paramCount
        functions[index].localCount = state.localCount
        return Handler(function: index, captures: state.captures)
    }

    // MARK: styles and actions

    /// `style: name` in a layer: the style's defaults, then its actions.
    func applyStyle(_ m: Member, to layer: IR) -> [IRStmt] {
        guard case .identifier(let sname) = m.value.kind else {
            diags.error("E0290", "'style' expects the name of a style", at: m.value.span)
            return []
        }
        guard let info = styleInfo(sname, at: m.value.span) else { return [] }
        let ln = line(m.span)
        return info.defaults.map { .setStyled(layer: layer, $0.0, $0.1, line: ln) }
            + info.actions.map { .setAction(layer: layer, key: $0.0, animation: $0.1, line: ln) }
    }

    /// The flattened contents of a style (checked on first use; nested styles first).
    func styleInfo(_ name: String, at span: Span) -> StyleInfo? {
        if let decl = styleDecls[name] { usedDeclarations.insert(decl.name.span.start) }
        if let s = styles[name] { return s }
        guard let decl = styleDecls[name] else {
            diags.error("E0292", "unknown style '\(name)'", at: span,
                        label: suggestion(for: name, among: styleDecls.keys.sorted()).map { "did you mean '\($0)'?" })
            return nil
        }
        if stylesInProgress.contains(name) {
            diags.error("E0293", "style '\(name)' includes itself", at: span)
            return nil
        }
        stylesInProgress.insert(name)
        defer { stylesInProgress.remove(name) }
        var info = StyleInfo()
        let saved = fn
        fn = FunctionState(index: 0, kind: .main, parent: nil)
        for item in decl.body {
            switch item {
            case .member(let m) where m.name.text == "style":
                if case .identifier(let inner) = m.value.kind, let base = styleInfo(inner, at: m.value.span) {
                    info.defaults += base.defaults
                    info.actions += base.actions
                } else if case .identifier = m.value.kind {} else {
                    diags.error("E0290", "'style' expects the name of a style", at: m.value.span)
                }
            case .member(let m):
                guard let (kp, type) = resolveKeyPath(m.name, onLayer: "") else { continue }
                let t = expr(m.value, expect: type)
                guard let ir = convert(t, to: type, at: m.value.span, what: "'\(keyName(kp))'"), finiteProperty(ir, kp, at: m.value.span) else { continue }
                guard ir.constant != nil else {
                    diags.error("E0295", "a style's values must be constants", at: m.value.span)
                    continue
                }
                info.defaults.append((kp, ir))
            case .actions(let members, _):
                info.actions += actions(members)
            case .error: break
            default:
                diags.error("E0296", "a style holds property defaults, 'style: other' and 'actions { … }'", at: item.span)
            }
        }
        fn = saved
        styles[name] = info
        return info
    }

    static let actionKeys = ["onOrderIn", "onOrderOut", "transition"]

    /// `actions { key: animation | none }`: the animation run when the key changes (or none).
    func actions(_ members: [Member]) -> [(String, IR?)] {
        var out: [(String, IR?)] = []
        for m in members {
            let key = m.name.text
            // an emitter cell's property: its key path is its action key
            let isCellKey = m.name.parts.first == EmitterCellKey.prefix && m.name.parts.count > 1
            if isCellKey, resolveKeyPath(m.name, onLayer: "") == nil { continue }
            // (custom properties are animatable: `property progress: number = 0` takes an action)
            let valid = isCellKey || Checker.actionKeys.contains(key) || LayerProperties.named(key).map { $0.animatable }
                ?? table.custom.contains { $0.name == key }
            if !valid {
                let candidates = Checker.actionKeys + LayerProperties.all.filter(\.animatable).map(\.name) + table.custom.map(\.name)
                diags.error("E0297", "'\(key)' is not an action key", at: m.name.span,
                            label: suggestion(for: key, among: candidates).map { "did you mean '\($0)'?" }
                                ?? "action keys are animatable properties and onOrderIn, onOrderOut, transition")
                continue
            }
            if case .none = m.value.kind { out.append((key, nil)); continue }
            let t = expr(m.value, expect: .animation, actionKey: key)
            guard let ir = convert(t, to: .animation, at: m.value.span, what: "action '\(key)'") else { continue }
            out.append((key, ir))
        }
        return out
    }

    /// W0016: a transition known when compiling (written in place, or a `let` folded to it) attached
    /// under a key other than "transition" —
    /// Core Animation (and the VM) store it under "transition" whatever the key (SPEC §3), so
    /// handlers on the other key never run.
    func warnTransitionKey(_ anim: IR, _ key: String, at span: Span) {
        if key != "transition", let v = transitionVariable(anim), transitionVariables[v] != nil {
            // known at the end of checking: whether every value the variable gets is a transition
            transitionVariableUses.append((v, key, span))
            return
        }
        guard key != "transition", isTransitionLiteral(anim) else { return }
        transitionKeyWarning(key, at: span)
    }

    func transitionKeyWarning(_ key: String, at span: Span) {
        diags.warning("W0016", "a transition is always attached under the key 'transition', not '\(key)'", at: span,
                      label: "use forKey: \"transition\"")
    }

    func isTransitionLiteral(_ ir: IR) -> Bool {
        guard case .animation(let t, _) = ir, animationTemplates.indices.contains(t) else { return false }
        return animationTemplates[t].kind == .transition
    }

    /// The variable an IR reads, for W0016's tracking.
    func transitionVariable(_ ir: IR) -> TransitionVariable? {
        switch ir {
        case .local(let reg): return TransitionVariable(function: fn.index, slot: reg)
        case .global(let slot): return TransitionVariable(function: -1, slot: slot)
        default: return nil
        }
    }

    /// A value assigned to a tracked variable: it stays a transition only if this is one too (or
    /// the same animation with a timing field changed).
    func noteAssignment(to v: TransitionVariable, _ ir: IR) {
        guard transitionVariables[v] == true else { return }
        if isTransitionLiteral(ir) { return }
        if case .animWith(let base, _, _) = ir, transitionVariable(base) == v { return }
        transitionVariables[v] = false
    }

    func reportTransitionVariables() {
        for (v, key, span) in transitionVariableUses where transitionVariables[v] == true {
            transitionKeyWarning(key, at: span)
        }
    }

    func animationsBlock(_ members: [Member], layer: IR, layerName: String) -> [IRStmt] {
        var keys: [String: Span] = [:]
        var out: [IRStmt] = []
        for m in members {
            let key = m.name.text
            if let prev = keys[key] {
                diags.error("E0410", "animation key '\(key)' is used twice on layer '\(layerName)'", at: m.name.span,
                            notes: ["first used on line \(line(prev)); a second animation with the same key would replace the first"])
            }
            keys[key] = m.name.span
            let t = expr(m.value, expect: .animation)
            guard let ir = convert(t, to: .animation, at: m.value.span, what: "animation '\(key)'") else { continue }
            warnTransitionKey(ir, key, at: m.name.span)
            out.append(.addAnimation(layer: layer, animation: ir, key: key, line: line(m.span)))
        }
        return out
    }

    // MARK: handlers

    func event(_ e: EventDecl) -> [IRStmt] {
        let ln = line(e.span)
        let name: String
        var params: [(String, ValueType, Span)] = []
        var registration: EventRegistration
        switch e.trigger {
        case .at(let t):
            let time = eventTime(t, "an event time")
            registration = .at(time)
            name = "at \(file.text(t.span))"
        case .after(let t):
            let delay = eventTime(t, "a delay")
            registration = .at(fn.kind == .main ? delay : .arith(.add, .now, delay))
            name = "after \(file.text(t.span))"
        case .every(let interval, let from, let until):
            let i = eventTime(interval, "an interval")
            if let v = i.constant?.number, v <= 0 {
                diags.error("E0241", "the interval of 'every' must be positive", at: interval.span)
            }
            let start = from.map { eventTime($0, "a start time") } ?? (fn.kind == .main ? .const(.number(0)) : .now)
            let end = until.map { eventTime($0, "an end time") } ?? .const(.number(.infinity))
            registration = .every(start: start, interval: i, until: end)
            name = "every \(file.text(interval.span))"
        case .frame:
            registration = .frame
            name = "every frame"
        case .didStart(let layerExpr, let key), .didStop(let layerExpr, let key, _):
            let lt = expr(layerExpr, expect: .layer)
            let layer = convert(lt, to: .layer, at: layerExpr.span, what: "'on'") ?? .const(.none)
            let start: Bool
            if case .didStop(_, _, let finished) = e.trigger {
                start = false
                if let finished { params = [(finished.text, .bool, finished.span)] }
            } else { start = true }
            let keyIR: IR
            let keyText: String
            switch key {
            case .name(let n):
                keyIR = .const(.string(n.text))
                keyText = "." + n.text
            case .computed(let k):
                // a string computed when the handler is registered; an empty one is a runtime
                // error there, as for addAnimation(_:forKey:)
                let kt = expr(k, expect: .string)
                keyIR = convert(kt, to: .string, at: k.span, what: "an animation key") ?? .const(.string("?"))
                if case .string(let s)? = keyIR.constant, s.isEmpty {
                    diags.error("E0414", "an animation key must not be empty", at: k.span)
                }
                keyText = "[" + file.text(k.span) + "]"
            }
            registration = .animation(start: start, layer: layer, key: keyIR)
            name = "on \(file.text(layerExpr.span))\(keyText).\(start ? "didStart" : "didStop")"
            if lt.type.isError { return [] }
        case .contact(let b, let began, let names):
            guard let c = contactTrigger(b, began: began, names: names) else { return [] }
            registration = c.0
            name = c.1
            params = c.2
        }
        let deferrable = fn.kind == .main && fn.scopes.count <= 2 && fn.loopDepth == 0
        if deferrable {
            // a top-level handler: checked after main so it may use any top-level name
            let index = functions.count
            functions.append(IRFunction(name: name, body: [], paramCount: params.count, localCount: 0, endLine: endLine(e.span)))
            deferred.append { [unowned self] in
                let saved = self.fn
                let state = FunctionState(index: index, kind: .handler, parent: nil)
                for (k, p) in params.enumerated() { state.scopes[0][p.0] = .param(k, type: p.1, p.2) }
                state.paramCount = params.count
                self.fn = state
                let body = self.block(e.body, .none)
                self.fn = saved
                self.functions[index].body = body
                self.functions[index].paramCount = state.paramCount
                self.functions[index].localCount = state.localCount
            }
            return [.register(registration, Handler(function: index, captures: []), line: ln)]
        }
        let handler = nestedFunction(kind: .handler, name: name, params: params) { [unowned self] in self.block(e.body, .none) }
        functions[handler.function].endLine = endLine(e.span)
        return [.register(registration, handler, line: ln)]
    }

    func eventTime(_ e: Expr, _ what: String) -> IR {
        let t = expr(e, expect: .number(.time))
        guard let ir = convert(t, to: .number(.time), at: e.span, what: what) else { return .const(.number(0)) }
        if let v = ir.constant?.number {
            if v < 0 || !v.isFinite {
                diags.error("E0240", "\(what) must be a non-negative finite duration, found \(fmt(v))s", at: e.span)
            } else if what == "an event time", sceneSpan != nil || !fileDeclaresScene, v > scene.duration + 1e-9 {
                diags.warning("W0001", "this event at \(fmt(v))s is after the end of the scene (\(fmt(scene.duration))s) and never runs", at: e.span)
            }
        }
        return ir
    }

    // MARK: transactions

    func transaction(_ args: [Arg], _ body: [Stmt], _ completion: [Stmt]?, _ span: Span) -> [IRStmt] {
        var settings: [(TxField, IR)] = []
        var seen: Set<String> = []
        for a in args {
            guard let label = a.label else {
                diags.error("E0250", "transaction settings need a label, e.g. 'animationDuration: 1s'", at: a.value.span)
                continue
            }
            let settingsCA: [TxField] = [.animationDuration, .animationTimingFunction, .disableActions]
            guard let field = settingsCA.first(where: { $0.name == label.text }) else {
                diags.error("E0251", "unknown transaction setting '\(label.text)'", at: label.span,
                            label: suggestion(for: label.text, among: settingsCA.map { $0.name }).map { "did you mean '\($0)'?" })
                _ = expr(a.value, expect: .error)
                continue
            }
            if !seen.insert(label.text).inserted {
                diags.error("E0252", "transaction setting '\(label.text)' is given twice", at: label.span)
            }
            let type: ValueType = field == .animationDuration ? .number(.time) : field == .disableActions ? .bool : .timingFunction
            let t = expr(a.value, expect: type)
            if let ir = convert(t, to: type, at: a.value.span, what: "'\(label.text)'") {
                if field == .animationDuration, let v = ir.constant?.number, v < 0 || !v.isFinite {
                    diags.error("E0253", "a transaction's duration must be a non-negative finite time", at: a.value.span)
                }
                settings.append((field, ir))
            }
        }
        let inner = block(body, .none)
        var handler: Handler?
        if let completion {
            handler = nestedFunction(kind: .handler, name: "transaction completion") { [unowned self] in self.block(completion, .none) }
            functions[handler!.function].endLine = endLine(span)
        }
        return [.transaction(settings, inner, completion: handler, line: line(span), endLine: endLine(span))]
    }

    // MARK: animation blocks

    /// UIKit's `animate(duration:delay:options:) { … } completion { … }`, its spring form
    /// (`dampingRatio:`, `initialVelocity:`), `animateKeyframes` and `keyframe(start:duration:)`,
    /// as transactions whose settings shape the animations their changes make.
    func animateBlock(_ kind: Name, _ args: [Arg], _ body: [Stmt], _ completion: [Stmt]?, _ finished: Name?, _ span: Span, _ ctx: MemberContext) -> [IRStmt] {
        if kind.text == "transition" { return transitionBlock(kind, args, body, completion, finished, span, ctx) }
        let isKeyframe = kind.text == "keyframe"
        let allowed: [String: ValueType] = isKeyframe
            ? ["start": .number(.scalar), "duration": .number(.scalar)]
            : ["duration": .number(.time), "delay": .number(.time), "options": .array(.enumeration("animation option")),
               "dampingRatio": .number(.scalar), "initialVelocity": .number(.scalar)]
        if isKeyframe, keyframeBlockDepth == 0 {
            diags.error("E0415", "'keyframe' belongs inside 'animateKeyframes'", at: kind.span)
        }
        if kind.text == "animateKeyframes", args.contains(where: { $0.label?.text == "dampingRatio" || $0.label?.text == "initialVelocity" }) {
            diags.error("E0416", "keyframe animation blocks have no spring parameters", at: kind.span)
        }
        var values: [String: IR] = [:]
        for a in args {
            guard let label = a.label, let type = allowed[label.text] else {
                let what = a.label.map { "'\($0.text)'" } ?? "an unlabelled argument"
                diags.error("E0417", "\(kind.text) takes no \(what)", at: a.label?.span ?? a.value.span,
                            label: "it takes " + allowed.keys.sorted().map { "'\($0):'" }.joined(separator: ", "))
                _ = expr(a.value, expect: .error)
                continue
            }
            let t = expr(a.value, expect: type)
            guard let ir = convert(t, to: type, at: a.value.span, what: "'\(label.text)'") else { continue }
            if isKeyframe, let x = ir.constant?.number, !(0...1).contains(x) {
                diags.error("E0418", "a keyframe's '\(label.text)' is a fraction of the block's duration, from 0 to 1", at: a.value.span)
            }
            values[label.text] = ir
        }
        if values["duration"] == nil {
            diags.error("E0419", "\(kind.text) needs a 'duration:'", at: kind.span)
        }
        var settings: [(TxField, IR)] = []
        if isKeyframe {
            if let s = values["start"] { settings.append((.keyframeStart, s)) }
            if let d = values["duration"] { settings.append((.keyframeDuration, d)) }
        } else {
            if let d = values["duration"] { settings.append((.animationDuration, d)) }
            if let d = values["delay"] { settings.append((.delay, d)) }
            var curve = TimingFunction.easeInEaseOut
            var fromCurrent = false
            if case .array(let options)? = values["options"]?.constant {
                let names = Enumerations.all["animation option"] ?? []
                for case .enumCase(let i) in options {
                    switch names[Int(i)] {
                    case "curveEaseIn": curve = .easeIn
                    case "curveEaseOut": curve = .easeOut
                    case "curveLinear": curve = .linear
                    case "curveEaseInOut": curve = .easeInEaseOut
                    case "repeat": settings.append((.repeatCount, .const(.number(.infinity))))
                    case "autoreverse": settings.append((.autoreverses, .const(.bool(true))))
                    case "beginFromCurrentState": fromCurrent = true
                    default: break
                    }
                }
            }   // (options are always constants: a `.case` array has no type to live in a variable)
            if kind.text == "animateKeyframes" {
                settings.append((.keyframes, .const(.bool(true))))
                if values["options"] == nil || curve == .easeInEaseOut { curve = .linear }
            }
            settings.append((.animationTimingFunction, .const(.timing(curve))))
            settings.append((.beginFromCurrentState, .const(.bool(fromCurrent))))
            if let r = values["dampingRatio"] { settings.append((.springDampingRatio, r)) }
            if let v = values["initialVelocity"] { settings.append((.springVelocity, v)) }
        }
        if kind.text == "animateKeyframes" { keyframeBlockDepth += 1 }
        let inner = block(body, ctx)
        if kind.text == "animateKeyframes" { keyframeBlockDepth -= 1 }
        var handler: Handler?
        if let completion {
            if isKeyframe { diags.error("E0415", "a keyframe has no completion; give it to 'animateKeyframes'", at: span) }
            handler = completionHandler("\(kind.text) completion", completion, finished)
            functions[handler!.function].endLine = endLine(span)
        }
        return [.transaction(settings, inner, completion: handler, line: line(span), endLine: endLine(span))]
    }

    /// A UIKit block's completion handler; with `completion(finished)`, its first parameter is the
    /// flag (false when an animation of the block was removed before it finished).
    func completionHandler(_ name: String, _ body: [Stmt], _ finished: Name?) -> Handler {
        let params = finished.map { [($0.text, ValueType.bool, $0.span)] } ?? []
        var h = nestedFunction(kind: .handler, name: name, params: params) { [unowned self] in self.block(body, .none) }
        h.passesFinished = finished != nil
        return h
    }

    /// UIKit's `transition(with: layer, duration:, options: [.transitionFlipFromLeft …]) { … }`: the
    /// changes happen without animation and a CATransition on the layer shows them.
    func transitionBlock(_ kind: Name, _ args: [Arg], _ body: [Stmt], _ completion: [Stmt]?, _ finished: Name?, _ span: Span, _ ctx: MemberContext) -> [IRStmt] {
        var layer: IR?, duration: IR?
        var type = 0, subtype = 0
        var curve = TimingFunction.easeInEaseOut
        for a in args {
            switch a.label?.text {
            case "with"?:
                let t = expr(a.value, expect: .layer)
                layer = convert(t, to: .layer, at: a.value.span, what: "'with'")
            case "duration"?:
                let t = expr(a.value, expect: .number(.time))
                duration = convert(t, to: .number(.time), at: a.value.span, what: "'duration'")
            case "options"?:
                let t = expr(a.value, expect: .array(.enumeration("animation option")))
                guard let ir = convert(t, to: .array(.enumeration("animation option")), at: a.value.span, what: "'options'"),
                      case .array(let options)? = ir.constant else { continue }
                let names = Enumerations.all["animation option"] ?? []
                for case .enumCase(let i) in options {
                    switch names[Int(i)] {
                    case "transitionFlipFromLeft": type = 4; subtype = 1
                    case "transitionFlipFromRight": type = 4; subtype = 0
                    case "transitionFlipFromTop": type = 4; subtype = 2
                    case "transitionFlipFromBottom": type = 4; subtype = 3
                    case "transitionCurlUp": type = 5
                    case "transitionCurlDown": type = 6
                    case "transitionCrossDissolve": type = 0
                    case "curveEaseIn": curve = .easeIn
                    case "curveEaseOut": curve = .easeOut
                    case "curveLinear": curve = .linear
                    default: break
                    }
                }
            default:
                diags.error("E0417", "transition takes no \(a.label.map { "'\($0.text)'" } ?? "an unlabelled argument")", at: a.label?.span ?? a.value.span,
                            label: "it takes 'with:', 'duration:', 'options:'")
                _ = expr(a.value, expect: .error)
            }
        }
        guard let layer else {
            diags.error("E0419", "transition needs 'with:' (the layer) and 'duration:'", at: kind.span)
            return []
        }
        guard let duration else {
            diags.error("E0419", "transition needs a 'duration:'", at: kind.span)
            return []
        }
        let ln = line(span)
        var template = AnimationTemplate(kind: .transition, keyPath: KeyPath(property: 0))
        template.fields = [FieldInit(.type, pool.index(.enumCase(UInt8(type)))), FieldInit(.subtype, pool.index(.enumCase(UInt8(subtype)))),
                           FieldInit(.timingFunction, pool.index(.timing(curve)))]
        var dynamic: [(AnimField, IR)] = []
        if let d = duration.constant { template.fields.append(FieldInit(.duration, pool.index(d))) } else { dynamic.append((.duration, duration)) }
        let index = animationTemplates.count
        animationTemplates.append(template)
        let changes = IRStmt.transaction([(.disableActions, .const(.bool(true)))], block(body, ctx), completion: nil, line: ln, endLine: endLine(span))
        var handler: Handler?
        if let completion {
            handler = completionHandler("transition completion", completion, finished)
            functions[handler!.function].endLine = endLine(span)
        }
        return [.transaction([], [changes, .addAnimation(layer: layer, animation: .animation(template: index, dynamic: dynamic), key: "transition", line: ln)],
                             completion: handler, line: ln, endLine: endLine(span))]
    }

    // MARK: assignments

    /// Splits `a.b.c` into its innermost non-member base and the trailing names.
    func splitMembers(_ e: Expr) -> (Expr, [(String, Span)]) {
        var names: [(String, Span)] = []
        var cur = e
        while case .member(let base, let name) = cur.kind {
            names.insert(contentsOf: name.parts.map { ($0, name.span) }, at: 0)
            cur = base
        }
        return (cur, names)
    }

    func assign(_ target: Expr, _ value: Expr, _ span: Span, into out: inout [IRStmt]) {
        let ln = line(span)
        // xs[i] = v
        if case .index(let base, let indexExpr) = target.kind {
            guard case .identifier(let vname) = base.kind, let sym = lookup(vname, at: base.span) else {
                if case .identifier = base.kind {} else {
                    diags.error("E0260", "only a variable's elements can be assigned", at: target.span)
                }
                _ = expr(value, expect: .error)
                return
            }
            guard let (variable, type) = variableTarget(sym, vname, base.span) else { return }
            guard case .array(let element) = type else {
                diags.error("E0303", "'\(vname)' is \(TypeRules.article(type)), not an array", at: base.span)
                return
            }
            let it = expr(indexExpr, expect: .number(.scalar))
            let vt = expr(value, expect: element)
            guard let ii = convert(it, to: .number(.scalar), at: indexExpr.span, what: "an index"),
                  let vi = convert(vt, to: element, at: value.span, what: "an element of '\(vname)'") else { return }
            out.append(.setIndex(variable: variable, index: ii, value: vi, line: ln))
            return
        }
        let (base, allNames) = splitMembers(target)
        var names = allNames
        // a variable
        if names.isEmpty, case .identifier(let vname) = base.kind {
            // a `var` of this function's scopes, read in place (what `lookup` and `variableTarget`
            // make of it, without copying its symbol)
            if let (reg, type) = scopeVariable(vname) {
                let t = expr(value, expect: type)
                guard let ir = convert(t, to: type, at: value.span, what: "'\(vname)'") else { return }
                if type == .animation { noteAssignment(to: TransitionVariable(function: fn.index, slot: reg), ir) }
                out.append(.setLocal(reg, ir, line: ln))
                return
            }
            guard let sym = lookup(vname, at: base.span) else { _ = expr(value, expect: .error); return }
            if case .layer(_, let lname, _) = sym {
                diags.error("E0261", "cannot assign to layer '\(lname)' itself", at: target.span, label: "assign to one of its properties, e.g. '\(lname).opacity'")
                return
            }
            guard let (variable, type) = variableTarget(sym, vname, base.span) else { _ = expr(value, expect: .error); return }
            let t = expr(value, expect: type)
            guard let ir = convert(t, to: type, at: value.span, what: "'\(vname)'") else { return }
            if type == .animation, let v = transitionVariable(variable) { noteAssignment(to: v, ir) }
            store(ir, in: variable, line: ln, into: &out)
            return
        }
        if names.isEmpty {
            diags.error("E0260", "cannot assign to this expression", at: target.span,
                        label: "expected a layer property such as 'card.opacity', a variable or an element 'xs[i]'")
            _ = expr(value, expect: .error)
            return
        }
        if let s = assignBehavior(base, names, value, span) { out.appendEach(s); return }
        if names.count == 1, case .identifier(let vname) = base.kind, assignAnimationField(vname, base.span, names[0], value, ln, into: &out) { return }
        // a layer property
        var b = expr(base, expect: nil)
        if b.type.isError { _ = expr(value, expect: .error); return }
        // through the tree: `l.superlayer.opacity = …`, `l.mask.backgroundColor = …` (but
        // `l.mask = …` itself sets the mask)
        var throughTree = false
        while b.type == .layer, let first = names.first, let what = TreeRead(rawValue: first.0), names.count > 1 || what != .mask {
            guard names.count > 1, what != .sublayers else {
                diags.error("E0260", "cannot assign to '\(what == .sublayers && names.count > 1 ? "sublayers." + names[1].0 : first.0)'", at: first.1,
                            label: "change the tree with addSublayer, insertSublayer, removeFromSuperlayer or replaceSublayer")
                _ = expr(value, expect: .error)
                return
            }
            b = Typed(ir: .tree(what, b.ir), type: .layer)
            names.removeFirst()
            throughTree = true
        }
        guard b.type == .layer else {
            diags.error("E0263", "cannot assign to a part of \(TypeRules.article(b.type))", at: target.span,
                        label: "assign the whole value instead")
            _ = expr(value, expect: .error)
            return
        }
        let lname = throughTree ? "" : layerDisplayName(base)
        if fn.kind == .draw {
            diags.error("E0268", "a draw block only draws: it cannot change the scene", at: target.span,
                        label: "set properties in a handler ('every frame { … }' runs at every frame)")
            _ = expr(value, expect: .error)
            return
        }
        if names.first?.0 == "presentation" {
            diags.error("E0262", "the presentation layer is read-only", at: names[0].1,
                        notes: ["set the model value ('\(lname).\(names.dropFirst().map { $0.0 }.joined(separator: "."))') instead"])
            _ = expr(value, expect: .error)
            return
        }
        guard !names.isEmpty else { return }
        // a handler drawing something onto a transform layer known by name: nothing is drawn (W0023)
        if case .global(let slot) = b.ir, layerKind(slot: slot) == .transform,
           Checker.ignoredByTransformLayers.contains(names[0].0) {
            var removesMask = false
            if names[0].0 == "mask", case .none = value.kind { removesMask = true }
            if !removesMask {
                diags.warning("W0023", "'\(names[0].0)' has no effect on a transform layer", at: names[0].1,
                              label: "a transform layer draws only its sublayers, none of its own properties")
            }
        }
        // an image given to a text layer known by name: its text is its content (W0027)
        if names.count == 1, names[0].0 == "contents", case .global(let slot) = b.ir, layerKind(slot: slot) == .text {
            if case .none = value.kind {} else {
                diags.warning("W0027", "'contents' has no effect on a text layer; its text shows", at: names[0].1,
                              label: "a text layer draws its string into its own contents, replacing the image")
            }
        }
        if names.count == 1, names[0].0 == "mask" { out.appendEach(maskAssignment(b.ir, value, line: ln)); return }
        if names.count == 1, names[0].0 == "style" {
            // `l.style = s`: the old style's values give way to the new style's, where the layer has
            // no value of its own (docs/semantics.md, "Styles")
            guard case .identifier(let sname) = value.kind else {
                diags.error("E0290", "'style' expects the name of a style", at: value.span)
                return
            }
            guard let info = styleInfo(sname, at: value.span) else { return }
            out.append(.resetStyle(layer: b.ir, line: ln))
            out.appendEach(info.defaults.map { .setStyled(layer: b.ir, $0.0, $0.1, line: ln) })
            out.appendEach(info.actions.map { .setAction(layer: b.ir, key: $0.0, animation: $0.1, line: ln) })
            return
        }
        if names.count == 1, FilterKey.lists.contains(names[0].0) {
            out.appendEach(filterList(names[0].0, value, layer: b.ir, line: ln))
            return
        }
        let name = Name(names.map { $0.0 }, span: names[0].1.to(names.last!.1))
        guard let (kp, type) = resolveKeyPath(name, onLayer: lname, cells: cellScope(b.ir)) else { _ = expr(value, expect: .error); return }
        if case .global(let slot) = b.ir, let k = layerKind(slot: slot), !kindHas(k, kp, at: name.span) {
            _ = expr(value, expect: .error)
            return
        }
        let t = expr(value, expect: type)
        guard let ir = convert(t, to: type, at: value.span, what: "'\(keyName(kp))'"), finiteProperty(ir, kp, at: value.span) else { return }
        out.append(.setProp(layer: b.ir, kp, ir, line: ln))
    }

    /// `mask: other` in a layer body, `layer.mask = other` or `= none` in a handler: another layer
    /// (taken out of the tree it was in) becomes the mask, as setting CALayer's `mask` does.
    func maskAssignment(_ layer: IR, _ value: Expr, line ln: Int) -> [IRStmt] {
        if case .none = value.kind { return [.setMask(layer: layer, mask: .const(.none), line: ln)] }
        let t = expr(value, expect: .layer)
        guard let ir = convert(t, to: .layer, at: value.span, what: "a mask") else { return [] }
        return [.setMask(layer: layer, mask: ir, line: ln)]
    }

    func layerDisplayName(_ e: Expr) -> String {
        if case .identifier(let n) = e.kind { return n }
        return ""
    }

    /// `a.duration = 2s` where `a` is an animation variable: the variable gets a copy of its
    /// animation with the field set, so other holders of the old animation (another variable, a
    /// layer it was added to) keep theirs. False when `a` is no animation variable.
    func assignAnimationField(_ vname: String, _ vspan: Span, _ name: (String, Span), _ value: Expr, _ ln: Int, into out: inout [IRStmt]) -> Bool {
        let variable: IR
        if let (reg, type) = scopeVariable(vname) {
            guard type == .animation else { return false }
            variable = .local(reg)
        } else {
            guard let sym = lookup(vname, at: vspan, report: false) else { return false }
            switch sym {
            case .global(_, let type, _, _), .local(_, let type, _, _), .param(_, let type, _), .constant(_, let type, _):
                guard type == .animation else { return false }
            case .animation: break   // a `let` animation: variableTarget says it is a constant
            default: return false
            }
            guard let (v, _) = variableTarget(sym, vname, vspan) else {
                _ = expr(value, expect: .error)
                return true
            }
            variable = v
        }
        if let f = Checker.valueFields.first(where: { $0.name == name.0 }) {
            // from, to, by, values, keyTimes, path: their type depends on the animation's key path,
            // which a variable does not carry, so the VM checks it when the field is set (ANIMSET)
            let want: ValueType? = f == .keyTimes ? .array(.number(.scalar)) : f == .path ? .path : nil
            if case .none = value.kind, f == .from || f == .to || f == .by {
                // unset: Core Animation's nil (the value underneath, or the one on screen, fills in)
                store(.animWith(variable, f, .const(.none)), in: variable, line: ln, into: &out)
                return true
            }
            let t = expr(value, expect: want)
            if t.type.isError { return true }
            if let want {
                guard let vi = convert(t, to: want, at: value.span, what: "the animation's '\(f.name)'") else { return true }
                store(.animWith(variable, f, vi), in: variable, line: ln, into: &out)
                return true
            }
            let isArray: Bool = { if case .array = t.type { return true }; return t.type == .emptyArray }()
            if f == .values, !isArray {
                diags.error("E0300", "an animation's 'values' is an array, not \(TypeRules.article(t.type))", at: value.span)
                return true
            }
            if f != .values, isArray || t.type == .void || t.type == .animation || t.type == .layer {
                diags.error("E0300", "an animation's '\(f.name)' is a value of its key path's type, not \(TypeRules.article(t.type))", at: value.span)
                return true
            }
            store(.animWith(variable, f, t.ir), in: variable, line: ln, into: &out)
            return true
        }
        guard let f = animationTimingField(name.0, name.1, setting: true), let type = Checker.animFieldTypes[f] else {
            _ = expr(value, expect: .error)
            return true
        }
        let t = expr(value, expect: type)
        guard let vi = convert(t, to: type, at: value.span, what: "the animation's '\(f.name)'") else { return true }
        store(.animWith(variable, f, vi), in: variable, line: ln, into: &out)
        return true
    }

    /// Assigns `ir` to a variable as `variableTarget` gives it (a local or a global).
    func store(_ ir: IR, in variable: IR, line ln: Int, into out: inout [IRStmt]) {
        switch variable {
        case .local(let reg): out.append(.setLocal(reg, ir, line: ln))
        case .global(let slot): out.append(.setGlobal(slot, ir, line: ln))
        default: break
        }
    }

    /// The register and type of `name` when the innermost declaration of it in the current
    /// function's scopes is a `var` local (then marked used, as `lookup` does); nil otherwise.
    func scopeVariable(_ name: String) -> (Int, ValueType)? {
        var level = fn.scopes.count - 1
        while level >= 0 {
            switch fn.scopes[level].variable(name) {
            case .miss: level -= 1
            case .variable(let reg, let type, let declaredAt):
                usedDeclarations.insert(declaredAt)
                return (reg, type)
            case .other: return nil
            }
        }
        return nil
    }

    /// The storage and type of an assignable variable, or a diagnostic.
    func variableTarget(_ sym: Symbol, _ name: String, _ span: Span) -> (IR, ValueType)? {
        switch sym {
        case .local(let reg, let type, let mutable, let decl):
            guard mutable else { notMutable(name, at: span, decl: decl); return nil }
            return (.local(reg), type)
        case .global(let slot, let type, let mutable, let decl):
            guard mutable else { notMutable(name, at: span, decl: decl); return nil }
            return (.global(slot), type)
        case .param(_, _, let decl):
            diags.error("E0266", "cannot assign to '\(name)': parameters and captured values are constants here", at: span,
                        notes: ["declared on line \(line(decl)); a handler gets a copy of the values it uses"])
            return nil
        case .constant(_, _, let decl), .animation(_, let decl):
            notMutable(name, at: span, decl: decl)
            return nil
        case .pending(_, let decl):
            diags.error("E0267", "cannot assign to '\(name)' before its declaration is checked", at: span,
                        notes: ["it is declared on line \(line(decl)); move this code below it"])
            return nil
        default:
            diags.error("E0260", "cannot assign to '\(name)'", at: span)
            return nil
        }
    }

    func notMutable(_ name: String, at span: Span, decl: Span) {
        diags.error("E0264", "cannot assign to '\(name)': it is a constant", at: span,
                    notes: ["declared with 'let' on line \(line(decl)); use 'var' to make it variable"])
    }
}

extension Checker {
    /// E0310 for a constant property value that is not finite (`opacity: infinity`, `zPosition: 1e308 * 10`):
    /// a layer property is a geometry or style value, and the VM refuses the same value set at run time.
    func finiteProperty(_ ir: IR, _ kp: KeyPath, at span: Span) -> Bool {
        guard case .const(let v) = ir, !v.hasOnlyFiniteNumbers else { return true }
        diags.error("E0310", "'\(keyName(kp))' cannot be \(v == .number(.infinity) ? "infinity" : "a value that is not finite")", at: span,
                    label: "layer properties need finite numbers")
        return false
    }
}

extension Checker {
    /// CALayer properties a transform layer (CATransformLayer) does not draw: its own background,
    /// border, corners, clip, shadow, contents, blend mode, filters and mask (docs/rendering.md,
    /// The layer walk). Opacity, transforms, sublayerTransform, hidden and doubleSided still act.
    static let ignoredByTransformLayers: Set<String> = [
        "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "masksToBounds",
        "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath",
        "contents", "contentsGravity", "contentsRect", "contentsCenter", "contentsScale",
        "compositingFilter", "filters", "backgroundFilters", "mask",
    ]
}
