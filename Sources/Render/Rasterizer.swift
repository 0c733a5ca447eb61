// Analytic anti-aliasing by signed-area accumulation (font-rs / stb_truetype v2 style).
// Each polygon edge adds, per pixel cell it crosses, the exact signed area it sweeps (trapezoids and
// triangles, no sampling); a prefix sum along a row then gives the winding-weighted coverage, and the
// fill rule is applied after accumulation (non-zero: min(|acc|, 1); even-odd: acc folded mod 2).
// The sum is sparse: every touched cell also sets a bit in a per-row bitmap, and the sweep jumps
// between set bits with trailingZeroBitCount. Between two touched cells the coverage is constant, so
// the interior of a shape becomes one constant-coverage span (a vectorized fill) and the outside or a
// ring's hole is skipped without reading memory. Cells are cleared as they are consumed, so the buffer
// is all zeros between fills and only the cells an edge touched are ever written.
// Accumulation is in Float: plain IEEE adds and multiplies without FMA contraction (Swift emits plain
// fmul/fadd, which LLVM does not fuse), so every machine produces the same coverage bytes. Cell buffer
// and bitmap are manually allocated, grown on demand and reused between fills and frames.
// Every fill's edges are accumulated by calc_band_edges (Sources/CRaster), a C transcription of
// addEdge/line/cellsForRow below, which stay as its specification (RasterKernelTests compares the
// cells bit for bit); solid fills are swept by calc_sweep_solid, other sinks by `sweep`, and a solid
// fill followed by its own outline plus more contours (a background and its border ring) by
// fillSolidPair in one walk and one sweep. Scene A of the peer benchmark (200 rotated bordered cards
// at 1280×720): 34.3 M instructions a frame under `render-bench scenes.json --scene cards` (callgrind),
// 57.3 M before the pairs; docs/rendering.md has the rest.

import CalcCore
import CRaster
import DisplayList

/// Receives the coverage (0…255) of a filled polygon row by row, in increasing x.
protocol CoverageSink {
    /// The following spans and pixels are on row `y` (device pixels).
    mutating func row(_ y: Int)
    /// `count` pixels starting at x on the current row, all with the same coverage (never 0).
    mutating func span(x: Int, count: Int, coverage: UInt32)
    /// One pixel at an edge (coverage never 0).
    mutating func pixel(x: Int, coverage: UInt32)
}

final class Rasterizer {
    private var cells: UnsafeMutablePointer<Float>
    private var cellCapacity: Int
    private var bits: UnsafeMutablePointer<UInt64>
    private var bitCapacity: Int
    /// A second band of the same layout, for the second of two fills swept together (fillSolidPair).
    private var cells2: UnsafeMutablePointer<Float>
    private var bits2: UnsafeMutablePointer<UInt64>
    /// Contour ends of a pair's second polygon past its shared first contours, rebased.
    private var restEnds: [Int64] = []

    // the current region, in device pixels, and its layout in the buffers
    private var rx0 = 0, ry0 = 0, bw = 0, bh = 0
    private var stride = 0, words = 0
    private var rowMin = Int.max, rowMax = -1

    init() {
        cellCapacity = 1 << 16
        cells = .allocate(capacity: cellCapacity)
        cells.initialize(repeating: 0, count: cellCapacity)
        bitCapacity = 1 << 11
        bits = .allocate(capacity: bitCapacity)
        bits.initialize(repeating: 0, count: bitCapacity)
        cells2 = .allocate(capacity: cellCapacity)
        cells2.initialize(repeating: 0, count: cellCapacity)
        bits2 = .allocate(capacity: bitCapacity)
        bits2.initialize(repeating: 0, count: bitCapacity)
    }

    deinit {
        cells.deallocate()
        bits.deallocate()
        cells2.deallocate()
        bits2.deallocate()
    }

    /// Rows rasterized per pass: bounds the cell buffer to (width + 2) × 256 floats (16 MB at the
    /// 16384-pixel limit instead of 1 GB) and keeps a tall shape's cells cache-sized; shapes shorter than
    /// this (nearly all) take one pass.
    static let bandHeight = 256

    /// Fills the flattened polygon inside `clip` (device pixels), reporting coverage to `sink`.
    func fill<S: CoverageSink>(_ poly: Flattener, rule: FillRule, clip: IRect, sink: inout S) {
        let region = poly.bounds.intersection(clip)
        guard !region.isEmpty else { return }
        let xs = poly.xs, ys = poly.ys
        var bandTop = region.y0
        while bandTop < region.y1 {
            begin(IRect(x0: region.x0, y0: bandTop, x1: region.x1, y1: min(region.y1, bandTop + Rasterizer.bandHeight)))
            accumulate(xs, ys, poly.ends)
            if rule == .nonZero { sweep(evenOdd: false, sink: &sink) } else { sweep(evenOdd: true, sink: &sink) }
            bandTop += Rasterizer.bandHeight
        }
    }

    /// `fill` with a solid colour: the same bands and edges, swept and blended by calc_sweep_solid
    /// (Sources/CRaster/sweep.c), which gives the bytes SolidSink would, with no call per edge pixel.
    func fillSolid(_ poly: Flattener, rule: FillRule, clip: IRect, color: UInt32, surface: Surface,
                   mask: UnsafeMutablePointer<UInt8>?, maskStride: Int) {
        let region = poly.bounds.intersection(clip)
        guard !region.isEmpty else { return }
        let xs = poly.xs, ys = poly.ys
        var bandTop = region.y0
        while bandTop < region.y1 {
            begin(IRect(x0: region.x0, y0: bandTop, x1: region.x1, y1: min(region.y1, bandTop + Rasterizer.bandHeight)))
            accumulate(xs, ys, poly.ends)
            var band = calc_band(cells: cells, bits: bits, stride: Int64(stride), words: Int64(words),
                                 row_min: Int64(rowMin), row_max: Int64(rowMax), bw: Int64(bw), rx0: Int64(rx0),
                                 ry0: Int64(ry0), even_odd: rule == .evenOdd ? 1 : 0)
            calc_sweep_solid(&band, surface.base, surface.stride, Int64(surface.originX), Int64(surface.originY),
                             mask, maskStride, color)
            bandTop += Rasterizer.bandHeight
        }
    }

    /// Two solid fills drawn one after the other, where the first is the polygon `poly` had after
    /// its first elements (`poly.splitState`: its first contours, the body of a card) and the second
    /// is all of `poly` (the border ring: the same outline plus the inner contour). The shared
    /// contours are walked once into the first band and, add for add, the second
    /// (calc_band_edges_twice), which then takes only the further contours, and one sweep (calc_sweep_solid_pair) blends both
    /// colours at each pixel in order: the bytes of fillSolid of each polygon in turn. False, drawing
    /// nothing, when there is no split or the two polygons' regions differ (their bands would too).
    func fillSolidPair(_ poly: Flattener, rule firstRule: FillRule, color firstColor: UInt32,
                       rule secondRule: FillRule, color secondColor: UInt32, clip: IRect, surface: Surface) -> Bool {
        guard let split = poly.splitState, split.points > 0, split.contours > 0, split.contours < poly.ends.count
        else { return false }
        let region = split.bounds.intersection(clip)
        guard region == poly.bounds.intersection(clip) else { return false }
        guard !region.isEmpty else { return true }
        let skip = split.points
        restEnds.removeAll(keepingCapacity: true)
        for e in poly.ends.dropFirst(split.contours) { restEnds.append(Int64(e - skip)) }
        var bandTop = region.y0
        while bandTop < region.y1 {
            begin(IRect(x0: region.x0, y0: bandTop, x1: region.x1, y1: min(region.y1, bandTop + Rasterizer.bandHeight)))
            var a = calc_band(cells: cells, bits: bits, stride: Int64(stride), words: Int64(words),
                              row_min: Int64.max, row_max: -1, bw: Int64(bw), rx0: Int64(rx0),
                              ry0: Int64(ry0), even_odd: firstRule == .evenOdd ? 1 : 0)
            var b = calc_band(cells: cells2, bits: bits2, stride: Int64(stride), words: Int64(words),
                              row_min: Int64.max, row_max: -1, bw: Int64(bw), rx0: Int64(rx0),
                              ry0: Int64(ry0), even_odd: secondRule == .evenOdd ? 1 : 0)
            let h = Int64(bh)
            poly.xs.withUnsafeBufferPointer { px in
                poly.ys.withUnsafeBufferPointer { py in
                    poly.ends.withUnsafeBufferPointer { e in
                        e.withMemoryRebound(to: Int64.self) { e64 in
                            guard let x = px.baseAddress, let y = py.baseAddress else { return }
                            calc_band_edges_twice(&a, &b, h, x, y, e64.baseAddress, split.contours)
                            restEnds.withUnsafeBufferPointer { r in
                                calc_band_edges(&b, h, x + skip, y + skip, r.baseAddress, r.count)
                            }
                        }
                    }
                }
            }
            calc_sweep_solid_pair(&a, &b, surface.base, surface.stride, Int64(surface.originX), Int64(surface.originY),
                                  firstColor, secondColor)
            bandTop += Rasterizer.bandHeight
        }
        return true
    }

    /// Adds every edge of the polygon to the band's cells: calc_band_edges, a transcription of
    /// `addEdge` (kept below as its specification and for RasterKernelTests) into C.
    private func accumulate(_ xs: [Double], _ ys: [Double], _ ends: [Int]) {
        var band = calc_band(cells: cells, bits: bits, stride: Int64(stride), words: Int64(words),
                             row_min: Int64(rowMin), row_max: Int64(rowMax), bw: Int64(bw), rx0: Int64(rx0),
                             ry0: Int64(ry0), even_odd: 0)
        xs.withUnsafeBufferPointer { px in
            ys.withUnsafeBufferPointer { py in
                ends.withUnsafeBufferPointer { e in
                    e.withMemoryRebound(to: Int64.self) { e64 in
                        calc_band_edges(&band, Int64(bh), px.baseAddress, py.baseAddress, e64.baseAddress, e64.count)
                    }
                }
            }
        }
        rowMin = Int(band.row_min); rowMax = Int(band.row_max)
    }

    /// The Swift edge accumulation calc_band_edges transcribes: the same polygon's cells, for tests.
    func accumulateInSwift(_ poly: Flattener, region: IRect) -> (cells: [Float], bits: [UInt64]) {
        begin(region)
        poly.xs.withUnsafeBufferPointer { px in
            poly.ys.withUnsafeBufferPointer { py in
                var start = 0
                for end in poly.ends {
                    var j = end - 1
                    for i in start..<end { addEdge(px[j], py[j], px[i], py[i]); j = i }
                    start = end
                }
            }
        }
        return drainBand()
    }

    /// The same through calc_band_edges, for tests.
    func accumulateInC(_ poly: Flattener, region: IRect) -> (cells: [Float], bits: [UInt64]) {
        begin(region)
        accumulate(poly.xs, poly.ys, poly.ends)
        return drainBand()
    }

    /// The band's cells and bits (copied, then cleared) plus rowMin/rowMax folded in as a last cell.
    private func drainBand() -> (cells: [Float], bits: [UInt64]) {
        let c = Array(UnsafeBufferPointer(start: cells, count: stride * bh)) + [Float(rowMin), Float(rowMax)]
        let b = Array(UnsafeBufferPointer(start: bits, count: words * bh))
        cells.update(repeating: 0, count: stride * bh)
        bits.update(repeating: 0, count: words * bh)
        return (c, b)
    }

    private func begin(_ r: IRect) {
        rx0 = r.x0; ry0 = r.y0; bw = r.width; bh = r.height
        stride = bw + 2
        words = (stride + 63) >> 6
        let needCells = stride * bh, needBits = words * bh
        if needCells > cellCapacity {
            cells.deallocate(); cells2.deallocate()
            cellCapacity = max(needCells, cellCapacity * 2)
            cells = .allocate(capacity: cellCapacity)
            cells.initialize(repeating: 0, count: cellCapacity)
            cells2 = .allocate(capacity: cellCapacity)
            cells2.initialize(repeating: 0, count: cellCapacity)
        }
        if needBits > bitCapacity {
            bits.deallocate(); bits2.deallocate()
            bitCapacity = max(needBits, bitCapacity * 2)
            bits = .allocate(capacity: bitCapacity)
            bits.initialize(repeating: 0, count: bitCapacity)
            bits2 = .allocate(capacity: bitCapacity)
            bits2.initialize(repeating: 0, count: bitCapacity)
        }
        rowMin = Int.max; rowMax = -1
    }

    /// Clips an edge (device coordinates) to the region: rows outside are dropped, and the parts left of
    /// the region become vertical edges on its left side (they cover every cell to their right, exactly
    /// as the original edge did); parts right of it land in the two spare cells and are discarded.
    @inline(__always)
    private func addEdge(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        var x0 = ax - Double(rx0), y0 = ay - Double(ry0), x1 = bx - Double(rx0), y1 = by - Double(ry0)
        let h = Double(bh), w = Double(bw)
        if y0 == y1 || !(x0.isFinite && x1.isFinite && y0.isFinite && y1.isFinite) { return }
        if (y0 <= 0 && y1 <= 0) || (y0 >= h && y1 >= h) { return }
        // clip to 0 ≤ y ≤ h
        let dxdy = (x1 - x0) / (y1 - y0)
        if y0 < 0 { x0 += (0 - y0) * dxdy; y0 = 0 } else if y0 > h { x0 += (h - y0) * dxdy; y0 = h }
        if y1 < 0 { x1 += (0 - y1) * dxdy; y1 = 0 } else if y1 > h { x1 += (h - y1) * dxdy; y1 = h }
        if y0 == y1 { return }
        // split where the edge crosses x = 0 or x = w; each piece then lies on one side and clamping
        // its end points moves it onto the boundary without changing what it covers inside
        let dx = x1 - x0
        var ta = 2.0, tb = 2.0
        if dx != 0 {
            let t0 = (0 - x0) / dx, tw = (w - x0) / dx
            if t0 > 0 && t0 < 1 { ta = t0 }
            if tw > 0 && tw < 1 { if ta > 1 { ta = tw } else { tb = tw } }
            if ta > tb { swap(&ta, &tb) }
        }
        let dy = y1 - y0
        @inline(__always) func cx(_ x: Double) -> Float { Float(min(w, max(0, x))) }
        if ta > 1 {
            line(cx(x0), Float(y0), cx(x1), Float(y1))
            return
        }
        let xa = cx(x0 + ta * dx), ya = Float(y0 + ta * dy)
        line(cx(x0), Float(y0), xa, ya)
        if tb > 1 {
            line(xa, ya, cx(x1), Float(y1))
        } else {
            let xb = cx(x0 + tb * dx), yb = Float(y0 + tb * dy)
            line(xa, ya, xb, yb)
            line(xb, yb, cx(x1), Float(y1))
        }
    }

    /// Accumulates one edge already inside [0, bw] × [0, bh] (region coordinates).
    @inline(__always)
    private func line(_ ax: Float, _ ay: Float, _ bx: Float, _ by: Float) {
        if ay == by { return }
        var x0 = ax, y0 = ay, x1 = bx, y1 = by, dir: Float = 1
        if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1); dir = -1 }
        let dxdy = (x1 - x0) / (y1 - y0)
        // 1 / (hi − lo) for a whole row (0 for a vertical edge: cellsForRow never needs it then)
        let invSlope = dxdy == 0 ? 0 : 1 / abs(dxdy)
        let fw = Float(bw)
        let yStart = Rasterizer.floor(y0)
        let yEnd = min(bh, Rasterizer.ceil(y1))
        if yStart >= yEnd { return }
        rowMin = min(rowMin, yStart); rowMax = max(rowMax, yEnd - 1)
        var x = x0
        var y = yStart
        // first row (maybe partial), then whole rows with dy = 1, then the last (maybe partial) row
        let fullEnd = min(yEnd, Rasterizer.floor(y1))
        if Float(y) < y0 || y >= fullEnd {
            let yb = min(Float(y + 1), y1)
            let xNext = yb == y1 ? x1 : min(fw, max(0, x0 + (yb - y0) * dxdy))
            cellsForRow(y, x, xNext, (yb - y0) * dir, 0)
            x = xNext
            y += 1
        }
        while y < fullEnd {
            let xNext = min(fw, max(0, x0 + (Float(y + 1) - y0) * dxdy))
            cellsForRow(y, x, xNext, dir, invSlope)
            x = xNext
            y += 1
        }
        if y < yEnd {
            cellsForRow(y, x, x1, (y1 - Float(y)) * dir, 0)
        }
    }

    /// Adds the signed area of the edge piece from (x, top) to (xNext, bottom) of row y, whose height
    /// times direction is d, to the row's cells; `s` is 1 / |xNext − x| when known (0: compute it).
    @inline(__always)
    private func cellsForRow(_ y: Int, _ x: Float, _ xNext: Float, _ d: Float, _ sKnown: Float) {
        let lo = min(x, xNext), hi = max(x, xNext)
        let i0 = Rasterizer.floor(lo)
        let loFloor = Float(i0)
        let i1 = Rasterizer.ceil(hi)
        let row = cells + y * stride
        let bitRow = bits + y * words
        if i1 <= i0 + 1 {
            let xmf = 0.5 * (x + xNext) - loFloor
            row[i0] += d - d * xmf
            row[i0 + 1] += d * xmf
            markPair(bitRow, i0)
        } else {
            // the shares below sum to d for any s, so an s from the slope cannot make coverage drift
            let s = sKnown != 0 ? sKnown : 1 / (hi - lo)
            let x0f = lo - loFloor
            let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
            let x1f = hi - Float(i1) + 1
            let am = 0.5 * s * x1f * x1f
            row[i0] += d * a0
            if i1 == i0 + 2 {
                row[i0 + 1] += d * (1 - a0 - am)
            } else {
                let a1 = s * (1.5 - x0f)
                row[i0 + 1] += d * (a1 - a0)
                let ds = d * s
                var i = i0 + 2
                while i < i1 - 1 { row[i] += ds; i += 1 }
                let a2 = a1 + Float(i1 - i0 - 3) * s
                row[i1 - 1] += d * (1 - a2 - am)
            }
            row[i1] += d * am
            markRange(bitRow, i0, i1)
        }
    }

    /// ⌊x⌋ for 0 ≤ x < 2^22 without a checked conversion: adding 1.5 · 2^23 leaves round(x) in the low
    /// mantissa bits (exact, ties to even), then one compare corrects rounding up to flooring.
    @inline(__always)
    static func floor(_ x: Float) -> Int {
        let r = Int(truncatingIfNeeded: (x + 12_582_912).bitPattern & 0x3F_FFFF)
        return Float(r) > x ? r - 1 : r
    }

    /// ⌈x⌉ for 0 ≤ x < 2^22 (see `floor`).
    @inline(__always)
    static func ceil(_ x: Float) -> Int {
        let r = Int(truncatingIfNeeded: (x + 12_582_912).bitPattern & 0x3F_FFFF)
        return Float(r) < x ? r + 1 : r
    }

    /// Sets bits i and i + 1.
    @inline(__always)
    private func markPair(_ row: UnsafeMutablePointer<UInt64>, _ i: Int) {
        let sh = UInt64(i & 63)
        row[i >> 6] |= 3 << sh          // the smart shift drops bit i + 1 when i is a word's last bit…
        if sh == 63 { row[(i >> 6) + 1] |= 1 }   // …so set it in the next word
    }

    /// Sets bits i0…i1 inclusive.
    @inline(__always)
    private func markRange(_ row: UnsafeMutablePointer<UInt64>, _ i0: Int, _ i1: Int) {
        let w0 = i0 >> 6, w1 = i1 >> 6
        let lo = ~UInt64(0) << UInt64(i0 & 63)
        let hi = ~UInt64(0) >> UInt64(63 - (i1 & 63))
        if w0 == w1 {
            row[w0] |= lo & hi
        } else {
            row[w0] |= lo
            var k = w0 + 1
            while k < w1 { row[k] = ~0; k += 1 }
            row[w1] |= hi
        }
    }

    @inline(__always)
    private static func coverage(_ acc: Float, evenOdd: Bool) -> UInt32 {
        var v = abs(acc)
        if evenOdd {
            if v > 1 {
                // fold modulo 2 (winding numbers beyond 2^22 cannot come from real paths; treat as even)
                v = v < 4_194_304 ? v - 2 * Float(Rasterizer.floor(v * 0.5)) : 0
                if v > 1 { v = 2 - v }
            }
        } else if v > 1 {
            v = 1
        }
        // v · 255 ∈ [0, 255]: adding 1.5 · 2^23 rounds it to an integer (ties to even) in the low mantissa
        // bits, cheaper than a checked Float → integer conversion on this hot path
        return (v * 255 + 12_582_912).bitPattern & 0x1FF
    }

    /// Prefix-sums the touched rows, clearing cells and bits as it goes, and reports coverage.
    /// After adding touched cell b the coverage is constant up to the next touched cell, so each touched
    /// cell opens a run [b, next): a lone pixel at an edge, or a span that starts at the edge's last cell.
    @inline(__always)
    private func sweep<S: CoverageSink>(evenOdd: Bool, sink: inout S) {
        guard rowMin <= rowMax else { return }
        for y in rowMin...rowMax {
            let row = cells + y * stride
            let bitRow = bits + y * words
            sink.row(y + ry0)
            var acc: Float = 0
            var runStart = bw          // no open run
            var runCoverage: UInt32 = 0
            for k in 0..<words {
                var word = bitRow[k]
                if word == 0 { continue }
                bitRow[k] = 0
                repeat {
                    let b = k << 6 | word.trailingZeroBitCount
                    word &= word &- 1
                    if runCoverage != 0 && runStart < bw {
                        let n = min(b, bw) - runStart
                        if n == 1 {
                            sink.pixel(x: rx0 + runStart, coverage: runCoverage)
                        } else {
                            sink.span(x: rx0 + runStart, count: n, coverage: runCoverage)
                        }
                    }
                    acc += row[b]
                    row[b] = 0
                    runStart = b
                    runCoverage = Rasterizer.coverage(acc, evenOdd: evenOdd)
                } while word != 0
            }
            if runCoverage != 0 && runStart < bw {
                sink.span(x: rx0 + runStart, count: bw - runStart, coverage: runCoverage)
            }
        }
    }
}
