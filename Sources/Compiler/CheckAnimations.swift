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
        .keyTimes: .array(.number(.scalar)), .timingFunctions: .array(.timingFunction),
        .calculationMode: .enumeration("calculation mode"), .tensionValues: .array(.number(.scalar)),
        .continuityValues: .array(.number(.scalar)), .biasValues: .array(.number(.scalar)),
        .animations: .array(.animation), .mass: .number(.scalar), .stiffness: .number(.scalar),
        .damping: .number(.scalar), .initialVelocity: .number(.scalar), .valueFunction: .enumeration("value function"),
        .type: .enumeration("transition type"), .subtype: .enumeration("transition subtype"),
        .startProgress: .number(.scalar), .endProgress: .number(.scalar),
        .path: .path, .rotationMode: .enumeration("rotation mode"),
    ]

    /// The value fields an animation variable may set (issue 14, gap 6), checked against the key
    /// path when the program runs.
    static let valueFields: [AnimField] = [.from, .to, .by, .values, .keyTimes, .path]

    static let timingFields: [AnimField] = [.duration, .beginTime, .timeOffset, .speed, .repeatCount, .repeatDuration,
                                            .autoreverses, .fillMode, .removedOnCompletion, .timingFunction]

    /// The fields each kind of animation takes (keyPath aside).
    static func fields(of kind: AnimationKind) -> [AnimField] {
        switch kind {
        case .basic: return timingFields + [.from, .to, .by, .additive, .cumulative, .valueFunction]
        case .keyframe: return timingFields + [.values, .path, .rotationMode, .keyTimes, .timingFunctions, .calculationMode,
                                               .tensionValues, .continuityValues, .biasValues, .additive, .cumulative, .valueFunction]
        case .spring: return timingFields + [.from, .to, .by, .additive, .cumulative, .mass, .stiffness, .damping, .initialVelocity]
        case .group: return timingFields + [.animations]
        case .transition: return timingFields + [.type, .subtype, .startProgress, .endProgress]
        }
    }

    /// Checks an animation literal. In an `actions` block (`actionKey` set) the key path may be left
    /// out: it is the action's key (Core Animation sets keyPath := key when adding an animation).
    static func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }

    /// A constant `values` list must not be empty; constant `keyTimes` rise from 0 to 1 (E0421, E0422).
    func checkList(_ field: AnimField, _ fname: String, _ v: Value, _ span: Span) -> Bool {
        guard case .array(let xs) = v else { return true }
        switch field {
        case .values where xs.isEmpty:
            diags.error("E0421", "a keyframe animation's 'values' is empty", at: span, label: "give at least one value")
            return false
        case .keyTimes:
            let ks = xs.compactMap { $0.number }
            if let bad = ks.first(where: { !($0 >= 0 && $0 <= 1) }) {
                diags.error("E0422", "key times are fractions of the duration from 0 to 1, found \(fmt(bad))", at: span)
                return false
            }
            if let k = ks.indices.dropLast().first(where: { ks[$0] > ks[$0 + 1] }) {
                diags.error("E0422", "key times must not decrease: \(fmt(ks[k])) is followed by \(fmt(ks[k + 1]))", at: span)
                return false
            }
            return true
        default:
            return true
        }
    }

    func animation(_ kindName: Name, _ body: [Stmt], at span: Span, actionKey: String? = nil) -> Typed {
        let kinds: [String: AnimationKind] = ["basic": .basic, "keyframe": .keyframe, "group": .group, "spring": .spring,
                                              "transition": .transition]
        // the parser makes animation literals of these names only
        guard let kind = kinds[kindName.text] else { return .error }
        let allowed = Checker.fields(of: kind)
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
        for m in members where m.name.text == "keyPath" && kind != .group && kind != .transition {
            seen["keyPath"] = m.name.span
            let (base, names) = splitMembers(m.value)
            guard case .identifier(let first) = base.kind else {
                diags.error("E0401", "'keyPath' expects a property path such as 'position.x'", at: m.value.span)
                ok = false
                continue
            }
            let name = Name([first] + names.map { $0.0 }, span: m.value.span)
            guard let r = resolveKeyPath(name, onLayer: "") else { ok = false; continue }
            if !propertyInfo(r.0.property).animatable {
                let p = propertyInfo(r.0.property).name
                diags.error("E0402", "'\(p)' is not animatable", at: m.value.span,
                            notes: p == "frame" ? ["animate 'bounds' and 'position' instead (seed 000:2046)"] : [])
                ok = false
                continue
            }
            keyPath = r
        }
        if kind != .group, kind != .transition, keyPath == nil, seen["keyPath"] == nil {
            if let actionKey, let r = table.parse(actionKey) {
                keyPath = r
            } else {
                diags.error("E0403", "a \(kindName.text) animation needs a 'keyPath'", at: kindName.span, label: "add e.g. 'keyPath: opacity'")
                ok = false
            }
        }
        // a value function turns numbers into transforms: the values are then numbers (angles for
        // the rotations) and the key path must hold a whole transform
        var valueFunctionType: ValueType?
        if let m = members.first(where: { $0.name.text == "valueFunction" }), case .enumCase(let name) = m.value.kind,
           let i = Enumerations.all["value function"]?.firstIndex(of: name) {
            valueFunctionType = i < 3 ? .number(.angle) : .number(.scalar)
            if let kp = keyPath, kp.1 != .transform {
                diags.error("E0411", "a value function needs a key path holding a whole transform, not '\(keyName(kp.0))'", at: m.value.span)
                ok = false
            }
        }
        var template = AnimationTemplate(kind: kind, keyPath: keyPath?.0 ?? KeyPath(property: 0))
        var dynamic: [(AnimField, IR)] = []
        var constantLists: [AnimField: (Value, Span)] = [:]
        for m in members where m.name.text != "keyPath" || kind == .group || kind == .transition {
            let fname = m.name.text
            guard let field = allowed.first(where: { $0.name == fname }) else {
                let other = AnimField.allCases.first { $0.name == fname }
                let hasKeyPath = kind != .group && kind != .transition
                diags.error("E0404", other != nil || fname == "keyPath" ? "a \(kindName.text) animation has no field '\(fname)'" : "unknown animation field '\(fname)'",
                            at: m.name.span,
                            label: other != nil || fname == "keyPath" ? nil : suggestion(for: fname, among: (hasKeyPath ? ["keyPath"] : []) + allowed.map { $0.name }).map { "did you mean '\($0)'?" })
                _ = expr(m.value, expect: .error)
                ok = false
                continue
            }
            if let prev = seen[fname] {
                diags.error("E0405", "animation field '\(fname)' is set twice", at: m.name.span, notes: ["first set on line \(line(prev))"])
                continue
            }
            seen[fname] = m.name.span
            if field == .path, let kp = keyPath, kp.1 != .point {
                diags.error("E0420", "only a point moves along a path; '\(keyName(kp.0))' is \(TypeRules.article(kp.1))", at: m.name.span,
                            label: "animate 'position' (or another point) with 'path'")
                _ = expr(m.value, expect: .error)
                ok = false
                continue
            }
            let type: ValueType
            if field == .from || field == .to || field == .by || field == .values {
                guard let kp = keyPath else { _ = expr(m.value, expect: .error); continue }
                let valueType = valueFunctionType ?? kp.1
                type = field == .values ? .array(valueType) : valueType
            } else {
                type = Checker.animFieldTypes[field] ?? .error
            }
            let t = expr(m.value, expect: type)
            guard let ir = convert(t, to: type, at: m.value.span, what: "'\(fname)'") else { ok = false; continue }
            if let v = ir.constant, !{ if case .array = v { return true } else { return false } }() {
                if let x = v.number {
                    let bad: String?
                    switch field {
                    case .duration, .repeatDuration: bad = x < 0 || !x.isFinite ? "a non-negative finite time" : nil
                    case .repeatCount: bad = x < 0 || x.isNaN ? "a non-negative count (or infinity)" : nil
                    case .speed, .beginTime, .timeOffset, .initialVelocity: bad = !x.isFinite ? "a finite number" : nil
                    case .mass, .stiffness: bad = !(x > 0) || !x.isFinite ? "a positive finite number" : nil
                    case .startProgress, .endProgress: bad = !(x >= 0 && x <= 1) ? "a number from 0 to 1" : nil
                    case .damping: bad = x < 0 || !x.isFinite ? "a non-negative finite number" : nil
                    default: bad = nil
                    }
                    if let bad {
                        let unit = Checker.animFieldTypes[field] == .number(.time) ? "s" : ""
                        diags.error("E0406", "'\(fname)' must be \(bad), found \(fmt(x))\(unit)", at: m.value.span)
                        ok = false
                        continue
                    }
                }
                template.fields.append(FieldInit(field, pool.index(v)))
            } else if let v = ir.constant {
                // constant lists, checked against each other below
                // (arrays are not pool constants: built at run time like any list)
                if !checkList(field, fname, v, m.value.span) { ok = false; continue }
                constantLists[field] = (v, m.value.span)
                dynamic.append((field, ir))
            } else {
                dynamic.append((field, ir))
            }
        }
        if kind == .keyframe, seen["path"] == nil, case .array(let values)? = constantLists[.values]?.0 {
            if case .array(let times)? = constantLists[.keyTimes]?.0, times.count != values.count {
                diags.error("E0423", "'keyTimes' has \(Self.count(times.count, "entry", "entries")) for \(Self.count(values.count, "value", "values"))", at: constantLists[.keyTimes]!.1,
                            label: "one key time for each value")
                ok = false
            }
            if case .array(let fs)? = constantLists[.timingFunctions]?.0, !values.isEmpty, fs.count != values.count - 1 {
                diags.error("E0423", "'timingFunctions' has \(Self.count(fs.count, "entry", "entries")) for \(Self.count(values.count - 1, "segment", "segments"))", at: constantLists[.timingFunctions]!.1,
                            label: "one timing function between each two values")
                ok = false
            }
        }
        if seen["repeatCount"] != nil, let rd = seen["repeatDuration"] {
            diags.warning("W0003", "both 'repeatCount' and 'repeatDuration' are set; 'repeatDuration' wins", at: rd)
        }
        if let by = seen["by"], seen["from"] != nil, seen["to"] != nil {
            diags.warning("W0004", "'from', 'to' and 'by' are all set; 'by' is ignored", at: by)
        }
        if kind == .keyframe, seen["values"] == nil, seen["path"] == nil {
            diags.error("E0408", "a keyframe animation needs 'values' or 'path'", at: kindName.span)
            ok = false
        }
        if let rm = seen["rotationMode"], seen["path"] == nil {
            diags.warning("W0013", "'rotationMode' has no effect without a 'path'", at: rm)
        }
        if kind == .group, seen["animations"] == nil {
            diags.error("E0409", "a group needs 'animations: [ … ]'", at: kindName.span)
            ok = false
        }
        guard ok else { return .error }
        let index = animationTemplates.count
        animationTemplates.append(template)
        return Typed(ir: .animation(template: index, dynamic: dynamic), type: .animation)
    }
}
