// Animation literals: `basic { … }` (and, planned, keyframe, group, transition and spring). Fields
// are checked against their types and the animation's key path; constant fields go into an
// animation template, the rest become ANIMSET instructions where the animation is instantiated.

import CalcCore
import Parser
import Bytecode

extension Checker {
    static let animFieldTypes: [AnimField: ValueType] = [
        .duration: .number(.time), .beginTime: .number(.time), .timeOffset: .number(.time), .speed: .number(.scalar),
        .repeatCount: .number(.scalar), .repeatDuration: .number(.time), .autoreverses: .bool, .fillMode: .enumeration("fill mode"),
        .removedOnCompletion: .bool, .timingFunction: .timingFunction, .additive: .bool, .cumulative: .bool,
    ]

    /// Checks an animation literal. In an `actions` block (`actionKey` set) the key path may be left
    /// out: it is the action's key (Core Animation sets keyPath := key when adding an animation).
    func animation(_ kind: Name, _ body: [Stmt], at span: Span, actionKey: String? = nil) -> Typed {
        guard kind.text == "basic" else {
            diags.error("E0400", "\(kind.text) animations are not supported yet", at: kind.span,
                        notes: ["this version of calc runs basic animations; see docs/language.md for the planned kinds"])
            return .error
        }
        var members: [Member] = []
        for s in body {
            switch s {
            case .member(let m): members.append(m)
            case .error: break
            default: diags.error("E0407", "an animation holds fields ('name: value') only", at: s.span)
            }
        }
        var keyPath: (KeyPath, ValueType)?
        var seen: [String: Span] = [:]
        var ok = true
        for m in members where m.name.text == "keyPath" {
            seen["keyPath"] = m.name.span
            let (base, names) = splitMembers(m.value)
            guard case .identifier(let first) = base.kind else {
                diags.error("E0401", "'keyPath' expects a property path such as 'position.x'", at: m.value.span)
                ok = false
                continue
            }
            let name = Name([first] + names.map { $0.0 }, span: m.value.span)
            guard let r = resolveKeyPath(name, onLayer: "") else { ok = false; continue }
            if !LayerProperties.all[Int(r.0.property)].animatable {
                let p = LayerProperties.all[Int(r.0.property)].name
                diags.error("E0402", "'\(p)' is not animatable", at: m.value.span,
                            notes: p == "frame" ? ["animate 'bounds' and 'position' instead (seed 000:2046)"] : [])
                ok = false
                continue
            }
            keyPath = r
        }
        if keyPath == nil, seen["keyPath"] == nil {
            if let actionKey, let r = KeyPath.parse(actionKey) {
                keyPath = r
            } else {
                diags.error("E0403", "a basic animation needs a 'keyPath'", at: kind.span, label: "add e.g. 'keyPath: opacity'")
                ok = false
            }
        }
        var template = AnimationTemplate(kind: .basic, keyPath: keyPath?.0 ?? KeyPath(property: 0))
        var dynamic: [(AnimField, IR)] = []
        for m in members where m.name.text != "keyPath" {
            let fname = m.name.text
            guard let field = AnimField.allCases.first(where: { $0.name == fname }) else {
                diags.error("E0404", "unknown animation field '\(fname)'", at: m.name.span,
                            label: suggestion(for: fname, among: ["keyPath"] + AnimField.allCases.map { $0.name }).map { "did you mean '\($0)'?" })
                _ = expr(m.value, expect: .error)
                ok = false
                continue
            }
            if let prev = seen[fname] {
                diags.error("E0405", "animation field '\(fname)' is set twice", at: m.name.span, notes: ["first set on line \(line(prev))"])
                continue
            }
            seen[fname] = m.name.span
            let type: ValueType
            if field == .from || field == .to || field == .by {
                guard let kp = keyPath else { _ = expr(m.value, expect: .error); continue }
                type = kp.1
            } else {
                type = Checker.animFieldTypes[field] ?? .error
            }
            let t = expr(m.value, expect: type)
            guard let ir = convert(t, to: type, at: m.value.span, what: "'\(fname)'") else { ok = false; continue }
            if let v = ir.constant {
                if let x = v.number {
                    let bad: String?
                    switch field {
                    case .duration, .repeatDuration: bad = x < 0 || !x.isFinite ? "a non-negative finite time" : nil
                    case .repeatCount: bad = x < 0 || x.isNaN ? "a non-negative count (or infinity)" : nil
                    case .speed, .beginTime, .timeOffset: bad = !x.isFinite ? "a finite number" : nil
                    default: bad = nil
                    }
                    if let bad {
                        diags.error("E0406", "'\(fname)' must be \(bad), found \(fmt(x))", at: m.value.span)
                        ok = false
                        continue
                    }
                }
                template.fields.append(FieldInit(field, pool.index(v)))
            } else {
                dynamic.append((field, ir))
            }
        }
        if seen["repeatCount"] != nil, let rd = seen["repeatDuration"] {
            diags.warning("W0003", "both 'repeatCount' and 'repeatDuration' are set; 'repeatDuration' wins", at: rd)
        }
        if let by = seen["by"], seen["from"] != nil, seen["to"] != nil {
            diags.warning("W0004", "'from', 'to' and 'by' are all set; 'by' is ignored", at: by)
        }
        guard ok else { return .error }
        let index = animationTemplates.count
        animationTemplates.append(template)
        return Typed(ir: .animation(template: index, dynamic: dynamic), type: .animation)
    }
}
