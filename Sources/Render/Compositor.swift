// Span compositing: premultiplied source-over in 8-bit integer arithmetic that divides by 255 with
// exact rounding, so results are identical on every machine. The span loops are C kernels
// (Sources/CSpans) that run AVX2 where the CPU has it and SSE2 otherwise — the same integers on
// either path; PixelMath holds the scalar definition the tests check them against. A span with
// full coverage and an opaque colour is a plain store.

import CalcCore
import CSpans
import DisplayList

/// A pixel surface: device pixel (x, y) lives at base + (y − originY)·stride + (x − originX); only
/// `rect` may be touched. The framebuffer is a surface with origin 0; a group's offscreen layer is a
/// surface whose origin is the corner of its bounding box.
struct Surface {
    var base: UnsafeMutablePointer<UInt32>
    var stride: Int
    var originX: Int
    var originY: Int
    var rect: IRect

    @inline(__always)
    func pointer(_ x: Int, _ y: Int) -> UnsafeMutablePointer<UInt32> {
        base + ((y - originY) * stride + (x - originX))
    }
}

/// The active clip: an integer box and, unless the clip is exactly that box, an 8-bit coverage mask
/// in device coordinates (pixel (x, y) at mask + y·stride + x), valid inside `rect`.
struct ClipState {
    var rect: IRect
    var mask: UnsafeMutablePointer<UInt8>?
    var stride: Int
}

enum Spans {
    /// Source-over of one premultiplied colour onto `n` pixels (an opaque colour is a plain store).
    @inline(__always)
    static func fill(_ p: UnsafeMutablePointer<UInt32>, _ n: Int, _ color: UInt32) {
        if color >> 24 == 255 {
            p.update(repeating: color, count: n)
        } else if color != 0 {
            calc_spans_fill(p, n, color)
        }
    }

    /// Source-over of one colour at coverage `coverage` × mask[i] / 255 onto `n` pixels.
    @inline(__always)
    static func fillMasked(_ p: UnsafeMutablePointer<UInt32>, _ mask: UnsafePointer<UInt8>, _ n: Int,
                           _ color: UInt32, _ coverage: UInt32) {
        calc_spans_fill_masked(p, mask, n, color, coverage)
    }

    /// Source-over of `src` (premultiplied) scaled by `alpha` / 255 onto `dst`.
    @inline(__always)
    static func composite(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ n: Int, _ alpha: UInt32) {
        calc_spans_composite(dst, src, n, alpha)
    }
}

extension Spans {
    /// Destination-over: `color` × alpha[i] drawn under the `n` pixels at `p`.
    static func paintAlphaUnder(_ p: UnsafeMutablePointer<UInt32>, _ alpha: UnsafePointer<UInt8>, _ n: Int, _ color: UInt32) {
        for i in 0..<n {
            let a = UInt32(alpha[i])
            if a == 0 { continue }
            let d = p[i]
            let inv = 255 &- (d >> 24)
            if inv == 0 { continue }
            let s = a == 255 ? color : PixelMath.scale(color, a)
            p[i] = d &+ PixelMath.scale(s, inv)
        }
    }

    /// Every pixel of `p` times the alpha of the matching pixel of `mask`.
    static func multiplyByAlpha(_ p: UnsafeMutablePointer<UInt32>, _ mask: UnsafePointer<UInt32>, _ n: Int) {
        for i in 0..<n {
            let a = mask[i] >> 24
            if a == 255 { continue }
            p[i] = a == 0 ? 0 : PixelMath.scale(p[i], a)
        }
    }

    /// Source-over of `src` scaled by `alpha` × mask[i] / 255² onto `dst`.
    static func compositeMasked(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>,
                                _ mask: UnsafePointer<UInt8>, _ n: Int, _ alpha: UInt32) {
        for i in 0..<n {
            let a = PixelMath.div255(alpha &* UInt32(mask[i]))
            if a == 0 { continue }
            let s = a == 255 ? src[i] : PixelMath.scale(src[i], a)
            dst[i] = PixelMath.over(s, dst[i])
        }
    }

    /// Source-over of the premultiplied `src` pixels at coverage `coverage` × mask[i] / 255 onto `dst`.
    @inline(__always)
    static func blendCovered(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ n: Int,
                             _ coverage: UInt32, _ mask: UnsafePointer<UInt8>?) {
        if let m = mask {
            for i in 0..<n {
                let c = PixelMath.div255(coverage &* UInt32(m[i]))
                if c == 0 { continue }
                let s = c == 255 ? src[i] : PixelMath.scale(src[i], c)
                dst[i] = PixelMath.over(s, dst[i])
            }
        } else if coverage == 255 {
            composite(dst, src, n, 255)
        } else {
            composite(dst, src, n, coverage)
        }
    }
}

/// Writes coverage into an 8-bit image (pixel (x, y) at base + (y − originY)·stride + (x − originX)).
struct AlphaSink: CoverageSink {
    let base: UnsafeMutablePointer<UInt8>
    let stride: Int
    let originX: Int
    let originY: Int
    private var row: UnsafeMutablePointer<UInt8>

    init(base: UnsafeMutablePointer<UInt8>, stride: Int, originX: Int, originY: Int) {
        self.base = base; self.stride = stride; self.originX = originX; self.originY = originY
        row = base
    }

    @inline(__always) mutating func row(_ y: Int) { row = base + ((y - originY) * stride - originX) }
    @inline(__always) mutating func span(x: Int, count: Int, coverage: UInt32) {
        (row + x).update(repeating: UInt8(truncatingIfNeeded: coverage), count: count)
    }
    @inline(__always) mutating func pixel(x: Int, coverage: UInt32) { row[x] = UInt8(truncatingIfNeeded: coverage) }
}

/// Paints a solid premultiplied colour through the coverage, honouring the clip mask.
struct SolidSink: CoverageSink {
    let color: UInt32
    let surface: Surface
    let mask: UnsafeMutablePointer<UInt8>?
    let maskStride: Int
    // the current row, offset so that index x addresses device column x
    private var rowBase: UnsafeMutablePointer<UInt32>
    private var maskRow = 0

    init(color: UInt32, surface: Surface, mask: UnsafeMutablePointer<UInt8>?, maskStride: Int) {
        self.color = color; self.surface = surface; self.mask = mask; self.maskStride = maskStride
        rowBase = surface.base
    }

    @inline(__always)
    mutating func row(_ y: Int) {
        rowBase = surface.base + (y - surface.originY) * surface.stride
        maskRow = y * maskStride
    }

    @inline(__always)
    mutating func span(x: Int, count: Int, coverage: UInt32) {
        let p = rowBase + (x - surface.originX)
        if let m = mask {
            Spans.fillMasked(p, m + (maskRow + x), count, color, coverage)
        } else {
            Spans.fill(p, count, coverage == 255 ? color : PixelMath.scale(color, coverage))
        }
    }

    @inline(__always)
    mutating func pixel(x: Int, coverage: UInt32) {
        var c = coverage
        if let m = mask {
            c = PixelMath.div255(c &* UInt32(m[maskRow + x]))
            if c == 0 { return }
        }
        let p = rowBase + (x - surface.originX)
        let s = c == 255 ? color : PixelMath.scale(color, c)
        p.pointee = PixelMath.over(s, p.pointee)
    }
}

/// Writes coverage (times the enclosing clip's mask, if any) into a clip mask whose region was zeroed.
struct MaskSink: CoverageSink {
    let dst: UnsafeMutablePointer<UInt8>
    let parent: UnsafeMutablePointer<UInt8>?
    let stride: Int
    private var rowOffset = 0

    init(dst: UnsafeMutablePointer<UInt8>, parent: UnsafeMutablePointer<UInt8>?, stride: Int) {
        self.dst = dst; self.parent = parent; self.stride = stride
    }

    @inline(__always)
    mutating func row(_ y: Int) { rowOffset = y * stride }

    @inline(__always)
    mutating func span(x: Int, count: Int, coverage: UInt32) {
        let d = dst + (rowOffset + x)
        if let p = parent {
            let q = p + (rowOffset + x)
            for i in 0..<count { d[i] = UInt8(truncatingIfNeeded: PixelMath.div255(coverage &* UInt32(q[i]))) }
        } else {
            d.update(repeating: UInt8(truncatingIfNeeded: coverage), count: count)
        }
    }

    @inline(__always)
    mutating func pixel(x: Int, coverage: UInt32) {
        let i = rowOffset + x
        var c = coverage
        if let p = parent { c = PixelMath.div255(c &* UInt32(p[i])) }
        dst[i] = UInt8(truncatingIfNeeded: c)
    }
}
