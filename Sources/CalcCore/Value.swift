// Values and their static types. `Value` is what the VM stores in registers and layer properties and
// what the bytecode's constant pool holds; `ValueType` is what the checker reasons about. Payloads
// larger than a point (rects, colours, timing functions, transforms) are boxed, so a Value is 17
// bytes (stride 24) instead of 33 (stride 40): on the VM loop benchmark the smaller registers cut
// memory traffic in every move.

/// The unit dimension of a number: plain (points, ratios), a duration, or an angle.
public enum Dimension: String, Sendable, Hashable {
    case scalar, time, angle
}

public enum ValueType: Sendable, Hashable, CustomStringConvertible {
    case number(Dimension)
    case bool, point, size, rect, color, string, transform, timingFunction
    /// A named set of cases written with a leading dot, e.g. `.forwards`.
    case enumeration(String)
    case layer, animation, keyPath, void
    /// A CGPath-like path; an image file (relative to the script).
    case path, image
    /// `[T]`
    indirect case array(ValueType)
    /// The type of `[]` before context gives it an element type.
    case emptyArray
    /// The type of an expression that already produced a diagnostic; compatible with everything.
    case error

    public var description: String {
        switch self {
        case .number(.scalar): return "number"
        case .number(.time): return "duration"
        case .number(.angle): return "angle"
        case .bool: return "bool"
        case .point: return "point"
        case .size: return "size"
        case .rect: return "rect"
        case .color: return "color"
        case .string: return "string"
        case .transform: return "transform"
        case .timingFunction: return "timing function"
        case .enumeration(let n): return n
        case .layer: return "layer"
        case .animation: return "animation"
        case .keyPath: return "key path"
        case .path: return "path"
        case .image: return "image"
        case .void: return "nothing"
        case .array(let t): return "[\(t)]"
        case .emptyArray: return "empty array"
        case .error: return "<error>"
        }
    }

    /// Numbers of any dimension interpolate the same way.
    public var isNumber: Bool { if case .number = self { return true } else { return false } }
}

/// The named cases of each enumeration type CAL knows, in declaration order (their bytecode encoding
/// is the index).
public enum Enumerations {
    public static let all: [String: [String]] = [
        "fill mode": ["removed", "forwards", "backwards", "both"],
        "origin": ["topLeft", "bottomLeft"],
        "calculation mode": ["linear", "discrete", "paced", "cubic", "cubicPaced"],
        "rotation mode": ["auto", "autoReverse"],
        "autoresizing": ["minXMargin", "widthSizable", "maxXMargin", "minYMargin", "heightSizable", "maxYMargin"],
        "animation option": ["curveEaseInOut", "curveEaseIn", "curveEaseOut", "curveLinear", "repeat", "autoreverse",
                             "beginFromCurrentState", "overrideInheritedDuration", "overrideInheritedCurve",
                             "calculationModeLinear", "calculationModeDiscrete", "calculationModePaced",
                             "calculationModeCubic", "calculationModeCubicPaced",
                             "transitionFlipFromLeft", "transitionFlipFromRight", "transitionFlipFromTop",
                             "transitionFlipFromBottom", "transitionCurlUp", "transitionCurlDown", "transitionCrossDissolve"],
        "transition type": ["fade", "moveIn", "push", "reveal", "flip", "curlUp", "curlDown"],
        "transition subtype": ["fromRight", "fromLeft", "fromTop", "fromBottom"],
        "value function": ["rotateX", "rotateY", "rotateZ", "scale", "scaleX", "scaleY", "scaleZ",
                           "translateX", "translateY", "translateZ"],
        "contents gravity": ["resize", "resizeAspect", "resizeAspectFill", "center", "top", "bottom", "left", "right",
                             "topLeft", "topRight", "bottomLeft", "bottomRight"],
        "text alignment": ["natural", "left", "right", "center", "justified"],
        "truncation": ["none", "start", "end", "middle"],
        "fill rule": ["nonZero", "evenOdd"],
        "line cap": ["butt", "round", "square"],
        "line join": ["miter", "round", "bevel"],
        "gradient type": ["axial", "radial", "conic"],
        "blend mode": ["sourceOver", "multiply", "screen", "overlay", "darken", "lighten", "colorDodge", "colorBurn",
                       "softLight", "hardLight", "difference", "exclusion", "hue", "saturation", "color", "luminosity",
                       "plusLighter", "plusDarker"],
        // CAEmitterLayer's (the order of the Particles module's EmitterShape, EmitterMode, EmitterRenderMode)
        "emitter shape": ["point", "line", "rectangle", "cuboid", "circle", "sphere"],
        "emitter mode": ["points", "outline", "surface", "volume"],
        "render mode": ["unordered", "oldestFirst", "oldestLast", "backToFront", "additive"],
        // CAEmitterCell's minificationFilter / magnificationFilter (the order of TextureFilter)
        "texture filter": ["linear", "nearest", "trilinear"],
        // UIKit Dynamics (UIPushBehaviorMode, UICollisionBehaviorMode)
        "push mode": ["continuous", "instantaneous"],
        "collision mode": ["items", "boundaries", "everything"],
    ]
}

public enum Value: Sendable, Hashable {
    case none
    case number(Double)
    case bool(Bool)
    case point(Point)
    case size(Size)
    indirect case rect(Rect)
    indirect case color(Color)
    case string(String)
    indirect case timing(TimingFunction)
    indirect case transform(Transform3D)
    /// An enumeration case by index into `Enumerations.all[type]`.
    case enumCase(UInt8)
    /// VM handles.
    case layer(Int32)
    case animation(Int32)
    /// An array of values (copy-on-write, so arrays have value semantics like Swift's).
    case array([Value])
    indirect case path(BezierPath)
    /// An image by its file name, relative to the script; the runner loads it.
    case image(String)

    public var number: Double? { if case .number(let v) = self { return v } else { return nil } }
    public var bool: Bool? { if case .bool(let v) = self { return v } else { return nil } }
    public var point: Point? { if case .point(let v) = self { return v } else { return nil } }
    public var size: Size? { if case .size(let v) = self { return v } else { return nil } }
    public var rect: Rect? { if case .rect(let v) = self { return v } else { return nil } }
    public var color: Color? { if case .color(let v) = self { return v } else { return nil } }
    public var transform: Transform3D? { if case .transform(let v) = self { return v } else { return nil } }
    public var string: String? { if case .string(let v) = self { return v } else { return nil } }
}

extension Value {
    /// Interpolation per SPEC §4.7: numbers, points, sizes, rects and colours per component (colours
    /// in straight sRGB), transforms by decomposition, everything else switches at the midpoint.
    public static func interpolate(_ a: Value, _ b: Value, _ t: Double) -> Value {
        @inline(__always) func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(l(x, y))
        case let (.point(p), .point(q)): return .point(Point(l(p.x, q.x), l(p.y, q.y)))
        case let (.size(p), .size(q)): return .size(Size(l(p.width, q.width), l(p.height, q.height)))
        case let (.rect(p), .rect(q)):
            return .rect(Rect(l(p.origin.x, q.origin.x), l(p.origin.y, q.origin.y), l(p.size.width, q.size.width), l(p.size.height, q.size.height)))
        case let (.color(p), .color(q)): return .color(Color(l(p.r, q.r), l(p.g, q.g), l(p.b, q.b), l(p.a, q.a)))
        case let (.transform(p), .transform(q)): return .transform(Transform3D.interpolate(p, q, t))
        case let (.path(p), .path(q)): return .path(BezierPath.interpolate(p, q, t))
        case let (.array(p), .array(q)) where p.count == q.count:
            return .array(zip(p, q).map { interpolate($0, $1, t) })
        default: return t < 0.5 ? a : b
        }
    }

    /// a + b for `by` values and additive animations; transforms concatenate (b's matrix applied
    /// before a's, SPEC §4.7: the animation's matrix goes before the underlying one).
    public static func add(_ a: Value, _ b: Value) -> Value {
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(x + y)
        case let (.point(p), .point(q)): return .point(Point(p.x + q.x, p.y + q.y))
        case let (.size(p), .size(q)): return .size(Size(p.width + q.width, p.height + q.height))
        case let (.rect(p), .rect(q)):
            return .rect(Rect(p.origin.x + q.origin.x, p.origin.y + q.origin.y, p.size.width + q.size.width, p.size.height + q.size.height))
        case let (.color(p), .color(q)): return .color(Color(p.r + q.r, p.g + q.g, p.b + q.b, p.a + q.a))
        case let (.transform(p), .transform(q)): return .transform(q.concat(p))
        case let (.array(p), .array(q)) where p.count == q.count: return .array(zip(p, q).map { add($0, $1) })
        default: return b
        }
    }

    /// a − b (for `from = to − by`); transforms: a · b⁻¹ in application order.
    public static func subtract(_ a: Value, _ b: Value) -> Value {
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(x - y)
        case let (.point(p), .point(q)): return .point(Point(p.x - q.x, p.y - q.y))
        case let (.size(p), .size(q)): return .size(Size(p.width - q.width, p.height - q.height))
        case let (.rect(p), .rect(q)):
            return .rect(Rect(p.origin.x - q.origin.x, p.origin.y - q.origin.y, p.size.width - q.size.width, p.size.height - q.size.height))
        case let (.color(p), .color(q)): return .color(Color(p.r - q.r, p.g - q.g, p.b - q.b, p.a - q.a))
        case let (.transform(p), .transform(q)): return .transform((q.inverted() ?? .identity).concat(p))
        case let (.array(p), .array(q)) where p.count == q.count: return .array(zip(p, q).map { subtract($0, $1) })
        default: return a
        }
    }

    /// k × v, for cumulative repetitions; transforms are raised to the k-th power for whole k.
    public static func scale(_ v: Value, by k: Double) -> Value {
        switch v {
        case .number(let x): return .number(x * k)
        case .point(let p): return .point(Point(p.x * k, p.y * k))
        case .size(let p): return .size(Size(p.width * k, p.height * k))
        case .rect(let p): return .rect(Rect(p.origin.x * k, p.origin.y * k, p.size.width * k, p.size.height * k))
        case .color(let p): return .color(Color(p.r * k, p.g * k, p.b * k, p.a * k))
        case .transform(let m):
            var r = Transform3D.identity
            // k repetitions of the matrix, at most 65536 (a count that is not finite gives none)
            let n = k.isFinite ? Int(Swift.min(Swift.max(k.rounded(), 0), 65536)) : 0
            for _ in 0..<n { r = r.concat(m) }
            return .transform(r)
        case .array(let xs): return .array(xs.map { scale($0, by: k) })
        default: return v
        }
    }

    /// Distance between two values (Euclidean across components) for paced keyframes.
    public static func distance(_ a: Value, _ b: Value) -> Double {
        func h(_ xs: [Double]) -> Double { (xs.reduce(0) { $0 + $1 * $1 }).squareRoot() }
        switch (a, b) {
        case let (.number(x), .number(y)): return abs(x - y)
        case let (.point(p), .point(q)): return h([p.x - q.x, p.y - q.y])
        case let (.size(p), .size(q)): return h([p.width - q.width, p.height - q.height])
        case let (.rect(p), .rect(q)): return h([p.origin.x - q.origin.x, p.origin.y - q.origin.y, p.size.width - q.size.width, p.size.height - q.size.height])
        case let (.color(p), .color(q)): return h([p.r - q.r, p.g - q.g, p.b - q.b, p.a - q.a])
        case let (.transform(p), .transform(q)): return h(zip(p.elements, q.elements).map { $0 - $1 })
        default: return a == b ? 0 : 1
        }
    }
}
