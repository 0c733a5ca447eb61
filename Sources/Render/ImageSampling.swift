// Image paints: RasterImage (an image with its mipmap chain) and ImageShader, which samples it for
// ShaderSink. The chain is built once per image when it is loaded (images are shared read-only by
// the render threads, so nothing is built or cached while drawing): each level halves the one
// before (rounded down, at least one pixel) by exact area averaging of premultiplied pixels, so an
// odd-sized level is resampled with fractional weights instead of dropping or smearing a column.
// Sampling follows the local scale ρ of the device → image map (texels per device pixel, its
// largest singular value): bilinear on the image when magnifying (ρ ≤ 1), trilinear when minifying
// (bilinear on levels ⌊log₂ρ⌋ and the next, blended by the fraction), so a slow zoom changes the
// picture smoothly instead of shimmering. ρ is constant for an affine map (one choice per fill) and
// taken per pixel under perspective. Beyond the image its edge pixels extend (CALayer.h's rule for
// contentsRect). `.nearest` reads the nearest pixel of the image itself.
// Affine maps (the common case) step the texel position in 16.16 fixed point along the row, with no
// division per pixel (the pixels whose four texels are inside skip clamping); perspective divides
// once per pixel. Filter weights are 8-bit and all pixel arithmetic is integer with exact rounding,
// so the bytes are the same on every machine. docs/rendering.md ("Images") has the measurements.

import CalcCore
import DisplayList

/// An image ready to be drawn: premultiplied RGBA8 pixels and their mipmaps, built once and shared
/// read-only by every render thread.
public final class RasterImage: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Every level's pixels, row-major, the image itself (level 0) first.
    let texels: [UInt32]
    /// Level 0 is the image; level k + 1 is level k halved by area averaging, down to 1 × 1.
    let levels: [MipLevel]

    /// Row-major premultiplied pixels, R in the low byte.
    public var pixels: [UInt32] { Array(texels[0..<width * height]) }

    /// The image of a decoded framebuffer, with its mipmap chain.
    public init(_ fb: Framebuffer) {
        width = fb.width; height = fb.height
        var levels = [MipLevel(width: fb.width, height: fb.height, offset: 0, scaleX: 1, scaleY: 1)]
        var total = fb.width * fb.height
        var w = fb.width, h = fb.height
        while w > 1 || h > 1, w > 0, h > 0 {
            w = max(1, w / 2); h = max(1, h / 2)
            levels.append(MipLevel(width: w, height: h, offset: total,
                                   scaleX: Double(w) / Double(fb.width), scaleY: Double(h) / Double(fb.height)))
            total += w * h
        }
        let levelList = levels
        texels = [UInt32](unsafeUninitializedCapacity: total) { t, initialized in
            guard let base = t.baseAddress else { initialized = 0; return }
            fb.pixels.withUnsafeBufferPointer { p in
                if let src = p.baseAddress { base.initialize(from: src, count: p.count) }
            }
            for k in levelList.indices.dropFirst() {
                let a = levelList[k - 1], b = levelList[k]
                RasterImage.halve(base + a.offset, a.width, a.height, into: base + b.offset, b.width, b.height)
            }
            initialized = total
        }
        self.levels = levels
    }

    /// Area-averages a w × h image into w2 × h2 (each side equal, or halved rounded down). Output
    /// pixel j of a side of n → m covers input [j·n/m, (j + 1)·n/m): in units of 1/m of an input
    /// pixel every overlap is a whole number, so the weights are exact integers summing to n.
    static func halve(_ src: UnsafePointer<UInt32>, _ w: Int, _ h: Int,
                      into dst: UnsafeMutablePointer<UInt32>, _ w2: Int, _ h2: Int) {
        if w == 2 * w2 && h == 2 * h2 {
            // every output pixel is the plain mean of a 2 × 2 block: two channels per 32-bit lane
            for y in 0..<h2 {
                let r0 = src + 2 * y * w, r1 = r0 + w, o = dst + y * w2
                for x in 0..<w2 {
                    let a = r0[2 * x], b = r0[2 * x + 1], c = r1[2 * x], d = r1[2 * x + 1]
                    let m: UInt32 = 0x00FF_00FF
                    let rb = ((a & m) &+ (b & m) &+ (c & m) &+ (d & m) &+ 0x0002_0002) >> 2
                    let ga = (((a >> 8) & m) &+ ((b >> 8) & m) &+ ((c >> 8) & m) &+ ((d >> 8) & m) &+ 0x0002_0002) >> 2
                    o[x] = (rb & m) | (ga & m) << 8
                }
            }
            return
        }
        let tx = taps(w, w2), ty = taps(h, h2)
        let den = UInt64(w) * UInt64(h)
        for y in 0..<h2 {
            for x in 0..<w2 {
                var s: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
                for (iy, wy) in ty[y] {
                    let row = src + iy * w
                    for (ix, wx) in tx[x] {
                        let p = row[ix], k = wy * wx
                        s.0 += UInt64(p & 255) * k
                        s.1 += UInt64((p >> 8) & 255) * k
                        s.2 += UInt64((p >> 16) & 255) * k
                        s.3 += UInt64(p >> 24) * k
                    }
                }
                let r = (s.0 + den / 2) / den, g = (s.1 + den / 2) / den
                let b = (s.2 + den / 2) / den, a = (s.3 + den / 2) / den
                dst[y * w2 + x] = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
            }
        }
    }

    /// For each output pixel of a side of n → m, the input pixels it covers and their overlaps.
    static func taps(_ n: Int, _ m: Int) -> [[(Int, UInt64)]] {
        (0..<m).map { j in
            let lo = j * n, hi = (j + 1) * n
            return (lo / m...(hi - 1) / m).map { i in (i, UInt64(min(hi, (i + 1) * m) - max(lo, i * m))) }
        }
    }
}

/// One mipmap level: its size, where its pixels start in `RasterImage.texels`, and its size over
/// the image's (level coordinates = image coordinates × scale).
struct MipLevel: Sendable {
    let width: Int
    let height: Int
    let offset: Int
    let scaleX: Double
    let scaleY: Double
}

/// Colours a span with an image: bilinear, trilinear from the mipmaps, or nearest; tinted and faded.
struct ImageShader: Shader {
    let image: RasterImage
    /// Device pixel → image pixel coordinates (continuous, pixel centres at +0.5).
    let map: Projective
    let nearest: Bool
    let affine: Bool
    /// For an affine map: the level read (0 when magnifying) and the weight (0 … 256) of the next one.
    let level: Int
    let weight: UInt32
    /// Multipliers (0 … 255) of the premultiplied r, g, b, a: the tint's components times the alpha.
    let tint: (UInt32, UInt32, UInt32, UInt32)
    let tintMode: TintMode

    enum TintMode { case none, alpha, full }

    init?(_ image: RasterImage, _ d: ImageDraw) {
        guard image.width > 0, image.height > 0, let inverse = d.transform.inverse else { return nil }
        let dst = d.destination, src = d.source
        guard dst.size.width != 0, dst.size.height != 0 else { return nil }
        // path space → image: x_img = src.x + (x − dst.x) · src.w / dst.w
        let kx = src.size.width / dst.size.width, ky = src.size.height / dst.size.height
        let toImage = Affine2D(a: kx, b: 0, c: 0, d: ky, tx: src.origin.x - dst.origin.x * kx, ty: src.origin.y - dst.origin.y * ky)
        let m = inverse.concat(Projective(toImage))
        guard m.m11.isFinite, m.m12.isFinite, m.m13.isFinite, m.m21.isFinite, m.m22.isFinite, m.m23.isFinite,
              m.m31.isFinite, m.m32.isFinite, m.m33.isFinite else { return nil }
        self.image = image
        map = m
        nearest = d.sampling == .nearest
        affine = m.isAffine
        (level, weight) = nearest || !affine ? (0, 0) : ImageShader.detail(squared: ImageShader.squaredScale(m.m11, m.m12, m.m21, m.m22), levels: image.levels.count)
        let a = PixelMath.unit(d.alpha)
        func ch(_ v: Double) -> UInt32 { UInt32(PixelMath.byte(PixelMath.unit(v) * a)) }
        tint = (ch(d.tint.r), ch(d.tint.g), ch(d.tint.b), UInt32(PixelMath.byte(a)))
        tintMode = tint == (255, 255, 255, 255) ? .none : (tint.0 == tint.3 && tint.1 == tint.3 && tint.2 == tint.3 ? .alpha : .full)
    }

    /// The level of detail for ρ² (ρ texels per device pixel): level ⌊log₂ρ⌋ and the weight (in
    /// 1/256) of the next, log₂ρ's fraction. log₂ρ² is read from the bits of ρ² — the exponent plus
    /// log₂(1 + f) ≈ f + 0.3466·f·(1 − f) of the significand, within 0.005 and monotonic: plain
    /// arithmetic, unlike the C library's log2, and no square root. Magnifying (ρ ≤ 1, or NaN) reads
    /// level 0 only; past the last level, the last.
    @inline(__always)
    static func detail(squared rho2: Double, levels: Int) -> (Int, UInt32) {
        guard rho2 > 1 else { return (0, 0) }
        let bits = rho2.bitPattern
        let e = Int(truncatingIfNeeded: bits >> 52) &- 1023     // ρ² > 1: positive, sign bit clear
        let f = Double(bitPattern: bits & 0x000F_FFFF_FFFF_FFFF | 0x3FF0_0000_0000_0000) - 1
        let lambda = (Double(e) + f + 0.346607 * f * (1 - f)) * 0.5
        let k = Int(truncatingIfNeeded: e >> 1)
        guard k < levels - 1 else { return (levels - 1, 0) }
        // the fraction in 1/256, rounded by the same 1.5 · 2⁵² addition (0 … 256)
        return (k, UInt32(truncatingIfNeeded: ((lambda - Double(k)) * 256 + 6_755_399_441_055_744.0).bitPattern))
    }

    mutating func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        image.texels.withUnsafeBufferPointer { texels in
            image.levels.withUnsafeBufferPointer { levels in
                guard let t = texels.baseAddress, let lv = levels.baseAddress else { return }
                if !affine || !sampleAffine(t, lv, x: x, y: y, count: count, into: out) {
                    samplePerPixel(t, lv, levels.count, x: x, y: y, count: count, into: out)
                }
            }
        }
        switch tintMode {
        case .none: break
        case .alpha: for i in 0..<count { out[i] = PixelMath.scale(out[i], tint.3) }
        case .full: for i in 0..<count { out[i] = ImageShader.tinted(out[i], tint) }
        }
    }

    /// The square of the largest singular value of the 2 × 2 matrix [a b; c d].
    @inline(__always)
    static func squaredScale(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
        let s = a * a + b * b + c * c + d * d, det = a * d - b * c
        let r = s * s - 4 * det * det
        return (s + (r > 0 ? r : 0).squareRoot()) * 0.5
    }

    /// Level `l`'s texel position of the centre of column 0 of row y, minus ½ (so texel centres
    /// fall on whole numbers), and its step per column, in 16.16 fixed point, for an affine map; nil
    /// when positions are too far out to be exact that way (the per-pixel path clamps those). Spans
    /// step from column 0, so a pixel's sample does not depend on where its span begins.
    @inline(__always)
    private func rowStart(_ l: MipLevel, _ y: Int) -> (Int, Int, Int, Int)? {
        let m = map, py = Double(y) + 0.5
        let sx = (0.5 * m.m11 + py * m.m21 + m.m31) * l.scaleX - 0.5, sy = (0.5 * m.m12 + py * m.m22 + m.m32) * l.scaleY - 0.5
        let dx = m.m11 * l.scaleX, dy = m.m12 * l.scaleY
        // 2^24 texels from the origin, 2^24 over 2^15 columns: 2^40 in 16.16, far from overflow
        guard abs(sx) < 16_777_216, abs(sy) < 16_777_216, abs(dx) < 512, abs(dy) < 512 else { return nil }
        @inline(__always) func q(_ v: Double) -> Int { Int(v * 65536 + (v < 0 ? -0.5 : 0.5)) }
        return (q(sx), q(sy), q(dx), q(dy))
    }

    /// Samples a span under an affine map; false (nothing written) when its positions are too far out.
    @inline(__always)
    private func sampleAffine(_ t: UnsafePointer<UInt32>, _ lv: UnsafePointer<MipLevel>, x: Int, y: Int, count: Int,
                              into out: UnsafeMutablePointer<UInt32>) -> Bool {
        let a = lv[level]
        guard let fa = rowStart(a, y) else { return false }
        var sx = fa.0 &+ x &* fa.2, sy = fa.1 &+ x &* fa.3
        let dx = fa.2, dy = fa.3
        let pa = t + a.offset
        if nearest {
            for i in 0..<count {
                out[i] = ImageShader.point(pa, a.width, a.height, sx, sy)
                sx &+= dx; sy &+= dy
            }
        } else if weight == 0 {
            // the pixels whose four texels are all inside form one run (positions are linear in the
            // pixel): it skips the clamping, measured 1.2× faster; the ends clamp
            let (i0, i1) = ImageShader.insideRun(sx, sy, dx, dy, count, a)
            for i in 0..<i0 { out[i] = ImageShader.bilinear(pa, a.width, a.height, sx &+ i &* dx, sy &+ i &* dy) }
            for i in i1..<count { out[i] = ImageShader.bilinear(pa, a.width, a.height, sx &+ i &* dx, sy &+ i &* dy) }
            sx &+= i0 &* dx; sy &+= i0 &* dy
            for i in i0..<i1 {
                out[i] = ImageShader.bilinearInside(pa, a.width, sx, sy)
                sx &+= dx; sy &+= dy
            }
        } else {
            let b = lv[level + 1]
            guard let fb = rowStart(b, y) else { return false }
            var bx = fb.0 &+ x &* fb.2, by = fb.1 &+ x &* fb.3
            let ex = fb.2, ey = fb.3
            let pb = t + b.offset
            let w = weight
            let (a0, a1) = ImageShader.insideRun(sx, sy, dx, dy, count, a)
            let (b0, b1) = ImageShader.insideRun(bx, by, ex, ey, count, b)
            let i0 = max(a0, b0), i1 = max(i0, min(a1, b1))
            @inline(__always) func clamped(_ i: Int) -> UInt32 {
                ImageShader.mix(ImageShader.bilinear(pa, a.width, a.height, sx &+ i &* dx, sy &+ i &* dy),
                                ImageShader.bilinear(pb, b.width, b.height, bx &+ i &* ex, by &+ i &* ey), w)
            }
            for i in 0..<i0 { out[i] = clamped(i) }
            for i in i1..<count { out[i] = clamped(i) }
            sx &+= i0 &* dx; sy &+= i0 &* dy; bx &+= i0 &* ex; by &+= i0 &* ey
            for i in i0..<i1 {
                let c0 = ImageShader.bilinearInside(pa, a.width, sx, sy)
                let c1 = ImageShader.bilinearInside(pb, b.width, bx, by)
                out[i] = ImageShader.mix(c0, c1, w)
                sx &+= dx; sy &+= dy; bx &+= ex; by &+= ey
            }
        }
        return true
    }

    /// Samples a span with a division per pixel (perspective), the level of detail taken per pixel.
    private func samplePerPixel(_ t: UnsafePointer<UInt32>, _ lv: UnsafePointer<MipLevel>, _ levels: Int,
                                x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let m = map
        let py = Double(y) + 0.5
        let rx = py * m.m21 + m.m31, ry = py * m.m22 + m.m32, rw = py * m.m23 + m.m33
        @inline(__always) func q(_ v: Double, _ size: Int) -> Int {
            // clamped first (NaN → −1; the sampler clamps to the edge), then rounded to 16.16 by adding
            // 1.5 · 2⁵², which leaves the integer in the low bits: no checked conversion
            let c = v > -1 ? (v < Double(size) ? v : Double(size)) : -1
            return Int(bitPattern: UInt((c * 65536 + 6_755_399_441_055_744.0).bitPattern)) &- 0x4338_0000_0000_0000
        }
        for i in 0..<count {
            let px = Double(x &+ i) + 0.5
            let w = px * m.m13 + rw
            // behind the eye (the flattener clips there, so only on the boundary): nothing
            guard w > 0 else { out[i] = 0; continue }
            let r = 1 / w
            let ix = (px * m.m11 + rx) * r, iy = (px * m.m12 + ry) * r
            if nearest {
                let l = lv[0]
                out[i] = ImageShader.point(t, l.width, l.height, q(ix - 0.5, l.width), q(iy - 0.5, l.height))
                continue
            }
            // the Jacobian of the image position over the device pixel, and its largest singular value
            let a = (m.m11 - ix * m.m13) * r, b = (m.m12 - iy * m.m13) * r
            let c = (m.m21 - ix * m.m23) * r, d = (m.m22 - iy * m.m23) * r
            let (k0, wt) = ImageShader.detail(squared: ImageShader.squaredScale(a, b, c, d), levels: levels)
            let l0 = lv[k0]
            let c0 = ImageShader.bilinear(t + l0.offset, l0.width, l0.height,
                                          q(ix * l0.scaleX - 0.5, l0.width), q(iy * l0.scaleY - 0.5, l0.height))
            if wt == 0 { out[i] = c0; continue }
            let l1 = lv[k0 + 1]
            let c1 = ImageShader.bilinear(t + l1.offset, l1.width, l1.height,
                                          q(ix * l1.scaleX - 0.5, l1.width), q(iy * l1.scaleY - 0.5, l1.height))
            out[i] = ImageShader.mix(c0, c1, wt)
        }
    }

    /// The pixel containing position (sx, sy) + ½ (16.16 fixed point), the edge pixel beyond the image.
    @inline(__always)
    static func point(_ p: UnsafePointer<UInt32>, _ w: Int, _ h: Int, _ sx: Int, _ sy: Int) -> UInt32 {
        let x = (sx &+ 0x8000) >> 16, y = (sy &+ 0x8000) >> 16
        let cx = x < 0 ? 0 : (x < w ? x : w - 1), cy = y < 0 ? 0 : (y < h ? y : h - 1)
        return p[cy * w + cx]
    }

    /// The bilinear interpolation of the four pixels around position (sx, sy) (16.16 fixed point,
    /// pixel centres on whole numbers), clamped to the image's edge pixels.
    @inline(__always)
    static func bilinear(_ p: UnsafePointer<UInt32>, _ w: Int, _ h: Int, _ sx: Int, _ sy: Int) -> UInt32 {
        let mx = (w &- 1) << 16, my = (h &- 1) << 16
        let cx = sx < 0 ? 0 : (sx < mx ? sx : mx), cy = sy < 0 ? 0 : (sy < my ? sy : my)
        let x0 = cx >> 16, y0 = cy >> 16
        let right = x0 < w &- 1 ? 1 : 0, down = y0 < h &- 1 ? w : 0
        return mix4(p + (y0 &* w &+ x0), right, down, UInt64(truncatingIfNeeded: cx >> 8) & 255,
                    UInt64(truncatingIfNeeded: cy >> 8) & 255)
    }

    /// `bilinear` for a position whose four pixels are all in the image (see `inside`).
    @inline(__always)
    static func bilinearInside(_ p: UnsafePointer<UInt32>, _ w: Int, _ sx: Int, _ sy: Int) -> UInt32 {
        mix4(p + ((sy >> 16) &* w &+ (sx >> 16)), 1, w, UInt64(truncatingIfNeeded: sx >> 8) & 255,
             UInt64(truncatingIfNeeded: sy >> 8) & 255)
    }

    /// The run i0 ..< i1 of a span's pixels whose positions (s + i·d) have all four texels inside
    /// level `l`, so `bilinearInside` may sample them. Inside is an interval of i on each axis, so
    /// the run is found by stepping in from both ends (a pixel or two at an image's edge).
    @inline(__always)
    static func insideRun(_ sx: Int, _ sy: Int, _ dx: Int, _ dy: Int, _ count: Int, _ l: MipLevel) -> (Int, Int) {
        let mx = (l.width &- 1) << 16, my = (l.height &- 1) << 16
        @inline(__always) func ok(_ i: Int) -> Bool {
            let x = sx &+ i &* dx, y = sy &+ i &* dy
            return x >= 0 && x < mx && y >= 0 && y < my
        }
        var i0 = 0
        while i0 < count && !ok(i0) { i0 += 1 }
        var i1 = count
        while i1 > i0 && !ok(i1 &- 1) { i1 -= 1 }
        return (i0, i1)
    }

    /// Σ wᵢ·pᵢ / 65536 rounded, for the pixels q[0], q[right], q[down], q[down + right] and the 8-bit
    /// fractions' weights (256 − fx)(256 − fy), fx(256 − fy), (256 − fx)fy, fx·fy. Plain UInt64
    /// arithmetic: each row is mixed exactly in 16-bit lanes (255 · 256 fits), then the rows in
    /// 32-bit lanes, two channels at a time.
    @inline(__always)
    static func mix4(_ q: UnsafePointer<UInt32>, _ right: Int, _ down: Int, _ fx: UInt64, _ fy: UInt64) -> UInt32 {
        // channels r, b, g, a in the 16-bit lanes of a UInt64
        @inline(__always) func spread(_ v: UInt32) -> UInt64 { (UInt64(v) | UInt64(v) << 24) & 0x00FF_00FF_00FF_00FF }
        let gx = 256 &- fx
        let top = spread(q[0]) &* gx &+ spread(q[right]) &* fx
        let bottom = spread(q[down]) &* gx &+ spread(q[down &+ right]) &* fx
        let even: UInt64 = 0x0000_FFFF_0000_FFFF, half: UInt64 = 0x0000_8000_0000_8000, byte: UInt64 = 0x0000_00FF_0000_00FF
        let gy = 256 &- fy
        let rg = (((top & even) &* gy &+ (bottom & even) &* fy &+ half) >> 16) & byte
        let ba = ((((top >> 16) & even) &* gy &+ ((bottom >> 16) & even) &* fy &+ half) >> 16) & byte
        let c = rg | ba << 16
        return UInt32(truncatingIfNeeded: c | c >> 24)
    }

    /// p + (q − p) · w / 256 per channel, rounded (w in 0 … 256).
    @inline(__always)
    static func mix(_ p: UInt32, _ q: UInt32, _ w: UInt32) -> UInt32 {
        let m: UInt64 = 0x00FF_00FF_00FF_00FF
        let pp = (UInt64(p) | (UInt64(p) << 24)) & m, qq = (UInt64(q) | (UInt64(q) << 24)) & m
        let r = ((pp &* UInt64(256 &- w) &+ qq &* UInt64(w) &+ 0x0080_0080_0080_0080) >> 8) & m
        return UInt32(truncatingIfNeeded: r | (r >> 24))
    }

    @inline(__always)
    static func tinted(_ c: UInt32, _ t: (UInt32, UInt32, UInt32, UInt32)) -> UInt32 {
        let (r, g, b, a) = PixelMath.unpack(c)
        return PixelMath.pack(UInt8(PixelMath.div255(UInt32(r) * t.0)), UInt8(PixelMath.div255(UInt32(g) * t.1)),
                              UInt8(PixelMath.div255(UInt32(b) * t.2)), UInt8(PixelMath.div255(UInt32(a) * t.3)))
    }
}
