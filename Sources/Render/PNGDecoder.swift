// PNG decoding for test goldens, our own frames and user images.
// Every chunk's CRC is checked, IHDR is validated before anything is allocated, and the inflated size
// is computed from IHDR and handed to libdeflate as an exact bound, so a corrupt or hostile file ends
// in a thrown PNGError, never a crash or an unbounded allocation. Non-interlaced images of every
// colour type and bit depth are read (16-bit samples are rounded to 8); Adam7 is rejected clearly.

import CDeflate

/// Why a PNG could not be decoded.
public enum PNGError: Error, Equatable, CustomStringConvertible {
    /// The first eight bytes are not the PNG signature.
    case badSignature
    /// The data ends inside a chunk or before IEND.
    case truncated
    /// A chunk's CRC-32 does not match its type and data.
    case badCRC(chunk: String)
    /// A required chunk (IHDR, IDAT, PLTE for palette images) is absent or out of order.
    case missingChunk(String)
    /// IHDR holds impossible values.
    case invalidHeader(String)
    /// A legal PNG feature this decoder does not implement (interlacing, unknown critical chunks).
    case unsupported(String)
    /// Wider or taller than `PNGDecoder.maxDimension`.
    case tooLarge(width: Int, height: Int)
    /// The compressed image data or the filtered rows are invalid.
    case corruptData(String)

    /// A one-line, lower-case explanation.
    public var description: String {
        switch self {
        case .badSignature: return "not a PNG file (bad signature)"
        case .truncated: return "truncated PNG data"
        case .badCRC(let c): return "CRC mismatch in chunk '\(c)'"
        case .missingChunk(let c): return "missing '\(c)' chunk"
        case .invalidHeader(let m): return "invalid PNG header: \(m)"
        case .unsupported(let m): return "unsupported PNG: \(m)"
        case .tooLarge(let w, let h): return "PNG dimensions \(w)×\(h) exceed the \(PNGDecoder.maxDimension)-pixel limit"
        case .corruptData(let m): return "corrupt PNG image data: \(m)"
        }
    }
}

/// Decodes PNG files to premultiplied framebuffers.
public enum PNGDecoder {
    /// Images wider or taller than this are rejected.
    public static let maxDimension = 16384

    /// Decodes a PNG (non-interlaced; gray, gray+alpha, RGB, RGBA or palette; any legal bit depth).
    public static func decode(_ bytes: [UInt8]) throws -> Framebuffer {
        let sig: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8 else { throw bytes.elementsEqual(sig.prefix(bytes.count)) ? PNGError.truncated : PNGError.badSignature }
        guard bytes[0..<8].elementsEqual(sig) else { throw PNGError.badSignature }

        var header: Header?
        var palette: [UInt32] = []     // straight RGBA, alpha in the top byte
        var trns: [UInt8] = []
        var idat: [UInt8] = []
        var sawEnd = false
        var pos = 8
        while pos < bytes.count {
            guard bytes.count - pos >= 12 else { throw PNGError.truncated }
            let length = Int(be32(bytes, pos))
            guard length <= 0x7FFF_FFFF else { throw PNGError.corruptData("chunk length \(length)") }
            guard bytes.count - pos - 12 >= length else { throw PNGError.truncated }
            let typeBytes = bytes[pos + 4..<pos + 8]
            let type = String(decoding: typeBytes, as: UTF8.self)
            let crc = bytes.withUnsafeBufferPointer { p in
                libdeflate_crc32(0, p.baseAddress.map { UnsafeRawPointer($0 + pos + 4) }, length + 4)
            }
            guard crc == be32(bytes, pos + 8 + length) else { throw PNGError.badCRC(chunk: type) }
            let data = bytes[pos + 8..<pos + 8 + length]
            pos += 12 + length
            guard header != nil || type == "IHDR" else { throw PNGError.missingChunk("IHDR") }
            switch type {
            case "IHDR":
                guard header == nil else { throw PNGError.invalidHeader("more than one IHDR") }
                header = try Header(data)
            case "PLTE":
                guard length % 3 == 0, length > 0, length <= 768 else { throw PNGError.corruptData("palette of \(length) bytes") }
                palette = stride(from: data.startIndex, to: data.endIndex, by: 3).map {
                    UInt32(data[$0]) | UInt32(data[$0 + 1]) << 8 | UInt32(data[$0 + 2]) << 16 | 0xFF00_0000
                }
            case "tRNS":
                trns = Array(data)
            case "IDAT":
                idat += data
            case "IEND":
                sawEnd = true
            default:
                // an unknown critical chunk (upper-case first letter) cannot be ignored
                if let f = typeBytes.first, f & 0x20 == 0 { throw PNGError.unsupported("critical chunk '\(type)'") }
            }
            if sawEnd { break }
        }
        guard let h = header else { throw PNGError.missingChunk("IHDR") }
        guard sawEnd else { throw PNGError.truncated }
        guard !idat.isEmpty else { throw PNGError.missingChunk("IDAT") }
        if h.colorType == 3 {
            guard !palette.isEmpty else { throw PNGError.missingChunk("PLTE") }
            for (i, a) in trns.prefix(palette.count).enumerated() {
                palette[i] = palette[i] & 0x00FF_FFFF | UInt32(a) << 24
            }
        }

        let rowBytes = (h.width * h.bitsPerPixel + 7) / 8
        let rawCount = (rowBytes + 1) * h.height
        // deflate expands at most ~1032:1; a larger claim cannot be met by this IDAT, so do not allocate it
        guard rawCount <= idat.count * 1100 + 1024 else { throw PNGError.corruptData("image data too short for \(h.width)×\(h.height)") }
        var raw = [UInt8](repeating: 0, count: rawCount)
        guard let d = libdeflate_alloc_decompressor() else { throw PNGError.corruptData("out of memory") }
        defer { libdeflate_free_decompressor(d) }
        let result = idat.withUnsafeBufferPointer { i in
            raw.withUnsafeMutableBufferPointer { o in
                libdeflate_zlib_decompress(d, i.baseAddress, i.count, o.baseAddress, o.count, nil)
            }
        }
        switch result {
        case LIBDEFLATE_SUCCESS: break
        case LIBDEFLATE_SHORT_OUTPUT: throw PNGError.corruptData("image data shorter than the header promises")
        case LIBDEFLATE_INSUFFICIENT_SPACE: throw PNGError.corruptData("image data longer than the header promises")
        default: throw PNGError.corruptData("invalid zlib stream")
        }

        try unfilter(&raw, rowBytes: rowBytes, height: h.height, bpp: max(1, h.bitsPerPixel / 8))
        return try convert(raw, h, rowBytes: rowBytes, palette: palette, trns: trns)
    }

    struct Header {
        var width, height, bitDepth, colorType: Int
        var channels: Int
        var bitsPerPixel: Int { channels * bitDepth }

        init(_ d: ArraySlice<UInt8>) throws {
            guard d.count == 13 else { throw PNGError.invalidHeader("IHDR of \(d.count) bytes") }
            let b = Array(d)
            width = Int(PNGDecoder.be32(b, 0)); height = Int(PNGDecoder.be32(b, 4))
            bitDepth = Int(b[8]); colorType = Int(b[9])
            guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
                throw PNGError.invalidHeader("dimensions \(width)×\(height)")
            }
            guard width <= PNGDecoder.maxDimension, height <= PNGDecoder.maxDimension else {
                throw PNGError.tooLarge(width: width, height: height)
            }
            let depths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
            guard let allowed = depths[colorType] else { throw PNGError.invalidHeader("colour type \(colorType)") }
            guard allowed.contains(bitDepth) else {
                throw PNGError.unsupported("bit depth \(bitDepth) is not valid for colour type \(colorType)")
            }
            channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 1
            guard b[10] == 0 else { throw PNGError.unsupported("compression method \(b[10])") }
            guard b[11] == 0 else { throw PNGError.unsupported("filter method \(b[11])") }
            guard b[12] == 0 else {
                throw PNGError.unsupported(b[12] == 1 ? "interlaced (Adam7) images are not supported" : "interlace method \(b[12])")
            }
        }
    }

    static func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
    static func be32(_ b: ArraySlice<UInt8>, _ i: Int) -> UInt32 { be32(Array(b), i) }

    /// Reverses the row filters in place (filter bytes stay; rows are read at offset 1).
    static func unfilter(_ raw: inout [UInt8], rowBytes: Int, height: Int, bpp: Int) throws {
        let ok: Bool = raw.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress else { return false }
            for y in 0..<height {
                let line = base + y * (rowBytes + 1)
                let cur = line + 1
                let prev: UnsafeMutablePointer<UInt8>? = y > 0 ? base + (y - 1) * (rowBytes + 1) + 1 : nil
                switch line[0] {
                case 0: break
                case 1:
                    for i in bpp..<max(bpp, rowBytes) { cur[i] = cur[i] &+ cur[i - bpp] }
                case 2:
                    if let p = prev { for i in 0..<rowBytes { cur[i] = cur[i] &+ p[i] } }
                case 3:
                    for i in 0..<rowBytes {
                        let a = i >= bpp ? UInt16(cur[i - bpp]) : 0
                        let b = prev.map { UInt16($0[i]) } ?? 0
                        cur[i] = cur[i] &+ UInt8((a + b) >> 1)
                    }
                case 4:
                    for i in 0..<rowBytes {
                        let a = i >= bpp ? Int16(cur[i - bpp]) : 0
                        let b = prev.map { Int16($0[i]) } ?? 0
                        let c = (i >= bpp ? prev.map { Int16($0[i - bpp]) } : nil) ?? 0
                        let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
                        let pred = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                        cur[i] = cur[i] &+ UInt8(truncatingIfNeeded: pred)
                    }
                default:
                    return false
                }
            }
            return true
        }
        guard ok else { throw PNGError.corruptData("unknown row filter type") }
    }

    /// Unpacks samples to premultiplied RGBA8.
    static func convert(_ raw: [UInt8], _ h: Header, rowBytes: Int, palette: [UInt32], trns: [UInt8]) throws -> Framebuffer {
        let w = h.width, height = h.height, depth = h.bitDepth
        var pixels = [UInt32](repeating: 0, count: w * height)
        // tRNS colour key for gray / RGB, in sample units of the image's bit depth
        var key: (Int, Int, Int)? = nil
        if h.colorType == 0, trns.count >= 2 { let g = Int(trns[0]) << 8 | Int(trns[1]); key = (g, g, g) }
        if h.colorType == 2, trns.count >= 6 {
            key = (Int(trns[0]) << 8 | Int(trns[1]), Int(trns[2]) << 8 | Int(trns[3]), Int(trns[4]) << 8 | Int(trns[5]))
        }
        let maxSample = (1 << depth) - 1
        var badIndex = false
        raw.withUnsafeBufferPointer { rb in
            pixels.withUnsafeMutableBufferPointer { pb in
                guard let rbase = rb.baseAddress, let out = pb.baseAddress else { return }
                for y in 0..<height {
                    let row = rbase + y * (rowBytes + 1) + 1
                    // sample k of this row at the image's bit depth
                    @inline(__always) func sample(_ k: Int) -> Int {
                        switch depth {
                        case 8: return Int(row[k])
                        case 16: return Int(row[2 * k]) << 8 | Int(row[2 * k + 1])
                        default:
                            let bit = k * depth
                            return Int(row[bit >> 3] >> UInt8(8 - depth - (bit & 7))) & maxSample
                        }
                    }
                    @inline(__always) func to8(_ v: Int) -> UInt8 { UInt8((v * 255 + maxSample / 2) / maxSample) }
                    let o = out + y * w
                    for x in 0..<w {
                        var r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255
                        switch h.colorType {
                        case 0:
                            let v = sample(x); r = to8(v); g = r; b = r
                            if let k = key, k.0 == v { a = 0 }
                        case 2:
                            let vr = sample(3 * x), vg = sample(3 * x + 1), vb = sample(3 * x + 2)
                            r = to8(vr); g = to8(vg); b = to8(vb)
                            if let k = key, k == (vr, vg, vb) { a = 0 }
                        case 3:
                            let i = sample(x)
                            if i >= palette.count { badIndex = true; r = 0; g = 0; b = 0; a = 0 } else {
                                let c = palette[i]
                                r = UInt8(c & 0xFF); g = UInt8((c >> 8) & 0xFF); b = UInt8((c >> 16) & 0xFF); a = UInt8(c >> 24)
                            }
                        case 4:
                            r = to8(sample(2 * x)); g = r; b = r; a = to8(sample(2 * x + 1))
                        default:
                            r = to8(sample(4 * x)); g = to8(sample(4 * x + 1)); b = to8(sample(4 * x + 2)); a = to8(sample(4 * x + 3))
                        }
                        if a == 255 {
                            o[x] = PixelMath.pack(r, g, b, 255)
                        } else {
                            let av = UInt32(a)
                            o[x] = PixelMath.pack(UInt8(PixelMath.div255(UInt32(r) * av)), UInt8(PixelMath.div255(UInt32(g) * av)),
                                                  UInt8(PixelMath.div255(UInt32(b) * av)), a)
                        }
                    }
                }
            }
        }
        guard !badIndex else { throw PNGError.corruptData("palette index out of range") }
        return Framebuffer(width: w, height: height, pixels: pixels) ?? Framebuffer(width: 0, height: 0)
    }
}
