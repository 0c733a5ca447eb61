// PNG and PPM encoders and decoders: exact round trips, hand-built files, and rejection of bad input.

import CalcCore
import DisplayList
@testable import Render
import XCTest

final class CodecTests: XCTestCase {
    /// A small image with gradients and edges (deterministic, no renderer involved).
    func opaqueImage(_ w: Int = 37, _ h: Int = 23) -> Framebuffer {
        var px: [UInt32] = []
        for y in 0..<h {
            for x in 0..<w {
                px.append(PixelMath.pack(UInt8((x * 7) & 255), UInt8((y * 11) & 255), UInt8((x * y) & 255), 255))
            }
        }
        return Framebuffer(width: w, height: h, pixels: px)!
    }

    func testPNGRoundTripOpaqueIsExactForEveryFilterAndLevel() throws {
        let fb = opaqueImage()
        for level in [0, 1, 6, 12] {
            for f in PNGFilterStrategy.allCases {
                let png = PNGWriter(level: level, filter: f).encode(fb)
                XCTAssertEqual(png[25], 2, "opaque images are written as RGB (colour type 2)")
                XCTAssertEqual(try PNGDecoder.decode(png), fb, "level \(level) filter \(f)")
            }
        }
    }

    func testPNGRoundTripSemiTransparentWithinRounding() throws {
        // premultiplied pixels p with alpha a: un-premultiply to round(p·255/a), re-premultiply round(s·a/255).
        // The round trip changes a channel by at most half a step of 255/a on the way out, i.e. ≤ 1 after
        // re-multiplying; alpha and fully transparent pixels are exact.
        var px: [UInt32] = []
        for a in stride(from: 0, through: 255, by: 5) {
            for c in stride(from: 0, through: a, by: max(1, a / 7)) {
                px.append(PixelMath.pack(UInt8(c), UInt8(a - c), UInt8(c / 2), UInt8(a)))
            }
        }
        let fb = Framebuffer(width: px.count, height: 1, pixels: px)!
        let png = PNGEncoder.encode(fb)
        XCTAssertEqual(png[25], 6, "semi-transparent images are written as RGBA (colour type 6)")
        let back = try PNGDecoder.decode(png)
        XCTAssertEqual(back.width, fb.width)
        for (p, q) in zip(fb.pixels, back.pixels) {
            let a = PixelMath.unpack(p), b = PixelMath.unpack(q)
            XCTAssertEqual(a.a, b.a)
            XCTAssertLessThanOrEqual(abs(Int(a.r) - Int(b.r)), 1)
            XCTAssertLessThanOrEqual(abs(Int(a.g) - Int(b.g)), 1)
            XCTAssertLessThanOrEqual(abs(Int(a.b) - Int(b.b)), 1)
        }
        // a renderer frame with a clear background round-trips too
        let frame = Renderer().render(scene(30, 20, background: .clear, [box(3.3, 2.7, 20, 10) { $0.transform = .rotation(0.4) }]))
        let f2 = try PNGDecoder.decode(PNGEncoder.encode(frame))
        XCTAssertEqual(zip(frame.pixels, f2.pixels).map { abs(Int($0 >> 24) - Int($1 >> 24)) }.max(), 0)
    }

    func testPNGStructure() {
        let png = PNGEncoder.encode(Framebuffer(width: 3, height: 2, fill: .white))
        XCTAssertEqual(Array(png[0..<8]), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: length 13, "IHDR", width 3, height 2, depth 8, colour type 2, 0, 0, 0
        XCTAssertEqual(Array(png[8..<29]), [0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 3, 0, 0, 0, 2, 8, 2, 0, 0, 0])
        // ends with an empty IEND whose CRC is the well-known AE 42 60 82
        XCTAssertEqual(Array(png.suffix(12)), [0, 0, 0, 0, 73, 69, 78, 68, 0xAE, 0x42, 0x60, 0x82])
    }

    /// A PNG assembled by hand: stored (uncompressed) zlib blocks and our own CRC-32, so the decoder is
    /// tested against bytes the encoder never produced.
    func handPNG(width: Int, height: Int, depth: UInt8, colorType: UInt8, rows: [[UInt8]], extra: [(String, [UInt8])] = []) -> [UInt8] {
        func crc32(_ d: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for b in d {
                c ^= UInt32(b)
                for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            return ~c
        }
        func be(_ v: Int) -> [UInt8] { [UInt8((v >> 24) & 255), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)] }
        func chunk(_ t: String, _ d: [UInt8]) -> [UInt8] {
            let td = Array(t.utf8) + d
            return be(d.count) + td + be(Int(crc32(td)))
        }
        let raw = rows.flatMap { $0 }
        var a = 1, b = 0
        for v in raw { a = (a + Int(v)) % 65521; b = (b + a) % 65521 }
        let n = raw.count
        let z: [UInt8] = [0x78, 0x01, 1, UInt8(n & 255), UInt8(n >> 8), UInt8(~n & 255), UInt8((~n >> 8) & 255)] + raw + be(b << 16 | a)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", be(width) + be(height) + [depth, colorType, 0, 0, 0])
        for (t, d) in extra { png += chunk(t, d) }
        png += chunk("IDAT", z) + chunk("IEND", [])
        return png
    }

    func testDecodeHandBuiltColourTypes() throws {
        // RGB 2×1 with the Sub filter: bytes (10,20,30), (+5,+5,+5) → second pixel (15,25,35)
        let rgb = try PNGDecoder.decode(handPNG(width: 2, height: 1, depth: 8, colorType: 2, rows: [[1, 10, 20, 30, 5, 5, 5]]))
        XCTAssertEqual(rgb.pixels, [PixelMath.pack(10, 20, 30, 255), PixelMath.pack(15, 25, 35, 255)])
        // RGBA with alpha 128: straight (200, 100, 0) premultiplies to round(200·128/255) = 100, round(100·128/255) = 50
        let rgba = try PNGDecoder.decode(handPNG(width: 1, height: 1, depth: 8, colorType: 6, rows: [[0, 200, 100, 0, 128]]))
        XCTAssertEqual(rgba.pixels, [PixelMath.pack(100, 50, 0, 128)])
        // gray 8 bit, two rows, second row with the Up filter: 50 + 10 = 60
        let gray = try PNGDecoder.decode(handPNG(width: 1, height: 2, depth: 8, colorType: 0, rows: [[0, 50], [2, 10]]))
        XCTAssertEqual(gray.pixels, [PixelMath.pack(50, 50, 50, 255), PixelMath.pack(60, 60, 60, 255)])
        // gray + alpha: gray 255 at alpha 51 → premultiplied 51
        let ga = try PNGDecoder.decode(handPNG(width: 1, height: 1, depth: 8, colorType: 4, rows: [[0, 255, 51]]))
        XCTAssertEqual(ga.pixels, [PixelMath.pack(51, 51, 51, 51)])
        // 1-bit gray 3 pixels 1,0,1 → 255, 0, 255
        let bits = try PNGDecoder.decode(handPNG(width: 3, height: 1, depth: 1, colorType: 0, rows: [[0, 0b1010_0000]]))
        XCTAssertEqual(bits.pixels, [PixelMath.pack(255, 255, 255, 255), PixelMath.pack(0, 0, 0, 255), PixelMath.pack(255, 255, 255, 255)])
        // palette (2 bits) with tRNS: entries red, green (alpha 0); pixels 0, 1
        let pal = try PNGDecoder.decode(handPNG(width: 2, height: 1, depth: 2, colorType: 3, rows: [[0, 0b0001_0000]],
                                                extra: [("PLTE", [255, 0, 0, 0, 255, 0]), ("tRNS", [255, 0])]))
        XCTAssertEqual(pal.pixels, [PixelMath.pack(255, 0, 0, 255), 0])
        // 16-bit RGB: 0xFFFF → 255, 0x8000 → round(32768·255/65535) = 128
        let deep = try PNGDecoder.decode(handPNG(width: 1, height: 1, depth: 16, colorType: 2, rows: [[0, 0xFF, 0xFF, 0x80, 0, 0, 0]]))
        XCTAssertEqual(deep.pixels, [PixelMath.pack(255, 128, 0, 255)])
        // Paeth on the first row predicts from the left neighbour only: 7, then 7 + 3 = 10
        let paeth = try PNGDecoder.decode(handPNG(width: 2, height: 1, depth: 8, colorType: 0, rows: [[4, 7, 3]]))
        XCTAssertEqual(paeth.pixels, [PixelMath.pack(7, 7, 7, 255), PixelMath.pack(10, 10, 10, 255)])
    }

    func testDecoderRejectsBadInput() {
        let good = PNGEncoder.encode(opaqueImage(8, 8))
        XCTAssertNoThrow(try PNGDecoder.decode(good))

        var sig = good
        sig[1] = UInt8(ascii: "Q")
        XCTAssertThrowsError(try PNGDecoder.decode(sig)) { XCTAssertEqual($0 as? PNGError, .badSignature) }

        var crc = good
        crc[29] ^= 0x01   // first byte of IHDR's CRC
        XCTAssertThrowsError(try PNGDecoder.decode(crc)) { XCTAssertEqual($0 as? PNGError, .badCRC(chunk: "IHDR")) }

        var data = good
        data[45] ^= 0x40  // inside the IDAT payload: the CRC no longer matches
        XCTAssertThrowsError(try PNGDecoder.decode(data)) { XCTAssertEqual($0 as? PNGError, .badCRC(chunk: "IDAT")) }

        for cut in [0, 5, 20, 40, good.count - 12, good.count - 1] {
            XCTAssertThrowsError(try PNGDecoder.decode(Array(good.prefix(cut))), "cut at \(cut)") {
                XCTAssertEqual($0 as? PNGError, .truncated, "cut at \(cut)")
            }
        }

        XCTAssertThrowsError(try PNGDecoder.decode(rebuiltIHDR(width: 1, height: 1, depth: 8, colorType: 0, interlace: 1))) {
            XCTAssertEqual($0 as? PNGError, .unsupported("interlaced (Adam7) images are not supported"))
        }
        XCTAssertThrowsError(try PNGDecoder.decode(rebuiltIHDR(width: 1, height: 1, depth: 5, colorType: 2, interlace: 0))) {
            XCTAssertEqual($0 as? PNGError, .unsupported("bit depth 5 is not valid for colour type 2"))
        }
        XCTAssertThrowsError(try PNGDecoder.decode(rebuiltIHDR(width: 20000, height: 1, depth: 8, colorType: 0, interlace: 0))) {
            XCTAssertEqual($0 as? PNGError, .tooLarge(width: 20000, height: 1))
        }
        // a header promising far more pixels than the data can inflate to is refused before allocating
        XCTAssertThrowsError(try PNGDecoder.decode(rebuiltIHDR(width: 16000, height: 16000, depth: 8, colorType: 6, interlace: 0)))
        // rows of the wrong length
        XCTAssertThrowsError(try PNGDecoder.decode(handPNG(width: 2, height: 1, depth: 8, colorType: 0, rows: [[0, 1]]))) {
            XCTAssertEqual($0 as? PNGError, .corruptData("image data shorter than the header promises"))
        }
        // unknown filter type 9
        XCTAssertThrowsError(try PNGDecoder.decode(handPNG(width: 1, height: 1, depth: 8, colorType: 0, rows: [[9, 1]])))
        // palette index beyond the palette
        XCTAssertThrowsError(try PNGDecoder.decode(handPNG(width: 1, height: 1, depth: 8, colorType: 3, rows: [[0, 5]],
                                                           extra: [("PLTE", [1, 2, 3])])))
        // random garbage after a valid signature never crashes
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var g = Array(good.prefix(8)) + (0..<Int.random(in: 0..<80, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            if g.count > 16 { g[8...11] = [0, 0, 0, 13] }
            _ = try? PNGDecoder.decode(g)
        }
    }

    func rebuiltIHDR(width: Int, height: Int, depth: UInt8, colorType: UInt8, interlace: UInt8) -> [UInt8] {
        var png = handPNG(width: 1, height: 1, depth: 8, colorType: 0, rows: [[0, 1]])
        // rewrite IHDR fields and recompute its CRC with libdeflate-independent code
        func be(_ v: Int) -> [UInt8] { [UInt8((v >> 24) & 255), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)] }
        png[16..<20] = be(width)[...]; png[20..<24] = be(height)[...]
        png[24] = depth; png[25] = colorType; png[28] = interlace
        var c: UInt32 = 0xFFFF_FFFF
        for b in png[12..<29] {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        png[29..<33] = be(Int(~c))[...]
        return png
    }

    func testPPMExactBytesFor2x2() throws {
        // red, green / blue, and premultiplied (64, 0, 0, 128) whose straight red is round(64·255/128) = 128
        let fb = Framebuffer(width: 2, height: 2, pixels: [PixelMath.pack(255, 0, 0, 255), PixelMath.pack(0, 255, 0, 255),
                                                           PixelMath.pack(0, 0, 255, 255), PixelMath.pack(64, 0, 0, 128)])!
        let ppm = PPMEncoder.encode(fb)
        XCTAssertEqual(ppm, Array("P6\n2 2\n255\n".utf8) + [255, 0, 0, 0, 255, 0, 0, 0, 255, 128, 0, 0])
        let back = try PPMDecoder.decode(ppm)
        XCTAssertEqual(back.pixels, [PixelMath.pack(255, 0, 0, 255), PixelMath.pack(0, 255, 0, 255),
                                     PixelMath.pack(0, 0, 255, 255), PixelMath.pack(128, 0, 0, 255)])
        XCTAssertEqual(try PPMDecoder.decode(Array("P6 # comment\n1 1 255\n".utf8) + [1, 2, 3]).pixels, [PixelMath.pack(1, 2, 3, 255)])
        XCTAssertThrowsError(try PPMDecoder.decode(Array("P5\n1 1\n255\n".utf8) + [0]))
        XCTAssertThrowsError(try PPMDecoder.decode(Array("P6\n2 2\n255\n".utf8) + [0, 0, 0]))
        XCTAssertThrowsError(try PPMDecoder.decode(Array("P6\n1 1\n65535\n".utf8) + [0, 0, 0, 0, 0, 0]))
    }
}
