// Netpbm files. Writing: binary PPM (P6, maxval 255), the fastest way to get frames out (no
// compression), and trivially readable by ffmpeg and image tools. PPM has no alpha: pixels are
// un-premultiplied and the alpha is dropped, so a semi-transparent pixel is written with its straight
// colour (as if it were opaque) and a fully transparent one as black. Frames normally have an opaque
// background, where this is exact.
// Reading (through ImageDecoder): binary PGM (P5), PPM (P6) and PAM (P7) with any maxval up to 65535;
// samples are scaled to 8 bits by a table built once per file, and PAM's straight alpha is premultiplied.

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


/// Binary Netpbm decoding (P5 PGM, P6 PPM, P7 PAM) for `ImageDecoder`.
enum Netpbm {
    /// The channel layouts a file can have.
    enum Layout { case gray, grayAlpha, rgb, rgbAlpha }

    static func decode(_ b: [UInt8]) throws -> Framebuffer {
        let kind = b[1]   // ImageDecoder checked "P5", "P6" or "P7"
        let format = kind == UInt8(ascii: "5") ? "PGM" : kind == UInt8(ascii: "6") ? "PPM" : "PAM"
        var reader = HeaderReader(bytes: b, pos: 2, format: format)
        let width: Int, height: Int, maxval: Int, layout: Layout
        if kind == UInt8(ascii: "7") {
            (width, height, maxval, layout) = try reader.pamHeader()
        } else {
            width = try reader.number(); height = try reader.number(); maxval = try reader.number()
            // exactly one whitespace byte separates the header from the raster
            guard reader.pos < b.count else { throw ImageError.truncated(format: format) }
            guard isSpace(b[reader.pos]) else { throw ImageError.invalid(format: format, reason: "expected whitespace after maxval") }
            reader.pos += 1
            layout = kind == UInt8(ascii: "5") ? .gray : .rgb
        }
        guard width > 0, height > 0 else { throw ImageError.invalid(format: format, reason: "dimensions \(width)×\(height)") }
        try ImageDecoder.checkLimits(width: width, height: height)
        guard (1...65535).contains(maxval) else { throw ImageError.invalid(format: format, reason: "maxval \(maxval) is not between 1 and 65535") }
        let channels: Int
        switch layout { case .gray: channels = 1; case .grayAlpha: channels = 2; case .rgb: channels = 3; case .rgbAlpha: channels = 4 }
        let sampleBytes = maxval > 255 ? 2 : 1
        let count = width * height
        guard b.count - reader.pos >= count * channels * sampleBytes else { throw ImageError.truncated(format: format) }

        // round(v·255/maxval), halves up
        let scale: [UInt8] = (0...maxval).map { UInt8(($0 * 255 + maxval / 2) / maxval) }
        var outOfRange = false
        let pixels = [UInt32](unsafeUninitializedCapacity: count) { out, n in
            b.withUnsafeBufferPointer { inb in
                scale.withUnsafeBufferPointer { lut in
                    guard let src = inb.baseAddress.map({ $0 + reader.pos }), let dst = out.baseAddress, let t = lut.baseAddress else { return }
                    var s = src
                    @inline(__always) func sample() -> UInt32 {
                        let v: Int
                        if sampleBytes == 1 { v = Int(s[0]); s += 1 } else { v = Int(s[0]) << 8 | Int(s[1]); s += 2 }
                        if v > maxval { outOfRange = true; return 0 }
                        return UInt32(t[v])
                    }
                    for i in 0..<count {
                        let p: UInt32, a: UInt32
                        switch layout {
                        case .gray: let g = sample(); p = g | g << 8 | g << 16; a = 255
                        case .grayAlpha: let g = sample(); p = g | g << 8 | g << 16; a = sample()
                        case .rgb: p = sample() | sample() << 8 | sample() << 16; a = 255
                        case .rgbAlpha: p = sample() | sample() << 8 | sample() << 16; a = sample()
                        }
                        dst[i] = PixelMath.scale(p | 0xFF00_0000, a)   // alpha 255 and 0 come out exact
                    }
                }
            }
            n = count
        }
        guard !outOfRange else { throw ImageError.invalid(format: format, reason: "a sample exceeds maxval \(maxval)") }
        guard let fb = Framebuffer(width: width, height: height, pixels: pixels) else {
            throw ImageError.invalid(format: format, reason: "internal size mismatch")
        }
        return fb
    }

    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 32 || (9...13).contains(c) }

    /// Reads the ASCII header fields, skipping whitespace and `#` comments.
    struct HeaderReader {
        let bytes: [UInt8]
        var pos: Int
        let format: String

        mutating func skipSpaceAndComments() {
            while pos < bytes.count {
                if bytes[pos] == UInt8(ascii: "#") {
                    while pos < bytes.count && bytes[pos] != 10 && bytes[pos] != 13 { pos += 1 }
                } else if Netpbm.isSpace(bytes[pos]) {
                    pos += 1
                } else { break }
            }
        }

        /// A decimal number, saturated at Int32.max (far above every limit, so it is refused later).
        mutating func number() throws -> Int {
            skipSpaceAndComments()
            var v = 0, digits = 0
            while pos < bytes.count, (48...57).contains(bytes[pos]) {
                v = min(v * 10 + Int(bytes[pos] - 48), Int(Int32.max)); pos += 1; digits += 1
            }
            guard digits > 0 else {
                if pos >= bytes.count { throw ImageError.truncated(format: format) }
                throw ImageError.invalid(format: format, reason: "expected a number in the header")
            }
            return v
        }

        /// A whitespace-delimited word on the current line.
        mutating func word() -> String {
            while pos < bytes.count, bytes[pos] == 32 || bytes[pos] == 9 { pos += 1 }
            let start = pos
            while pos < bytes.count, !Netpbm.isSpace(bytes[pos]) { pos += 1 }
            return String(decoding: bytes[start..<pos], as: UTF8.self)
        }

        /// Moves past the end of the current line; false when the data ends first.
        mutating func endLine() -> Bool {
            while pos < bytes.count, bytes[pos] != 10 { pos += 1 }
            guard pos < bytes.count else { return false }
            pos += 1
            return true
        }

        /// The PAM header: `KEY value` lines up to `ENDHDR`; TUPLTYPE may be left out when DEPTH says it.
        mutating func pamHeader() throws -> (Int, Int, Int, Layout) {
            guard endLine() else { throw ImageError.truncated(format: format) }
            var width: Int?, height: Int?, depth: Int?, maxval: Int?, tuple: String?
            while true {
                guard pos < bytes.count else { throw ImageError.truncated(format: format) }
                if bytes[pos] == UInt8(ascii: "#") || Netpbm.isSpace(bytes[pos]) {
                    if bytes[pos] == 10 { pos += 1; continue }
                    guard endLine() else { throw ImageError.truncated(format: format) }
                    continue
                }
                let key = word()
                switch key {
                case "ENDHDR":
                    guard endLine() else { throw ImageError.truncated(format: format) }
                    guard let w = width, let h = height, let d = depth, let m = maxval else {
                        throw ImageError.invalid(format: format, reason: "the header lacks WIDTH, HEIGHT, DEPTH or MAXVAL")
                    }
                    let layout: Layout
                    switch (tuple, d) {
                    case ("GRAYSCALE", 1), ("BLACKANDWHITE", 1), (nil, 1): layout = .gray
                    case ("GRAYSCALE_ALPHA", 2), ("BLACKANDWHITE_ALPHA", 2), (nil, 2): layout = .grayAlpha
                    case ("RGB", 3), (nil, 3): layout = .rgb
                    case ("RGB_ALPHA", 4), (nil, 4): layout = .rgbAlpha
                    default:
                        throw ImageError.invalid(format: format, reason: "tuple type \(tuple.map { "'\($0)'" } ?? "(none)") with depth \(d) is not supported")
                    }
                    return (w, h, m, layout)
                case "WIDTH": width = try number()
                case "HEIGHT": height = try number()
                case "DEPTH": depth = try number()
                case "MAXVAL": maxval = try number()
                case "TUPLTYPE": tuple = word()
                default:
                    throw ImageError.invalid(format: format, reason: "unknown header line '\(key.prefix(20))'")
                }
                guard endLine() else { throw ImageError.truncated(format: format) }
            }
        }
    }
}
