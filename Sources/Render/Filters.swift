// Filters on premultiplied RGBA8 surfaces (DisplayList's `Filter`): a group's filters run over its
// whole offscreen image before its mask and composite; a backdrop's over a copy of the pixels under
// and around its shape. The definitions (docs/semantics.md, "Filters"):
// - gaussianBlur: GaussianBlur (Blur.swift) with the σ of each axis.
// - bloom: out = clamp(I + k·G(I)), G the same Gaussian blur, k the intensity (resolved to 1/4096),
//   in premultiplied integers; alpha clamped to 255, then each colour to the alpha.
// - colorControls and posterize: per pixel on the unpremultiplied colour C = c/α in Double (basic IEEE
//   operations only, so every machine gives the same bytes), clamped to 0…1 and premultiplied again
//   with rounding; α is unchanged and transparent pixels stay transparent.
// Colour filters run per pixel in a plain loop; a blur costs the same for every σ (Blur.swift), so a
// filtered group costs about two blurs' worth of memory traffic at most.

import CalcCore
import DisplayList

extension Renderer {
    /// Applies `filters` in order to the pixels of `s` over `rect` (the whole surface for a group).
    func apply(_ filters: [Filter], to s: Surface, rect: IRect) {
        guard !rect.isEmpty else { return }
        let w = rect.width, h = rect.height
        let base = s.pointer(rect.x0, rect.y0)
        for f in filters {
            switch f {
            case .gaussianBlur(let sx, let sy):
                blur.blur(rgba: base, width: w, height: h, stride: s.stride, sigmaX: FilterKernels.sigma(sx), sigmaY: FilterKernels.sigma(sy))
            case .bloom(let sx, let sy, let k):
                guard k.isFinite, k != 0 else { continue }
                let copy = bloomScratch.reserve(w * h)
                for y in 0..<h { (copy + y * w).update(from: base + y * s.stride, count: w) }
                blur.blur(rgba: copy, width: w, height: h, stride: w, sigmaX: FilterKernels.sigma(sx), sigmaY: FilterKernels.sigma(sy))
                let kq = Int(max(-1_048_576, min(1_048_576, (k * 4096).rounded())))
                for y in 0..<h { FilterKernels.bloom(base + y * s.stride, copy + y * w, w, kq) }
            case .colorControls(let sat, let bri, let con):
                let p = FilterKernels.ColorControls(saturation: sat.isFinite ? sat : 1, brightness: bri.isFinite ? bri : 0,
                                                    contrast: con.isFinite ? con : 1)
                if p.isIdentity { continue }
                for y in 0..<h { FilterKernels.colorControls(base + y * s.stride, w, p) }
            case .posterize(let levels):
                let n = FilterKernels.posterizeSteps(levels)
                for y in 0..<h { FilterKernels.posterize(base + y * s.stride, w, n) }
            }
        }
    }
}

enum FilterKernels {
    /// A σ the blur accepts: 0 for NaN, negative or infinite values (no blur), else at most `Filter.maxSigma`.
    static func sigma(_ s: Double) -> Double { s.isFinite && s > 0 ? min(s, Filter.maxSigma) : 0 }

    /// dst = clamp(dst + kq·blurred / 4096), alpha first, then each colour channel to the alpha.
    static func bloom(_ dst: UnsafeMutablePointer<UInt32>, _ blurred: UnsafePointer<UInt32>, _ n: Int, _ kq: Int) {
        for i in 0..<n {
            let p = dst[i], b = blurred[i]
            if b == 0 { continue }
            @inline(__always) func c(_ shift: UInt32) -> Int {
                let v = Int((p >> shift) & 255) * 4096 + kq * Int((b >> shift) & 255) + 2048
                return max(0, min(255, v >> 12))
            }
            let a = c(24)
            let r = min(a, c(0)), g = min(a, c(8)), bl = min(a, c(16))
            dst[i] = UInt32(r) | UInt32(g) << 8 | UInt32(bl) << 16 | UInt32(a) << 24
        }
    }

    /// CIColorControls' inputs.
    struct ColorControls {
        var saturation, brightness, contrast: Double
        var isIdentity: Bool { saturation == 1 && brightness == 0 && contrast == 1 }
    }

    /// Core Image's luma weights (Rec. 709), the grey that saturation 0 gives.
    static let lumaR = 0.2125, lumaG = 0.7154, lumaB = 0.0721

    /// Per unpremultiplied colour C: C = L + s·(C − L) (L the luma), C += b, C = (C − ½)·k + ½,
    /// clamped to 0…1.
    static func colorControls(_ p: UnsafeMutablePointer<UInt32>, _ n: Int, _ q: ColorControls) {
        let s = q.saturation, b = q.brightness, k = q.contrast
        for i in 0..<n {
            let px = p[i]
            let a = px >> 24
            if a == 0 { continue }
            let fa = Double(a)
            var r = min(1, Double(px & 255) / fa), g = min(1, Double((px >> 8) & 255) / fa), bl = min(1, Double((px >> 16) & 255) / fa)
            let l = lumaR * r + lumaG * g + lumaB * bl
            r = l + s * (r - l); g = l + s * (g - l); bl = l + s * (bl - l)
            r = (r + b - 0.5) * k + 0.5; g = (g + b - 0.5) * k + 0.5; bl = (bl + b - 0.5) * k + 0.5
            p[i] = premultiply(r, g, bl, a)
        }
    }

    /// Steps between posterize levels: n = levels − 1, at least 1 (two levels, 0 and 1).
    static func posterizeSteps(_ levels: Double) -> Double {
        guard levels.isFinite else { return levels > 0 ? 1e9 : 1 }
        return max(1, min(1e9, levels - 1))
    }

    /// Per unpremultiplied colour C: round(C·n) / n.
    static func posterize(_ p: UnsafeMutablePointer<UInt32>, _ count: Int, _ n: Double) {
        for i in 0..<count {
            let px = p[i]
            let a = px >> 24
            if a == 0 { continue }
            let fa = Double(a)
            @inline(__always) func q(_ c: UInt32) -> Double { (min(1, Double(c) / fa) * n).rounded() / n }
            p[i] = premultiply(q(px & 255), q((px >> 8) & 255), q((px >> 16) & 255), a)
        }
    }

    /// Straight components (clamped to 0…1) times alpha `a`, rounded, packed.
    @inline(__always)
    static func premultiply(_ r: Double, _ g: Double, _ b: Double, _ a: UInt32) -> UInt32 {
        let fa = Double(a)
        @inline(__always) func c(_ v: Double) -> UInt32 {
            let u = v > 0 ? (v < 1 ? v : 1) : 0     // NaN → 0
            return UInt32((u * fa).rounded())
        }
        return c(r) | c(g) << 8 | c(b) << 16 | a << 24
    }
}
