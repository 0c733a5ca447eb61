// The presentation tree: the contract between the VM and the renderer. The VM computes it for one
// instant (model values with animations applied, SPEC §1); the renderer lays it out and draws it.
// Plain values only, so frames can be rendered on any thread in any order.

public struct PresentationLayer: Sendable, Equatable {
    public var name: String
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

    public init(name: String = "", bounds: Rect = .zero, position: Point = .zero, anchorPoint: Point = Point(0.5, 0.5),
                anchorPointZ: Double = 0, zPosition: Double = 0, transform: Transform3D = .identity,
                sublayerTransform: Transform3D = .identity, opacity: Double = 1, hidden: Bool = false,
                masksToBounds: Bool = false, doubleSided: Bool = true, backgroundColor: Color = .clear,
                cornerRadius: Double = 0, borderWidth: Double = 0, borderColor: Color = .black,
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

/// One frame's worth of scene: canvas in points, pixel scale, background, orientation and the root
/// layer (whose bounds are the canvas).
public struct PresentationScene: Sendable, Equatable {
    public var size: Size
    public var scale: Double
    public var background: Color
    public var origin: Origin
    public var root: PresentationLayer

    public init(size: Size, scale: Double, background: Color, origin: Origin, root: PresentationLayer) {
        self.size = size; self.scale = scale; self.background = background; self.origin = origin; self.root = root
    }

    /// Pixel dimensions: points × scale, rounded to the nearest pixel.
    public var pixelWidth: Int { Int((size.width * scale).rounded()) }
    public var pixelHeight: Int { Int((size.height * scale).rounded()) }
}
