// Animated PNG (APNG, the PNG extension every current browser, ffmpeg and Pillow read): the frames'
// zlib streams come from PNGWriter.imageData (so frames compress in parallel, one writer per thread)
// and are wrapped here, in order, into acTL / fcTL / IDAT / fdAT chunks. Every frame covers the whole
// canvas and replaces it (dispose none, blend source), so no frame depends on the previous one.
// Frame 0 is also the default image, which viewers without APNG support show.

/// Builds an APNG byte stream piece by piece: `head`, then `frame` once per frame in order, then
/// `tail`; the pieces concatenated are the file, so a caller can stream them to disk.
public struct APNGAssembler: Sendable {
    public let width: Int
    public let height: Int
    /// RGB (colour type 2) when every frame is opaque; else straight-alpha RGBA.
    public let rgb: Bool
    public let frameCount: Int
    /// How many times the animation plays; 0 = forever.
    public let plays: Int
    /// The delay of every frame as a fraction of a second, numerator and denominator (fcTL's fields).
    public let delay: (num: UInt16, den: UInt16)
    private var sequence: UInt32 = 0
    private var written = 0

    public init(width: Int, height: Int, rgb: Bool, frameCount: Int, plays: Int, fps: Double) {
        self.width = width; self.height = height; self.rgb = rgb
        self.frameCount = max(1, frameCount)
        self.plays = max(0, plays)
        delay = APNGAssembler.delay(fps: fps)
    }

    /// 1 / fps as a fraction with both terms in 1…65535: exact for integer rates (1/60) and for rates
    /// with two decimals (29.97 → 100/2997); otherwise the nearest fraction with the largest numerator
    /// that keeps the denominator in range (error below 1 part in 65 535 per frame).
    public static func delay(fps: Double) -> (num: UInt16, den: UInt16) {
        guard fps.isFinite, fps > 0 else { return (1, 1) }
        if fps == fps.rounded(), fps <= 65535 { return (1, UInt16(fps)) }
        let centi = fps * 100
        if centi == centi.rounded(), centi <= 65535 { return (100, UInt16(centi)) }
        let num = max(1.0, min(65535.0, (65535.0 / fps).rounded(.down)))
        let den = max(1.0, min(65535.0, (num * fps).rounded()))
        return (UInt16(num), UInt16(den))
    }

    /// Signature, IHDR and acTL.
    public func head() -> [UInt8] {
        var out = PNGWriter.signature
        PNGWriter.chunk(&out, "IHDR", PNGWriter.header(width: width, height: height, rgb: rgb)[...])
        var actl: [UInt8] = []
        PNGWriter.be32(&actl, UInt32(frameCount))
        PNGWriter.be32(&actl, UInt32(plays))
        PNGWriter.chunk(&out, "acTL", actl[...])
        return out
    }

    /// The next frame's fcTL and its data: IDAT for frame 0 (the default image), fdAT after.
    /// `zlib` is PNGWriter.imageData of a full-canvas frame in this assembler's colour type.
    public mutating func frame(_ zlib: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(zlib.count + 64)
        var fctl: [UInt8] = []
        PNGWriter.be32(&fctl, sequence); sequence += 1
        PNGWriter.be32(&fctl, UInt32(width)); PNGWriter.be32(&fctl, UInt32(height))
        PNGWriter.be32(&fctl, 0); PNGWriter.be32(&fctl, 0)          // x, y offsets
        fctl += [UInt8(delay.num >> 8), UInt8(delay.num & 0xFF), UInt8(delay.den >> 8), UInt8(delay.den & 0xFF)]
        fctl += [0, 0]                                               // dispose none, blend source
        PNGWriter.chunk(&out, "fcTL", fctl[...])
        if written == 0 {
            PNGWriter.appendData(&out, "IDAT", zlib)
        } else {
            // fdAT = a sequence number, then IDAT's payload; split like IDAT, one number per chunk
            var start = zlib.startIndex
            repeat {
                let end = min(zlib.endIndex, start + (1 << 20))
                var data: [UInt8] = []
                data.reserveCapacity(end - start + 4)
                PNGWriter.be32(&data, sequence); sequence += 1
                data += zlib[start..<end]
                PNGWriter.chunk(&out, "fdAT", data[...])
                start = end
            } while start < zlib.endIndex
        }
        written += 1
        return out
    }

    /// IEND.
    public func tail() -> [UInt8] {
        var out: [UInt8] = []
        PNGWriter.chunk(&out, "IEND", [][...])
        return out
    }
}
