// Coverage sinks whose span loops are C kernels (Sources/CRaster): the shader's colours are computed
// and blended in the same pass, with exactly the arithmetic of the Swift shader and ShaderSink they
// stand in for (RasterKernelTests compares them).

import CalcCore
import CRaster
import DisplayList

/// An axial gradient under an affine map (the common case: gradient layers, `draw`-block gradients)
/// shaded and blended by calc_axial_span. The shader's table and dither must stay alive (and not move)
/// while the sink is used: Execution.fill holds their buffers around the fill.
struct AxialSink: CoverageSink {
    private var params: calc_axial
    /// The Swift path, for spans whose positions are too far out for 16.16 (the kernel declines them).
    private var fallback: ShaderSink<GradientShader>
    let surface: Surface
    let mask: UnsafeMutablePointer<UInt8>?
    let maskStride: Int
    private var y = 0
    private var rowBase: UnsafeMutablePointer<UInt32>

    init(shader: GradientShader, lut: UnsafePointer<UInt64>, dither: UnsafePointer<UInt64>, opaque: Bool,
         surface: Surface, mask: UnsafeMutablePointer<UInt8>?, maskStride: Int, scratch: UnsafeMutablePointer<UInt32>) {
        let m = shader.map
        params = calc_axial(lut: lut, dither: dither, m11: m.m11, m21: m.m21, m31: m.m31, last: Int64(shader.last),
                            opaque: opaque ? 1 : 0)
        fallback = ShaderSink(shader: shader, surface: surface, mask: mask, maskStride: maskStride, scratch: scratch)
        self.surface = surface; self.mask = mask; self.maskStride = maskStride
        rowBase = surface.base
    }

    @inline(__always)
    mutating func row(_ y: Int) {
        self.y = y
        rowBase = surface.base + ((y - surface.originY) * surface.stride - surface.originX)
        fallback.row(y)
    }

    @inline(__always)
    mutating func span(x: Int, count: Int, coverage: UInt32) {
        let m = mask.map { UnsafePointer($0 + (y * maskStride + x)) }
        let done = withUnsafePointer(to: &params) { p in
            calc_axial_span(rowBase + x, m, Int64(x), Int64(y), count, coverage, p)
        }
        if done == 0 { fallback.span(x: x, count: count, coverage: coverage) }
    }

    @inline(__always)
    mutating func pixel(x: Int, coverage: UInt32) { span(x: x, count: 1, coverage: coverage) }
}

/// The gradient tables of one renderer, kept across fills and frames: a gradient drawn again (the same
/// card next frame) reuses its table instead of rebuilding it (about 27 instructions an entry).
final class GradientTables {
    struct Key: Hashable {
        var stops: [GradientStop]
        var count: Int
    }

    /// Table entries kept at most (8 bytes each); past it the cache starts over.
    static let budget = 1 << 20
    private var tables: [Key: [UInt64]] = [:]
    private var entries = 0

    func table(_ stops: [GradientStop], count: Int) -> [UInt64] {
        let key = Key(stops: stops, count: count)
        if let t = tables[key] { return t }
        let t = GradientShader.table(stops, count: count)
        if entries + count > GradientTables.budget {
            tables.removeAll(keepingCapacity: true)
            entries = 0
        }
        tables[key] = t
        entries += count
        return t
    }
}
