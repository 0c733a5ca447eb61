// Decoding of the images a script names (`contents: image("photo.png")`) and of stored snapshots:
// PNG through libspng (fuzzed upstream, every colour type, bit depth and Adam7), binary PPM/PGM/PAM
// by hand (a header and raw samples). Input is hostile by assumption: the signature decides the
// format, limits on size, pixel count and metadata are checked before anything large is allocated,
// and every failure is a thrown `ImageError`, never a crash or an unbounded allocation.
//
// libspng hands rows over as straight RGBA8, or RGBA16 for 16-bit files (its own 16 → 8 reduction
// truncates, so we round here); each row is premultiplied straight into the framebuffer, so the
// peak memory is the framebuffer plus a row. Samples are taken as sRGB: gAMA, cHRM, iCCP and sRGB
// chunks are parsed by libspng and ignored (docs/rendering.md, "Images: decoding").

import CDeflate
import CSpng

/// Why an image file could not be decoded; `description` is the message shown to the user.
public enum ImageError: Error, Equatable, CustomStringConvertible {
    /// The bytes start with no signature this decoder knows.
    case unknownFormat
    /// The file ends before the image does.
    case truncated(format: String)
    /// A PNG chunk's CRC-32 does not match its contents (`chunk` is its type, when known).
    case badChecksum(chunk: String?)
    /// Wider or taller than `ImageDecoder.maxDimension`.
    case tooLarge(width: Int, height: Int)
    /// More pixels than `ImageDecoder.maxPixels`.
    case tooManyPixels(width: Int, height: Int)
    /// Ancillary PNG chunks (text, profiles, Exif) larger than the metadata limits.
    case metadataTooLarge
    /// The file breaks its format's rules; `reason` says how.
    case invalid(format: String, reason: String)

    /// A one-line, lower-case explanation.
    public var description: String {
        switch self {
        case .unknownFormat:
            return "not a PNG, PPM, PGM or PAM image (unrecognised signature)"
        case .truncated(let f):
            return "the \(f) data is truncated"
        case .badChecksum(let chunk):
            return "the PNG file is damaged: the checksum (CRC) of " + (chunk.map { "its '\($0)' chunk" } ?? "a chunk") + " does not match its contents"
        case .tooLarge(let w, let h):
            return "the image is \(w)×\(h) pixels; images may be at most \(ImageDecoder.maxDimension) pixels a side"
        case .tooManyPixels(let w, let h):
            return "the image is \(w)×\(h) pixels; images may have at most \(ImageDecoder.maxPixels >> 20) Mpx"
        case .metadataTooLarge:
            return "the PNG file's metadata chunks exceed the decoder's limits (\(ImageDecoder.maxChunkBytes >> 20) MiB a chunk, "
                + "\(ImageDecoder.maxMetadataBytes >> 20) MiB in all)"
        case .invalid(let f, let reason):
            return "invalid \(f) data: \(reason)"
        }
    }
}

/// Decodes PNG, PPM (P6), PGM (P5) and PAM (P7) files to premultiplied RGBA8 framebuffers.
public enum ImageDecoder {
    /// Images wider or taller than this are refused (the renderer's own frame limit).
    public static let maxDimension = Renderer.maxDimension
    /// Images with more pixels than this (64 Mpx, a 256 MiB framebuffer) are refused before decoding.
    public static let maxPixels = 1 << 26
    /// The largest ancillary PNG chunk libspng may hold or inflate (ICC profiles are well under 1 MiB).
    public static let maxChunkBytes = 8 << 20
    /// The most memory all of a PNG's ancillary chunks may take together.
    public static let maxMetadataBytes = 32 << 20

    /// Decodes a PNG, PPM, PGM or PAM file, recognised by its signature.
    public static func decode(_ bytes: [UInt8]) throws -> Framebuffer {
        if bytes.starts(with: pngSignature) { return try decodePNG(bytes) }
        if bytes.count >= 2, bytes[0] == UInt8(ascii: "P"), [UInt8(ascii: "5"), UInt8(ascii: "6"), UInt8(ascii: "7")].contains(bytes[1]) {
            return try Netpbm.decode(bytes)
        }
        // a PNG cut inside its signature is a truncated PNG, not an unknown format
        if !bytes.isEmpty, bytes.count < 8, pngSignature.starts(with: bytes) { throw ImageError.truncated(format: "PNG") }
        throw ImageError.unknownFormat
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Checks the sizes a file claims against the limits.
    static func checkLimits(width: Int, height: Int) throws {
        guard width <= maxDimension, height <= maxDimension else { throw ImageError.tooLarge(width: width, height: height) }
        guard width * height <= maxPixels else { throw ImageError.tooManyPixels(width: width, height: height) }
    }

    // MARK: PNG

    /// What the walk over the chunks finds before libspng runs: the dimensions and bits per pixel
    /// IHDR claims and the total length of the IDAT chunks.
    struct PNGOutline {
        var width = 0, height = 0, bitsPerPixel = 0, idatBytes = 0
    }

    /// Walks the chunks up to IEND, checking that each is whole and that its CRC-32 matches, and reads
    /// IHDR's sizes and the IDAT total, so a damaged or cut file is named as such (libspng reports a
    /// damaged IDAT as a zlib error) and a header that claims far more pixels than its data can inflate
    /// to is refused before the framebuffer is allocated. libdeflate's CRC runs at several GB/s.
    static func outline(_ b: [UInt8]) throws -> PNGOutline {
        func be32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        var o = PNGOutline()
        var pos = 8
        while true {
            guard b.count - pos >= 12 else { throw ImageError.truncated(format: "PNG") }
            let length = be32(pos)
            guard length <= 0x7FFF_FFFF else { throw ImageError.invalid(format: "PNG", reason: "a chunk length of \(length) bytes") }
            guard b.count - pos - 12 >= length else { throw ImageError.truncated(format: "PNG") }
            let crc = b.withUnsafeBufferPointer { p in libdeflate_crc32(0, p.baseAddress.map { UnsafeRawPointer($0 + pos + 4) }, length + 4) }
            let type = b[pos + 4...pos + 7]
            guard crc == UInt32(be32(pos + 8 + length)) else {
                throw ImageError.badChecksum(chunk: String(decoding: type.map { (65...122).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self))
            }
            if pos == 8, length == 13, type.elementsEqual("IHDR".utf8) {
                o.width = be32(16); o.height = be32(20)
                let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(b[25])] ?? 4
                o.bitsPerPixel = channels * Int(b[24])
            }
            if type.elementsEqual("IDAT".utf8) { o.idatBytes += length }
            if type.elementsEqual("IEND".utf8) { return o }
            pos += 12 + length
        }
    }

    /// Deflate's best case is 1032:1 (a 258-byte match per two-bit code); allow a margin.
    static let maxInflateRatio = 1100

    static func decodePNG(_ bytes: [UInt8]) throws -> Framebuffer {
        let o = try outline(bytes)
        if o.width > 0, o.height > 0 {
            try checkLimits(width: o.width, height: o.height)
            let raw = o.height * (1 + (o.width * max(o.bitsPerPixel, 1) + 7) / 8)
            if raw > o.idatBytes * maxInflateRatio + 1024 { throw ImageError.truncated(format: "PNG") }
        }
        guard let ctx = spng_ctx_new(0) else { throw ImageError.invalid(format: "PNG", reason: "out of memory") }
        defer { spng_ctx_free(ctx) }
        // a damaged chunk of either kind is an error (libspng's default silently drops ancillary ones)
        try check(spng_set_crc_action(ctx, Int32(SPNG_CRC_ERROR.rawValue), Int32(SPNG_CRC_ERROR.rawValue)))
        try check(spng_set_image_limits(ctx, UInt32(maxDimension), UInt32(maxDimension)))
        try check(spng_set_chunk_limits(ctx, maxChunkBytes, maxMetadataBytes))
        return try bytes.withUnsafeBufferPointer { buf -> Framebuffer in
            try check(spng_set_png_buffer(ctx, buf.baseAddress, buf.count))
            var ihdr = spng_ihdr()
            try check(spng_get_ihdr(ctx, &ihdr))
            let w = Int(ihdr.width), h = Int(ihdr.height)
            try checkLimits(width: w, height: h)
            let deep = ihdr.bit_depth == 16
            let fmt = Int32((deep ? SPNG_FMT_RGBA16 : SPNG_FMT_RGBA8).rawValue)
            try check(spng_decode_image(ctx, nil, 0, fmt, Int32(SPNG_DECODE_TRNS.rawValue | SPNG_DECODE_PROGRESSIVE.rawValue)))
            let rowBytes = w * (deep ? 8 : 4)
            let row = UnsafeMutableRawPointer.allocate(byteCount: rowBytes, alignment: 8)
            defer { row.deallocate() }
            var failure: Int32 = 0, written = 0
            let pixels = [UInt32](unsafeUninitializedCapacity: w * h) { out, count in
                guard let base = out.baseAddress else { return }
                // Adam7 passes fill every 8th, 4th or 2nd column of a row; pass 6 and plain images fill all
                let xStart = [0, 4, 0, 2, 0, 1, 0], xStep = [8, 8, 4, 4, 2, 2, 1]
                var info = spng_row_info()
                while true {
                    let r = spng_get_row_info(ctx, &info)
                    if r == SPNG_EOI.rawValue { break }
                    if r != 0 { failure = r; return }
                    let d = spng_decode_row(ctx, row, rowBytes)
                    if d != 0 && d != SPNG_EOI.rawValue { failure = d; return }
                    let pass = ihdr.interlace_method == 0 ? 6 : min(max(Int(info.pass), 0), 6)
                    let y = Int(info.row_num)
                    guard y < h else { failure = SPNG_EINTERNAL.rawValue; return }
                    if deep {
                        premultiply16(row.assumingMemoryBound(to: UInt16.self), into: base + y * w, from: xStart[pass], step: xStep[pass], to: w)
                    } else {
                        premultiply8(row.assumingMemoryBound(to: UInt32.self), into: base + y * w, from: xStart[pass], step: xStep[pass], to: w)
                    }
                    written += (w - xStart[pass] + xStep[pass] - 1) / xStep[pass]
                    if d != 0 { break }
                }
                count = w * h
            }
            try check(failure)
            // every pixel written once (Adam7's passes tile the image), so none is left uninitialised
            guard written == w * h else { throw ImageError.invalid(format: "PNG", reason: "the image data does not cover the image") }
            // read through IEND, so a file cut or damaged after its image data is still an error
            try check(spng_decode_chunks(ctx))
            guard let fb = Framebuffer(width: w, height: h, pixels: pixels) else {
                throw ImageError.invalid(format: "PNG", reason: "internal size mismatch")
            }
            return fb
        }
    }

    /// Straight RGBA8 (R in the low byte, little-endian) to premultiplied: round(c·a/255) per channel.
    @inline(__always)
    static func premultiply8(_ src: UnsafeMutablePointer<UInt32>, into dst: UnsafeMutablePointer<UInt32>, from x0: Int, step: Int, to w: Int) {
        // branch-free (alpha varies pixel to pixel in photos); with the top byte set to 255, alpha scales
        // to a itself, round(255·a/255) = a, and a = 255 or 0 give p or 0 exactly
        var x = x0
        while x < w {
            let p = src[x]
            dst[x] = PixelMath.scale(p | 0xFF00_0000, p >> 24)
            x += step
        }
    }

    /// Straight host-endian RGBA16 to premultiplied RGBA8: each sample to round(v·255/65535) first,
    /// which is round(v/257) = (v + 128) / 257 (257 is odd, so there are no ties), then premultiplied.
    @inline(__always)
    static func premultiply16(_ src: UnsafeMutablePointer<UInt16>, into dst: UnsafeMutablePointer<UInt32>, from x0: Int, step: Int, to w: Int) {
        @inline(__always) func to8(_ v: UInt16) -> UInt32 { (UInt32(v) &+ 128) / 257 }
        var x = x0
        while x < w {
            let s = src + 4 * x
            let a = to8(s[3])
            let p = to8(s[0]) | to8(s[1]) << 8 | to8(s[2]) << 16 | 0xFF00_0000
            dst[x] = PixelMath.scale(p, a)
            x += step
        }
    }

    /// Turns a libspng result into an `ImageError` (0 is success).
    static func check(_ code: Int32) throws {
        guard code != 0 else { return }
        switch code {
        case SPNG_ECHUNK_CRC.rawValue:
            throw ImageError.badChecksum(chunk: nil)
        case SPNG_IO_EOF.rawValue, SPNG_IO_ERROR.rawValue, SPNG_EOF.rawValue, SPNG_EIDAT_TOO_SHORT.rawValue:
            throw ImageError.truncated(format: "PNG")
        case SPNG_ECHUNK_LIMITS.rawValue:
            throw ImageError.metadataTooLarge
        case SPNG_EZLIB.rawValue, SPNG_EIDAT_STREAM.rawValue:
            throw ImageError.invalid(format: "PNG", reason: "the compressed image data is corrupt")
        case SPNG_ECHUNK_UNKNOWN_CRITICAL.rawValue:
            throw ImageError.invalid(format: "PNG", reason: "it needs a chunk this decoder does not know (unknown critical chunk)")
        default:
            throw ImageError.invalid(format: "PNG", reason: String(cString: spng_strerror(code)))
        }
    }
}
