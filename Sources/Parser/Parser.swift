// Recursive-descent parser: tokens → AST. It never throws: on an unexpected token it reports what
// was expected, skips to a point where parsing can sensibly resume (the next member line, the closing
// brace, the next top-level keyword) and leaves an error node, so one typo yields one diagnostic.

import CalcCore

public struct Parser {
    let file: SourceFile
    let tokens: [Token]
    var p = 0
    var depth = 0
    public private(set) var diagnostics = DiagnosticBag()

    /// Nesting deeper than this (blocks, parentheses, operators) is reported instead of risking the
    /// parser's native stack: 256 levels is far beyond hand-written scenes.
    public static let maxDepth = 256

    public static let animationKinds = ["basic", "keyframe", "group", "transition", "spring"]
    public static let units = ["", "s", "ms", "deg", "rad"]

    public init(file: SourceFile, tokens: [Token]) {
        self.file = file
        self.tokens = tokens
    }

    /// Lexes and parses a whole file.
    public static func parse(_ file: SourceFile) -> (SourceAST, DiagnosticBag) {
        let (tokens, lexDiags) = Lexer.tokenize(file)
        var parser = Parser(file: file, tokens: tokens)
        let ast = parser.parseFile()
        var diags = lexDiags
        diags.append(contentsOf: parser.diagnostics)
        return (ast, diags)
    }

    // MARK: token helpers

    var tok: Token { tokens[min(p, tokens.count - 1)] }
    var kind: TokenKind { tok.kind }
    func peekKind(_ k: Int) -> TokenKind { tokens[min(p + k, tokens.count - 1)].kind }
    func text(_ t: Token) -> String { file.text(t.span) }

    mutating func advance() -> Token {
        let t = tok
        if p < tokens.count - 1 { p += 1 }
        return t
    }

    mutating func accept(_ k: TokenKind) -> Token? {
        if kind == k { return advance() }
        return nil
    }

    var previousEnd: Int { p > 0 ? tokens[p - 1].span.end : 0 }

    /// Reports "expected X, found Y" at the current token (unless it is an already-reported invalid token).
    mutating func expected(_ what: String, id: String = "E0100") {
        if kind == .invalid { return }
        let found = kind == .eof ? "end of file" : "'\(text(tok))'"
        diagnostics.error(id, "expected \(what), found \(found)", at: kind == .eof ? Span(previousEnd, previousEnd) : tok.span)
    }

    mutating func expect(_ k: TokenKind, _ what: String? = nil) -> Token? {
        if let t = accept(k) { return t }
        expected(what ?? k.display)
        return nil
    }

    mutating func enter() -> Bool {
        depth += 1
        if depth == Parser.maxDepth {
            diagnostics.error("E0010", "nesting is too deep (more than \(Parser.maxDepth) levels)", at: tok.span)
        }
        return depth < Parser.maxDepth
    }

    mutating func leave() { depth -= 1 }

    /// Skips to the start of the next line at the current brace level, or to a closing brace.
    mutating func syncMember() {
        var level = 0
        let startP = p
        while kind != .eof {
            if p != startP, tok.afterNewline, level == 0 { return }
            switch kind {
            case .lbrace, .lparen, .lbracket: level += 1
            case .rbrace, .rparen, .rbracket:
                if level == 0 { return }
                level -= 1
            default: break
            }
            _ = advance()
        }
    }

    /// Skips to the next top-level declaration keyword at brace level 0.
    mutating func syncItem() {
        var level = 0
        let startP = p
        while kind != .eof {
            if p != startP, level == 0, [.kwScene, .kwLayer, .kwLet, .kwVar, .kwAt].contains(kind), tok.afterNewline { return }
            switch kind {
            case .lbrace: level += 1
            case .rbrace: level = max(0, level - 1)
            default: break
            }
            _ = advance()
        }
    }

    mutating func skipSemicolons() { while accept(.semicolon) != nil {} }

    // MARK: file and items

    public mutating func parseFile() -> SourceAST {
        var items: [Item] = []
        while true {
            skipSemicolons()
            if kind == .eof { break }
            let before = p
            if let item = parseItem() { items.append(item) }
            if p == before { _ = advance() }
        }
        return SourceAST(items: items)
    }

    mutating func parseItem() -> Item? {
        switch kind {
        case .kwScene:
            let start = advance().span
            guard let body = parseMemberBlock(start: start) else { syncItem(); return nil }
            return .scene(SceneDecl(members: body.0, span: start.to(body.1)))
        case .kwLayer:
            return parseLayer().map { .layer($0) }
        case .kwLet, .kwVar:
            return parseBinding().map { .binding($0) }
        case .kwAt:
            let start = advance().span
            let time = parseExpr()
            guard let body = parseStmtBlock() else { syncItem(); return nil }
            return .at(AtDecl(time: time, body: body.0, span: start.to(body.1)))
        default:
            if kind == .identifier, peekKind(1) == .colon || peekKind(1) == .lbrace {
                diagnostics.error("E0101", "expected a declaration ('scene', 'layer', 'let', 'var' or 'at'), found '\(text(tok))'",
                                  at: tok.span, label: "properties belong inside a 'layer' or 'scene' block")
            } else {
                expected("a declaration ('scene', 'layer', 'let', 'var' or 'at')", id: "E0101")
            }
            syncItem()
            return nil
        }
    }

    mutating func parseBinding() -> Binding? {
        let kw = advance()
        guard let nameTok = expect(.identifier, "a name after '\(text(kw))'") else { syncMember(); return nil }
        let name = Name([text(nameTok)], span: nameTok.span)
        guard expect(.equal, "'=' after the name") != nil else { syncMember(); return nil }
        let value = parseExpr()
        return Binding(isVar: kw.kind == .kwVar, name: name, value: value, span: kw.span.to(value.span))
    }

    /// `{ name: value … }`; returns the members and the closing span.
    mutating func parseMemberBlock(start: Span) -> ([Member], Span)? {
        guard expect(.lbrace, "'{'") != nil else { return nil }
        guard enter() else { leave(); syncItem(); return nil }
        defer { leave() }
        var members: [Member] = []
        while true {
            skipSemicolons()
            if let close = accept(.rbrace) { return (members, close.span) }
            if kind == .eof { expected("'}' to close the block opened here"); return (members, tok.span) }
            let before = p
            if let m = parseMember() { members.append(m) } else { syncMember() }
            if p == before { _ = advance() }
        }
    }

    mutating func parseDottedName() -> Name? {
        guard kind == .identifier || kind.isContextualName else { return nil }
        let first = advance()
        var parts = [text(first)]
        var span = first.span
        while kind == .dot, peekKind(1) == .identifier || peekKind(1).isContextualName {
            _ = advance()
            let t = advance()
            parts.append(text(t))
            span = span.to(t.span)
        }
        return Name(parts, span: span)
    }

    mutating func parseMember() -> Member? {
        guard let name = parseDottedName() else {
            expected("a property name")
            return nil
        }
        guard expect(.colon, "':' after '\(name.text)'") != nil else { return nil }
        let value = parseExpr()
        return Member(name: name, value: value, span: name.span.to(value.span))
    }

    mutating func parseLayer() -> LayerDecl? {
        let start = advance().span
        var name: Name?
        var kindName: Name?
        if kind == .identifier {
            let t = advance()
            name = Name([text(t)], span: t.span)
        }
        if accept(.colon) != nil {
            if kind == .identifier { let t = advance(); kindName = Name([text(t)], span: t.span) } else { expected("a layer kind after ':'") }
        }
        guard expect(.lbrace, "'{' to start the layer's body") != nil else { syncItem(); return nil }
        guard enter() else { leave(); syncItem(); return nil }
        defer { leave() }
        var body: [LayerBodyItem] = []
        while true {
            skipSemicolons()
            if let close = accept(.rbrace) { return LayerDecl(name: name, kind: kindName, body: body, span: start.to(close.span)) }
            if kind == .eof {
                expected("'}' to close layer '\(name?.text ?? "")'")
                return LayerDecl(name: name, kind: kindName, body: body, span: start.to(tok.span))
            }
            let before = p
            switch kind {
            case .kwLayer:
                if let l = parseLayer() { body.append(.sublayer(l)) }
            case .kwAnimations:
                let s = advance().span
                if let block = parseMemberBlock(start: s) { body.append(.animations(block.0, s.to(block.1))) } else { syncMember() }
            default:
                if let m = parseMember() { body.append(.property(m)) } else { syncMember() }
            }
            if p == before { _ = advance() }
        }
    }

    // MARK: statements

    mutating func parseStmtBlock() -> ([Stmt], Span)? {
        guard expect(.lbrace, "'{'") != nil else { return nil }
        guard enter() else { leave(); return nil }
        defer { leave() }
        var stmts: [Stmt] = []
        while true {
            skipSemicolons()
            if let close = accept(.rbrace) { return (stmts, close.span) }
            if kind == .eof { expected("'}' to close the block"); return (stmts, tok.span) }
            let before = p
            stmts.append(parseStmt())
            if p == before { _ = advance() }
        }
    }

    mutating func parseStmt() -> Stmt {
        switch kind {
        case .kwLet, .kwVar:
            if let b = parseBinding() { return .binding(b) }
            return .error(tok.span)
        case .kwTransaction:
            let start = advance().span
            var args: [Arg] = []
            if kind == .lparen, !tok.afterNewline {
                _ = advance()
                args = parseArgs()
            }
            guard let body = parseStmtBlock() else { syncMember(); return .error(start) }
            return .transaction(args: args, body: body.0, span: start.to(body.1))
        default:
            let startTok = tok
            let e = parseExpr()
            if case .error = e.kind { syncMember(); return .error(startTok.span) }
            if accept(.equal) != nil {
                let v = parseExpr()
                return .assign(target: e, value: v, span: e.span.to(v.span))
            }
            return .expr(e)
        }
    }

    /// Arguments after '(' up to and including ')': `a, label: b`.
    mutating func parseArgs() -> [Arg] {
        var args: [Arg] = []
        if accept(.rparen) != nil { return args }
        while true {
            var label: Name?
            if kind == .identifier || kind.isContextualName, peekKind(1) == .colon {
                let t = advance()
                label = Name([text(t)], span: t.span)
                _ = advance()
            }
            let v = parseExpr()
            args.append(Arg(label: label, value: v))
            if accept(.comma) != nil { continue }
            if accept(.rparen) != nil { return args }
            expected("',' or ')' in the argument list")
            syncMember()
            return args
        }
    }

    // MARK: expressions

    public mutating func parseExpr() -> Expr {
        guard enter() else { leave(); let s = tok.span; syncMember(); return Expr(.error, s) }
        defer { leave() }
        return parseBinary(0)
    }

    static func precedence(_ k: TokenKind) -> (Int, BinaryOp)? {
        switch k {
        case .pipePipe: return (1, .or)
        case .ampAmp: return (2, .and)
        case .equalEqual: return (3, .eq)
        case .bangEqual: return (3, .ne)
        case .less: return (3, .lt)
        case .lessEqual: return (3, .le)
        case .greater: return (3, .gt)
        case .greaterEqual: return (3, .ge)
        case .plus: return (4, .add)
        case .minus: return (4, .sub)
        case .star: return (5, .mul)
        case .slash: return (5, .div)
        case .percent: return (5, .mod)
        default: return nil
        }
    }

    mutating func parseBinary(_ minPrec: Int) -> Expr {
        var lhs = parseUnary()
        while let (prec, op) = Parser.precedence(kind), prec > minPrec {
            _ = advance()
            guard enter() else { leave(); return lhs }
            let rhs = parseBinary(prec)
            leave()
            lhs = Expr(.binary(op, lhs, rhs), lhs.span.to(rhs.span))
        }
        return lhs
    }

    mutating func parseUnary() -> Expr {
        if kind == .minus || kind == .bang {
            let t = advance()
            guard enter() else { leave(); return Expr(.error, t.span) }
            let operand = parseUnary()
            leave()
            return Expr(.unary(t.kind == .minus ? .neg : .not, operand), t.span.to(operand.span))
        }
        return parsePostfix()
    }

    mutating func parsePostfix() -> Expr {
        var e = parsePrimary()
        while true {
            if kind == .dot, peekKind(1) == .identifier || peekKind(1).isContextualName {
                _ = advance()
                let t = advance()
                e = Expr(.member(e, Name([text(t)], span: t.span)), e.span.to(t.span))
            } else if kind == .lparen, !tok.afterNewline {
                _ = advance()
                let args = parseArgs()
                e = Expr(.call(e, args), e.span.to(Span(previousEnd, previousEnd)))
            } else {
                return e
            }
        }
    }

    mutating func parsePrimary() -> Expr {
        let t = tok
        switch kind {
        case .number:
            _ = advance()
            let s = text(t)
            guard let (v, unit) = Literals.number(s) else {
                diagnostics.error("E0011", "number '\(s)' is out of range", at: t.span)
                return Expr(.error, t.span)
            }
            if !Parser.units.contains(unit) {
                diagnostics.error("E0009", "unknown unit '\(unit)' in '\(s)'", at: t.span,
                                  label: suggestion(for: unit, among: Parser.units.dropFirst()).map { "did you mean '\($0)'?" } ?? "units are s, ms, deg and rad")
                return Expr(.error, t.span)
            }
            return Expr(.number(v, unit: unit), t.span)
        case .string:
            _ = advance()
            let (s, errs) = Literals.string(text(t))
            for e in errs { diagnostics.error("E0012", e, at: t.span) }
            return Expr(.string(s), t.span)
        case .hexColor:
            _ = advance()
            let hex = String(text(t).dropFirst())
            return Expr(Color(hex: hex).map { .color($0) } ?? .error, t.span)
        case .kwTrue: _ = advance(); return Expr(.bool(true), t.span)
        case .kwFalse: _ = advance(); return Expr(.bool(false), t.span)
        case .kwNone: _ = advance(); return Expr(.none, t.span)
        case .dot:
            _ = advance()
            if kind == .identifier || kind.isContextualName {
                let n = advance()
                return Expr(.enumCase(text(n)), t.span.to(n.span))
            }
            expected("a case name after '.'")
            return Expr(.error, t.span)
        case .identifier:
            _ = advance()
            let name = text(t)
            if Parser.animationKinds.contains(name), kind == .lbrace {
                guard let block = parseMemberBlock(start: t.span) else { return Expr(.error, t.span) }
                return Expr(.animation(kind: Name([name], span: t.span), members: block.0), t.span.to(block.1))
            }
            return Expr(.identifier(name), t.span)
        case .lparen:
            _ = advance()
            var elems: [Expr] = []
            if let close = accept(.rparen) {
                diagnostics.error("E0102", "empty parentheses are not a value", at: t.span.to(close.span))
                return Expr(.error, t.span.to(close.span))
            }
            while true {
                elems.append(parseExpr())
                if accept(.comma) != nil { continue }
                if let close = accept(.rparen) {
                    let span = t.span.to(close.span)
                    return elems.count == 1 ? Expr(.paren(elems[0]), span) : Expr(.tuple(elems), span)
                }
                expected("',' or ')'")
                syncMember()
                return Expr(.error, t.span)
            }
        default:
            if kind.isContextualName {
                _ = advance()
                return Expr(.identifier(text(t)), t.span)
            }
            expected("a value")
            return Expr(.error, t.span)
        }
    }
}

extension TokenKind {
    /// Keywords that may also be used as member and argument names (`style`, `actions`, `in`…).
    var isContextualName: Bool {
        switch self {
        case .kwStyle, .kwActions, .kwAnimations, .kwTransaction, .kwOn, .kwAt, .kwIn, .kwAfter, .kwEvery: return true
        default: return false
        }
    }
}
