// A batch of sprites: one emitter layer's live particles as one operation, so a frame of 10 000
// particles is one op and one contiguous array, not 10 000 image drawings. Each sprite is part of
// an image placed in device pixels by an affine map (position, scale and spin already composed with
// the layer's transform), multiplied by a premultiplied tint; the batch blends its sprites one after
// another, in array order, with source-over or plus-lighter (renderMode `additive`).

import CalcCore

/// How a batch's sprites composite onto what lies under them.
public enum SpriteBlend: UInt8, Sendable, Hashable {
    /// Premultiplied source-over.
    case sourceOver
    /// Premultiplied plus-lighter: each channel the sum, clamped to 1 (renderMode `additive`).
    case plusLighter
}

/// One particle's picture.
public struct Sprite: Sendable, Hashable {
    /// `DisplayList.images[i]`.
    public var image: Int32
    /// The part of the image drawn, in its pixels (y down from its top-left).
    public var source: Rect
    /// Maps a point of the source (its pixels, measured from the source's top-left corner) to device
    /// pixels: the sprite covers the image of the rectangle (0, 0)–(source width, source height).
    public var placement: Affine2D
    /// Premultiplied multipliers of the image's premultiplied channels (r·a, g·a, b·a, a for a
    /// straight colour r, g, b, a): white leaves the image as it is, its alpha fades it.
    public var tint: Color
    /// How the image is sampled where the placement minifies it (more than one texel a device pixel)
    /// and where it magnifies it: `linear` (bilinear on the image itself, Core Animation's default),
    /// `nearest`, or `trilinear` (from the mipmaps; as linear when magnifying).
    public var minFilter: TextureFilter
    public var magFilter: TextureFilter
    /// Added to the level of detail (log₂ of texels per pixel) of a trilinear minification.
    public var minBias: Double
    public init(image: Int32, source: Rect, placement: Affine2D, tint: Color, minFilter: TextureFilter = .linear,
                magFilter: TextureFilter = .linear, minBias: Double = 0) {
        self.image = image; self.source = source; self.placement = placement; self.tint = tint
        self.minFilter = minFilter; self.magFilter = magFilter; self.minBias = minBias
    }
}

/// Sprites drawn in order (first drawn bottom-most), each sampled by its filters (bilinear by default;
/// from the mipmaps when its minification filter is trilinear) as if the source had a transparent
/// border, so its edges fade over one texel.
public struct SpriteBatch: Sendable, Hashable {
    public var sprites: [Sprite]
    public var blend: SpriteBlend
    /// Multiplies every sprite's tint (an opacity folded in from a dissolved group).
    public var alpha: Double
    public init(sprites: [Sprite], blend: SpriteBlend = .sourceOver, alpha: Double = 1) {
        self.sprites = sprites; self.blend = blend; self.alpha = alpha
    }

    /// The device pixels the sprite may touch: its quad's box, one pixel wider on every side for
    /// the transparent border's fade (empty when the placement is not finite).
    public static func deviceBox(_ s: Sprite) -> IRect {
        let m = s.placement, w = s.source.size.width, h = s.source.size.height
        let ax = m.a * w, ay = m.b * w, cx = m.c * h, cy = m.d * h
        let x0 = m.tx + min(0, ax) + min(0, cx), x1 = m.tx + max(0, ax) + max(0, cx)
        let y0 = m.ty + min(0, ay) + min(0, cy), y1 = m.ty + max(0, ay) + max(0, cy)
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return .empty }
        // the border fades over one texel: up to |placement| device pixels beyond the quad
        let reach = max(abs(m.a) + abs(m.c), abs(m.b) + abs(m.d))
        return IRect(covering: x0 - reach - 1, y0 - reach - 1, x1 + reach + 1, y1 + reach + 1)
    }
}
