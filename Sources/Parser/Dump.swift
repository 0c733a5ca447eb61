// Readable dumps of the lexer's and parser's output, for `calc build --emit tokens|ast`: one token
// per line with its position; the AST as an indented tree. Deterministic (no addresses).

import CalcCore

public enum SyntaxDump {
    public static func tokens(_ file: SourceFile) -> String {
        let (tokens, _) = Lexer.tokenize(file)
        var out = ""
        for t in tokens {
            let (l, c) = file.location(of: t.span.start)
            let kind = t.kind == .identifier || t.kind == .number || t.kind == .string || t.kind == .hexColor || t.kind == .invalid
                ? "\(t.kind.rawValue) \(file.text(t.span))" : t.kind == .eof ? "eof" : file.text(t.span)
            out += "\(l):\(c)\(t.afterNewline ? " ¶" : "") \(kind)\n"
        }
        return out
    }

    public static func ast(_ ast: SourceAST) -> String {
        var out = ""
        for s in ast.items { stmt(s, 0, &out) }
        return out
    }

    static func pad(_ d: Int) -> String { String(repeating: "  ", count: d) }

    static func block(_ stmts: [Stmt], _ d: Int, _ out: inout String) {
        for s in stmts { stmt(s, d, &out) }
    }

    static func stmt(_ s: Stmt, _ d: Int, _ out: inout String) {
        let p = pad(d)
        switch s {
        case .scene(let sc):
            out += p + "scene\n"
            for m in sc.members { out += pad(d + 1) + m.name.text + ": " + expr(m.value) + "\n" }
        case .layer(let l):
            var head = p + "layer"
            switch l.name {
            case .identifier(let n)?: head += " " + n.text
            case .dynamic(let e)?: head += " " + expr(e)
            case nil: break
            }
            if let k = l.kind { head += " : " + k.text }
            out += head + "\n"
            block(l.body, d + 1, &out)
        case .binding(let b):
            out += p + (b.isVar ? "var " : "let ") + b.name.text + (b.type.map { ": " + type($0) } ?? "") + " = " + expr(b.value) + "\n"
        case .function(let f):
            out += p + "func " + f.name.text + "(" + f.params.map { $0.name.text + ": " + type($0.type) }.joined(separator: ", ") + ")"
                + (f.result.map { " -> " + type($0) } ?? "") + "\n"
            block(f.body, d + 1, &out)
        case .style(let st):
            out += p + "style " + st.name.text + "\n"
            block(st.body, d + 1, &out)
        case .property(let pd):
            out += p + "property " + pd.name.text + ": " + type(pd.type) + " = " + expr(pd.value) + "\n"
        case .constraints(let members, _):
            out += p + "constraints\n"
            for m in members { out += p + "  " + m.name.text + ": " + expr(m.value) + "\n" }
        case .setConstraints(let layer, let members, _):
            out += p + expr(layer) + ".constraints\n"
            for m in members { out += p + "  " + m.name.text + ": " + expr(m.value) + "\n" }
        case .setActions(let layer, let members, _):
            out += p + expr(layer) + ".actions\n"
            for m in members { out += p + "  " + m.name.text + ": " + expr(m.value) + "\n" }
        case .dynamics(let dyn):
            out += p + "dynamics\n"
            for b in dyn.behaviors {
                out += pad(d + 1) + b.kind.text + " " + b.name.text + "\n"
                for m in b.members { out += pad(d + 2) + m.name.text + ": " + expr(m.value) + "\n" }
            }
        case .draw(let body, _):
            out += p + "draw\n"
            block(body, d + 1, &out)
        case .cell(let c):
            out += p + "cell " + c.name.text + "\n"
            block(c.body, d + 1, &out)
        case .event(let e):
            let trigger: String
            switch e.trigger {
            case .at(let t): trigger = "at " + expr(t)
            case .after(let t): trigger = "after " + expr(t)
            case .every(let i, let from, let until):
                trigger = "every " + expr(i) + (from.map { " from " + expr($0) } ?? "") + (until.map { " until " + expr($0) } ?? "")
            case .frame: trigger = "every frame"
            case .didStart(let l, let k): trigger = "on " + expr(l) + handlerKey(k) + ".didStart"
            case .didStop(let l, let k, let f): trigger = "on " + expr(l) + handlerKey(k) + ".didStop" + (f.map { "(\($0.text))" } ?? "")
            case .contact(let b, let began, let names):
                trigger = "on " + b.text + (began ? ".beganContact" : ".endedContact")
                    + (names.isEmpty ? "" : "(" + names.map(\.text).joined(separator: ", ") + ")")
            }
            out += p + trigger + "\n"
            block(e.body, d + 1, &out)
        case .member(let m):
            out += p + m.name.text + ": " + expr(m.value) + "\n"
        case .animations(let ms, _), .actions(let ms, _):
            if case .animations = s { out += p + "animations\n" } else { out += p + "actions\n" }
            for m in ms { out += pad(d + 1) + m.name.text + ": " + expr(m.value) + "\n" }
        case .assign(let t, let v, _):
            out += p + expr(t) + " = " + expr(v) + "\n"
        case .expr(let e):
            out += p + expr(e) + "\n"
        case .transaction(let args, let body, let completion, _):
            out += p + "transaction(" + args.map(arg).joined(separator: ", ") + ")\n"
            block(body, d + 1, &out)
            if let completion {
                out += p + "completion\n"
                block(completion, d + 1, &out)
            }
        case .animateBlock(let kind, let args, let body, let completion, let finished, _):
            out += p + kind.text + "(" + args.map(arg).joined(separator: ", ") + ")\n"
            block(body, d + 1, &out)
            if let completion {
                out += p + "completion" + (finished.map { "(" + $0.text + ")" } ?? "") + "\n"
                block(completion, d + 1, &out)
            }
        case .ifStmt(let c, let t, let e, _):
            out += p + "if " + expr(c) + "\n"
            block(t, d + 1, &out)
            if let e {
                out += p + "else\n"
                block(e, d + 1, &out)
            }
        case .forStmt(let v, let seq, let body, _):
            out += p + "for " + v.text + " in " + expr(seq) + "\n"
            block(body, d + 1, &out)
        case .returnStmt(let v, _):
            out += p + "return" + (v.map { " " + expr($0) } ?? "") + "\n"
        case .error:
            out += p + "<error>\n"
        }
    }

    static func type(_ t: TypeExpr) -> String {
        switch t {
        case .named(let n): return n.text
        case .array(let inner, _): return "[" + type(inner) + "]"
        }
    }

    static func handlerKey(_ k: HandlerKey) -> String {
        switch k {
        case .name(let n): return "." + n.text
        case .computed(let e): return "[" + expr(e) + "]"
        }
    }

    static func arg(_ a: Arg) -> String { (a.label.map { $0.text + ": " } ?? "") + expr(a.value) }

    /// Fully parenthesised, so precedence is visible.
    public static func expr(_ e: Expr) -> String {
        switch e.kind {
        case .number(let v, let unit):
            let n = v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)"
            return n + unit
        case .string(let s): return "\"" + s.replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n") + "\""
        case .interpolated(let parts):
            return "\"" + parts.map { p -> String in
                switch p {
                case .text(let s): return s
                case .expr(let x): return "\\(" + expr(x) + ")"
                }
            }.joined() + "\""
        case .color(let c): return Value.display(.color(c))
        case .bool(let b): return b ? "true" : "false"
        case .identifier(let n): return n
        case .enumCase(let n): return "." + n
        case .tuple(let xs): return "(" + xs.map(expr).joined(separator: ", ") + ")"
        case .array(let xs): return "[" + xs.map(expr).joined(separator: ", ") + "]"
        case .range(let a, let b, let inclusive): return "(" + expr(a) + (inclusive ? " ... " : " ..< ") + expr(b) + ")"
        case .paren(let x): return expr(x)
        case .unary(let op, let x): return "(" + op.rawValue + expr(x) + ")"
        case .binary(let op, let a, let b): return "(" + expr(a) + " " + op.rawValue + " " + expr(b) + ")"
        case .conditional(let c, let a, let b): return "(" + expr(c) + " ? " + expr(a) + " : " + expr(b) + ")"
        case .member(let b, let n): return expr(b) + "." + n.text
        case .index(let b, let i): return expr(b) + "[" + expr(i) + "]"
        case .call(let c, let args): return expr(c) + "(" + args.map(arg).joined(separator: ", ") + ")"
        case .animation(let kind, let body):
            var inner = ""
            block(body, 0, &inner)
            return kind.text + " { " + inner.split(separator: "\n").joined(separator: "; ") + " }"
        case .none: return "none"
        case .error: return "<error>"
        }
    }
}
