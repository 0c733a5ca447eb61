// ImageDecoder against fixture files written by Fixtures/make_fixtures.py (pypng and zlib, not our
// code): every PNG colour type, bit depth, palette, tRNS and Adam7, and binary PGM/PPM/PAM. Each
// fixture encodes the formula `v` below, so the expected pixels are recomputed here from the formula
// with floating-point rounding, independently of the decoder's integer arithmetic. Hostile files
// (huge, over budget, short data, bad CRCs, a zTXt bomb) must end in the right ImageError, and a
// seeded mutation loop over the fixtures must never crash.

import CalcCore
@testable import Render
import XCTest

final class ImageDecoderTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    func fixture(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
        let data = try XCTUnwrap(FileManager.default.contents(atPath: Self.fixtures + "/" + name), "fixture \(name)", file: file, line: line)
        return [UInt8](data)
    }

    /// The pattern every fixture encodes (make_fixtures.py's docstring).
    func v(_ x: Int, _ y: Int, _ c: Int) -> Int { (x * 2719 + y * 7919 + x * y * 131 + c * 10007 + 4099) & 0xFFFF }

    /// round(s · 255 / maxval), halves up.
    func to8(_ s: Int, _ maxval: Int) -> Int { Int((Double(s) * 255 / Double(maxval)).rounded()) }

    /// Straight RGBA8 premultiplied with round(c · a / 255) (no ties: 255 is odd), packed R low.
    func premultiplied(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> UInt32 {
        func m(_ c: Int) -> UInt32 { UInt32((Double(c * a) / 255).rounded()) }
        return m(r) | m(g) << 8 | m(b) << 16 | UInt32(a) << 24
    }

    enum Kind { case gray, grayAlpha, rgb, rgba, palette(n: Int, t: Int) }

    /// The pixels a PNG fixture of `kind` and bit `depth` must decode to.
    func expectedPNG(_ kind: Kind, depth: Int, key: Bool, width: Int, height: Int) -> [UInt32] {
        let maxval = (1 << depth) - 1
        func s(_ x: Int, _ y: Int, _ c: Int) -> Int { v(x, y, c) >> (16 - depth) }
        var out: [UInt32] = []
        for y in 0..<height {
            for x in 0..<width {
                switch kind {
                case .gray:
                    let g = to8(s(x, y, 0), maxval)
                    out.append(premultiplied(g, g, g, key && s(x, y, 0) == s(3, 2, 0) ? 0 : 255))
                case .grayAlpha:
                    let g = to8(s(x, y, 0), maxval)
                    out.append(premultiplied(g, g, g, to8(s(x, y, 1), maxval)))
                case .rgb:
                    let keyed = key && (0..<3).allSatisfy { s(x, y, $0) == s(3, 2, $0) }
                    out.append(premultiplied(to8(s(x, y, 0), maxval), to8(s(x, y, 1), maxval), to8(s(x, y, 2), maxval), keyed ? 0 : 255))
                case .rgba:
                    out.append(premultiplied(to8(s(x, y, 0), maxval), to8(s(x, y, 1), maxval), to8(s(x, y, 2), maxval), to8(s(x, y, 3), maxval)))
                case .palette(let n, let t):
                    let i = s(x, y, 0) % n
                    out.append(premultiplied((i * 53 + 7) & 255, (i * 101 + 3) & 255, (i * 197 + 11) & 255, i < t ? (i * 89 + 13) & 255 : 255))
                }
            }
        }
        return out
    }

    /// Every fixture name a test reads, so a fixture nobody checks is noticed.
    static let patternPNGs: [(String, Kind, Int, Bool, Int, Int)] = {
        var out: [(String, Kind, Int, Bool, Int, Int)] = []
        for sfx in ["", "_i"] {
            for d in [1, 2, 4, 8, 16] { out.append(("gray\(d)\(sfx).png", .gray, d, false, 13, 11)) }
            out.append(("gray4_trns\(sfx).png", .gray, 4, true, 13, 11))
            out.append(("gray16_trns\(sfx).png", .gray, 16, true, 13, 11))
            for d in [8, 16] {
                out.append(("rgb\(d)\(sfx).png", .rgb, d, false, 13, 11))
                out.append(("rgb\(d)_trns\(sfx).png", .rgb, d, true, 13, 11))
                out.append(("ga\(d)\(sfx).png", .grayAlpha, d, false, 13, 11))
                out.append(("rgba\(d)\(sfx).png", .rgba, d, false, 13, 11))
            }
            for (d, n, t) in [(1, 2, 1), (2, 3, 2), (4, 11, 6), (8, 200, 120)] {
                out.append(("pal\(d)\(sfx).png", .palette(n: n, t: t), d, false, 13, 11))
            }
        }
        out.append(("rgba16_i_1x1.png", .rgba, 16, false, 1, 1))
        out.append(("gray8_i_3x2.png", .gray, 8, false, 3, 2))
        out.append(("rgba8_i_32x32.png", .rgba, 8, false, 32, 32))
        return out
    }()

    static let netpbms: [(String, Int, Int, Bool)] = [   // name, maxval, channels, alpha
        ("gray255.pgm", 255, 1, false), ("gray1000.pgm", 1000, 1, false),
        ("rgb255.ppm", 255, 3, false), ("rgb4095.ppm", 4095, 3, false),
        ("grayscale255.pam", 255, 1, false), ("grayscale_alpha65535.pam", 65535, 2, true),
        ("rgb100.pam", 100, 3, false), ("rgb_alpha255.pam", 255, 4, true), ("rgb_alpha65535.pam", 65535, 4, true),
        ("blackandwhite1.pam", 1, 1, false), ("notuple4.pam", 255, 4, true),
    ]

    static let hostile = ["huge_100000.png", "over_budget_16384.png", "short_idat_8000.png", "bad_crc_idat.png",
                          "bad_crc_text.png", "ztxt_bomb.png", "long_idat.png"]

    func testEveryFixtureIsChecked() throws {
        let listed = Set(Self.patternPNGs.map(\.0) + Self.netpbms.map(\.0) + Self.hostile + ["make_fixtures.py"])
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: Self.fixtures))
        XCTAssertEqual(present.subtracting(listed), [], "fixtures no test reads")
        XCTAssertEqual(listed.subtracting(present), [], "fixtures missing (run make_fixtures.py)")
    }

    func testEveryPNGColourTypeBitDepthAndInterlace() throws {
        for (name, kind, depth, key, w, h) in Self.patternPNGs {
            let fb = try ImageDecoder.decode(try fixture(name))
            XCTAssertEqual(fb.width, w, name)
            XCTAssertEqual(fb.height, h, name)
            let want = expectedPNG(kind, depth: depth, key: key, width: w, height: h)
            let bad = zip(fb.pixels, want).enumerated().filter { $0.element.0 != $0.element.1 }
            XCTAssertTrue(bad.isEmpty, "\(name): \(bad.count) pixels differ, first at \(bad.first.map { ($0.offset % w, $0.offset / w) }!): "
                          + "got \(String(bad.first!.element.0, radix: 16)), want \(String(bad.first!.element.1, radix: 16))")
        }
    }

    func testInterlacedAndPlainFixturesAgree() throws {
        for (name, _, _, _, _, _) in Self.patternPNGs where !name.contains("_i") {
            XCTAssertEqual(try ImageDecoder.decode(try fixture(name)),
                           try ImageDecoder.decode(try fixture(name.replacingOccurrences(of: ".png", with: "_i.png"))), name)
        }
    }

    func testTheFixturesExerciseTransparencyAndRounding() {
        // the formula must reach the cases the test is meant to cover, or the checks above prove little
        let rgba16 = expectedPNG(.rgba, depth: 16, key: false, width: 13, height: 11)
        XCTAssertTrue(rgba16.contains { $0 >> 24 != 0 && $0 >> 24 != 255 }, "partial alpha")
        let gray4 = expectedPNG(.gray, depth: 4, key: true, width: 13, height: 11)
        XCTAssertGreaterThan(gray4.filter { $0 == 0 }.count, 1, "several pixels match the grey key")
        let rgb16 = expectedPNG(.rgb, depth: 16, key: true, width: 13, height: 11)
        XCTAssertEqual(rgb16.filter { $0 == 0 }.count, 1, "exactly the key pixel is transparent")
        // 16-bit samples whose truncation (v >> 8) and rounding differ
        XCTAssertTrue((0..<13).contains { x in (0..<11).contains { y in to8(v(x, y, 0), 65535) != v(x, y, 0) >> 8 } })
    }

    func testNetpbm() throws {
        for (name, maxval, channels, alpha) in Self.netpbms {
            let fb = try ImageDecoder.decode(try fixture(name))
            XCTAssertEqual(fb.width, 13, name)
            XCTAssertEqual(fb.height, 11, name)
            var want: [UInt32] = []
            for y in 0..<11 {
                for x in 0..<13 {
                    let s = (0..<channels).map { to8(v(x, y, $0) % (maxval + 1), maxval) }
                    let a = alpha ? s[channels - 1] : 255
                    want.append(channels >= 3 ? premultiplied(s[0], s[1], s[2], a) : premultiplied(s[0], s[0], s[0], a))
                }
            }
            XCTAssertEqual(fb.pixels, want, name)
        }
    }

    func testNetpbmHeadersAndErrors() throws {
        func d(_ header: String, _ body: [UInt8]) throws -> Framebuffer { try ImageDecoder.decode(Array(header.utf8) + body) }
        // the encoder's output reads back (opaque pixels exactly)
        let fb = Framebuffer(width: 2, height: 1, pixels: [PixelMath.pack(1, 2, 3, 255), PixelMath.pack(250, 0, 7, 255)])!
        XCTAssertEqual(try ImageDecoder.decode(PPMEncoder.encode(fb)), fb)
        XCTAssertEqual(try d("P6 # comment\n1 1 255\n", [1, 2, 3]).pixels, [PixelMath.pack(1, 2, 3, 255)])
        XCTAssertEqual(try d("P5\n1 1\n255\n", [77]).pixels, [PixelMath.pack(77, 77, 77, 255)])
        // maxval 65535: 0x8000 → round(32768·255/65535) = 128
        XCTAssertEqual(try d("P6\n1 1\n65535\n", [0xFF, 0xFF, 0x80, 0, 0, 0]).pixels, [PixelMath.pack(255, 128, 0, 255)])
        // PAM grey+alpha: grey 200 at alpha 100 → round(200·100/255) = 78
        XCTAssertEqual(try d("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 2\nMAXVAL 255\nTUPLTYPE GRAYSCALE_ALPHA\nENDHDR\n", [200, 100]).pixels,
                       [PixelMath.pack(78, 78, 78, 100)])

        func fails(_ header: String, _ body: [UInt8], _ error: ImageError, line: UInt = #line) {
            XCTAssertThrowsError(try d(header, body), line: line) { XCTAssertEqual($0 as? ImageError, error, line: line) }
        }
        fails("P6\n2 2\n255\n", [0, 0, 0], .truncated(format: "PPM"))
        fails("P6\n2 2", [], .truncated(format: "PPM"))
        fails("P5\n2 x\n255\n", [], .invalid(format: "PGM", reason: "expected a number in the header"))
        fails("P6\n1 1\n0\n", [0, 0, 0], .invalid(format: "PPM", reason: "maxval 0 is not between 1 and 65535"))
        fails("P6\n1 1\n70000\n", [0, 0, 0, 0, 0, 0], .invalid(format: "PPM", reason: "maxval 70000 is not between 1 and 65535"))
        fails("P5\n1 1\n100\n", [101], .invalid(format: "PGM", reason: "a sample exceeds maxval 100"))
        fails("P5\n0 1\n255\n", [], .invalid(format: "PGM", reason: "dimensions 0×1"))
        fails("P6\n100000 1\n255\n", [], .tooLarge(width: 100000, height: 1))
        fails("P6\n99999999999999999999 1\n255\n", [], .tooLarge(width: Int(Int32.max), height: 1))
        fails("P5\n16384 16384\n255\n", [], .tooManyPixels(width: 16384, height: 16384))
        fails("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 3\nMAXVAL 255\nTUPLTYPE GRAYSCALE\nENDHDR\n", [1, 2, 3],
              .invalid(format: "PAM", reason: "tuple type 'GRAYSCALE' with depth 3 is not supported"))
        fails("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 5\nMAXVAL 255\nENDHDR\n", [1, 2, 3, 4, 5],
              .invalid(format: "PAM", reason: "tuple type (none) with depth 5 is not supported"))
        fails("P7\nWIDTH 1\nHEIGHT 1\nMAXVAL 255\nENDHDR\n", [1], .invalid(format: "PAM", reason: "the header lacks WIDTH, HEIGHT, DEPTH or MAXVAL"))
        fails("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 1\nMAXVAL 255\n", [], .truncated(format: "PAM"))
        fails("P7\nWIDTH 1\nCOLOUR 1\n", [], .invalid(format: "PAM", reason: "unknown header line 'COLOUR'"))
        fails("P3\n1 1\n255\n", [], .unknownFormat)
    }

    // MARK: hand-built PNGs (ported from the old decoder's tests)

    /// A PNG assembled by hand: stored (uncompressed) zlib blocks and our own CRC-32, so the decoder is
    /// tested against bytes no encoder produced.
    func handPNG(width: Int, height: Int, depth: UInt8, colorType: UInt8, interlace: UInt8 = 0, rows: [[UInt8]],
                 extra: [(String, [UInt8])] = []) -> [UInt8] {
        let raw = rows.flatMap { $0 }
        var a = 1, b = 0
        for v in raw { a = (a + Int(v)) % 65521; b = (b + a) % 65521 }
        let n = raw.count
        let z: [UInt8] = [0x78, 0x01, 1, UInt8(n & 255), UInt8(n >> 8), UInt8(~n & 255), UInt8((~n >> 8) & 255)] + raw + be(b << 16 | a)
        var png = ImageDecoder.pngSignature
        png += chunk("IHDR", be(width) + be(height) + [depth, colorType, 0, 0, interlace])
        for (t, d) in extra { png += chunk(t, d) }
        png += chunk("IDAT", z) + chunk("IEND", [])
        return png
    }

    func testDecodeHandBuiltColourTypes() throws {
        func d(_ png: [UInt8]) throws -> [UInt32] { try ImageDecoder.decode(png).pixels }
        // RGB 2×1 with the Sub filter: bytes (10,20,30), (+5,+5,+5) → second pixel (15,25,35)
        XCTAssertEqual(try d(handPNG(width: 2, height: 1, depth: 8, colorType: 2, rows: [[1, 10, 20, 30, 5, 5, 5]])),
                       [PixelMath.pack(10, 20, 30, 255), PixelMath.pack(15, 25, 35, 255)])
        // RGBA with alpha 128: straight (200, 100, 0) premultiplies to round(200·128/255) = 100, round(100·128/255) = 50
        XCTAssertEqual(try d(handPNG(width: 1, height: 1, depth: 8, colorType: 6, rows: [[0, 200, 100, 0, 128]])), [PixelMath.pack(100, 50, 0, 128)])
        // alpha 0 is all zero whatever the colour; alpha 255 keeps it
        XCTAssertEqual(try d(handPNG(width: 2, height: 1, depth: 8, colorType: 6, rows: [[0, 200, 100, 9, 0, 1, 2, 3, 255]])),
                       [0, PixelMath.pack(1, 2, 3, 255)])
        // gray 8 bit, two rows, second row with the Up filter: 50 + 10 = 60
        XCTAssertEqual(try d(handPNG(width: 1, height: 2, depth: 8, colorType: 0, rows: [[0, 50], [2, 10]])),
                       [PixelMath.pack(50, 50, 50, 255), PixelMath.pack(60, 60, 60, 255)])
        // gray + alpha: gray 255 at alpha 51 → premultiplied 51
        XCTAssertEqual(try d(handPNG(width: 1, height: 1, depth: 8, colorType: 4, rows: [[0, 255, 51]])), [PixelMath.pack(51, 51, 51, 51)])
        // 1-bit gray 3 pixels 1,0,1 → 255, 0, 255
        XCTAssertEqual(try d(handPNG(width: 3, height: 1, depth: 1, colorType: 0, rows: [[0, 0b1010_0000]])),
                       [PixelMath.pack(255, 255, 255, 255), PixelMath.pack(0, 0, 0, 255), PixelMath.pack(255, 255, 255, 255)])
        // palette (2 bits) with tRNS: entries red, green (alpha 0); pixels 0, 1
        XCTAssertEqual(try d(handPNG(width: 2, height: 1, depth: 2, colorType: 3, rows: [[0, 0b0001_0000]],
                                     extra: [("PLTE", [255, 0, 0, 0, 255, 0]), ("tRNS", [255, 0])])), [PixelMath.pack(255, 0, 0, 255), 0])
        // 16-bit RGB: 0xFFFF → 255, 0x8000 → round(32768·255/65535) = 128
        XCTAssertEqual(try d(handPNG(width: 1, height: 1, depth: 16, colorType: 2, rows: [[0, 0xFF, 0xFF, 0x80, 0, 0, 0]])),
                       [PixelMath.pack(255, 128, 0, 255)])
        // where rounding and truncation to the high byte differ: 0x10A0 = 4256 → round(16.56) = 17 (high byte 16),
        // 0xF010 = 61456 → round(239.13) = 239 (high byte 240)
        XCTAssertEqual(try d(handPNG(width: 2, height: 1, depth: 16, colorType: 0, rows: [[0, 0x10, 0xA0, 0xF0, 0x10]])),
                       [PixelMath.pack(17, 17, 17, 255), PixelMath.pack(239, 239, 239, 255)])
        // 16-bit colour key: 0x0101 is transparent, 0x0100 (the same high byte) is not
        XCTAssertEqual(try d(handPNG(width: 2, height: 1, depth: 16, colorType: 0, rows: [[0, 1, 1, 1, 0]], extra: [("tRNS", [1, 1])])),
                       [0, PixelMath.pack(1, 1, 1, 255)])
        // Paeth on the first row predicts from the left neighbour only: 7, then 7 + 3 = 10
        XCTAssertEqual(try d(handPNG(width: 2, height: 1, depth: 8, colorType: 0, rows: [[4, 7, 3]])),
                       [PixelMath.pack(7, 7, 7, 255), PixelMath.pack(10, 10, 10, 255)])
        // an index beyond the palette is black and opaque (libspng's rule, as libpng's)
        XCTAssertEqual(try d(handPNG(width: 1, height: 1, depth: 8, colorType: 3, rows: [[0, 5]], extra: [("PLTE", [1, 2, 3])])),
                       [PixelMath.pack(0, 0, 0, 255)])
        // gAMA, sRGB and iCCP-free colour chunks change nothing: samples are taken as sRGB
        XCTAssertEqual(try d(handPNG(width: 1, height: 1, depth: 8, colorType: 0, rows: [[0, 100]], extra: [("gAMA", be(100000))])),
                       [PixelMath.pack(100, 100, 100, 255)])
        XCTAssertEqual(try d(handPNG(width: 1, height: 1, depth: 8, colorType: 0, rows: [[0, 100]], extra: [("sRGB", [0])])),
                       [PixelMath.pack(100, 100, 100, 255)])
    }

    func testDecoderRejectsBadInput() throws {
        let good = PNGEncoder.encode(Framebuffer(width: 8, height: 8, pixels: (0..<64).map { UInt32($0 * 3) | 0xFF00_0000 })!)
        XCTAssertNoThrow(try ImageDecoder.decode(good))
        func fails(_ png: [UInt8], _ error: ImageError, _ message: String = "", line: UInt = #line) {
            XCTAssertThrowsError(try ImageDecoder.decode(png), message, line: line) { XCTAssertEqual($0 as? ImageError, error, message, line: line) }
        }
        var sig = good
        sig[1] = UInt8(ascii: "Q")
        fails(sig, .unknownFormat)
        fails([], .unknownFormat)

        var crc = good
        crc[29] ^= 0x01   // first byte of IHDR's CRC
        fails(crc, .badChecksum(chunk: "IHDR"))
        var data = good
        data[45] ^= 0x40  // inside the IDAT payload: the CRC no longer matches
        fails(data, .badChecksum(chunk: "IDAT"))

        // every cut, including inside the signature and between IDAT and IEND
        for cut in 1..<good.count {
            fails(Array(good.prefix(cut)), .truncated(format: "PNG"), "cut at \(cut)")
        }

        fails(rebuiltIHDR(width: 1, height: 1, depth: 8, colorType: 0, interlace: 2), .invalid(format: "PNG", reason: "invalid interlace method"))
        fails(rebuiltIHDR(width: 1, height: 1, depth: 5, colorType: 2, interlace: 0), .invalid(format: "PNG", reason: "invalid bit depth"))
        fails(rebuiltIHDR(width: 1, height: 1, depth: 8, colorType: 5, interlace: 0), .invalid(format: "PNG", reason: "invalid color type"))
        fails(rebuiltIHDR(width: 0, height: 1, depth: 8, colorType: 0, interlace: 0), .invalid(format: "PNG", reason: "invalid image width"))
        fails(rebuiltIHDR(width: 20000, height: 1, depth: 8, colorType: 0, interlace: 0), .tooLarge(width: 20000, height: 1))
        // a header promising far more pixels than the data can inflate to is refused before allocating
        fails(rebuiltIHDR(width: 8000, height: 8000, depth: 8, colorType: 6, interlace: 0), .truncated(format: "PNG"))
        // rows shorter than the header promises
        fails(handPNG(width: 2, height: 1, depth: 8, colorType: 0, rows: [[0, 1]]), .truncated(format: "PNG"))
        // a wrong Adler-32 at the end of the zlib stream, with the chunk CRCs right
        var adler = handPNG(width: 2, height: 1, depth: 8, colorType: 0, rows: [[0, 1, 2]])
        adler[adler.count - 12 - 4 - 1] ^= 0xFF
        fails(repairCRCs(adler), .invalid(format: "PNG", reason: "the compressed image data is corrupt"))
        // unknown filter type 9
        fails(handPNG(width: 1, height: 1, depth: 8, colorType: 0, rows: [[9, 1]]), .invalid(format: "PNG", reason: "invalid scanline filter"))
        // a palette image without PLTE, and an unknown critical chunk
        fails(handPNG(width: 1, height: 1, depth: 8, colorType: 3, rows: [[0, 0]]), .invalid(format: "PNG", reason: "missing PLTE for indexed image"))
        fails(handPNG(width: 1, height: 1, depth: 8, colorType: 0, rows: [[0, 0]], extra: [("ABCD", [1])]),
              .invalid(format: "PNG", reason: "it needs a chunk this decoder does not know (unknown critical chunk)"))
    }

    /// A one-pixel grey image with IHDR rewritten and its CRC recomputed.
    func rebuiltIHDR(width: Int, height: Int, depth: UInt8, colorType: UInt8, interlace: UInt8) -> [UInt8] {
        var png = handPNG(width: 1, height: 1, depth: 8, colorType: 0, rows: [[0, 1]])
        png[16..<20] = be(width)[...]; png[20..<24] = be(height)[...]
        png[24] = depth; png[25] = colorType; png[28] = interlace
        return repairCRCs(png)
    }

    // MARK: hostile fixtures

    func testHostileFixtures() throws {
        func fails(_ name: String, _ error: ImageError, line: UInt = #line) throws {
            let bytes = try fixture(name)
            XCTAssertThrowsError(try ImageDecoder.decode(bytes), name, line: line) { XCTAssertEqual($0 as? ImageError, error, name, line: line) }
        }
        try fails("huge_100000.png", .tooLarge(width: 100000, height: 100000))
        try fails("over_budget_16384.png", .tooManyPixels(width: 16384, height: 16384))
        try fails("short_idat_8000.png", .truncated(format: "PNG"))
        try fails("bad_crc_idat.png", .badChecksum(chunk: "IDAT"))
        try fails("bad_crc_text.png", .badChecksum(chunk: "tEXt"))
        try fails("ztxt_bomb.png", .metadataTooLarge)
        // an image stream that goes on for 8 MiB past the image: the image, and the rest never inflated
        XCTAssertEqual(try ImageDecoder.decode(try fixture("long_idat.png")).pixels,
                       [10, 20, 30, 40].map { PixelMath.pack($0, $0, $0, 255) })
        // the messages a user sees
        XCTAssertEqual(ImageError.tooLarge(width: 100000, height: 100000).description,
                       "the image is 100000×100000 pixels; images may be at most 16384 pixels a side")
        XCTAssertEqual(ImageError.tooManyPixels(width: 16384, height: 16384).description,
                       "the image is 16384×16384 pixels; images may have at most 64 Mpx")
        XCTAssertEqual(ImageError.badChecksum(chunk: "IDAT").description,
                       "the PNG file is damaged: the checksum (CRC) of its 'IDAT' chunk does not match its contents")
        XCTAssertEqual(ImageError.metadataTooLarge.description,
                       "the PNG file's metadata chunks exceed the decoder's limits (8 MiB a chunk, 32 MiB in all)")
    }

    func testCorruptCompressedDataWithValidCRCs() throws {
        // damage inside the zlib stream with the chunk CRCs repaired: libspng must see it through zlib
        let png = try fixture("rgba8.png")
        var hits = 0
        for offset in stride(from: 41 + 2, to: png.count - 16, by: 7) {
            var m = png
            m[offset] ^= 0x5A
            do { _ = try ImageDecoder.decode(repairCRCs(m)) } catch let e as ImageError {
                hits += 1
                XCTAssertTrue([.invalid(format: "PNG", reason: "the compressed image data is corrupt"), .truncated(format: "PNG"),
                               .invalid(format: "PNG", reason: "invalid scanline filter")].contains(e), "\(offset): \(e)")
            }
        }
        XCTAssertGreaterThan(hits, 0)
    }

    /// A few hundred seeded mutations of every fixture (bit flips, random bytes, cuts, repeats, with
    /// and without repaired CRCs): each decodes to a consistent framebuffer or throws an ImageError.
    func testRandomMutationsNeverCrash() throws {
        let names = Self.patternPNGs.map(\.0) + Self.netpbms.map(\.0)
        let files = try names.map { try fixture($0) }
        var rng = SplitMix(seed: 0x5EED_CA1C)
        var decoded = 0, refused = 0
        for round in 0..<600 {
            var m = files[round % files.count]
            switch rng.next(4) {
            case 0: for _ in 0...rng.next(3) { let i = rng.next(m.count); m[i] ^= UInt8(1 << rng.next(8)) }
            case 1: for _ in 0...rng.next(3) { m[rng.next(m.count)] = UInt8(rng.next(256)) }
            case 2: m = Array(m.prefix(rng.next(m.count)))
            default:
                let i = rng.next(m.count), n = min(rng.next(64), m.count - i)
                m.insert(contentsOf: m[i..<i + n], at: i)
            }
            if rng.next(2) == 0, m.starts(with: ImageDecoder.pngSignature) { m = repairCRCs(m) }
            do {
                let fb = try ImageDecoder.decode(m)
                XCTAssertEqual(fb.pixels.count, fb.width * fb.height)
                XCTAssertLessThanOrEqual(max(fb.width, fb.height), 32)
                decoded += 1
            } catch is ImageError {
                refused += 1
            } catch {
                XCTFail("round \(round): unexpected error \(error)")
            }
        }
        // both outcomes must occur, or the mutations never got past the checksums
        XCTAssertGreaterThan(decoded, 50)
        XCTAssertGreaterThan(refused, 50)
    }

    // MARK: helpers

    func be(_ v: Int) -> [UInt8] { [UInt8((v >> 24) & 255), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)] }

    func crc32(_ d: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in d {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    func chunk(_ t: String, _ d: [UInt8]) -> [UInt8] {
        let td = Array(t.utf8) + d
        return be(d.count) + td + be(Int(crc32(td[...])))
    }

    /// Recomputes the CRC of every whole chunk (bitwise, independent of zlib and libdeflate).
    func repairCRCs(_ png: [UInt8]) -> [UInt8] {
        var m = png, pos = 8
        while m.count - pos >= 12 {
            let n = Int(m[pos]) << 24 | Int(m[pos + 1]) << 16 | Int(m[pos + 2]) << 8 | Int(m[pos + 3])
            guard m.count - pos - 12 >= n else { break }
            m[pos + 8 + n..<pos + 12 + n] = be(Int(crc32(m[pos + 4..<pos + 8 + n])))[...]
            pos += 12 + n
        }
        return m
    }

    /// A small deterministic generator (SplitMix64), so a failing mutation can be replayed.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next(_ bound: Int) -> Int {
            guard bound > 0 else { return 0 }
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }
}
