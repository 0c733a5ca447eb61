// Dynamics behaviours in a program: UIKit Dynamics' behaviour classes as template kinds, the fields
// each kind has, and the rule a field's value must keep. The verifier checks templates and DYNSET /
// DYNGET operands with these tables, the compiler checks `dynamics { … }` blocks with them and the VM
// checks run-time values with the same `DynField.problem(with:)`, so the three cannot disagree.

import CalcCore

/// UIKit Dynamics' behaviour classes (seed 002): UIGravityBehavior, UIPushBehavior,
/// UICollisionBehavior, UISnapBehavior, UIAttachmentBehavior, UIDynamicItemBehavior.
public enum BehaviorKind: UInt8, CaseIterable, Sendable {
    case gravity = 0, push, collision, snap, attachment, itemBehavior

    /// The CAL keyword, which is also the disassembler's name.
    public var name: String { String(describing: self) }

    /// The fields this kind has, in documentation order (`active` first).
    public var fields: [DynField] {
        switch self {
        case .gravity: return [.active, .items, .angle, .magnitude]
        case .push: return [.active, .items, .angle, .magnitude, .mode, .offset]
        case .collision: return [.active, .items, .boundary, .collisionMode, .boundaryFriction]
        case .snap: return [.active, .item, .point, .damping]
        case .attachment: return [.active, .item, .offset, .anchor, .attachedTo, .attachedOffset, .length, .frequency, .damping]
        case .itemBehavior:
            return [.active, .items, .elasticity, .friction, .density, .resistance, .angularResistance, .allowsRotation, .anchored]
        }
    }

    public func has(_ f: DynField) -> Bool { fields.contains(f) }
}

extension DynField {
    /// The field's type. Layer-valued fields (`items`, `item`, `attachedTo`) are never constants.
    public var type: ValueType {
        switch self {
        case .active, .allowsRotation, .anchored: return .bool
        case .items: return .array(.layer)
        case .item, .attachedTo: return .layer
        case .angle: return .number(.angle)
        case .mode: return .enumeration("push mode")
        case .collisionMode: return .enumeration("collision mode")
        case .offset, .point, .anchor, .attachedOffset: return .point
        case .boundary: return .rect
        case .magnitude, .boundaryFriction, .damping, .length, .frequency, .elasticity, .friction, .density,
             .resistance, .angularResistance:
            return .number(.scalar)
        }
    }

    /// Numbers that must not be negative (the rest only finite).
    public var isNonNegative: Bool {
        switch self {
        case .boundaryFriction, .damping, .length, .frequency, .elasticity, .friction, .density, .resistance, .angularResistance:
            return true
        default: return false
        }
    }

    /// Why `v` cannot be this field's value, or nil when it can. Layers are checked only for being
    /// layer handles (the VM checks that they exist).
    public func problem(with v: Value) -> String? {
        func finite(_ xs: [Double]) -> Bool { xs.allSatisfy { $0.isFinite } }
        switch (type, v) {
        case (.bool, .bool): return nil
        case (.layer, .layer): return nil
        case (.array(.layer), .array(let xs)):
            if let k = xs.firstIndex(where: { if case .layer = $0 { return false } else { return true } }) {
                return "its element \(k) is \(xs[k] == .none ? "nil" : "not a layer")"
            }
            return nil
        case (.number, .number(let x)):
            guard x.isFinite else { return "it is not a finite number" }
            if isNonNegative, x < 0 { return "it must not be negative" }
            return nil
        case (.point, .point(let p)):
            return finite([p.x, p.y]) ? nil : "it has a component that is not finite"
        case (.rect, .rect(let r)):
            guard finite([r.origin.x, r.origin.y, r.size.width, r.size.height]) else { return "it has a component that is not finite" }
            return r.size.width >= 0 && r.size.height >= 0 ? nil : "its size must not be negative"
        case let (.enumeration(name), .enumCase(c)):
            return Int(c) < (Enumerations.all[name]?.count ?? 0) ? nil : "it is not a case of \(name)"
        default:
            return "it must be \(type), not \(Format.typeName(v))"
        }
    }
}

/// A behaviour's static part: its kind, its name (the one the source declares) and the fields whose
/// values are constants. DYNSET sets the rest when the declaration runs.
public struct BehaviorTemplate: Sendable, Equatable {
    public var kind: BehaviorKind
    public var name: String
    public var fields: [DynFieldInit]

    public init(kind: BehaviorKind, name: String, fields: [DynFieldInit] = []) {
        self.kind = kind; self.name = name; self.fields = fields
    }
}

public struct DynFieldInit: Sendable, Equatable {
    public var field: DynField
    public var constant: UInt32
    public init(_ field: DynField, _ constant: UInt32) { self.field = field; self.constant = constant }
}
