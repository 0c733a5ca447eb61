// Shadows of known shapes without a blur per frame. A blurred fill's σ is in the path's own units,
// so blurring the shape in its own space and then mapping the result with the layer's transform is
// exactly the shadow SPEC §4.9 asks for — and a Gaussian commutes with rotation, so a rotating or
// moving card keeps one blurred image. The image (a "sprite": 8-bit alpha on a grid of 1/s path
// units, s the map's scale, so its pixels are device-sized) is cached per renderer by path, fill
// rule, σ and s, and drawn through the map with bilinear sampling. A sprite depends only on its key,
// never on where it is drawn, so a cached and a fresh one give the same pixels.

import CalcCore
import CRaster
import DisplayList

/// A blurred shape: alpha on the grid x = (originX + i) / scale in path units.
final class AlphaSprite {
    let width: Int, height: Int
    let originX: Int, originY: Int
    let scale: Double
    let alpha: [UInt8]
    /// The alpha with a ring of zeros around it, (width + 2) × (height + 2): what the C kernel
    /// samples, so that taps just outside the sprite need no bounds check.
    let padded: UnsafeMutablePointer<UInt8>

    init(width: Int, height: Int, originX: Int, originY: Int, scale: Double, alpha: [UInt8]) {
        self.width = width; self.height = height; self.originX = originX; self.originY = originY
        self.scale = scale; self.alpha = alpha
        let stride = width + 2
        padded = .allocate(capacity: stride * (height + 2))
        padded.initialize(repeating: 0, count: stride * (height + 2))
        alpha.withUnsafeBufferPointer { a in
            guard let src = a.baseAddress else { return }
            for j in 0..<height { (padded + ((j + 1) * stride + 1)).update(from: src + j * width, count: width) }
        }
    }

    deinit { padded.deallocate() }
}
/// The sprites of one renderer, kept while they are used.
final class SpriteCache {
    struct Key: Hashable {
        var elements: [PathElement]
        var rule: FillRule
        var sigma: Double
        var scale: Double
        /// The part made, for a sprite too large to make whole (nil: all of it)
        var window: IRect?
    }

    /// Bytes of sprites kept at most; past it the cache starts over.
    static let budget = 64 << 20
    private var sprites: [Key: AlphaSprite] = [:]
    private var bytes = 0

    /// The pixel counts of the sprites kept (for tests).
    var pixelCounts: [Int] { sprites.values.map { $0.width * $0.height } }

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

/// Paints `color` × a sprite's bilinearly sampled alpha through the coverage and the clip mask, in one
/// C pass per span (calc_shadow_sprite_span: the sampling arithmetic is Swift's, done in the same order).
/// Columns [skipLo, skipHi) of a row are left alone: an opaque fill drawn right after the shadow
/// covers them fully (Execution.blurredFill), so whatever the shadow put there would be overwritten.
struct SpriteSink: CoverageSink {
    let sprite: AlphaSprite
    private var params: calc_shadow_sprite
    let surface: Surface
    let mask: UnsafeMutablePointer<UInt8>?
    let maskStride: Int
    /// Per row from skipTop on, the columns [lo, hi) to leave alone (lo ≥ hi: none).
    let skip: UnsafePointer<Int32>?
    let skipTop: Int, skipRows: Int
    private var y = 0
    private var rowBase: UnsafeMutablePointer<UInt32>
    private var skipLo = 0, skipHi = 0

    init?(_ sprite: AlphaSprite, transform: Projective, color: UInt32, surface: Surface,
          mask: UnsafeMutablePointer<UInt8>?, maskStride: Int, skip: UnsafePointer<Int32>?, skipTop: Int, skipRows: Int) {
        guard let inverse = transform.inverse else { return nil }
        let s = sprite.scale
        let toSprite = Projective(m11: s, m12: 0, m13: 0, m21: 0, m22: s, m23: 0,
                                  m31: -Double(sprite.originX), m32: -Double(sprite.originY), m33: 1)
        let m = inverse.concat(toSprite)
        self.sprite = sprite
        params = calc_shadow_sprite(alpha: UnsafePointer(sprite.padded), width: Int64(sprite.width), height: Int64(sprite.height),
                             m11: m.m11, m12: m.m12, m13: m.m13, m21: m.m21, m22: m.m22, m23: m.m23,
                             m31: m.m31, m32: m.m32, m33: m.m33, color: color)
        self.surface = surface; self.mask = mask; self.maskStride = maskStride
        self.skip = skip; self.skipTop = skipTop; self.skipRows = skipRows
        rowBase = surface.base
    }

    @inline(__always)
    mutating func row(_ y: Int) {
        self.y = y
        rowBase = surface.base + ((y - surface.originY) * surface.stride - surface.originX)
        let r = y - skipTop
        if let t = skip, r >= 0, r < skipRows {
            skipLo = Int(t[2 * r]); skipHi = Int(t[2 * r + 1])
        } else {
            skipLo = 0; skipHi = 0
        }
    }

    @inline(__always)
    private mutating func draw(_ x0: Int, _ x1: Int, _ coverage: UInt32) {
        guard x1 > x0 else { return }
        let m = mask.map { UnsafePointer($0 + (y * maskStride + x0)) }
        withUnsafePointer(to: &params) { p in
            calc_shadow_sprite_span(rowBase + x0, m, Int64(x0), Int64(y), x1 - x0, coverage, p)
        }
    }

    @inline(__always)
    mutating func span(x: Int, count: Int, coverage: UInt32) {
        let end = x + count
        if skipHi > skipLo && skipLo < end && skipHi > x {
            draw(x, skipLo, coverage)
            draw(skipHi, end, coverage)
        } else {
            draw(x, end, coverage)
        }
    }

    @inline(__always)
    mutating func pixel(x: Int, coverage: UInt32) { span(x: x, count: 1, coverage: coverage) }
}

/// Records, per row, the longest run of pixels a fill covers completely (coverage 255): columns
/// [table[2r], table[2r + 1]) for row top + r. Rows with none keep [0, 0).
struct FullSpanSink: CoverageSink {
    let table: UnsafeMutablePointer<Int32>
    let top: Int, rows: Int
    private var r = 0

    init(table: UnsafeMutablePointer<Int32>, top: Int, rows: Int) {
        self.table = table; self.top = top; self.rows = rows
        table.initialize(repeating: 0, count: 2 * rows)
    }

    @inline(__always) mutating func row(_ y: Int) { r = y - top }

    @inline(__always)
    mutating func span(x: Int, count: Int, coverage: UInt32) {
        guard coverage == 255, r >= 0, r < rows else { return }
        if count > Int(table[2 * r + 1]) - Int(table[2 * r]) {
            table[2 * r] = Int32(truncatingIfNeeded: x); table[2 * r + 1] = Int32(truncatingIfNeeded: x + count)
        }
    }

    @inline(__always) mutating func pixel(x: Int, coverage: UInt32) {}
}
