// Shadows of known shapes without a blur per frame. A blurred fill's σ is in the path's own units,
// so blurring the shape in its own space and then mapping the result with the layer's transform is
// exactly the shadow SPEC §4.9 asks for — and a Gaussian commutes with rotation, so a rotating or
// moving card keeps one blurred image. The image (a "sprite": 8-bit alpha on a grid of 1/s path
// units, s the map's scale, so its pixels are device-sized) is cached per renderer by path, fill
// rule, σ and s, and drawn through the map with bilinear sampling. A sprite depends only on its key,
// never on where it is drawn, so a cached and a fresh one give the same pixels.

import CalcCore
import DisplayList

/// A blurred shape: alpha on the grid x = (originX + i) / scale in path units.
final class AlphaSprite {
    let width: Int, height: Int
    let originX: Int, originY: Int
    let scale: Double
    let alpha: [UInt8]

    init(width: Int, height: Int, originX: Int, originY: Int, scale: Double, alpha: [UInt8]) {
        self.width = width; self.height = height; self.originX = originX; self.originY = originY
        self.scale = scale; self.alpha = alpha
    }
}

/// The sprites of one renderer, kept while they are used.
final class SpriteCache {
    struct Key: Hashable {
        var elements: [PathElement]
        var rule: FillRule
        var sigma: Double
        var scale: Double
    }

    /// Bytes of sprites kept at most; past it the cache starts over.
    static let budget = 64 << 20
    private var sprites: [Key: AlphaSprite] = [:]
    private var bytes = 0

    func sprite(_ key: Key, make: () -> AlphaSprite?) -> AlphaSprite? {
        if let s = sprites[key] { return s }
        guard let s = make() else { return nil }
        if bytes + s.alpha.count > SpriteCache.budget {
            sprites.removeAll(keepingCapacity: true)
            bytes = 0
        }
        sprites[key] = s
        bytes += s.alpha.count
        return s
    }
}

/// Paints `color` × a sprite's bilinearly sampled alpha.
struct SpriteShader: Shader {
    let sprite: AlphaSprite
    /// Device pixel → sprite pixel coordinates (pixel centres at +0.5).
    let map: Projective
    let color: UInt32

    init?(_ sprite: AlphaSprite, transform: Projective, color: UInt32) {
        guard let inverse = transform.inverse else { return nil }
        let s = sprite.scale
        let toSprite = Projective(m11: s, m12: 0, m13: 0, m21: 0, m22: s, m23: 0,
                                  m31: -Double(sprite.originX), m32: -Double(sprite.originY), m33: 1)
        self.sprite = sprite
        map = inverse.concat(toSprite)
        self.color = color
    }

    mutating func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let m = map
        let w = sprite.width, h = sprite.height
        let fy = Double(y) + 0.5
        sprite.alpha.withUnsafeBufferPointer { a in
            @inline(__always) func at(_ i: Int, _ j: Int) -> UInt32 {
                (i >= 0 && i < w && j >= 0 && j < h) ? UInt32(a[j * w + i]) : 0
            }
            for k in 0..<count {
                let fx = Double(x + k) + 0.5
                let ww = fx * m.m13 + fy * m.m23 + m.m33
                let sx = (fx * m.m11 + fy * m.m21 + m.m31) / ww - 0.5
                let sy = (fx * m.m12 + fy * m.m22 + m.m32) / ww - 0.5
                guard sx > -1, sy > -1, sx < Double(w), sy < Double(h) else { out[k] = 0; continue }
                let x0 = Int((sx + 1).rounded(.down)) - 1, y0 = Int((sy + 1).rounded(.down)) - 1
                let fx8 = UInt32((sx - Double(x0)) * 256), fy8 = UInt32((sy - Double(y0)) * 256)
                let top = at(x0, y0) * (256 - fx8) + at(x0 + 1, y0) * fx8
                let bottom = at(x0, y0 + 1) * (256 - fx8) + at(x0 + 1, y0 + 1) * fx8
                let v = (top * (256 - fy8) + bottom * fy8 + 32768) >> 16
                out[k] = v == 0 ? 0 : (v >= 255 ? color : PixelMath.scale(color, v))
            }
        }
    }
}
