// Gaussian blur for layer shadows (σ = shadowRadius / 2, SPEC §4.9), the gaussianBlur filter
// (σ = inputRadius, SPEC §4.13) and bloom, on premultiplied RGBA8 images and 8-bit alpha masks.
//
// Design (figures in docs/rendering.md, "Blur"):
// - σ ≥ 2: three extended box filters per axis (Gwosdek et al. 2011, the scheme Pillow also uses): each
//   box is 2l+1 taps of weight 1 plus two end taps of weight α < 1, chosen so the three boxes' variance
//   is exactly σ² for any fractional σ. The cost per pixel does not depend on σ: a running sum adds the
//   entering sample and drops the leaving one. Against the erf profile of a blurred edge this is within
//   3/255 (mean below 1/255); a recursive (Young–van Vliet) filter measured no better at σ ≥ 2, much
//   worse below, and needs floating-point state.
// - 0.3 ≤ σ < 2: one pass of the exact kernel per axis (the Gaussian integrated over each pixel, at
//   most 13 taps), where three boxes are far from a Gaussian (11/255 off at σ = 0.5).
// - σ < 0.3: a copy (the kernel's side taps would round to nothing).
// All arithmetic is integer: running sums in UInt32, weights in 32-bit fixed point summing to 2³²
// (2¹⁶ for the direct kernel), intermediate passes kept with 8 fractional bits, one rounding to 8
// bits at the end of each axis. The kernel weights come from sqrt and a Taylor series for erf
// (basic operations only, no libm transcendental), so the pixels are the same on every machine.
//
// Outside the buffer is transparent: the blur of content near the edge spreads out of the buffer and
// is lost, so a caller gives a margin of `margin(sigma:)` transparent pixels around the content.
// Memory access: every pass runs over a "line group" gathered into scratch as interleaved lanes —
// 8 rows × 4 channels for the horizontal axis, 16 columns × 4 channels for the vertical one — so the
// inner loop runs over 32–64 contiguous lanes (vectorized) and a column pass reads whole cache lines
// instead of walking one column at a time. Scratch lines are owned by the GaussianBlur object and
// reused, so a warm blur allocates nothing.

/// Separable Gaussian blur of premultiplied RGBA8 pixels and 8-bit masks; owns reusable scratch memory.
/// Not thread-safe: use one per thread.
public final class GaussianBlur {
    /// Below this σ (pixels) a blur is a copy.
    public static let copyBelow = 0.3
    /// Below this σ the exact kernel is applied directly; from it on, three extended boxes.
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
    private var acc: UnsafeMutablePointer<UInt32>
    private static let maxLanes = 64
    private var plans: [BlurPlan] = []   // the last few σ, so a repeated σ recomputes no weights

    /// A blur with empty scratch; it grows to the largest image blurred and is kept.
    public init() {
        bufA = .allocate(capacity: 1); bufB = .allocate(capacity: 1)
        acc = .allocate(capacity: Self.maxLanes)
    }

    deinit {
        bufA.deallocate(); bufB.deallocate(); acc.deallocate()
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
        if px.kind != .copy {
            let g = 8, lanes = 4 * g
            ensure(samples: width + 2 * px.padding, lanes: lanes)
            var y = 0
            while y < height {
                let n = min(g, height - y)
                gatherRowsRGBA(pixels + y * stride, stride: stride, rows: n, width: width, lanes: lanes, pad: px.padding)
                let out = run(px, count: width, lanes: lanes)
                scatterRowsRGBA(out, pixels + y * stride, stride: stride, rows: n, width: width, lanes: lanes, pad: px.padding)
                y += n
            }
        }
        if py.kind != .copy {
            let c = 16, lanes = 4 * c
            ensure(samples: height + 2 * py.padding, lanes: lanes)
            var x = 0
            while x < width {
                let n = min(c, width - x)
                gatherColumnsRGBA(pixels + x, stride: stride, columns: n, height: height, lanes: lanes, pad: py.padding)
                let out = run(py, count: height, lanes: lanes)
                scatterColumnsRGBA(out, pixels + x, stride: stride, columns: n, height: height, lanes: lanes, pad: py.padding)
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
        let lanes = Self.maxLanes
        if px.kind != .copy {
            ensure(samples: width + 2 * px.padding, lanes: lanes)
            var y = 0
            while y < height {
                let n = min(lanes, height - y)
                let a = bufA + px.padding * lanes
                for x in 0..<width {
                    let d = a + x * lanes
                    for r in 0..<n { d[r] = UInt32(mask[(y + r) * stride + x]) }
                }
                zeroPadding(count: width, lanes: lanes, pad: px.padding)
                let out = run(px, count: width, lanes: lanes)
                for x in 0..<width {
                    let s = out + x * lanes
                    for r in 0..<n { mask[(y + r) * stride + x] = UInt8(truncatingIfNeeded: s[r]) }
                }
                y += n
            }
        }
        if py.kind != .copy {
            ensure(samples: height + 2 * py.padding, lanes: lanes)
            var x = 0
            while x < width {
                let n = min(lanes, width - x)
                let a = bufA + py.padding * lanes
                for y in 0..<height {
                    let s = mask + (y * stride + x), d = a + y * lanes
                    for k in 0..<n { d[k] = UInt32(s[k]) }
                }
                zeroPadding(count: height, lanes: lanes, pad: py.padding)
                let out = run(py, count: height, lanes: lanes)
                for y in 0..<height {
                    let s = out + y * lanes, d = mask + (y * stride + x)
                    for k in 0..<n { d[k] = UInt8(truncatingIfNeeded: s[k]) }
                }
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
        let s = sigma.isFinite ? min(max(sigma, 0), Self.maxSigma) : 0
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

    /// Zeroes the `pad` samples on each side of the `count` gathered into bufA.
    @inline(__always)
    private func zeroPadding(count: Int, lanes: Int, pad: Int) {
        bufA.update(repeating: 0, count: pad * lanes)
        (bufA + (pad + count) * lanes).update(repeating: 0, count: pad * lanes)
    }

    /// Runs the plan's passes over the line group gathered into bufA (sample i at bufA + (pad + i)·lanes,
    /// zeros in the padding); returns where the 8-bit results are (same layout).
    private func run(_ p: BlurPlan, count n: Int, lanes: Int) -> UnsafeMutablePointer<UInt32> {
        let a = bufA + p.padding * lanes, b = bufB + p.padding * lanes
        if p.kind == .direct {
            p.taps.withUnsafeBufferPointer { t in
                directPass(a, b, t.baseAddress!, radius: p.radius, lanes: lanes, count: n)
            }
            return b
        }
        // three boxes over a domain that shrinks by l+1 per pass, so the result is the exact convolution of
        // the zero-extended line: 8 bits → 8.8 fixed point → 8.8 → 8 bits
        let e = p.radius + 1
        boxPass(a, b, acc, lanes: lanes, from: -2 * e, to: n + 2 * e, radius: p.radius, inner: p.inner, end: p.end, shift: 24)
        boxPass(b, a, acc, lanes: lanes, from: -e, to: n + e, radius: p.radius, inner: p.inner, end: p.end, shift: 32)
        boxPass(a, b, acc, lanes: lanes, from: 0, to: n, radius: p.radius, inner: p.inner, end: p.end, shift: 40)
        return b
    }

    // MARK: - Gather and scatter (RGBA)

    /// Rows y0..<y0+rows into bufA: sample x holds, for each row r, its 4 channels at lanes 4r…4r+3.
    private func gatherRowsRGBA(_ src: UnsafeMutablePointer<UInt32>, stride: Int, rows: Int, width: Int, lanes: Int, pad: Int) {
        let a = bufA + pad * lanes
        if rows < lanes / 4 {
            // a short last group: clear the unused lanes so the passes read defined values
            for x in 0..<width { (a + x * lanes).update(repeating: 0, count: lanes) }
        }
        for r in 0..<rows {
            let s = src + r * stride
            var d = a + 4 * r
            for x in 0..<width {
                let p = s[x]
                d[0] = p & 255; d[1] = (p >> 8) & 255; d[2] = (p >> 16) & 255; d[3] = p >> 24
                d += lanes
            }
        }
        zeroPadding(count: width, lanes: lanes, pad: pad)
    }

    private func scatterRowsRGBA(_ out: UnsafeMutablePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, stride: Int, rows: Int, width: Int, lanes: Int, pad: Int) {
        for r in 0..<rows {
            let d = dst + r * stride
            var s = out + 4 * r
            for x in 0..<width {
                d[x] = s[0] | s[1] << 8 | s[2] << 16 | s[3] << 24
                s += lanes
            }
        }
    }

    /// Columns x0..<x0+columns into bufA: sample y holds, for each column k, its 4 channels at lanes 4k…4k+3.
    private func gatherColumnsRGBA(_ src: UnsafeMutablePointer<UInt32>, stride: Int, columns: Int, height: Int, lanes: Int, pad: Int) {
        let a = bufA + pad * lanes
        for y in 0..<height {
            let s = src + y * stride, d = a + y * lanes
            for k in 0..<columns {
                let p = s[k]
                d[4 * k] = p & 255; d[4 * k + 1] = (p >> 8) & 255; d[4 * k + 2] = (p >> 16) & 255; d[4 * k + 3] = p >> 24
            }
            if columns * 4 < lanes { (d + 4 * columns).update(repeating: 0, count: lanes - 4 * columns) }
        }
        zeroPadding(count: height, lanes: lanes, pad: pad)
    }

    private func scatterColumnsRGBA(_ out: UnsafeMutablePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, stride: Int, columns: Int, height: Int, lanes: Int, pad: Int) {
        for y in 0..<height {
            let s = out + y * lanes, d = dst + y * stride
            for k in 0..<columns {
                d[k] = s[4 * k] | s[4 * k + 1] << 8 | s[4 * k + 2] << 16 | s[4 * k + 3] << 24
            }
        }
    }
}

// MARK: - Passes

/// One extended box over samples from..<to: out = (inner·Σ src[i−l…i+l] + end·(src[i−l−1] + src[i+l+1]))
/// / 2³² · 2^(32−shift), rounded. `acc` holds each lane's running sum of the 2l+1 inner taps.
@inline(__always)
private func boxPass(_ src: UnsafeMutablePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, _ acc: UnsafeMutablePointer<UInt32>,
                     lanes: Int, from: Int, to: Int, radius l: Int, inner: UInt32, end: UInt32, shift: UInt64) {
    acc.update(repeating: 0, count: lanes)
    for j in (from - l)...(from + l) {
        let s = src + j * lanes
        for k in 0..<lanes { acc[k] &+= s[k] }
    }
    let rnd: UInt64 = 1 << (shift - 1)
    let wi = UInt64(inner), we = UInt64(end)
    var i = from
    while i < to {
        let lo = src + (i - l - 1) * lanes, first = src + (i - l) * lanes, hi = src + (i + l + 1) * lanes
        let o = dst + i * lanes
        for k in 0..<lanes {
            let s = acc[k], h = hi[k]
            let v = UInt64(s) &* wi &+ UInt64(lo[k] &+ h) &* we &+ rnd
            o[k] = UInt32(truncatingIfNeeded: v >> shift)
            acc[k] = s &+ h &- first[k]
        }
        i += 1
    }
}

/// The exact kernel, 2R+1 taps summing to 2¹⁶, over samples 0..<count of 8-bit values.
@inline(__always)
private func directPass(_ src: UnsafeMutablePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, _ taps: UnsafePointer<UInt32>,
                        radius r: Int, lanes: Int, count: Int) {
    for i in 0..<count {
        let o = dst + i * lanes
        for k in 0..<lanes { o[k] = 1 << 15 }
        for j in 0...(2 * r) {
            let s = src + (i + j - r) * lanes, w = taps[j]
            for k in 0..<lanes { o[k] &+= w &* s[k] }
        }
        for k in 0..<lanes { o[k] >>= 16 }
    }
}

// MARK: - Kernel design

/// The passes for one σ: a copy, the direct kernel, or three extended boxes.
struct BlurPlan {
    enum Kind { case copy, direct, boxes }
    let sigma: Double
    let kind: Kind
    /// Box: l, the inner half-width (2l+1 taps of weight `inner`, two end taps of weight `end`).
    /// Direct: R, the kernel's half-width.
    let radius: Int
    let inner: UInt32
    let end: UInt32
    /// Direct kernel weights, taps[R + j] for j in −R…R, summing to 2¹⁶.
    let taps: [UInt32]
    /// Zero samples each side of a line: 3(l+1) for boxes, R for the direct kernel.
    let padding: Int

    init(sigma s: Double) {
        sigma = s
        if !(s >= GaussianBlur.copyBelow) {
            kind = .copy; radius = 0; inner = 0; end = 0; taps = []; padding = 0
        } else if s < GaussianBlur.directBelow {
            kind = .direct; inner = 0; end = 0
            let r = Int((3 * s).rounded(.up))
            radius = r; padding = r
            taps = BlurPlan.pixelGaussian(sigma: s, radius: r)
        } else {
            kind = .boxes; taps = []
            let (l, alpha) = BlurPlan.extendedBox(variance: s * s / 3)
            radius = l; padding = 3 * (l + 1)
            // weights in 2⁻³²: L·inner + 2·end is 2³² or 2³² − 1, so a flat area keeps its value exactly
            let L = UInt64(2 * l + 1)
            let wi = UInt64((4_294_967_296.0 / (Double(L) + 2 * alpha)).rounded(.down))
            inner = UInt32(wi)
            end = UInt32((4_294_967_296 - L * wi) / 2)
        }
    }

    /// Gwosdek et al.'s extended box for one pass of the given variance: the inner half-width l and
    /// the end-tap weight α in [0, 1) such that (Σ_{|i|≤l} i² + 2α(l+1)²) / (2l+1+2α) = variance.
    static func extendedBox(variance v: Double) -> (l: Int, alpha: Double) {
        let l = Int((((12 * v + 1).squareRoot() - 1) / 2).rounded(.down))
        let L = Double(2 * l + 1), m = Double(l + 1)
        let s2 = Double(l) * m * L / 3
        let alpha = (v * L - s2) / (2 * (m * m - v))
        return (l, min(max(alpha, 0), 1))
    }

    /// The Gaussian integrated over each pixel, Φ((j+½)/σ) − Φ((j−½)/σ) for |j| ≤ R, scaled to sum to
    /// exactly 2¹⁶ (the rounding remainder goes to the centre tap).
    static func pixelGaussian(sigma s: Double, radius r: Int) -> [UInt32] {
        let k = (-r...r).map { j in erfTaylor((Double(j) + 0.5) / (s * 2.0.squareRoot())) - erfTaylor((Double(j) - 0.5) / (s * 2.0.squareRoot())) }
        let total = k.reduce(0, +)
        var w = k.map { UInt32(($0 / total * 65536).rounded()) }
        let sum = w.reduce(0, +)
        w[r] = w[r] &+ 65536 &- sum
        return w
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
