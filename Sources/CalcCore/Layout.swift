// Constraint layout (CAConstraintLayoutManager, seed 000:1227–1332): a sublayer's geometry on an
// axis is given by up to two relationships `attribute = source.attribute × scale + offset`, the
// source being the superlayer (its bounds) or a sibling (its frame) by name. The solver lives in
// the VM's presenter; this is the shared vocabulary.

/// kCAConstraintMinX … kCAConstraintHeight, in this order (the raw values are bytecode operands).
public enum ConstraintAttribute: UInt8, CaseIterable, Sendable {
    case minX = 0, midX, maxX, width, minY, midY, maxY, height

    public var name: String { String(describing: self) }
    public var isHorizontal: Bool { rawValue < 4 }
    public var isSize: Bool { self == .width || self == .height }

    public static func named(_ s: String) -> ConstraintAttribute? { allCases.first { $0.name == s } }

    /// The attribute's value for a rect (a frame or, for the superlayer, its bounds).
    public func value(of r: Rect) -> Double {
        switch self {
        case .minX: return r.origin.x
        case .midX: return r.origin.x + r.size.width / 2
        case .maxX: return r.origin.x + r.size.width
        case .width: return r.size.width
        case .minY: return r.origin.y
        case .midY: return r.origin.y + r.size.height / 2
        case .maxY: return r.origin.y + r.size.height
        case .height: return r.size.height
        }
    }
}

/// One CAConstraint of a layer.
public struct LayoutConstraint: Sendable, Equatable {
    public var attribute: ConstraintAttribute
    /// A sibling's name, or "superlayer".
    public var source: String
    public var sourceAttribute: ConstraintAttribute
    public var scale: Double
    public var offset: Double

    public init(_ attribute: ConstraintAttribute, source: String, _ sourceAttribute: ConstraintAttribute, scale: Double = 1, offset: Double = 0) {
        self.attribute = attribute; self.source = source; self.sourceAttribute = sourceAttribute
        self.scale = scale; self.offset = offset
    }

    public static let superlayer = "superlayer"

    /// Solves one axis: the frame's (origin, size) on it from up to two constraint values (the
    /// attribute and its value), keeping the current size (or, for a lone size, the current centre)
    /// when only one is given (seed 000:1247). nil when the two say the same thing twice.
    public static func solveAxis(_ given: [(ConstraintAttribute, Double)], currentOrigin: Double, currentSize: Double) -> (Double, Double)? {
        func kind(_ a: ConstraintAttribute) -> Int { Int(a.rawValue % 4) }   // 0 min, 1 mid, 2 max, 3 size
        switch given.count {
        case 0: return (currentOrigin, currentSize)
        case 1:
            let (a, v) = given[0]
            switch kind(a) {
            case 0: return (v, currentSize)
            case 1: return (v - currentSize / 2, currentSize)
            case 2: return (v - currentSize, currentSize)
            default: return (currentOrigin + currentSize / 2 - v / 2, v)
            }
        default:
            var byKind: [Int: Double] = [:]
            for (a, v) in given.prefix(2) { byKind[kind(a)] = v }
            guard byKind.count == 2 else { return nil }
            if let lo = byKind[0], let hi = byKind[2] { return (lo, hi - lo) }
            if let lo = byKind[0], let mid = byKind[1] { return (lo, 2 * (mid - lo)) }
            if let mid = byKind[1], let hi = byKind[2] { return (2 * mid - hi, 2 * (hi - mid)) }
            if let lo = byKind[0], let s = byKind[3] { return (lo, s) }
            if let mid = byKind[1], let s = byKind[3] { return (mid - s / 2, s) }
            if let hi = byKind[2], let s = byKind[3] { return (hi - s, s) }
            return nil
        }
    }
}
