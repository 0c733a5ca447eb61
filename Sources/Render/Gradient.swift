// Gradient paints (axial, radial, conic as DisplayList.swift defines them) for ShaderSink.
// A gradient is a lookup table built once per fill: premultiplied colours (interpolated in
// premultiplied space, so a stop fading to transparent brings no dark fringe) in 8.8 fixed point,
// the four channels in the 16-bit lanes of one UInt64. A pixel takes the entry nearest its t and
// adds an ordered-dither threshold (8×8 Bayer, (k + ½)/64 of one 8-bit step) to all four lanes
// before keeping the high bytes: a long ramp shows no bands, its 8×8 averages follow the ideal
// ramp, the same threshold on every channel keeps colour ≤ alpha, and colours that are exact 8-bit
// values (flat ends, opaque alpha) come out unchanged. The table has four entries or more per
// device pixel of the gradient's length (257 … 8193), so a hard stop stays sharp and a 1920-pixel
// ramp is not quantized by the table.
// An axial gradient under an affine map (the common case) steps a 16.16 table position along the
// row; the others compute (u, v) per pixel from its column (dividing only under perspective), then
// look up and dither in a second pass. Positions depend on the pixel, never on where its span
// starts. All arithmetic is plain IEEE multiply/add (no FMA contraction), integer after the index,
// so the bytes are the same on every machine. docs/rendering.md ("Gradients") has the measurements.

import CalcCore
import DisplayList

/// Colours a span with a gradient: table lookup and ordered dither.
struct GradientShader: Shader {
    /// Premultiplied colours at t = i / (count − 1): 8.8 fixed point (0 … 255·256), lanes r, b, g, a
    /// at bits 0, 16, 32, 48 (the order PixelMath.scale uses, so a lane shift packs them).
    let lut: [UInt64]
    /// The 8×8 dither thresholds, row-major, each repeated in the four lanes.
    let dither: [UInt64]
    let type: GradientType
    /// Device pixel → gradient unit space, with u and v pre-scaled by `last` for axial and radial
    /// gradients, so t × last (the table position) comes out directly.
    let map: Projective
    let affine: Bool
    /// count − 1 of the table.
    let last: Double

    static let minTable = 256
    static let maxTable = 8192
    /// Table entries per device pixel: a pixel's t is rounded to the nearest entry, so its colour is
    /// the ideal one an eighth of a pixel away at most (an eighth of a step on a ramp of one 8-bit
    /// step per pixel), and a hard stop lands within that of its place.
    static let perPixel = 4

    init?(_ g: Gradient, deviceToPath: Projective, tables: GradientTables? = nil) {
        guard !g.stops.isEmpty else { return nil }
        type = g.type
        var m = deviceToPath.concat(Projective(g.space))
        guard GradientShader.finite(m) else { return nil }
        let n = GradientShader.tableLength(type, m)
        last = Double(n - 1)
        if type != .conic {
            m.m11 *= last; m.m21 *= last; m.m31 *= last
            m.m12 *= last; m.m22 *= last; m.m32 *= last
        }
        map = m
        affine = m.isAffine
        lut = tables?.table(g.stops, count: n) ?? GradientShader.table(g.stops, count: n)
        dither = GradientShader.bayer
    }

    static func finite(_ m: Projective) -> Bool {
        m.m11.isFinite && m.m12.isFinite && m.m13.isFinite && m.m21.isFinite && m.m22.isFinite && m.m23.isFinite &&
            m.m31.isFinite && m.m32.isFinite && m.m33.isFinite
    }

    /// True when `init` would succeed and every pixel it shades would be opaque: all stops have
    /// alpha 1, so every table entry's alpha is 255·256 and the dither (at most 254/256) keeps it 255.
    static func drawsOpaque(_ g: Gradient, deviceToPath: Projective) -> Bool {
        !g.stops.isEmpty && g.stops.allSatisfy { PixelMath.unit($0.color.a) == 1 }
            && finite(deviceToPath.concat(Projective(g.space)))
    }

    /// Table entries for a gradient under `m` (device → unit space): at least `perPixel` per device
    /// pixel along the direction in which t changes slowest, rounded up to a power of two (plus one).
    /// Conic and perspective gradients, whose rate varies over the plane, take the largest table.
    static func tableLength(_ type: GradientType, _ m: Projective) -> Int {
        guard m.isAffine, type != .conic else { return maxTable + 1 }
        // pixels per unit of t: 1 / |∇u| (axial), 1 / smallest singular value of the Jacobian (radial)
        let rate: Double
        switch type {
        case .axial:
            rate = (m.m11 * m.m11 + m.m21 * m.m21).squareRoot()
        default:
            let a = m.m11, b = m.m12, c = m.m21, d = m.m22
            let s = a * a + b * b + c * c + d * d, det = abs(a * d - b * c)
            let big = ((s + max(0, s * s - 4 * det * det).squareRoot()) / 2).squareRoot()
            rate = big > 0 ? det / big : 0
        }
        let pixels = rate > 0 ? 1 / rate : .infinity
        var n = minTable
        while Double(n) < pixels * Double(perPixel) && n < maxTable { n <<= 1 }
        return n + 1
    }

    /// `count` premultiplied colours of the stops at t = i / (count − 1), in the table format: stop j
    /// is the last with location ≤ t (the later of two at one location, so a hard stop switches
    /// there), and t between it and the next mixes them; before the first stop the first colour
    /// holds, from the last on the last.
    static func table(_ stops: [GradientStop], count n: Int) -> [UInt64] {
        // premultiplied stop colours in units of 1/256 of an 8-bit step
        let k = 255.0 * 256
        let colours = stops.map { s -> (Double, Double, Double, Double) in
            let a = PixelMath.unit(s.color.a)
            return (PixelMath.unit(s.color.r) * a * k, PixelMath.unit(s.color.g) * a * k,
                    PixelMath.unit(s.color.b) * a * k, a * k)
        }
        // round to nearest by adding 1.5 · 2⁵² (every channel is in 0 … 65280): no checked conversion
        @inline(__always) func q(_ v: Double) -> UInt64 { (v + 6_755_399_441_055_744.0).bitPattern & 0xFFFF }
        var out = [UInt64](repeating: 0, count: n)
        let scale = 1 / Double(n - 1)
        let last = stops.count - 1
        var j = 0
        var a = stops[0].location, inv = 0.0
        var c0 = colours[0], d = (0.0, 0.0, 0.0, 0.0)
        var segment = -1
        out.withUnsafeMutableBufferPointer { out in
            for i in 0..<n {
                let t = Double(i) * scale
                while j < last && stops[j + 1].location <= t { j += 1 }
                if j != segment {
                    // a new segment: its start, slope per unit of t, and colours
                    segment = j
                    a = stops[j].location
                    c0 = colours[j]
                    if j < last {
                        let span = stops[j + 1].location - a
                        inv = span > 0 ? 1 / span : 0
                        let c1 = colours[j + 1]
                        d = (c1.0 - c0.0, c1.1 - c0.1, c1.2 - c0.2, c1.3 - c0.3)
                    } else {
                        inv = 0; d = (0, 0, 0, 0)
                    }
                }
                var f = (t - a) * inv
                f = f > 0 ? (f < 1 ? f : 1) : 0     // before the first stop; NaN → 0
                out[i] = q(c0.0 + d.0 * f) | q(c0.2 + d.2 * f) << 16 | q(c0.1 + d.1 * f) << 32 | q(c0.3 + d.3 * f) << 48
            }
        }
        return out
    }

    /// Ordered-dither thresholds: the 8×8 Bayer matrix B (0 … 63, built by interleaving the bits of
    /// x ⊕ y and y), as (B + ½)/64 of an 8-bit step in 1/256 units, i.e. 4B + 2, in every lane.
    static let bayer: [UInt64] = (0..<64).map { i in
        let x = i & 7, y = i >> 3, a = x ^ y
        let b = (a & 1) << 5 | (y & 1) << 4 | (a & 2) << 2 | (y & 2) << 1 | (a & 4) >> 1 | (y & 4) >> 2
        return UInt64(4 * b + 2) &* 0x0001_0001_0001_0001
    }

    /// The angle of (u, v) from +u towards +v in turns, 0 ≤ t < 1 (0 when u or v is NaN), from a
    /// polynomial (plain arithmetic, the same on every machine, unlike the C library's atan2); error
    /// below 1e-5 turn. Selects instead of branches, so a span's loop runs straight.
    @inline(__always)
    static func turns(_ u: Double, _ v: Double) -> Double {
        let au = abs(u), av = abs(v)
        let hi = au > av ? au : av, lo = au > av ? av : au
        let z = lo / (hi > 0 ? hi : 1)
        let z2 = z * z
        // atan(z) on [0, 1] / (2π): odd minimax polynomial, evaluated by Estrin's scheme (pairs, then
        // pairs of pairs) rather than Horner's: half the dependent chain, measured 1.15× faster
        let z4 = z2 * z2, z8 = z4 * z4
        let q0 = 0.9999993329 - 0.3332985605 * z2, q1 = 0.1994653599 - 0.1390853351 * z2
        let q2 = 0.0964200441 - 0.0559098861 * z2, q3 = 0.0218612288 - 0.0040540580 * z2
        var a = ((q0 + q1 * z4) + (q2 + q3 * z4) * z8) * z * (1 / (2 * Double.pi))
        a = av > au ? 0.25 - a : a
        a = u < 0 ? 0.5 - a : a
        a = v < 0 ? 1 - a : a
        return a < 1 ? a : 0
    }

    mutating func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        lut.withUnsafeBufferPointer { lut in
            dither.withUnsafeBufferPointer { dither in
                guard let l = lut.baseAddress, let d = dither.baseAddress else { return }
                let row = d + (y & 7) * 8
                if affine && type == .axial && axialSpan(l, row, x: x, y: y, count: count, into: out) { return }
                switch type {
                case .axial: indices(AxialParameter.self, x: x, y: y, count: count, into: out)
                case .radial: indices(RadialParameter.self, x: x, y: y, count: count, into: out)
                case .conic: indices(ConicParameter.self, x: x, y: y, count: count, into: out)
                }
                for i in 0..<count { out[i] = GradientShader.colour(l[Int(out[i])], row[(x &+ i) & 7]) }
            }
        }
    }

    /// A table entry plus a dither threshold, as a packed premultiplied pixel.
    @inline(__always)
    static func colour(_ entry: UInt64, _ threshold: UInt64) -> UInt32 {
        let c = ((entry &+ threshold) >> 8) & 0x00FF_00FF_00FF_00FF
        return UInt32(truncatingIfNeeded: c | (c >> 24))
    }

    /// An axial gradient under an affine map (the common case) in one pass: the table position is
    /// linear along the row, so it is stepped in 16.16 fixed point — from the row's start, not the
    /// span's, so a pixel's colour does not depend on where a span begins. False (nothing written)
    /// when the positions are too far out for that; the general path clamps those.
    @inline(__always)
    private func axialSpan(_ lut: UnsafePointer<UInt64>, _ row: UnsafePointer<UInt64>, x: Int, y: Int, count: Int,
                           into out: UnsafeMutablePointer<UInt32>) -> Bool {
        let m = map
        // the position at the centre of column 0, plus ½ so that truncating rounds
        let start = (Double(y) + 0.5) * m.m21 + m.m31 + 0.5 * m.m11 + 0.5
        // bounds keep every position (columns < 2^15 · step) well inside Int64 in 16.16
        guard abs(start) < 1e12, abs(m.m11) < 3e7 else { return false }
        let s = Int64(start * 65536), step = Int64(m.m11 * 65536)
        var p = s &+ Int64(x) &* step
        let hi = Int64(last) * 65536
        for i in 0..<count {
            let c = p < 0 ? 0 : (p < hi ? p : hi)
            out[i] = GradientShader.colour(lut[Int(truncatingIfNeeded: c >> 16)], row[(x &+ i) & 7])
            p &+= step
        }
        return true
    }

    /// Table indices of the span's pixels (sampled at their centres) into `out`. Each pixel's (u, v)
    /// comes from its own column and the row's constants, the same whichever span it falls in.
    @inline(__always)
    private func indices<P: GradientParameter>(_: P.Type, x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let m = map, hi = last
        let fy = Double(y) + 0.5
        let ru = fy * m.m21 + m.m31, rv = fy * m.m22 + m.m32
        if affine {
            for i in 0..<count {
                let fx = Double(x &+ i) + 0.5
                out[i] = GradientShader.index(P.position(fx * m.m11 + ru, fx * m.m12 + rv, hi), hi)
            }
        } else {
            let rw = fy * m.m23 + m.m33
            for i in 0..<count {
                let fx = Double(x &+ i) + 0.5
                let w = fx * m.m13 + rw
                // behind the eye (the flattener clips there, so only on the boundary): the first colour
                let r = w > 0 ? 1 / w : 0
                out[i] = GradientShader.index(P.position((fx * m.m11 + ru) * r, (fx * m.m12 + rv) * r, hi), hi)
            }
        }
    }

    /// The nearest table index to position p (t × last), clamped to the table; NaN gives 0. Rounded
    /// by adding 1.5 · 2⁵², which leaves the integer in the low bits (ties to even): no conversion
    /// with a range check, and the same on every IEEE machine.
    @inline(__always)
    static func index(_ p: Double, _ last: Double) -> UInt32 {
        let q = p > 0 ? (p < last ? p : last) : 0
        return UInt32(truncatingIfNeeded: (q + 6_755_399_441_055_744.0).bitPattern)
    }
}

/// t × last from the gradient's (u, v), pre-scaled as GradientShader.map says.
protocol GradientParameter {
    static func position(_ u: Double, _ v: Double, _ last: Double) -> Double
}

/// t = u.
enum AxialParameter: GradientParameter {
    @inline(__always) static func position(_ u: Double, _ v: Double, _ last: Double) -> Double { u }
}

/// t = √(u² + v²).
enum RadialParameter: GradientParameter {
    @inline(__always) static func position(_ u: Double, _ v: Double, _ last: Double) -> Double { (u * u + v * v).squareRoot() }
}

/// t = the angle of (u, v) in turns.
enum ConicParameter: GradientParameter {
    @inline(__always) static func position(_ u: Double, _ v: Double, _ last: Double) -> Double {
        GradientShader.turns(u, v) * last
    }
}
