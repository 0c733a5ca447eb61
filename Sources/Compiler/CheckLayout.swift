// `constraints { … }` in a layer body: CAConstraints (seed 000:1227–1332). Each entry is
// `attribute: source.attribute`, optionally `× scale` and `± offset`, where the source is
// `superlayer` or a sibling — a layer declared in the same body, by its identifier, or any layer by
// a string name (checked when the frame is laid out). Checked here: attribute names, one axis per
// entry, at most two constraints per axis, no attribute twice, known siblings, and cycles among the
// siblings of one body that can be seen in the source.

import CalcCore
import Parser

/// The layers declared in one body (the siblings of each other) and the constraints between them.
/// The names are gathered only when a constraint asks for them: most bodies have no constraints, and
/// hashing every layer name of every body cost 2% of checking.
struct SiblingScope {
    var body: [Stmt]
    var names: [String: Span]?
    /// (constrained layer, source sibling, horizontal axis, where)
    var edges: [(String, String, Bool, Span)] = []
}

extension Checker {
    /// Opens the scope of the layers declared directly in `body`.
    func pushSiblings(_ body: [Stmt]) {
        siblingScopes.append(SiblingScope(body: body))
    }

    /// The names of the layers declared in the scope `k` levels out from the innermost.
    func siblingNames(at k: Int) -> [String: Span] {
        if let names = siblingScopes[k].names { return names }
        var names: [String: Span] = [:]
        for case .layer(let l) in siblingScopes[k].body {
            switch l.name {
            case .identifier(let n)?: names[n.text] = n.span
            case .dynamic(let e)?: if case .string(let s) = e.kind { names[s] = e.span }
            case nil: break
            }
        }
        siblingScopes[k].names = names
        return names
    }

    /// Closes the innermost scope, reporting a cycle among its constraints (E0445) per axis.
    func popSiblings() {
        guard let scope = siblingScopes.popLast(), !scope.edges.isEmpty else { return }
        for horizontal in [true, false] {
            var graph: [String: [(String, Span)]] = [:]
            for (from, to, h, span) in scope.edges where h == horizontal { graph[from, default: []].append((to, span)) }
            var state: [String: Int] = [:]   // 1 visiting, 2 done
            var path: [String] = []
            var reported = false
            func visit(_ n: String) {
                guard !reported else { return }
                state[n] = 1
                path.append(n)
                for (next, span) in graph[n] ?? [] {
                    if state[next] == 1, let k = path.firstIndex(of: next) {
                        let cycle = (path[k...] + [next]).map { "'\($0)'" }.joined(separator: " → ")
                        diags.error("E0445", "the \(horizontal ? "x" : "y")-axis constraints of \(cycle) form a cycle", at: span,
                                    label: "one of these layers must be placed without the others")
                        reported = true
                        return
                    }
                    if state[next] == nil { visit(next) }
                }
                path.removeLast()
                state[n] = 2
            }
            for n in graph.keys.sorted() where state[n] == nil { visit(n) }
        }
    }

    /// `card.constraints { … }` as a statement: clears the layer's constraints (UNCONSTRAIN), then
    /// sets these. The entries are checked as in a layer body, except that a source named by an
    /// identifier may be any layer (its `name` is read when the statement runs), and whether it is
    /// a sibling, and cycles, are checked when the frame is laid out.
    func setConstraints(_ layerExpr: Expr, _ members: [Member], _ span: Span) -> [IRStmt] {
        var out: [IRStmt] = []
        guard let layer = statementLayer(layerExpr, "constraints", span, into: &out) else { return [] }
        var lname = ""
        if case .identifier(let n) = layerExpr.kind { lname = n }
        out.append(.unconstrain(layer: layer, line: line(span)))
        return out + constraintsBlock(members, span, .layer(layer, lname), statement: true)
    }

    /// `card.actions { … }` as a statement: sets those entries of the layer's actions.
    func setActions(_ layerExpr: Expr, _ members: [Member], _ span: Span) -> [IRStmt] {
        var out: [IRStmt] = []
        guard let layer = statementLayer(layerExpr, "actions", span, into: &out) else { return [] }
        return out + actions(members).map { .setAction(layer: layer, key: $0.0, animation: $0.1, line: line(span)) }
    }

    /// The layer a `LAYER.constraints { … }` or `LAYER.actions { … }` statement changes, evaluated
    /// once: where it can be read again for free (a variable, a global), else stored in a new local
    /// first, so `make().constraints { … }` makes one layer. Nil after a diagnostic (the entries
    /// are then not checked: their names would only cascade).
    func statementLayer(_ layerExpr: Expr, _ what: String, _ span: Span, into out: inout [IRStmt]) -> IR? {
        guard let layer = convert(expr(layerExpr, expect: .layer), to: .layer, at: layerExpr.span, what: "'\(what)'") else { return nil }
        if fn.kind == .draw {
            diags.error("E0268", "a draw block only draws: it cannot change the scene", at: span,
                        label: "set \(what) in a handler ('every frame { … }' runs at every frame)")
            return nil
        }
        switch layer {
        case .local, .param, .global, .const, .root: return layer
        default:
            let tmp = fn.newLocal()
            out.append(.setLocal(tmp, layer, line: line(span)))
            return .local(tmp)
        }
    }

    func constraintsBlock(_ members: [Member], _ span: Span, _ ctx: MemberContext, statement: Bool = false) -> [IRStmt] {
        guard case .layer(let layer, let lname) = ctx else {
            diags.error("E0107", "'constraints' belongs inside a layer", at: span,
                        label: fn.kind == .main && fn.scopes.count <= 2 ? nil : "to change a layer's constraints here, name it: 'card.constraints { … }'")
            return []
        }
        let siblings = statement ? [:] : siblingScopes.count >= 2 ? siblingNames(at: siblingScopes.count - 2) : [:]
        var out: [IRStmt] = []
        var seen: [ConstraintAttribute: Span] = [:]
        var perAxis: [Bool: Int] = [:]
        for m in members {
            guard m.name.parts.count == 1, let attr = ConstraintAttribute.named(m.name.text) else {
                diags.error("E0440", "unknown constraint attribute '\(m.name.text)'", at: m.name.span,
                            label: suggestion(for: m.name.text, among: ConstraintAttribute.allCases.map(\.name)).map { "did you mean '\($0)'?" }
                                ?? "attributes are minX, midX, maxX, width, minY, midY, maxY and height")
                continue
            }
            if let prev = seen[attr] {
                diags.error("E0446", "'\(attr.name)' is constrained twice", at: m.name.span, notes: ["first constrained on line \(line(prev))"])
                continue
            }
            seen[attr] = m.name.span
            perAxis[attr.isHorizontal, default: 0] += 1
            if perAxis[attr.isHorizontal] == 3 {
                diags.error("E0443", "more than two constraints on the \(attr.isHorizontal ? "x" : "y") axis", at: m.name.span,
                            label: "two relationships fix an axis (seed 000:1247); remove one")
                continue
            }
            guard let form = linearForm(m.value) else {
                diags.error("E0441", "a constraint is 'source.attribute', optionally '* scale' and '+ offset'", at: m.value.span,
                            label: "e.g. 'superlayer.midX', 'title.maxY + 8', 'superlayer.width * 0.5'")
                continue
            }
            guard let sattr = ConstraintAttribute.named(form.attribute.text) else {
                diags.error("E0440", "unknown constraint attribute '\(form.attribute.text)'", at: form.attribute.span,
                            label: suggestion(for: form.attribute.text, among: ConstraintAttribute.allCases.map(\.name)).map { "did you mean '\($0)'?" })
                continue
            }
            guard sattr.isHorizontal == attr.isHorizontal else {
                diags.error("E0442", "'\(attr.name)' is on the \(attr.isHorizontal ? "x" : "y") axis, '\(sattr.name)' on the \(sattr.isHorizontal ? "x" : "y") axis",
                            at: form.attribute.span, label: "a constraint relates two attributes on one axis")
                continue
            }
            // the source: superlayer, a sibling by identifier, or any name as a string
            var sourceName: String
            var sourceIR: IR?
            switch form.source.kind {
            case .identifier(let n) where n == LayoutConstraint.superlayer:
                sourceName = n
            case .identifier(let n) where statement:
                // any layer, found by its name when the frame is laid out
                guard let ir = convert(expr(form.source, expect: .layer), to: .layer, at: form.source.span, what: "a constraint's source") else { continue }
                sourceIR = .getProp(ir, KeyPath(property: LayerProperties.name))
                sourceName = n
            case .identifier(let n):
                guard siblings[n] != nil else {
                    diags.error("E0444", "'\(n)' is not a sibling of \(lname.isEmpty ? "this layer" : "'\(lname)'")", at: form.source.span,
                                label: suggestion(for: n, among: siblings.keys.filter { $0 != lname }.sorted() + [LayoutConstraint.superlayer]).map { "did you mean '\($0)'?" }
                                    ?? "constraints relate a layer to its superlayer or a layer declared beside it")
                    continue
                }
                sourceName = n
            case .string(let s):
                sourceName = s
            case .interpolated:
                // a name computed at run time (layers made in loops): found when laid out
                guard let ir = convert(expr(form.source, expect: .string), to: .string, at: form.source.span, what: "a constraint's source") else { continue }
                sourceIR = ir
                sourceName = ""
            default:
                diags.error("E0441", "a constraint's source is 'superlayer' or a sibling layer's name", at: form.source.span)
                continue
            }
            if sourceName == lname, !lname.isEmpty {
                diags.error("E0447", "'\(lname)' is constrained relative to itself", at: form.source.span)
                continue
            }
            if !statement, sourceIR == nil, sourceName != LayoutConstraint.superlayer, !lname.isEmpty, siblingScopes.count >= 2 {
                siblingScopes[siblingScopes.count - 2].edges.append((lname, sourceName, attr.isHorizontal, m.value.span))
            }
            var scale: IR = .const(.number(1))
            if let s = form.scale {
                guard let ir = convert(expr(s, expect: .number(.scalar)), to: .number(.scalar), at: s.span, what: "a constraint's scale") else { continue }
                scale = ir
            }
            var offset: IR = .const(.number(0))
            var okOffset = true
            for (negative, e) in form.offsets {
                guard let ir = convert(expr(e, expect: .number(.scalar)), to: .number(.scalar), at: e.span, what: "a constraint's offset") else { okOffset = false; continue }
                if case .const(.number(let a)) = offset, case .const(.number(let b)) = ir {
                    offset = .const(.number(negative ? a - b : a + b))
                } else {
                    offset = .arith(negative ? .sub : .add, offset, ir)
                }
            }
            guard okOffset else { continue }
            out.append(.constrain(layer: layer, attr, source: sourceIR ?? .const(.string(sourceName)), sattr, scale: scale, offset: offset, line: line(m.span)))
        }
        return out
    }

    /// `src.attr`, `src.attr * s`, `s * src.attr`, each `± offset`, any number of offsets, parentheses.
    func linearForm(_ e: Expr) -> (source: Expr, attribute: Name, scale: Expr?, offsets: [(Bool, Expr)])? {
        switch e.kind {
        case .paren(let inner): return linearForm(inner)
        case .member(let base, let name):
            switch base.kind {
            case .identifier, .string, .interpolated: return (base, name, nil, [])
            default: return nil
            }
        case .binary(.mul, let a, let b):
            if let f = linearForm(a), f.scale == nil, f.offsets.isEmpty { return (f.source, f.attribute, b, []) }
            if let f = linearForm(b), f.scale == nil, f.offsets.isEmpty { return (f.source, f.attribute, a, []) }
            return nil
        case .binary(.add, let a, let b):
            if let f = linearForm(a) { return (f.source, f.attribute, f.scale, f.offsets + [(false, b)]) }
            if let f = linearForm(b) { return (f.source, f.attribute, f.scale, f.offsets + [(false, a)]) }
            return nil
        case .binary(.sub, let a, let b):
            if let f = linearForm(a) { return (f.source, f.attribute, f.scale, f.offsets + [(true, b)]) }
            return nil
        default:
            return nil
        }
    }
}
