// Binary PPM (P6, maxval 255): the fastest way to get frames out (no compression), and trivially
// readable by ffmpeg and image tools. PPM has no alpha: pixels are un-premultiplied and the alpha is
// dropped, so a semi-transparent pixel is written with its straight colour (as if it were opaque) and a
// fully transparent one as black. Frames normally have an opaque background, where this is exact.

/// Why a PPM could not be decoded.
public enum PPMError: Error, Equatable {
    /// The file does not start with `P6`.
    case badMagic
    /// A header field is missing or unsupported.
    case badHeader(String)
    /// Fewer pixel bytes than the header promises.
    case truncated
}

/// Binary P6 encoding.
public enum PPMEncoder {
    /// `P6\n<width> <height>\n255\n` followed by straight RGB bytes, row by row.
    public static func encode(_ fb: Framebuffer) -> [UInt8] {
        let header = Array("P6\n\(fb.width) \(fb.height)\n255\n".utf8)
        var out = [UInt8](repeating: 0, count: header.count + 3 * fb.pixels.count)
        out.withUnsafeMutableBufferPointer { o in
            fb.pixels.withUnsafeBufferPointer { p in
                PixelMath.unpremultiplyTable.withUnsafeBufferPointer { t in
                    guard let ob = o.baseAddress else { return }
                    for (i, c) in header.enumerated() { ob[i] = c }
                    let dst = ob + header.count
                    for i in 0..<p.count {
                        let v = p[i]
                        if v >> 24 == 255 {
                            dst[3 * i] = UInt8(truncatingIfNeeded: v)
                            dst[3 * i + 1] = UInt8(truncatingIfNeeded: v >> 8)
                            dst[3 * i + 2] = UInt8(truncatingIfNeeded: v >> 16)
                        } else {
                            let a = Int(v >> 24) << 8
                            dst[3 * i] = t[a | Int(v & 0xFF)]
                            dst[3 * i + 1] = t[a | Int((v >> 8) & 0xFF)]
                            dst[3 * i + 2] = t[a | Int((v >> 16) & 0xFF)]
                        }
                    }
                }
            }
        }
        return out
    }
}

/// Binary P6 decoding (maxval 255 only), for tests and user images; the result is opaque.
public enum PPMDecoder {
    /// Decodes a P6 file; comments (`#` to end of line) are allowed in the header.
    public static func decode(_ bytes: [UInt8]) throws -> Framebuffer {
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") else { throw PPMError.badMagic }
        var i = 2
        func number() throws -> Int {
            // skip whitespace and comments
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "#") {
                    while i < bytes.count && bytes[i] != 10 { i += 1 }
                } else if [9, 10, 13, 32].contains(bytes[i]) {
                    i += 1
                } else { break }
            }
            var v = 0, digits = 0
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57, digits < 9 {
                v = v * 10 + Int(bytes[i] - 48); i += 1; digits += 1
            }
            guard digits > 0 else { throw i >= bytes.count ? PPMError.truncated : PPMError.badHeader("expected a number") }
            return v
        }
        let w = try number(), h = try number(), maxval = try number()
        guard maxval == 255 else { throw PPMError.badHeader("maxval \(maxval) (only 255 is supported)") }
        guard w > 0, h > 0, w <= PNGDecoder.maxDimension, h <= PNGDecoder.maxDimension else {
            throw PPMError.badHeader("dimensions \(w)×\(h)")
        }
        guard i < bytes.count, [9, 10, 13, 32].contains(bytes[i]) else { throw PPMError.truncated }
        i += 1
        guard bytes.count - i >= 3 * w * h else { throw PPMError.truncated }
        var pixels = [UInt32](repeating: 0, count: w * h)
        for k in 0..<w * h {
            pixels[k] = PixelMath.pack(bytes[i + 3 * k], bytes[i + 3 * k + 1], bytes[i + 3 * k + 2], 255)
        }
        return Framebuffer(width: w, height: h, pixels: pixels) ?? Framebuffer(width: 0, height: 0)
    }
}
