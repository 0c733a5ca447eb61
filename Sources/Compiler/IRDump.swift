// A readable dump of the checked IR, for `calc build --emit ir`: each function with its parameter
// and local counts, statements indented, expressions in prefix form with resolved names (L3 is
// local 3, P0 parameter 0, G2 global slot 2, F4 function 4, LT/AT templates).

import CalcCore
import Bytecode
import Parser

struct IRDump {
    /// Names custom properties in key paths.
    let table: PropertyTable

    func functions(_ fs: [IRFunction]) -> String {
        var out = ""
        for (i, f) in fs.enumerated() {
            out += "F\(i) \"\(f.name)\" params \(f.paramCount) locals \(f.localCount)\n"
            for s in f.body { stmt(s, 1, &out) }
            out += "\n"
        }
        return out
    }

    func pad(_ d: Int) -> String { String(repeating: "  ", count: d) }

    func handler(_ h: Handler) -> String {
        "F\(h.function)" + (h.captures.isEmpty ? "" : "[" + h.captures.map(expr).joined(separator: ", ") + "]")
    }

    func stmt(_ s: IRStmt, _ d: Int, _ out: inout String) {
        let p = pad(d)
        switch s {
        case let .setProp(l, kp, v, _): out += p + "set \(expr(l)).\(table.name(kp)) = \(expr(v))\n"
        case let .setStyled(l, kp, v, _): out += p + "style \(expr(l)).\(table.name(kp)) = \(expr(v))\n"
        case let .resetStyle(l, _): out += p + "reset style of \(expr(l))\n"
        case let .setLocal(r, v, _): out += p + "L\(r) = \(expr(v))\n"
        case let .setGlobal(g, v, _): out += p + "G\(g) = \(expr(v))\n"
        case let .setIndex(v, i, x, _): out += p + "\(expr(v))[\(expr(i))] = \(expr(x))\n"
        case let .append(v, x, _): out += p + "append \(expr(v)) \(expr(x))\n"
        case let .newLayer(into, t, _): out += p + "\(expr(into)) = new layer LT\(t)\n"
        case let .tree(op, a, b, c, _):
            out += p + "\(op) \(expr(a))" + (b.map { " " + expr($0) } ?? "") + (c.map { " " + expr($0) } ?? "") + "\n"
        case let .addAnimation(l, a, k, _): out += p + "add animation \(expr(a)) to \(expr(l)) key \"\(k)\"\n"
        case let .removeAnimation(l, k, _): out += p + "remove animation \"\(k)\" from \(expr(l))\n"
        case let .addAnimationKeyed(l, a, k, _): out += p + "add animation \(expr(a)) to \(expr(l)) key \(expr(k))\n"
        case let .removeAnimationKeyed(l, k, _): out += p + "remove animation \(expr(k)) from \(expr(l))\n"
        case let .removeAllAnimations(l, _): out += p + "remove all animations from \(expr(l))\n"
        case let .setAction(l, k, a, _): out += p + "action \"\(k)\" of \(expr(l)) = \(a.map(expr) ?? "none")\n"
        case let .setMask(l, m, _): out += p + "mask of \(expr(l)) = \(expr(m))\n"
        case let .setBehavior(b, f, v, _): out += p + "set BT\(b).\(f.name) = \(expr(v))\n"
        case let .transaction(settings, body, completion, _, _):
            out += p + "transaction(" + settings.map { "\($0.0.name): \(expr($0.1))" }.joined(separator: ", ") + ")"
                + (completion.map { " completion " + handler($0) } ?? "") + "\n"
            for s in body { stmt(s, d + 1, &out) }
        case let .register(event, h, _):
            let when: String
            switch event {
            case .at(let t): when = "at \(expr(t))"
            case let .every(a, i, u): when = "every \(expr(i)) from \(expr(a)) until \(expr(u))"
            case .frame: when = "every frame"
            case let .animation(start, l, k):
                let key = if case .string(let s)? = k.constant { "." + s } else { "[" + expr(k) + "]" }
                when = "on \(expr(l))\(key).\(start ? "didStart" : "didStop")"
            case let .contact(b, began): when = "on BT\(b).\(began ? "beganContact" : "endedContact")"
            }
            out += p + "\(when) run \(handler(h))\n"
        case let .unconstrain(l, _):
            out += p + "unconstrain \(expr(l))\n"
        case let .constrain(l, a, src, sa, scale, offset, _):
            out += p + "constrain \(expr(l)).\(a.name) = \(expr(src)).\(sa.name) * \(expr(scale)) + \(expr(offset))\n"
        case let .setDraw(l, h, _): out += p + "draw \(expr(l)) with \(handler(h))\n"
        case let .print(args, _): out += p + "print(" + args.map(expr).joined(separator: ", ") + ")\n"
        case let .draw(op, args, _): out += p + "\(op.rawValue)(" + args.map(expr).joined(separator: ", ") + ")\n"
        case let .bind(l, kp, h, _): out += p + "bind \(expr(l)).\(table.name(kp)) to \(handler(h))\n"
        case let .ifStmt(c, t, e, _):
            out += p + "if \(expr(c))\n"
            for s in t { stmt(s, d + 1, &out) }
            if !e.isEmpty {
                out += p + "else\n"
                for s in e { stmt(s, d + 1, &out) }
            }
        case let .forRange(v, a, b, body, _):
            out += p + "for L\(v) in \(expr(a)) ..< \(expr(b))\n"
            for s in body { stmt(s, d + 1, &out) }
        case let .forArray(v, a, _, body, _):
            out += p + "for L\(v) in \(expr(a))\n"
            for s in body { stmt(s, d + 1, &out) }
        case let .expr(e, _): out += p + expr(e) + "\n"
        case let .ret(v, _): out += p + "return" + (v.map { " " + expr($0) } ?? "") + "\n"
        }
    }

    func expr(_ e: IR) -> String {
        switch e {
        case .const(let v): return Value.display(v)
        case .local(let n): return "L\(n)"
        case .param(let k): return "P\(k)"
        case .global(let g): return "G\(g)"
        case .root: return "root"
        case .now: return "now"
        case let .arith(op, a, b): return "(\(["+", "-", "*", "/", "%"][Int(op.rawValue)]) \(expr(a)) \(expr(b)))"
        case .neg(let a): return "(neg \(expr(a)))"
        case .not(let a): return "(not \(expr(a)))"
        case let .compare(op, a, b): return "(\(op.name.lowercased()) \(expr(a)) \(expr(b)))"
        case let .and(a, b): return "(and \(expr(a)) \(expr(b)))"
        case let .select(c, a, b): return "(select \(expr(c)) \(expr(a)) \(expr(b)))"
        case let .animGet(a, f): return "\(expr(a)).\(f.name)"
        case let .animWith(a, f, v): return "(\(expr(a)) with \(f.name) = \(expr(v)))"
        case let .or(a, b): return "(or \(expr(a)) \(expr(b)))"
        case let .makePoint(a, b): return "(point \(expr(a)) \(expr(b)))"
        case let .makeSize(a, b): return "(size \(expr(a)) \(expr(b)))"
        case .makeRect(let xs): return "(rect " + xs.map(expr).joined(separator: " ") + ")"
        case .makeColor(let xs): return "(color " + xs.map(expr).joined(separator: " ") + ")"
        case let .builtin(b, xs): return "(\(b.name) " + xs.map(expr).joined(separator: " ") + ")"
        case let .call(f, xs): return "(call F\(f)" + xs.map { " " + expr($0) }.joined() + ")"
        case .array(let xs): return "[" + xs.map(expr).joined(separator: ", ") + "]"
        case let .index(a, i): return "\(expr(a))[\(expr(i))]"
        case .len(let a): return "(count \(expr(a)))"
        case let .field(a, c): return "\(expr(a)).\(c.path)"
        case .named(let a): return "(named \(expr(a)))"
        case let .tree(what, a): return "(\(what.rawValue) \(expr(a)))"
        case let .getProp(l, kp): return "\(expr(l)).\(table.name(kp))"
        case let .convert(v, a, b, p): return "convert\(p ? " presentation" : "")(\(expr(v)) from \(expr(a)) to \(expr(b)))"
        case let .getPres(l, kp): return "\(expr(l)).presentation.\(table.name(kp))"
        case let .getBehavior(b, f): return "BT\(b).\(f.name)"
        case let .animation(t, dyn): return "AT\(t)" + (dyn.isEmpty ? "" : "{" + dyn.map { "\($0.0.name): \(expr($0.1))" }.joined(separator: ", ") + "}")
        }
    }
}

extension Compiler {
    /// The checked IR of a file as text (`calc build --emit ir`); nil and diagnostics when it does not check.
    public static func ir(_ file: SourceFile) -> (String?, [Diagnostic]) {
        let (ast, parseDiags) = Parser.parse(file)
        var diags = parseDiags
        let checker = Checker(file: file)
        let functions = checker.check(ast)
        diags.append(contentsOf: checker.diags)
        return (diags.hasErrors ? nil : IRDump(table: checker.table).functions(functions), diags.sorted)
    }
}
