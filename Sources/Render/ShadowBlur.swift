// A Gaussian blur of 8-bit alpha for shadows: three box passes per axis with the W3C filter-effects
// box width for σ, integer running sums (bit-identical everywhere), cost independent of σ.
// (A first version; the blur kernels of Blur.swift supersede it.)

/// Blurs A8 images in place; owns its scratch line.
struct AlphaBlur {
    private var line: [UInt32] = []
    private var tmp: [UInt8] = []

    /// Pixels of margin the blur of σ spreads into (the caller leaves them transparent around the content).
    static func margin(_ sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0 else { return 0 }
        return Int((3 * min(sigma, 2000)).rounded(.up)) + 1
    }

    /// Box width d = ⌊σ · 3√(2π)/4 + 0.5⌋ (SVG 1.1 feGaussianBlur).
    static func boxWidth(_ sigma: Double) -> Int {
        Int((min(sigma, 2000) * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
    }

    mutating func blur(_ p: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma.isFinite, sigma >= 0.3, width > 0, height > 0 else { return }
        let d = AlphaBlur.boxWidth(sigma)
        guard d > 1 else { return }
        let n = max(width, height)
        if tmp.count < n { tmp = [UInt8](repeating: 0, count: n) }
        tmp.withUnsafeMutableBufferPointer { t in
            guard let t = t.baseAddress else { return }
            for y in 0..<height { AlphaBlur.three(p + y * stride, 1, width, d, t) }
            for x in 0..<width { AlphaBlur.three(p + x, stride, height, d, t) }
        }
    }

    /// Three box passes along one line (W3C: odd d, three centred boxes; even d, two offset boxes
    /// and one of d + 1 centred).
    private static func three(_ p: UnsafeMutablePointer<UInt8>, _ step: Int, _ n: Int, _ d: Int, _ t: UnsafeMutablePointer<UInt8>) {
        for i in 0..<n { t[i] = p[i * step] }
        if d % 2 == 1 {
            box(t, n, d / 2, d / 2, d); box(t, n, d / 2, d / 2, d); box(t, n, d / 2, d / 2, d)
        } else {
            box(t, n, d / 2, d / 2 - 1, d); box(t, n, d / 2 - 1, d / 2, d); box(t, n, d / 2, d / 2, d + 1)
        }
        for i in 0..<n { p[i * step] = t[i] }
    }

    /// out[i] = round(Σ in[i − left … i + right] / size), outside the line 0.
    private static func box(_ a: UnsafeMutablePointer<UInt8>, _ n: Int, _ left: Int, _ right: Int, _ size: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { copy in
            guard let c = copy.baseAddress else { return }
            c.update(from: a, count: n)
            var sum = 0
            for i in 0..<min(right, n) { sum += Int(c[i]) }
            let half = size / 2
            for i in 0..<n {
                let add = i + right
                if add < n { sum += Int(c[add]) }
                let sub = i - left - 1
                if sub >= 0 { sum -= Int(c[sub]) }
                a[i] = UInt8((sum + half) / size)
            }
        }
    }
}
