// Gaussian blur for layer shadows (σ = shadowRadius / 2, SPEC §4.9), the gaussianBlur filter
// (σ = inputRadius, SPEC §4.13) and bloom, on premultiplied RGBA8 images and 8-bit alpha masks.
//
// Design (figures in docs/rendering.md, "Blur"):
// - σ ≥ 2: three box filters per axis, whose cost per pixel does not depend on σ (a running sum adds
//   the entering sample and drops the leaving one). To set the variance continuously for any fractional
//   σ, a box may be "extended" (Gwosdek et al. 2011, the scheme Pillow also uses): 2l+1 taps of weight
//   1 plus two end taps of weight α < 1. The boxes aim at 0.954σ², the scale at which three boxes come
//   closest to the erf profile (exactly σ² is 2× further off). From σ = 4 the first two boxes are plain
//   (width w ≥ 7) and keep exact integer sums, and only the third is extended and normalizes all
//   three: 1.3× faster than three normalizing boxes, as accurate. Against a true Gaussian the result is
//   within 2/255 (mean under 0.75/255) on a blurred edge at any σ; a recursive (Young–van Vliet)
//   filter measured 2–3/255 at σ ≥ 2, 5–7/255 below, and needs floating-point state.
// - 0.3 ≤ σ < 2: one pass of the exact kernel per axis (the Gaussian integrated over each pixel, at
//   most 13 taps), where three boxes are far from a Gaussian (12/255 off at σ = 0.5).
// - σ < 0.3: a copy (the kernel's side taps would round to nothing).
// Determinism: running sums are integers (Int32 lanes); each axis rounds to 8 bits once at its end
// (between three normalizing boxes, values keep 8 fractional bits). A normalizing box weights its two
// sums in Float (IEEE single multiplies and adds in a fixed order, never fused, then rounded by the
// 1.5·2²³ trick), exact to well under 1/256 and identical on every IEEE machine; the weights come from
// sqrt and a Taylor series for erf (basic operations only, no libm transcendental). So the pixels are
// the same on every machine.
//
// Outside the buffer is transparent: the blur of content near the edge spreads out of the buffer and
// is lost, so a caller gives a margin of `margin(sigma:)` transparent pixels around the content.
// Memory access: the blur runs over "line groups" gathered into scratch as lanes — 8 rows × 4
// channels for the horizontal axis, a strip of 16 columns × 4 channels (one cache line of each image
// row) for the vertical one, 64 rows or columns of a mask — in chunks of 8 lanes, each a dense column
// of samples. A pass sweeps one chunk down the line with its running sums in registers (two SIMD4
// vectors), and all passes of a chunk run while it is in cache; no pass walks a single image column.
// Scratch is owned by the GaussianBlur object and reused, so a warm blur allocates nothing.

/// Separable Gaussian blur of premultiplied RGBA8 pixels and 8-bit masks; owns reusable scratch memory.
/// Not thread-safe: use one per thread.
public final class GaussianBlur {
    /// Below this σ (pixels) a blur is a copy.
    public static let copyBelow = 0.3
    /// Below this σ the exact kernel is applied directly; from it on, three boxes.
    static let directBelow = 2.0
    /// Larger σ are clamped to this: the blur then spreads any content over more than the 16384-pixel
    /// canvas limit, and the clamp bounds scratch memory (lines grow by 6σ) and keeps sums in 32 bits.
    public static let maxSigma = 2048.0

    /// Transparent pixels needed on each side of the content so nothing of its blur is cut off by the
    /// buffer's edge: ⌈3σ⌉ (what lies beyond holds 0.13 % of the Gaussian, under 1/255 of any edge).
    public static func margin(sigma: Double) -> Int {
        guard sigma >= copyBelow else { return 0 }
        return Int((min(sigma, maxSigma) * 3).rounded(.up))
    }

    private var bufA: UnsafeMutablePointer<UInt32>
    private var bufB: UnsafeMutablePointer<UInt32>
    private var capacity = 0
    private static let maxLanes = 64
    private var plans: [BlurPlan] = []   // the last few σ, so a repeated σ recomputes no weights

    /// A blur with empty scratch; it grows to the largest image blurred and is kept.
    public init() {
        bufA = .allocate(capacity: 1); bufB = .allocate(capacity: 1)
        plans.reserveCapacity(4)
    }

    deinit {
        bufA.deallocate(); bufB.deallocate()
    }

    /// Blurs premultiplied RGBA8 pixels (R in the low byte) in place: `pixels[y * stride + x]`.
    public func blur(rgba pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int,
                     sigma: Double) {
        blur(rgba: pixels, width: width, height: height, stride: stride, sigmaX: sigma, sigmaY: sigma)
    }

    /// Blurs premultiplied RGBA8 pixels in place with a separate σ per axis (a scaled layer's shadow).
    public func blur(rgba pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int,
                     sigmaX: Double, sigmaY: Double) {
        guard width > 0, height > 0, stride >= width else { return }
        let px = plan(sigmaX), py = plan(sigmaY)
        // a group's lanes: 4 channels of each line, rounded up to the 8 lanes a pass takes at a time (a
        // short last group gets fewer lanes, not idle ones)
        func lanes(_ lines: Int) -> Int { (4 * lines + 7) & ~7 }
        if px.kind != .copy {
            let g = 8
            ensure(samples: width + 2 * px.padding, lanes: lanes(g))
            var y = 0
            while y < height {
                let n = min(g, height - y), lanes = lanes(n)
                gatherRowsRGBA(pixels + y * stride, stride: stride, rows: n, width: width, lanes: lanes, pad: px.padding)
                let out = run(px, count: width, lanes: lanes)
                scatterRowsRGBA(out, pixels + y * stride, stride: stride, rows: n, width: width, lanes: lanes, pad: px.padding)
                y += n
            }
        }
        if py.kind != .copy {
            let c = 16
            ensure(samples: height + 2 * py.padding, lanes: lanes(c))
            var x = 0
            while x < width {
                let n = min(c, width - x), lanes = lanes(n)
                gatherColumns(UnsafeRawPointer(pixels + x).assumingMemoryBound(to: UInt8.self), rowBytes: 4 * stride,
                              bytes: 4 * n, height: height, lanes: lanes, pad: py.padding)
                let out = run(py, count: height, lanes: lanes)
                scatterColumns(out, UnsafeMutableRawPointer(pixels + x).assumingMemoryBound(to: UInt8.self), rowBytes: 4 * stride,
                               bytes: 4 * n, height: height, lanes: lanes, pad: py.padding)
                x += n
            }
        }
    }

    /// Blurs an 8-bit mask in place: `mask[y * stride + x]`.
    public func blur(mask: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        blur(mask: mask, width: width, height: height, stride: stride, sigmaX: sigma, sigmaY: sigma)
    }

    /// Blurs an 8-bit mask in place with a separate σ per axis.
    public func blur(mask: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int,
                     sigmaX: Double, sigmaY: Double) {
        guard width > 0, height > 0, stride >= width else { return }
        let px = plan(sigmaX), py = plan(sigmaY)
        let g = Self.maxLanes
        if px.kind != .copy {
            ensure(samples: width + 2 * px.padding, lanes: g)
            var y = 0
            while y < height {
                let n = min(g, height - y), lanes = (n + 7) & ~7
                gatherRowsA8(mask + y * stride, stride: stride, rows: n, width: width, lanes: lanes, pad: px.padding)
                let out = run(px, count: width, lanes: lanes)
                scatterRowsA8(out, mask + y * stride, stride: stride, rows: n, width: width, lanes: lanes, pad: px.padding)
                y += n
            }
        }
        if py.kind != .copy {
            ensure(samples: height + 2 * py.padding, lanes: g)
            var x = 0
            while x < width {
                let n = min(g, width - x), lanes = (n + 7) & ~7
                gatherColumns(UnsafeRawPointer(mask + x).assumingMemoryBound(to: UInt8.self), rowBytes: stride, bytes: n,
                              height: height, lanes: lanes, pad: py.padding)
                let out = run(py, count: height, lanes: lanes)
                scatterColumns(out, UnsafeMutableRawPointer(mask + x).assumingMemoryBound(to: UInt8.self), rowBytes: stride,
                               bytes: n, height: height, lanes: lanes, pad: py.padding)
                x += n
            }
        }
    }

    /// Copies the alpha of a width × height region of premultiplied RGBA8 pixels into an 8-bit mask
    /// (a shadow's source); offset either pointer to place the region inside a margin.
    public static func extractAlpha(_ src: UnsafePointer<UInt32>, stride: Int, width: Int, height: Int,
                                    into dst: UnsafeMutablePointer<UInt8>, maskStride: Int) {
        for y in 0..<max(0, height) {
            let s = src + y * stride, d = dst + y * maskStride
            for x in 0..<max(0, width) { d[x] = UInt8(truncatingIfNeeded: s[x] >> 24) }
        }
    }

    // MARK: - Plans and scratch

    private func plan(_ sigma: Double) -> BlurPlan {
        let s = sigma > 0 ? min(sigma, Self.maxSigma) : 0   // NaN and negatives: no blur
        if let p = plans.first(where: { $0.sigma == s }) { return p }
        let p = BlurPlan(sigma: s)
        if plans.count >= 4 { plans.removeFirst() }
        plans.append(p)
        return p
    }

    /// Makes both scratch buffers hold `samples` lanes-wide samples.
    private func ensure(samples: Int, lanes: Int) {
        let need = samples * lanes
        guard need > capacity else { return }
        bufA.deallocate(); bufB.deallocate()
        bufA = .allocate(capacity: need); bufB = .allocate(capacity: need)
        capacity = need
    }

    /// Zeroes the `pad` samples on each side of the `count` gathered into bufA, in every chunk.
    @inline(__always)
    private func zeroPadding(count: Int, lanes: Int, pad: Int) {
        let cs = (count + 2 * pad) * 8
        for c in 0..<(lanes / 8) {
            (bufA + c * cs).update(repeating: 0, count: pad * 8)
            (bufA + c * cs + (pad + count) * 8).update(repeating: 0, count: pad * 8)
        }
    }

    /// Runs the plan's passes over the line group gathered into bufA and returns where the 8-bit results
    /// are (bufB, same layout). Layout: chunks of 8 lanes, each a dense column of samples — lane L of
    /// sample i (−pad ≤ i < count + pad) at (L / 8)·(count + 2·pad)·8 + (pad + i)·8 + L % 8 — so a pass
    /// sweeps contiguous memory and all three passes of a chunk run while it is in cache.
    private func run(_ p: BlurPlan, count n: Int, lanes: Int) -> UnsafeMutablePointer<UInt32> {
        let cs = (n + 2 * p.padding) * 8
        for c in 0..<(lanes / 8) {
            let a = bufA + c * cs + p.padding * 8, b = bufB + c * cs + p.padding * 8
            runChunk(p, a, b, count: n)
        }
        return bufB
    }

    @inline(__always)
    private func runChunk(_ p: BlurPlan, _ a: UnsafeMutablePointer<UInt32>, _ b: UnsafeMutablePointer<UInt32>, count n: Int) {
        let w = p.weights, l = p.radius
        switch p.kind {
        case .copy:
            return
        case .direct:
            directPass(a, b, w, radius: l, lanes: 8, count: n)
        case .sums:
            // two plain boxes of 2r+1 taps kept as integer sums, then an extended box that also
            // normalizes: each over a domain just wide enough for the passes after it
            // (an even width w spans [i − w/2, i + w/2 − 1] in the first box and [i − w/2 + 1, i + w/2]
            // in the second, so their half-pixel shifts cancel)
            let w0 = p.sumWidth, lo = w0 / 2, hi = (w0 - 1) / 2, e = l + 1
            sumPass(a, b, lanes: 8, from: -(hi + e), to: n + lo + e, before: lo, after: hi, shift: p.shifts.0)
            sumPass(b, a, lanes: 8, from: -e, to: n + e, before: hi, after: lo, shift: p.shifts.1)
            boxPass(a, b, lanes: 8, from: 0, to: n, radius: l, ci: w[0], ce: w[1])
        case .boxes:
            // three extended boxes over a domain that shrinks by l+1 per pass, so the result is the exact
            // convolution of the zero-extended line: 8 bits → 8.8 fixed point → 8.8 → 8 bits
            let e = l + 1
            boxPass(a, b, lanes: 8, from: -2 * e, to: n + 2 * e, radius: l, ci: w[0], ce: w[1])
            boxPass(b, a, lanes: 8, from: -e, to: n + e, radius: l, ci: w[2], ce: w[3])
            boxPass(a, b, lanes: 8, from: 0, to: n, radius: l, ci: w[4], ce: w[5])
        }
    }

    // MARK: - Gather and scatter (layout in `run`)

    /// Mask rows into bufA: row r is lane r. By blocks of 8 pixels, one 8-byte load per row, so the
    /// samples written stay in L1 (a 300×200 sprite blurs 1.3× faster than byte by byte down the rows).
    private func gatherRowsA8(_ src: UnsafeMutablePointer<UInt8>, stride: Int, rows: Int, width: Int, lanes: Int, pad: Int) {
        let cs = (width + 2 * pad) * 8, a = bufA + pad * 8
        if rows < lanes {   // the last chunk's unused lanes
            let d = a + (lanes / 8 - 1) * cs
            for x in 0..<width { for t in (rows & 7)..<8 { d[x * 8 + t] = 0 } }
        }
        var x0 = 0
        while x0 + 8 <= width {
            for r in 0..<rows {
                let q = UnsafeRawPointer(src + r * stride + x0).loadUnaligned(as: UInt64.self)
                let d = a + (r >> 3) * cs + x0 * 8 + (r & 7)
                for j in 0..<8 { d[j * 8] = UInt32(truncatingIfNeeded: q >> UInt64(8 * j)) & 255 }
            }
            x0 += 8
        }
        for x in x0..<width {
            for r in 0..<rows { a[(r >> 3) * cs + x * 8 + (r & 7)] = UInt32(src[r * stride + x]) }
        }
        zeroPadding(count: width, lanes: lanes, pad: pad)
    }

    private func scatterRowsA8(_ out: UnsafeMutablePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt8>, stride: Int, rows: Int, width: Int, lanes: Int, pad: Int) {
        let cs = (width + 2 * pad) * 8, o = out + pad * 8
        var x0 = 0
        while x0 + 8 <= width {
            for r in 0..<rows {
                let s = o + (r >> 3) * cs + x0 * 8 + (r & 7)
                var q: UInt64 = 0
                for j in 0..<8 { q |= UInt64(s[j * 8] & 255) << UInt64(8 * j) }
                UnsafeMutableRawPointer(dst + r * stride + x0).storeBytes(of: q, as: UInt64.self)
            }
            x0 += 8
        }
        for x in x0..<width {
            for r in 0..<rows { dst[r * stride + x] = UInt8(truncatingIfNeeded: o[(r >> 3) * cs + x * 8 + (r & 7)]) }
        }
    }

    /// RGBA rows into bufA: row r's 4 channels are lanes 4r…4r+3. By blocks of 16 pixels: each row's
    /// block is one cache line read whole, and the samples it spreads into stay in L1.
    private func gatherRowsRGBA(_ src: UnsafeMutablePointer<UInt32>, stride: Int, rows: Int, width: Int, lanes: Int, pad: Int) {
        let cs = (width + 2 * pad) * 8, a = bufA + pad * 8
        if 4 * rows < lanes {   // an odd last group: clear the unused half chunk
            let d = a + (lanes / 8 - 1) * cs + 4
            for x in 0..<width { (d + x * 8).update(repeating: 0, count: 4) }
        }
        var x0 = 0
        while x0 < width {
            let m = min(16, width - x0)
            for r in 0..<rows {
                let s = UnsafeRawPointer(src + r * stride + x0)
                let d = UnsafeMutableRawPointer(a + (r >> 1) * cs + x0 * 8 + (r & 1) * 4)
                if m == 16 {
                    for j in 0..<16 {
                        let p = s.loadUnaligned(fromByteOffset: 4 * j, as: SIMD4<UInt8>.self)
                        d.storeBytes(of: SIMD4<UInt32>(truncatingIfNeeded: p), toByteOffset: 32 * j, as: SIMD4<UInt32>.self)
                    }
                } else {
                    for j in 0..<m {
                        let p = s.loadUnaligned(fromByteOffset: 4 * j, as: SIMD4<UInt8>.self)
                        d.storeBytes(of: SIMD4<UInt32>(truncatingIfNeeded: p), toByteOffset: 32 * j, as: SIMD4<UInt32>.self)
                    }
                }
            }
            x0 += m
        }
        zeroPadding(count: width, lanes: lanes, pad: pad)
    }

    private func scatterRowsRGBA(_ out: UnsafeMutablePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, stride: Int, rows: Int, width: Int, lanes: Int, pad: Int) {
        let cs = (width + 2 * pad) * 8, o = out + pad * 8
        var x0 = 0
        while x0 < width {
            let m = min(16, width - x0)
            for r in 0..<rows {
                let d = UnsafeMutableRawPointer(dst + r * stride + x0)
                let s = UnsafeRawPointer(o + (r >> 1) * cs + x0 * 8 + (r & 1) * 4)
                if m == 16 {
                    for j in 0..<16 {
                        let v = s.loadUnaligned(fromByteOffset: 32 * j, as: SIMD4<UInt32>.self)
                        d.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: v), toByteOffset: 4 * j, as: SIMD4<UInt8>.self)
                    }
                } else {
                    for j in 0..<m {
                        let v = s.loadUnaligned(fromByteOffset: 32 * j, as: SIMD4<UInt32>.self)
                        d.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: v), toByteOffset: 4 * j, as: SIMD4<UInt8>.self)
                    }
                }
            }
            x0 += m
        }
    }

    /// A strip of columns into bufA, for RGBA (4 bytes a pixel) and masks alike: byte k of each row of
    /// the strip is lane k, so a row's bytes widen straight into its chunks.
    private func gatherColumns(_ src: UnsafePointer<UInt8>, rowBytes: Int, bytes nb: Int, height: Int, lanes: Int, pad: Int) {
        let cs = (height + 2 * pad) * 8, a = bufA + pad * 8
        for y in 0..<height {
            let s = src + y * rowBytes
            if nb == lanes {
                for c in 0..<(lanes / 8) {
                    let d = a + c * cs + y * 8, sc = s + 8 * c
                    for t in 0..<8 { d[t] = UInt32(sc[t]) }
                }
            } else {
                for k in 0..<lanes { a[(k >> 3) * cs + y * 8 + (k & 7)] = k < nb ? UInt32(s[k]) : 0 }
            }
        }
        zeroPadding(count: height, lanes: lanes, pad: pad)
    }

    private func scatterColumns(_ out: UnsafeMutablePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt8>, rowBytes: Int, bytes nb: Int, height: Int, lanes: Int, pad: Int) {
        let cs = (height + 2 * pad) * 8, o = out + pad * 8
        for y in 0..<height {
            let d = dst + y * rowBytes
            if nb == lanes {
                for c in 0..<(lanes / 8) {
                    let s = o + c * cs + y * 8, dc = d + 8 * c
                    for t in 0..<8 { dc[t] = UInt8(truncatingIfNeeded: s[t]) }
                }
            } else {
                for k in 0..<nb { d[k] = UInt8(truncatingIfNeeded: o[(k >> 3) * cs + y * 8 + (k & 7)]) }
            }
        }
    }
}

// MARK: - Passes

/// One extended box over samples from..<to: out = round(ci·Σ src[i−l…i+l] + ce·(src[i−l−1] + src[i+l+1])).
/// The running sums of the 2l+1 inner taps are integers; only the weighting of the two sums is in Float
/// (IEEE single multiply-adds, not fused, so the same on every machine), because baseline x86-64 has no
/// 32-bit integer vector multiply: measured 2× faster than 64-bit integer weights. Adding 1.5·2²³ rounds
/// a Float in [0, 2²²) to an integer (ties to even) left in its low mantissa bits, so no trapping
/// conversion is needed. Lanes go 8 at a time down the whole line, their running sums in registers
/// (15 % faster than sweeping all lanes per sample); `lanes` (the distance between samples) is a
/// multiple of 8.
@inline(__always)
private func boxPass(_ src: UnsafeMutablePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>,
                     lanes: Int, from: Int, to: Int, radius l: Int, ci: Float, ce: Float) {
    typealias V = SIMD4<Int32>
    let wi = SIMD4<Float>(repeating: ci), we = SIMD4<Float>(repeating: ce)
    let magic = SIMD4<Float>(repeating: 12_582_912), magicBits = V(repeating: 0x4B40_0000)
    let rowBytes = 4 * lanes
    var k = 0
    while k < lanes {
        let s = UnsafeRawPointer(src + k), d = UnsafeMutableRawPointer(dst + k)
        var a0 = V(), a1 = V()
        for j in (from - l)...(from + l) {
            a0 &+= s.loadUnaligned(fromByteOffset: j * rowBytes, as: V.self)
            a1 &+= s.loadUnaligned(fromByteOffset: j * rowBytes + 16, as: V.self)
        }
        var lo = s + (from - l - 1) * rowBytes, first = s + (from - l) * rowBytes, hi = s + (from + l + 1) * rowBytes
        var o = d + from * rowBytes
        for _ in from..<to {
            let h0 = hi.loadUnaligned(as: V.self), h1 = hi.loadUnaligned(fromByteOffset: 16, as: V.self)
            let e0 = lo.loadUnaligned(as: V.self) &+ h0, e1 = lo.loadUnaligned(fromByteOffset: 16, as: V.self) &+ h1
            let v0 = SIMD4<Float>(a0) * wi + SIMD4<Float>(e0) * we + magic
            let v1 = SIMD4<Float>(a1) * wi + SIMD4<Float>(e1) * we + magic
            o.storeBytes(of: unsafeBitCast(v0, to: V.self) &- magicBits, as: V.self)
            o.storeBytes(of: unsafeBitCast(v1, to: V.self) &- magicBits, toByteOffset: 16, as: V.self)
            a0 = a0 &+ h0 &- first.loadUnaligned(as: V.self)
            a1 = a1 &+ h1 &- first.loadUnaligned(fromByteOffset: 16, as: V.self)
            lo += rowBytes; first += rowBytes; hi += rowBytes; o += rowBytes
        }
        k += 8
    }
}

/// A plain box over samples from..<to, not normalized: out[i] = Σ src[i − before … i + after], shifted
/// right by `shift` (rounded) when the sums would otherwise outgrow 31 bits three passes on (σ ≳ 100).
/// Two loads, an add and a subtract per four lanes: the first two of three boxes cost a third of a
/// normalizing one, and the third box normalizes all three at once.
@inline(__always)
private func sumPass(_ src: UnsafeMutablePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>,
                     lanes: Int, from: Int, to: Int, before: Int, after: Int, shift: Int) {
    if shift == 0 {
        sumPassLoop(src, dst, lanes: lanes, from: from, to: to, before: before, after: after, shift: 0)
    } else {
        sumPassLoop(src, dst, lanes: lanes, from: from, to: to, before: before, after: after, shift: shift)
    }
}

@inline(__always)
private func sumPassLoop(_ src: UnsafeMutablePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>,
                         lanes: Int, from: Int, to: Int, before: Int, after: Int, shift: Int) {
    typealias V = SIMD4<Int32>
    let rnd = V(repeating: shift > 0 ? 1 << (shift - 1) : 0), sh = V(repeating: Int32(shift))
    let rowBytes = 4 * lanes
    var k = 0
    while k < lanes {
        let s = UnsafeRawPointer(src + k), d = UnsafeMutableRawPointer(dst + k)
        var a0 = V(), a1 = V()
        for j in (from - before)...(from + after) {
            a0 &+= s.loadUnaligned(fromByteOffset: j * rowBytes, as: V.self)
            a1 &+= s.loadUnaligned(fromByteOffset: j * rowBytes + 16, as: V.self)
        }
        var first = s + (from - before) * rowBytes, next = s + (from + after + 1) * rowBytes
        var o = d + from * rowBytes
        var i = from
        while true {
            if shift == 0 {
                o.storeBytes(of: a0, as: V.self)
                o.storeBytes(of: a1, toByteOffset: 16, as: V.self)
            } else {
                o.storeBytes(of: (a0 &+ rnd) &>> sh, as: V.self)
                o.storeBytes(of: (a1 &+ rnd) &>> sh, toByteOffset: 16, as: V.self)
            }
            i += 1
            if i == to { break }   // no update after the last output: it would read past the line
            a0 = a0 &+ next.loadUnaligned(as: V.self) &- first.loadUnaligned(as: V.self)
            a1 = a1 &+ next.loadUnaligned(fromByteOffset: 16, as: V.self) &- first.loadUnaligned(fromByteOffset: 16, as: V.self)
            first += rowBytes; next += rowBytes; o += rowBytes
        }
        k += 8
    }
}

/// The exact kernel over samples 0..<count of 8-bit values: taps[j] weighs the pair at distance j
/// (taps[0] the centre), so a symmetric kernel of 2R+1 taps costs R+1 multiplies. Products are added in
/// Float in a fixed order, never fused (the same on every machine); lanes go 8 at a time, as boxPass.
@inline(__always)
private func directPass(_ src: UnsafeMutablePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>,
                        _ taps: SIMD8<Float>, radius r: Int, lanes: Int, count: Int) {
    typealias V = SIMD4<Int32>
    let magic = SIMD4<Float>(repeating: 12_582_912), magicBits = V(repeating: 0x4B40_0000)
    let rowBytes = 4 * lanes
    let w0 = SIMD4<Float>(repeating: taps[0])
    var k = 0
    while k < lanes {
        let s = UnsafeRawPointer(src + k), d = UnsafeMutableRawPointer(dst + k)
        for i in 0..<count {
            let c = s + i * rowBytes
            var v0 = SIMD4<Float>(c.loadUnaligned(as: V.self)) * w0
            var v1 = SIMD4<Float>(c.loadUnaligned(fromByteOffset: 16, as: V.self)) * w0
            for j in 1...r {
                let a = c - j * rowBytes, b = c + j * rowBytes, w = SIMD4<Float>(repeating: taps[j])
                v0 = v0 + SIMD4<Float>(a.loadUnaligned(as: V.self) &+ b.loadUnaligned(as: V.self)) * w
                v1 = v1 + SIMD4<Float>(a.loadUnaligned(fromByteOffset: 16, as: V.self) &+ b.loadUnaligned(fromByteOffset: 16, as: V.self)) * w
            }
            let o = d + i * rowBytes
            o.storeBytes(of: unsafeBitCast(v0 + magic, to: V.self) &- magicBits, as: V.self)
            o.storeBytes(of: unsafeBitCast(v1 + magic, to: V.self) &- magicBits, toByteOffset: 16, as: V.self)
        }
        k += 8
    }
}

// MARK: - Kernel design

/// The passes for one σ: a copy, the direct kernel, three extended boxes, or two plain boxes kept as
/// integer sums and an extended box.
struct BlurPlan {
    enum Kind { case copy, direct, boxes, sums }
    let sigma: Double
    let kind: Kind
    /// Boxes and sums: l, the inner half-width of the (last) extended box (2l+1 taps of weight 1, two
    /// end taps of weight α). Direct: R, the kernel's half-width.
    let radius: Int
    /// Sums: w, the width of the two plain boxes.
    let sumWidth: Int
    /// Sums: the right shifts after the first and the second plain box (0 unless σ ≳ 100).
    let shifts: (Int, Int)
    /// Boxes: (inner, end) weights of passes 1–3, each scaled to the pass's fixed point (8 bits → 8.8 →
    /// 8.8 → 8 bits). Sums: (inner, end) of the last box, scaled to undo the sums. Direct: the taps
    /// at distance 0…R (R ≤ 6). A fixed-size vector, so a plan for a new σ allocates nothing.
    let weights: SIMD8<Float>
    /// Zero samples each side of a line: how far the passes reach, together.
    let padding: Int

    /// From this σ on, two of the three boxes are plain integer sums: their width (≥ 7) is then fine
    /// enough that one extended box can make up the variance without the three boxes differing much
    /// (below it the unequal boxes measured up to 3.2/255 off at σ = 2, against 1.2).
    static let sumsFrom = 4.0

    init(sigma s: Double) {
        sigma = s
        if !(s >= GaussianBlur.copyBelow) {
            kind = .copy; radius = 0; weights = .zero; padding = 0; sumWidth = 0; shifts = (0, 0)
        } else if s < GaussianBlur.directBelow {
            kind = .direct; sumWidth = 0; shifts = (0, 0)
            let r = Int((3 * s).rounded(.up))
            radius = r; padding = r
            weights = BlurPlan.pixelGaussian(sigma: s, radius: r)
        } else if s < BlurPlan.sumsFrom {
            kind = .boxes; sumWidth = 0; shifts = (0, 0)
            let (l, alpha) = BlurPlan.extendedBox(variance: BlurPlan.boxVariance * s * s / 3)
            radius = l; padding = 3 * (l + 1)
            let total = Double(2 * l + 1) + 2 * alpha
            weights = SIMD8(Float(256 / total), Float(256 * alpha / total), Float(1 / total), Float(alpha / total),
                            Float(1 / 256 / total), Float(alpha / 256 / total), 0, 0)
        } else {
            kind = .sums
            // the widest box whose variance (w² − 1)/12 is at most a third of the total; the extended
            // box takes the rest (at least a third, less than a third plus two width steps). Even
            // widths too: odd ones only were up to 2.6/255 off between σ = 4 and 5 (numpy scan)
            let v = BlurPlan.boxVariance * s * s
            let w = Int((4 * v + 1).squareRoot().rounded(.down))
            let (l, alpha) = BlurPlan.extendedBox(variance: v - Double(2 * (w * w - 1)) / 12)
            sumWidth = w; radius = l; padding = w - 1 + l + 1
            // sums must stay below 2³¹ (Int32 lanes, Float conversion): 255·w after the first box,
            // ·w after the second (shifted by k1), ·(2l+3) in the last box (shifted by k2)
            var k1 = 0, k2 = 0
            while 255 * Double(w) * Double(w) / Double(1 << k1) >= 2_147_483_648 { k1 += 1 }
            while 255 * Double(w) * Double(w) * Double(2 * l + 3) / Double(1 << (k1 + k2)) >= 2_147_483_648 { k2 += 1 }
            shifts = (k1, k2)
            let scale = Double(w) * Double(w) / Double(1 << (k1 + k2))
            let total = (Double(2 * l + 1) + 2 * alpha) * scale
            weights = SIMD8(Float(1 / total), Float(alpha / total), 0, 0, 0, 0, 0, 0)
        }
    }

    /// The variance the three boxes aim at, as a fraction of σ². Three boxes have lighter tails than a
    /// Gaussian; at exactly σ² their edge profile is up to 2.5/255 from erf's (continuous limit), at
    /// 0.954σ² — the minimax scale — 1.3/255, and the line profile is no worse (docs/rendering.md).
    static let boxVariance = 0.954

    /// Gwosdek et al.'s extended box for one pass of the given variance: the inner half-width l and
    /// the end-tap weight α in [0, 1) such that (Σ_{|i|≤l} i² + 2α(l+1)²) / (2l+1+2α) = variance.
    static func extendedBox(variance v: Double) -> (l: Int, alpha: Double) {
        let l = Int((((12 * v + 1).squareRoot() - 1) / 2).rounded(.down))
        let L = Double(2 * l + 1), m = Double(l + 1)
        let s2 = Double(l) * m * L / 3
        let alpha = (v * L - s2) / (2 * (m * m - v))
        return (l, min(max(alpha, 0), 1))
    }

    /// The Gaussian integrated over each pixel, Φ((j+½)/σ) − Φ((j−½)/σ) for j = 0…R (R ≤ 6), normalized
    /// so the 2R+1 taps sum to 1.
    static func pixelGaussian(sigma s: Double, radius r: Int) -> SIMD8<Float> {
        var k = SIMD8<Double>.zero, total = 0.0
        let scale = 1 / (s * 2.0.squareRoot())
        for j in 0...r {
            k[j] = erfTaylor((Double(j) + 0.5) * scale) - erfTaylor((Double(j) - 0.5) * scale)
            total += j == 0 ? k[j] : 2 * k[j]
        }
        var t = SIMD8<Float>.zero
        for j in 0...r { t[j] = Float(k[j] / total) }
        return t
    }

    /// erf(x) by its Maclaurin series, in basic operations only (so the weights are the same on every
    /// machine); accurate to ~1e-9 for |x| ≤ 4, ±1 beyond (erfc(4) is 1.5e-8).
    static func erfTaylor(_ x: Double) -> Double {
        if x > 4 { return 1 }
        if x < -4 { return -1 }
        let x2 = x * x
        var term = x, sum = x
        var n = 0
        while n < 200 {
            n += 1
            term = -term * x2 / Double(n)
            let t = term / Double(2 * n + 1)
            sum += t
            if abs(t) < 1e-17 { break }
        }
        return sum * 1.1283791670955126   // 2/√π
    }
}
