// Blend modes: a group's premultiplied pixels composited onto the backdrop under them (Group.blend)
// with the W3C Compositing and Blending Level 1 formulas in premultiplied form,
//   αo = αs + αb·(1 − αs),   co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs),
// Cs = cs/αs and Cb = cb/αb the unpremultiplied colours, plus Core Animation's plus-lighter and
// plus-darker. Every result is the exact value of the formula for the 8-bit inputs, rounded to
// nearest: where αs·αb·B is a polynomial in the premultiplied integers (multiply, screen, overlay,
// darken, lighten, hard-light, difference, exclusion) the numerator is computed exactly in integers
// and divided by 255 with exact rounding; where B divides by a colour or takes a square root
// (color-dodge, color-burn, soft-light, and the four non-separable modes) it is computed in Double
// from basic IEEE operations only (no fused multiply-add, no libm transcendental), so the bytes are
// the same on every machine. A pixel with a transparent backdrop takes the source unchanged, one with
// a transparent source keeps the backdrop: most of a blended group's pixels take those fast paths.
// Each mode's row loop is specialized by a generic kernel type, so no switch runs per pixel.

import CalcCore

/// The per-pixel blend of a premultiplied source `s` over a backdrop `d`, both with non-zero alpha.
protocol BlendKernel {
    static func blend(_ s: UInt32, _ d: UInt32) -> UInt32
}

enum Blend {
    /// Composites `n` pixels of `src`, scaled by `alpha` × mask[i] / 255², onto `dst` with `mode`.
    static func composite(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ mask: UnsafePointer<UInt8>?,
                          _ n: Int, _ alpha: UInt32, _ mode: BlendMode) {
        switch mode {
        case .sourceOver: row(Normal.self, dst, src, mask, n, alpha)
        case .multiply: row(Sep<Multiply>.self, dst, src, mask, n, alpha)
        case .screen: row(Sep<Screen>.self, dst, src, mask, n, alpha)
        case .overlay: row(Sep<Overlay>.self, dst, src, mask, n, alpha)
        case .darken: row(Sep<Darken>.self, dst, src, mask, n, alpha)
        case .lighten: row(Sep<Lighten>.self, dst, src, mask, n, alpha)
        case .colorDodge: row(RealSep<ColorDodge>.self, dst, src, mask, n, alpha)
        case .colorBurn: row(RealSep<ColorBurn>.self, dst, src, mask, n, alpha)
        case .softLight: row(RealSep<SoftLight>.self, dst, src, mask, n, alpha)
        case .hardLight: row(Sep<HardLight>.self, dst, src, mask, n, alpha)
        case .difference: row(Sep<Difference>.self, dst, src, mask, n, alpha)
        case .exclusion: row(Sep<Exclusion>.self, dst, src, mask, n, alpha)
        case .hue: row(NonSep<Hue>.self, dst, src, mask, n, alpha)
        case .saturation: row(NonSep<Saturation>.self, dst, src, mask, n, alpha)
        case .color: row(NonSep<ColorMode>.self, dst, src, mask, n, alpha)
        case .luminosity: row(NonSep<Luminosity>.self, dst, src, mask, n, alpha)
        case .plusLighter: row(PlusLighter.self, dst, src, mask, n, alpha)
        case .plusDarker: row(PlusDarker.self, dst, src, mask, n, alpha)
        }
    }

    /// One premultiplied pixel `s` blended onto `d` with `mode` (the row loop's per-pixel result).
    static func pixel(_ s: UInt32, _ d: UInt32, _ mode: BlendMode) -> UInt32 {
        var out = d, src = s
        withUnsafeMutablePointer(to: &out) { o in
            withUnsafePointer(to: &src) { composite(o, $0, nil, 1, 255, mode) }
        }
        return out
    }

    @inline(__always)
    private static func row<K: BlendKernel>(_: K.Type, _ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>,
                                            _ mask: UnsafePointer<UInt8>?, _ n: Int, _ alpha: UInt32) {
        for i in 0..<n {
            var a = alpha
            if let m = mask { a = PixelMath.div255(alpha &* UInt32(m[i])) }
            var s = src[i]
            if a == 0 || s >> 24 == 0 { continue }
            if a != 255 { s = PixelMath.scale(s, a) }
            if s >> 24 == 0 { continue }
            let d = dst[i]
            dst[i] = d >> 24 == 0 ? s : K.blend(s, d)
        }
    }

    // MARK: - Shared arithmetic

    /// αo·255 = αs + αb·(255 − αs)/255, exactly rounded.
    @inline(__always) static func alphaOut(_ sa: UInt32, _ da: UInt32) -> UInt32 { sa &+ PixelMath.div255(da &* (255 &- sa)) }

    @inline(__always) static func channel(_ p: UInt32, _ i: UInt32) -> Int32 { Int32(truncatingIfNeeded: (p >> (8 &* i)) & 255) }

    @inline(__always) static func pack(_ r: Int32, _ g: Int32, _ b: Int32, _ a: UInt32) -> UInt32 {
        UInt32(truncatingIfNeeded: r) | UInt32(truncatingIfNeeded: g) << 8 | UInt32(truncatingIfNeeded: b) << 16 | a << 24
    }
}

// MARK: - Separable modes in exact integers

/// A separable mode whose αs·αb·B(Cb, Cs) is a polynomial in the premultiplied bytes: `term` returns
/// it in units of 1/255² (so co·255 = (s·(255 − αb) + d·(255 − αs) + term) / 255).
protocol IntegerTerm {
    static func term(_ s: Int32, _ d: Int32, _ sa: Int32, _ da: Int32) -> Int32
}

struct Sep<T: IntegerTerm>: BlendKernel {
    @inline(__always)
    static func blend(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let sa = s >> 24, da = d >> 24
        let ao = Blend.alphaOut(sa, da)
        let isa = Int32(sa), ida = Int32(da), cap = Int32(ao)
        @inline(__always) func c(_ i: UInt32) -> Int32 {
            let cs = Blend.channel(s, i), cb = Blend.channel(d, i)
            let x = cs &* (255 &- ida) &+ cb &* (255 &- isa) &+ T.term(cs, cb, isa, ida)
            // the exact value is at most αo; a malformed pixel (colour above alpha) must not wrap
            return min(cap, Int32(PixelMath.div255(UInt32(max(0, min(65025, x))))))
        }
        return Blend.pack(c(0), c(1), c(2), ao)
    }
}

/// B = Cs·Cb: αsαb·B = cs·cb.
enum Multiply: IntegerTerm {
    @inline(__always) static func term(_ s: Int32, _ d: Int32, _ sa: Int32, _ da: Int32) -> Int32 { s &* d }
}
/// B = Cb + Cs − Cb·Cs: αsαb·B = cs·αb + cb·αs − cs·cb.
enum Screen: IntegerTerm {
    @inline(__always) static func term(_ s: Int32, _ d: Int32, _ sa: Int32, _ da: Int32) -> Int32 { s &* da &+ d &* sa &- s &* d }
}
/// Hard-light with the layers swapped: multiply where Cb ≤ ½, screen where it is above.
enum Overlay: IntegerTerm {
    @inline(__always) static func term(_ s: Int32, _ d: Int32, _ sa: Int32, _ da: Int32) -> Int32 {
        2 &* d <= da ? 2 &* s &* d : sa &* da &- 2 &* (da &- d) &* (sa &- s)
    }
}
/// B = min(Cb, Cs): αsαb·B = min(cs·αb, cb·αs).
enum Darken: IntegerTerm {
    @inline(__always) static func term(_ s: Int32, _ d: Int32, _ sa: Int32, _ da: Int32) -> Int32 { min(s &* da, d &* sa) }
}
/// B = max(Cb, Cs).
enum Lighten: IntegerTerm {
    @inline(__always) static func term(_ s: Int32, _ d: Int32, _ sa: Int32, _ da: Int32) -> Int32 { max(s &* da, d &* sa) }
}
/// Multiply(Cb, 2Cs) where Cs ≤ ½, Screen(Cb, 2Cs − 1) above.
enum HardLight: IntegerTerm {
    @inline(__always) static func term(_ s: Int32, _ d: Int32, _ sa: Int32, _ da: Int32) -> Int32 {
        2 &* s <= sa ? 2 &* s &* d : sa &* da &- 2 &* (da &- d) &* (sa &- s)
    }
}
/// B = |Cb − Cs|.
enum Difference: IntegerTerm {
    @inline(__always) static func term(_ s: Int32, _ d: Int32, _ sa: Int32, _ da: Int32) -> Int32 { abs(d &* sa &- s &* da) }
}
/// B = Cb + Cs − 2·Cb·Cs.
enum Exclusion: IntegerTerm {
    @inline(__always) static func term(_ s: Int32, _ d: Int32, _ sa: Int32, _ da: Int32) -> Int32 { s &* da &+ d &* sa &- 2 &* s &* d }
}

/// Source-over (`normal`): co = cs + cb·(1 − αs).
enum Normal: BlendKernel {
    @inline(__always) static func blend(_ s: UInt32, _ d: UInt32) -> UInt32 { PixelMath.over(s, d) }
}

/// Plus-lighter (kCAFilterPlusL): every premultiplied component is the sum, clamped to 1.
enum PlusLighter: BlendKernel {
    @inline(__always)
    static func blend(_ s: UInt32, _ d: UInt32) -> UInt32 {
        @inline(__always) func c(_ i: UInt32) -> UInt32 { min(255, ((s >> (8 &* i)) & 255) &+ ((d >> (8 &* i)) & 255)) }
        return c(0) | c(1) << 8 | c(2) << 16 | c(3) << 24
    }
}

/// Plus-darker (kCAFilterPlusD): αo = min(1, αs + αb), co = max(0, αo − (αs − cs) − (αb − cb)) — the
/// premultiplied darknesses add up; for opaque pixels R = max(0, S + D − 1), Apple's formula.
enum PlusDarker: BlendKernel {
    @inline(__always)
    static func blend(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let sa = Int32(s >> 24), da = Int32(d >> 24)
        let ao = min(255, sa &+ da)
        @inline(__always) func c(_ i: UInt32) -> Int32 {
            max(0, ao &- (sa &- Blend.channel(s, i)) &- (da &- Blend.channel(d, i)))
        }
        return Blend.pack(c(0), c(1), c(2), UInt32(ao))
    }
}

// MARK: - Separable modes in Double

/// A separable mode whose B(Cb, Cs) needs a division or a square root.
protocol RealTerm {
    static func b(_ cb: Double, _ cs: Double) -> Double
}

struct RealSep<T: RealTerm>: BlendKernel {
    @inline(__always)
    static func blend(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let sa = s >> 24, da = d >> 24
        let ao = Blend.alphaOut(sa, da)
        let fsa = Double(sa), fda = Double(da), k = fsa * fda
        @inline(__always) func c(_ i: UInt32) -> Int32 {
            let cs = Blend.channel(s, i), cb = Blend.channel(d, i)
            let x = Double(cs &* (255 &- Int32(da)) &+ cb &* (255 &- Int32(sa)))
            let v = (x + k * T.b(min(1, Double(cb) / fda), min(1, Double(cs) / fsa))) / 255
            return Int32(max(0, min(Double(ao), v.rounded())))
        }
        return Blend.pack(c(0), c(1), c(2), ao)
    }
}

enum ColorDodge: RealTerm {
    @inline(__always) static func b(_ cb: Double, _ cs: Double) -> Double {
        cb == 0 ? 0 : cs >= 1 ? 1 : min(1, cb / (1 - cs))
    }
}
enum ColorBurn: RealTerm {
    @inline(__always) static func b(_ cb: Double, _ cs: Double) -> Double {
        cb >= 1 ? 1 : cs == 0 ? 0 : 1 - min(1, (1 - cb) / cs)
    }
}
enum SoftLight: RealTerm {
    @inline(__always) static func b(_ cb: Double, _ cs: Double) -> Double {
        if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
        let dcb = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
        return cb + (2 * cs - 1) * (dcb - cb)
    }
}

// MARK: - Non-separable modes

/// A colour of three unpremultiplied components.
struct RGB {
    var r, g, b: Double
    @inline(__always) init(_ r: Double, _ g: Double, _ b: Double) { self.r = r; self.g = g; self.b = b }

    /// Lum(C) = 0.3·R + 0.59·G + 0.11·B.
    @inline(__always) var lum: Double { 0.3 * r + 0.59 * g + 0.11 * b }
    @inline(__always) var sat: Double { max(r, g, b) - min(r, g, b) }

    /// ClipColor: pulls components outside 0…1 back towards the luminosity.
    @inline(__always) func clipped() -> RGB {
        let l = lum, n = min(r, g, b), x = max(r, g, b)
        var c = self
        if n < 0 {
            let k = l - n
            c = RGB(l + (c.r - l) * l / k, l + (c.g - l) * l / k, l + (c.b - l) * l / k)
        }
        if x > 1 {
            let k = x - l
            c = RGB(l + (c.r - l) * (1 - l) / k, l + (c.g - l) * (1 - l) / k, l + (c.b - l) * (1 - l) / k)
        }
        return c
    }

    /// SetLum(C, l).
    @inline(__always) func withLum(_ l: Double) -> RGB {
        let d = l - lum
        return RGB(r + d, g + d, b + d).clipped()
    }

    /// SetSat(C, s): the largest component becomes s, the smallest 0, the middle one in proportion.
    @inline(__always) func withSat(_ s: Double) -> RGB {
        let mx = max(r, g, b), mn = min(r, g, b)
        guard mx > mn else { return RGB(0, 0, 0) }
        @inline(__always) func f(_ v: Double) -> Double { v == mx ? s : v == mn ? 0 : (v - mn) * s / (mx - mn) }
        // the first component equal to the maximum takes s; a tie for the middle gives the same value
        return RGB(f(r), f(g), f(b))
    }
}

protocol ColorTerm {
    static func b(_ cb: RGB, _ cs: RGB) -> RGB
}

struct NonSep<T: ColorTerm>: BlendKernel {
    @inline(__always)
    static func blend(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let sa = s >> 24, da = d >> 24
        let ao = Blend.alphaOut(sa, da)
        let fsa = Double(sa), fda = Double(da), k = fsa * fda
        let cs = RGB(min(1, Double(s & 255) / fsa), min(1, Double((s >> 8) & 255) / fsa), min(1, Double((s >> 16) & 255) / fsa))
        let cb = RGB(min(1, Double(d & 255) / fda), min(1, Double((d >> 8) & 255) / fda), min(1, Double((d >> 16) & 255) / fda))
        let bb = T.b(cb, cs)
        @inline(__always) func c(_ i: UInt32, _ bv: Double) -> Int32 {
            let x = Double(Blend.channel(s, i) &* (255 &- Int32(da)) &+ Blend.channel(d, i) &* (255 &- Int32(sa)))
            let v = (x + k * bv) / 255
            return Int32(max(0, min(Double(ao), v.rounded())))
        }
        return Blend.pack(c(0, bb.r), c(1, bb.g), c(2, bb.b), ao)
    }
}

/// The source's hue with the backdrop's saturation and luminosity.
enum Hue: ColorTerm {
    @inline(__always) static func b(_ cb: RGB, _ cs: RGB) -> RGB { cs.withSat(cb.sat).withLum(cb.lum) }
}
/// The source's saturation with the backdrop's hue and luminosity.
enum Saturation: ColorTerm {
    @inline(__always) static func b(_ cb: RGB, _ cs: RGB) -> RGB { cb.withSat(cs.sat).withLum(cb.lum) }
}
/// The source's hue and saturation with the backdrop's luminosity.
enum ColorMode: ColorTerm {
    @inline(__always) static func b(_ cb: RGB, _ cs: RGB) -> RGB { cs.withLum(cb.lum) }
}
/// The source's luminosity with the backdrop's hue and saturation.
enum Luminosity: ColorTerm {
    @inline(__always) static func b(_ cb: RGB, _ cs: RGB) -> RGB { cb.withLum(cs.lum) }
}
