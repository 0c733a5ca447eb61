// The presentation tree: the contract between the VM and the renderer. The VM computes it for one
// instant (model values with animations applied, SPEC §1); the renderer lays it out and draws it.
// Plain values only, so frames can be rendered on any thread in any order.

/// Enumerations of layer properties, in the order of `Enumerations.all` (their bytecode encoding).
public enum ContentsGravity: UInt8, Sendable {
    case resize = 0, resizeAspect, resizeAspectFill, center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
}
public enum TextAlignment: UInt8, Sendable { case natural = 0, left, right, center, justified }
public enum Truncation: UInt8, Sendable { case none = 0, start, end, middle }
public enum FillRule: UInt8, Sendable { case nonZero = 0, evenOdd }
public enum LineCap: UInt8, Sendable { case butt = 0, round, square }
public enum LineJoin: UInt8, Sendable { case miter = 0, round, bevel }
public enum GradientType: UInt8, Sendable { case axial = 0, radial, conic }
/// `compositingFilter`: the W3C Compositing and Blending Level 1 modes, then Core Animation's additive
/// ones (kCAFilterPlusL, kCAFilterPlusD: plus-lighter and plus-darker). Appended, never reordered: the
/// raw values are the bytecode encoding of the script-visible "blend mode" enumeration.
public enum BlendMode: UInt8, Sendable, CaseIterable {
    case sourceOver = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    case plusLighter, plusDarker
}

public struct ShadowStyle: Sendable, Equatable {
    public var color: Color = PropertyDefault.color(LayerProperties.shadowColor)
    public var opacity: Double = PropertyDefault.number(LayerProperties.shadowOpacity)
    public var offset: Size = PropertyDefault.size(LayerProperties.shadowOffset)
    public var radius: Double = PropertyDefault.number(LayerProperties.shadowRadius)
    public var path: BezierPath?
    public init() {}
    /// `ShadowStyle()`, made once.
    static let standard = ShadowStyle()
}

public struct ContentsStyle: Sendable, Equatable {
    /// The image's name as written in the script (the runner resolves and loads it); nil when the
    /// layer has none, and for a layer with a draw block or a text layer, whose drawing replaces it.
    public var image: String?
    public var gravity = ContentsGravity(rawValue: PropertyDefault.enumCase(LayerProperties.contentsGravity)) ?? .resize
    public var rect = PropertyDefault.rect(LayerProperties.contentsRect)
    public var center = PropertyDefault.rect(LayerProperties.contentsCenter)
    public var scale: Double = PropertyDefault.number(LayerProperties.contentsScale)
    public init() {}
    /// `ContentsStyle()`, made once.
    static let standard = ContentsStyle()
}

/// CATextLayer's properties.
public struct TextStyle: Sendable, Equatable {
    public var string = PropertyDefault.string(LayerProperties.string)
    public var font = PropertyDefault.string(LayerProperties.font)
    public var fontSize: Double = PropertyDefault.number(LayerProperties.fontSize)
    public var color: Color = PropertyDefault.color(LayerProperties.foregroundColor)
    public var alignment = TextAlignment(rawValue: PropertyDefault.enumCase(LayerProperties.alignmentMode)) ?? .natural
    public var wrapped = PropertyDefault.bool(LayerProperties.isWrapped)
    public var truncation = Truncation(rawValue: PropertyDefault.enumCase(LayerProperties.truncationMode)) ?? .none
    public init() {}
}

/// CAShapeLayer's properties.
public struct ShapeStyle: Sendable, Equatable {
    public var path: BezierPath?
    public var fillColor: Color = PropertyDefault.color(LayerProperties.fillColor)
    public var fillRule = FillRule(rawValue: PropertyDefault.enumCase(LayerProperties.fillRule)) ?? .nonZero
    public var strokeColor: Color = PropertyDefault.color(LayerProperties.strokeColor)
    public var lineWidth: Double = PropertyDefault.number(LayerProperties.lineWidth)
    public var lineCap = LineCap(rawValue: PropertyDefault.enumCase(LayerProperties.lineCap)) ?? .butt
    public var lineJoin = LineJoin(rawValue: PropertyDefault.enumCase(LayerProperties.lineJoin)) ?? .miter
    public var miterLimit: Double = PropertyDefault.number(LayerProperties.miterLimit)
    public var dashPattern: [Double] = []
    public var dashPhase: Double = PropertyDefault.number(LayerProperties.lineDashPhase)
    public var strokeStart: Double = PropertyDefault.number(LayerProperties.strokeStart)
    public var strokeEnd: Double = PropertyDefault.number(LayerProperties.strokeEnd)
    public init() {}
}

/// CAGradientLayer's properties.
public struct GradientStyle: Sendable, Equatable {
    public var colors: [Color] = []
    public var locations: [Double] = []
    public var startPoint = PropertyDefault.point(LayerProperties.startPoint)
    public var endPoint = PropertyDefault.point(LayerProperties.endPoint)
    public var type = GradientType(rawValue: PropertyDefault.enumCase(LayerProperties.gradientType)) ?? .axial
    public init() {}
}

/// CAReplicatorLayer's properties.
public struct ReplicatorStyle: Sendable, Equatable {
    public var count = Int(PropertyDefault.number(LayerProperties.instanceCount))
    public var delay: Double = PropertyDefault.number(LayerProperties.instanceDelay)
    public var transform: Transform3D = PropertyDefault.transform(LayerProperties.instanceTransform)
    public var color: Color = PropertyDefault.color(LayerProperties.instanceColor)
    /// Per-instance colour offsets (red, green, blue, alpha).
    public var offsets = (0.0, 0.0, 0.0, 0.0)
    /// With an instanceDelay: instance k's sublayers as presented k × delay earlier (instances[0] is
    /// the layer's own `sublayers`); empty without a delay, when every instance draws `sublayers`.
    public var instances: [[PresentationLayer]] = []
    /// Instances drawn at most (an instanceCount beyond it draws this many).
    public static let maxInstances = 100_000
    /// Instances presented separately for an instanceDelay at most; later instances repeat the last.
    public static let maxDelayedInstances = 1_000
    public init() {}
    public static func == (a: ReplicatorStyle, b: ReplicatorStyle) -> Bool {
        a.count == b.count && a.delay == b.delay && a.transform == b.transform && a.color == b.color
            && a.offsets == b.offsets && a.instances == b.instances
    }
}

/// CAEmitterLayer's particles at the frame's instant, computed by the VM with the Particles model
/// (docs/particles.md) from the layer's configuration history. Positions are in the layer's own
/// coordinates (its bounds' space), like `emitterPosition`.
public struct EmitterStyle: Sendable, Equatable {
    /// `renderMode`, in the order of `Enumerations.all["render mode"]`.
    public enum RenderMode: UInt8, Sendable { case unordered = 0, oldestFirst, oldestLast, backToFront, additive }

    /// What the renderer needs of a cell: the image each of its particles draws, and which part.
    public struct Cell: Sendable, Equatable {
        /// The cell's name (`cell spark { … }`).
        public var name: String
        /// The image name as written in the script (nil: its particles draw nothing; they may still emit).
        public var contents: String?
        public var contentsRect: Rect
        /// How the image is sampled when minified and magnified (CAEmitterCell's filters; linear, the
        /// default, is bilinear on the image itself), and the mipmap level bias of trilinear minification.
        public var minificationFilter: TextureFilter
        public var magnificationFilter: TextureFilter
        public var minificationFilterBias: Double
        public init(name: String, contents: String?, contentsRect: Rect, minificationFilter: TextureFilter = .linear,
                    magnificationFilter: TextureFilter = .linear, minificationFilterBias: Double = 0) {
            self.name = name; self.contents = contents; self.contentsRect = contentsRect
            self.minificationFilter = minificationFilter; self.magnificationFilter = magnificationFilter
            self.minificationFilterBias = minificationFilterBias
        }
    }

    /// One live particle.
    public struct Particle: Sendable, Equatable {
        /// Centre of the particle's image.
        public var position: Point
        /// Depth, for ordering only (the renderer is 2D).
        public var z: Double
        /// Scale of the cell's image (at least 0).
        public var scale: Double
        /// Rotation in radians, the sense of `transform.rotation.z`.
        public var rotation: Double
        /// Multiplied into the image (straight alpha, components 0…1).
        public var color: Color
        /// Index into `cells`.
        public var cell: Int
        /// Seconds since birth, and the particle's lifetime.
        public var age: Double, lifetime: Double
        /// The same in every frame the particle lives in.
        public var id: UInt64
        public init(position: Point, z: Double, scale: Double, rotation: Double, color: Color, cell: Int,
                    age: Double, lifetime: Double, id: UInt64) {
            self.position = position; self.z = z; self.scale = scale; self.rotation = rotation; self.color = color
            self.cell = cell; self.age = age; self.lifetime = lifetime; self.id = id
        }
    }

    public var renderMode: RenderMode = .unordered
    /// renderMode `additive`: particles composite with plus-lighter instead of source-over.
    public var additive: Bool { renderMode == .additive }
    public var preservesDepth = false
    public var cells: [Cell] = []
    /// In drawing order, first drawn bottom-most (renderMode applied).
    public var particles: [Particle] = []
    /// The factor birth rates were thinned by to stay under the particle cap (1: none).
    public var thinning: Double = 1
    /// True when a hard bound cut the particles short.
    public var truncated = false
    public init() {}
}

public enum TransitionType: UInt8, Sendable { case fade = 0, moveIn, push, reveal, flip, curlUp, curlDown }
public enum TransitionSubtype: UInt8, Sendable { case fromRight = 0, fromLeft, fromTop, fromBottom }

/// A CATransition in progress on a layer: the renderer draws `from` (the layer as it was when the
/// transition was added) giving way to the layer itself.
public struct TransitionState: Sendable, Equatable {
    public var type: TransitionType
    public var subtype: TransitionSubtype
    /// 0 … 1 (startProgress … endProgress mapped through the animation's timing).
    public var progress: Double
    public var from: [PresentationLayer]
    public init(type: TransitionType, subtype: TransitionSubtype, progress: Double, from: [PresentationLayer]) {
        self.type = type; self.subtype = subtype; self.progress = progress; self.from = from
    }
}

public struct PresentationLayer: Sendable, Equatable {
    public var name: String
    public var kind: LayerKind = .plain
    public var bounds: Rect
    public var position: Point
    public var anchorPoint: Point
    public var anchorPointZ: Double
    public var zPosition: Double
    public var transform: Transform3D
    public var sublayerTransform: Transform3D
    public var opacity: Double
    public var hidden: Bool
    public var masksToBounds: Bool
    public var doubleSided: Bool
    public var backgroundColor: Color
    public var cornerRadius: Double
    public var borderWidth: Double
    public var borderColor: Color
    public var sublayers: [PresentationLayer]
    // (the catalogue's defaults, worked out once: the presentation tree makes a PresentationLayer
    // per layer per frame, and reading each default from the catalogue was a third of that)
    public var shadow = ShadowStyle.standard
    public var contents = ContentsStyle.standard
    public var compositingFilter = PresentationLayer.standardCompositingFilter
    static let standardCompositingFilter = BlendMode(rawValue: PropertyDefault.enumCase(LayerProperties.compositingFilter)) ?? .sourceOver
    /// The kind's own properties (set for layers of that kind).
    public var text: TextStyle?
    public var shape: ShapeStyle?
    public var gradient: GradientStyle?
    public var replicator: ReplicatorStyle?
    public var emitter: EmitterStyle?
    /// Core Image filters on the layer's content (`filters`) and on what lies behind it
    /// (`backgroundFilters`), in order, with their input values this frame.
    public var filters: [FilterState] = []
    public var backgroundFilters: [FilterState] = []
    /// The mask layer, when there is one (an array so the type can hold itself).
    public var mask: [PresentationLayer] = []
    /// A transition running on the layer.
    public var transition: TransitionState?
    /// The commands of the layer's `draw` block, run for this frame (drawn over the background,
    /// in place of contents, in the layer's bounds coordinates).
    public var drawing: [DrawCommand] = []

    public init(name: String = "", bounds: Rect = PropertyDefault.rect(LayerProperties.bounds),
                position: Point = PropertyDefault.point(LayerProperties.position),
                anchorPoint: Point = PropertyDefault.point(LayerProperties.anchorPoint),
                anchorPointZ: Double = PropertyDefault.number(LayerProperties.anchorPointZ),
                zPosition: Double = PropertyDefault.number(LayerProperties.zPosition),
                transform: Transform3D = PropertyDefault.transform(LayerProperties.transform),
                sublayerTransform: Transform3D = PropertyDefault.transform(LayerProperties.sublayerTransform),
                opacity: Double = PropertyDefault.number(LayerProperties.opacity),
                hidden: Bool = PropertyDefault.bool(LayerProperties.hidden),
                masksToBounds: Bool = PropertyDefault.bool(LayerProperties.masksToBounds),
                doubleSided: Bool = PropertyDefault.bool(LayerProperties.doubleSided),
                backgroundColor: Color = PropertyDefault.color(LayerProperties.backgroundColor),
                cornerRadius: Double = PropertyDefault.number(LayerProperties.cornerRadius),
                borderWidth: Double = PropertyDefault.number(LayerProperties.borderWidth),
                borderColor: Color = PropertyDefault.color(LayerProperties.borderColor),
                sublayers: [PresentationLayer] = []) {
        self.name = name; self.bounds = bounds; self.position = position; self.anchorPoint = anchorPoint
        self.anchorPointZ = anchorPointZ; self.zPosition = zPosition; self.transform = transform
        self.sublayerTransform = sublayerTransform; self.opacity = opacity; self.hidden = hidden
        self.masksToBounds = masksToBounds; self.doubleSided = doubleSided; self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius; self.borderWidth = borderWidth; self.borderColor = borderColor
        self.sublayers = sublayers
    }

    /// The layer's frame in its superlayer's coordinates for an identity transform (seed 000:477):
    /// origin = position − anchorPoint ⊙ bounds.size.
    public var frame: Rect {
        Rect(position.x - anchorPoint.x * bounds.size.width, position.y - anchorPoint.y * bounds.size.height,
             bounds.size.width, bounds.size.height)
    }
}

/// A line `print(…)` wrote: the scene time it ran at and the values as text, separated by spaces.
public struct PrintedLine: Sendable, Equatable {
    public var time: Double
    public var text: String
    public init(time: Double, text: String) { self.time = time; self.text = text }

    /// `[0.5s] text`: the time to the microsecond in its shortest form, so it reads the same on every run.
    public var formatted: String {
        let r = (time * 1e6).rounded() / 1e6
        let t = r == r.rounded() && abs(r) < 1e15 ? String(Int64(r)) : "\(r)"
        return "[\(t)s] \(text)"
    }
}

/// One frame's worth of scene: canvas in points, pixel scale, background, orientation and the root
/// layer (whose bounds are the canvas).
public struct PresentationScene: Sendable, Equatable {
    public var size: Size
    public var scale: Double
    public var background: Color
    public var origin: Origin
    public var root: PresentationLayer
    /// What the frame's `draw` blocks printed, in the order they ran (tree order).
    public var printed: [PrintedLine] = []

    public init(size: Size, scale: Double, background: Color, origin: Origin, root: PresentationLayer) {
        self.size = size; self.scale = scale; self.background = background; self.origin = origin; self.root = root
    }

    /// Pixel dimensions: points × scale, rounded to the nearest pixel.
    public var pixelWidth: Int { Int((size.width * scale).rounded()) }
    public var pixelHeight: Int { Int((size.height * scale).rounded()) }
}

/// One command of a `draw` block (the drawLayer:inContext: delegate), in the layer's coordinates
/// (its bounds' space, y down as in the layer).
public enum DrawCommand: Sendable, Equatable {
    case fill(BezierPath, Color, FillRule)
    case stroke(BezierPath, Color, width: Double)
    case text(String, at: Point, size: Double, Color)
    case image(String, in: Rect)
}
