// Type rules: which value types convert to which, and how units combine in arithmetic. A plain
// number is accepted where a duration (seconds) or an angle (radians) is expected, as Core
// Animation's own APIs take plain CGFloats there; a duration is never accepted as an angle, nor
// either as a plain number.

import CalcCore

extension ValueType {
    /// `self == .error` without a call to the derived `==`.
    var isError: Bool { if case .error = self { return true } else { return false } }
}

enum TypeRules {
    /// Whether a value of type `found` may be used where `expected` is required.
    static func assignable(_ found: ValueType, to expected: ValueType) -> Bool {
        // (matched by case before the derived `==`, which is a call: this runs for every value checked)
        switch (found, expected) {
        case (.error, _), (_, .error): return true
        case (.number(let f), .number(let e)): return f == e || f == .scalar
        default: return found == expected
        }
    }

    /// Result dimension of `a op b` for numbers, or nil when the units do not combine.
    static func numberResult(_ op: ArithOp, _ a: Dimension, _ b: Dimension) -> Dimension? {
        switch op {
        case .add, .sub, .mod:
            if a == b { return a }
            if a == .scalar { return b }
            if b == .scalar { return a }
            return nil
        case .mul:
            if a == .scalar { return b }
            if b == .scalar { return a }
            return nil
        case .div:
            if b == .scalar { return a }
            if a == b { return .scalar }
            return nil
        }
    }

    /// Result type of arithmetic on two structured or numeric types, or nil when not defined.
    static func arithResult(_ op: ArithOp, _ a: ValueType, _ b: ValueType) -> ValueType? {
        if a.isError || b.isError { return .error }
        switch (a, b) {
        case let (.number(x), .number(y)): return numberResult(op, x, y).map { .number($0) }
        case (.point, .point), (.size, .size), (.rect, .rect), (.color, .color):
            return op == .add || op == .sub ? a : nil
        case (.point, .number(.scalar)), (.size, .number(.scalar)), (.rect, .number(.scalar)):
            return op == .mul || op == .div ? a : nil
        case (.number(.scalar), .point), (.number(.scalar), .size), (.number(.scalar), .rect):
            return op == .mul ? b : nil
        case (.transform, .transform): return op == .mul ? .transform : nil
        case (.string, .string): return op == .add ? .string : nil
        case (.path, .path): return op == .add ? .path : nil
        default: return nil
        }
    }

    /// "a number", "a duration", "an angle" … for messages.
    static func article(_ t: ValueType) -> String {
        let d = t.description
        if t == .error { return "an invalid value" }
        return (["a", "e", "i", "o", "u"].contains(d.first.map(String.init) ?? "") ? "an " : "a ") + d
    }
}
