// The checker: AST → checked IR. It resolves every name (layers, constants, variables, built-in
// functions), checks every property assignment and animation value against the property catalogue,
// checks units, folds constant expressions with the same arithmetic the VM uses, and keeps going
// after an error so that one run reports everything it can.

import CalcCore
import Parser
import Bytecode
import Foundation

/// A checked expression: its IR and its type.
struct Typed: Sendable {
    var ir: IR
    var type: ValueType
    static let error = Typed(ir: .const(.none), type: .error)
}

/// A compile-time animation: a template plus the fields only known at run time.
struct AnimationSpec {
    var template: Int
    var dynamic: [(AnimField, IR)]
}

enum Symbol {
    case constant(Value, ValueType, Span)
    case global(slot: Int, type: ValueType, mutable: Bool, Span)
    case layer(slot: Int, name: String, Span)
    case animation(AnimationSpec, Span)
    case local(reg: Int, type: ValueType, mutable: Bool, Span)

    var span: Span {
        switch self {
        case .constant(_, _, let s), .global(_, _, _, let s), .layer(_, _, let s), .animation(_, let s), .local(_, _, _, let s): return s
        }
    }
}

final class Checker {
    let file: SourceFile
    var diags = DiagnosticBag()

    var scene = SceneInfo()
    var sceneSpan: Span?

    var globals: [String: Symbol] = [:]
    /// Names declared somewhere at top level (pass 1), to tell "used before its declaration" from "unknown".
    var declaredLater: [String: Span] = [:]
    var scopes: [[String: Symbol]] = []
    var globalCount = 0

    var pool = ConstantPool()
    var layerTemplates: [LayerTemplate] = []
    var animationTemplates: [AnimationTemplate] = []
    var functions: [IRFunction] = []

    // state of the function being checked
    var localCount = 0
    var inHandler = false
    var deferredHandlers: [(AtDecl, Int)] = []

    static let builtinConstants: [String: (Value, ValueType)] = [
        "infinity": (.number(.infinity), .number(.scalar)),
        "pi": (.number(Double.pi), .number(.scalar)),
    ]
    static let builtinFunctions = ["rgb", "rgba", "hsb", "hsba", "translate", "scale", "rotate", "perspective", "cubic", "matrix"]
    static let layerKinds = ["text", "shape", "gradient", "replicator", "emitter", "transform"]

    init(file: SourceFile) { self.file = file }

    func line(_ span: Span) -> Int { file.location(of: span.start).line }

    // MARK: entry

    func check(_ ast: SourceAST) -> [IRFunction] {
        // pass 1: collect top-level names
        for item in ast.items {
            switch item {
            case .layer(let l): collectLayerNames(l)
            case .binding(let b): if declaredLater[b.name.text] == nil { declaredLater[b.name.text] = b.name.span }
            default: break
            }
        }
        functions.append(IRFunction(name: "main", body: [], localCount: 0, endLine: 1))
        var main: [IRStmt] = []
        for item in ast.items {
            switch item {
            case .scene(let s): checkScene(s)
            case .binding(let b): main += checkTopBinding(b)
            case .layer(let l): main += declareLayer(l, parent: .root)
            case .at(let a):
                let index = functions.count
                functions.append(IRFunction(name: "", body: [], localCount: 0, endLine: 1))
                let time = checkEventTime(a.time)
                main.append(.schedule(time: time, function: index, line: line(a.span)))
                deferredHandlers.append((a, index))
            }
        }
        functions[0].body = main
        // main's RET belongs to the last line that holds a declaration
        let lastEnd = ast.items.map { item -> Int in
            switch item {
            case .scene(let d): return d.span.end
            case .layer(let d): return d.span.end
            case .binding(let d): return d.span.end
            case .at(let d): return d.span.end
            }
        }.max() ?? 0
        functions[0].endLine = line(Span(max(0, lastEnd - 1), lastEnd))
        for (decl, index) in deferredHandlers { checkHandler(decl, index: index) }
        return functions
    }

    func collectLayerNames(_ l: LayerDecl) {
        if let n = l.name {
            if declaredLater[n.text] == nil { declaredLater[n.text] = n.span }
        }
        for case .sublayer(let s) in l.body { collectLayerNames(s) }
    }

    // MARK: scene

    func checkScene(_ s: SceneDecl) {
        if let prev = sceneSpan {
            let (l, _) = file.location(of: prev.start)
            diags.error("E0222", "the scene is declared twice", at: s.span, notes: ["the first declaration is on line \(l)"])
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
                if !(x > 0 && x <= 1000) { diags.error("E0225", "fps must be between 0 and 1000, found \(fmt(x))", at: m.value.span) }
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
        }
        let frames = (scene.duration * scene.fps - 1e-9).rounded(.up)
        if frames > Double(Limits.maxFrames) {
            diags.error("E0227", "the scene has \(fmt(frames)) frames, more than the limit of \(Limits.maxFrames)",
                        at: seen["duration"] ?? s.span)
        }
    }

    // MARK: bindings

    func checkTopBinding(_ b: Binding) -> [IRStmt] {
        let name = b.name.text
        if let prev = globals[name] {
            redeclared(name, at: b.name.span, previous: prev.span)
            return []
        }
        let t = expr(b.value, expect: nil)
        if t.type == .void {
            diags.error("E0305", "'\(name)' cannot be bound to an expression with no value", at: b.value.span)
        }
        if case .animation(let template, let dynamic) = t.ir, !b.isVar {
            globals[name] = .animation(AnimationSpec(template: template, dynamic: dynamic), b.name.span)
            return []
        }
        if let v = t.ir.constant, !b.isVar {
            globals[name] = .constant(v, t.type, b.name.span)
            return []
        }
        let slot = globalCount
        globalCount += 1
        globals[name] = .global(slot: slot, type: t.type, mutable: b.isVar, b.name.span)
        return [.setGlobal(slot, t.ir, line: line(b.span))]
    }

    func redeclared(_ name: String, at span: Span, previous: Span) {
        diags.error("E0203", "'\(name)' is already declared", at: span, notes: ["the first declaration is on line \(line(previous))"])
    }

    // MARK: layers

    func declareLayer(_ l: LayerDecl, parent: IR) -> [IRStmt] {
        let name = l.name?.text ?? ""
        let ln = line(l.span)
        if let k = l.kind {
            if Checker.layerKinds.contains(k.text) {
                diags.error("E0230", "layer kind '\(k.text)' is not supported yet", at: k.span,
                            notes: ["this version of calc renders plain layers; see docs/language.md for the planned kinds"])
            } else {
                diags.error("E0231", "unknown layer kind '\(k.text)'", at: k.span,
                            label: suggestion(for: k.text, among: Checker.layerKinds).map { "did you mean '\($0)'?" })
            }
        }
        let slot = globalCount
        globalCount += 1
        if let n = l.name {
            if let prev = globals[name] { redeclared(name, at: n.span, previous: prev.span) } else { globals[name] = .layer(slot: slot, name: name, n.span) }
        }
        let me = IR.global(slot)
        var template = LayerTemplate(kind: .plain, name: name)
        var stmts: [IRStmt] = []
        var dynamicSeen = false
        var setKeys: [KeyPath: Span] = [:]
        var later: [IRStmt] = []
        for item in l.body {
            switch item {
            case .property(let m):
                guard let (kp, type) = resolveKeyPath(m.name, onLayer: name) else { _ = expr(m.value, expect: .error); continue }
                if let prev = setKeys[kp] {
                    diags.warning("W0002", "property '\(kp.name)' is set twice; the last value wins", at: m.name.span,
                                  notes: ["first set on line \(line(prev))"])
                }
                setKeys[kp] = m.name.span
                let t = expr(m.value, expect: type)
                guard let ir = convert(t, to: type, at: m.value.span, what: "'\(kp.name)'") else { continue }
                if let v = ir.constant, !dynamicSeen {
                    template.properties.append(PropertyInit(kp, pool.index(v)))
                } else {
                    dynamicSeen = true
                    stmts.append(.setProp(layer: me, kp, ir, line: line(m.span)))
                }
            case .sublayer(let s):
                later += declareLayer(s, parent: me)
            case .animations(let members, _):
                var keys: [String: Span] = [:]
                for m in members {
                    let key = m.name.text
                    if let prev = keys[key] {
                        diags.error("E0410", "animation key '\(key)' is used twice on layer '\(name)'", at: m.name.span,
                                    notes: ["first used on line \(line(prev)); a second animation with the same key would replace the first"])
                    }
                    keys[key] = m.name.span
                    let t = expr(m.value, expect: .animation)
                    guard let ir = convert(t, to: .animation, at: m.value.span, what: "animation '\(key)'") else { continue }
                    later.append(.addAnimation(layer: me, animation: ir, key: key, line: line(m.span)))
                }
            }
        }
        let templateIndex = layerTemplates.count
        layerTemplates.append(template)
        // create, configure, add to the parent, then build the subtree and attach animations
        var out: [IRStmt] = [.newLayer(global: slot, template: templateIndex, line: ln)]
        out += stmts
        out.append(.addSublayer(parent: parent, child: me, line: ln))
        // sublayers and animations: sublayers first (in source order), then animations
        let subs = later.filter { if case .addAnimation = $0 { return false } else { return true } }
        let anims = later.filter { if case .addAnimation = $0 { return true } else { return false } }
        out += subs
        out += anims
        // the name becomes usable by top-level code that follows
        return out
    }

    /// Resolves a property key path such as `position.x`; reports unknown names with a suggestion.
    func resolveKeyPath(_ name: Name, onLayer layer: String) -> (KeyPath, ValueType)? {
        if let r = KeyPath.parse(name.text) { return r }
        let what = layer.isEmpty ? "" : " on layer '\(layer)'"
        if let prop = LayerProperties.named(name.parts[0]) {
            let comps = Component.components(of: prop.type).map { prop.name + "." + $0.0 }
            diags.error("E0202", "'\(prop.name)' has no field '\(name.parts.dropFirst().joined(separator: "."))'", at: name.span,
                        label: suggestion(for: name.text, among: comps).map { "did you mean '\($0)'?" }
                            ?? (comps.isEmpty ? "'\(prop.name)' is \(TypeRules.article(prop.type))" : nil))
        } else {
            diags.error("E0201", "unknown property '\(name.text)'\(what)", at: name.span,
                        label: suggestion(for: name.text, among: KeyPath.allNames).map { "did you mean '\($0)'?" })
        }
        return nil
    }

    // MARK: timeline

    func checkEventTime(_ e: Expr) -> IR {
        let t = expr(e, expect: .number(.time))
        guard let ir = convert(t, to: .number(.time), at: e.span, what: "the event time") else { return .const(.number(0)) }
        if let v = ir.constant?.number {
            if v < 0 || !v.isFinite {
                diags.error("E0240", "an event time must be a non-negative finite duration, found \(fmt(v))s", at: e.span)
            } else if sceneSpan != nil, v > scene.duration + 1e-9 {
                diags.warning("W0001", "this event at \(fmt(v))s is after the end of the scene (\(fmt(scene.duration))s) and never runs", at: e.span)
            }
        }
        return ir
    }

    func checkHandler(_ a: AtDecl, index: Int) {
        localCount = 0
        inHandler = true
        scopes = [[:]]
        let timeText = file.text(a.time.span)
        let body = a.body.flatMap { stmt($0) }
        functions[index] = IRFunction(name: "at \(timeText)", body: body, localCount: localCount, endLine: line(Span(a.span.end - 1, a.span.end)))
        scopes = []
        inHandler = false
    }

    // MARK: statements

    func stmt(_ s: Stmt) -> [IRStmt] {
        switch s {
        case .error: return []
        case .binding(let b):
            let name = b.name.text
            if let prev = scopes[scopes.count - 1][name] { redeclared(name, at: b.name.span, previous: prev.span); return [] }
            let t = expr(b.value, expect: nil)
            if t.type == .void { diags.error("E0305", "'\(name)' cannot be bound to an expression with no value", at: b.value.span) }
            if case .animation(let template, let dynamic) = t.ir, !b.isVar {
                scopes[scopes.count - 1][name] = .animation(AnimationSpec(template: template, dynamic: dynamic), b.name.span)
                return []
            }
            if let v = t.ir.constant, !b.isVar {
                scopes[scopes.count - 1][name] = .constant(v, t.type, b.name.span)
                return []
            }
            let reg = localCount
            localCount += 1
            scopes[scopes.count - 1][name] = .local(reg: reg, type: t.type, mutable: b.isVar, b.name.span)
            return [.setLocal(reg, t.ir, line: line(b.span))]
        case .assign(let target, let value, let span):
            return assign(target, value, span)
        case .expr(let e):
            return exprStmt(e)
        case .transaction(let args, let body, let span):
            var settings: [(TxField, IR)] = []
            var seen: Set<String> = []
            for a in args {
                guard let label = a.label else {
                    diags.error("E0250", "transaction settings need a label, e.g. 'animationDuration: 1s'", at: a.value.span)
                    continue
                }
                guard let field = TxField.allCases.first(where: { $0.name == label.text }) else {
                    diags.error("E0251", "unknown transaction setting '\(label.text)'", at: label.span,
                                label: suggestion(for: label.text, among: TxField.allCases.map { $0.name }).map { "did you mean '\($0)'?" })
                    _ = expr(a.value, expect: nil)
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
            scopes.append([:])
            let inner = body.flatMap { stmt($0) }
            scopes.removeLast()
            return [.transaction(settings, inner, line: line(span), endLine: line(Span(span.end - 1, span.end)))]
        }
    }

    /// Flattens `a.b.c` into ["a", "b", "c"] when the chain is made of names only.
    func memberChain(_ e: Expr) -> [(String, Span)]? {
        switch e.kind {
        case .identifier(let n): return [(n, e.span)]
        case .member(let base, let name):
            guard let b = memberChain(base) else { return nil }
            return b + name.parts.map { ($0, name.span) }
        default: return nil
        }
    }

    func assign(_ target: Expr, _ value: Expr, _ span: Span) -> [IRStmt] {
        guard let chain = memberChain(target) else {
            diags.error("E0260", "cannot assign to this expression", at: target.span, label: "expected a layer property such as 'card.opacity' or a variable")
            _ = expr(value, expect: nil)
            return []
        }
        let root = chain[0]
        switch lookup(root.0, at: root.1) {
        case .layer(let slot, let lname, _)?:
            guard chain.count > 1 else {
                diags.error("E0261", "cannot assign to layer '\(lname)' itself", at: target.span, label: "assign to one of its properties, e.g. '\(lname).opacity'")
                return []
            }
            if chain[1].0 == "presentation" {
                diags.error("E0262", "the presentation layer is read-only", at: chain[1].1,
                            notes: ["set the model value ('\(lname).\(chain.dropFirst(2).map { $0.0 }.joined(separator: "."))') instead"])
                return []
            }
            let name = Name(chain.dropFirst().map { $0.0 }, span: chain[1].1.to(chain.last!.1))
            guard let (kp, type) = resolveKeyPath(name, onLayer: lname) else { _ = expr(value, expect: .error); return [] }
            let t = expr(value, expect: type)
            guard let ir = convert(t, to: type, at: value.span, what: "'\(kp.name)'") else { return [] }
            return [.setProp(layer: .global(slot), kp, ir, line: line(span))]
        case .local(let reg, let type, let mutable, let decl)?:
            guard chain.count == 1 else {
                diags.error("E0263", "cannot assign to a part of '\(root.0)'", at: target.span)
                return []
            }
            guard mutable else { notMutable(root.0, at: root.1, decl: decl); return [] }
            let t = expr(value, expect: type)
            guard let ir = convert(t, to: type, at: value.span, what: "'\(root.0)'") else { return [] }
            return [.setLocal(reg, ir, line: line(span))]
        case .global(let slot, let type, let mutable, let decl)?:
            guard chain.count == 1 else {
                diags.error("E0263", "cannot assign to a part of '\(root.0)'", at: target.span)
                return []
            }
            guard mutable else { notMutable(root.0, at: root.1, decl: decl); return [] }
            let t = expr(value, expect: type)
            guard let ir = convert(t, to: type, at: value.span, what: "'\(root.0)'") else { return [] }
            return [.setGlobal(slot, ir, line: line(span))]
        case .constant(_, _, let decl)?, .animation(_, let decl)?:
            notMutable(root.0, at: root.1, decl: decl)
            return []
        case nil:
            _ = expr(value, expect: .error)
            return []
        }
    }

    func notMutable(_ name: String, at span: Span, decl: Span) {
        diags.error("E0264", "cannot assign to '\(name)': it is a constant", at: span,
                    notes: ["declared with 'let' on line \(line(decl)); use 'var' to make it variable"])
    }

    static let layerMethods = ["addAnimation", "removeAnimation", "removeAllAnimations"]

    func exprStmt(_ e: Expr) -> [IRStmt] {
        guard case .call(let callee, let args) = e.kind, case .member(let base, let method) = callee.kind,
              let chain = memberChain(base), chain.count == 1,
              case .layer(let slot, let lname, _)? = lookup(chain[0].0, at: chain[0].1) else {
            if case .call(let callee, _) = e.kind, case .member(let base, let method) = callee.kind,
               let chain = memberChain(base), chain.count == 1, lookup(chain[0].0, at: chain[0].1) == nil {
                _ = method
                return []
            }
            let t = expr(e, expect: nil)
            if t.type != .error {
                diags.error("E0311", "this expression's value is unused", at: e.span,
                            label: "a statement sets a property, calls a layer method or starts a transaction")
            }
            return []
        }
        let ln = line(e.span)
        let layer = IR.global(slot)
        func stringArg(_ a: Arg) -> String? {
            let t = expr(a.value, expect: .string)
            guard let ir = convert(t, to: .string, at: a.value.span, what: "the animation key"), let s = ir.constant?.string else {
                if t.type == .string { diags.error("E0414", "an animation key must be a constant string", at: a.value.span) }
                return nil
            }
            return s
        }
        switch method.text {
        case "addAnimation":
            guard args.count == 2, args[0].label == nil, args[1].label?.text == "forKey" else {
                diags.error("E0412", "addAnimation takes an animation and a key: '\(lname).addAnimation(anim, forKey: \"key\")'", at: e.span)
                return []
            }
            let t = expr(args[0].value, expect: .animation)
            let anim = convert(t, to: .animation, at: args[0].value.span, what: "the first argument of addAnimation")
            guard let key = stringArg(args[1]), let anim else { return [] }
            return [.addAnimation(layer: layer, animation: anim, key: key, line: ln)]
        case "removeAnimation":
            guard args.count == 1, args[0].label?.text == "forKey" else {
                diags.error("E0412", "removeAnimation takes a key: '\(lname).removeAnimation(forKey: \"key\")'", at: e.span)
                return []
            }
            guard let key = stringArg(args[0]) else { return [] }
            return [.removeAnimation(layer: layer, key: key, line: ln)]
        case "removeAllAnimations":
            guard args.isEmpty else {
                diags.error("E0412", "removeAllAnimations takes no arguments", at: e.span)
                return []
            }
            return [.removeAllAnimations(layer: layer, line: ln)]
        default:
            diags.error("E0413", "layer '\(lname)' has no method '\(method.text)'", at: method.span,
                        label: suggestion(for: method.text, among: Checker.layerMethods).map { "did you mean '\($0)'?" })
            return []
        }
    }

    // MARK: names

    func lookup(_ name: String, at span: Span) -> Symbol? {
        for scope in scopes.reversed() { if let s = scope[name] { return s } }
        if let s = globals[name] { return s }
        if let decl = declaredLater[name], !inHandler {
            diags.error("E0204", "'\(name)' is used before its declaration", at: span,
                        notes: ["it is declared on line \(line(decl)); top-level code runs in order"])
            return nil
        }
        var candidates = Array(globals.keys) + Array(Checker.builtinConstants.keys)
        for scope in scopes { candidates += scope.keys }
        if Checker.builtinConstants[name] == nil {
            diags.error("E0200", "unknown name '\(name)'", at: span,
                        label: suggestion(for: name, among: candidates.sorted()).map { "did you mean '\($0)'?" })
        }
        return nil
    }

    // MARK: conversions

    /// Checks `t` against `expected`; reports a mismatch and returns nil, else the IR.
    func convert(_ t: Typed, to expected: ValueType, at span: Span, what: String) -> IR? {
        if t.type == .error { return nil }
        if TypeRules.assignable(t.type, to: expected) { return t.ir }
        var notes: [String] = []
        if case .number(let e) = expected, case .number(let f) = t.type {
            if e == .scalar { notes.append("remove the unit: \(what) is a plain number") }
            else if f != .scalar { notes.append("\(TypeRules.article(t.type)) cannot stand for \(TypeRules.article(expected))") }
        }
        diags.error("E0300", "\(what) expects \(TypeRules.article(expected)), found \(TypeRules.article(t.type))", at: span, notes: notes)
        return nil
    }

    // MARK: expressions

    func expr(_ e: Expr, expect: ValueType?) -> Typed {
        switch e.kind {
        case .error: return .error
        case .number(let v, let unit):
            switch unit {
            case "s": return Typed(ir: .const(.number(v)), type: .number(.time))
            case "ms": return Typed(ir: .const(.number(v / 1000)), type: .number(.time))
            case "deg": return Typed(ir: .const(.number(v * Double.pi / 180)), type: .number(.angle))
            case "rad": return Typed(ir: .const(.number(v)), type: .number(.angle))
            default: return Typed(ir: .const(.number(v)), type: .number(.scalar))
            }
        case .string(let s): return Typed(ir: .const(.string(s)), type: .string)
        case .color(let c): return Typed(ir: .const(.color(c)), type: .color)
        case .bool(let b): return Typed(ir: .const(.bool(b)), type: .bool)
        case .none:
            diags.error("E0306", "'none' is not a value here", at: e.span, label: "'none' disables an action in an 'actions' block")
            return .error
        case .identifier(let name):
            return identifier(name, at: e.span)
        case .enumCase(let name):
            return enumCase(name, expect: expect, at: e.span)
        case .tuple(let elems):
            return tuple(elems, expect: expect, at: e.span)
        case .paren(let inner):
            return expr(inner, expect: expect)
        case .unary(let op, let operand):
            let t = expr(operand, expect: op == .not ? .bool : expect)
            if t.type == .error { return .error }
            if op == .not {
                guard t.type == .bool else {
                    diags.error("E0303", "'!' needs a bool, found \(TypeRules.article(t.type))", at: e.span)
                    return .error
                }
                if let v = t.ir.constant?.bool { return Typed(ir: .const(.bool(!v)), type: .bool) }
                return Typed(ir: .not(t.ir), type: .bool)
            }
            switch t.type {
            case .number, .point, .size, .rect:
                if let v = t.ir.constant { return Typed(ir: .const(Value.scale(v, by: -1)), type: t.type) }
                return Typed(ir: .neg(t.ir), type: t.type)
            default:
                diags.error("E0303", "'-' cannot negate \(TypeRules.article(t.type))", at: e.span)
                return .error
            }
        case .binary(let op, let l, let r):
            return binary(op, l, r, expect: expect, at: e.span)
        case .member:
            return member(e)
        case .call(let callee, let args):
            return call(callee, args, at: e.span)
        case .animation(let kind, let members):
            return animation(kind, members, at: e.span)
        }
    }

    func identifier(_ name: String, at span: Span) -> Typed {
        if let (v, t) = Checker.builtinConstants[name], scopes.allSatisfy({ $0[name] == nil }), globals[name] == nil {
            return Typed(ir: .const(v), type: t)
        }
        switch lookup(name, at: span) {
        case .constant(let v, let t, _)?: return Typed(ir: .const(v), type: t)
        case .global(let slot, let t, _, _)?: return Typed(ir: .global(slot), type: t)
        case .local(let reg, let t, _, _)?: return Typed(ir: .local(reg), type: t)
        case .layer(let slot, _, _)?: return Typed(ir: .global(slot), type: .layer)
        case .animation(let spec, _)?: return Typed(ir: .animation(template: spec.template, dynamic: spec.dynamic), type: .animation)
        case nil: return .error
        }
    }

    func enumCase(_ name: String, expect: ValueType?, at span: Span) -> Typed {
        switch expect {
        case .color?:
            if let c = Color.named.first(where: { $0.0 == name }) { return Typed(ir: .const(.color(c.1)), type: .color) }
            diags.error("E0301", "unknown color '.\(name)'", at: span,
                        label: suggestion(for: name, among: Color.named.map { $0.0 }).map { "did you mean '.\($0)'?" })
            return .error
        case .timingFunction?:
            if let f = TimingFunction.named.first(where: { $0.0 == name }) { return Typed(ir: .const(.timing(f.1)), type: .timingFunction) }
            diags.error("E0301", "unknown timing function '.\(name)'", at: span,
                        label: suggestion(for: name, among: TimingFunction.named.map { $0.0 }).map { "did you mean '.\($0)'?" })
            return .error
        case .enumeration(let en)?:
            let cases = Enumerations.all[en] ?? []
            if let i = cases.firstIndex(of: name) { return Typed(ir: .const(.enumCase(UInt8(i))), type: .enumeration(en)) }
            diags.error("E0301", "unknown \(en) '.\(name)'", at: span,
                        label: suggestion(for: name, among: cases).map { "did you mean '.\($0)'?" } ?? "expected one of \(cases.map { "." + $0 }.joined(separator: ", "))")
            return .error
        case .error?:
            return .error   // the context already failed and was reported
        default:
            diags.error("E0302", "cannot tell what '.\(name)' is here", at: span,
                        label: expect.map { "expected \(TypeRules.article($0))" } ?? "a '.case' needs a color, timing function or setting in context")
            return .error
        }
    }

    func numbers(_ elems: [Expr], _ types: [ValueType]) -> [IR]? {
        var out: [IR] = []
        var ok = true
        for (e, ty) in zip(elems, types) {
            let t = expr(e, expect: ty)
            if let ir = convert(t, to: ty, at: e.span, what: "this component") { out.append(ir) } else { ok = false }
        }
        return ok ? out : nil
    }

    func tuple(_ elems: [Expr], expect: ValueType?, at span: Span) -> Typed {
        let n = ValueType.number(.scalar)
        var target = expect
        if target != .point && target != .size && target != .rect {
            target = elems.count == 2 ? .point : elems.count == 4 ? .rect : nil
        }
        switch target {
        case .point?, .size?:
            guard elems.count == 2 else {
                diags.error("E0304", "\(TypeRules.article(target!)) has 2 components, found \(elems.count)", at: span)
                return .error
            }
            guard let c = numbers(elems, [n, n]) else { return .error }
            if let a = c[0].constant?.number, let b = c[1].constant?.number {
                return Typed(ir: .const(target == .point ? .point(Point(a, b)) : .size(Size(a, b))), type: target!)
            }
            return Typed(ir: target == .point ? .makePoint(c[0], c[1]) : .makeSize(c[0], c[1]), type: target!)
        case .rect?:
            guard elems.count == 4 else {
                diags.error("E0304", "a rect has 4 components (x, y, width, height), found \(elems.count)", at: span)
                return .error
            }
            guard let c = numbers(elems, [n, n, n, n]) else { return .error }
            let k = c.compactMap { $0.constant?.number }
            if k.count == 4 { return Typed(ir: .const(.rect(Rect(k[0], k[1], k[2], k[3]))), type: .rect) }
            return Typed(ir: .makeRect(c), type: .rect)
        default:
            diags.error("E0304", "a tuple of \(elems.count) values is not a point, size or rect", at: span,
                        label: expect.map { "expected \(TypeRules.article($0))" })
            return .error
        }
    }

    func binary(_ op: BinaryOp, _ l: Expr, _ r: Expr, expect: ValueType?, at span: Span) -> Typed {
        let structured: ValueType? = (expect == .point || expect == .size || expect == .rect) ? expect : nil
        switch op {
        case .and, .or:
            let a = expr(l, expect: .bool), b = expr(r, expect: .bool)
            guard let ai = convert(a, to: .bool, at: l.span, what: "'\(op.rawValue)'"),
                  let bi = convert(b, to: .bool, at: r.span, what: "'\(op.rawValue)'") else { return .error }
            if let x = ai.constant?.bool, let y = bi.constant?.bool { return Typed(ir: .const(.bool(op == .and ? x && y : x || y)), type: .bool) }
            return Typed(ir: op == .and ? .and(ai, bi) : .or(ai, bi), type: .bool)
        case .eq, .ne, .lt, .le, .gt, .ge:
            let a = expr(l, expect: nil), b = expr(r, expect: nil)
            if a.type == .error || b.type == .error { return .error }
            let ordered = op != .eq && op != .ne
            let comparable: Bool
            if case .number(let x) = a.type, case .number(let y) = b.type {
                comparable = x == y || x == .scalar || y == .scalar
            } else {
                comparable = a.type == b.type && (!ordered || a.type == .string)
            }
            guard comparable else {
                diags.error("E0303", "cannot compare \(TypeRules.article(a.type)) with \(TypeRules.article(b.type)) using '\(op.rawValue)'", at: span)
                return .error
            }
            if let x = a.ir.constant, let y = b.ir.constant {
                let v: Bool
                switch op {
                case .eq: v = Value.equal(x, y)
                case .ne: v = !Value.equal(x, y)
                case .lt: v = Value.less(x, y, orEqual: false) ?? false
                case .le: v = Value.less(x, y, orEqual: true) ?? false
                case .gt: v = Value.less(y, x, orEqual: false) ?? false
                default: v = Value.less(y, x, orEqual: true) ?? false
                }
                return Typed(ir: .const(.bool(v)), type: .bool)
            }
            let ir: IR
            switch op {
            case .eq: ir = .compare(.eq, a.ir, b.ir)
            case .ne: ir = .not(.compare(.eq, a.ir, b.ir))
            case .lt: ir = .compare(.lt, a.ir, b.ir)
            case .le: ir = .compare(.le, a.ir, b.ir)
            case .gt: ir = .compare(.lt, b.ir, a.ir)
            default: ir = .compare(.le, b.ir, a.ir)
            }
            return Typed(ir: ir, type: .bool)
        default:
            let aop: ArithOp = op == .add ? .add : op == .sub ? .sub : op == .mul ? .mul : op == .div ? .div : .mod
            // a structured expectation flows into tuple operands: `(1, 2) + (3, 4)` as sizes
            let a = expr(l, expect: structured), b = expr(r, expect: aop == .mul || aop == .div ? (a.type == .transform ? .transform : nil) : structured)
            if a.type == .error || b.type == .error { return .error }
            guard let rt = TypeRules.arithResult(aop, a.type, b.type) else {
                diags.error("E0303", "cannot apply '\(op.rawValue)' to \(TypeRules.article(a.type)) and \(TypeRules.article(b.type))", at: span)
                return .error
            }
            if let x = a.ir.constant, let y = b.ir.constant {
                do {
                    return Typed(ir: .const(try Value.arith(aop, x, y)), type: rt)
                } catch {
                    if error == .divisionByZero { diags.error("E0307", "division by zero", at: span) } else { diags.error("E0303", "cannot apply '\(op.rawValue)' here", at: span) }
                    return .error
                }
            }
            return Typed(ir: .arith(aop, a.ir, b.ir), type: rt)
        }
    }

    func member(_ e: Expr) -> Typed {
        guard let chain = memberChain(e) else {
            // member of a computed value: only constant components are supported
            guard case .member(let base, let name) = e.kind else { return .error }
            let t = expr(base, expect: nil)
            return component(t, name, at: e.span)
        }
        let root = chain[0]
        let sym = lookup(root.0, at: root.1)
        switch sym {
        case .layer(let slot, let lname, _)?:
            var rest = Array(chain.dropFirst())
            var presentation = false
            if rest.first?.0 == "presentation" { presentation = true; rest.removeFirst() }
            guard !rest.isEmpty else {
                diags.error("E0265", "expected a property after '\(lname)\(presentation ? ".presentation" : "")'", at: e.span)
                return .error
            }
            let name = Name(rest.map { $0.0 }, span: rest[0].1.to(rest.last!.1))
            guard let (kp, type) = resolveKeyPath(name, onLayer: lname) else { return .error }
            return Typed(ir: presentation ? .getPres(.global(slot), kp) : .getProp(.global(slot), kp), type: type)
        case nil:
            return .error
        default:
            var t = identifier(root.0, at: root.1)
            for part in chain.dropFirst() {
                t = component(t, Name([part.0], span: part.1), at: e.span)
                if t.type == .error { return .error }
            }
            return t
        }
    }

    func component(_ t: Typed, _ name: Name, at span: Span) -> Typed {
        if t.type == .error { return .error }
        let comps = Component.components(of: t.type)
        guard let c = comps.first(where: { $0.0 == name.text }) else {
            diags.error("E0202", "\(TypeRules.article(t.type)) has no field '\(name.text)'", at: name.span,
                        label: suggestion(for: name.text, among: comps.map { $0.0 }).map { "did you mean '\($0)'?" })
            return .error
        }
        guard let v = t.ir.constant else {
            diags.error("E0399", "reading a field of a computed value is not supported yet", at: span,
                        notes: ["read it from the layer directly, e.g. 'card.position.x'"])
            return .error
        }
        return Typed(ir: .const(c.1.get(v)), type: c.2)
    }

    // MARK: built-in functions

    func call(_ callee: Expr, _ args: [Arg], at span: Span) -> Typed {
        guard case .identifier(let fname) = callee.kind else {
            if case .member(_, let m) = callee.kind, Checker.layerMethods.contains(m.text) {
                diags.error("E0311", "'\(m.text)' does not return a value", at: span, label: "call it as a statement")
            } else {
                diags.error("E0270", "this is not a function", at: callee.span)
            }
            return .error
        }
        if let label = args.first(where: { $0.label != nil })?.label {
            diags.error("E0271", "'\(fname)' takes no labelled arguments", at: label.span)
            return .error
        }
        let n = ValueType.number(.scalar), a = ValueType.number(.angle)
        func arity(_ allowed: [Int], _ usage: String) -> Bool {
            if allowed.contains(args.count) { return true }
            diags.error("E0272", "wrong number of arguments to '\(fname)': found \(args.count)", at: span, label: "usage: \(usage)")
            return false
        }
        func nums(_ types: [ValueType]) -> [IR]? { numbers(args.map { $0.value }, types) }
        func constants(_ irs: [IR]) -> [Double]? {
            let k = irs.compactMap { $0.constant?.number }
            return k.count == irs.count ? k : nil
        }
        switch fname {
        case "rgb", "rgba":
            let count = fname == "rgb" ? 3 : 4
            guard arity([count], fname == "rgb" ? "rgb(red, green, blue) with components 0...1" : "rgba(red, green, blue, alpha) with components 0...1"),
                  var c = nums(Array(repeating: n, count: count)) else { return .error }
            if count == 3 { c.append(.const(.number(1))) }
            if let k = constants(c) {
                return Typed(ir: .const(.color(Color(clamp01(k[0]), clamp01(k[1]), clamp01(k[2]), clamp01(k[3])))), type: .color)
            }
            return Typed(ir: .makeColor(c), type: .color)
        case "hsb", "hsba":
            let count = fname == "hsb" ? 3 : 4
            guard arity([count], "\(fname)(hue angle, saturation, brightness\(count == 4 ? ", alpha" : ""))"),
                  let c = nums([a, n, n, n].prefix(count).map { $0 }) else { return .error }
            guard let k = constants(c) else { return needsConstants(fname, span) }
            let turns = k[0] / (2 * Double.pi)
            return Typed(ir: .const(.color(Color.hsb(turns, clamp01(k[1]), clamp01(k[2]), count == 4 ? clamp01(k[3]) : 1))), type: .color)
        case "translate":
            guard arity([2, 3], "translate(x, y) or translate(x, y, z)"), var c = nums(Array(repeating: n, count: args.count)) else { return .error }
            if c.count == 2 { c.append(.const(.number(0))) }
            if let k = constants(c) { return Typed(ir: .const(.transform(.translation(k[0], k[1], k[2]))), type: .transform) }
            return Typed(ir: .translate(c), type: .transform)
        case "scale":
            guard arity([1, 2, 3], "scale(s), scale(sx, sy) or scale(sx, sy, sz)"), var c = nums(Array(repeating: n, count: args.count)) else { return .error }
            if c.count == 1 { c = [c[0], c[0], .const(.number(1))] } else if c.count == 2 { c.append(.const(.number(1))) }
            if let k = constants(c) { return Typed(ir: .const(.transform(.scale(k[0], k[1], k[2]))), type: .transform) }
            return Typed(ir: .scale(c), type: .transform)
        case "rotate":
            guard arity([1, 2], "rotate(angle) or rotate(angle, axis) with axis .x, .y, .z or (x, y, z)") else { return .error }
            guard let angle = nums([a]) else { return .error }
            var axis: [IR] = [.const(.number(0)), .const(.number(0)), .const(.number(1))]
            if args.count == 2 {
                let ax = args[1].value
                switch ax.kind {
                case .enumCase(let name):
                    switch name {
                    case "x": axis = [.const(.number(1)), .const(.number(0)), .const(.number(0))]
                    case "y": axis = [.const(.number(0)), .const(.number(1)), .const(.number(0))]
                    case "z": break
                    default:
                        diags.error("E0301", "unknown axis '.\(name)'", at: ax.span, label: "expected .x, .y or .z")
                        return .error
                    }
                case .tuple(let elems) where elems.count == 3:
                    guard let c = numbers(elems, [n, n, n]) else { return .error }
                    axis = c
                default:
                    diags.error("E0300", "the rotation axis expects .x, .y, .z or a vector (x, y, z)", at: ax.span)
                    return .error
                }
            }
            let all = angle + axis
            if let k = constants(all) { return Typed(ir: .const(.transform(.rotation(k[0], k[1], k[2], k[3]))), type: .transform) }
            return Typed(ir: .rotate(all), type: .transform)
        case "perspective":
            guard arity([1], "perspective(distance)"), let c = nums([n]) else { return .error }
            if let k = constants(c) {
                if k[0] <= 0 { diags.error("E0273", "the perspective distance must be positive", at: args[0].value.span); return .error }
                return Typed(ir: .const(.transform(.perspective(k[0]))), type: .transform)
            }
            return Typed(ir: .perspective(c[0]), type: .transform)
        case "matrix":
            guard arity([16], "matrix(m11, m12, m13, m14, m21, …, m44), row-major as CATransform3D"),
                  let c = nums(Array(repeating: n, count: 16)) else { return .error }
            guard let k = constants(c) else { return needsConstants(fname, span) }
            return Typed(ir: .const(.transform(Transform3D(k))), type: .transform)
        case "cubic":
            guard arity([4], "cubic(x1, y1, x2, y2)"), let c = nums([n, n, n, n]) else { return .error }
            guard let k = constants(c) else { return needsConstants(fname, span) }
            if !(0...1).contains(k[0]) || !(0...1).contains(k[2]) {
                diags.error("E0274", "a timing curve's x coordinates must lie in 0...1", at: span)
                return .error
            }
            return Typed(ir: .const(.timing(TimingFunction(k[0], k[1], k[2], k[3]))), type: .timingFunction)
        default:
            let known = Checker.builtinFunctions
            diags.error("E0275", "unknown function '\(fname)'", at: callee.span,
                        label: suggestion(for: fname, among: known).map { "did you mean '\($0)'?" })
            for a in args { _ = expr(a.value, expect: nil) }
            return .error
        }
    }

    func needsConstants(_ f: String, _ span: Span) -> Typed {
        diags.error("E0276", "'\(f)' needs constant arguments", at: span)
        return .error
    }

    func clamp01(_ x: Double) -> Double { min(1, max(0, x)) }

    // MARK: animations

    static let animFieldTypes: [AnimField: ValueType] = [
        .duration: .number(.time), .beginTime: .number(.time), .timeOffset: .number(.time), .speed: .number(.scalar),
        .repeatCount: .number(.scalar), .repeatDuration: .number(.time), .autoreverses: .bool, .fillMode: .enumeration("fill mode"),
        .removedOnCompletion: .bool, .timingFunction: .timingFunction, .additive: .bool, .cumulative: .bool,
    ]

    func animation(_ kind: Name, _ members: [Member], at span: Span) -> Typed {
        guard kind.text == "basic" else {
            diags.error("E0400", "\(kind.text) animations are not supported yet", at: kind.span,
                        notes: ["this version of calc runs basic animations; see docs/language.md for the planned kinds"])
            return .error
        }
        var keyPath: (KeyPath, ValueType)?
        var seen: [String: Span] = [:]
        for m in members where m.name.text == "keyPath" {
            seen["keyPath"] = m.name.span
            guard let chain = memberChain(m.value) else {
                diags.error("E0401", "'keyPath' expects a property path such as 'position.x'", at: m.value.span)
                continue
            }
            let name = Name(chain.map { $0.0 }, span: m.value.span)
            guard let r = resolveKeyPath(name, onLayer: "") else { continue }
            if !LayerProperties.all[Int(r.0.property)].animatable {
                let p = LayerProperties.all[Int(r.0.property)].name
                diags.error("E0402", "'\(p)' is not animatable", at: m.value.span,
                            notes: p == "frame" ? ["animate 'bounds' and 'position' instead (seed 000:2046)"] : [])
                continue
            }
            keyPath = r
        }
        if seen["keyPath"] == nil {
            diags.error("E0403", "a basic animation needs a 'keyPath'", at: kind.span, label: "add e.g. 'keyPath: opacity'")
        }
        var template = AnimationTemplate(kind: .basic, keyPath: keyPath?.0 ?? KeyPath(property: 0))
        var dynamic: [(AnimField, IR)] = []
        var ok = keyPath != nil
        for m in members where m.name.text != "keyPath" {
            let fname = m.name.text
            guard let field = AnimField.allCases.first(where: { $0.name == fname }) else {
                diags.error("E0404", "unknown animation field '\(fname)'", at: m.name.span,
                            label: suggestion(for: fname, among: ["keyPath"] + AnimField.allCases.map { $0.name }).map { "did you mean '\($0)'?" })
                _ = expr(m.value, expect: nil)
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
                guard let kp = keyPath else { _ = expr(m.value, expect: nil); continue }
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
        if seen["repeatCount"] != nil, seen["repeatDuration"] != nil {
            diags.warning("W0003", "both 'repeatCount' and 'repeatDuration' are set; 'repeatDuration' wins", at: seen["repeatDuration"]!)
        }
        if seen["by"] != nil, seen["from"] != nil, seen["to"] != nil {
            diags.warning("W0004", "'from', 'to' and 'by' are all set; 'by' is ignored", at: seen["by"]!)
        }
        guard ok else { return .error }
        let index = animationTemplates.count
        animationTemplates.append(template)
        return Typed(ir: .animation(template: index, dynamic: dynamic), type: .animation)
    }
}

/// Shortest round-trip text for a number, without a trailing ".0".
func fmt(_ x: Double) -> String {
    if x.isInfinite { return x < 0 ? "-infinity" : "infinity" }
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return "\(x)"
}

/// The constant pool, deduplicated by exact bit pattern so that 0 and -0 stay distinct.
struct ConstantPool {
    var values: [Value] = []
    var index: [String: UInt32] = [:]

    mutating func index(_ v: Value) -> UInt32 {
        let key = ConstantPool.key(v)
        if let i = index[key] { return i }
        let i = UInt32(values.count)
        values.append(v)
        index[key] = i
        return i
    }

    static func key(_ v: Value) -> String {
        func d(_ x: Double) -> String { String(x.bitPattern, radix: 16) }
        switch v {
        case .number(let x): return "n" + d(x)
        case .bool(let b): return b ? "T" : "F"
        case .string(let s): return "s" + s
        case .point(let p): return "p\(d(p.x)),\(d(p.y))"
        case .size(let s): return "z\(d(s.width)),\(d(s.height))"
        case .rect(let r): return "r\(d(r.origin.x)),\(d(r.origin.y)),\(d(r.size.width)),\(d(r.size.height))"
        case .color(let c): return "c\(d(c.r)),\(d(c.g)),\(d(c.b)),\(d(c.a))"
        case .timing(let t): return "t\(d(t.x1)),\(d(t.y1)),\(d(t.x2)),\(d(t.y2))"
        case .transform(let m): return "m" + m.elements.map(d).joined(separator: ",")
        case .enumCase(let i): return "e\(i)"
        case .none: return "0"
        case .layer(let h): return "L\(h)"
        case .animation(let h): return "A\(h)"
        }
    }
}
