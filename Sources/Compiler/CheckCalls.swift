// Calls: built-in functions (math, colour, transforms, random, timing curves, `named`) with their
// unit rules, and user functions checked against their declared signatures. Calls whose arguments
// are all constants fold at compile time through the same `Builtin.call` the VM runs.

import CalcCore
import Parser
import Bytecode

extension Checker {
    /// `a.convert(p, to: b)`, `a.convert(p, from: b)` (CALayer's convertPoint:toLayer: /
    /// fromLayer: and the rect forms), on model values, or on presentation values as
    /// `a.presentation.convert(…)`. `p` is a point or a rect; the result has its type.
    func convertCall(_ base: Expr, _ args: [Arg], at span: Span) -> Typed {
        var layerExpr = base
        var presentation = false
        if case .member(let inner, let name) = base.kind, name.text == "presentation" { layerExpr = inner; presentation = true }
        func usage() -> Typed {
            diags.error("E0412", "convert takes a point or rect and a layer: 'a.convert(p, to: b)' or 'a.convert(p, from: b)'", at: span)
            for a in args { _ = expr(a.value, expect: .error) }
            return .error
        }
        guard args.count == 2, args[0].label == nil, let label = args[1].label?.text, label == "to" || label == "from" else { return usage() }
        if fn.kind == .binding, presentation {
            diags.error("E0298", "an expression of time cannot read presentation values", at: span)
            return .error
        }
        let l = expr(layerExpr, expect: .layer)
        guard let layer = convert(l, to: .layer, at: layerExpr.span, what: "the layer 'convert' is called on") else { return .error }
        let v = expr(args[0].value, expect: nil)
        if v.type.isError { return .error }
        guard v.type == .point || v.type == .rect else {
            diags.error("E0300", "convert takes a point or a rect, found \(TypeRules.article(v.type))", at: args[0].value.span)
            return .error
        }
        let o = expr(args[1].value, expect: .layer)
        guard let other = convert(o, to: .layer, at: args[1].value.span, what: "'\(label):'") else { return .error }
        let ir: IR = label == "to" ? .convert(v.ir, from: layer, to: other, presentation: presentation)
                                   : .convert(v.ir, from: other, to: layer, presentation: presentation)
        return Typed(ir: ir, type: v.type)
    }

    static let builtinNames = ["sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sqrt", "pow", "exp", "log",
                               "abs", "min", "max", "clamp", "mix", "floor", "ceil", "round", "sign", "random",
                               "rgb", "rgba", "hsb", "hsba", "translate", "scale", "rotate", "perspective",
                               "matrix", "cubic", "named", "moveTo", "lineTo", "quadTo", "curveTo", "arc", "closePath",
                               "rectPath", "roundedRectPath", "ellipsePath", "image", "spring"]

    /// The parameter names a built-in call may label its arguments with (optionally, in order).
    static let builtinLabels: [String: [String]] = [
        "arc": ["center", "radius", "startAngle", "endAngle", "clockwise"],
        "roundedRectPath": ["rect", "cornerRadius"],
        "quadTo": ["control", "to"],
        "curveTo": ["control1", "control2", "to"],
        "rgb": ["red", "green", "blue"], "rgba": ["red", "green", "blue", "alpha"],
        "hsb": ["hue", "saturation", "brightness"], "hsba": ["hue", "saturation", "brightness", "alpha"],
        "mix": ["from", "to", "fraction"], "clamp": ["value", "lower", "upper"],
    ]

    func call(_ callee: Expr, _ args: [Arg], at span: Span, expect: ValueType? = nil) -> Typed {
        if case .member(let base, let m) = callee.kind, m.text == "convert" { return convertCall(base, args, at: span) }
        guard case .identifier(let fname) = callee.kind else {
            if case .member(_, let m) = callee.kind, Checker.layerMethods.contains(m.text) || m.text == "append" {
                diags.error("E0311", "'\(m.text)' does not return a value", at: span, label: "call it as a statement")
            } else {
                diags.error("E0270", "this is not a function", at: callee.span)
            }
            for a in args { _ = expr(a.value, expect: .error) }
            return .error
        }
        if resolve(fname, in: fn) == nil, case .function(let sig, let declared)? = global(fname) {
            usedDeclarations.insert(declared.start)
            return userCall(sig, fname, args, at: span)
        }
        if !Checker.builtinNames.contains(fname), resolve(fname, in: fn) != nil || global(fname) != nil || topLevel[fname] != nil {
            diags.error("E0270", "'\(fname)' is not a function", at: callee.span)
            for a in args { _ = expr(a.value, expect: .error) }
            return .error
        }
        if fname == "spring" { return springCall(args, at: span) }
        if let label = args.first(where: { $0.label != nil })?.label {
            // labels are optional where Core Graphics and UIKit name the arguments (arc(center:
            // radius: startAngle: endAngle: clockwise:)); each must name its position's parameter
            guard let names = Checker.builtinLabels[fname] else {
                diags.error("E0271", "'\(fname)' takes no labelled arguments", at: label.span)
                return .error
            }
            for (i, a) in args.enumerated() {
                guard let l = a.label else { continue }
                if i >= names.count || l.text != names[i] {
                    diags.error("E0271", "argument \(i + 1) of '\(fname)' cannot be labelled '\(l.text)'", at: l.span,
                                label: "usage: \(fname)(\(names.map { $0 + ":" }.joined(separator: " "))), each label optional")
                    return .error
                }
            }
        }
        return builtinCall(fname, callee, args, at: span, expect: expect)
    }

    /// `spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)`: a spring timing function;
    /// every argument is labelled and optional (CASpringAnimation's defaults).
    func springCall(_ args: [Arg], at span: Span) -> Typed {
        let params: [(String, Double)] = [("mass", 1), ("stiffness", 100), ("damping", 10), ("initialVelocity", 0)]
        var irs: [IR] = params.map { .const(.number($0.1)) }
        var seen: Set<String> = []
        var ok = true
        for a in args {
            guard let label = a.label, let k = params.firstIndex(where: { $0.0 == label.text }), seen.insert(label.text).inserted else {
                diags.error("E0271", a.label.map { "'spring' has no argument '\($0.text)'" } ?? "'spring' takes labelled arguments",
                            at: a.label?.span ?? a.value.span, label: "usage: spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)")
                _ = expr(a.value, expect: .error)
                ok = false
                continue
            }
            let t = expr(a.value, expect: .number(.scalar))
            if let ir = convert(t, to: .number(.scalar), at: a.value.span, what: "'\(label.text)'") { irs[k] = ir } else { ok = false }
        }
        guard ok else { return .error }
        let ks = irs.compactMap { $0.constant }
        if ks.count == irs.count {
            do { return Typed(ir: .const(try Builtin.call(.spring, ks)), type: .timingFunction) } catch {
                if case .unsupported(let m) = error { diags.error("E0277", m, at: span) }
                return .error
            }
        }
        return Typed(ir: .builtin(.spring, irs), type: .timingFunction)
    }

    func userCall(_ sig: FunctionSignature, _ fname: String, _ args: [Arg], at span: Span) -> Typed {
        guard args.count == sig.params.count else {
            diags.error("E0272", "wrong number of arguments to '\(fname)': found \(args.count)", at: span,
                        label: "usage: \(fname)(\(sig.params.map { "\($0.0): \($0.1)" }.joined(separator: ", ")))")
            return .error
        }
        var irs: [IR] = []
        var ok = true
        for (a, p) in zip(args, sig.params) {
            if let label = a.label, label.text != p.0 {
                diags.error("E0271", "argument '\(label.text)' does not match parameter '\(p.0)'", at: label.span)
                ok = false
            }
            let t = expr(a.value, expect: p.1)
            if let ir = convert(t, to: p.1, at: a.value.span, what: "argument '\(p.0)' of '\(fname)'") { irs.append(ir) } else { ok = false }
        }
        guard ok else { return .error }
        return Typed(ir: .call(function: sig.index, irs), type: sig.result)
    }

    /// `expect`: the type the call's value is expected to have, when the caller knows it.
    func builtinCall(_ fname: String, _ callee: Expr, _ args: [Arg], at span: Span, expect: ValueType? = nil) -> Typed {
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
        /// Folds when every argument is constant, else emits CALLB.
        func apply(_ b: Builtin, _ irs: [IR], _ type: ValueType) -> Typed {
            let ks = irs.compactMap { $0.constant }
            if ks.count == irs.count {
                do { return Typed(ir: .const(try Builtin.call(b, ks)), type: type) } catch {
                    if case .unsupported(let m) = error { diags.error("E0277", m, at: span) } else { diags.error("E0307", "division by zero", at: span) }
                    return .error
                }
            }
            return Typed(ir: .builtin(b, irs), type: type)
        }
        /// Checks numeric arguments whose units must agree; returns the IR and the common dimension.
        func sameDimension(_ exprs: [Expr]) -> ([IR], Dimension)? {
            var irs: [IR] = []
            var dim = Dimension.scalar
            for e in exprs {
                let t = expr(e, expect: nil)
                if t.type.isError { return nil }
                guard case .number(let d) = t.type else {
                    diags.error("E0300", "'\(fname)' expects numbers, found \(TypeRules.article(t.type))", at: e.span)
                    return nil
                }
                guard let merged = TypeRules.numberResult(.add, dim, d) else {
                    diags.error("E0300", "the arguments of '\(fname)' mix \(TypeRules.article(.number(dim))) and \(TypeRules.article(.number(d)))", at: e.span)
                    return nil
                }
                dim = merged
                irs.append(t.ir)
            }
            return (irs, dim)
        }
        switch fname {
        case "sin", "cos", "tan":
            guard arity([1], "\(fname)(angle)"), let c = nums([a]) else { return .error }
            return apply(Builtin(name: fname)!, c, n)
        case "asin", "acos", "atan":
            guard arity([1], "\(fname)(number)"), let c = nums([n]) else { return .error }
            return apply(Builtin(name: fname)!, c, a)
        case "atan2":
            guard arity([2], "atan2(y, x)"), let c = nums([n, n]) else { return .error }
            return apply(.atan2, c, a)
        case "sqrt", "exp", "log":
            guard arity([1], "\(fname)(number)"), let c = nums([n]) else { return .error }
            return apply(Builtin(name: fname)!, c, n)
        case "pow":
            guard arity([2], "pow(base, exponent)"), let c = nums([n, n]) else { return .error }
            return apply(.pow, c, n)
        case "abs", "floor", "ceil", "round", "sign":
            guard arity([1], "\(fname)(number)"), let (c, d) = sameDimension(args.map { $0.value }) else { return .error }
            return apply(Builtin(name: fname)!, c, fname == "sign" ? n : .number(d))
        case "min", "max":
            guard arity([2], "\(fname)(a, b)"), let (c, d) = sameDimension(args.map { $0.value }) else { return .error }
            return apply(Builtin(name: fname)!, c, .number(d))
        case "clamp":
            guard arity([3], "clamp(value, lower, upper)"), let (c, d) = sameDimension(args.map { $0.value }) else { return .error }
            return apply(.clamp, c, .number(d))
        case "mix":
            guard arity([3], "mix(from, to, fraction)") else { return .error }
            let (x, y) = typedPair(args[0].value, args[1].value, context: expect)
            if x.type.isError || y.type.isError { return .error }
            var type = x.type
            switch type {
            case .number, .point, .size, .rect, .color, .transform: break
            default:
                diags.error("E0300", "'mix' interpolates numbers, points, sizes, rects, colors and transforms, found \(TypeRules.article(type))", at: args[0].value.span)
                return .error
            }
            if case .number(let d1) = x.type, case .number(let d2) = y.type, let d = TypeRules.numberResult(.add, d1, d2) { type = .number(d) }
            guard let yi = convert(y, to: type, at: args[1].value.span, what: "'mix'"),
                  let ti = numbers([args[2].value], [n])?.first else { return .error }
            return apply(.mix, [x.ir, yi, ti], type)
        case "random":
            guard arity([1, 3], "random(seed) for 0..<1, or random(seed, low, high)") else { return .error }
            guard let seed = nums([n]) else { return .error }
            if args.count == 1 { return apply(.random, seed, n) }
            let (lo, hi) = typedPair(args[1].value, args[2].value, context: expect)
            if lo.type.isError || hi.type.isError { return .error }
            switch lo.type {
            case .number, .point, .size, .rect, .color: break
            default:
                diags.error("E0300", "'random' draws numbers, points, sizes, rects or colors, found \(TypeRules.article(lo.type))", at: args[1].value.span)
                return .error
            }
            var type = lo.type
            if case .number(let d1) = lo.type, case .number(let d2) = hi.type, let d = TypeRules.numberResult(.add, d1, d2) { type = .number(d) }
            guard let hii = convert(hi, to: type, at: args[2].value.span, what: "'random'") else { return .error }
            return apply(.random3, [seed[0], lo.ir, hii], type)
        case "rgb", "rgba":
            let count = fname == "rgb" ? 3 : 4
            guard arity([count], fname == "rgb" ? "rgb(red, green, blue) with components 0...1" : "rgba(red, green, blue, alpha) with components 0...1"),
                  var c = nums(Array(repeating: n, count: count)) else { return .error }
            if count == 3 { c.append(.const(.number(1))) }
            if let k = constants(c) {
                // `rgb(255, 128, 0)`: 0…255 components from other tools are clamped to white-ish colours
                if k.contains(where: { $0 > 1 }), k.allSatisfy({ $0 >= 0 && $0 <= 255 }) {
                    let scaled = k.prefix(count).map { fmt((($0 > 1 ? $0 / 255 : $0) * 1000).rounded() / 1000) }
                    diags.warning("W0014", "\(fname) takes components from 0 to 1; values above 1 are clamped to 1", at: span,
                                  label: "for 0…255 components divide by 255: \(fname)(\(scaled.joined(separator: ", ")))")
                }
                return Typed(ir: .const(.color(Color(clamp01(k[0]), clamp01(k[1]), clamp01(k[2]), clamp01(k[3])))), type: .color)
            }
            return Typed(ir: .makeColor(c), type: .color)
        case "hsb", "hsba":
            let count = fname == "hsb" ? 3 : 4
            guard arity([count], "\(fname)(hue angle, saturation, brightness\(count == 4 ? ", alpha" : ""))"),
                  let c = nums(Array([a, n, n, n].prefix(count))) else { return .error }
            // UIKit's hue is 0…1 of a turn; CAL's is an angle, so a plain 0.5 is half a radian
            if case .number(let h, let unit) = args[0].value.kind, unit.isEmpty, h > 0, h <= 1 {
                diags.warning("W0015", "the hue of \(fname) is an angle: \(fmt(h)) is read as \(fmt(h)) rad", at: args[0].value.span,
                              label: "for UIKit's 0…1 hue write \(fmt((h * 360 * 1000).rounded() / 1000))deg")
            }
            return apply(fname == "hsb" ? .hsb : .hsba, c, .color)
        case "translate":
            guard arity([2, 3], "translate(x, y) or translate(x, y, z)"), var c = nums(Array(repeating: n, count: args.count)) else { return .error }
            if c.count == 2 { c.append(.const(.number(0))) }
            return apply(.translate, c, .transform)
        case "scale":
            guard arity([1, 2, 3], "scale(s), scale(sx, sy) or scale(sx, sy, sz)"), var c = nums(Array(repeating: n, count: args.count)) else { return .error }
            if c.count == 1 { c = [c[0], c[0], .const(.number(1))] } else if c.count == 2 { c.append(.const(.number(1))) }
            return apply(.scale, c, .transform)
        case "rotate":
            guard arity([1, 2], "rotate(angle) or rotate(angle, axis) with axis .x, .y, .z or (x, y, z)") else { return .error }
            guard let angle = numbers([args[0].value], [a]) else { return .error }
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
            return apply(.rotate, angle + axis, .transform)
        case "perspective":
            guard arity([1], "perspective(distance)"), let c = nums([n]) else { return .error }
            if let k = constants(c), k[0] <= 0 {
                diags.error("E0273", "the perspective distance must be positive", at: args[0].value.span)
                return .error
            }
            return apply(.perspective, c, .transform)
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
        case "moveTo", "lineTo":
            guard arity([1], "\(fname)(point)"), let c = numbers([args[0].value], [.point]) else { return .error }
            return apply(Builtin(name: fname)!, c, .path)
        case "quadTo":
            guard arity([2], "quadTo(control, end)"), let c = numbers(args.map { $0.value }, [.point, .point]) else { return .error }
            return apply(.quadTo, c, .path)
        case "curveTo":
            guard arity([3], "curveTo(control1, control2, end)"), let c = numbers(args.map { $0.value }, [.point, .point, .point]) else { return .error }
            return apply(.curveTo, c, .path)
        case "arc":
            guard arity([5], "arc(center, radius, startAngle, endAngle, clockwise)"),
                  let c = numbers(args.map { $0.value }, [.point, n, a, a, .bool]) else { return .error }
            return apply(.arc, c, .path)
        case "closePath":
            guard arity([0], "closePath()") else { return .error }
            return apply(.closePath, [], .path)
        case "rectPath", "ellipsePath":
            guard arity([1], "\(fname)(rect)"), let c = numbers([args[0].value], [.rect]) else { return .error }
            return apply(Builtin(name: fname)!, c, .path)
        case "roundedRectPath":
            guard arity([2], "roundedRectPath(rect, cornerRadius)"), let c = numbers(args.map { $0.value }, [.rect, n]) else { return .error }
            return apply(.roundedRectPath, c, .path)
        case "image":
            guard arity([1], "image(\"file.png\") — a PNG or PPM file, relative to the script"),
                  let c = numbers([args[0].value], [.string]) else { return .error }
            guard case .string(let name)? = c[0].constant else { return needsConstants(fname, span) }
            let result = apply(.image, c, .image)
            if !result.type.isError {
                imageReferences.append(ImageReference(name: name, span: args[0].value.span))
                if Checker.leavesFolder(name) {
                    diags.warning("W0021", "image path '\(name)' is outside the script's folder", at: args[0].value.span,
                                  label: "calc run reads it only from a folder given with --allow-read DIR")
                }
            }
            return result
        case "named":
            guard arity([1], "named(\"layer name\")"), let c = numbers([args[0].value], [.string]) else { return .error }
            if fn.kind == .binding {
                diags.error("E0298", "an expression of time cannot look layers up by name", at: span)
                return .error
            }
            return Typed(ir: .named(c[0]), type: .layer)
        default:
            var known = Checker.builtinNames
            for case .function? in [global(fname)] { known.append(fname) }
            known += globalEntries.compactMap { if case .function = $0.value { return $0.key } else { return nil } }
            diags.error("E0275", "unknown function '\(fname)'", at: callee.span,
                        label: suggestion(for: fname, among: known.sorted()).map { "did you mean '\($0)'?" })
            for a in args { _ = expr(a.value, expect: .error) }
            return .error
        }
    }

    func needsConstants(_ f: String, _ span: Span) -> Typed {
        diags.error("E0276", "'\(f)' needs constant arguments", at: span)
        return .error
    }

    func clamp01(_ x: Double) -> Double { min(1, max(0, x)) }
}

extension Builtin {
    init?(name: String) {
        guard let b = Builtin.allCases.first(where: { $0.name == name && $0 != .random3 }) else { return nil }
        self = b
    }
}

extension Checker {
    /// True for an absolute path, or one whose `..` climbs above the folder it starts in
    /// (`../x.png`, `a/../../x.png`); `a/../x.png` stays inside. No file is looked at.
    static func leavesFolder(_ name: String) -> Bool {
        if name.hasPrefix("/") { return true }
        var depth = 0
        for part in name.split(separator: "/", omittingEmptySubsequences: true) {
            if part == ".." { depth -= 1; if depth < 0 { return true } } else if part != "." { depth += 1 }
        }
        return false
    }
}
