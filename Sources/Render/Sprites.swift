// Sprite batches (an emitter's particles, DisplayList/Sprites.swift): each sprite's image is sampled
// from a copy of its mipmap levels with a one-texel transparent border (built once per image and
// source rect, and kept by the Renderer), so the C kernel (Sources/CSpans/sprites.c) needs no bounds
// test per pixel and a sprite's edge fades over one texel, as GPU sprites with a clamp-to-border
// sampler do. Here each sprite is set up: the device → texel map in 16.16 fixed point, its filter
// (the cell's magnification filter when the map magnifies, its minification filter when it minifies:
// linear and nearest read level 0, trilinear two mipmap levels chosen once per sprite from the map's
// scale as images are, plus the cell's bias), the tint in bytes and the device box to visit. Each
// texture level also carries its quad table and the octagon of its nonzero texels for the kernel.

import CalcCore
import CSpans
import DisplayList

/// An image (or the part a sprite's source rect picks, rounded out to whole pixels) as bordered
/// mipmap levels, in one manually managed allocation the kernel reads through raw pointers.
final class SpriteTexture {
    /// The texture's top-left corner and size in the image's pixels.
    let originX: Int, originY: Int, width: Int, height: Int
    /// Per level: its size and where its bordered texels start.
    let levels: [(width: Int, height: Int, offset: Int)]
    let texels: UnsafeMutablePointer<UInt32>
    /// Per level, its quads (calc_sprite_make_quads: the four texels of each bilinear fetch in one
    /// 16-byte entry, so the AVX-512 path loads instead of gathering), or nil past `quadLimit` or
    /// the cache's quad budget.
    let quads: [UnsafeMutableRawPointer?]
    /// Per level, the octagon of its texels that are not zero (calc_sprite_content_box).
    let content: [(Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)]
    /// The largest quad table made for one level: 4 MiB (a level up to about 510 × 510 texels); larger
    /// levels are gathered.
    static let quadLimit = 4 << 20
    /// The quad tables' bytes.
    let quadBytes: Int
    /// Holds the image so its identity (the cache key) is never reused while cached.
    let image: RasterImage

    /// `quadBudget`: the bytes of quad tables this texture may make (the cache's budget left).
    init(_ image: RasterImage, x0: Int, y0: Int, x1: Int, y1: Int, quadBudget: Int = .max) {
        self.image = image
        originX = x0; originY = y0; width = x1 - x0; height = y1 - y0
        // the part's own mipmaps, unless it is the whole image
        let source: RasterImage
        if x0 == 0, y0 == 0, x1 == image.width, y1 == image.height {
            source = image
        } else {
            var fb = Framebuffer(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width { fb[x, y] = image.texels[(y0 + y) * image.width + x0 + x] }
            }
            source = RasterImage(fb)
        }
        var list: [(Int, Int, Int)] = []
        var total = 0
        for l in source.levels {
            list.append((l.width, l.height, total))
            total += (l.width + 2) * (l.height + 2)
        }
        levels = list
        let texels = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1, total))
        texels.initialize(repeating: 0, count: max(1, total))
        self.texels = texels
        source.texels.withUnsafeBufferPointer { t in
            guard let base = t.baseAddress else { return }
            for (k, l) in source.levels.enumerated() {
                let dst = texels + list[k].2
                for y in 0..<l.height {
                    (dst + (y + 1) * (l.width + 2) + 1).update(from: base + l.offset + y * l.width, count: l.width)
                }
            }
        }
        content = list.map { l in
            var box: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &box) { b in
                guard let p = b.baseAddress?.assumingMemoryBound(to: Int32.self) else { return }
                calc_sprite_content_box(texels + l.2, Int32(l.0), Int32(l.1), p)
            }
            return box
        }
        var quadBytes = 0
        quads = list.map { l in
            let bytes = calc_sprite_quads_size(Int32(l.0), Int32(l.1))
            guard bytes <= SpriteTexture.quadLimit, quadBytes + bytes <= quadBudget else { return nil }
            quadBytes += bytes
            let q = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
            calc_sprite_make_quads(texels + l.2, Int32(l.0), Int32(l.1), q.assumingMemoryBound(to: UInt8.self))
            return q
        }
        self.quadBytes = quadBytes
    }

    deinit {
        texels.deallocate()
        for q in quads { q?.deallocate() }
    }
}

/// The Renderer's sprite textures, by image and whole-pixel source rect.
final class SpriteTextures {
    struct Key: Hashable {
        let image: ObjectIdentifier
        let x0: Int, y0: Int, x1: Int, y1: Int
    }
    private var cache: [Key: SpriteTexture] = [:]
    /// Textures kept at most; past it the cache starts again (a scene rarely has more than a few).
    static let limit = 256
    /// Bytes of quad tables the cached textures may hold together (a 32×32 image's levels take 25 KB,
    /// a 256×256 one's 1.4 MB); levels made past it are drawn by gathers. Without it 256 large images
    /// could hold a gigabyte of quads.
    static let quadBudget = 64 << 20
    private var quadBytes = 0

    /// The texture for `source` (image pixels) of `image`: the rect rounded out and clamped to the image.
    func texture(_ image: RasterImage, source: Rect) -> SpriteTexture? {
        let r = source
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        let x0 = max(0, min(image.width, Int(max(-1, min(r.minX, r.maxX)).rounded(.down))))
        let x1 = max(0, min(image.width, Int(min(Double(image.width), max(r.minX, r.maxX)).rounded(.up))))
        let y0 = max(0, min(image.height, Int(max(-1, min(r.minY, r.maxY)).rounded(.down))))
        let y1 = max(0, min(image.height, Int(min(Double(image.height), max(r.minY, r.maxY)).rounded(.up))))
        guard x1 > x0, y1 > y0 else { return nil }
        let key = Key(image: ObjectIdentifier(image), x0: x0, y0: y0, x1: x1, y1: y1)
        if let t = cache[key] { return t }
        if cache.count >= SpriteTextures.limit { cache.removeAll(); quadBytes = 0 }
        let t = SpriteTexture(image, x0: x0, y0: y0, x1: x1, y1: y1, quadBudget: SpriteTextures.quadBudget - quadBytes)
        quadBytes += t.quadBytes
        cache[key] = t
        return t
    }
}

extension Execution {
    /// Sets every sprite up, then draws the batch in one call (in order).
    mutating func drawSprites(_ b: SpriteBatch) {
        let alpha = PixelMath.unit(b.alpha)
        let region = clip.rect.intersection(target.rect)
        guard alpha > 0, !region.isEmpty, !b.sprites.isEmpty else { return }
        let textures = renderer.spriteTextures
        let setups = renderer.spriteSetups.reserve(b.sprites.count)
        var count = 0
        // consecutive sprites mostly share an image and source: look the texture up once for them
        var last: (image: Int32, source: Rect, texture: SpriteTexture)?
        for s in b.sprites {
            let tex: SpriteTexture
            if let l = last, l.image == s.image, l.source == s.source {
                tex = l.texture
            } else {
                guard images.indices.contains(Int(s.image)), let image = images[Int(s.image)],
                      let t = textures.texture(image, source: s.source) else { continue }
                tex = t
                last = (s.image, s.source, t)
            }
            if Execution.setUp(s, tex, alpha: alpha, region: region, into: &setups[count]) { count += 1 }
        }
        calc_sprite_draw_batch(target.base, target.stride, Int32(target.originX), Int32(target.originY),
                               clip.mask.map { UnsafePointer($0) }, clip.stride, setups, count,
                               b.blend == .plusLighter ? 1 : 0)
    }

    /// Fills in the kernel's view of sprite `s`; false when it draws nothing.
    static func setUp(_ s: Sprite, _ tex: SpriteTexture, alpha: Double, region: IRect, into out: inout calc_sprite) -> Bool {
        // tint bytes; the colour ones never above alpha, so results stay premultiplied
        let ta = UInt32(PixelMath.byte(PixelMath.unit(s.tint.a) * alpha))
        guard ta > 0 else { return false }
        func ch(_ v: Double) -> UInt32 { min(ta, UInt32(PixelMath.byte(PixelMath.unit(v) * alpha))) }
        let box = SpriteBatch.deviceBox(s).intersection(region)
        guard !box.isEmpty else { return false }
        // device → source pixels (measured from the source's top-left), then → texture pixels
        let m = s.placement
        let det = m.a * m.d - m.b * m.c
        guard det != 0, det.isFinite else { return false }
        let ia = m.d / det, ib = -m.b / det, ic = -m.c / det, id = m.a / det
        let itx = -(ia * m.tx + ic * m.ty), ity = -(ib * m.tx + id * m.ty)
        let offX = s.source.minX - Double(tex.originX), offY = s.source.minY - Double(tex.originY)
        // texels per device pixel, squared (the largest singular value of the inverse): above 1 the
        // sprite is minified and its minification filter applies, else its magnification filter
        let rho2 = ImageShader.squaredScale(ia, ib, ic, id)
        let filter = rho2 > 1 ? s.minFilter : s.magFilter
        let (k, w) = filter == .trilinear && rho2 > 1 ? detail(squared: rho2, bias: s.minBias, levels: tex.levels.count) : (0, 0)
        // nearest: the texel the sample point falls in, floor(u + ½) in texel-centre coordinates, is
        // the bilinear tap at u + ½ with its fractions masked to 0
        let nearest = filter == .nearest
        let half = nearest ? 0 : 0.5
        let px = Double(box.x0) + 0.5, py = Double(box.y0) + 0.5
        func level(_ k: Int) -> calc_sprite_level? {
            let l = tex.levels[k]
            let sx = Double(l.width) / Double(tex.width), sy = Double(l.height) / Double(tex.height)
            // texel-centre coordinates: (source point + offset) × level scale − ½
            let u = ((ia * px + ic * py + itx) + offX) * sx - half, v = ((ib * px + id * py + ity) + offY) * sy - half
            let dudx = ia * sx, dvdx = ib * sy, dudy = ic * sx, dvdy = id * sy
            // within 2^24 texels and 2^14 texels per pixel the 16.16 integers cannot overflow
            guard abs(u) < 16_777_216, abs(v) < 16_777_216, abs(dudx) < 16384, abs(dvdx) < 16384,
                  abs(dudy) < 16384, abs(dvdy) < 16384 else { return nil }
            @inline(__always) func q(_ x: Double) -> Int64 { Int64((x * 65536).rounded(.toNearestOrAwayFromZero)) }
            return calc_sprite_level(texels: UnsafePointer(tex.texels + l.offset), width: Int32(l.width), height: Int32(l.height),
                                     stride: Int32(l.width + 2), fraction_mask: nearest ? 0 : 63,
                                     quads: tex.quads[k].map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) },
                                     content: tex.content[k], u: q(u), v: q(v),
                                     dudx: q(dudx), dvdx: q(dvdx), dudy: q(dudy), dvdy: q(dvdy))
        }
        guard let l0 = level(k) else { return false }
        out.level.0 = l0
        if w > 0, k + 1 < tex.levels.count, let l1 = level(k + 1) {
            out.level.1 = l1
            out.weight = w
        } else {
            out.level.1 = l0
            out.weight = 0
        }
        out.x0 = Int32(box.x0); out.y0 = Int32(box.y0); out.x1 = Int32(box.x1); out.y1 = Int32(box.y1)
        out.tint = (ch(s.tint.r), ch(s.tint.g), ch(s.tint.b), ta)
        return true
    }
}

extension Execution {
    /// The mipmap level and the weight (of 256) of the next one for a trilinear minification by ρ
    /// (ρ² given, > 1) with a level-of-detail bias: λ = log₂ρ + bias, by the same approximation of
    /// log₂ as images use (ImageShader.detail, which this is when the bias is 0); level 0 alone when
    /// λ ≤ 0, the last level past it.
    static func detail(squared rho2: Double, bias: Double, levels: Int) -> (Int, UInt32) {
        guard bias != 0 else { return ImageShader.detail(squared: rho2, levels: levels) }
        guard rho2 > 1, rho2.isFinite else { return rho2 > 1 ? (levels - 1, 0) : (0, 0) }
        let bits = rho2.bitPattern
        let e = Int(truncatingIfNeeded: bits >> 52) &- 1023
        let f = Double(bitPattern: bits & 0x000F_FFFF_FFFF_FFFF | 0x3FF0_0000_0000_0000) - 1
        let lambda = (Double(e) + f + 0.346607 * f * (1 - f)) * 0.5 + bias
        guard lambda > 0 else { return (0, 0) }
        guard lambda < Double(levels - 1) else { return (levels - 1, 0) }
        let k = Int(lambda.rounded(.down))
        return (k, UInt32(((lambda - Double(k)) * 256).rounded(.toNearestOrEven)))
    }
}

/// Which sprite kernel runs (for benchmarks and tests): every path gives the same bytes.
public enum SpriteKernel {
    /// Sets the widest path used — 0 plain C, 1 AVX2, 2 AVX-512, capped to what the CPU has — and
    /// returns the level set.
    @discardableResult
    public static func setLevel(_ level: Int) -> Int { Int(calc_sprites_set_simd(Int32(level))) }

    /// The widest path the CPU has.
    public static var best: Int { let b = setLevel(2); return b }
}
