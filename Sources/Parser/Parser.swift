// Recursive-descent parser: tokens → AST. It never throws: on an unexpected token it reports what
// was expected, skips to a point where parsing can sensibly resume (the next line at the same brace
// level, the closing brace) and leaves an error node, so one typo yields one diagnostic.
//
// Every block — the file, a layer body, a handler, a loop — is a list of statements; `name: value`
// lines are member statements whose meaning the checker takes from the enclosing block.

import CalcCore

public struct Parser {
    let file: SourceFile
    let tokens: [Token]
    /// `file.bytes`, held by the parser: read through the file, each use retained and released it.
    let bytes: [UInt8]
    var p = 0
    var depth = 0
    public internal(set) var diagnostics = DiagnosticBag()

    /// Nesting deeper than this (blocks, parentheses, operators) is reported instead of risking the
    /// parser's native stack: 256 levels is far beyond hand-written scenes.
    public static let maxDepth = 256

    public static let animationKinds = ["basic", "keyframe", "group", "transition", "spring"]
    public static let units = ["", "s", "ms", "deg", "rad"]

    public init(file: SourceFile, tokens: [Token]) {
        self.file = file
        self.tokens = tokens
        self.bytes = file.bytes
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

    // (The small helpers are inlined: as calls they were a fifth of the parser's own instructions.
    // `p` is always a valid index, unclamped: `advance` stops at the last token, the end of file.)
    var tok: Token { @inline(__always) get { tokens[p] } }
    var kind: TokenKind { @inline(__always) get { tok.kind } }
    @inline(__always) func peekKind(_ k: Int) -> TokenKind { tokens[min(p + k, tokens.count - 1)].kind }
    func peek(_ k: Int) -> Token { tokens[min(p + k, tokens.count - 1)] }
    func text(_ t: Token) -> String { file.text(t.span) }

    /// Names seen recently, direct-mapped by their packed bytes (zero-padded, so the key is exact):
    /// most names repeat (`x`, `s`, `i`, `number`), and building a String from bytes is most of the
    /// cost of reading a name. Allocated on first use; a miss just replaces the entry.
    var nameCache: [(lo: UInt64, hi: UInt64, text: String)] = []

    /// `text(t)` for a name token (an identifier or a contextual keyword), through `nameCache`.
    mutating func identifierText(_ t: Token) -> String {
        let start = t.span.start, n = t.span.end - start
        guard start >= 0, n > 0, n <= 16, t.span.end <= bytes.count else { return text(t) }
        if nameCache.isEmpty { nameCache = Array(repeating: (0, 0, ""), count: 512) }
        let (lo, hi) = Parser.pack(bytes, start, start + n)
        if lo == 0x656D_6974, hi == 0 { sawTime = true }   // "time", little-endian
        let slot = Int(truncatingIfNeeded: ((lo ^ (hi &* 31)) &* 0x9E37_79B9_7F4A_7C15) >> 55)
        if nameCache[slot].lo == lo, nameCache[slot].hi == hi { return nameCache[slot].text }
        let s = Parser.string(bytes, start, start + n)
        nameCache[slot] = (lo, hi, s)
        return s
    }

    @inline(__always) static func pack(_ b: [UInt8], _ start: Int, _ end: Int) -> (UInt64, UInt64) {
        b.withUnsafeBufferPointer { Keywords.pack($0, start, end) }
    }

    /// `b[start..<end]` as a String, decoded from a buffer pointer: from an array slice, the
    /// generic path cost twice as much.
    static func string(_ b: [UInt8], _ start: Int, _ end: Int) -> String {
        b.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
    }

    /// Whether token `t` is spelled `word`, compared as bytes (no String is built).
    func spelled(_ t: Token, _ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard t.span.end - t.span.start == n else { return false }
        let b = bytes, w = word.utf8Start
        for k in 0..<n where b[t.span.start + k] != w[k] { return false }
        return true
    }

    @inline(__always) mutating func advance() -> Token {
        let t = tok
        if p < tokens.count - 1 { p += 1 }
        return t
    }

    @inline(__always) mutating func accept(_ k: TokenKind) -> Token? {
        if kind == k { return advance() }
        return nil
    }

    var previousEnd: Int { p > 0 ? tokens[p - 1].span.end : 0 }

    /// Reports "expected X, found Y" at the current token (unless it is an already-reported invalid token).
    mutating func expected(_ what: String, id: String = "E0100", label: String? = nil) {
        if kind == .invalid { return }
        let found = kind == .eof ? "end of file" : "'\(text(tok))'"
        diagnostics.error(id, "expected \(what), found \(found)", at: kind == .eof ? Span(previousEnd, previousEnd) : tok.span, label: label)
    }

    /// (`what` is only built when the token is missing: messages cost nothing on the normal path.)
    mutating func expect(_ k: TokenKind, _ what: @autoclosure () -> String? = nil) -> Token? {
        if let t = accept(k) { return t }
        expected(what() ?? k.display)
        return nil
    }

    @inline(__always) mutating func enter() -> Bool {
        depth += 1
        if depth >= Parser.maxDepth { return tooDeep() }
        return true
    }

    mutating func tooDeep() -> Bool {
        if depth == Parser.maxDepth {
            diagnostics.error("E0010", "nesting is too deep (more than \(Parser.maxDepth) levels)", at: tok.span)
        }
        return false
    }

    @inline(__always) mutating func leave() { depth -= 1 }

    /// Skips to the start of the next line at the current brace level, or to a closing brace.
    mutating func syncStatement() {
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

    mutating func skipSemicolons() { while accept(.semicolon) != nil {} }

    var isName: Bool { kind == .identifier || kind.isContextualName }

    // MARK: blocks

    /// While a function body is parsed: what it holds so far (`FuncDecl.plainBody`), or
    /// `.notPlain` once it holds more than plain statements. `.outside` outside function bodies.
    enum BodyState { case outside, plain(PlainBody), notPlain }
    var bodyState = BodyState.outside

    /// The parameters and locals in scope in a plain function body: reading one of them is not
    /// listed (only names that resolve outside the body are: `PlainBody.names`).
    var plainLocals: [String] = []

    /// A name read in a function body.
    @inline(__always) mutating func noteName(_ name: String) {
        guard case .plain = bodyState else { return }
        var k = plainLocals.count - 1
        while k >= 0 { if plainLocals[k] == name { return }; k -= 1 }
        // (the state is emptied while the name is added, so the list is not copied)
        if case .plain(var b) = bodyState { bodyState = .notPlain; b.note(name); bodyState = .plain(b) }
    }

    /// A local declared in a function body (in scope until its block ends).
    @inline(__always) mutating func noteLocal(_ name: String) {
        if case .plain = bodyState { plainLocals.append(name) }
    }

    /// Something in a function body that is not a plain statement.
    @inline(__always) mutating func noteNotPlain() {
        if case .plain = bodyState { bodyState = .notPlain }
    }

    /// A target of `=` in a function body: plain when a name or a name's element.
    mutating func noteTarget(_ e: Expr) {
        switch e.kind {
        case .identifier: return
        case .index(let base, _): if case .identifier = base.kind { return }
        default: break
        }
        noteNotPlain()
    }

    /// What `SourceAST.hasCells` and `namesFilterLists` report.
    var sawCell = false
    var sawFilterList = false
    /// What `SourceAST.mentionsTime` reports: set when a name spelled `time` is read.
    var sawTime = false
    /// How many interpolations enclose this parser's tokens (a sub-parser's is its parent's + 1).
    var interpolationDepth = 0

    /// Whether `name` is one of a layer's filter lists (a length test first: nearly no name is).
    public static func isFilterList(_ name: String) -> Bool {
        // A small string (up to 15 bytes) can only be `filters`: its words are compared with that
        // spelling's ("filters" little-endian, length 7), not the list (~85 instructions for
        // every 7-letter name such as `opacity`).
        if let (w0, w1) = SmallStringLayout.words(name) { return w0 == 0x0073_7265_746C_6966 && w1 == 7 << 56 }
        let n = name.utf8.count
        return (n == 7 || n == 17) && FilterKey.lists.contains(name)
    }

    public mutating func parseFile() -> SourceAST {
        var items: [Stmt] = []
        while true {
            skipSemicolons()
            if kind == .eof { break }
            if kind == .rbrace {
                diagnostics.error("E0103", "unexpected '}' with no block to close", at: tok.span)
                _ = advance()
                continue
            }
            let before = p
            items.append(parseStatement())
            if p == before { _ = advance() }
        }
        var ast = SourceAST(items: items)
        ast.hasCells = sawCell
        ast.namesFilterLists = sawFilterList
        ast.mentionsTime = sawTime
        return ast
    }

    /// `{ statement … }`; returns the statements and the closing brace's span.
    mutating func parseBlock(_ what: @autoclosure () -> String = "the block") -> ([Stmt], Span)? {
        guard let open = expect(.lbrace, "'{'") else { return nil }
        guard enter() else { leave(); skipBlock(); return ([], open.span) }
        // (a block's locals go out of scope at its end: `plainLocals`)
        let scope = plainLocals.count
        defer {
            leave()
            if plainLocals.count > scope { plainLocals.removeSubrange(scope...) }
        }
        var stmts: [Stmt] = []
        stmts.reserveCapacity(4)   // (most blocks hold a few statements: one allocation, not three)
        while true {
            skipSemicolons()
            if let close = accept(.rbrace) { return (stmts, close.span) }
            if kind == .eof {
                diagnostics.error("E0100", "expected '}' to close \(what())", at: Span(previousEnd, previousEnd),
                                  notes: ["the block opens on line \(file.location(of: open.span.start).line)"])
                return (stmts, Span(previousEnd, previousEnd))
            }
            let before = p
            stmts.append(parseStatement())
            if p == before { _ = advance() }
        }
    }

    /// Skips a balanced `{ … }` (after too-deep nesting).
    mutating func skipBlock() {
        var level = 1
        while kind != .eof, level > 0 {
            if kind == .lbrace { level += 1 } else if kind == .rbrace { level -= 1 }
            _ = advance()
        }
    }

    /// True when a dotted name followed by ':' starts here (a member line).
    @inline(__always) func atMember() -> Bool {
        var k = 0
        guard peekKind(0) == .identifier || peekKind(0).isContextualName else { return false }
        k = 1
        while peekKind(k) == .dot, peekKind(k + 1) == .identifier || peekKind(k + 1).isContextualName { k += 2 }
        return peekKind(k) == .colon
    }

    // MARK: statements

    mutating func parseStatement() -> Stmt {
        if case .plain = bodyState {
            switch kind {
            case .kwScene, .kwLayer, .kwFunc, .kwStyle, .kwAnimations, .kwActions, .kwAt, .kwAfter, .kwEvery, .kwOn,
                 .kwTransaction:
                noteNotPlain()
            default: break   // bindings, conditionals, loops, returns; expression statements below
            }
        }
        // Statements led by a contextual word (`mask`, `draw`, `animate` …): each is the word
        // followed by '{', a name or '('. Most lines start with a name followed by ':', '=' or
        // '.' (a member, an assignment), and skip the words' comparisons.
        if kind == .identifier {
            let next = peekKind(1)
            if next == .lbrace || next == .identifier || next == .lparen, let s = parseWordStatement() {
                noteNotPlain()
                return s
            }
        }
        if atMember() && !(kind == .kwLet || kind == .kwVar) {
            noteNotPlain()
            if let m = parseMember() { return .member(m) }
            let s = tok.span
            syncStatement()
            return .error(s)
        }
        switch kind {
        case .kwScene:
            let start = advance().span
            guard let (body, close) = parseBlock("the scene") else { syncStatement(); return .error(start) }
            var members: [Member] = []
            for s in body {
                if case .member(let m) = s { members.append(m) } else if case .error = s {} else {
                    diagnostics.error("E0104", "only settings ('name: value') belong in the scene block", at: s.span)
                }
            }
            return .scene(SceneDecl(members: members, span: start.to(close)))
        case .kwLayer:
            return parseLayer()
        case .kwLet, .kwVar:
            if let b = parseBinding() { return .binding(b) }
            return .error(tok.span)
        case .kwFunc:
            return parseFunction()
        case .kwStyle:
            let start = advance().span
            guard let n = accept(.identifier) else { expected("a style name after 'style'"); syncStatement(); return .error(start) }
            guard let (body, close) = parseBlock("the style") else { syncStatement(); return .error(start) }
            return .style(StyleDecl(name: Name(identifierText(n), span: n.span), body: body, span: start.to(close)))
        case .kwAnimations, .kwActions:
            let kw = advance()
            let source = file
            guard let (body, close) = parseBlock("'\(source.text(kw.span))'") else { syncStatement(); return .error(kw.span) }
            var members: [Member] = []
            for s in body {
                if case .member(let m) = s { members.append(m) } else if case .error = s {} else {
                    diagnostics.error("E0104", "only 'key: animation' entries belong in '\(text(kw))'", at: s.span)
                }
            }
            return kw.kind == .kwAnimations ? .animations(members, kw.span.to(close)) : .actions(members, kw.span.to(close))
        case .kwAt, .kwAfter, .kwEvery, .kwOn:
            return parseEvent()
        case .kwTransaction:
            let start = advance().span
            var args: [Arg] = []
            if kind == .lparen, !tok.afterNewline {
                _ = advance()
                args = parseArgs()
            }
            guard let (body, close) = parseBlock("the transaction") else { syncStatement(); return .error(start) }
            var completion: [Stmt]?
            var end = close
            if kind == .identifier, spelled(tok, "completion") {
                _ = advance()
                if let (c, cclose) = parseBlock("the completion handler") { completion = c; end = cclose }
            }
            return .transaction(args: args, body: body, completion: completion, span: start.to(end))
        case .kwIf:
            return parseIf()
        case .kwFor:
            let start = advance().span
            guard let v = accept(.identifier) else { expected("a loop variable after 'for'"); syncStatement(); return .error(start) }
            guard expect(.kwIn, "'in' after the loop variable") != nil else { syncStatement(); return .error(start) }
            let seq = parseExpr()
            let loopScope = plainLocals.count
            noteLocal(identifierText(v))   // (in scope in the body only)
            let parsed = parseBlock("the loop")
            if plainLocals.count > loopScope { plainLocals.removeSubrange(loopScope...) }
            guard let (body, close) = parsed else { syncStatement(); return .error(start) }
            return .forStmt(variable: Name(identifierText(v), span: v.span), sequence: seq, body: body, span: start.to(close))
        case .kwReturn:
            let start = advance().span
            if tok.afterNewline || kind == .rbrace || kind == .semicolon || kind == .eof { return .returnStmt(nil, span: start) }
            let e = parseExpr()
            return .returnStmt(e, span: start.to(e.span))
        default:
            // `while`, `repeat`, `loop`: CAL has no unbounded loops
            if kind == .identifier, spelled(tok, "while") || spelled(tok, "repeat") || spelled(tok, "loop"),
               ![.colon, .equal, .dot, .lparen, .lbracket, .plus, .minus, .star, .slash].contains(peekKind(1)) {
                let kw = advance()
                diagnostics.error("E0108", "CAL has no '\(text(kw))' loop", at: kw.span,
                                  label: "loop over a range with 'for i in 0..<n { … }', or repeat in time with 'every T { … }'")
                syncStatement()
                return .error(kw.span)
            }
            // `a, b` on one line: statements are separated by new lines or ';'
            if kind == .comma {
                let c = advance()
                diagnostics.error("E0100", "expected a new line or ';' between statements, found ','", at: c.span,
                                  label: "properties and statements are separated by new lines or ';', not commas")
                return .error(c.span)
            }
            // `x += 1`: Swift's compound assignment, read as `x = x + 1`
            if let opAt = compoundAssignmentOperator() {
                let target = parsePostfix()
                let opTok = advance()
                _ = advance()   // '='
                let v = parseExpr()
                let op: BinaryOp = [.plus: .add, .minus: .sub, .star: .mul, .slash: .div, .percent: .mod][opTok.kind] ?? .add
                _ = opAt
                noteTarget(target)
                let sum = Expr(.binary(op, target, v), target.span.to(v.span))
                return .assign(target: target, value: sum, span: target.span.to(v.span))
            }
            let startTok = tok
            let e = parseExpr()
            if case .error = e.kind { syncStatement(); return .error(startTok.span) }
            // `card.constraints { … }`: replaces a layer's constraints; `card.actions { … }` sets
            // entries of its actions
            if kind == .lbrace, case .member(let layer, let what) = e.kind, what.text == "constraints" || what.text == "actions" {
                noteNotPlain()
                if what.text == "actions" {
                    guard let (members, close) = parseEntries("actions", entry: "key: animation") else { syncStatement(); return .error(startTok.span) }
                    return .setActions(layer: layer, members, e.span.to(close))
                }
                guard let (members, close) = parseConstraintsBlock() else { syncStatement(); return .error(startTok.span) }
                return .setConstraints(layer: layer, members, e.span.to(close))
            }
            if accept(.equal) != nil {
                noteTarget(e)
                let v = parseExpr()
                return .assign(target: e, value: v, span: e.span.to(v.span))
            }
            // an expression statement is plain when it calls a named function
            if case .call(let callee, _) = e.kind, case .identifier = callee.kind {} else { noteNotPlain() }
            if kind == .colon {
                diagnostics.error("E0100", "expected a property name before ':'", at: tok.span)
                syncStatement()
                return .error(startTok.span)
            }
            if !tok.afterNewline, kind != .rbrace, kind != .semicolon, kind != .eof, isDottedName(e) {
                // `opacity 0.5`: a member missing its colon is the usual cause; `layr card { … }`:
                // a misspelt declaration keyword
                var label: String?
                if case .identifier(let word) = e.kind, kind == .identifier || kind == .string || kind == .lbrace {
                    label = suggestion(for: word, among: ["layer", "style", "func", "scene", "let", "var", "transaction", "every", "after", "property"])
                        .map { "did you mean '\($0)'?" }
                }
                expected("':' after '\(file.text(e.span))'", label: label)
                syncStatement()
                return .error(startTok.span)
            }
            return .expr(e)
        }
    }

    /// The `{ attribute: source.attribute … }` of a constraints block, at its '{'.
    mutating func parseConstraintsBlock() -> ([Member], Span)? {
        parseEntries("constraints", entry: "attribute: source.attribute")
    }

    /// A block of `name: value` entries (constraints, actions), at its '{'.
    mutating func parseEntries(_ what: String, entry: String) -> ([Member], Span)? {
        guard let (body, close) = parseBlock("'\(what)'") else { return nil }
        var members: [Member] = []
        for s in body {
            if case .member(let m) = s { members.append(m) } else if case .error = s {} else {
                diagnostics.error("E0104", "only '\(entry)' entries belong in '\(what)'", at: s.span)
            }
        }
        return (members, close)
    }

    /// The statement led by a contextual word at the current name, or nil (nothing consumed)
    /// when the name is no such word.
    mutating func parseWordStatement() -> Stmt? {
        // `mask { … }` or `mask shape { … }`: the enclosing layer's mask
        if kind == .identifier, spelled(tok, "mask"),
           peekKind(1) == .lbrace || (peekKind(1) == .identifier && peekKind(2) == .lbrace) {
            let start = advance().span
            var kindName: Name?
            if kind == .identifier { let t = advance(); kindName = Name(identifierText(t), span: t.span) }
            guard let (body, close) = parseBlock("the mask") else { syncStatement(); return .error(start) }
            var decl = LayerDecl(name: nil, kind: kindName, body: body, span: start.to(close))
            decl.isMask = true
            return .layer(decl)
        }
        // `property NAME: TYPE = VALUE`: a custom key–value property
        if kind == .identifier, spelled(tok, "property"), peekKind(1) == .identifier, peekKind(2) == .colon {
            let start = advance().span
            let n = advance()
            _ = advance()
            guard let type = parseType() else { syncStatement(); return .error(start) }
            guard expect(.equal, "'=' and the property's default value after its type") != nil else { syncStatement(); return .error(start) }
            let value = parseExpr()
            return .property(PropertyDecl(name: Name(identifierText(n), span: n.span), type: type, value: value, span: start.to(value.span)))
        }
        // `constraints { attribute: source.attribute … }`: the enclosing layer's CAConstraints
        if kind == .identifier, spelled(tok, "constraints"), peekKind(1) == .lbrace {
            let start = advance().span
            guard let (members, close) = parseConstraintsBlock() else { syncStatement(); return .error(start) }
            return .constraints(members, start.to(close))
        }
        // `draw { … }`: the enclosing layer's content
        if kind == .identifier, spelled(tok, "draw"), peekKind(1) == .lbrace {
            let start = advance().span
            guard let (body, close) = parseBlock("the draw block") else { syncStatement(); return .error(start) }
            return .draw(body: body, span: start.to(close))
        }
        // `cell NAME { … }`: an emitter cell
        if kind == .identifier, spelled(tok, "cell"), peekKind(1) == .identifier, peekKind(2) == .lbrace {
            let start = advance().span
            let n = advance()
            sawCell = true
            guard let (body, close) = parseBlock("the cell") else { syncStatement(); return .error(start) }
            return .cell(CellDecl(name: Name(identifierText(n), span: n.span), body: body, span: start.to(close)))
        }
        if atDynamics { return parseDynamics() }
        // UIKit's animation blocks
        if kind == .identifier, peekKind(1) == .lparen,
           spelled(tok, "animate") || spelled(tok, "animateKeyframes") || spelled(tok, "keyframe") || spelled(tok, "transition") {
            let kw = advance()
            _ = advance()
            let args = parseArgs()
            guard let (body, close) = parseBlock("the animation block") else { syncStatement(); return .error(kw.span) }
            var completion: [Stmt]?
            var finished: Name?
            var end = close
            if kind == .identifier, spelled(tok, "completion") {
                _ = advance()
                // UIKit's `completion: ^(BOOL finished)`: the flag's name
                if accept(.lparen) != nil {
                    if let n = expect(.identifier, "the name of the 'finished' flag") { finished = Name(identifierText(n), span: n.span) }
                    _ = expect(.rparen, "')'")
                }
                if let (c, cclose) = parseBlock("the completion handler") { completion = c; end = cclose }
            }
            return .animateBlock(kind: Name(identifierText(kw), span: kw.span), args: args, body: body, completion: completion,
                                 finished: finished, span: kw.span.to(end))
        }
        return nil
    }

    /// The position of the operator when the statement here is `target op= value` (`x += 1`,
    /// `a.position.x -= 5`, `xs[i] *= 2`): a name with members and indices, then `+ - * / %`
    /// directly followed by `=`.
    func compoundAssignmentOperator() -> Int? {
        guard isName else { return nil }
        var k = 1
        while true {
            if peekKind(k) == .dot, peekKind(k + 1) == .identifier || peekKind(k + 1).isContextualName { k += 2; continue }
            if peekKind(k) == .lbracket {
                var depth = 0
                repeat {
                    if peekKind(k) == .lbracket { depth += 1 } else if peekKind(k) == .rbracket { depth -= 1 }
                    if peekKind(k) == .eof { return nil }
                    k += 1
                } while depth > 0
                continue
            }
            break
        }
        switch peekKind(k) {
        case .plus, .minus, .star, .slash, .percent: break
        default: return nil
        }
        guard peekKind(k + 1) == .equal,
              peek(k).span.end == peek(k + 1).span.start else { return nil }
        return k
    }

    func isDottedName(_ e: Expr) -> Bool {
        switch e.kind {
        case .identifier: return true
        case .member(let base, _): return isDottedName(base)
        default: return false
        }
    }

    mutating func parseIf() -> Stmt {
        let start = advance().span
        let cond = parseExpr()
        guard let (body, close) = parseBlock("the 'if' block") else { syncStatement(); return .error(start) }
        var otherwise: [Stmt]?
        var end = close
        if accept(.kwElse) != nil {
            if kind == .kwIf {
                let nested = parseIf()
                otherwise = [nested]
                end = nested.span
            } else if let (e, eclose) = parseBlock("the 'else' block") {
                otherwise = e
                end = eclose
            }
        }
        return .ifStmt(condition: cond, then: body, otherwise: otherwise, span: start.to(end))
    }

    mutating func parseEvent() -> Stmt {
        let kw = advance()
        let trigger: Trigger
        switch kw.kind {
        case .kwAt: trigger = .at(parseExpr())
        case .kwAfter: trigger = .after(parseExpr())
        case .kwEvery:
            if kind == .identifier, spelled(tok, "frame") {
                _ = advance()
                trigger = .frame
            } else {
                let interval = parseExpr()
                var from: Expr?, until: Expr?
                while kind == .identifier, spelled(tok, "from") || spelled(tok, "until") {
                    let w = text(advance())
                    if w == "from" { from = parseExpr() } else { until = parseExpr() }
                }
                trigger = .every(interval, from: from, until: until)
            }
        default:
            // on LAYER.KEY.didStart / on LAYER.KEY.didStop(finished), or LAYER[KEY] with a string
            // expression for KEY
            let e = parsePostfix()
            if let t = contactTrigger(e) { trigger = t; break }
            var callee = e
            var finished: Name?
            var hadArgs = false
            if case .call(let c, let args) = e.kind {
                callee = c
                hadArgs = true
                if args.count == 1, args[0].label == nil, case .identifier(let n) = args[0].value.kind {
                    finished = Name([n], span: args[0].value.span)
                } else if !args.isEmpty {
                    diagnostics.error("E0105", "didStop takes one name for the finished flag, e.g. 'didStop(finished)'", at: e.span)
                }
            }
            let layerAndKey: (Expr, HandlerKey)?
            switch callee.kind {
            case .member(let inner, _):
                switch inner.kind {
                case .member(let layer, let key): layerAndKey = (layer, .name(key))
                case .index(let layer, let key): layerAndKey = (layer, .computed(key))
                default: layerAndKey = nil
                }
            default: layerAndKey = nil
            }
            guard case .member(_, let what) = callee.kind, let (layer, key) = layerAndKey,
                  what.text == "didStart" || what.text == "didStop" else {
                diagnostics.error("E0105", "expected 'on LAYER.KEY.didStart' or 'on LAYER.KEY.didStop(finished)'", at: e.span)
                syncStatement()
                if kind == .lbrace { skipBlockAt() }
                return .error(kw.span)
            }
            if what.text == "didStart" {
                if hadArgs { diagnostics.error("E0105", "didStart takes no arguments", at: e.span) }
                trigger = .didStart(layer: layer, key: key)
            } else {
                trigger = .didStop(layer: layer, key: key, finished: finished)
            }
        }
        guard let (body, close) = parseBlock("the handler") else { syncStatement(); return .error(kw.span) }
        return .event(EventDecl(trigger: trigger, keyword: kw.span, body: body, span: kw.span.to(close)))
    }

    mutating func skipBlockAt() {
        if accept(.lbrace) != nil { skipBlock() }
    }

    mutating func parseType() -> TypeExpr? {
        if let open = accept(.lbracket) {
            guard let inner = parseType() else { return nil }
            guard let close = expect(.rbracket, "']' to close the array type") else { return nil }
            return .array(inner, open.span.to(close.span))
        }
        if isName || kind == .kwLayer {   // `layer` is a keyword and a type ([layer] for dynamics items)
            let t = advance()
            return .named(Name(identifierText(t), span: t.span))
        }
        expected("a type (number, duration, angle, bool, string, point, size, rect, color, transform, timing, animation, layer or [type])")
        return nil
    }

    mutating func parseBinding() -> Binding? {
        let kw = advance()
        let source = file
        guard let nameTok = expect(.identifier, "a name after '\(source.text(kw.span))'") else { syncStatement(); return nil }
        let name = Name(identifierText(nameTok), span: nameTok.span)
        var type: TypeExpr?
        if accept(.colon) != nil {
            type = parseType()
            if type == nil { syncStatement(); return nil }
        }
        guard expect(.equal, "'=' after the name") != nil else { syncStatement(); return nil }
        let value = parseExpr()
        noteLocal(name.first)   // (after its value: there the name is still the outer one)
        return Binding(isVar: kw.kind == .kwVar, name: name, type: type, value: value, span: kw.span.to(value.span))
    }

    mutating func parseFunction() -> Stmt {
        let start = advance().span
        guard let n = expect(.identifier, "a function name after 'func'") else { syncStatement(); return .error(start) }
        guard expect(.lparen, "'(' after the function name") != nil else { syncStatement(); return .error(start) }
        var params: [Param] = []
        if accept(.rparen) == nil {
            while true {
                guard let pn = expect(.identifier, "a parameter name") else { syncStatement(); return .error(start) }
                guard expect(.colon, "':' and a type after the parameter name") != nil, let t = parseType() else { syncStatement(); return .error(start) }
                params.append(Param(name: Name(identifierText(pn), span: pn.span), type: t))
                if accept(.comma) != nil { continue }
                if accept(.rparen) != nil { break }
                expected("',' or ')' in the parameter list")
                syncStatement()
                return .error(start)
            }
        }
        var result: TypeExpr?
        if accept(.arrow) != nil {
            result = parseType()
            if result == nil { syncStatement(); return .error(start) }
        }
        let outer = bodyState, outerLocals = plainLocals
        bodyState = .plain(PlainBody())
        plainLocals = params.map { $0.name.first }
        defer { bodyState = outer; plainLocals = outerLocals }
        guard let (body, close) = parseBlock("the function") else { syncStatement(); return .error(start) }
        var plain: PlainBody?
        if case .plain(let b) = bodyState { plain = b }
        return .function(FuncDecl(name: Name(identifierText(n), span: n.span), params: params, result: result, body: body,
                                  span: start.to(close), plainBody: plain))
    }

    mutating func parseDottedName() -> Name? {
        guard isName else { return nil }
        let first = advance()
        var name = Name(identifierText(first), span: first.span)
        while kind == .dot, peekKind(1) == .identifier || peekKind(1).isContextualName {
            _ = advance()
            let t = advance()
            name.rest.append(identifierText(t))
            name.span = name.span.to(t.span)
        }
        return name
    }

    mutating func parseMember() -> Member? {
        guard let name = parseDottedName() else {
            expected("a property name")
            return nil
        }
        guard expect(.colon, "':' after '\(name.text)'") != nil else { return nil }
        if name.rest.isEmpty, Parser.isFilterList(name.first) { sawFilterList = true }
        let value = parseExpr()
        return Member(name: name, value: value, span: name.span.to(value.span))
    }

    mutating func parseLayer() -> Stmt {
        let start = advance().span
        var name: LayerName?
        var kindName: Name?
        if kind == .identifier {
            let t = advance()
            name = .identifier(Name(identifierText(t), span: t.span))
        } else if kind == .string {
            name = .dynamic(parsePrimary())
        }
        if accept(.colon) != nil {
            if isName { let t = advance(); kindName = Name(identifierText(t), span: t.span) } else { expected("a layer kind after ':'") }
        }
        if kind != .lbrace {
            // a typical slip: `layer card` followed by a property on the next line
            expected("'{' to start the layer's body")
            syncStatement()
            return .error(start)
        }
        guard let (body, close) = parseBlock("the layer") else { syncStatement(); return .error(start) }
        return .layer(LayerDecl(name: name, kind: kindName, body: body, span: start.to(close)))
    }

    /// Arguments after '(' up to and including ')': `a, label: b`.
    mutating func parseArgs() -> [Arg] {
        var args: [Arg] = []
        if accept(.rparen) != nil { return args }
        while true {
            var label: Name?
            if isName, peekKind(1) == .colon {
                let t = advance()
                label = Name(identifierText(t), span: t.span)
                _ = advance()
            }
            let v = parseExpr()
            args.append(Arg(label: label, value: v))
            if accept(.comma) != nil { continue }
            if accept(.rparen) != nil { return args }
            expected("',' or ')' in the argument list")
            syncStatement()
            return args
        }
    }

    // MARK: expressions

    public mutating func parseExpr() -> Expr {
        guard enter() else { leave(); let s = tok.span; syncStatement(); return Expr(.error, s) }
        defer { leave() }
        if atLeaf {
            let next = peekKind(1)
            if Parser.precedence(next) == nil, next != .dotDotLess, next != .dotDotDot, next != .question { return parseLeaf() }
        }
        let lhs = parseBinary(0)
        if kind == .question, case .error = lhs.kind {
            // (a broken condition was reported: skip the rest of the conditional quietly)
            syncStatement()
            return lhs
        }
        if kind == .question {
            // `cond ? a : b`, right-associative: `a ? b : c ? d : e` is `a ? b : (c ? d : e)`
            _ = advance()
            let then = parseExpr()
            guard expect(.colon, "':' between the two values of '? :'") != nil else { return Expr(.error, lhs.span.to(then.span)) }
            let otherwise = parseExpr()
            return Expr(.conditional(lhs, then, otherwise), lhs.span.to(otherwise.span))
        }
        if kind == .dotDotLess || kind == .dotDotDot {
            let inclusive = advance().kind == .dotDotDot
            let rhs = parseBinary(0)
            return Expr(.range(lhs, rhs, inclusive: inclusive), lhs.span.to(rhs.span))
        }
        return lhs
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

    /// Each operator of a chain (`a + b + c …`) nests the tree one level deeper, so a chain counts
    /// towards the nesting limit like parentheses do: later stages recurse over the tree.
    mutating func parseBinary(_ minPrec: Int) -> Expr {
        var lhs = parseUnary()
        var levels = 0
        defer { for _ in 0..<levels { leave() } }
        while let (prec, op) = Parser.precedence(kind), prec > minPrec {
            _ = advance()
            if op == .mod, case .number = lhs.kind, kind == .rbrace || kind == .rparen || kind == .comma || kind == .semicolon || kind == .eof {
                // `opacity: 50%`: a percentage where CAL wants a fraction
                expected("a value after '%'", label: "CAL has no percentages: write a fraction, e.g. 0.5 for 50%")
                return Expr(.error, lhs.span)
            }
            levels += 1
            guard enter() else {
                // skip the rest of the chain without building it (one error for the whole chain)
                var end = lhs.span
                repeat { end = end.to(parseUnary().span) } while Parser.precedence(kind) != nil && advance().kind != .eof
                return Expr(.error, end)
            }
            // (a leaf that no tighter operator follows is the whole right operand: made here, as
            // the call below would make it)
            let rhs = atLeaf && (Parser.precedence(peekKind(1))?.0 ?? 0) <= prec ? parseLeaf() : parseBinary(prec)
            lhs = Expr(.binary(op, lhs, rhs), lhs.span.to(rhs.span))
        }
        return lhs
    }

    mutating func parseUnary() -> Expr {
        if kind == .minus || kind == .bang {
            let t = advance()
            guard enter() else {
                leave()
                // skip the rest of the prefix run and its operand (one error for the whole run)
                while kind == .minus || kind == .bang { _ = advance() }
                return Expr(.error, t.span.to(parsePostfix().span))
            }
            let operand = parseUnary()
            leave()
            return Expr(.unary(t.kind == .minus ? .neg : .not, operand), t.span.to(operand.span))
        }
        if atLeaf { return parseLeaf() }
        return parsePostfix()
    }

    /// At a number or a name that is a whole operand: not followed by `.`, `[` or `(` (postfix
    /// operators), nor a name by `{` (`basic { … }`). Most operands and arguments are such leaves, and
    /// `parseLeaf` makes their node without going down through `parseBinary`, `parseUnary`,
    /// `parsePostfix` and `parsePrimary`, which would make the same node.
    var atLeaf: Bool {
        @inline(__always) get {
            guard kind == .number || kind == .identifier else { return false }
            let next = peekKind(1)
            return next != .dot && next != .lbracket && next != .lparen && (next != .lbrace || kind == .number)
        }
    }

    /// The node for the leaf at `atLeaf`, as `parsePrimary` makes it.
    mutating func parseLeaf() -> Expr {
        let t = advance()
        if t.kind == .number { return numberLiteral(t) }
        let name = identifierText(t)
        noteName(name)
        return Expr(.identifier(name), t.span)
    }

    /// Each `.name`, call and index nests the tree one level deeper (later stages recurse over it),
    /// so a postfix chain counts towards the nesting limit.
    mutating func parsePostfix() -> Expr {
        var e = parsePrimary()
        var levels = 0
        defer { for _ in 0..<levels { leave() } }
        var failed = false
        while true {
            if kind == .dot || kind == .lbracket || (kind == .lparen && !tok.afterNewline), !failed {
                levels += 1
                if !enter() { failed = true; e = Expr(.error, e.span) }
            }
            if kind == .dot, peekKind(1) == .identifier || peekKind(1).isContextualName {
                _ = advance()
                let t = advance()
                let name = identifierText(t)
                if Parser.isFilterList(name) { sawFilterList = true }
                if case .plain(var b) = bodyState {
                    // key paths main may still add to (filters, emitter cells) are not plain
                    if Parser.isFilterList(name) || name == "compositingFilter" || name == "emitterCells" {
                        bodyState = .notPlain
                    } else if !b.readsMembers {
                        bodyState = .notPlain; b.readsMembers = true; bodyState = .plain(b)
                    }
                }
                e = Expr(.member(e, Name(name, span: t.span)), e.span.to(t.span))
            } else if kind == .lparen, !tok.afterNewline {
                _ = advance()
                if case .member = e.kind { noteNotPlain() }   // a method call
                let args = parseArgs()
                e = Expr(.call(e, args), e.span.to(Span(previousEnd, previousEnd)))
            } else if kind == .lbracket, !tok.afterNewline {
                _ = advance()
                let i = parseExpr()
                let close = expect(.rbracket, "']' to close the index")
                e = Expr(.index(e, i), e.span.to(close?.span ?? i.span))
            } else {
                return e
            }
            if failed { e = Expr(.error, e.span) }
        }
    }

    mutating func parsePrimary() -> Expr {
        let t = tok
        switch kind {
        case .number:
            _ = advance()
            return numberLiteral(t)
        case .string:
            _ = advance()
            return stringLiteral(t)
        case .hexColor:
            _ = advance()
            let hex = String(text(t).dropFirst())
            return Expr(Color(hex: hex).map { .color($0) } ?? .error, t.span)
        case .kwTrue: _ = advance(); return Expr(.bool(true), t.span)
        case .kwFalse: _ = advance(); return Expr(.bool(false), t.span)
        case .kwNone: _ = advance(); return Expr(.none, t.span)
        case .dot:
            _ = advance()
            if isName {
                let n = advance()
                return Expr(.enumCase(identifierText(n)), t.span.to(n.span))
            }
            expected("a case name after '.'")
            return Expr(.error, t.span)
        case .identifier:
            _ = advance()
            let name = identifierText(t)
            if kind == .lbrace, Parser.animationKinds.contains(name) {
                noteNotPlain()
                guard let (body, close) = parseBlock("the \(name) animation") else { return Expr(.error, t.span) }
                return Expr(.animation(kind: Name([name], span: t.span), body: body), t.span.to(close))
            }
            noteName(name)
            return Expr(.identifier(name), t.span)
        case .lbracket:
            _ = advance()
            var elems: [Expr] = []
            elems.reserveCapacity(4)
            if let close = accept(.rbracket) { return Expr(.array([]), t.span.to(close.span)) }
            while true {
                elems.append(parseExpr())
                if accept(.comma) != nil {
                    if let close = accept(.rbracket) { return Expr(.array(elems), t.span.to(close.span)) }
                    continue
                }
                if let close = accept(.rbracket) { return Expr(.array(elems), t.span.to(close.span)) }
                expected("',' or ']' in the array")
                syncStatement()
                return Expr(.error, t.span)
            }
        case .lparen:
            _ = advance()
            var elems: [Expr] = []
            elems.reserveCapacity(4)
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
                syncStatement()
                return Expr(.error, t.span)
            }
        default:
            if kind.isContextualName {
                _ = advance()
                let name = identifierText(t)
                noteName(name)
                return Expr(.identifier(name), t.span)
            }
            expected("a value")
            return Expr(.error, t.span)
        }
    }

    /// The number token `t` as a value with its unit (an error node for one out of range or with
    /// an unknown unit).
    mutating func numberLiteral(_ t: Token) -> Expr {
        if let v = Literals.plainNumber(bytes, t.span.start, t.span.end) { return Expr(.number(v, unit: ""), t.span) }
        guard let (v, unit) = Literals.number(bytes, t.span.start, t.span.end) else {
            let s = text(t)
            diagnostics.error("E0011", "number '\(s)' is out of range", at: t.span)
            return Expr(.error, t.span)
        }
        if !Parser.units.contains(unit) {
            let s = text(t)
            diagnostics.error("E0009", "unknown unit '\(unit)' in '\(s)'", at: t.span,
                              label: suggestion(for: unit, among: Parser.units.dropFirst()).map { "did you mean '\($0)'?" } ?? "units are s, ms, deg and rad")
            return Expr(.error, t.span)
        }
        return Expr(.number(v, unit: unit), t.span)
    }

    /// A string literal, split into text and `\( … )` expressions (each parsed by a sub-parser over
    /// its byte range, so spans stay true to the file).
    mutating func stringLiteral(_ t: Token) -> Expr {
        let b = file.bytes
        var i = t.span.start + 1
        let end = max(i, t.span.end - (t.span.end - t.span.start >= 2 && b[t.span.end - 1] == UInt8(ascii: "\"") ? 1 : 0))
        var parts: [StringPart] = []
        var chunkStart = i
        var hasInterpolation = false
        func flush(_ upTo: Int, into parts: inout [StringPart], diags: inout DiagnosticBag) {
            guard upTo > chunkStart else { return }
            let raw = "\"" + file.text(Span(chunkStart, upTo)) + "\""
            let (s, errs) = Literals.string(raw)
            for e in errs { diags.error("E0012", e, at: Span(chunkStart, upTo)) }
            parts.append(.text(s))
        }
        while i < end {
            if b[i] == UInt8(ascii: "\\"), i + 1 < end, b[i + 1] == UInt8(ascii: "(") {
                // too deep: the lexer reported E0010 once and skipped the line; no descent
                if interpolationDepth >= Lexer.maxInterpolationDepth { return Expr(.error, t.span) }
                hasInterpolation = true
                flush(i, into: &parts, diags: &diagnostics)
                let exprStart = i + 2
                var j = exprStart
                var level = 1
                while j < end {
                    if b[j] == UInt8(ascii: "(") { level += 1 } else if b[j] == UInt8(ascii: ")") {
                        level -= 1
                        if level == 0 { break }
                    } else if b[j] == UInt8(ascii: "\"") {
                        // skip a nested string literal
                        j += 1
                        while j < end, b[j] != UInt8(ascii: "\"") { j += b[j] == UInt8(ascii: "\\") ? 2 : 1 }
                    }
                    j += 1
                }
                let (subTokens, subLex) = Lexer.tokenize(file, range: exprStart..<min(j, end), interpolationDepth: interpolationDepth + 1)
                var sub = Parser(file: file, tokens: subTokens)
                sub.depth = depth
                sub.interpolationDepth = interpolationDepth + 1
                let e = sub.parseExpr()
                if sub.sawTime { sawTime = true }
                if sub.sawFilterList { sawFilterList = true }
                diagnostics.append(contentsOf: subLex)
                diagnostics.append(contentsOf: sub.diagnostics)
                if sub.kind != .eof {
                    diagnostics.error("E0100", "expected ')' to end the interpolation", at: sub.tok.span)
                }
                if case .error = e.kind {} else if exprStart == j {
                    diagnostics.error("E0102", "empty interpolation", at: Span(i, j + 1))
                } else { parts.append(.expr(e)) }
                i = j + 1
                chunkStart = i
                continue
            }
            i += b[i] == UInt8(ascii: "\\") ? 2 : 1
        }
        if !hasInterpolation {
            let (s, errs) = Literals.string(text(t))
            for e in errs { diagnostics.error("E0012", e, at: t.span) }
            return Expr(.string(s), t.span)
        }
        flush(min(i, end), into: &parts, diags: &diagnostics)
        noteNotPlain()   // (the interpolated expressions' names are the sub-parser's)
        return Expr(.interpolated(parts), t.span)
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
