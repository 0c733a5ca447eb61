// The display list: one frame as a flat array of a few drawing operations, the contract between
// Compose (which knows Core Animation: layer kinds, shadows, masks, replicators, contents gravity)
// and the rasterizer (which knows only paths, paints, clips, groups, filters, images and sprites). Everything is in
// device pixels or carries the projective map into them, so the rasterizer needs no layer tree.
// Paths live in one element array per list and operations refer to ranges of it, so a frame of a
// thousand layers is a handful of arrays, not a thousand small ones; an emitter's particles are one
// sprite batch. The list prints as stable text (DisplayList+Print.swift), which is how lowering is
// tested, the way bytecode is by disassembly.

import CalcCore

/// A range of `DisplayList.elements`: one path.
public struct PathRef: Sendable, Hashable {
    public var start: Int32
    public var end: Int32
    public init(start: Int32, end: Int32) { self.start = start; self.end = end }
    public var isEmpty: Bool { end <= start }
    public var count: Int { Int(end - start) }
}

/// A colour stop of a gradient: straight-alpha colour at a location in 0…1.
public struct GradientStop: Sendable, Hashable {
    public var location: Double
    public var color: Color
    public init(_ location: Double, _ color: Color) { self.location = location; self.color = color }
}

/// A gradient paint. `space` maps the fill's path space to the gradient's unit space, where the
/// parameter is read: axial, t = u; radial, t = √(u² + v²); conic, t = the angle of (u, v) from +u
/// towards +v, in turns (0…1).
public struct Gradient: Sendable, Hashable {
    public var type: GradientType
    /// Sorted by location; at least one stop. Colours are straight alpha, interpolated premultiplied.
    public var stops: [GradientStop]
    public var space: Affine2D
    public init(type: GradientType, stops: [GradientStop], space: Affine2D) {
        self.type = type; self.stops = stops; self.space = space
    }
}

/// What a fill puts in the covered pixels.
public enum Paint: Sendable, Hashable {
    /// One straight-alpha colour.
    case solid(Color)
    /// `DisplayList.gradients[i]`.
    case gradient(Int32)
}

/// Fill `path` under `rule`, mapped into device pixels by `transform`, with `paint`.
public struct Fill: Sendable, Hashable {
    public var path: PathRef
    public var rule: FillRule
    public var paint: Paint
    public var transform: Projective
    public init(path: PathRef, rule: FillRule, paint: Paint, transform: Projective) {
        self.path = path; self.rule = rule; self.paint = paint; self.transform = transform
    }
}

/// Fill `path` with `color`, blurred by a Gaussian of standard deviation `sigma` in the path's own
/// units (so the blur turns and scales with the transform): a shadow whose shape is known.
public struct BlurredFill: Sendable, Hashable {
    public var path: PathRef
    public var rule: FillRule
    public var color: Color
    public var sigma: Double
    public var transform: Projective
    public init(path: PathRef, rule: FillRule, color: Color, sigma: Double, transform: Projective) {
        self.path = path; self.rule = rule; self.color = color; self.sigma = sigma; self.transform = transform
    }
}

/// How image pixels are sampled.
public enum Sampling: UInt8, Sendable, Hashable {
    /// Bilinear when magnifying, area-averaged (mipmapped) when minifying.
    case linear
    /// The nearest pixel.
    case nearest
}

/// Draw `source` (a rect in the image's pixels, y down from its top-left) onto `destination` (a rect
/// in path space), mapped into device pixels by `transform`.
public struct ImageDraw: Sendable, Hashable {
    /// `DisplayList.images[i]`.
    public var image: Int32
    public var source: Rect
    public var destination: Rect
    public var transform: Projective
    /// Multiplies the image's alpha.
    public var alpha: Double
    /// Multiplies every pixel's components (straight colour; white leaves the image as it is).
    public var tint: Color
    public var sampling: Sampling
    public init(image: Int32, source: Rect, destination: Rect, transform: Projective, alpha: Double = 1,
                tint: Color = .white, sampling: Sampling = .linear) {
        self.image = image; self.source = source; self.destination = destination; self.transform = transform
        self.alpha = alpha; self.tint = tint; self.sampling = sampling
    }
}

/// A clip: only the pixels `path` covers (under `rule`, mapped by `transform`) stay drawable until
/// the matching `popClip`. Clips nest by intersection.
public struct ClipShape: Sendable, Hashable {
    public var path: PathRef
    public var rule: FillRule
    public var transform: Projective
    public init(path: PathRef, rule: FillRule, transform: Projective) {
        self.path = path; self.rule = rule; self.transform = transform
    }
}

/// A shadow cast by a group's composited alpha: blurred by `sigma` device pixels, moved by `offset`
/// device pixels, painted `color` (its alpha the shadow's opacity) under the group's content.
public struct GroupShadow: Sendable, Hashable {
    public var color: Color
    public var offsetX: Double, offsetY: Double
    public var sigma: Double
    public init(color: Color, offsetX: Double, offsetY: Double, sigma: Double) {
        self.color = color; self.offsetX = offsetX; self.offsetY = offsetY; self.sigma = sigma
    }
}

/// An offscreen layer: what is drawn between `beginGroup` and `endGroup` is composited as one image:
/// its `filters` in order, then its mask, its shadow under it, and the whole times `opacity` blended
/// onto what lies under it with `blend` (the offscreen is isolated: blending happens only there).
public struct Group: Sendable, Hashable {
    /// Device pixels the group may touch (its content, shadow and filters' reach), already clipped to
    /// the visible region (grown by a filter's input reach, `Filter.maxInputReach` at most, so what
    /// a blur carries in is drawn); drawing outside it is lost.
    public var bounds: IRect
    public var opacity: Double
    public var blend: BlendMode
    /// True when a `beginMask` follows the content: the mask's alpha multiplies the content.
    public var masked: Bool
    public var shadow: GroupShadow?
    /// Applied to the content, in order, before the mask.
    public var filters: [Filter]
    public init(bounds: IRect, opacity: Double = 1, blend: BlendMode = .sourceOver, masked: Bool = false,
                shadow: GroupShadow? = nil, filters: [Filter] = []) {
        self.bounds = bounds; self.opacity = opacity; self.blend = blend; self.masked = masked; self.shadow = shadow
        self.filters = filters
    }
}

/// One drawing operation.
public enum DisplayOp: Sendable, Hashable {
    case beginGroup(Group)
    /// The operations from here to the group's `endGroup` draw its mask.
    case beginMask
    case endGroup
    case pushClip(ClipShape)
    case popClip
    case fill(Fill)
    case blurredFill(BlurredFill)
    case image(ImageDraw)
    /// Filters the current surface's pixels under a shape (a layer's background filters).
    case backdrop(Backdrop)
    /// An emitter layer's particles (Sprites.swift).
    case sprites(SpriteBatch)
}

/// One frame's drawing, in device pixels.
public struct DisplayList: Sendable, Hashable {
    public var width: Int
    public var height: Int
    /// The colour the frame starts as.
    public var background: Color
    public var ops: [DisplayOp] = []
    /// Every path's elements; `PathRef`s index here.
    public var elements: [PathElement] = []
    public var gradients: [Gradient] = []
    /// Image names (as the script wrote them), for `ImageDraw.image`.
    public var images: [String] = []

    public init(width: Int, height: Int, background: Color) {
        self.width = width; self.height = height; self.background = background
    }

    /// The elements of `ref`.
    public func path(_ ref: PathRef) -> ArraySlice<PathElement> { elements[Int(ref.start)..<Int(ref.end)] }

    /// Stores `path`'s elements and returns their range.
    public mutating func add(_ path: Path) -> PathRef {
        let s = Int32(elements.count)
        elements.append(contentsOf: path.elements)
        return PathRef(start: s, end: Int32(elements.count))
    }

    /// The index of image `name`, added when new.
    public mutating func imageIndex(_ name: String) -> Int32 {
        if let i = images.firstIndex(of: name) { return Int32(i) }
        images.append(name)
        return Int32(images.count - 1)
    }
}
