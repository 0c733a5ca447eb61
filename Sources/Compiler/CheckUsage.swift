// Warnings about declarations: names never used (W0010), local names that shadow an enclosing
// declaration (W0011), and statements after a `return` that never run (W0012).
//
// Every name resolution goes through `lookup` (or, for calls and styles, `call` and `styleInfo`),
// which records the declaration it found by the start of its span. Declarations that can go
// unused — top-level and local `let`/`var`, functions, styles — are listed as they are checked;
// at the end of checking, those never found are reported. A name starting with `_` is exempt.
// Layers are not: declaring a layer puts it on screen, which is its use.

import CalcCore
import Parser

/// A declaration that should be used somewhere.
struct UsageRecord {
    var name: String
    var span: Span
    /// "constant", "variable", "function", "style" — for the message.
    var what: String
}

extension Checker {
    func markUsed(_ s: Symbol?) {
        if let s { usedDeclarations.insert(s.span.start) }
    }

    /// Whether a name is exempt from W0010 and W0011 (starts with `_`). The first byte first:
    /// `hasPrefix` compares by Character, ~90 instructions a name, and can only be true when the
    /// first byte is '_' (no other character is canonically equivalent to it).
    static func isExempt(_ name: String) -> Bool {
        name.utf8.first == UInt8(ascii: "_") && name.hasPrefix("_")
    }

    func expectUse(_ name: String, _ span: Span, _ what: String) {
        guard !Checker.isExempt(name) else { return }
        declarationsToUse.append(UsageRecord(name: name, span: span, what: what))
    }

    /// W0010 for each listed declaration never looked up (called at the end of checking).
    func reportUnused() {
        // code the parser skipped may well use them: no guesses after a syntax error
        guard !syntaxErrors else { return }
        for d in declarationsToUse where !usedDeclarations.contains(d.span.start) {
            let verb = d.what == "function" ? "called" : d.what == "style" ? "applied" : "used"
            diags.warning("W0010", "\(d.what) '\(d.name)' is never \(verb)", at: d.span,
                          label: "remove it, or start its name with '_' to keep it")
        }
    }

    /// W0011 when a local `let`/`var` hides a name declared in an enclosing scope, function or the
    /// top level. Side-effect free (unlike `resolve`, which captures).
    func warnIfShadowing(_ name: String, at span: Span) {
        guard !Checker.isExempt(name) else { return }
        var previous: Span?
        var f: FunctionState? = fn
        var innermost = true
        search: while let cur = f {
            // (scopes read in place by index: iterating them copied each one)
            var level = cur.scopes.count - (innermost ? 2 : 1)
            while level >= 0 {
                if let s = cur.scopes[level].lookup(name) { previous = s.span; break search }
                level -= 1
            }
            innermost = false
            f = cur.parent
        }
        if previous == nil { previous = global(name)?.span ?? topLevel[name]?.span }
        guard let previous, previous != span else { return }
        diags.warning("W0011", "'\(name)' shadows the declaration on line \(line(previous))", at: span,
                      label: "give it another name, or the outer '\(name)' cannot be reached here")
    }

    /// W0012 for the first statement after a `return` in the same block.
    func warnUnreachable(_ stmts: [Stmt]) {
        guard let r = stmts.firstIndex(where: { if case .returnStmt = $0 { return true } else { return false } }),
              r + 1 < stmts.count else { return }
        diags.warning("W0012", "this code never runs: it follows a 'return'", at: stmts[r + 1].span)
    }
}
