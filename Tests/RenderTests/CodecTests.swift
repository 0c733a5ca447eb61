// PNG and PPM encoders: exact bytes and round trips through ImageDecoder (whose own tests, against
// files no encoder of ours wrote, are in ImageDecoderTests).

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
                XCTAssertEqual(try ImageDecoder.decode(png), fb, "level \(level) filter \(f)")
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
        let back = try ImageDecoder.decode(png)
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
        let f2 = try ImageDecoder.decode(PNGEncoder.encode(frame))
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

    func testPPMExactBytesFor2x2() throws {
        // red, green / blue, and premultiplied (64, 0, 0, 128) whose straight red is round(64·255/128) = 128
        let fb = Framebuffer(width: 2, height: 2, pixels: [PixelMath.pack(255, 0, 0, 255), PixelMath.pack(0, 255, 0, 255),
                                                           PixelMath.pack(0, 0, 255, 255), PixelMath.pack(64, 0, 0, 128)])!
        let ppm = PPMEncoder.encode(fb)
        XCTAssertEqual(ppm, Array("P6\n2 2\n255\n".utf8) + [255, 0, 0, 0, 255, 0, 0, 0, 255, 128, 0, 0])
        let back = try ImageDecoder.decode(ppm)
        XCTAssertEqual(back.pixels, [PixelMath.pack(255, 0, 0, 255), PixelMath.pack(0, 255, 0, 255),
                                     PixelMath.pack(0, 0, 255, 255), PixelMath.pack(128, 0, 0, 255)])
    }
}
