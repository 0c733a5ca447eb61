// Paints other than a solid colour: a shader colours the pixels of a covered span (premultiplied,
// into a scratch row of at most `chunk` pixels) and ShaderSink blends them through the coverage and
// the clip mask. Colouring a whole span before blending keeps each shader's loop free of coverage
// and mask logic, and the blend is the same vectorized one solid fills use. The shaders live in
// Gradient.swift (lookup table with ordered dither) and ImageSampling.swift (mipmaps, bilinear and
// trilinear sampling).

import CalcCore
import DisplayList

/// Colours pixels for a span.
protocol Shader {
    /// Premultiplied colours of device pixels x ..< x + count of row y, into `out`.
    mutating func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>)
}

/// Blends a shader's colours through the coverage, honouring the clip mask.
struct ShaderSink<S: Shader>: CoverageSink {
    var shader: S
    let surface: Surface
    let mask: UnsafeMutablePointer<UInt8>?
    let maskStride: Int
    private var y = 0
    private var rowBase: UnsafeMutablePointer<UInt32>
    private var scratch: UnsafeMutablePointer<UInt32>
    static var chunk: Int { 256 }

    /// `scratch` holds at least `chunk` pixels.
    init(shader: S, surface: Surface, mask: UnsafeMutablePointer<UInt8>?, maskStride: Int,
         scratch: UnsafeMutablePointer<UInt32>) {
        self.shader = shader; self.surface = surface; self.mask = mask; self.maskStride = maskStride
        rowBase = surface.base
        self.scratch = scratch
    }

    @inline(__always)
    mutating func row(_ y: Int) {
        self.y = y
        rowBase = surface.base + (y - surface.originY) * surface.stride
    }

    mutating func span(x: Int, count: Int, coverage: UInt32) {
        var done = 0
        while done < count {
            let n = min(Self.chunk, count - done)
            let x0 = x + done
            shader.shade(x: x0, y: y, count: n, into: scratch)
            Spans.blendCovered(rowBase + (x0 - surface.originX), scratch, n, coverage,
                               mask.map { $0 + (y * maskStride + x0) })
            done += n
        }
    }

    @inline(__always)
    mutating func pixel(x: Int, coverage: UInt32) { span(x: x, count: 1, coverage: coverage) }
}
