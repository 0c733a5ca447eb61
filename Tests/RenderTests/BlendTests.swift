// Blend modes against the W3C Compositing and Blending Level 1 specification, implemented here from
// the specification's text and not from calc's code: straight (unpremultiplied) colours in Double,
// the blend step "Cs' = (1 − αb)·Cs + αb·B(Cb, Cs)" followed by source-over "co = αs·Cs' +
// αb·Cb·(1 − αs)" (calc computes the premultiplied form in integers or Double instead), for every
// mode and a grid of colour and alpha pairs. calc's bytes must be the reference rounded to nearest
// (within 0.5/255 plus float noise, so within the brief's 1/255). Plus-lighter and plus-darker follow
// their definitions in docs/rendering.md; end-to-end checks go through a display list.

import CalcCore
import DisplayList
@testable import Render
import XCTest

/// The specification's functions, transcribed.
private enum W3C {
    typealias C3 = [Double]   // red, green, blue

    static func separable(_ mode: BlendMode, _ cb: Double, _ cs: Double) -> Double {
        switch mode {
        case .sourceOver: return cs
        case .multiply: return cb * cs
        case .screen: return cb + cs - (cb * cs)
        case .overlay: return separable(.hardLight, cs, cb)            // HardLight(Cs, Cb)
        case .darken: return Swift.min(cb, cs)
        case .lighten: return Swift.max(cb, cs)
        case .colorDodge:
            if cb == 0 { return 0 }
            if cs == 1 { return 1 }
            return Swift.min(1, cb / (1 - cs))
        case .colorBurn:
            if cb == 1 { return 1 }
            if cs == 0 { return 0 }
            return 1 - Swift.min(1, (1 - cb) / cs)
        case .hardLight:
            if cs <= 0.5 { return separable(.multiply, cb, 2 * cs) }
            return separable(.screen, cb, 2 * cs - 1)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        default: fatalError("not separable")
        }
    }

    static func lum(_ c: C3) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }

    static func clipColor(_ c: C3) -> C3 {
        let l = lum(c), n = c.min()!, x = c.max()!
        var c = c
        if n < 0 { c = c.map { l + (($0 - l) * l) / (l - n) } }
        if x > 1 { c = c.map { l + (($0 - l) * (1 - l)) / (x - l) } }
        return c
    }

    static func setLum(_ c: C3, _ l: Double) -> C3 {
        let d = l - lum(c)
        return clipColor(c.map { $0 + d })
    }

    static func sat(_ c: C3) -> Double { c.max()! - c.min()! }

    /// The specification's SetSat, with Cmax, Cmid and Cmin found by sorting the indices.
    static func setSat(_ c: C3, _ s: Double) -> C3 {
        let idx = [0, 1, 2].sorted { c[$0] < c[$1] }
        let mn = idx[0], md = idx[1], mx = idx[2]
        var out = c
        if c[mx] > c[mn] {
            out[md] = ((c[md] - c[mn]) * s) / (c[mx] - c[mn])
            out[mx] = s
        } else {
            out[md] = 0; out[mx] = 0
        }
        out[mn] = 0
        return out
    }

    static func nonSeparable(_ mode: BlendMode, _ cb: C3, _ cs: C3) -> C3 {
        switch mode {
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default: fatalError("separable")
        }
    }

    /// The composite of straight colour `cs` (alpha `αs`) over `cb` (alpha `αb`): premultiplied
    /// components and alpha, 0…1.
    static func composite(_ mode: BlendMode, cs: C3, as αs: Double, cb: C3, ab αb: Double) -> [Double] {
        let αo = αs + αb * (1 - αs)
        switch mode {
        case .plusLighter:
            var out: [Double] = []
            for c in 0..<3 { out.append(Swift.min(1.0, αs * cs[c] + αb * cb[c])) }
            return out + [Swift.min(1.0, αs + αb)]
        case .plusDarker:
            let a = Swift.min(1.0, αs + αb)
            var out: [Double] = []
            for c in 0..<3 {
                let darkS: Double = αs - αs * cs[c], darkB: Double = αb - αb * cb[c]
                out.append(Swift.max(0.0, a - darkS - darkB))
            }
            return out + [a]
        default: break
        }
        let b: C3
        switch mode {
        case .hue, .saturation, .color, .luminosity: b = nonSeparable(mode, cb, cs)
        default: b = (0..<3).map { separable(mode, cb[$0], cs[$0]) }
        }
        var out: [Double] = []
        for c in 0..<3 {
            let mixed: Double = (1 - αb) * cs[c] + αb * b[c]
            out.append(αs * mixed + αb * cb[c] * (1 - αs))
        }
        return out + [αo]
    }
}

final class BlendTests: XCTestCase {
    /// Straight colours (bytes) with saturated, grey, dark, light and mid values, and values at the
    /// modes' break points (½ for hard-light and overlay, ¼ for soft-light, 0 and 1 for dodge and burn).
    static let colours: [[Int]] = [
        [0, 0, 0], [255, 255, 255], [128, 128, 128], [255, 0, 0], [0, 255, 0], [0, 0, 255],
        [255, 136, 0], [51, 102, 204], [200, 30, 90], [64, 64, 200], [250, 240, 10], [12, 180, 170],
        [127, 63, 191], [1, 254, 128],
    ]
    static let alphas = [255, 254, 200, 128, 64, 1]

    static let allModes: [BlendMode] = BlendMode.allCases

    func testEveryModeAgainstTheW3CFormulas() {
        var worstOverall = 0.0
        for mode in BlendTests.allModes {
            var worst = 0.0, sum = 0.0, n = 0
            for sa in BlendTests.alphas {
                for da in BlendTests.alphas {
                    for s in BlendTests.colours {
                        for d in BlendTests.colours {
                            // premultiplied bytes, and the straight colours they stand for exactly
                            let sp = s.map { ($0 * sa + 127) / 255 }, dp = d.map { ($0 * da + 127) / 255 }
                            let src = PixelMath.pack(UInt8(sp[0]), UInt8(sp[1]), UInt8(sp[2]), UInt8(sa))
                            let dst = PixelMath.pack(UInt8(dp[0]), UInt8(dp[1]), UInt8(dp[2]), UInt8(da))
                            let cs = sp.map { Double($0) / Double(sa) }, cb = dp.map { Double($0) / Double(da) }
                            let want = W3C.composite(mode, cs: cs, as: Double(sa) / 255, cb: cb, ab: Double(da) / 255)
                            let got = PixelMath.unpack(Blend.pixel(src, dst, mode))
                            let g = [got.r, got.g, got.b, got.a].map(Double.init)
                            for c in 0..<4 {
                                let e = abs(g[c] - want[c] * 255)
                                worst = max(worst, e); sum += e; n += 1
                                if e > 0.5 + 1e-6 {
                                    XCTFail("\(mode): source \(sp) α \(sa) over \(dp) α \(da): got \(g), want \(want.map { $0 * 255 })")
                                    return
                                }
                            }
                        }
                    }
                }
            }
            worstOverall = max(worstOverall, worst)
            XCTAssertLessThan(sum / Double(n), 0.26, "\(mode): rounding alone averages 0.25")
        }
        XCTAssertLessThanOrEqual(worstOverall, 0.5 + 1e-6)
    }

    func testTransparentSourceKeepsTheBackdropAndTransparentBackdropTakesTheSource() {
        let d = PixelMath.pack(10, 20, 30, 200), s = PixelMath.pack(40, 50, 60, 100)
        for mode in BlendTests.allModes {
            XCTAssertEqual(Blend.pixel(0, d, mode), d, "\(mode)")
            XCTAssertEqual(Blend.pixel(s, 0, mode), s, "\(mode)")
        }
    }

    func testRowAppliesOpacityAndMaskToTheSourceFirst() {
        // alpha 128 and mask values 255, 128, 0: the source is scaled by div255(128 × m) before blending
        let s = PixelMath.pack(200, 100, 50, 255), d = PixelMath.pack(51, 102, 204, 255)
        var dst = [d, d, d]
        let src = [s, s, s]
        let mask: [UInt8] = [255, 128, 0]
        dst.withUnsafeMutableBufferPointer { o in
            src.withUnsafeBufferPointer { i in
                mask.withUnsafeBufferPointer { m in Blend.composite(o.baseAddress!, i.baseAddress!, m.baseAddress!, 3, 128, .screen) }
            }
        }
        XCTAssertEqual(dst[0], Blend.pixel(PixelMath.scale(s, 128), d, .screen))
        XCTAssertEqual(dst[1], Blend.pixel(PixelMath.scale(s, 64), d, .screen))   // div255(128·128) = 64
        XCTAssertEqual(dst[2], d)
    }

    func testMultiplyGroupThroughTheRenderer() {
        // #ff8800 multiplied onto #3366cc (both opaque): (51·255, 102·136, 204·0) / 255 = (51, 54.4, 0)
        var list = DisplayList(width: 4, height: 4, background: Color(0x33 / 255.0, 0x66 / 255.0, 0xcc / 255.0))
        var p = Path()
        p.addRect(Rect(0, 0, 2, 4))
        let ref = list.add(p)
        list.ops = [.beginGroup(Group(bounds: IRect(x0: 0, y0: 0, x1: 4, y1: 4), blend: .multiply)),
                    .fill(Fill(path: ref, rule: .nonZero, paint: .solid(Color(1, 0x88 / 255.0, 0)), transform: .identity)),
                    .endGroup]
        let fb = Renderer().render(list)
        XCTAssertEqual(px(fb, 0, 0), [51, 54, 0, 255])
        XCTAssertEqual(px(fb, 3, 3), [0x33, 0x66, 0xcc, 255], "outside the group's drawing the backdrop stays")
    }

    func testBlendGroupWithOpacityIsTheBlendOfTheFadedSource() {
        // difference of opaque white at opacity 0.5 over black: the faded source (128, 128, 128, 128) blended:
        // αo = 1, co = cs(1 − αb) + cb(1 − αs) + αsαb|Cb − Cs| = 0 + 0 + (128/255)·1 = 128
        var list = DisplayList(width: 2, height: 2, background: Color(0, 0, 0))
        var p = Path()
        p.addRect(Rect(0, 0, 2, 2))
        let ref = list.add(p)
        list.ops = [.beginGroup(Group(bounds: IRect(x0: 0, y0: 0, x1: 2, y1: 2), opacity: 0.5, blend: .difference)),
                    .fill(Fill(path: ref, rule: .nonZero, paint: .solid(.white), transform: .identity)),
                    .endGroup]
        XCTAssertEqual(px(Renderer().render(list), 1, 1), [128, 128, 128, 255])
    }
}
