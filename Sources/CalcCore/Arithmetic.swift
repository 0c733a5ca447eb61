// Arithmetic on values, shared by the compiler's constant folder and the VM so that a folded
// constant and the same expression computed at run time give bit-identical results.

import Foundation

public enum ArithOp: UInt8, Sendable { case add, sub, mul, div, mod }

public enum ArithError: Error, Equatable {
    case divisionByZero
    case unsupported(String)
}

extension Value {
    /// False when a number, or a component of a point, size, rect, colour, transform, timing curve
    /// or path, is infinite or NaN (arrays: any element). Such values are refused where geometry is
    /// set (docs/semantics.md, "Numbers that are not finite").
    public var hasOnlyFiniteNumbers: Bool {
        switch self {
        case .number(let x): return x.isFinite
        case .point(let p): return p.x.isFinite && p.y.isFinite
        case .size(let s): return s.width.isFinite && s.height.isFinite
        case .rect(let r): return r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
        case .color(let c): return c.r.isFinite && c.g.isFinite && c.b.isFinite && c.a.isFinite
        case .transform(let m): return m.elements.allSatisfy { $0.isFinite }
        case .timing(let t): return t.x1.isFinite && t.y1.isFinite && t.x2.isFinite && t.y2.isFinite
        case .path(let p): return p.isFinite
        case .array(let xs): return xs.allSatisfy { $0.hasOnlyFiniteNumbers }
        default: return true
        }
    }

    public var typeName: String {
        switch self {
        case .none: return "nil"
        case .number: return "number"
        case .bool: return "bool"
        case .point: return "point"
        case .size: return "size"
        case .rect: return "rect"
        case .color: return "color"
        case .string: return "string"
        case .timing: return "timing function"
        case .transform: return "transform"
        case .enumCase: return "enumeration case"
        case .layer: return "layer"
        case .animation: return "animation"
        case .array: return "array"
        case .path: return "path"
        case .image: return "image"
        }
    }

    /// `a op b` for numbers, component-wise structures, scaling by a number, and transform concatenation.
    public static func arith(_ op: ArithOp, _ a: Value, _ b: Value) throws(ArithError) -> Value {
        switch (a, b) {
        case let (.number(x), .number(y)):
            switch op {
            case .add: return .number(x + y)
            case .sub: return .number(x - y)
            case .mul: return .number(x * y)
            case .div:
                if y == 0 { throw .divisionByZero }
                return .number(x / y)
            case .mod:
                if y == 0 { throw .divisionByZero }
                let r = fmod(x, y)
                return .number(r != 0 && (r < 0) != (y < 0) ? r + y : r)
            }
        case (.transform(let m), .transform(let n)) where op == .mul:
            return .transform(m.concat(n))
        case (.point, .point), (.size, .size), (.rect, .rect), (.color, .color):
            switch op {
            case .add: return Value.add(a, b)
            case .sub: return Value.subtract(a, b)
            default: break
            }
        case (.point, .number(let k)), (.size, .number(let k)), (.rect, .number(let k)):
            if op == .mul { return Value.scale(a, by: k) }
            if op == .div {
                if k == 0 { throw .divisionByZero }
                return Value.scale(a, by: 1 / k)
            }
        case (.number(let k), .point), (.number(let k), .size), (.number(let k), .rect):
            if op == .mul { return Value.scale(b, by: k) }
        case let (.string(x), .string(y)) where op == .add:
            return .string(x + y)
        case let (.array(x), .array(y)) where op == .add:
            return .array(x + y)
        case let (.path(x), .path(y)) where op == .add:
            return .path(x + y)
        default: break
        }
        let sym = ["+", "-", "*", "/", "%"][Int(op.rawValue)]
        throw .unsupported("cannot apply '\(sym)' to \(a.typeName) and \(b.typeName)")
    }

    /// Equality as CAL's `==` sees it (numbers by value, so -0 == 0).
    public static func equal(_ a: Value, _ b: Value) -> Bool {
        if case .number(let x) = a, case .number(let y) = b { return x == y }
        return a == b
    }

    /// `a < b` for numbers and strings; nil when the values are not ordered.
    public static func less(_ a: Value, _ b: Value, orEqual: Bool) -> Bool? {
        switch (a, b) {
        case let (.number(x), .number(y)): return orEqual ? x <= y : x < y
        case let (.string(x), .string(y)): return orEqual ? x <= y : x < y
        default: return nil
        }
    }
}
