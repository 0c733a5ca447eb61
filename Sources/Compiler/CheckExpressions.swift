// Expressions: literals, names, operators, member access, indexing, arrays, string interpolation
// and the effect statements (calls used for what they do).

import CalcCore
import Parser
import Bytecode

/// Syntactic scans of expressions.
enum ExprScan {
    /// Whether the expression mentions `time` (then a property set to it is bound, not assigned).
    static func usesTime(_ e: Expr) -> Bool {
        switch e.kind {
        case .identifier(let n): return n == "time"
        case .tuple(let xs), .array(let xs): return xs.contains(where: usesTime)
        case .interpolated(let parts):
            return parts.contains { if case .expr(let x) = $0 { return usesTime(x) } else { return false } }
        case .range(let a, let b, _), .binary(_, let a, let b), .index(let a, let b): return usesTime(a) || usesTime(b)
        case .conditional(let c, let a, let b): return usesTime(c) || usesTime(a) || usesTime(b)
        case .paren(let a), .unary(_, let a), .member(let a, _): return usesTime(a)
        case .call(let c, let args): return usesTime(c) || args.contains { usesTime($0.value) }
        default: return false
        }
    }
}

extension Checker {
    /// Types and folds `e`. A folded constant that no program may hold — a point, size, rect,
    /// colour, transform, timing curve or path with a component that is not finite, or a NaN
    /// (`0 * infinity`) — is reported here (E0310), where the source says it, instead of reaching
    /// the verifier as an internal error. The same values made at run time are runtime errors.
    func expr(_ e: Expr, expect: ValueType?, actionKey: String? = nil) -> Typed {
        let t = typedExpr(e, expect: expect, actionKey: actionKey)
        if case .const(let v) = t.ir, let what = Checker.nonFinite(v) {
            diags.error("E0310", "\(what) is not finite", at: e.span,
                        label: "geometry, colours and transforms need finite numbers")
            return .error
        }
        return t
    }

    /// What is not finite in a constant value, or nil when it is a value a program may hold.
    /// Plain numbers may be infinite (`repeatCount: infinity`), never NaN.
    static func nonFinite(_ v: Value) -> String? {
        func bad(_ xs: Double...) -> Bool { !xs.allSatisfy { $0.isFinite } }
        switch v {
        case .number(let x): return x.isNaN ? "this number (NaN)" : nil
        case .point(let p): return bad(p.x, p.y) ? "a component of this point" : nil
        case .size(let s): return bad(s.width, s.height) ? "a component of this size" : nil
        case .rect(let r): return bad(r.origin.x, r.origin.y, r.size.width, r.size.height) ? "a component of this rect" : nil
        case .color(let c): return bad(c.r, c.g, c.b, c.a) ? "a component of this colour" : nil
        case .transform(let m): return m.elements.allSatisfy({ $0.isFinite }) ? nil : "an element of this transform"
        case .timing(let t) where t.spring == nil: return bad(t.x1, t.y1, t.x2, t.y2) ? "a control point of this timing curve" : nil
        case .path(let p):
            for e in p.elements {
                switch e {
                case .move(let a), .line(let a): if bad(a.x, a.y) { return "a point of this path" }
                case .quad(let a, let b): if bad(a.x, a.y, b.x, b.y) { return "a point of this path" }
                case .cubic(let a, let b, let c): if bad(a.x, a.y, b.x, b.y, c.x, c.y) { return "a point of this path" }
                case .close: break
                }
            }
            return nil
        default: return nil
        }
    }

    private func typedExpr(_ e: Expr, expect: ValueType?, actionKey: String?) -> Typed {
        switch e.kind {
        case .error: return .error
        case .number(let v, let unit):
            if unit.isEmpty { return Typed(ir: .const(.number(v)), type: .number(.scalar)) }
            switch unit {
            case "s": return Typed(ir: .const(.number(v)), type: .number(.time))
            case "ms": return Typed(ir: .const(.number(v / 1000)), type: .number(.time))
            case "deg": return Typed(ir: .const(.number(v * Double.pi / 180)), type: .number(.angle))
            case "rad": return Typed(ir: .const(.number(v)), type: .number(.angle))
            default: return Typed(ir: .const(.number(v)), type: .number(.scalar))
            }
        case .string(let s): return Typed(ir: .const(.string(s)), type: .string)
        case .interpolated(let parts): return interpolated(parts)
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
        case .array(let elems):
            return arrayLiteral(elems, expect: expect, at: e.span)
        case .range:
            diags.error("E0309", "a range is only used in 'for … in a..<b'", at: e.span)
            return .error
        case .paren(let inner):
            return expr(inner, expect: expect, actionKey: actionKey)
        case .unary(let op, let operand):
            return unary(op, operand, expect: expect, at: e.span)
        case .binary(let op, let l, let r):
            return binary(op, l, r, expect: expect, at: e.span)
        case .conditional(let c, let a, let b):
            return conditional(c, a, b, expect: expect, actionKey: actionKey, at: e.span)
        case .member:
            return member(e)
        case .index(let base, let i):
            let b = expr(base, expect: nil)
            let it = expr(i, expect: .number(.scalar))
            if b.type.isError || it.type.isError { return .error }
            guard case .array(let element) = b.type else {
                diags.error("E0303", "cannot index \(TypeRules.article(b.type))", at: base.span)
                return .error
            }
            guard let ii = convert(it, to: .number(.scalar), at: i.span, what: "an index") else { return .error }
            if case .array(let xs)? = b.ir.constant, let k = ii.constant?.number {
                guard k == k.rounded(), k >= 0, Int(k) < xs.count else {
                    diags.error("E0312", "index \(fmt(k)) is out of range (the array has \(xs.count) elements)", at: i.span)
                    return .error
                }
                return Typed(ir: .const(xs[Int(k)]), type: element)
            }
            return Typed(ir: .index(b.ir, ii), type: element)
        case .call(let callee, let args):
            return call(callee, args, at: e.span, expect: expect)
        case .animation(let kind, let body):
            return animation(kind, body, at: e.span, actionKey: actionKey)
        }
    }

    func identifier(_ name: String, at span: Span) -> Typed {
        if name.utf8.count == 4 {   // (a length test first: comparing unequal Strings is not free)
            if name == "time" { return Typed(ir: .now, type: .number(.time)) }
            if name == "root" { return Typed(ir: .root, type: .layer) }
        }
        // a local or captured name shadows the built-in constants; resolve once, it may capture
        // (the current function's scopes first, reading a local, parameter or constant in place)
        var level = fn.scopes.count - 1
        var inScope = false
        while level >= 0 {
            switch fn.scopes[level].value(name) {
            case .miss: level -= 1; continue
            case .value(let t, let declaredAt):
                usedDeclarations.insert(declaredAt)
                return t
            case .other: inScope = true
            }
            break
        }
        let local = inScope ? resolve(name, in: fn) : resolveBeyondScopes(name, in: fn)
        // (a name of a length no built-in constant has skips hashing it into their dictionary)
        if local == nil, Checker.builtinNameLengths & (1 << UInt64(min(name.utf8.count, 63))) != 0,
           let (v, t) = Checker.builtinConstants[name], global(name) == nil {
            return Typed(ir: .const(v), type: t)
        }
        if let local { markUsed(local) }
        switch local ?? lookupOutside(name, at: span) {
        case .constant(let v, let t, _)?: return Typed(ir: .const(v), type: t)
        case .global(let slot, let t, _, _)?: return Typed(ir: .global(slot), type: t)
        case .local(let reg, let t, _, _)?: return Typed(ir: .local(reg), type: t)
        case .param(let k, let t, _)?: return Typed(ir: .param(k), type: t)
        case .layer(let slot, _, _)?: return Typed(ir: .global(slot), type: .layer)
        case .animation(let spec, _)?: return Typed(ir: .animation(template: spec.template, dynamic: spec.dynamic), type: .animation)
        case .pending(let slot, _)?:
            return Typed(ir: .global(slot), type: pendingType(name))
        case .function?:
            diags.error("E0270", "'\(name)' is a function; call it with '\(name)(…)'", at: span)
            return .error
        case .style?:
            diags.error("E0290", "'\(name)' is a style; use it as 'style: \(name)' in a layer", at: span)
            return .error
        case .behavior(_, let kind, _)?:
            diags.error("E0507", "'\(name)' is a \(kind.name) behaviour, not a value", at: span,
                        label: "use one of its fields, e.g. '\(name).active'")
            return .error
        case nil: return .error
        }
    }

    /// The type of a top-level name read before its declaration was checked (from a handler).
    func pendingType(_ name: String) -> ValueType {
        // layers are known from pass 1; anything else is checked at run time
        if case .layer? = global(name) { return .layer }
        return .error
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
        case .transform?:
            // CATransform3DIdentity
            if name == "identity" { return Typed(ir: .const(.transform(.identity)), type: .transform) }
            diags.error("E0301", "unknown transform '.\(name)'", at: span,
                        label: suggestion(for: name, among: ["identity"]).map { "did you mean '.\($0)'?" }
                            ?? "'.identity' is the one named transform; build others with translate, scale, rotate, perspective")
            return .error
        case .error?:
            return .error   // the context already failed and was reported
        default:
            if name == "infinity" || name == "pi" {
                diags.error("E0302", "cannot tell what '.\(name)' is here", at: span, label: "'\(name)' is written without a dot")
                return .error
            }
            diags.error("E0302", "cannot tell what '.\(name)' is here", at: span,
                        label: expect.map { "expected \(TypeRules.article($0))" } ?? "a '.case' needs a color, timing function or setting in context")
            return .error
        }
    }

    /// One component of a tuple: checked against `type`, nil after a diagnostic.
    func component(_ e: Expr, _ type: ValueType) -> IR? {
        let t = expr(e, expect: type)
        return convert(t, to: type, at: e.span, what: "this component")
    }

    func numbers(_ elems: [Expr], _ types: [ValueType]) -> [IR]? {
        var out: [IR] = []
        out.reserveCapacity(elems.count)
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
            // (components one by one, with no array of them: most tuples fold to a constant)
            let c0 = component(elems[0], n), c1 = component(elems[1], n)
            guard let c0, let c1 else { return .error }
            if case .const(.number(let a)) = c0, case .const(.number(let b)) = c1 {
                return Typed(ir: .const(target == .point ? .point(Point(a, b)) : .size(Size(a, b))), type: target!)
            }
            return Typed(ir: target == .point ? .makePoint(c0, c1) : .makeSize(c0, c1), type: target!)
        case .rect?:
            guard elems.count == 4 else {
                diags.error("E0304", "a rect has 4 components (x, y, width, height), found \(elems.count)", at: span)
                return .error
            }
            let c0 = component(elems[0], n), c1 = component(elems[1], n)
            let c2 = component(elems[2], n), c3 = component(elems[3], n)
            guard let c0, let c1, let c2, let c3 else { return .error }
            if case .const(.number(let x)) = c0, case .const(.number(let y)) = c1,
               case .const(.number(let w)) = c2, case .const(.number(let h)) = c3 {
                return Typed(ir: .const(.rect(Rect(x, y, w, h))), type: .rect)
            }
            return Typed(ir: .makeRect([c0, c1, c2, c3]), type: .rect)
        default:
            diags.error("E0304", "a tuple of \(elems.count) values is not a point, size or rect", at: span,
                        label: expect.map { "expected \(TypeRules.article($0))" })
            return .error
        }
    }

    func arrayLiteral(_ elems: [Expr], expect: ValueType?, at span: Span) -> Typed {
        var element: ValueType?
        if case .array(let t)? = expect { element = t }
        if elems.isEmpty { return element.map { Typed(ir: .const(.array([])), type: .array($0)) } ?? Typed(ir: .const(.array([])), type: .emptyArray) }
        var irs: [IR] = []
        for e in elems {
            let t = expr(e, expect: element)
            if t.type.isError { return .error }
            if element == nil { element = t.type }
            guard let ir = convert(t, to: element!, at: e.span, what: "an array element") else { return .error }
            irs.append(ir)
        }
        let ks = irs.compactMap { $0.constant }
        if ks.count == irs.count { return Typed(ir: .const(.array(ks)), type: .array(element!)) }
        return Typed(ir: .array(irs), type: .array(element!))
    }

    func interpolated(_ parts: [StringPart]) -> Typed {
        var result: IR?
        var folded: String? = ""
        for part in parts {
            let piece: IR
            switch part {
            case .text(let s): piece = .const(.string(s))
            case .expr(let e):
                let t = expr(e, expect: nil)
                if t.type.isError { return .error }
                if t.type == .void || t.type == .animation || t.type == .layer {
                    diags.error("E0313", "\(TypeRules.article(t.type)) cannot be shown in a string", at: e.span)
                    return .error
                }
                if t.type == .number(.angle) {
                    // an angle reads in degrees, as it is usually written: "\(90deg)" is "90deg"
                    // (rounded to 1e-9 degree, so 30deg is not 29.999999999999996deg)
                    if let x = t.ir.constant?.number {
                        let degrees = (x * (180 / Double.pi) * 1e9).rounded(.toNearestOrAwayFromZero) / 1e9
                        piece = .const(.string(Value.display(.number(degrees)) + "deg"))
                    } else {
                        let scaled: IR = .arith(.mul, .arith(.mul, t.ir, .const(.number(180 / Double.pi))), .const(.number(1e9)))
                        let degrees: IR = .arith(.div, .builtin(.round, [scaled]), .const(.number(1e9)))
                        piece = .arith(.add, .builtin(.string, [degrees]), .const(.string("deg")))
                    }
                } else if let v = t.ir.constant { piece = .const(.string(Value.display(v))) } else {
                    piece = t.type == .string ? t.ir : .builtin(.string, [t.ir])
                }
            }
            if let f = folded, let s = piece.constant?.string { folded = f + s } else { folded = nil }
            result = result.map { .arith(.add, $0, piece) } ?? piece
        }
        if let folded { return Typed(ir: .const(.string(folded)), type: .string) }
        return Typed(ir: result ?? .const(.string("")), type: .string)
    }

    func unary(_ op: UnaryOp, _ operand: Expr, expect: ValueType?, at span: Span) -> Typed {
        let t = expr(operand, expect: op == .not ? .bool : expect)
        if t.type.isError { return .error }
        if op == .not {
            guard t.type == .bool else {
                diags.error("E0303", "'!' needs a bool, found \(TypeRules.article(t.type))", at: span)
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
            diags.error("E0303", "'-' cannot negate \(TypeRules.article(t.type))", at: span)
            return .error
        }
    }

    /// Two operands that must be of one type, typed so that an implied case on one side (`.red`,
    /// `.forwards`) takes the other side's type: `a.backgroundColor == .red`, `mix(.red, c, t)`.
    /// `context` is the type the pair is expected to have, if the caller knows it (`random(i, .red,
    /// .blue)` where a colour is expected).
    func typedPair(_ l: Expr, _ r: Expr, context: ValueType? = nil) -> (Typed, Typed) {
        func implied(_ e: Expr) -> Bool { if case .enumCase = e.kind { return true } else { return false } }
        if implied(l), !implied(r) {
            let b = expr(r, expect: nil)
            return (expr(l, expect: b.type.isError ? .error : b.type), b)
        }
        let a = expr(l, expect: implied(l) ? context : nil)
        // (after a failed left operand, an implied case on the right cannot be typed: not reported)
        return (a, expr(r, expect: a.type.isError ? (implied(r) ? .error : nil) : a.type))
    }

    /// `cond ? a : b`: a bool condition and two values of one type (numbers of one unit, or a plain
    /// number with either); folded when the condition is constant.
    func conditional(_ c: Expr, _ a: Expr, _ b: Expr, expect: ValueType?, actionKey: String?, at span: Span) -> Typed {
        let ct = expr(c, expect: .bool)
        let ci = convert(ct, to: .bool, at: c.span, what: "the condition of '? :'")
        // with a known type, both values are checked against it (a tuple is then a size, `[]` an
        // array of it, an action's animation may leave out its key path); else as a pair
        let (x, y): (Typed, Typed)
        if let expect, expect != .error {
            (x, y) = (expr(a, expect: expect, actionKey: actionKey), expr(b, expect: expect, actionKey: actionKey))
        } else {
            (x, y) = typedPair(a, b, context: expect)
        }
        guard let ci, !x.type.isError, !y.type.isError else { return .error }
        var type = x.type == .emptyArray ? y.type : x.type
        if case .number(let d1) = x.type, case .number(let d2) = y.type {
            guard let d = TypeRules.numberResult(.add, d1, d2) else {
                diags.error("E0300", "the two values of '? :' are \(TypeRules.article(x.type)) and \(TypeRules.article(y.type))", at: span,
                            label: "both must be of one type")
                return .error
            }
            type = .number(d)
        }
        guard let yi = convert(y, to: type, at: b.span, what: "the second value of '? :'"),
              let xi = x.type == .emptyArray ? x.ir : convert(x, to: type, at: a.span, what: "the first value of '? :'") else { return .error }
        if let k = ci.constant { return Typed(ir: k.bool == true ? xi : yi, type: type) }
        return Typed(ir: .select(ci, xi, yi), type: type)
    }

    func binary(_ op: BinaryOp, _ l: Expr, _ r: Expr, expect: ValueType?, at span: Span) -> Typed {
        // (matched by case: three derived `==` calls on the optional cost more than the rest here)
        let structured: ValueType?
        switch expect {
        case .point?, .size?, .rect?: structured = expect
        default: structured = nil
        }
        switch op {
        case .and, .or:
            let a = expr(l, expect: .bool), b = expr(r, expect: .bool)
            guard let ai = convert(a, to: .bool, at: l.span, what: "'\(op.rawValue)'"),
                  let bi = convert(b, to: .bool, at: r.span, what: "'\(op.rawValue)'") else { return .error }
            if let x = ai.constant?.bool, let y = bi.constant?.bool { return Typed(ir: .const(.bool(op == .and ? x && y : x || y)), type: .bool) }
            return Typed(ir: op == .and ? .and(ai, bi) : .or(ai, bi), type: .bool)
        case .eq, .ne, .lt, .le, .gt, .ge:
            // `l.superlayer == none`: whether a layer value is nil (a layer outside the tree, no mask)
            func isNone(_ e: Expr) -> Bool { if case .none = e.kind { return true } else { return false } }
            if op == .eq || op == .ne, isNone(l) != isNone(r) {
                let x = expr(isNone(l) ? r : l, expect: nil)
                if x.type.isError { return .error }
                guard x.type == .layer else {
                    diags.error("E0303", "cannot compare \(TypeRules.article(x.type)) with 'none'", at: span,
                                label: "only a layer value ('l.superlayer', 'l.mask') can be none")
                    return .error
                }
                let test: IR = .compare(.eq, x.ir, .const(.none))
                return Typed(ir: op == .eq ? test : .not(test), type: .bool)
            }
            let (a, b) = typedPair(l, r)
            if a.type.isError || b.type.isError { return .error }
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
            let a = expr(l, expect: structured ?? (expect.map { if case .array = $0 { return $0 } else { return nil } } ?? nil))
            var bExpect: ValueType? = structured
            if aop == .mul || aop == .div {
                if case .transform = a.type { bExpect = .transform } else { bExpect = nil }
            }
            if case .array = a.type { bExpect = a.type }
            let b = expr(r, expect: bExpect)
            if a.type.isError || b.type.isError { return .error }
            var rt = TypeRules.arithResult(aop, a.type, b.type)
            if rt == nil, aop == .add, case .array(let x) = a.type, b.type == .emptyArray || b.type == a.type { rt = .array(x) }
            guard let rt else {
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

    /// `a.b.c`: a layer's property (model or `presentation`), a field of a value, `count`.
    func member(_ e: Expr) -> Typed {
        if let t = behaviorMember(e) { return t }
        let (base, names) = splitMembers(e)
        var t = expr(base, expect: nil)
        if t.type.isError { return .error }
        var rest = names
        // the tree around a layer: `l.superlayer`, `l.sublayers`, `l.mask` (model values; they
        // chain: `l.superlayer.superlayer.opacity`, `l.sublayers[0]`)
        while t.type == .layer, let first = rest.first, let what = TreeRead(rawValue: first.0) {
            t = Typed(ir: .tree(what, t.ir), type: what == .sublayers ? .array(.layer) : .layer)
            rest.removeFirst()
        }
        if t.type == .layer, !rest.isEmpty {
            var presentation = false
            if rest.first?.0 == "presentation" { presentation = true; rest.removeFirst() }
            // in a draw block, the drawn layer's values are those on screen in the frame drawn
            if fn.kind == .draw, case .identifier("self") = base.kind { presentation = true }
            guard !rest.isEmpty else {
                diags.error("E0265", "expected a property after '\(file.text(base.span))\(presentation ? ".presentation" : "")'", at: e.span)
                return .error
            }
            if fn.kind == .binding, presentation {
                diags.error("E0298", "an expression of time cannot read presentation values", at: e.span,
                            notes: ["read the model value instead; presentation values depend on this very frame"])
                return .error
            }
            // an emitter cell's property is registered as a key when first used (CheckEmitter.swift)
            if !prepareCellKeyPath(rest, on: t.ir, layerName: layerDisplayName(base)) { return .error }
            // the longest prefix of names that is a key path
            var taken = rest.count
            while taken > 0, table.parse(rest.prefix(taken).map { $0.0 }.joined(separator: ".")) == nil { taken -= 1 }
            if taken == 0 {
                let name = Name(rest.map { $0.0 }, span: rest[0].1.to(rest.last!.1))
                _ = resolveKeyPath(name, onLayer: layerDisplayName(base))
                return .error
            }
            let (kp, type) = table.parse(rest.prefix(taken).map { $0.0 }.joined(separator: "."))!
            t = Typed(ir: presentation ? .getPres(t.ir, kp) : .getProp(t.ir, kp), type: type)
            rest.removeFirst(taken)
        }
        // fields, the longest spelling first (a transform's `rotation.z` is one field, not `.z` of
        // an angle)
        var i = 0
        while i < rest.count {
            var k = min(3, rest.count - i)
            let offered = Component.components(of: t.type)
            while k > 1, !offered.contains(where: { $0.0 == rest[i..<(i + k)].map { $0.0 }.joined(separator: ".") }) { k -= 1 }
            let name = rest[i..<(i + k)].map { $0.0 }.joined(separator: ".")
            t = field(t, name, rest[i].1.to(rest[i + k - 1].1), at: e.span)
            if t.type.isError { return .error }
            i += k
        }
        return t
    }

    func field(_ t: Typed, _ name: String, _ nameSpan: Span, at span: Span) -> Typed {
        if t.type == .animation { return animationField(t, name, nameSpan) }
        if name == "count" {
            switch t.type {
            case .array, .string, .emptyArray:
                if let v = t.ir.constant {
                    if case .array(let xs) = v { return Typed(ir: .const(.number(Double(xs.count))), type: .number(.scalar)) }
                    if case .string(let s) = v { return Typed(ir: .const(.number(Double(s.count))), type: .number(.scalar)) }
                }
                return Typed(ir: .len(t.ir), type: .number(.scalar))
            default: break
            }
        }
        if t.type == .rect, let derived = rectField(t, name, nameSpan) { return derived }
        let comps = Component.components(of: t.type)
        guard let c = comps.first(where: { $0.0 == name }) else {
            var candidates = comps.map { $0.0 }
            if case .array = t.type { candidates.append("count") }
            if t.type == .rect { candidates += Self.rectGetters }
            diags.error("E0202", "\(TypeRules.article(t.type)) has no field '\(name)'", at: nameSpan,
                        label: suggestion(for: name, among: candidates).map { "did you mean '\($0)'?" })
            return .error
        }
        if let v = t.ir.constant { return Typed(ir: .const(c.1.get(v)), type: c.2) }
        return Typed(ir: .field(t.ir, c.1), type: c.2)
    }

    /// The timing fields of an animation value can be read (`slide.duration`) and, on a variable,
    /// set (`var s = slide; s.duration = 2s`); the rest are fixed where the animation is written.
    func animationTimingField(_ name: String, _ nameSpan: Span, setting: Bool) -> AnimField? {
        if let f = Checker.timingFields.first(where: { $0.name == name }) { return f }
        if AnimField.allCases.contains(where: { $0.name == name }) || name == "keyPath" {
            diags.error("E0202", "an animation's '\(name)' cannot be \(setting ? "set" : "read") here", at: nameSpan,
                        label: "its timing fields can: \(Checker.timingFields.map(\.name).joined(separator: ", ")); write a new animation for a different '\(name)'")
        } else {
            diags.error("E0202", "an animation has no field '\(name)'", at: nameSpan,
                        label: suggestion(for: name, among: Checker.timingFields.map(\.name)).map { "did you mean '\($0)'?" })
        }
        return nil
    }

    func animationField(_ t: Typed, _ name: String, _ nameSpan: Span) -> Typed {
        guard let f = animationTimingField(name, nameSpan, setting: false), let type = Checker.animFieldTypes[f] else { return .error }
        // a field the animation's literal sets to a constant is that constant
        if case .animation(let template, let dynamic) = t.ir, !dynamic.contains(where: { $0.0 == f }),
           animationTemplates.indices.contains(template),
           let k = animationTemplates[template].fields.last(where: { $0.field == f })?.constant, Int(k) < pool.values.count {
            return Typed(ir: .const(pool.values[Int(k)]), type: type)
        }
        return Typed(ir: .animGet(t.ir, f), type: type)
    }

    /// CGRect's getters, read-only: computed from the rect's origin and size as written.
    static let rectGetters = ["minX", "midX", "maxX", "minY", "midY", "maxY", "width", "height"]

    /// `r.midX` and the other getters of a rect, as arithmetic on its origin and size. The rect's
    /// expression is used twice, so one that calls a function (which may change the scene) must be
    /// stored in a `let` first.
    func rectField(_ t: Typed, _ name: String, _ nameSpan: Span) -> Typed? {
        guard Self.rectGetters.contains(name) else { return nil }
        let horizontal = ["minX", "midX", "maxX", "width"].contains(name)
        let origin = horizontal ? Component.originX : .originY, extent = horizontal ? Component.sizeWidth : .sizeHeight
        func part(_ c: Component) -> IR { t.ir.constant.map { .const(c.get($0)) } ?? .field(t.ir, c) }
        if t.ir.constant == nil, Self.callsAFunction(t.ir) {
            diags.error("E0202", "reading '\(name)' of a function call's result would call it twice", at: nameSpan,
                        label: "store the rect in a 'let' first, then read '\(name)'")
            return .error
        }
        let ir: IR
        switch name {
        case "minX", "minY": ir = part(origin)
        case "width", "height": ir = part(extent)
        case "maxX", "maxY": ir = .arith(.add, part(origin), part(extent))
        default: ir = .arith(.add, part(origin), .arith(.mul, part(extent), .const(.number(0.5))))
        }
        if case .arith = ir, case .const(let a) = part(origin), case .const(let b) = part(extent) {
            let half = name.hasPrefix("mid") ? 0.5 : 1
            if case .number(let o) = a, case .number(let w) = b { return Typed(ir: .const(.number(o + w * half)), type: .number(.scalar)) }
        }
        return Typed(ir: ir, type: .number(.scalar))
    }

    static func callsAFunction(_ ir: IR) -> Bool {
        switch ir {
        case .call: return true
        case .const, .local, .param, .global, .root, .now, .getBehavior: return false
        case let .arith(_, a, b), let .compare(_, a, b), let .and(a, b), let .or(a, b), let .makePoint(a, b),
             let .makeSize(a, b), let .index(a, b):
            return callsAFunction(a) || callsAFunction(b)
        case let .select(c, a, b):
            return callsAFunction(c) || callsAFunction(a) || callsAFunction(b)
        case let .animGet(a, _): return callsAFunction(a)
        case let .animWith(a, _, v): return callsAFunction(a) || callsAFunction(v)
        case let .convert(v, a, b, _): return callsAFunction(v) || callsAFunction(a) || callsAFunction(b)
        case let .neg(a), let .not(a), let .len(a), let .field(a, _), let .named(a), let .getProp(a, _), let .getPres(a, _), let .tree(_, a):
            return callsAFunction(a)
        case let .makeRect(xs), let .makeColor(xs), let .builtin(_, xs), let .array(xs):
            return xs.contains(where: callsAFunction)
        case let .animation(_, fields): return fields.contains { callsAFunction($0.1) }
        }
    }

    // MARK: statements that are calls

    static let layerMethods = ["addAnimation", "removeAnimation", "removeAllAnimations", "addSublayer",
                               "insertSublayer", "removeFromSuperlayer", "replaceSublayer"]

    func exprStatement(_ e: Expr) -> [IRStmt] {
        let ln = line(e.span)
        if case .call(let callee, let args) = e.kind, case .member(let base, let method) = callee.kind {
            if method.text == "append" {
                guard case .identifier(let vname) = base.kind, let sym = lookup(vname, at: base.span) else {
                    diags.error("E0260", "only a variable can be appended to", at: base.span)
                    return []
                }
                guard let (variable, type) = variableTarget(sym, vname, base.span) else { return [] }
                guard case .array(let element) = type else {
                    diags.error("E0303", "'\(vname)' is \(TypeRules.article(type)), not an array", at: base.span)
                    return []
                }
                guard args.count == 1, args[0].label == nil else {
                    diags.error("E0412", "append takes one value: '\(vname).append(x)'", at: e.span)
                    return []
                }
                let t = expr(args[0].value, expect: element)
                guard let ir = convert(t, to: element, at: args[0].value.span, what: "an element of '\(vname)'") else { return [] }
                return [.append(variable: variable, value: ir, line: ln)]
            }
            if let s = behaviorMethod(base, method, args) { return s }
            let b = expr(base, expect: nil)
            if b.type.isError { for a in args { _ = expr(a.value, expect: .error) }; return [] }
            if b.type == .layer { return layerMethod(b.ir, layerDisplayName(base), method, args, e.span) }
            diags.error("E0413", "\(TypeRules.article(b.type)) has no method '\(method.text)'", at: method.span)
            return []
        }
        if case .call(let callee, let args) = e.kind, case .identifier(let fname) = callee.kind, fname == "print",
           resolve(fname, in: fn) == nil, global(fname) == nil {
            return printStatement(args, at: e.span)
        }
        if case .call(let callee, let args) = e.kind, case .identifier(let fname) = callee.kind, Checker.drawCommands.contains(fname),
           resolve(fname, in: fn) == nil, global(fname) == nil {
            return drawCommand(Name([fname], span: callee.span), args, at: e.span)
        }
        let t = expr(e, expect: nil)
        if case .call(let callee, _) = e.kind, case .identifier = callee.kind, !t.type.isError {
            // a user function called for its effects
            if case .call = t.ir { return [.expr(t.ir, line: ln)] }
        }
        if !t.type.isError {
            diags.error("E0311", "this expression's value is unused", at: e.span,
                        label: "a statement sets a property, calls a layer method or function, or starts a transaction")
        }
        return []
    }

    /// `print(a, b, …)`: values of any type but nothing, unlabelled; allowed wherever statements
    /// run (handlers, functions, draw blocks), since it changes nothing in the scene.
    func printStatement(_ args: [Arg], at span: Span) -> [IRStmt] {
        var irs: [IR] = []
        var ok = true
        for a in args {
            if let label = a.label {
                diags.error("E0412", "print takes values without labels: 'print(x, y)'", at: label.span)
                ok = false
            }
            let t = expr(a.value, expect: nil)
            if t.type.isError { ok = false; continue }
            if t.type == .void {
                diags.error("E0311", "this expression gives nothing to print", at: a.value.span)
                ok = false
                continue
            }
            irs.append(t.ir)
        }
        guard irs.count <= 250 else {
            diags.error("E0412", "print takes at most 250 values", at: span)
            return []
        }
        return ok ? [.print(irs, line: line(span))] : []
    }

    func layerMethod(_ layer: IR, _ lname: String, _ method: Name, _ args: [Arg], _ span: Span) -> [IRStmt] {
        let ln = line(span)
        let who = lname.isEmpty ? "layer" : lname
        /// The key: a constant string, or a string expression evaluated when the call runs.
        enum Key { case constant(String), computed(IR) }
        func keyArg(_ a: Arg) -> Key? {
            let t = expr(a.value, expect: .string)
            guard let ir = convert(t, to: .string, at: a.value.span, what: "the animation key") else { return nil }
            guard let s = ir.constant?.string else { return .computed(ir) }
            if s.isEmpty {
                diags.error("E0414", "an animation key must not be empty", at: a.value.span,
                            label: method.text == "addAnimation" ? "leave out 'forKey:' for an animation without a key" : nil)
                return nil
            }
            return .constant(s)
        }
        func layerArg(_ a: Arg) -> IR? {
            let t = expr(a.value, expect: .layer)
            return convert(t, to: .layer, at: a.value.span, what: "'\(method.text)'")
        }
        func usage(_ text: String) -> [IRStmt] {
            diags.error("E0412", "\(method.text) takes \(text)", at: span)
            return []
        }
        let labels = args.map { $0.label?.text }
        if fn.kind == .draw {
            diags.error("E0268", "a draw block only draws: it cannot change the scene", at: span,
                        label: "call '\(method.text)' in a handler ('every frame { … }' runs at every frame)")
            return []
        }
        switch method.text {
        case "addAnimation":
            guard args.count == 2 && labels == [nil, "forKey"] || args.count == 1 && labels == [nil] else {
                return usage("an animation and an optional key: '\(who).addAnimation(anim, forKey: \"key\")' or '\(who).addAnimation(anim)'")
            }
            let t = expr(args[0].value, expect: .animation)
            let anim = convert(t, to: .animation, at: args[0].value.span, what: "the first argument of addAnimation")
            // no key (or `forKey: none`): Core Animation's nil key, which replaces nothing (the
            // empty string stands for it in the bytecode)
            if args.count == 1 || { if case .none = args[1].value.kind { return true } else { return false } }() {
                guard let anim else { return [] }
                return [.addAnimation(layer: layer, animation: anim, key: "", line: ln)]
            }
            guard let key = keyArg(args[1]), let anim else { return [] }
            switch key {
            case .constant(let k):
                warnTransitionKey(anim, k, at: args[1].value.span)
                return [.addAnimation(layer: layer, animation: anim, key: k, line: ln)]
            case .computed(let k): return [.addAnimationKeyed(layer: layer, animation: anim, key: k, line: ln)]
            }
        case "removeAnimation":
            guard args.count == 1, labels == ["forKey"] else { return usage("a key: '\(who).removeAnimation(forKey: \"key\")'") }
            switch keyArg(args[0]) {
            case .constant(let k)?: return [.removeAnimation(layer: layer, key: k, line: ln)]
            case .computed(let k)?: return [.removeAnimationKeyed(layer: layer, key: k, line: ln)]
            case nil: return []
            }
        case "removeAllAnimations":
            guard args.isEmpty else { return usage("no arguments") }
            return [.removeAllAnimations(layer: layer, line: ln)]
        case "addSublayer":
            guard args.count == 1, labels == [nil] else { return usage("a layer: '\(who).addSublayer(other)'") }
            guard let child = layerArg(args[0]) else { return [] }
            return [.tree(.add, layer, child, nil, line: ln)]
        case "insertSublayer":
            guard args.count == 2, labels[0] == nil, let l = labels[1], ["at", "above", "below"].contains(l) else {
                return usage("a layer and a place: 'insertSublayer(x, at: 0)', 'above: y' or 'below: y'")
            }
            guard let child = layerArg(args[0]) else { return [] }
            if l == "at" {
                let t = expr(args[1].value, expect: .number(.scalar))
                guard let i = convert(t, to: .number(.scalar), at: args[1].value.span, what: "the index") else { return [] }
                return [.tree(.insertAt, layer, child, i, line: ln)]
            }
            guard let sibling = layerArg(args[1]) else { return [] }
            return [.tree(l == "above" ? .insertAbove : .insertBelow, layer, child, sibling, line: ln)]
        case "removeFromSuperlayer":
            guard args.isEmpty else { return usage("no arguments") }
            return [.tree(.remove, layer, nil, nil, line: ln)]
        case "replaceSublayer":
            guard args.count == 2, labels == [nil, "with"] else { return usage("two layers: 'replaceSublayer(old, with: new)'") }
            guard let old = layerArg(args[0]), let new = layerArg(args[1]) else { return [] }
            return [.tree(.replace, layer, old, new, line: ln)]
        default:
            diags.error("E0413", "layer '\(who)' has no method '\(method.text)'", at: method.span,
                        label: suggestion(for: method.text, among: Checker.layerMethods).map { "did you mean '\($0)'?" })
            for a in args { _ = expr(a.value, expect: .error) }
            return []
        }
    }
}
