// Paints other than a solid colour: a shader colours the pixels of a covered span (premultiplied,
// into a scratch row) and ShaderSink blends them through the coverage and the clip mask. Gradients
// are read from a lookup table of premultiplied colours built once per fill (interpolation in
// premultiplied space, so a stop that fades to transparent brings no dark fringe); images are
// sampled bilinearly with their edge pixels extended, tinted and faded.

import CalcCore
import DisplayList

/// Colours pixels for a span.
protocol Shader {
    /// Premultiplied colours of device pixels x ..< x + count of row y, into `out`.
    mutating func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>)
}

/// Blends a shader's colours through the coverage, honouring the clip mask.
struct ShaderSink<S: Shader>: CoverageSink {
    var shader: S
    let surface: Surface
    let mask: UnsafeMutablePointer<UInt8>?
    let maskStride: Int
    private var y = 0
    private var rowBase: UnsafeMutablePointer<UInt32>
    private var scratch: UnsafeMutablePointer<UInt32>
    static var chunk: Int { 256 }

    /// `scratch` holds at least `chunk` pixels.
    init(shader: S, surface: Surface, mask: UnsafeMutablePointer<UInt8>?, maskStride: Int,
         scratch: UnsafeMutablePointer<UInt32>) {
        self.shader = shader; self.surface = surface; self.mask = mask; self.maskStride = maskStride
        rowBase = surface.base
        self.scratch = scratch
    }

    @inline(__always)
    mutating func row(_ y: Int) {
        self.y = y
        rowBase = surface.base + (y - surface.originY) * surface.stride
    }

    mutating func span(x: Int, count: Int, coverage: UInt32) {
        var done = 0
        while done < count {
            let n = min(Self.chunk, count - done)
            let x0 = x + done
            shader.shade(x: x0, y: y, count: n, into: scratch)
            Spans.blendCovered(rowBase + (x0 - surface.originX), scratch, n, coverage,
                               mask.map { $0 + (y * maskStride + x0) })
            done += n
        }
    }

    @inline(__always)
    mutating func pixel(x: Int, coverage: UInt32) { span(x: x, count: 1, coverage: coverage) }
}

/// An image ready to be drawn: premultiplied RGBA8 pixels, shared read-only by every render thread.
public final class RasterImage: Sendable {
    public let width: Int
    public let height: Int
    /// Row-major premultiplied pixels, R in the low byte.
    public let pixels: [UInt32]

    /// The image of a decoded framebuffer.
    public init(_ fb: Framebuffer) {
        width = fb.width; height = fb.height; pixels = fb.pixels
    }
}

// MARK: - Gradients

struct GradientShader: Shader {
    static let lutSize = 1024
    let type: GradientType
    /// Device pixel → gradient unit space.
    let map: Projective
    let lut: [UInt32]

    init?(_ g: Gradient, deviceToPath: Projective) {
        guard !g.stops.isEmpty else { return nil }
        type = g.type
        map = deviceToPath.concat(Projective(g.space))
        lut = GradientShader.table(g.stops)
    }

    /// Premultiplied colours at t = i / (lutSize − 1).
    static func table(_ stops: [GradientStop]) -> [UInt32] {
        let n = lutSize
        var out = [UInt32](repeating: 0, count: n)
        func premul(_ c: Color) -> (Double, Double, Double, Double) {
            let a = PixelMath.unit(c.a)
            return (PixelMath.unit(c.r) * a, PixelMath.unit(c.g) * a, PixelMath.unit(c.b) * a, a)
        }
        var k = 0
        for i in 0..<n {
            let t = Double(i) / Double(n - 1)
            while k + 1 < stops.count && stops[k + 1].location <= t { k += 1 }
            let c: (Double, Double, Double, Double)
            if t <= stops[0].location {
                c = premul(stops[0].color)
            } else if k + 1 >= stops.count {
                c = premul(stops[stops.count - 1].color)
            } else {
                let a = stops[k], b = stops[k + 1]
                let span = b.location - a.location
                let f = span > 0 ? (t - a.location) / span : 1
                let ca = premul(a.color), cb = premul(b.color)
                c = (ca.0 + (cb.0 - ca.0) * f, ca.1 + (cb.1 - ca.1) * f, ca.2 + (cb.2 - ca.2) * f, ca.3 + (cb.3 - ca.3) * f)
            }
            out[i] = PixelMath.pack(PixelMath.byte(c.0), PixelMath.byte(c.1), PixelMath.byte(c.2), PixelMath.byte(c.3))
        }
        return out
    }

    /// The angle of (u, v) from +u towards +v in turns, 0 ≤ t < 1, from a polynomial (plain
    /// arithmetic, the same on every machine, unlike the C library's atan2); error below 1e-5 turn.
    static func turns(_ u: Double, _ v: Double) -> Double {
        let au = abs(u), av = abs(v)
        let hi = max(au, av)
        guard hi > 0, hi.isFinite else { return 0 }
        let z = min(au, av) / hi
        let z2 = z * z
        // atan(z) on [0, 1] / (2π): odd minimax polynomial
        var a = ((((-0.0040540580 * z2 + 0.0218612288) * z2 - 0.0559098861) * z2 + 0.0964200441) * z2 - 0.1390853351) * z2
        a = (a + 0.1994653599) * z2 - 0.3332985605
        a = (a * z2 + 0.9999993329) * z * (1 / (2 * Double.pi))
        if av > au { a = 0.25 - a }
        if u < 0 { a = 0.5 - a }
        if v < 0 { a = 1 - a }
        return a >= 1 ? 0 : a
    }

    mutating func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let m = map
        let fy = Double(y) + 0.5
        let last = Double(GradientShader.lutSize - 1)
        lut.withUnsafeBufferPointer { lut in
            for i in 0..<count {
                let fx = Double(x + i) + 0.5
                let w = fx * m.m13 + fy * m.m23 + m.m33
                let u = (fx * m.m11 + fy * m.m21 + m.m31) / w
                let v = (fx * m.m12 + fy * m.m22 + m.m32) / w
                var t: Double
                switch type {
                case .axial: t = u
                case .radial: t = (u * u + v * v).squareRoot()
                case .conic:
                    t = GradientShader.turns(u, v)
                    if t < 0 { t += 1 }
                }
                t = t > 0 ? (t < 1 ? t : 1) : 0     // NaN → 0
                out[i] = lut[Int((t * last).rounded())]
            }
        }
    }
}

// MARK: - Images

struct ImageShader: Shader {
    let image: RasterImage
    /// Device pixel → image pixel coordinates (continuous, pixel centres at +0.5).
    let map: Projective
    let tint: (UInt32, UInt32, UInt32, UInt32)
    let plainTint: Bool

    init?(_ image: RasterImage, _ d: ImageDraw) {
        guard image.width > 0, image.height > 0, let inverse = d.transform.inverse else { return nil }
        let dst = d.destination, src = d.source
        guard dst.size.width != 0, dst.size.height != 0 else { return nil }
        // path space → image: x_img = src.x + (x − dst.x) · src.w / dst.w
        let kx = src.size.width / dst.size.width, ky = src.size.height / dst.size.height
        let toImage = Affine2D(a: kx, b: 0, c: 0, d: ky, tx: src.origin.x - dst.origin.x * kx, ty: src.origin.y - dst.origin.y * ky)
        self.image = image
        map = inverse.concat(Projective(toImage))
        let a = PixelMath.unit(d.alpha)
        func ch(_ v: Double) -> UInt32 { UInt32(PixelMath.byte(PixelMath.unit(v) * a)) }
        tint = (ch(d.tint.r), ch(d.tint.g), ch(d.tint.b), UInt32(PixelMath.byte(a)))
        plainTint = tint == (255, 255, 255, 255)
    }

    mutating func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let m = map
        let w = image.width, h = image.height
        let fy = Double(y) + 0.5
        image.pixels.withUnsafeBufferPointer { px in
            for i in 0..<count {
                let fx = Double(x + i) + 0.5
                let ww = fx * m.m13 + fy * m.m23 + m.m33
                var sx = (fx * m.m11 + fy * m.m21 + m.m31) / ww - 0.5
                var sy = (fx * m.m12 + fy * m.m22 + m.m32) / ww - 0.5
                if !(sx.isFinite && sy.isFinite) { out[i] = 0; continue }
                sx = max(0, min(Double(w - 1), sx)); sy = max(0, min(Double(h - 1), sy))
                let x0 = Int(sx), y0 = Int(sy)
                let x1 = min(x0 + 1, w - 1), y1 = min(y0 + 1, h - 1)
                let fx8 = UInt32((sx - Double(x0)) * 256), fy8 = UInt32((sy - Double(y0)) * 256)
                let c = ImageShader.bilinear(px[y0 * w + x0], px[y0 * w + x1], px[y1 * w + x0], px[y1 * w + x1], fx8, fy8)
                out[i] = plainTint ? c : ImageShader.tinted(c, tint)
            }
        }
    }

    /// Bilinear mix of four premultiplied pixels with weights in 1/256.
    @inline(__always)
    static func bilinear(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ fx: UInt32, _ fy: UInt32) -> UInt32 {
        func lerp(_ p: UInt32, _ q: UInt32, _ f: UInt32) -> UInt32 {
            let m: UInt64 = 0x00FF_00FF_00FF_00FF
            let pp = (UInt64(p) | (UInt64(p) << 24)) & m, qq = (UInt64(q) | (UInt64(q) << 24)) & m
            let r = ((pp &* UInt64(256 - f) &+ qq &* UInt64(f) &+ 0x0080_0080_0080_0080) >> 8) & m
            return UInt32(truncatingIfNeeded: r | (r >> 24))
        }
        return lerp(lerp(a, b, fx), lerp(c, d, fx), fy)
    }

    @inline(__always)
    static func tinted(_ c: UInt32, _ t: (UInt32, UInt32, UInt32, UInt32)) -> UInt32 {
        let (r, g, b, a) = PixelMath.unpack(c)
        return PixelMath.pack(UInt8(PixelMath.div255(UInt32(r) * t.0)), UInt8(PixelMath.div255(UInt32(g) * t.1)),
                              UInt8(PixelMath.div255(UInt32(b) * t.2)), UInt8(PixelMath.div255(UInt32(a) * t.3)))
    }
}
