// Checking `dynamics { … }` blocks and the code that uses their behaviours.
//
// A behaviour is declared once, at the top level, with a global name (like a layer). Its constant
// fields go into a behaviour template; fields known only at run time (the items, which are layers,
// and any computed value) become DYNSET instructions where the block stands in main, followed by
// `active` (true unless the block says otherwise), so the behaviour joins the animator when main
// reaches the declaration. Handlers change a behaviour with `name.field = value` (DYNSET) and read it
// with `name.field` (DYNGET); `on name.beganContact(item, partner, point)` registers a collision
// handler (ONCONTACT). Behaviours are names, not values: they cannot be stored or passed around,
// which keeps every BT operand a compile-time constant the verifier can check.

import CalcCore
import Parser
import Bytecode

extension BehaviorKind {
    /// The kind a CAL keyword names.
    static func named(_ s: String) -> BehaviorKind? { allCases.first { $0.name == s } }
}

extension DynField {
    static func named(_ s: String) -> DynField? { allCases.first { $0.name == s } }

    /// Fields whose values are layers, which only exist at run time.
    var holdsLayers: Bool { self == .items || self == .item || self == .attachedTo }
}

extension Checker {
    // MARK: declarations

    /// Pass 1: a template and a global name for each behaviour of a top-level `dynamics` block, so
    /// handlers and functions anywhere may use them. Problems are reported when the block is checked.
    func declareBehaviors(_ d: DynamicsDecl) {
        for b in d.behaviors {
            let name = b.name.text
            guard let kind = BehaviorKind.named(b.kind.text), topLevel[name] == nil,
                  !Checker.reservedNames.contains(name) else { continue }
            if let entry = insertTop(name, (-1, b.name.span)) {
                globals[entry] = .behavior(behaviorTemplates.count, kind, b.name.span)
            }
            behaviorTemplates.append(BehaviorTemplate(kind: kind, name: name))
        }
    }

    /// A `dynamics` block: each behaviour's run-time fields, then its `active`.
    func dynamicsBlock(_ d: DynamicsDecl) -> [IRStmt] {
        if fn.kind != .main || fn.scopes.count > 2 {
            diags.error("E0502", "'dynamics' must be declared at the top level", at: d.span,
                        label: "its behaviours have global names; set their 'active' field to start or stop them later")
            return []
        }
        var out: [IRStmt] = []
        for b in d.behaviors {
            guard let kind = BehaviorKind.named(b.kind.text) else {
                diags.error("E0501", "unknown behaviour kind '\(b.kind.text)'", at: b.kind.span,
                            label: suggestion(for: b.kind.text, among: BehaviorKind.allCases.map(\.name)).map { "did you mean '\($0)'?" }
                                ?? "expected one of \(BehaviorKind.allCases.map { "'\($0.name)'" }.joined(separator: ", "))")
                for m in b.members { _ = expr(m.value, expect: .error) }
                continue
            }
            let name = b.name.text
            if Checker.reservedNames.contains(name) {
                diags.error("E0209", "'\(name)' is a built-in name and cannot be redeclared", at: b.name.span)
                continue
            }
            guard case .behavior(let index, _, let span)? = global(name), span == b.name.span else {
                redeclared(name, at: b.name.span, previous: topLevel[name]?.span ?? global(name)?.span ?? b.name.span)
                continue
            }
            out += behavior(b, kind, index)
        }
        return out
    }

    func behavior(_ b: BehaviorDecl, _ kind: BehaviorKind, _ index: Int) -> [IRStmt] {
        var seen: [DynField: Span] = [:]
        var fields: [DynFieldInit] = []
        var dynamic: [IRStmt] = []
        var active: IR = .const(.bool(true))
        for m in b.members {
            guard let field = behaviorField(kind, b.name.text, m.name.text, at: m.name.span) else {
                _ = expr(m.value, expect: .error)
                continue
            }
            if let first = seen[field] {
                diags.error("E0504", "'\(field.name)' is set twice", at: m.name.span, notes: ["first set on line \(line(first))"])
                continue
            }
            seen[field] = m.name.span
            guard let ir = behaviorValue(field, m.value) else { continue }
            if field == .active {
                active = ir
            } else if let v = ir.constant, !field.holdsLayers {
                fields.append(DynFieldInit(field, pool.index(v)))
            } else {
                dynamic.append(.setBehavior(index, field, ir, line: line(m.span)))
            }
        }
        // what UIKit's initializers require
        func need(_ f: DynField, _ what: String) {
            if seen[f] == nil { diags.error("E0505", "\(what)", at: b.name.span) }
        }
        switch kind {
        case .push:
            need(.mode, "push '\(b.name.text)' needs a 'mode': .instantaneous or .continuous")
        case .snap:
            need(.item, "snap '\(b.name.text)' needs an 'item'")
            need(.point, "snap '\(b.name.text)' needs a 'point' to snap to")
        case .attachment:
            need(.item, "attachment '\(b.name.text)' needs an 'item'")
            if seen[.anchor] == nil, seen[.attachedTo] == nil {
                diags.error("E0505", "attachment '\(b.name.text)' needs an 'anchor' point or an item it is 'attachedTo'", at: b.name.span)
            }
            if let a = seen[.anchor], seen[.attachedTo] != nil {
                diags.error("E0506", "an attachment hangs from an 'anchor' point or from an item ('attachedTo'), not both", at: a)
            }
            if let o = seen[.attachedOffset], seen[.attachedTo] == nil {
                diags.error("E0506", "'attachedOffset' is a point on the item the attachment is 'attachedTo'", at: o)
            }
        default: break
        }
        behaviorTemplates[index].fields = fields
        return dynamic + [.setBehavior(index, .active, active, line: line(b.span))]
    }

    /// The field `name` of a behaviour of `kind`, or a diagnostic with the nearest field it has.
    func behaviorField(_ kind: BehaviorKind, _ behavior: String, _ name: String, at span: Span) -> DynField? {
        if let f = DynField.named(name), kind.has(f) { return f }
        diags.error("E0503", "\(kind.name) '\(behavior)' has no field '\(name)'", at: span,
                    label: suggestion(for: name, among: kind.fields.map(\.name)).map { "did you mean '\($0)'?" }
                        ?? "its fields are \(kind.fields.map { "'\($0.name)'" }.joined(separator: ", "))")
        return nil
    }

    /// A field's value, type checked (and range checked when constant).
    func behaviorValue(_ field: DynField, _ e: Expr) -> IR? {
        let t = expr(e, expect: field.type)
        guard let ir = convert(t, to: field.type, at: e.span, what: "'\(field.name)'") else { return nil }
        if let v = ir.constant, !field.holdsLayers, let problem = field.problem(with: v) {
            diags.error("E0512", "'\(field.name)' cannot be \(Value.display(v)): \(problem)", at: e.span)
            return nil
        }
        return ir
    }

    // MARK: uses

    /// The behaviour `e` names, if it is an identifier that resolves to one.
    func behaviorSymbol(_ e: Expr) -> (index: Int, kind: BehaviorKind, name: String)? {
        guard case .identifier(let n) = e.kind, case .behavior(let index, let kind, _)? = lookup(n, at: e.span, report: false) else { return nil }
        return (index, kind, n)
    }

    /// `name.field = value` on a behaviour; nil when the target is not a behaviour's.
    func assignBehavior(_ base: Expr, _ names: [(String, Span)], _ value: Expr, _ span: Span) -> [IRStmt]? {
        guard let (index, kind, name) = behaviorSymbol(base), let first = names.first else { return nil }
        guard let field = behaviorField(kind, name, first.0, at: first.1) else { _ = expr(value, expect: .error); return [] }
        if names.count > 1 {
            diags.error("E0508", "a behaviour's field is set whole", at: names[1].1,
                        label: "assign '\(name).\(field.name)' instead")
            _ = expr(value, expect: .error)
            return []
        }
        guard let ir = behaviorValue(field, value) else { return [] }
        return [.setBehavior(index, field, ir, line: line(span))]
    }

    /// `name.field` (and fields of its value) on a behaviour; nil when the base is not a behaviour.
    func behaviorMember(_ e: Expr) -> Typed? {
        let (base, names) = splitMembers(e)
        guard let (index, kind, name) = behaviorSymbol(base) else { return nil }
        guard let first = names.first, let f = behaviorField(kind, name, first.0, at: first.1) else { return .error }
        var t = Typed(ir: .getBehavior(index, f), type: f.type)
        for (n, span) in names.dropFirst() {
            t = field(t, n, span, at: e.span)
            if t.type.isError { return .error }
        }
        return t
    }

    /// `name.method(…)` on a behaviour: behaviours have fields, not methods.
    func behaviorMethod(_ base: Expr, _ method: Name, _ args: [Arg]) -> [IRStmt]? {
        guard let (_, kind, name) = behaviorSymbol(base) else { return nil }
        let hint = kind.has(.items) ? "set its items instead, e.g. '\(name).items = \(name).items + [other]'"
            : "set its fields instead, e.g. '\(name).active = false'"
        diags.error("E0513", "\(kind.name) '\(name)' has no method '\(method.text)'", at: method.span, label: hint)
        for a in args { _ = expr(a.value, expect: .error) }
        return []
    }

    /// `on name.beganContact(item, partner, point)`: the registration, the handler's name and its
    /// parameters (the item, its partner — another item, or `root` for the boundary — and the
    /// contact point, whether named or not).
    func contactTrigger(_ b: Name, began: Bool, names: [Name]) -> (EventRegistration, String, [(String, ValueType, Span)])? {
        let what = began ? "beganContact" : "endedContact"
        guard case .behavior(let index, let kind, _)? = lookup(b.text, at: b.span, report: false) else {
            let collisions = globalEntries.compactMap { entry -> String? in
                if case .behavior(_, .collision, _) = entry.value { return entry.key } else { return nil }
            }.sorted()
            if lookup(b.text, at: b.span, report: false) == nil {
                diags.error("E0509", "unknown collision behaviour '\(b.text)'", at: b.span,
                            label: suggestion(for: b.text, among: collisions).map { "did you mean '\($0)'?" })
            } else {
                diags.error("E0509", "'\(b.text)' is not a collision behaviour", at: b.span,
                            label: "'\(what)' is reported by collision behaviours declared in 'dynamics { … }'")
            }
            return nil
        }
        guard kind == .collision else {
            diags.error("E0510", "'\(b.text)' is a \(kind.name) behaviour; contacts are reported by collision behaviours", at: b.span)
            return nil
        }
        let roles: [(String, ValueType)] = [("item", .layer), ("partner", .layer), ("point", .point)]
        var params: [(String, ValueType, Span)] = []
        for (k, role) in roles.enumerated() {
            // an unnamed parameter still takes its argument, under a name no identifier can spell
            let n = k < names.count ? names[k] : Name(["#" + role.0], span: b.span)
            if params.contains(where: { $0.0 == n.text }) {
                diags.error("E0203", "'\(n.text)' is declared twice", at: n.span)
            }
            params.append((n.text, role.1, n.span))
        }
        return (.contact(behavior: index, began: began), "on \(b.text).\(what)", params)
    }
}
