// Emitter cells (CAEmitterCell): their properties, and the key paths that reach them through their
// layer in Core Animation's own spelling (seed 002:866–874): `emitterCells.spark.birthRate`, and for
// a cell's own cells `emitterCells.spark.emitterCells.trail.lifetime`.
//
// A cell property has no id in the catalogue: the compiler registers each one a script uses as a
// custom key (Properties.swift) whose name is that key path, so setting, reading, binding to time
// and animating a cell property need no machinery of their own, and a .calb file names the cell
// properties it holds in plain words. Only what a script uses is registered: the VM starts every
// cell from the particle model's defaults (these, Core Animation's; a test checks they agree).

/// How a cell's image is sampled (CAEmitterCell's `minificationFilter` / `magnificationFilter`, whose
/// values are kCAFilterLinear, kCAFilterNearest and kCAFilterTrilinear): `linear` is bilinear on the
/// image itself (Core Animation's default), `nearest` the texel under the sample point, `trilinear`
/// bilinear on the two nearest mipmap levels blended (only minification builds on mipmaps).
public enum TextureFilter: UInt8, Sendable, Hashable, CaseIterable {
    case linear = 0, nearest, trilinear
    /// Its name in `Enumerations.all`.
    public static let enumeration = "texture filter"
}

/// A property of an emitter cell, with its type (angles are angles, times are durations) and default.
public enum EmitterCellProperty: UInt8, Sendable, CaseIterable {
    case enabled, contents, contentsRect
    case birthRate, lifetime, lifetimeRange
    case velocity, velocityRange, emissionLatitude, emissionLongitude, emissionRange
    case xAcceleration, yAcceleration, zAcceleration
    case scale, scaleRange, scaleSpeed, spin, spinRange
    case color, redRange, greenRange, blueRange, alphaRange, redSpeed, greenSpeed, blueSpeed, alphaSpeed
    case beginTime, duration
    case minificationFilter, magnificationFilter, minificationFilterBias

    /// The spelling in key paths (CAEmitterCell's key-value coding key).
    public var name: String { String(describing: self) }

    public var type: ValueType {
        switch self {
        case .enabled: return .bool
        case .contents: return .image
        case .contentsRect: return .rect
        case .color: return .color
        case .minificationFilter, .magnificationFilter: return .enumeration(TextureFilter.enumeration)
        case .lifetime, .lifetimeRange, .beginTime, .duration: return .number(.time)
        case .emissionLatitude, .emissionLongitude, .emissionRange, .spin, .spinRange: return .number(.angle)
        default: return .number(.scalar)
        }
    }

    /// What a cell has until it sets the property. No image is `image("")`: a custom key holds a
    /// value, never nil.
    public var defaultValue: Value {
        switch self {
        case .enabled: return .bool(true)
        case .contents: return .image("")
        case .contentsRect: return .rect(Rect(0, 0, 1, 1))
        case .color: return .color(.white)
        case .scale: return .number(1)
        case .minificationFilter, .magnificationFilter: return .enumCase(TextureFilter.linear.rawValue)
        default: return .number(0)
        }
    }

    /// The dimension of a number-valued property (`.scalar` for the others).
    public var dimension: Dimension {
        if case .number(let d) = type { return d }
        return .scalar
    }

    public static func named(_ name: String) -> EmitterCellProperty? { byName[name] }
    static let byName: [String: EmitterCellProperty] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
}

/// Key paths into an emitter layer's cells, and the cell paths its `emitterCells` value lists.
public enum EmitterCellKey {
    /// The first name of every cell key path.
    public static let prefix = "emitterCells"
    /// Levels of cells and cells per layer the particle model honours (`EmitterLimits.standard`;
    /// CalcCore cannot see the Particles module, so a test checks the two agree).
    public static let maxDepth = 5
    public static let maxCells = 256

    /// Whether a key path starts with `emitterCells.` (a cell's property or a part of one).
    @inline(__always)
    public static func isCellKey(_ path: String) -> Bool {
        path.utf8.count > 13 && path.hasPrefix("emitterCells.")
    }

    /// `emitterCells.spark.emitterCells.trail.birthRate` for property `p` of cell path ["spark", "trail"].
    public static func name(cell path: [String], _ p: EmitterCellProperty) -> String {
        prefix + "." + path.joined(separator: "." + prefix + ".") + "." + p.name
    }

    /// The cell path and property a key name spells; nil when it is not exactly one cell's property
    /// (the cell names must be identifiers).
    public static func parse(_ name: String) -> (path: [String], property: EmitterCellProperty)? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        // emitterCells NAME (emitterCells NAME)* PROPERTY: an odd count of at least 3
        guard parts.count >= 3, parts.count % 2 == 1, let p = EmitterCellProperty.named(parts[parts.count - 1]) else { return nil }
        var path: [String] = []
        var i = 0
        while i < parts.count - 1 {
            guard parts[i] == prefix, PropertyTable.isValidCustomName(parts[i + 1]) else { return nil }
            path.append(parts[i + 1])
            i += 2
        }
        return (path, p)
    }

    /// How a cell path is written in a layer's `emitterCells` value: the names joined by dots
    /// (`spark.trail` is the cell `trail` of the cell `spark`).
    public static func pathString(_ path: [String]) -> String { path.joined(separator: ".") }
}
