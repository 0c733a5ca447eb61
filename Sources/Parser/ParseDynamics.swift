// `dynamics { … }`: a block of UIKit Dynamics behaviours, each written `KIND NAME { field: value … }`
// like a small layer. The parser only shapes them; the kinds, fields and values are the checker's
// (Sources/Compiler/CheckDynamics.swift), so an unknown kind gets a "did you mean" there.

import CalcCore

/// `gravity g { items: [ball]  magnitude: 1 }` inside a `dynamics` block.
public struct BehaviorDecl: Sendable {
    public var kind: Name
    public var name: Name
    public var members: [Member]
    public var span: Span
}

/// `dynamics { behaviour … }`
public struct DynamicsDecl: Sendable {
    public var behaviors: [BehaviorDecl]
    public var span: Span
}

extension Parser {
    /// True at `dynamics {`.
    /// (Compared as bytes: building the token's String for every statement that starts with a
    /// name was 5% of parsing.)
    var atDynamics: Bool { kind == .identifier && spelled(tok, "dynamics") && peekKind(1) == .lbrace }

    /// `dynamics { KIND NAME { members } … }`, at `dynamics`.
    mutating func parseDynamics() -> Stmt {
        let start = advance().span
        guard let (body, close) = parseDynamicsBody() else { syncStatement(); return .error(start) }
        return .dynamics(DynamicsDecl(behaviors: body, span: start.to(close)))
    }

    mutating func parseDynamicsBody() -> ([BehaviorDecl], Span)? {
        guard let open = expect(.lbrace, "'{'") else { return nil }
        guard enter() else { leave(); skipBlock(); return ([], open.span) }
        defer { leave() }
        var out: [BehaviorDecl] = []
        while true {
            skipSemicolons()
            if let close = accept(.rbrace) { return (out, close.span) }
            if kind == .eof {
                diagnostics.error("E0100", "expected '}' to close the dynamics block", at: Span(previousEnd, previousEnd),
                                  notes: ["the block opens on line \(file.location(of: open.span.start).line)"])
                return (out, Span(previousEnd, previousEnd))
            }
            let before = p
            if let b = parseBehavior() { out.append(b) }
            if p == before { _ = advance() }
        }
    }

    /// `KIND NAME { members }`; nil (after a diagnostic and resynchronising) when it is not one.
    mutating func parseBehavior() -> BehaviorDecl? {
        guard isName, peekKind(1) == .identifier, peekKind(2) == .lbrace else {
            diagnostics.error("E0500", "expected a behaviour such as 'gravity fall { items: [ball] }'", at: tok.span,
                              label: "only behaviours belong in a 'dynamics' block")
            syncStatement()
            if kind == .lbrace { _ = advance(); skipBlock() }
            return nil
        }
        let k = advance()
        let n = advance()
        guard let (stmts, close) = parseBlock("the behaviour") else { syncStatement(); return nil }
        var members: [Member] = []
        for s in stmts {
            if case .member(let m) = s { members.append(m) } else if case .error = s {} else {
                diagnostics.error("E0500", "only settings ('name: value') belong in a behaviour", at: s.span)
            }
        }
        return BehaviorDecl(kind: Name([text(k)], span: k.span), name: Name([text(n)], span: n.span),
                            members: members, span: k.span.to(close))
    }

    /// The contact trigger of `on NAME.beganContact(item, partner, point)` / `endedContact`, from the
    /// expression after `on`; nil when it is not one.
    mutating func contactTrigger(_ e: Expr) -> Trigger? {
        var callee = e
        var args: [Arg] = []
        if case .call(let c, let a) = e.kind { callee = c; args = a }
        guard case .member(let base, let what) = callee.kind, what.text == "beganContact" || what.text == "endedContact",
              case .identifier(let b) = base.kind else { return nil }
        var names: [Name] = []
        for a in args {
            if a.label == nil, case .identifier(let n) = a.value.kind { names.append(Name([n], span: a.value.span)) } else {
                diagnostics.error("E0511", "\(what.text) takes names for the item, its partner and the contact point, e.g. '\(what.text)(item, partner, point)'",
                                  at: a.value.span)
            }
        }
        if names.count > 3 {
            diagnostics.error("E0511", "\(what.text) takes at most three names: the item, its partner and the contact point",
                              at: names[3].span)
            names = Array(names.prefix(3))
        }
        return .contact(behavior: Name([b], span: base.span), began: what.text == "beganContact", names: names)
    }
}
