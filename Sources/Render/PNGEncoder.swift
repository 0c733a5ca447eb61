// PNG encoding: un-premultiply, filter each row, deflate with libdeflate, wrap in chunks.
// libdeflate compresses a whole buffer in one call (no streaming state) and is several times faster
// than zlib at equal ratio, so the filtered image is built in one contiguous buffer and compressed
// at once. Opaque frames (every alpha 255, the usual case with a background) are written as RGB,
// a quarter fewer bytes to filter and compress.
// Defaults chosen by measurement on the 1280×720 benchmark frame (cards, frame 60; ms on this 2-vCPU
// machine, noisy ±20 %): level 1 / 4 / 6 / 9 with the Up filter took 10.6 / 12.1 / 17.0 / 105 ms for
// 490,880 / 482,860 / 469,766 / 464,319 bytes, so level 1 (−4 % size costs +60 % time at level 6).
// The per-row minimum-sum-of-absolute-differences heuristic lost to a fixed filter in both time and
// size: 26.6 ms / 492,749 bytes at level 1 on that frame, and 27.9 ms / 549,707 bytes on a gradient
// variant where Up gave 14.0 ms / 513,894. No filter is best on flat colours (9.3 ms, 461,084) but
// 26 % larger on gradients, so Up is the default. (Pillow at level 1: 33 ms, 565,405 bytes.)
// libdeflate compressors are not thread-safe: a PNGWriter owns one and is meant to be kept per thread.

import CDeflate

/// How rows are filtered before compression.
public enum PNGFilterStrategy: Sendable, CaseIterable {
    /// No filtering (type 0).
    case none
    /// Sub (type 1) on every row.
    case sub
    /// Up (type 2) on every row.
    case up
    /// Paeth (type 4) on every row.
    case paeth
    /// Per row, the filter with the smallest sum of absolute signed residuals (libpng's heuristic).
    case adaptive
}

/// One-shot PNG encoding of a framebuffer.
public enum PNGEncoder {
    /// The default deflate level (1 = fastest … 12 = smallest; libdeflate's scale). Chosen by measurement
    /// on a 1280×720 frame: level 1 is 1.6× faster than level 6 for 4 % more bytes.
    public static let defaultLevel = 1
    /// The default row filter: Up. Measured, it beats the adaptive heuristic in both time and size on
    /// flat-colour and gradient frames alike.
    public static let defaultFilter = PNGFilterStrategy.up

    /// Encodes `fb` as a PNG (RGB when fully opaque, else RGBA; straight alpha, 8 bits per channel).
    /// Allocates a compressor and scratch buffers per call; to encode many frames keep a `PNGWriter`
    /// per thread instead, which reuses both.
    public static func encode(_ fb: Framebuffer, level: Int = defaultLevel) -> [UInt8] {
        PNGWriter(level: level).encode(fb)
    }
}

/// A reusable PNG encoder: keeps its libdeflate compressor and scratch buffers between frames.
/// Not thread-safe; use one per thread.
public final class PNGWriter {
    private let compressor: OpaquePointer?
    private let strategy: PNGFilterStrategy
    private var raw: [UInt8] = []
    private var rows: [UInt8] = []      // straight-alpha bytes of the previous and current rows
    private var compressed: [UInt8] = []

    /// A writer compressing at `level` (clamped to libdeflate's 0…12) with the given filter strategy.
    public init(level: Int = PNGEncoder.defaultLevel, filter: PNGFilterStrategy = PNGEncoder.defaultFilter) {
        compressor = libdeflate_alloc_compressor(Int32(max(0, min(12, level))))
        strategy = filter
    }

    deinit { if let c = compressor { libdeflate_free_compressor(c) } }

    /// Encodes `fb` (see `PNGEncoder.encode`).
    public func encode(_ fb: Framebuffer) -> [UInt8] {
        let opaque = fb.pixels.allSatisfy { $0 >> 24 == 255 }
        let zlib = imageData(fb, rgb: opaque)
        var png: [UInt8] = []
        png.reserveCapacity(zlib.count + 1024)
        png += PNGWriter.signature
        PNGWriter.chunk(&png, "IHDR", PNGWriter.header(width: fb.width, height: fb.height, rgb: opaque)[...])
        PNGWriter.appendData(&png, "IDAT", zlib)
        PNGWriter.chunk(&png, "IEND", [][...])
        return png
    }

    /// The zlib stream of `fb`'s filtered rows (what IDAT or fdAT chunks carry): RGB bytes when `rgb`
    /// (alpha dropped: the caller knows every pixel is opaque, or wants the colours over black),
    /// else straight-alpha RGBA. The slice is valid until the writer's next call.
    public func imageData(_ fb: Framebuffer, rgb opaque: Bool) -> ArraySlice<UInt8> {
        let w = fb.width, h = fb.height
        let bpp = opaque ? 3 : 4
        let rowBytes = w * bpp
        let rawCount = (rowBytes + 1) * h
        // every byte is written below before it is read, so skip zero-filling (fresh pages are the cost)
        if raw.count < rawCount { raw = [UInt8](unsafeUninitializedCapacity: rawCount) { _, n in n = rawCount } }
        if rows.count < 2 * rowBytes + 2 * bpp { rows = [UInt8](repeating: 0, count: 2 * rowBytes + 2 * bpp) }

        fb.pixels.withUnsafeBufferPointer { src in
            raw.withUnsafeMutableBufferPointer { out in
                rows.withUnsafeMutableBufferPointer { scratch in
                    guard let s = src.baseAddress, let o = out.baseAddress, let r = scratch.baseAddress else { return }
                    // rows[0..<bpp] and rows[bpp+rowBytes..<…] stay zero: the "left of column 0" bytes
                    var prev = r + bpp, cur = r + (2 * bpp + rowBytes)
                    prev.update(repeating: 0, count: rowBytes)
                    (prev - bpp).update(repeating: 0, count: bpp)
                    (cur - bpp).update(repeating: 0, count: bpp)
                    for y in 0..<h {
                        PNGWriter.straightRow(s + y * w, w, opaque, cur)
                        PNGWriter.filterRow(cur, prev, rowBytes, bpp, strategy, o + y * (rowBytes + 1))
                        swap(&prev, &cur)
                    }
                }
            }
        }

        return deflate(rawCount)
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// IHDR's 13 bytes: 8-bit RGB (colour type 2) or RGBA (6), no interlace.
    static func header(width: Int, height: Int, rgb: Bool) -> [UInt8] {
        var ihdr: [UInt8] = []
        be32(&ihdr, UInt32(width)); be32(&ihdr, UInt32(height))
        ihdr += [8, rgb ? 2 : 6, 0, 0, 0]
        return ihdr
    }

    /// Appends `zlib` as IDAT chunks of at most 1 MiB (far below the 2^31 − 1 limit of a chunk).
    static func appendData(_ png: inout [UInt8], _ type: String, _ zlib: ArraySlice<UInt8>) {
        var start = zlib.startIndex
        repeat {
            let end = min(zlib.endIndex, start + (1 << 20))
            chunk(&png, type, zlib[start..<end])
            start = end
        } while start < zlib.endIndex
    }

    private func deflate(_ count: Int) -> ArraySlice<UInt8> {
        guard let c = compressor else { return storedZlib(count) }
        let bound = libdeflate_zlib_compress_bound(c, count)
        if compressed.count < bound { compressed = [UInt8](unsafeUninitializedCapacity: bound) { _, n in n = bound } }
        let n = raw.withUnsafeBufferPointer { i in
            compressed.withUnsafeMutableBufferPointer { o in
                libdeflate_zlib_compress(c, i.baseAddress, count, o.baseAddress, bound)
            }
        }
        return n > 0 ? compressed[0..<n] : storedZlib(count)
    }

    /// A valid zlib stream of stored blocks, for the (allocation failure) case with no compressor.
    private func storedZlib(_ count: Int) -> ArraySlice<UInt8> {
        var z: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, count - i)
            z.append(i + n == count ? 1 : 0)
            z += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            z += raw[i..<i + n]
            i += n
        } while i < count
        var a: UInt32 = 1, b: UInt32 = 0
        for k in 0..<count { a = (a + UInt32(raw[k])) % 65521; b = (b + a) % 65521 }
        PNGWriter.be32(&z, b << 16 | a)
        return z[...]
    }

    /// Converts one row of premultiplied pixels to straight RGB or RGBA bytes.
    @inline(__always)
    private static func straightRow(_ p: UnsafePointer<UInt32>, _ w: Int, _ opaque: Bool, _ out: UnsafeMutablePointer<UInt8>) {
        if opaque {
            for x in 0..<w {
                let v = p[x]
                out[3 * x] = UInt8(truncatingIfNeeded: v)
                out[3 * x + 1] = UInt8(truncatingIfNeeded: v >> 8)
                out[3 * x + 2] = UInt8(truncatingIfNeeded: v >> 16)
            }
        } else {
            PixelMath.unpremultiplyTable.withUnsafeBufferPointer { t in
                for x in 0..<w {
                    let v = p[x]
                    let a = Int(v >> 24) << 8
                    out[4 * x] = t[a | Int(v & 0xFF)]
                    out[4 * x + 1] = t[a | Int((v >> 8) & 0xFF)]
                    out[4 * x + 2] = t[a | Int((v >> 16) & 0xFF)]
                    out[4 * x + 3] = UInt8(truncatingIfNeeded: v >> 24)
                }
            }
        }
    }

    /// Writes the filter-type byte and the filtered row to `out`.
    @inline(__always)
    private static func filterRow(_ cur: UnsafeMutablePointer<UInt8>, _ prev: UnsafeMutablePointer<UInt8>, _ n: Int, _ bpp: Int,
                                  _ strategy: PNGFilterStrategy, _ out: UnsafeMutablePointer<UInt8>) {
        let dst = out + 1
        switch strategy {
        case .none: out[0] = 0; dst.update(from: cur, count: n)
        case .sub: out[0] = 1; _ = apply(1, cur, prev, n, bpp, dst)
        case .up: out[0] = 2; _ = apply(2, cur, prev, n, bpp, dst)
        case .paeth: out[0] = 4; _ = apply(4, cur, prev, n, bpp, dst)
        case .adaptive:
            // try every filter into dst, keep the best; rewrite it only if the last one tried lost
            var best = 0, bestSum = Int.max
            for f in [0, 1, 2, 3, 4] {
                let s = apply(f, cur, prev, n, bpp, dst)
                if s < bestSum { bestSum = s; best = f }
            }
            out[0] = UInt8(best)
            if best != 4 { _ = apply(best, cur, prev, n, bpp, dst) }
        }
    }

    /// Filters with type `f` into dst and returns Σ|residual as a signed byte|.
    /// `cur - bpp` and `prev - bpp` must be readable zeros (the bytes left of the image).
    @inline(__always)
    private static func apply(_ f: Int, _ cur: UnsafeMutablePointer<UInt8>, _ prev: UnsafeMutablePointer<UInt8>, _ n: Int, _ bpp: Int,
                              _ dst: UnsafeMutablePointer<UInt8>) -> Int {
        var sum = 0
        @inline(__always) func cost(_ v: UInt8) -> Int { let s = Int(Int8(bitPattern: v)); return s < 0 ? -s : s }
        switch f {
        case 0:
            for i in 0..<n { dst[i] = cur[i]; sum &+= cost(cur[i]) }
        case 1:
            for i in 0..<n { let v = cur[i] &- cur[i - bpp]; dst[i] = v; sum &+= cost(v) }
        case 2:
            for i in 0..<n { let v = cur[i] &- prev[i]; dst[i] = v; sum &+= cost(v) }
        case 3:
            for i in 0..<n {
                let v = cur[i] &- UInt8(truncatingIfNeeded: (UInt16(cur[i - bpp]) + UInt16(prev[i])) >> 1)
                dst[i] = v; sum &+= cost(v)
            }
        default:
            for i in 0..<n {
                let a = Int16(cur[i - bpp]), b = Int16(prev[i]), c = Int16(prev[i - bpp])
                let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
                let pred = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                let v = cur[i] &- UInt8(truncatingIfNeeded: pred)
                dst[i] = v; sum &+= cost(v)
            }
        }
        return sum
    }

    static func be32(_ out: inout [UInt8], _ v: UInt32) {
        out += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    static func chunk(_ out: inout [UInt8], _ type: String, _ data: ArraySlice<UInt8>) {
        be32(&out, UInt32(data.count))
        let start = out.count
        out += Array(type.utf8)
        out += data
        let crc = out.withUnsafeBufferPointer { p in
            libdeflate_crc32(0, p.baseAddress.map { UnsafeRawPointer($0 + start) }, out.count - start)
        }
        be32(&out, crc)
    }
}

extension PixelMath {
    /// straight = round(c · 255 / a), indexed by a << 8 | c (0 when a = 0): exact, no division per pixel.
    static let unpremultiplyTable: [UInt8] = {
        var t = [UInt8](repeating: 0, count: 65536)
        for a in 1..<256 {
            for c in 0..<256 { t[a << 8 | c] = UInt8(min(255, (c * 255 + a / 2) / a)) }
        }
        return t
    }()

    /// The straight-alpha bytes of a premultiplied pixel.
    public static func unpremultiplied(_ p: UInt32) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let a = Int(p >> 24) << 8
        return (unpremultiplyTable[a | Int(p & 0xFF)], unpremultiplyTable[a | Int((p >> 8) & 0xFF)],
                unpremultiplyTable[a | Int((p >> 16) & 0xFF)], UInt8(p >> 24))
    }
}
