// Sprite batches (emitter particles) against pixel values worked out by hand: tiny images on tiny
// canvases, each expected byte derived in the comment beside it from the kernel's definition
// (Sources/CSpans/sprites.c): texel-centre coordinates u = source x − ½, 6-bit bilinear fractions,
// a transparent border one texel wide, div255(x) = round(x / 255), then source-over or plus-lighter.

import CalcCore
import CSpans
import DisplayList
@testable import Render
import XCTest

final class SpriteRenderTests: XCTestCase {
    func image(_ w: Int, _ h: Int, _ f: (Int, Int) -> [UInt8]) -> RasterImage {
        var fb = Framebuffer(width: w, height: h)
        for y in 0..<h { for x in 0..<w { let c = f(x, y); fb[x, y] = PixelMath.pack(c[0], c[1], c[2], c[3]) } }
        return RasterImage(fb)
    }

    /// `sprites` (all of image "s") drawn on a w × h canvas of `background`.
    func draw(_ img: RasterImage, _ w: Int, _ h: Int, background: Color = .clear, blend: SpriteBlend = .sourceOver,
              alpha: Double = 1, clip: Rect? = nil, filters: [(min: TextureFilter, mag: TextureFilter, bias: Double)] = [],
              _ sprites: [(Affine2D, Color)]) -> Framebuffer {
        var l = DisplayList(width: w, height: h, background: background)
        let i = l.imageIndex("s")
        let src = Rect(0, 0, Double(img.width), Double(img.height))
        if let c = clip {
            var p = Path()
            p.addRect(c)
            l.ops.append(.pushClip(ClipShape(path: l.add(p), rule: .nonZero, transform: .identity)))
        }
        // each sprite's filters: filters[k], the last one past the end, linear when none are given
        let list = sprites.enumerated().map { k, sp in
            let f = filters.isEmpty ? (min: TextureFilter.linear, mag: TextureFilter.linear, bias: 0.0) : filters[min(k, filters.count - 1)]
            return Sprite(image: i, source: src, placement: sp.0, tint: sp.1, minFilter: f.min, magFilter: f.mag, minBias: f.bias)
        }
        l.ops.append(.sprites(SpriteBatch(sprites: list, blend: blend, alpha: alpha)))
        if clip != nil { l.ops.append(.popClip) }
        return Renderer().render(l, images: ["s": img])
    }

    func row(_ fb: Framebuffer, _ y: Int) -> [Int] { (0..<fb.width).map { Int(fb.rgba(x: $0, y: y).a) } }

    func testAlignedSpriteCopiesTexelsTimesThePremultipliedTint() {
        // a 2×2 image at (1, 1): pixel centres land on texel centres (u, v whole), so each pixel is
        // its texel times the tint. Tint (1, 0.5, 0, 0.5) premultiplied = bytes (128, 64, 0, 128):
        // red → (div255(255·128), 0, 0, div255(255·128)) = (128, 0, 0, 128); green → (0, 64, 0, 128);
        // blue → (0, 0, 0, 128); (128, 128, 128, 128) → (div255(128·128) = 64, div255(128·64) = 32, 0, 64)
        let img = image(2, 2) { x, y in [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [128, 128, 128, 128]][y * 2 + x] }
        let fb = draw(img, 4, 4, [(.translation(1, 1), Color(0.5, 0.25, 0, 0.5))])
        XCTAssertEqual(px(fb, 1, 1), [128, 0, 0, 128])
        XCTAssertEqual(px(fb, 2, 1), [0, 64, 0, 128])
        XCTAssertEqual(px(fb, 1, 2), [0, 0, 0, 128])
        XCTAssertEqual(px(fb, 2, 2), [64, 32, 0, 64])
        // one pixel out the sample sits on the border texel's centre (u = −1 or 2): nothing
        for (x, y) in [(0, 1), (3, 1), (1, 0), (1, 3), (0, 0), (3, 3)] { XCTAssertEqual(px(fb, x, y), [0, 0, 0, 0], "\(x), \(y)") }
    }

    func testHalfPixelOffsetSplitsATexelBetweenTwoPixels() {
        // a 1×1 white image at x 1.5: pixel 1's centre is at source x 0 (u = −½: fx = 32 of 64 between
        // the border and the texel), pixel 2's at source x 1 (u = ½): the row is 255·32 = 8160, no
        // vertical step (fy = 0), (8160 + 32) >> 6 = 128 each
        let img = image(1, 1) { _, _ in [255, 255, 255, 255] }
        let fb = draw(img, 4, 3, [(.translation(1.5, 1), .white)])
        XCTAssertEqual(px(fb, 1, 1), [128, 128, 128, 128])
        XCTAssertEqual(px(fb, 2, 1), [128, 128, 128, 128])
        XCTAssertEqual(px(fb, 0, 1), [0, 0, 0, 0])
        XCTAssertEqual(px(fb, 3, 1), [0, 0, 0, 0])
    }

    func testScaledSpriteRampsOverItsBorder() {
        // a 1×1 white image scaled 2× at (2, 2): device centre 2.5 is source 0.25 (u = −¼: taps border,
        // texel at fraction 48/64), 3.5 is 0.75 (u = ¼: 16/64 of the border), 1.5 is −0.25 (u = −¾:
        // 16/64 of the texel), 0.5 is −0.75 (u = −1¼: outside). Per axis the texel's weight is
        // 0, 16, 48, 48, 16, 0 (of 64). Horizontally the row with the texel is 255·wx (exact); the
        // border row is 0, so vertically m = round(255·wx·wy / 64) and the pixel (m + 32) >> 6:
        // row 2 (wy 48): wx 16 → m 3060 → 48, wx 48 → m 9180 → 143; row 1 (wy 16): 1020 → 16, 3060 → 48
        let img = image(1, 1) { _, _ in [255, 255, 255, 255] }
        let fb = draw(img, 6, 6, [(Affine2D(a: 2, b: 0, c: 0, d: 2, tx: 2, ty: 2), .white)])
        XCTAssertEqual(row(fb, 0), [0, 0, 0, 0, 0, 0])
        XCTAssertEqual(row(fb, 1), [0, 16, 48, 48, 16, 0])
        XCTAssertEqual(row(fb, 2), [0, 48, 143, 143, 48, 0])
        XCTAssertEqual(row(fb, 3), [0, 48, 143, 143, 48, 0])
        XCTAssertEqual(row(fb, 4), [0, 16, 48, 48, 16, 0])
        XCTAssertEqual(px(fb, 2, 2), [143, 143, 143, 143])
    }

    func testQuarterTurnSendsTheImageXAxisDown() {
        // [red, blue] turned a quarter (x axis → +y): source (sx, sy) → (2 − sy, 1 + sx), so red's
        // centre (0.5, 0.5) lands on (1.5, 1.5) and blue's (1.5, 0.5) on (1.5, 2.5)
        let img = image(2, 1) { x, _ in x == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        let fb = draw(img, 3, 4, [(Affine2D(a: 0, b: 1, c: -1, d: 0, tx: 2, ty: 1), .white)])
        XCTAssertEqual(px(fb, 1, 1), [255, 0, 0, 255])
        XCTAssertEqual(px(fb, 1, 2), [0, 0, 255, 255])
        XCTAssertEqual(px(fb, 2, 1), [0, 0, 0, 0])
        XCTAssertEqual(px(fb, 0, 2), [0, 0, 0, 0])
    }

    func testAdditiveAddsAndClampsWhereSourceOverBlends() {
        // two half-white sprites (bytes 128 each channel) on opaque red (255, 0, 0, 255).
        // plus-lighter: (min(255, 255 + 128), 128, 128, 255), then (255, 255 + 128 → 255, 255, 255).
        // source-over: s + div255(d · 127): (128 + 127, 128, 128, 255), then g = 128 + div255(128·127) = 192
        let img = image(1, 1) { _, _ in [255, 255, 255, 255] }
        let half = Color(0.5, 0.5, 0.5, 0.5)
        let red = Color(1, 0, 0)
        XCTAssertEqual(px(draw(img, 2, 2, background: red, blend: .plusLighter, [(.identity, half)]), 0, 0), [255, 128, 128, 255])
        XCTAssertEqual(px(draw(img, 2, 2, background: red, blend: .plusLighter, [(.identity, half), (.identity, half)]), 0, 0),
                       [255, 255, 255, 255])
        XCTAssertEqual(px(draw(img, 2, 2, background: red, [(.identity, half)]), 0, 0), [255, 128, 128, 255])
        XCTAssertEqual(px(draw(img, 2, 2, background: red, [(.identity, half), (.identity, half)]), 0, 0), [255, 192, 192, 255])
    }

    func testLaterSpritesDrawOnTop() {
        // opaque red then opaque blue on the same pixel: blue; the other order: red
        let img = image(1, 1) { _, _ in [255, 255, 255, 255] }
        XCTAssertEqual(px(draw(img, 1, 1, [(.identity, Color(1, 0, 0)), (.identity, Color(0, 0, 1))]), 0, 0), [0, 0, 255, 255])
        XCTAssertEqual(px(draw(img, 1, 1, [(.identity, Color(0, 0, 1)), (.identity, Color(1, 0, 0))]), 0, 0), [255, 0, 0, 255])
    }

    func testBatchAlphaAndClipMaskMultiply() {
        // batch alpha 0.5 turns the white tint into bytes 128: (128, 128, 128, 128). A clip to
        // x < 1.5 covers pixel 1 by half (mask 128): div255(255·128) = 128 per channel
        let img = image(1, 1) { _, _ in [255, 255, 255, 255] }
        XCTAssertEqual(px(draw(img, 2, 1, alpha: 0.5, [(.identity, .white)]), 0, 0), [128, 128, 128, 128])
        let fb = draw(img, 3, 1, clip: Rect(0, 0, 1.5, 1), [(.translation(1, 0), .white)])
        XCTAssertEqual(px(fb, 1, 0), [128, 128, 128, 128])
    }

    func testMinifiedSpriteSamplesTheMipmap() {
        // a 4×4 image whose 2×2 blocks are one white texel and three black: halved, every texel is
        // (255 + 2) >> 2 = 64 (opaque). At scale ½ (2 texels a pixel: level 1 exactly, no blend) at
        // (0.75, 0.75), pixel (1, 1)'s centre is source 1.5 = level-1 u 0.25: all four taps 64 → 64.
        // Level 0 would have read texel (1, 1), black.
        let img = image(4, 4) { x, y in x % 2 == 0 && y % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255] }
        let half = Affine2D(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0.75, ty: 0.75)
        let fb = draw(img, 4, 4, filters: [(.trilinear, .linear, 0)], [(half, .white)])
        XCTAssertEqual(px(fb, 1, 1), [64, 64, 64, 255])
        // linear, the default (Core Animation's): level 0 only, so texel (1, 1) itself, black
        XCTAssertEqual(px(draw(img, 4, 4, [(half, .white)]), 1, 1), [0, 0, 0, 255])
        // a bias of −1 takes λ = log₂2 = 1 down to level 0 (black); −½ to λ = ½: level 0 and 1 mixed
        // half and half, (0·128 + 64·128 + 128) >> 8 = 32 in each colour channel
        XCTAssertEqual(px(draw(img, 4, 4, filters: [(.trilinear, .linear, -1)], [(half, .white)]), 1, 1), [0, 0, 0, 255])
        XCTAssertEqual(px(draw(img, 4, 4, filters: [(.trilinear, .linear, -0.5)], [(half, .white)]), 1, 1), [32, 32, 32, 255])
        // a bias of +1: λ = 2, the last level (1×1: level 1's four (64, 64, 64, 255) averaged, the same).
        // Pixel 1's centre is source 1.5, level-2 u = 1.5/4 − ½ = −⅛: between the border and the texel
        // with fx = (−8192 >> 10) & 63 = 56, v likewise. Colour: top row (border) 0, bottom 64·56 = 3584,
        // m = (3584·56·512 + 16384) >> 15 = 3136, (3136 + 32) >> 6 = 49; alpha: 255·56 = 14280,
        // m = (14280·28672 + 16384) >> 15 = 12495, (12495 + 32) >> 6 = 195
        XCTAssertEqual(px(draw(img, 4, 4, filters: [(.trilinear, .linear, 1)], [(half, .white)]), 1, 1), [49, 49, 49, 195])
    }

    func testNearestTakesTheTexelUnderTheSamplePoint() {
        // magnified: [red, blue] scaled 2× at (1.25, 0.5): pixel (x, y)'s centre is source
        // ((x − 0.75)/2, y/2) (all exact in 16.16), its texel the floor: x 0 → −0.375 (the border:
        // nothing), 1, 2 → red (0.125, 0.625), 3, 4 → blue (1.125, 1.625), 5 → 2.125 (nothing)
        let pair = image(2, 1) { x, _ in x == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        let m = Affine2D(a: 2, b: 0, c: 0, d: 2, tx: 1.25, ty: 0.5)
        let fb = draw(pair, 7, 4, filters: [(.linear, .nearest, 0)], [(m, .white)])
        let red = [255, 0, 0, 255], blue = [0, 0, 255, 255], none = [0, 0, 0, 0]
        XCTAssertEqual((0..<7).map { px(fb, $0, 1) }, [none, red, red, blue, blue, none, none])
        // rows: y 0, 1 are source 0, 0.5 (texel row 0), y 2 is source 1, past the image
        XCTAssertEqual(px(fb, 2, 0), red)
        XCTAssertEqual(px(fb, 2, 2), none)
        // bilinear instead mixes them: pixel (3, 1) is u = 1.125 − ½ = 0.625 (fx 40), v = 0: red
        // (255·24 + 32) >> 6 = 96, blue (255·40 + 32) >> 6 = 159
        XCTAssertEqual(px(draw(pair, 7, 4, [(m, .white)]), 3, 1), [96, 0, 159, 255])
        // minified: the 4×4 checker of white texels at even (x, y) at scale ½, x 0.5: pixel (i, i)'s
        // centre is source 2i, an even texel: white (linear would read half the border at pixel 0)
        let checker = image(4, 4) { x, y in x % 2 == 0 && y % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255] }
        let half = Affine2D(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0.5, ty: 0.5)
        let small = draw(checker, 3, 3, filters: [(.nearest, .linear, 0)], [(half, .white)])
        XCTAssertEqual(px(small, 0, 0), [255, 255, 255, 255])
        XCTAssertEqual(px(small, 1, 1), [255, 255, 255, 255])
        XCTAssertEqual(px(small, 2, 2), none)
    }

    func testTrilinearMagnificationIsBilinear() {
        // the ramp of testScaledSpriteRampsOverItsBorder, with trilinear for both filters: no mipmap
        // is involved when magnifying, so the same bytes
        let img = image(1, 1) { _, _ in [255, 255, 255, 255] }
        let fb = draw(img, 6, 6, filters: [(.trilinear, .trilinear, 3)], [(Affine2D(a: 2, b: 0, c: 0, d: 2, tx: 2, ty: 2), .white)])
        XCTAssertEqual(row(fb, 1), [0, 16, 48, 48, 16, 0])
        XCTAssertEqual(row(fb, 2), [0, 48, 143, 143, 48, 0])
    }

    func testTrilinearKeepsAUniformImageUniform() {
        // at scale 0.75 (ρ = 4/3: between levels 0 and 1) an 8×8 image of one colour blends two
        // levels of that colour: inside, every pixel is the colour exactly (weights sum to 1 at
        // each stage and the rounding is exact); at the edge less
        let img = image(8, 8) { _, _ in [200, 100, 50, 255] }
        let fb = draw(img, 10, 10, filters: [(.trilinear, .linear, 0)], [(Affine2D(a: 0.75, b: 0, c: 0, d: 0.75, tx: 2, ty: 2), .white)])
        XCTAssertEqual(px(fb, 4, 4), [200, 100, 50, 255])
        XCTAssertLessThan(px(fb, 1, 4)[3], 255)
    }

    func testVectorPathGivesTheBytesOfThePlainOne() {
        // 300 sprites of a 13×9 image of varied texels, every rotation, scales 0.3–2.5 (magnified,
        // minified and trilinear), fractional positions, tints with and without alpha, over a
        // background with its own pixels, through a clip mask and not, both blends: the AVX2
        // and AVX-512 paths (where the CPU has them; AVX-512 with the quad loads and with gathers)
        // must give exactly the plain C path's bytes
        var seed: UInt64 = 12345
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let img = image(13, 9) { x, y in
            let a = UInt8((x * 37 + y * 91) % 256)
            return [UInt8(Int(a) * x / 13), UInt8(Int(a) * y / 9), UInt8(Int(a) / 2), a]
        }
        let sprites: [(Affine2D, Color)] = (0..<300).map { _ in
            let k = 0.3 + 2.2 * next(), t = next() * 2 * .pi
            let c = Color(next(), next(), next(), next() < 0.3 ? 1 : next())
            return (Affine2D(a: k * cos(t), b: k * sin(t), c: -k * sin(t), d: k * cos(t), tx: next() * 90 - 10, ty: next() * 70 - 10),
                    Color(c.r * c.a, c.g * c.a, c.b * c.a, c.a))
        }
        // every filter: trilinear (with and without a bias), linear and nearest, minifying and magnifying
        let filters: [(min: TextureFilter, mag: TextureFilter, bias: Double)] = (0..<300).map { k in
            [(.trilinear, .linear, 0), (.linear, .linear, 0), (.nearest, .nearest, 0), (.trilinear, .nearest, 0.7),
             (.trilinear, .linear, -0.4), (.linear, .nearest, 0)][k % 6]
        }
        for blend in [SpriteBlend.sourceOver, .plusLighter] {
            for clip in [nil, Rect(3.3, 4.6, 61.2, 47.9)] {
                calc_sprites_set_simd(0)
                let plain = draw(img, 80, 60, background: Color(0.2, 0.4, 0.1, 0.6), blend: blend, clip: clip, filters: filters, sprites)
                // every vector path the CPU has (1 AVX2, 2 AVX-512 with quad loads and with gathers)
                for level: Int32 in [1, 2] where calc_sprites_set_simd(level) == level {
                    for quads: Int32 in level == 2 ? [1, 0] : [1] {
                        calc_sprites_set_quads(quads)
                        let fast = draw(img, 80, 60, background: Color(0.2, 0.4, 0.1, 0.6), blend: blend, clip: clip, filters: filters, sprites)
                        let differing = zip(fast.pixels, plain.pixels).filter { $0 != $1 }.count
                        XCTAssertEqual(differing, 0, "pixels that differ, level \(level), quads \(quads), \(blend), clip \(String(describing: clip))")
                    }
                    calc_sprites_set_quads(1)
                }
                calc_sprites_set_simd(2)
                XCTAssertNotEqual(plain.pixels, draw(img, 80, 60, background: Color(0.2, 0.4, 0.1, 0.6), blend: blend, clip: clip, []).pixels)
            }
        }
    }

    func testTransparentRimDrawsAsTheImageWithoutIt() {
        // the kernel visits only samples that can reach an image's nonzero texels (its content box).
        // A 5×4 image whose nonzero texels are the 2×2 at (2, 1) samples exactly as that 2×2 alone,
        // whose transparent border is the rim's first ring, when placed one texel further on: with
        // bilinear and nearest filters, magnified, minified, turned, sheared and mirrored, the two
        // must give the same bytes on every path (the border fade of an image alone is checked by hand
        // in testScaledSpriteRampsOverItsBorder). The maps have entries in {0, ±½, ±1, ±2} and a
        // determinant ±2^k, so every texel position is exact in 16.16 whatever box it is measured from.
        let inner: [[UInt8]] = [[200, 40, 10, 255], [0, 90, 90, 128], [30, 30, 30, 60], [255, 255, 255, 255]]
        let rimmed = image(5, 4) { x, y in (2...3).contains(x) && (1...2).contains(y) ? inner[(y - 1) * 2 + x - 2] : [0, 0, 0, 0] }
        let alone = image(2, 2) { x, y in inner[y * 2 + x] }
        var seed: UInt64 = 99
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let entries: [Double] = [0, 0.5, -0.5, 1, -1, 2, -2]
        var placements: [(Affine2D, Affine2D)] = []
        while placements.count < 60 {
            let e = (0..<4).map { _ in entries[Int(next() * 7) % 7] }
            let det = abs(e[0] * e[3] - e[1] * e[2])
            guard [0.25, 0.5, 1, 2, 4].contains(det) else { continue }
            let m = Affine2D(a: e[0], b: e[1], c: e[2], d: e[3], tx: 4 + (next() * 96).rounded() / 4, ty: 4 + (next() * 96).rounded() / 4)
            // the 2×2 at source (2, 1) of the rimmed image: the same map after moving by (2, 1)
            var n = m
            n.tx = m.tx + 2 * m.a + 1 * m.c; n.ty = m.ty + 2 * m.b + 1 * m.d
            placements.append((m, n))
        }
        for level: Int32 in [0, 1, 2] where calc_sprites_set_simd(level) == level {
            for filter in [TextureFilter.linear, .nearest] {
                let a = draw(rimmed, 32, 32, background: Color(0.1, 0.2, 0.3), filters: [(filter, filter, 0)], placements.map { ($0.0, .white) })
                let b = draw(alone, 32, 32, background: Color(0.1, 0.2, 0.3), filters: [(filter, filter, 0)], placements.map { ($0.1, .white) })
                XCTAssertEqual(zip(a.pixels, b.pixels).filter { $0 != $1 }.count, 0, "level \(level), \(filter)")
                XCTAssertNotEqual(a.pixels, draw(alone, 32, 32, background: Color(0.1, 0.2, 0.3), []).pixels)
            }
        }
        calc_sprites_set_simd(2)
    }

    func testEveryPixelIsTheDefinitionsSampleWhateverTheKernelSkips() {
        // the kernel visits only samples whose taps can reach the image's nonzero texels (an octagon
        // around them: columns, rows and both diagonals). Here an independent implementation of the
        // sampling definition (the formulas at the top of sprites.c, written again below) computes
        // EVERY pixel of the canvas, skipping nothing, for a diamond-shaped image (zero corners)
        // under maps turned by multiples of 45°, scaled, sheared and mirrored; white opaque tint on a
        // transparent canvas, so each pixel is its sample. The maps' entries are in {0, ±½, ±1, ±2}
        // with a determinant ±2^k, so positions are exact in 16.16 and the test can place them itself.
        let w = 8, h = 8
        func texel(_ x: Int, _ y: Int) -> [Int] {
            guard x >= 0, x < w, y >= 0, y < h, abs(2 * x - 7) + abs(2 * y - 7) <= 6 else { return [0, 0, 0, 0] }
            let a = 120 + 15 * ((x * 3 + y * 5) % 9)
            return [a * x / 8, a * y / 8, a / 2, a]
        }
        let img = image(w, h) { x, y in texel(x, y).map { UInt8($0) } }
        var seed: UInt64 = 4242
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let entries: [Double] = [0, 0.5, -0.5, 1, -1, 2, -2]
        var maps: [Affine2D] = []
        while maps.count < 24 {
            let e = (0..<4).map { _ in entries[Int(next() * 7) % 7] }
            let det = e[0] * e[3] - e[1] * e[2]
            guard [0.25, 0.5, 1, 2, 4].contains(abs(det)) else { continue }
            maps.append(Affine2D(a: e[0], b: e[1], c: e[2], d: e[3], tx: 6 + (next() * 80).rounded() / 4, ty: 6 + (next() * 80).rounded() / 4))
        }
        for filter in [TextureFilter.linear, .nearest] {
            for m in maps {
                // the definition at device pixel (x, y): the centre's source point, in 16.16 texel units
                let det = m.a * m.d - m.b * m.c
                func expected(_ x: Int, _ y: Int) -> [Int] {
                    let px = Double(x) + 0.5 - m.tx, py = Double(y) + 0.5 - m.ty
                    let sx = (m.d * px - m.c * py) / det, sy = (-m.b * px + m.a * py) / det
                    let half = filter == .nearest ? 0 : 0.5
                    let U = Int(((sx - half) * 65536).rounded()), V = Int(((sy - half) * 65536).rounded())
                    guard U >= -65536, U < w << 16, V >= -65536, V < h << 16 else { return [0, 0, 0, 0] }
                    let tx = U >> 16, ty = V >> 16
                    let fx = filter == .nearest ? 0 : (U >> 10) & 63, fy = filter == .nearest ? 0 : (V >> 10) & 63
                    return (0..<4).map { k in
                        let top = texel(tx, ty)[k] * (64 - fx) + texel(tx + 1, ty)[k] * fx
                        let bottom = texel(tx, ty + 1)[k] * (64 - fx) + texel(tx + 1, ty + 1)[k] * fx
                        let mm = top + (((bottom - top) * fy * 512 + 16384) >> 15)
                        return (mm + 32) >> 6
                    }
                }
                let want = (0..<40).flatMap { y in (0..<40).map { x in expected(x, y) } }
                for level: Int32 in [0, 1, 2] where calc_sprites_set_simd(level) == level {
                    let fb = draw(img, 40, 40, filters: [(filter, filter, 0)], [(m, .white)])
                    let got = (0..<40).flatMap { y in (0..<40).map { x in px(fb, x, y) } }
                    XCTAssertEqual(zip(got, want).filter { $0 != $1 }.count, 0, "level \(level), \(filter), \(m)")
                }
                calc_sprites_set_simd(2)
                XCTAssertTrue(want.contains { $0[3] > 0 })
            }
        }
    }

    func testQuadTablesStayWithinTheirBudget() {
        // a 32×32 image's levels (32, 16, 8, 4, 2, 1) take 16·(w + 2)·(h + 1) bytes each:
        // 16·(34·33 + 18·17 + 10·9 + 6·5 + 4·3 + 3·2) = 16·1566 = 25 056
        let img = image(32, 32) { x, y in [UInt8(x * 8), UInt8(y * 8), 0, 255] }
        let all = SpriteTexture(img, x0: 0, y0: 0, x1: 32, y1: 32)
        XCTAssertEqual(all.quadBytes, 25_056)
        XCTAssertTrue(all.quads.allSatisfy { $0 != nil })
        // a budget of level 0's 17 952 bytes: level 0 only; the rest is gathered
        let some = SpriteTexture(img, x0: 0, y0: 0, x1: 32, y1: 32, quadBudget: 17_952)
        XCTAssertEqual(some.quadBytes, 17_952)
        XCTAssertEqual(some.quads.map { $0 != nil }, [true, false, false, false, false, false])
        XCTAssertEqual(SpriteTexture(img, x0: 0, y0: 0, x1: 32, y1: 32, quadBudget: 0).quadBytes, 0)
    }

    func testBatchDrawnByTilesEqualsSpritesDrawnOneByOne() {
        // 400 overlapping sprites on a 700×200 canvas (3 × 4 tiles of 256 × 64), many crossing tile
        // edges, some partly off the canvas, through a clip mask: one batch (drawn tile by tile)
        // must give the bytes of 400 one-sprite batches drawn in turn
        var seed: UInt64 = 777
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let img = image(16, 16) { x, y in
            let a = UInt8(max(0, 255 - 30 * (abs(2 * x - 15) + abs(2 * y - 15)) / 4))
            return [a, UInt8(Int(a) * x / 16), UInt8(Int(a) * y / 16), a]
        }
        let sprites: [(Affine2D, Color)] = (0..<400).map { _ in
            let k = 0.5 + 3 * next(), t = next() * 2 * .pi
            let a = 0.3 + 0.7 * next()
            return (Affine2D(a: k * cos(t), b: k * sin(t), c: -k * sin(t), d: k * cos(t), tx: next() * 740 - 20, ty: next() * 240 - 20),
                    Color(next() * a, next() * a, next() * a, a))
        }
        for blend in [SpriteBlend.sourceOver, .plusLighter] {
            for clip in [nil, Rect(10.5, 7.25, 650.5, 170.3)] {
                let batch = draw(img, 700, 200, background: Color(0.1, 0.1, 0.3), blend: blend, clip: clip, sprites)
                var l = DisplayList(width: 700, height: 200, background: Color(0.1, 0.1, 0.3))
                let i = l.imageIndex("s")
                if let c = clip {
                    var p = Path()
                    p.addRect(c)
                    l.ops.append(.pushClip(ClipShape(path: l.add(p), rule: .nonZero, transform: .identity)))
                }
                for sp in sprites {
                    l.ops.append(.sprites(SpriteBatch(sprites: [Sprite(image: i, source: Rect(0, 0, 16, 16), placement: sp.0, tint: sp.1)],
                                                      blend: blend)))
                }
                if clip != nil { l.ops.append(.popClip) }
                let single = Renderer().render(l, images: ["s": img])
                XCTAssertEqual(zip(batch.pixels, single.pixels).filter { $0 != $1 }.count, 0, "\(blend), clip \(String(describing: clip))")
            }
        }
    }

    func testHostilePlacementsDrawNothingOrStayInTheCanvas() {
        // not finite, singular, enormous and vanishing placements and tints: nothing traps, nothing is
        // written outside the canvas (the frame keeps its size), and the sane sprite among them draws
        let img = image(4, 4) { _, _ in [255, 255, 255, 255] }
        let nan = Double.nan, inf = Double.infinity
        let fb = draw(img, 8, 8, [
            (Affine2D(a: nan, b: 0, c: 0, d: 1, tx: 0, ty: 0), .white),
            (Affine2D(a: inf, b: 0, c: 0, d: 1, tx: 0, ty: 0), .white),
            (Affine2D(a: 1, b: 0, c: 0, d: 1, tx: -inf, ty: 0), .white),
            (Affine2D(a: 0, b: 0, c: 0, d: 0, tx: 2, ty: 2), .white),
            (Affine2D(a: 1e12, b: 0, c: 0, d: 1e12, tx: -2e12, ty: -2e12), Color(0, 0, 0.5, 0.5)),
            (Affine2D(a: 1e-12, b: 0, c: 0, d: 1e-12, tx: 3, ty: 3), .white),
            (Affine2D(a: 1, b: 0, c: 0, d: 1, tx: 1e300, ty: 2), .white),
            (.translation(2, 2), Color(nan, 1, inf, 1)),
        ])
        XCTAssertEqual(fb.width, 8)
        // the enormous one covers the canvas with its centre texel: blue (0, 0, 128, 128) everywhere
        XCTAssertEqual(px(fb, 0, 0), [0, 0, 128, 128])
        XCTAssertEqual(px(fb, 7, 7), [0, 0, 128, 128])
        // the last sprite, opaque, on top: tint (NaN → 0, 1, ∞ → 1, 1)
        XCTAssertEqual(px(fb, 3, 3), [0, 255, 255, 255])
        // mirrored (a negative scale) draws the image flipped: a 2×1 [red, blue] turned left-right
        let pair = image(2, 1) { x, _ in x == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        let flipped = draw(pair, 4, 1, [(Affine2D(a: -1, b: 0, c: 0, d: 1, tx: 3, ty: 0), .white)])
        XCTAssertEqual(px(flipped, 2, 0), [255, 0, 0, 255])
        XCTAssertEqual(px(flipped, 1, 0), [0, 0, 255, 255])
    }
}
