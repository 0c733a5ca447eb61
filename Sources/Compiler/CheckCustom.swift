// Custom key–value properties and `draw` blocks.
//
// `property thickness: number = 4` declares a key every layer has (a CALayer is a KVC container;
// Core Animation subclasses declare such properties with @dynamic and a default in
// +defaultValueForKey:). Declarations are collected in pass 1, so a property may be used above
// its declaration; the key gets id LayerProperties.customBase + index and is set, read, bound and
// animated like a built-in property.
//
// `draw { … }` in a layer body is the layer's content, drawn by commands (`fill`, `stroke`,
// `text`, `drawImage`) — the drawLayer:inContext: delegate. It is compiled as a nested function
// whose parameter 0 is the layer (`self`); the VM runs it for every frame it presents, and
// `self.KEY` reads the presentation value, so an animated custom property redraws the content
// (the needsDisplayForKey: pattern).

import CalcCore
import Parser
import Bytecode

extension Checker {
    /// Pass 1: registers a custom property's name and type, so it may be used anywhere.
    func declareProperty(_ d: PropertyDecl) {
        let name = d.name.text
        let type = resolveType(d.type)
        guard type != .error else { return }
        if LayerProperties.named(name) != nil || Checker.actionKeys.contains(name) || name == "style" {
            diags.error("E0237", "'\(name)' is already a layer property", at: d.name.span,
                        label: "a custom property needs a name of its own")
            return
        }
        if let previous = customSpans[name] {
            redeclared(name, at: d.name.span, previous: previous)
            return
        }
        guard let placeholder = Checker.zeroValue(of: type) else {
            diags.error("E0238", "a custom property cannot hold \(TypeRules.article(type))", at: d.type.span,
                        label: "use number, duration, angle, bool, point, size, rect, color, string, transform, path or image")
            return
        }
        guard customKeys.count < Int(UInt16.max - LayerProperties.customBase) else { return }
        let dimension: Dimension = if case .number(let dim) = type { dim } else { .scalar }
        customKeys.append(CustomKey(name: name, defaultValue: placeholder, dimension: dimension))
        customSpans[name] = d.name.span
        table = PropertyTable(custom: customKeys)
    }

    /// Pass 2, where the declaration stands: its default value, a constant (top-level `let`s
    /// declared above it fold).
    func defineProperty(_ d: PropertyDecl) {
        guard let k = customKeys.firstIndex(where: { $0.name == d.name.text }), customSpans[d.name.text] == d.name.span else {
            _ = expr(d.value, expect: .error)
            return
        }
        let type = customKeys[k].type
        let t = expr(d.value, expect: type)
        guard let ir = convert(t, to: type, at: d.value.span, what: "the default of '\(d.name.text)'") else { return }
        guard let v = ir.constant, PropertyTable.isCustomType(v) else {
            diags.error("E0239", "the default of a custom property must be a constant", at: d.value.span,
                        label: "set computed values on the layers that need them")
            return
        }
        customKeys[k].defaultValue = v
        table = PropertyTable(custom: customKeys)
    }

    /// The value a custom property of `type` holds before its default is known; nil for types a
    /// custom property cannot have.
    static func zeroValue(of type: ValueType) -> Value? {
        switch type {
        case .number: return .number(0)
        case .bool: return .bool(false)
        case .point: return .point(Point(0, 0))
        case .size: return .size(Size(0, 0))
        case .rect: return .rect(.zero)
        case .color: return .color(.clear)
        case .string: return .string("")
        case .transform: return .transform(.identity)
        case .path: return .path(BezierPath([]))
        case .image: return .image("")
        default: return nil
        }
    }

    /// A key path's spelling, custom properties included.
    func keyName(_ kp: KeyPath) -> String { table.name(kp) }

    /// The property behind an id the checker resolved (always known; a placeholder otherwise).
    func propertyInfo(_ id: UInt16) -> LayerProperty { table.info(id) ?? LayerProperties.all[0] }

    // MARK: draw blocks

    static let drawCommands: Set<String> = ["fill", "stroke", "text", "drawImage"]

    func drawBlock(_ body: [Stmt], _ span: Span, _ ctx: MemberContext) -> [IRStmt] {
        guard case .layer(let layer, let lname) = ctx else {
            diags.error("E0107", "'draw' belongs inside a layer", at: span)
            return []
        }
        let handler = nestedFunction(kind: .draw, name: "draw \(lname)", params: [("self", .layer, span)]) { [unowned self] in
            self.block(body, .none)
        }
        functions[handler.function].endLine = endLine(span)
        return [.setDraw(layer: layer, handler, line: line(span))]
    }

    /// `fill(path, color)`, `fill(path, color, rule: .evenOdd)`, `stroke(path, color, width)`,
    /// `text(string, at: point, size: number, color: color)`, `drawImage(image, in: rect)`.
    func drawCommand(_ name: Name, _ args: [Arg], at span: Span) -> [IRStmt] {
        guard fn.kind == .draw else {
            diags.error("E0299", "'\(name.text)' draws, so it belongs in a layer's 'draw { … }' block", at: name.span)
            for a in args { _ = expr(a.value, expect: .error) }
            return []
        }
        let op: DrawOp
        // (label, type, default) per parameter, in order
        let params: [(String?, ValueType, Value?)]
        switch name.text {
        case "fill":
            op = .fill
            params = [(nil, .path, nil), (nil, .color, nil), ("rule", .enumeration("fill rule"), .enumCase(0))]
        case "stroke":
            op = .stroke
            params = [(nil, .path, nil), (nil, .color, nil), ("width", .number(.scalar), .number(1))]
        case "text":
            op = .text
            params = [(nil, .string, nil), ("at", .point, nil), ("size", .number(.scalar), .number(12)), ("color", .color, .color(.black))]
        default:
            op = .image
            params = [(nil, .image, nil), ("in", .rect, nil)]
        }
        let usage = "\(name.text)(" + params.map { p in
            (p.0.map { "\($0): " } ?? "") + p.1.description + (p.2 == nil ? "" : "?")
        }.joined(separator: ", ") + ")"
        var irs: [IR] = []
        var k = 0
        var ok = true
        for p in params {
            // positional parameters in order; a labelled one may be left out when it has a default
            if k < args.count, args[k].label?.text == p.0 {
                let a = args[k]
                k += 1
                let t = expr(a.value, expect: p.1)
                if let ir = convert(t, to: p.1, at: a.value.span, what: "the \(p.0.map { "'\($0)'" } ?? "value") of '\(name.text)'") {
                    irs.append(ir)
                } else { ok = false }
            } else if let d = p.2 {
                irs.append(.const(d))
            } else {
                diags.error("E0272", "missing argument\(p.0.map { " '\($0):'" } ?? "") in a call to '\(name.text)'", at: span, label: "usage: \(usage)")
                for a in args[k...] { _ = expr(a.value, expect: .error) }
                return []
            }
        }
        if k < args.count {
            let extra = args[k]
            diags.error("E0271", extra.label.map { "'\(name.text)' has no argument '\($0.text)'" } ?? "too many arguments to '\(name.text)'",
                        at: extra.label?.span ?? extra.value.span, label: "usage: \(usage)")
            for a in args[k...] { _ = expr(a.value, expect: .error) }
            return []
        }
        return ok ? [.draw(op, irs, line: line(span))] : []
    }
}
