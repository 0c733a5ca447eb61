// The layer property catalogue: the one table the checker, the code generator, the VM and the
// renderer agree on. A property's id is its index here and is written into bytecode, so new
// properties are appended, never inserted (docs/bytecode.md records the format version).

/// The kinds of layer (CALayer and its subclasses).
public enum LayerKind: UInt8, Sendable, CaseIterable {
    case plain = 0, text, shape, gradient, replicator, emitter, transform
    public var name: String { String(describing: self) }
}

public struct LayerProperty: Sendable {
    public let id: UInt16
    public let name: String
    public let type: ValueType
    public let defaultValue: Value
    /// Setting it on a layer in the tree triggers an implicit animation (seed 000:1996–2116).
    public let animatable: Bool
    /// False for `frame`, which is computed from position, bounds and anchorPoint (seed 000:459).
    public let stored: Bool
    /// The layer kinds that have it (nil: every kind, as CALayer's own properties).
    public let kinds: [LayerKind]?

    public func applies(to kind: LayerKind) -> Bool { kinds?.contains(kind) ?? true }
}

public enum LayerProperties {
    public static let bounds: UInt16 = 0
    public static let position: UInt16 = 1
    public static let anchorPoint: UInt16 = 2
    public static let anchorPointZ: UInt16 = 3
    public static let zPosition: UInt16 = 4
    public static let transform: UInt16 = 5
    public static let sublayerTransform: UInt16 = 6
    public static let opacity: UInt16 = 7
    public static let hidden: UInt16 = 8
    public static let masksToBounds: UInt16 = 9
    public static let backgroundColor: UInt16 = 10
    public static let cornerRadius: UInt16 = 11
    public static let borderWidth: UInt16 = 12
    public static let borderColor: UInt16 = 13
    public static let doubleSided: UInt16 = 14
    public static let speed: UInt16 = 15
    public static let timeOffset: UInt16 = 16
    public static let beginTime: UInt16 = 17
    public static let frame: UInt16 = 18
    public static let name: UInt16 = 19
    public static let shadowColor: UInt16 = 20
    public static let shadowOpacity: UInt16 = 21
    public static let shadowOffset: UInt16 = 22
    public static let shadowRadius: UInt16 = 23
    public static let shadowPath: UInt16 = 24
    public static let contents: UInt16 = 25
    public static let contentsGravity: UInt16 = 26
    public static let contentsRect: UInt16 = 27
    public static let contentsCenter: UInt16 = 28
    public static let contentsScale: UInt16 = 29
    public static let compositingFilter: UInt16 = 30
    public static let string: UInt16 = 31
    public static let font: UInt16 = 32
    public static let fontSize: UInt16 = 33
    public static let foregroundColor: UInt16 = 34
    public static let alignmentMode: UInt16 = 35
    public static let isWrapped: UInt16 = 36
    public static let truncationMode: UInt16 = 37
    public static let path: UInt16 = 38
    public static let fillColor: UInt16 = 39
    public static let fillRule: UInt16 = 40
    public static let strokeColor: UInt16 = 41
    public static let lineWidth: UInt16 = 42
    public static let lineCap: UInt16 = 43
    public static let lineJoin: UInt16 = 44
    public static let miterLimit: UInt16 = 45
    public static let lineDashPattern: UInt16 = 46
    public static let lineDashPhase: UInt16 = 47
    public static let strokeStart: UInt16 = 48
    public static let strokeEnd: UInt16 = 49
    public static let colors: UInt16 = 50
    public static let locations: UInt16 = 51
    public static let startPoint: UInt16 = 52
    public static let endPoint: UInt16 = 53
    public static let gradientType: UInt16 = 54
    public static let instanceCount: UInt16 = 55
    public static let instanceDelay: UInt16 = 56
    public static let instanceTransform: UInt16 = 57
    public static let instanceColor: UInt16 = 58
    public static let instanceRedOffset: UInt16 = 59
    public static let instanceGreenOffset: UInt16 = 60
    public static let instanceBlueOffset: UInt16 = 61
    public static let instanceAlphaOffset: UInt16 = 62
    public static let emitterPosition: UInt16 = 63
    public static let emitterZPosition: UInt16 = 64
    public static let emitterSize: UInt16 = 65
    public static let emitterDepth: UInt16 = 66
    public static let emitterShape: UInt16 = 67
    public static let emitterMode: UInt16 = 68
    public static let renderMode: UInt16 = 69
    public static let preservesDepth: UInt16 = 70
    public static let birthRate: UInt16 = 71
    public static let lifetime: UInt16 = 72
    public static let velocity: UInt16 = 73
    public static let scale: UInt16 = 74
    public static let spin: UInt16 = 75
    public static let seed: UInt16 = 76
    public static let emitterCells: UInt16 = 77
    public static let filters: UInt16 = 78
    public static let backgroundFilters: UInt16 = 79
    public static let autoresizingMask: UInt16 = 80
    public static let shouldRasterize: UInt16 = 81
    public static let rasterizationScale: UInt16 = 82

    public static let all: [LayerProperty] = [
        p(bounds, "bounds", .rect, .rect(.zero)),
        p(position, "position", .point, .point(.zero)),
        p(anchorPoint, "anchorPoint", .point, .point(Point(0.5, 0.5))),
        p(anchorPointZ, "anchorPointZ", .number(.scalar), .number(0)),
        p(zPosition, "zPosition", .number(.scalar), .number(0)),
        p(transform, "transform", .transform, .transform(.identity)),
        p(sublayerTransform, "sublayerTransform", .transform, .transform(.identity)),
        p(opacity, "opacity", .number(.scalar), .number(1)),
        p(hidden, "hidden", .bool, .bool(false)),
        p(masksToBounds, "masksToBounds", .bool, .bool(false)),
        p(backgroundColor, "backgroundColor", .color, .color(.clear)),
        p(cornerRadius, "cornerRadius", .number(.scalar), .number(0)),
        p(borderWidth, "borderWidth", .number(.scalar), .number(0)),
        p(borderColor, "borderColor", .color, .color(.black)),
        // doubleSided has no default implied animation (seed 000:2038).
        p(doubleSided, "doubleSided", .bool, .bool(true), animatable: false),
        // CAMediaTiming on layers: changing them re-times the layer's animations, never animates.
        p(speed, "speed", .number(.scalar), .number(1), animatable: false),
        p(timeOffset, "timeOffset", .number(.time), .number(0), animatable: false),
        p(beginTime, "beginTime", .number(.time), .number(0), animatable: false),
        p(frame, "frame", .rect, .rect(.zero), animatable: false, stored: false),
        p(name, "name", .string, .string(""), animatable: false),
        // shadows (defaults: seed appendix; SPEC §4.9)
        p(shadowColor, "shadowColor", .color, .color(.black)),
        p(shadowOpacity, "shadowOpacity", .number(.scalar), .number(0)),
        p(shadowOffset, "shadowOffset", .size, .size(Size(0, -3))),
        p(shadowRadius, "shadowRadius", .number(.scalar), .number(3)),
        p(shadowPath, "shadowPath", .path, .none),
        // contents
        p(contents, "contents", .image, .none),
        p(contentsGravity, "contentsGravity", .enumeration("contents gravity"), .enumCase(0), animatable: false),
        p(contentsRect, "contentsRect", .rect, .rect(Rect(0, 0, 1, 1))),
        p(contentsCenter, "contentsCenter", .rect, .rect(Rect(0, 0, 1, 1))),
        p(contentsScale, "contentsScale", .number(.scalar), .number(1), animatable: false),
        p(compositingFilter, "compositingFilter", .enumeration("blend mode"), .enumCase(0), animatable: false),
        // CATextLayer (fontSize 36, white text: Core Animation's defaults)
        p(string, "string", .string, .string(""), animatable: false, kinds: [.text]),
        p(font, "font", .string, .string("DejaVu Sans"), animatable: false, kinds: [.text]),
        p(fontSize, "fontSize", .number(.scalar), .number(36), kinds: [.text]),
        p(foregroundColor, "foregroundColor", .color, .color(.white), kinds: [.text]),
        p(alignmentMode, "alignmentMode", .enumeration("text alignment"), .enumCase(0), animatable: false, kinds: [.text]),
        p(isWrapped, "isWrapped", .bool, .bool(false), animatable: false, kinds: [.text]),
        p(truncationMode, "truncationMode", .enumeration("truncation"), .enumCase(0), animatable: false, kinds: [.text]),
        // CAShapeLayer
        p(path, "path", .path, .none, kinds: [.shape]),
        p(fillColor, "fillColor", .color, .color(.black), kinds: [.shape]),
        p(fillRule, "fillRule", .enumeration("fill rule"), .enumCase(0), animatable: false, kinds: [.shape]),
        p(strokeColor, "strokeColor", .color, .color(.clear), kinds: [.shape]),
        p(lineWidth, "lineWidth", .number(.scalar), .number(1), kinds: [.shape]),
        p(lineCap, "lineCap", .enumeration("line cap"), .enumCase(0), animatable: false, kinds: [.shape]),
        p(lineJoin, "lineJoin", .enumeration("line join"), .enumCase(0), animatable: false, kinds: [.shape]),
        p(miterLimit, "miterLimit", .number(.scalar), .number(10), kinds: [.shape]),
        p(lineDashPattern, "lineDashPattern", .array(.number(.scalar)), .array([]), animatable: false, kinds: [.shape]),
        p(lineDashPhase, "lineDashPhase", .number(.scalar), .number(0), kinds: [.shape]),
        p(strokeStart, "strokeStart", .number(.scalar), .number(0), kinds: [.shape]),
        p(strokeEnd, "strokeEnd", .number(.scalar), .number(1), kinds: [.shape]),
        // CAGradientLayer
        p(colors, "colors", .array(.color), .array([]), kinds: [.gradient]),
        p(locations, "locations", .array(.number(.scalar)), .array([]), kinds: [.gradient]),
        p(startPoint, "startPoint", .point, .point(Point(0.5, 0)), kinds: [.gradient]),
        p(endPoint, "endPoint", .point, .point(Point(0.5, 1)), kinds: [.gradient]),
        p(gradientType, "type", .enumeration("gradient type"), .enumCase(0), animatable: false, kinds: [.gradient]),
        // CAReplicatorLayer
        p(instanceCount, "instanceCount", .number(.scalar), .number(1), animatable: false, kinds: [.replicator]),
        p(instanceDelay, "instanceDelay", .number(.time), .number(0), animatable: false, kinds: [.replicator]),
        p(instanceTransform, "instanceTransform", .transform, .transform(.identity), kinds: [.replicator]),
        p(instanceColor, "instanceColor", .color, .color(.white), kinds: [.replicator]),
        p(instanceRedOffset, "instanceRedOffset", .number(.scalar), .number(0), kinds: [.replicator]),
        p(instanceGreenOffset, "instanceGreenOffset", .number(.scalar), .number(0), kinds: [.replicator]),
        p(instanceBlueOffset, "instanceBlueOffset", .number(.scalar), .number(0), kinds: [.replicator]),
        p(instanceAlphaOffset, "instanceAlphaOffset", .number(.scalar), .number(0), kinds: [.replicator]),
        // CAEmitterLayer (defaults: Core Animation's, as the Particles model has them). The five
        // multipliers scale every cell's value for particles born from then on.
        p(emitterPosition, "emitterPosition", .point, .point(.zero), kinds: [.emitter]),
        p(emitterZPosition, "emitterZPosition", .number(.scalar), .number(0), kinds: [.emitter]),
        p(emitterSize, "emitterSize", .size, .size(.zero), kinds: [.emitter]),
        p(emitterDepth, "emitterDepth", .number(.scalar), .number(0), kinds: [.emitter]),
        p(emitterShape, "emitterShape", .enumeration("emitter shape"), .enumCase(0), animatable: false, kinds: [.emitter]),
        p(emitterMode, "emitterMode", .enumeration("emitter mode"), .enumCase(3), animatable: false, kinds: [.emitter]),
        p(renderMode, "renderMode", .enumeration("render mode"), .enumCase(0), animatable: false, kinds: [.emitter]),
        p(preservesDepth, "preservesDepth", .bool, .bool(false), animatable: false, kinds: [.emitter]),
        p(birthRate, "birthRate", .number(.scalar), .number(1), kinds: [.emitter]),
        p(lifetime, "lifetime", .number(.scalar), .number(1), kinds: [.emitter]),
        p(velocity, "velocity", .number(.scalar), .number(1), kinds: [.emitter]),
        p(scale, "scale", .number(.scalar), .number(1), kinds: [.emitter]),
        p(spin, "spin", .number(.scalar), .number(1), kinds: [.emitter]),
        p(seed, "seed", .number(.scalar), .number(0), animatable: false, kinds: [.emitter]),
        // The layer's cells as paths in pre-order ("spark", "spark.trail"), set by the code the
        // compiler generates from `cell NAME { … }` (arrays never go into layer templates); their
        // properties are custom keys named by key path (EmitterCells.swift).
        p(emitterCells, "emitterCells", .array(.string), .array([]), animatable: false, kinds: [.emitter]),
        // Core Image filters as "kind:name" entries (Filters.swift), set by the code the compiler
        // generates from `filters: [gaussianBlur(…), …]`; their inputs are custom keys named by key path.
        p(filters, "filters", .array(.string), .array([]), animatable: false),
        p(backgroundFilters, "backgroundFilters", .array(.string), .array([]), animatable: false),
        // CAAutoresizingMask as a list of "autoresizing" cases (struts and springs, seed 000:667).
        p(autoresizingMask, "autoresizingMask", .array(.enumeration("autoresizing")), .array([]), animatable: false),
        // Caching hints (seed 002:302 lists them as animatable); frames are the same either way.
        p(shouldRasterize, "shouldRasterize", .bool, .bool(false)),
        p(rasterizationScale, "rasterizationScale", .number(.scalar), .number(1)),
    ]

    static func p(_ id: UInt16, _ name: String, _ type: ValueType, _ def: Value, animatable: Bool = true,
                  stored: Bool = true, kinds: [LayerKind]? = nil) -> LayerProperty {
        LayerProperty(id: id, name: name, type: type, defaultValue: def, animatable: animatable, stored: stored, kinds: kinds)
    }

    public static let count = all.count

    public static func named(_ name: String) -> LayerProperty? { byName[name] }
    static let byName: [String: LayerProperty] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// Default values indexed by id, the initial state of every new layer.
    public static let defaults: [Value] = all.map { $0.defaultValue }
}

/// The catalogue's defaults, typed: the one table of defaults that the presenter, the presentation
/// types and Compose read (a default written out anywhere else would drift from this one).
public enum PropertyDefault {
    public static func number(_ id: UInt16) -> Double { LayerProperties.defaults[Int(id)].number ?? 0 }
    public static func color(_ id: UInt16) -> Color { LayerProperties.defaults[Int(id)].color ?? .clear }
    public static func size(_ id: UInt16) -> Size { LayerProperties.defaults[Int(id)].size ?? .zero }
    public static func point(_ id: UInt16) -> Point { LayerProperties.defaults[Int(id)].point ?? .zero }
    public static func rect(_ id: UInt16) -> Rect { LayerProperties.defaults[Int(id)].rect ?? .zero }
    public static func bool(_ id: UInt16) -> Bool { LayerProperties.defaults[Int(id)].bool ?? false }
    public static func string(_ id: UInt16) -> String { LayerProperties.defaults[Int(id)].string ?? "" }
    public static func transform(_ id: UInt16) -> Transform3D { LayerProperties.defaults[Int(id)].transform ?? .identity }
    public static func enumCase(_ id: UInt16) -> UInt8 {
        if case .enumCase(let c) = LayerProperties.defaults[Int(id)] { return c }
        return 0
    }
}

/// A field inside a structured property value, for key paths such as `position.x`,
/// `bounds.size.width` and `transform.rotation.z` (seed 000:575–606).
public enum Component: UInt8, Sendable, CaseIterable {
    case whole = 0
    case x, y                                  // point
    case width, height                         // size
    case origin, size, originX, originY, sizeWidth, sizeHeight  // rect
    case rotationX, rotationY, rotationZ       // transform (rotation = rotation.z)
    case scale, scaleX, scaleY, scaleZ         // transform (scale = average of the three)
    case translation, translationX, translationY, translationZ

    /// The spelled suffix after the property name.
    public var path: String {
        switch self {
        case .whole: return ""
        case .x: return "x"
        case .y: return "y"
        case .width: return "width"
        case .height: return "height"
        case .origin: return "origin"
        case .size: return "size"
        case .originX: return "origin.x"
        case .originY: return "origin.y"
        case .sizeWidth: return "size.width"
        case .sizeHeight: return "size.height"
        case .rotationX: return "rotation.x"
        case .rotationY: return "rotation.y"
        case .rotationZ: return "rotation.z"
        case .scale: return "scale"
        case .scaleX: return "scale.x"
        case .scaleY: return "scale.y"
        case .scaleZ: return "scale.z"
        case .translation: return "translation"
        case .translationX: return "translation.x"
        case .translationY: return "translation.y"
        case .translationZ: return "translation.z"
        }
    }

    /// The components a value of `type` offers, with their types.
    public static func components(of type: ValueType) -> [(String, Component, ValueType)] {
        let n = ValueType.number(.scalar)
        switch type {
        case .point: return [("x", .x, n), ("y", .y, n)]
        case .size: return [("width", .width, n), ("height", .height, n)]
        case .rect:
            return [("origin", .origin, .point), ("size", .size, .size), ("origin.x", .originX, n), ("origin.y", .originY, n),
                    ("size.width", .sizeWidth, n), ("size.height", .sizeHeight, n)]
        case .transform:
            let a = ValueType.number(.angle)
            return [("rotation", .rotationZ, a), ("rotation.x", .rotationX, a), ("rotation.y", .rotationY, a), ("rotation.z", .rotationZ, a),
                    ("scale", .scale, n), ("scale.x", .scaleX, n), ("scale.y", .scaleY, n), ("scale.z", .scaleZ, n),
                    ("translation", .translation, .size), ("translation.x", .translationX, n),
                    ("translation.y", .translationY, n), ("translation.z", .translationZ, n)]
        default: return []
        }
    }

    /// Reads this component out of a whole value.
    public func get(_ v: Value) -> Value {
        switch (self, v) {
        case (.whole, _): return v
        case let (.x, .point(p)): return .number(p.x)
        case let (.y, .point(p)): return .number(p.y)
        case let (.width, .size(s)): return .number(s.width)
        case let (.height, .size(s)): return .number(s.height)
        case let (.origin, .rect(r)): return .point(r.origin)
        case let (.size, .rect(r)): return .size(r.size)
        case let (.originX, .rect(r)): return .number(r.origin.x)
        case let (.originY, .rect(r)): return .number(r.origin.y)
        case let (.sizeWidth, .rect(r)): return .number(r.size.width)
        case let (.sizeHeight, .rect(r)): return .number(r.size.height)
        case let (_, .transform(m)):
            let d = m.decomposed() ?? .identity
            switch self {
            case .rotationX: return .number(d.eulerAngles.x)
            case .rotationY: return .number(d.eulerAngles.y)
            case .rotationZ: return .number(d.eulerAngles.z)
            case .scale: return .number((d.scale.0 + d.scale.1 + d.scale.2) / 3)
            case .scaleX: return .number(d.scale.0)
            case .scaleY: return .number(d.scale.1)
            case .scaleZ: return .number(d.scale.2)
            case .translation: return .size(Size(d.translation.0, d.translation.1))
            case .translationX: return .number(d.translation.0)
            case .translationY: return .number(d.translation.1)
            case .translationZ: return .number(d.translation.2)
            default: return v
            }
        default: return v
        }
    }

    /// Writes `part` into this component of `whole`. Transforms are decomposed, the part replaced and
    /// the matrix rebuilt, so `transform.rotation.z = 90deg` keeps an existing scale and translation.
    public func set(_ part: Value, in whole: Value) -> Value {
        switch (self, whole, part) {
        case (.whole, _, _): return part
        case let (.x, .point(p), .number(n)): return .point(Point(n, p.y))
        case let (.y, .point(p), .number(n)): return .point(Point(p.x, n))
        case let (.width, .size(s), .number(n)): return .size(Size(n, s.height))
        case let (.height, .size(s), .number(n)): return .size(Size(s.width, n))
        case let (.origin, .rect(r), .point(p)): return .rect(Rect(origin: p, size: r.size))
        case let (.size, .rect(r), .size(s)): return .rect(Rect(origin: r.origin, size: s))
        case let (.originX, .rect(r), .number(n)): return .rect(Rect(n, r.origin.y, r.size.width, r.size.height))
        case let (.originY, .rect(r), .number(n)): return .rect(Rect(r.origin.x, n, r.size.width, r.size.height))
        case let (.sizeWidth, .rect(r), .number(n)): return .rect(Rect(r.origin.x, r.origin.y, n, r.size.height))
        case let (.sizeHeight, .rect(r), .number(n)): return .rect(Rect(r.origin.x, r.origin.y, r.size.width, n))
        case let (_, .transform(m), _):
            let d = m.decomposed() ?? .identity
            return setTransformPart(part, parts: d, euler: d.eulerAngles) ?? whole
        default: return whole
        }
    }

    /// `set` of a transform part given the underlying matrix already taken apart (`parts`, its Euler
    /// angles `e`): the rebuilt matrix, or nil when this is no transform part `part` fits. Lets an
    /// animation that keeps writing over the same model matrix take it apart once.
    public func setTransformPart(_ part: Value, parts: DecomposedTransform, euler e: (x: Double, y: Double, z: Double)) -> Value? {
        var d = parts
        switch (self, part) {
        case let (.rotationX, .number(n)): d.setEulerAngles(n, e.y, e.z)
        case let (.rotationY, .number(n)): d.setEulerAngles(e.x, n, e.z)
        case let (.rotationZ, .number(n)):
            // (a turn about z alone: the same bits in a fraction of the work)
            if let m = parts.recomposedWithZRotation(n, eulerX: e.x, eulerY: e.y) { return .transform(m) }
            d.setEulerAngles(e.x, e.y, n)
        case let (.scale, .number(n)): d.scale = (n, n, n)
        case let (.scaleX, .number(n)): d.scale.0 = n
        case let (.scaleY, .number(n)): d.scale.1 = n
        case let (.scaleZ, .number(n)): d.scale.2 = n
        case let (.translation, .size(s)): d.translation.0 = s.width; d.translation.1 = s.height
        case let (.translationX, .number(n)): d.translation.0 = n
        case let (.translationY, .number(n)): d.translation.1 = n
        case let (.translationZ, .number(n)): d.translation.2 = n
        default: return nil
        }
        return .transform(d.recomposed())
    }

    /// For a sub-key-path animation of a transform, the animated number is applied the way
    /// Core Animation's value functions do: a rotation, scale or translation concatenated onto
    /// nothing but itself (the underlying matrix is decomposed and the part replaced).
    public var isTransformPart: Bool { rawValue >= Component.rotationX.rawValue }
}

/// A property plus a component: the target of a set or an animation.
public struct KeyPath: Sendable, Hashable {
    public var property: UInt16
    public var component: Component
    public init(property: UInt16, component: Component = .whole) { self.property = property; self.component = component }

    /// The spelled key path (custom keys need a PropertyTable for their names: `PropertyTable.name`).
    public var name: String {
        guard property < LayerProperties.customBase, Int(property) < LayerProperties.count else {
            return "custom\(Int(property) - Int(LayerProperties.customBase))" + (component == .whole ? "" : "." + component.path)
        }
        let base = LayerProperties.all[Int(property)].name
        return component == .whole ? base : base + "." + component.path
    }

    /// Packs into 24 bits for a bytecode operand: property id << 8 | component.
    public var packed: UInt32 { UInt32(property) << 8 | UInt32(component.rawValue) }
    public init?(packed: UInt32) {
        let pid = UInt16(truncatingIfNeeded: packed >> 8)
        guard Int(pid) < LayerProperties.count || pid >= LayerProperties.customBase, packed >> 24 == 0,
              let c = Component(rawValue: UInt8(packed & 0xFF)) else { return nil }
        self.property = pid
        self.component = c
    }

    /// Resolves `position.x`, `transform.rotation.z` …; nil when unknown. One lookup in a table of
    /// every spelling (splitting the path and scanning components cost ~5 µs a property).
    public static func parse(_ path: String) -> (KeyPath, ValueType)? { spellings[path] }

    /// Every valid spelling → its key path and type, as `resolve` finds them (the first wins).
    static let spellings: NameTable<(KeyPath, ValueType)> = {
        var table = NameTable<(KeyPath, ValueType)>()
        for p in LayerProperties.all {
            if table[p.name] == nil, let r = resolve(p.name) { table[p.name] = r }
            for (c, _, _) in Component.components(of: p.type) where table[p.name + "." + c] == nil {
                if let r = resolve(p.name + "." + c) { table[p.name + "." + c] = r }
            }
        }
        return table
    }()

    /// The definition `parse` is a table of.
    static func resolve(_ path: String) -> (KeyPath, ValueType)? {
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        guard let prop = LayerProperties.named(parts[0]) else { return nil }
        if parts.count == 1 { return (KeyPath(property: prop.id), prop.type) }
        for (name, c, t) in Component.components(of: prop.type) where name == parts[1] {
            return (KeyPath(property: prop.id, component: c), t)
        }
        return nil
    }

    /// Every valid key path spelling, for "did you mean".
    public static var allNames: [String] {
        LayerProperties.all.flatMap { p in [p.name] + Component.components(of: p.type).map { p.name + "." + $0.0 } }
    }
}

/// A custom key–value property (a CALayer is a KVC container): declared in a script with
/// `property thickness: number = 4`, animatable like any property. Its id in key paths is
/// `LayerProperties.customBase + index`.
public struct CustomKey: Sendable, Equatable {
    public var name: String
    /// The value a layer has before setting it; its type is the property's type.
    public var defaultValue: Value
    /// For numbers: what they measure (`property spin: angle = 0deg`).
    public var dimension: Dimension
    public init(name: String, defaultValue: Value, dimension: Dimension = .scalar) {
        self.name = name; self.defaultValue = defaultValue; self.dimension = dimension
    }

    public var type: ValueType {
        if case .number = defaultValue { return .number(dimension) }
        // an emitter cell's enumeration (its filters): the cell property says which
        if case .enumCase = defaultValue, let c = EmitterCellKey.parse(name) { return c.property.type }
        return PropertyTable.type(of: defaultValue)
    }
}

extension LayerProperties {
    /// Property ids from here on name custom keys (index = id − customBase).
    public static let customBase: UInt16 = 0x8000

    /// Where property `id` lives in a layer's value array: the catalogue's ids as they are, then the
    /// custom keys (the same in every program, so no table is needed).
    @inline(__always)
    public static func slot(_ id: UInt16) -> Int {
        id < customBase ? Int(id) : count + Int(id - customBase)
    }
}

/// The catalogue plus a program's custom keys: what a property id means in one program.
public struct PropertyTable: Sendable {
    public let custom: [CustomKey]
    public init(custom: [CustomKey] = []) { self.custom = custom }

    /// The property with this id (catalogue or custom), or nil.
    public func info(_ id: UInt16) -> LayerProperty? {
        if id < LayerProperties.customBase {
            return Int(id) < LayerProperties.count ? LayerProperties.all[Int(id)] : nil
        }
        let k = Int(id - LayerProperties.customBase)
        guard k < custom.count else { return nil }
        let c = custom[k]
        // an enumeration (a cell's filter) changes at once, as the catalogue's enumerations do
        var animatable = true
        if case .enumCase = c.defaultValue { animatable = false }
        return LayerProperty(id: id, name: c.name, type: c.type, defaultValue: c.defaultValue,
                             animatable: animatable, stored: true, kinds: EmitterCellKey.isCellKey(c.name) ? [.emitter] : nil)
    }

    /// Where a property lives in a layer's value array: the catalogue first, then the custom keys.
    public func slot(_ id: UInt16) -> Int { LayerProperties.slot(id) }

    public var slotCount: Int { LayerProperties.count + custom.count }

    /// Every layer's initial values, catalogue then custom keys.
    public var defaults: [Value] { LayerProperties.defaults + custom.map { $0.defaultValue } }

    public func name(_ kp: KeyPath) -> String {
        guard let p = info(kp.property) else { return "?" }
        return kp.component == .whole ? p.name : p.name + "." + kp.component.path
    }

    /// The value type at a key path, or nil when the property does not have that component.
    public func type(_ kp: KeyPath) -> ValueType? {
        guard let p = info(kp.property) else { return nil }
        if kp.component == .whole { return p.type }
        return Component.components(of: p.type).first { $0.1 == kp.component }?.2
    }

    /// Resolves a spelled key path against the catalogue and the custom keys.
    public func parse(_ path: String) -> (KeyPath, ValueType)? {
        // The catalogue first: no cell or filter key is a catalogue spelling (emitterCells, filters and
        // backgroundFilters are arrays, without components), and the prefix tests are not free.
        if let r = KeyPath.parse(path) { return r }
        if EmitterCellKey.isCellKey(path) || FilterKey.isFilterKey(path) { return parseKeyNamedByPath(path) }
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        guard let k = custom.firstIndex(where: { $0.name == parts[0] }) else { return nil }
        let id = LayerProperties.customBase + UInt16(k)
        let t = custom[k].type
        if parts.count == 1 { return (KeyPath(property: id), t) }
        for (name, c, ct) in Component.components(of: t) where name == parts[1] { return (KeyPath(property: id, component: c), ct) }
        return nil
    }

    /// A key path into an emitter cell or a filter: the registered key it names (a key's name is a whole key path, so
    /// the longest name the path starts with), then a component of that key's value.
    func parseKeyNamedByPath(_ path: String) -> (KeyPath, ValueType)? {
        for (k, c) in custom.enumerated() where path.hasPrefix(c.name) {
            let id = LayerProperties.customBase + UInt16(k)
            let rest = path.dropFirst(c.name.count)
            if rest.isEmpty { return (KeyPath(property: id), c.type) }
            guard rest.first == "." else { continue }
            let suffix = String(rest.dropFirst())
            for (name, comp, ct) in Component.components(of: c.type) where name == suffix { return (KeyPath(property: id, component: comp), ct) }
            return nil
        }
        return nil
    }

    /// Whether a custom property can hold values like `v` (what a script can declare and a file store).
    public static func isCustomType(_ v: Value) -> Bool {
        switch v {
        case .number, .bool, .point, .size, .rect, .color, .string, .transform, .path, .image: return true
        case .none, .timing, .enumCase, .array, .layer, .animation: return false
        }
    }

    /// An identifier: a letter or `_`, then letters, digits or `_` (ASCII).
    public static func isValidCustomName(_ s: String) -> Bool {
        guard let first = s.utf8.first, first == UInt8(ascii: "_") || (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z") else { return false }
        return s.utf8.allSatisfy { c in c == UInt8(ascii: "_") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || ((c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z")) }
    }

    public static func type(of v: Value) -> ValueType {
        switch v {
        case .number: return .number(.scalar)
        case .bool: return .bool
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .color: return .color
        case .string: return .string
        case .timing: return .timingFunction
        case .transform: return .transform
        case .path: return .path
        case .image: return .image
        default: return .error
        }
    }
}
