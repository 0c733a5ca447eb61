// The rasterizer's front end: executes a display list (Sources/DisplayList) into a framebuffer. It
// knows paths, paints, clips, groups and images, never layers. A fill is flattened to device
// polygons (Flattener), scan-converted with exact area coverage (Rasterizer) and composited through
// a sink: a solid colour, or a shader (gradient, image) that colours a span before it is blended.
// A clip is an 8-bit device-space coverage mask (or just a box when it is a pixel-aligned
// rectangle), intersected with the clip around it. A group draws into an offscreen surface the
// size of its bounds, starting with no clip of its own; when it ends its filters run over it
// (Filters.swift), its mask multiplies it, its shadow (its blurred alpha, tinted and offset) is
// composited under it, and it is composited with its opacity and blend mode (Blend.swift) through
// the clip that was active when it began — so a shadow is cast by the whole content even where an
// ancestor's clip later hides part of it. A backdrop filters a copy of the pixels under and around
// its shape and mixes it back in by the shape's coverage.
// All scratch memory (cells, polygons, masks, offscreen surfaces) belongs to the Renderer and is
// reused from frame to frame, which is why a Renderer is not Sendable: use one per thread.

import CalcCore
import CRaster
import CSpans
import DisplayList

/// Draws display lists and paths into framebuffers. Not thread-safe and not Sendable: it owns
/// reusable scratch buffers; create one per thread (frames can then render in parallel).
public final class Renderer {
    /// Canvas sides are clamped to this many pixels (callers should reject larger scenes first).
    public static let maxDimension = 16384

    let raster = Rasterizer()
    let poly = Flattener()
    private var masks: [ScratchBuffer<UInt8>] = []
    private var maskDepth = 0
    private var offscreens: [ScratchBuffer<UInt32>] = []
    private var offscreenDepth = 0
    private var canvasWidth = 0, canvasHeight = 0
    private var alphaScratch = ScratchBuffer<UInt8>()
    let blur = GaussianBlur()
    /// A bloom's blurred copy, and a backdrop's filtered copy of the pixels under its shape.
    let bloomScratch = ScratchBuffer<UInt32>()
    let backdropScratch = ScratchBuffer<UInt32>()
    /// One row of shader output (ShaderSink.chunk pixels).
    let shaderRow = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)

    /// A renderer with empty scratch buffers (they grow on first use).
    public init() {}

    deinit { shaderRow.deallocate() }

    /// Renders `list` into a new framebuffer of its size.
    public func render(_ list: DisplayList, images: [String: RasterImage] = [:]) -> Framebuffer {
        var fb = Framebuffer(width: 0, height: 0)
        render(list, images: images, into: &fb)
        return fb
    }

    /// Renders `list` into `fb`, resizing it to the list's size and clearing it to the background.
    public func render(_ list: DisplayList, images: [String: RasterImage] = [:], into fb: inout Framebuffer) {
        let w = min(max(0, list.width), Renderer.maxDimension), h = min(max(0, list.height), Renderer.maxDimension)
        fb.reset(width: w, height: h, fill: PixelMath.premultiplied(list.background))
        guard w > 0, h > 0 else { return }
        canvasWidth = w; canvasHeight = h
        maskDepth = 0; offscreenDepth = 0
        let resolved = list.images.map { images[$0] }
        fb.pixels.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            list.elements.withUnsafeBufferPointer { elements in
                var run = Execution(renderer: self, elements: elements, gradients: list.gradients, images: resolved,
                                    canvas: Surface(base: base, stride: w, originX: 0, originY: 0,
                                                    rect: IRect(x0: 0, y0: 0, x1: w, y1: h)))
                list.ops.withUnsafeBufferPointer { ops in
                    run.ops = ops
                    // an operation may consume the ones after it (a run of rectangle fills)
                    while run.index < ops.count { run.execute(ops[run.index]); run.index += 1 }
                }
                run.finish()
            }
        }
    }

    /// Fills `path` (mapped by `transform` to pixel coordinates, y down) with `color`, anti-aliased.
    public func fill(_ path: Path, color: Color, rule: FillRule = .nonZero, transform: Affine2D = .identity,
                     into fb: inout Framebuffer) {
        var list = DisplayList(width: fb.width, height: fb.height, background: .clear)
        let ref = list.add(path)
        list.ops = [.fill(Fill(path: ref, rule: rule, paint: .solid(color), transform: Projective(transform)))]
        let w = fb.width, h = fb.height
        guard w > 0, h > 0 else { return }
        canvasWidth = w; canvasHeight = h
        maskDepth = 0; offscreenDepth = 0
        fb.pixels.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            list.elements.withUnsafeBufferPointer { elements in
                var run = Execution(renderer: self, elements: elements, gradients: [], images: [],
                                    canvas: Surface(base: base, stride: w, originX: 0, originY: 0,
                                                    rect: IRect(x0: 0, y0: 0, x1: w, y1: h)))
                for op in list.ops { run.execute(op) }
                run.finish()
            }
        }
    }

    // MARK: - Scratch

    /// A cleared offscreen surface for `rect`; release with `releaseOffscreen`.
    func offscreen(_ rect: IRect) -> Surface {
        if offscreens.count <= offscreenDepth { offscreens.append(ScratchBuffer()) }
        let n = rect.width * rect.height
        let base = offscreens[offscreenDepth].reserve(max(1, n))
        base.update(repeating: 0, count: n)
        offscreenDepth += 1
        return Surface(base: base, stride: rect.width, originX: rect.x0, originY: rect.y0, rect: rect)
    }

    func releaseOffscreen() { offscreenDepth -= 1 }

    /// A device-sized mask buffer for the next clip level; release with `releaseMask`.
    func maskBuffer() -> UnsafeMutablePointer<UInt8> {
        if masks.count <= maskDepth { masks.append(ScratchBuffer()) }
        let p = masks[maskDepth].reserve(canvasWidth * canvasHeight)
        maskDepth += 1
        return p
    }

    func releaseMask() { maskDepth -= 1 }

    var canvasStride: Int { canvasWidth }

    func alphaBuffer(_ n: Int) -> UnsafeMutablePointer<UInt8> { alphaScratch.reserve(max(1, n)) }

    let sprites = SpriteCache()
    /// Emitter particles' images with a transparent border (Sprites.swift).
    let spriteTextures = SpriteTextures()
    /// Per row, the columns an opaque fill covers completely (FullSpanSink).
    let fullSpans = ScratchBuffer<Int32>()
    /// Gradient tables kept across fills and frames.
    let gradientTables = GradientTables()
    /// A run of rectangle fills being batched (Execution.fillRects).
    var rectFills: [calc_rect_fill] = []
    /// A batch's sprites as the kernel takes them.
    let spriteSetups = ScratchBuffer<calc_sprite>()

    /// The shape at `scale` device pixels per path unit, blurred by σ·scale, on a grid anchored at
    /// whole multiples of 1/scale (so the sprite depends on its key alone).
    /// With `window` (sprite pixels), only the part of the sprite within it is made: the shape is
    /// rasterized within the window widened by the blur's margin, so the window's pixels lose less
    /// than 1/255 to what lies beyond (Blur.margin).
    func makeSprite(_ els: UnsafeBufferPointer<PathElement>, rule: FillRule, sigma: Double, scale: Double,
                    window: IRect? = nil) -> AlphaSprite? {
        let m = Projective(m11: scale, m12: 0, m13: 0, m21: 0, m22: scale, m23: 0, m31: 0, m32: 0, m33: 1)
        poly.flatten(els, map: m)
        guard !poly.isEmpty else { return nil }
        let s = sigma * scale
        let margin = GaussianBlur.margin(sigma: s) + 1
        var box = poly.bounds.outset(margin)
        if let window { box = box.intersection(window.outset(margin)) }
        let n = box.width * box.height
        guard box.width > 0, box.height > 0, n <= 1 << 26 else { return nil }
        var alpha = [UInt8](repeating: 0, count: n)
        alpha.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            var sink = AlphaSink(base: base, stride: box.width, originX: box.x0, originY: box.y0)
            raster.fill(poly, rule: rule, clip: box, sink: &sink)
            blur.blur(mask: base, width: box.width, height: box.height, stride: box.width, sigma: s)
        }
        return AlphaSprite(width: box.width, height: box.height, originX: box.x0, originY: box.y0, scale: scale, alpha: alpha)
    }
}

/// One list's execution: the target surface and clip, and the stacks of open groups and clips.
struct Execution {
    let renderer: Renderer
    let elements: UnsafeBufferPointer<PathElement>
    let gradients: [Gradient]
    let images: [RasterImage?]
    var target: Surface
    var clip: ClipState
    /// Clips to restore at each `popClip`, and whether the popped one owned a mask buffer.
    var clips: [(ClipState, Bool)] = []
    var groups: [OpenGroup] = []
    /// The list's operations and the one executing (a shadow looks at the operation after it).
    var ops = UnsafeBufferPointer<DisplayOp>(start: nil, count: 0)
    var index = 0

    struct OpenGroup {
        var info: Group
        /// What to restore when the group ends.
        var outerTarget: Surface
        var outerClip: ClipState
        var outerClips: [(ClipState, Bool)]
        var content: Surface
        var mask: Surface?
    }

    init(renderer: Renderer, elements: UnsafeBufferPointer<PathElement>, gradients: [Gradient], images: [RasterImage?],
         canvas: Surface) {
        self.renderer = renderer; self.elements = elements; self.gradients = gradients; self.images = images
        target = canvas
        clip = ClipState(rect: canvas.rect, mask: nil, stride: renderer.canvasStride)
    }

    mutating func execute(_ op: DisplayOp) {
        switch op {
        case .fill(let f): if !fillRects(f) && !fillPair(f) { fill(f) }
        case .pushClip(let c): pushClip(c)
        case .popClip: popClip()
        case .beginGroup(let g): beginGroup(g)
        case .beginMask: beginMask()
        case .endGroup: endGroup()
        case .blurredFill(let b): blurredFill(b)
        case .image(let d): drawImage(d)
        case .backdrop(let b): backdrop(b)
        case .sprites(let b): drawSprites(b)
        }
    }

    /// Closes whatever a malformed list left open.
    mutating func finish() {
        while !groups.isEmpty { endGroup() }
        while !clips.isEmpty { popClip() }
    }

    func path(_ ref: PathRef) -> UnsafeBufferPointer<PathElement> {
        let s = max(0, min(Int(ref.start), elements.count)), e = max(s, min(Int(ref.end), elements.count))
        return UnsafeBufferPointer(rebasing: elements[s..<e])
    }

    // MARK: - Fills

    private mutating func fill(_ f: Fill) {
        let poly = renderer.poly
        poly.flatten(path(f.path), map: f.transform)
        guard !poly.isEmpty else { return }
        let region = clip.rect.intersection(target.rect)
        switch f.paint {
        case .solid(let c):
            let color = PixelMath.premultiplied(c)
            guard color != 0 else { return }
            renderer.raster.fillSolid(poly, rule: f.rule, clip: region, color: color, surface: target, mask: clip.mask,
                                      maskStride: clip.stride)
        case .gradient(let i):
            guard gradients.indices.contains(Int(i)), let inverse = f.transform.inverse,
                  let shader = GradientShader(gradients[Int(i)], deviceToPath: inverse, tables: renderer.gradientTables)
            else { return }
            if shader.affine && shader.type == .axial {
                // the common case, shaded and blended in one C pass
                let opaque = gradients[Int(i)].stops.allSatisfy { PixelMath.unit($0.color.a) == 1 }
                let (t, m, s, row, raster) = (target, clip.mask, clip.stride, renderer.shaderRow, renderer.raster)
                shader.lut.withUnsafeBufferPointer { lut in
                    shader.dither.withUnsafeBufferPointer { dither in
                        guard let l = lut.baseAddress, let d = dither.baseAddress else { return }
                        var sink = AxialSink(shader: shader, lut: l, dither: d, opaque: opaque, surface: t, mask: m,
                                             maskStride: s, scratch: row)
                        raster.fill(poly, rule: f.rule, clip: region, sink: &sink)
                    }
                }
                return
            }
            var sink = ShaderSink(shader: shader, surface: target, mask: clip.mask, maskStride: clip.stride,
                                  scratch: renderer.shaderRow)
            renderer.raster.fill(poly, rule: f.rule, clip: region, sink: &sink)
        }
    }

    /// A solid fill directly followed by a solid fill of the same path with more contours after it
    /// (the first path ending in `close`; the same elements bit for bit) under the same affine
    /// transform, with no clip mask — a layer's background, then its border ring (the outline plus
    /// the inset outline, even-odd): the second path is flattened once, the first taken from it
    /// (Flattener.splitState), and both drawn in one edge walk and one sweep
    /// (Rasterizer.fillSolidPair), the bytes of drawing them one after the other. False, drawing
    /// nothing, when `f` and the next operation are not such a pair.
    private mutating func fillPair(_ f: Fill) -> Bool {
        guard clip.mask == nil, index + 1 < ops.count, case .fill(let g) = ops[index + 1],
              case .solid(let ca) = f.paint, case .solid(let cb) = g.paint, f.transform.isAffine,
              Execution.sameBits(f.transform, g.transform) else { return false }
        let pf = path(f.path), pg = path(g.path)
        guard let last = pf.last, case .close = last, pg.count > pf.count else { return false }
        for i in 0..<pf.count where !Execution.sameBits(pf[i], pg[i]) { return false }
        let first = PixelMath.premultiplied(ca), second = PixelMath.premultiplied(cb)
        guard first != 0, second != 0 else { return false }
        let poly = renderer.poly
        poly.flatten(pg, map: g.transform, split: pf.count)
        guard renderer.raster.fillSolidPair(poly, rule: f.rule, color: first, rule: g.rule, color: second,
                                            clip: clip.rect.intersection(target.rect), surface: target)
        else { return false }
        index += 1
        return true
    }

    /// Whether two maps are the same bit for bit.
    static func sameBits(_ a: Projective, _ b: Projective) -> Bool {
        func eq(_ u: Double, _ v: Double) -> Bool { u.bitPattern == v.bitPattern }
        return eq(a.m11, b.m11) && eq(a.m12, b.m12) && eq(a.m13, b.m13) && eq(a.m21, b.m21) && eq(a.m22, b.m22)
            && eq(a.m23, b.m23) && eq(a.m31, b.m31) && eq(a.m32, b.m32) && eq(a.m33, b.m33)
    }

    /// Whether two path elements are the same case with the same coordinates bit for bit (== would
    /// equate 0 and −0).
    static func sameBits(_ a: PathElement, _ b: PathElement) -> Bool {
        func eq(_ p: Point, _ q: Point) -> Bool { p.x.bitPattern == q.x.bitPattern && p.y.bitPattern == q.y.bitPattern }
        switch (a, b) {
        case (.move(let p), .move(let q)), (.line(let p), .line(let q)): return eq(p, q)
        case (.quad(let c, let p), .quad(let d, let q)): return eq(c, d) && eq(p, q)
        case (.cubic(let c1, let c2, let p), .cubic(let d1, let d2, let q)): return eq(c1, d1) && eq(c2, d2) && eq(p, q)
        case (.arc(let c, let r, let s, let w), .arc(let d, let r2, let s2, let w2)):
            return eq(c, d) && r.bitPattern == r2.bitPattern && s.bitPattern == s2.bitPattern && w.bitPattern == w2.bitPattern
        case (.close, .close): return true
        default: return false
        }
    }

    /// A solid fill of a rectangle on whole pixels with no clip mask, and the fills like it right
    /// after it, drawn together row by row (calc_fill_rects): what the rasterizer would give them,
    /// coverage 255 inside and nothing outside, blended in the same order. False when `f` is not one.
    private mutating func fillRects(_ f: Fill) -> Bool {
        guard clip.mask == nil, let first = rectFill(f) else { return false }
        var batch = renderer.rectFills
        batch.removeAll(keepingCapacity: true)
        batch.append(first)
        while index + 1 < ops.count, batch.count < 1024, case .fill(let next) = ops[index + 1], let r = rectFill(next) {
            batch.append(r)
            index += 1
        }
        let t = target
        batch.withUnsafeBufferPointer { b in
            calc_fill_rects(t.base, t.stride, Int64(t.originX), Int64(t.originY), b.baseAddress, b.count)
        }
        renderer.rectFills = batch
        return true
    }

    /// `f` as a rectangle fill clipped to the clip box and the target, or nil.
    private func rectFill(_ f: Fill) -> calc_rect_fill? {
        let els = path(f.path)
        guard case .solid(let c) = f.paint, let box = Execution.alignedRect(els, f.transform) else { return nil }
        let r = box.intersection(clip.rect).intersection(target.rect)
        if r.isEmpty { return calc_rect_fill(x0: 0, y0: 0, x1: 0, y1: 0, color: 0) }
        return calc_rect_fill(x0: Int32(r.x0), y0: Int32(r.y0), x1: Int32(r.x1), y1: Int32(r.y1), color: PixelMath.premultiplied(c))
    }

    private mutating func drawImage(_ d: ImageDraw) {
        guard images.indices.contains(Int(d.image)), let image = images[Int(d.image)],
              let shader = ImageShader(image, d) else { return }
        var p = Path()
        p.addRect(Rect(min(d.destination.minX, d.destination.maxX), min(d.destination.minY, d.destination.maxY),
                       d.destination.width, d.destination.height))
        let poly = renderer.poly
        p.elements.withUnsafeBufferPointer { poly.flatten($0, map: d.transform) }
        guard !poly.isEmpty else { return }
        var sink = ShaderSink(shader: shader, surface: target, mask: clip.mask, maskStride: clip.stride,
                                  scratch: renderer.shaderRow)
        renderer.raster.fill(poly, rule: .nonZero, clip: clip.rect.intersection(target.rect), sink: &sink)
    }

    /// A shape's shadow: the shape blurred in its own space (a cached sprite, ShadowSprites.swift),
    /// drawn through the map.
    private mutating func blurredFill(_ b: BlurredFill) {
        let color = PixelMath.premultiplied(b.color)
        guard color != 0, b.sigma.isFinite, b.sigma >= 0 else { return }
        let els = path(b.path)
        guard !els.isEmpty else { return }
        // the sprite's resolution: the map's largest scale at the shape, rounded up to a quarter octave
        let poly = renderer.poly
        poly.flatten(els, map: b.transform)
        guard !poly.isEmpty else { return }
        let raw = Execution.maxScale(b.transform, poly)
        guard raw.isFinite, raw > 0 else { return }
        var scale = min(64, max(1.0 / 64, Execution.quarterOctave(raw)))
        let region = clip.rect.intersection(target.rect)
        var window = spriteWindow(b, poly: poly, scale: scale, region: region)
        if window == nil, !b.transform.isAffine, let fitted = Execution.fittedScale(els, sigma: b.sigma, scale: scale) {
            // a perspective whose view of the shape crosses the horizon, with a sprite too large to make
            // whole at its nearest point's scale: its resolution is lowered to fit
            scale = fitted
            window = spriteWindow(b, poly: poly, scale: scale, region: region)
        }
        let key = SpriteCache.Key(elements: Array(els), rule: b.rule, sigma: b.sigma, scale: scale, window: window)
        let r = renderer
        guard let sprite = renderer.sprites.sprite(key, make: { r.makeSprite(els, rule: b.rule, sigma: b.sigma, scale: scale, window: window) }),
              b.transform.inverse != nil else { return }
        // where the opaque fill drawn next covers every pixel, the shadow would be overwritten
        var skip: UnsafeMutablePointer<Int32>? = nil
        if let next = opaqueFillNext(), !region.isEmpty {
            poly.flatten(path(next.path), map: next.transform)
            let table = renderer.fullSpans.reserve(2 * region.height)
            var full = FullSpanSink(table: table, top: region.y0, rows: region.height)
            if !poly.isEmpty { renderer.raster.fill(poly, rule: next.rule, clip: region, sink: &full) }
            skip = table
        }
        guard var sink = SpriteSink(sprite, transform: b.transform, color: color, surface: target, mask: clip.mask,
                                    maskStride: clip.stride, skip: skip.map { UnsafePointer($0) }, skipTop: region.y0,
                                    skipRows: region.height) else { return }
        var quad = Path()
        quad.addRect(Rect(Double(sprite.originX) / scale, Double(sprite.originY) / scale,
                          Double(sprite.width) / scale, Double(sprite.height) / scale))
        quad.elements.withUnsafeBufferPointer { poly.flatten($0, map: b.transform) }
        guard !poly.isEmpty else { return }
        renderer.raster.fill(poly, rule: .nonZero, clip: region, sink: &sink)
    }

    /// Sprites larger than this many pixels are made only where they can be seen.
    static let wholeSpriteLimit = 1 << 22

    /// nil (the whole sprite) for a shadow of ordinary size; for one whose sprite would pass
    /// `wholeSpriteLimit` pixels (a huge shape, mostly off the canvas), the sprite pixels that the
    /// visible region maps back to, widened by two, so the cost follows what is seen and not the
    /// shape's size. Under a perspective, only when the whole region lies in front of the eye (the
    /// corners' homogeneous w, an affine function of the device point, positive at all four): the
    /// region's preimage is then the quadrilateral of its corners' preimages.
    private func spriteWindow(_ b: BlurredFill, poly: Flattener, scale: Double, region: IRect) -> IRect? {
        let device = poly.bounds
        let margin = Double(GaussianBlur.margin(sigma: b.sigma * scale) + 1)
        // the sprite's size estimated from the device box (the map's largest scale is `raw` ≤ `scale`);
        // under a perspective the device box can be far smaller than the sprite, so from the path's
        // own box at the sprite's scale
        var w = Double(device.width) + 2 * margin, h = Double(device.height) + 2 * margin
        if !b.transform.isAffine, let box = Execution.controlBox(path(b.path)) {
            w = box.width * scale + 2 * margin
            h = box.height * scale + 2 * margin
        }
        guard w * h > Double(Execution.wholeSpriteLimit) * 0.25, let inv = b.transform.inverse,
              !region.isEmpty else { return nil }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (x, y) in [(region.x0, region.y0), (region.x1, region.y0), (region.x0, region.y1), (region.x1, region.y1)] {
            var p = inv.apply(Double(x), Double(y))
            if !b.transform.isAffine {
                guard p.w > 1e-12 else { return nil }
                p = (p.x / p.w, p.y / p.w, 1)
            }
            minX = min(minX, p.x * scale); maxX = max(maxX, p.x * scale)
            minY = min(minY, p.y * scale); maxY = max(maxY, p.y * scale)
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        let window = IRect(covering: minX, minY, maxX, maxY).outset(2)
        return window.width * window.height < Execution.wholeSpriteLimit ? window : nil
    }

    /// A lower sprite scale (a quarter octave) at which the shape's blurred sprite fits within
    /// `wholeSpriteLimit` pixels, but not below 4 pixels per σ (a Gaussian-blurred image holds
    /// nothing finer: sampled every σ/4 it loses under 10⁻⁹ of its spectrum); nil when the sprite
    /// fits at `scale` already or cannot go lower.
    static func fittedScale(_ els: UnsafeBufferPointer<PathElement>, sigma: Double, scale: Double) -> Double? {
        guard sigma > 0, let box = controlBox(els) else { return nil }
        let area = (box.width + 6 * sigma) * (box.height + 6 * sigma)   // path units², margins included
        guard area.isFinite, area > 0, area * scale * scale > Double(wholeSpriteLimit) else { return nil }
        var fit = quarterOctave((Double(wholeSpriteLimit) / area).squareRoot())
        if fit * fit * area > Double(wholeSpriteLimit) { fit /= 1.189207115002721 }
        let lowest = min(64, max(1.0 / 64, quarterOctave(4 / sigma)))
        let s = max(fit, lowest)
        return s < scale ? s : nil
    }

    /// The box of a path's points, control points and arcs' circles (it holds the path); nil when empty.
    static func controlBox(_ els: UnsafeBufferPointer<PathElement>) -> Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        for e in els {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .arc(let c, let r, _, _): add(Point(c.x - r, c.y - r)); add(Point(c.x + r, c.y + r))
            case .close: break
            }
        }
        return minX <= maxX && minY <= maxY ? Rect(minX, minY, maxX - minX, maxY - minY) : nil
    }

    /// The next operation when it is a fill that leaves every pixel it covers completely exactly
    /// its own colour, whatever was under it: an opaque solid colour or a gradient whose stops are
    /// all opaque (every table entry then has alpha 255), drawn with no clip mask. Conditions
    /// mirror `fill`: a gradient it would not draw (no stops, a singular or non-finite map) is not one.
    private func opaqueFillNext() -> Fill? {
        guard clip.mask == nil, index + 1 < ops.count, case .fill(let f) = ops[index + 1] else { return nil }
        switch f.paint {
        case .solid(let c):
            return PixelMath.premultiplied(c) >> 24 == 255 ? f : nil
        case .gradient(let i):
            guard gradients.indices.contains(Int(i)), let inverse = f.transform.inverse,
                  GradientShader.drawsOpaque(gradients[Int(i)], deviceToPath: inverse) else { return nil }
            return f
        }
    }

    /// 2^(⌈4 log₂ s⌉ / 4): scales rounded up to a quarter octave, so a slowly zooming shadow keeps
    /// its sprite for a while.
    static func quarterOctave(_ s: Double) -> Double {
        var q = 1.0
        let step = 1.189207115002721    // 2^(1/4)
        if s >= 1 {
            while q < s && q < 1e6 { q *= step }
        } else {
            while q / step >= s && q > 1e-6 { q /= step }
        }
        return q
    }

    /// The map's largest local scale over the polygon's box (its corners and centre).
    static func maxScale(_ m: Projective, _ poly: Flattener) -> Double {
        if m.isAffine { return m.localScale(0, 0) }
        guard let inv = m.inverse else { return 1 }
        let b = poly.bounds
        var s = 0.0
        for (x, y) in [(b.x0, b.y0), (b.x1, b.y0), (b.x0, b.y1), (b.x1, b.y1), ((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2)] {
            let p = inv.apply(Double(x), Double(y))
            guard p.w != 0 else { continue }
            s = max(s, m.localScale(p.x / p.w, p.y / p.w))
        }
        return s > 0 ? s : 1
    }

    // MARK: - Clips

    private mutating func pushClip(_ c: ClipShape) {
        let outer = clip
        defer { clips.append((outer, clip.mask != outer.mask)) }
        let m = c.transform
        let els = path(c.path)
        // a pixel-aligned axis-aligned rectangle needs no mask
        if let r = Execution.alignedRect(els, m) {
            clip = ClipState(rect: r.intersection(outer.rect), mask: outer.mask, stride: outer.stride)
            return
        }
        let poly = renderer.poly
        poly.flatten(els, map: m)
        let r = poly.bounds.intersection(outer.rect).intersection(target.rect)
        guard !r.isEmpty else {
            clip = ClipState(rect: .empty, mask: nil, stride: outer.stride)
            return
        }
        let stride = renderer.canvasStride
        let mask = renderer.maskBuffer()
        for y in r.y0..<r.y1 { (mask + (y * stride + r.x0)).update(repeating: 0, count: r.width) }
        var sink = MaskSink(dst: mask, parent: outer.mask, stride: stride)
        renderer.raster.fill(poly, rule: c.rule, clip: r, sink: &sink)
        clip = ClipState(rect: r, mask: mask, stride: stride)
    }

    private mutating func popClip() {
        guard let (outer, ownsMask) = clips.popLast() else { return }
        if ownsMask { renderer.releaseMask() }
        clip = outer
    }

    /// The device box of a path that is one axis-aligned rectangle on whole pixels under `m`.
    static func alignedRect(_ els: UnsafeBufferPointer<PathElement>, _ m: Projective) -> IRect? {
        guard m.isAffine, m.m12 == 0, m.m21 == 0, els.count == 5 || els.count == 4 else { return nil }
        guard case .move(let p0) = els[0], case .line(let p1) = els[1], case .line(let p2) = els[2],
              case .line(let p3) = els[3] else { return nil }
        if els.count == 5, case .close = els[4] {} else if els.count == 5 { return nil }
        let xs = [p0.x, p1.x, p2.x, p3.x], ys = [p0.y, p1.y, p2.y, p3.y]
        let x0 = xs.min()!, x1 = xs.max()!, y0 = ys.min()!, y1 = ys.max()!
        // the four corners, each once
        for (x, y) in [(x0, y0), (x1, y0), (x1, y1), (x0, y1)] {
            guard zip(xs, ys).contains(where: { $0 == x && $1 == y }) else { return nil }
        }
        // walked along the sides: each step changes x or y, not both (M 0 0 L 10 0 L 0 10 L 10 10 has
        // the four corners too, but is a bow tie, which fills and clips two triangles)
        for i in 0..<4 {
            let j = (i + 1) & 3
            if (xs[i] != xs[j]) == (ys[i] != ys[j]) { return nil }
        }
        let xa = x0 * m.m11 + m.m31, xb = x1 * m.m11 + m.m31
        let ya = y0 * m.m22 + m.m32, yb = y1 * m.m22 + m.m32
        @inline(__always) func onGrid(_ v: Double) -> Bool { v.isFinite && v == v.rounded() && abs(v) < 1e9 }
        guard onGrid(xa), onGrid(xb), onGrid(ya), onGrid(yb) else { return nil }
        return IRect(covering: min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb))
    }

    // MARK: - Groups

    private mutating func beginGroup(_ g: Group) {
        // without a shadow, nothing outside the clip can matter, except what a filter's blur carries in
        let reach = Filter.reach(g.filters)
        let rx = min(reach.x, Filter.maxInputReach), ry = min(reach.y, Filter.maxInputReach)
        let limit = (g.shadow == nil ? clip.rect : target.rect).outset(rx, ry)
        let rect = g.bounds.intersection(limit).intersection(target.rect.outset(rx, ry))
        let content = renderer.offscreen(rect)
        groups.append(OpenGroup(info: g, outerTarget: target, outerClip: clip, outerClips: clips, content: content))
        target = content
        clip = ClipState(rect: rect, mask: nil, stride: renderer.canvasStride)
        clips = []
    }

    private mutating func beginMask() {
        guard var g = groups.popLast(), g.mask == nil else { return }
        while !clips.isEmpty { popClip() }
        let m = renderer.offscreen(g.content.rect)
        g.mask = m
        groups.append(g)
        target = m
        clip = ClipState(rect: m.rect, mask: nil, stride: renderer.canvasStride)
    }

    private mutating func endGroup() {
        guard let g = groups.popLast() else { return }
        while !clips.isEmpty { popClip() }
        let rect = g.content.rect
        if !g.info.filters.isEmpty { renderer.apply(g.info.filters, to: g.content, rect: rect) }
        if let m = g.mask {
            for y in rect.y0..<rect.y1 { Spans.multiplyByAlpha(g.content.pointer(rect.x0, y), m.pointer(rect.x0, y), rect.width) }
        }
        if !rect.isEmpty, let s = g.info.shadow { shadow(s, of: g.content) }
        target = g.outerTarget
        clip = g.outerClip
        clips = g.outerClips
        let a = UInt32(PixelMath.byte(PixelMath.unit(g.info.opacity)))
        let dest = rect.intersection(clip.rect).intersection(target.rect)
        if a > 0 && !dest.isEmpty && g.info.blend != .sourceOver {
            for y in dest.y0..<dest.y1 {
                let m = clip.mask.map { UnsafePointer($0 + (y * clip.stride + dest.x0)) }
                Blend.composite(target.pointer(dest.x0, y), g.content.pointer(dest.x0, y), m, dest.width, a, g.info.blend)
            }
        } else if a > 0 && !dest.isEmpty {
            for y in dest.y0..<dest.y1 {
                let src = g.content.pointer(dest.x0, y)
                if let m = clip.mask {
                    Spans.compositeMasked(target.pointer(dest.x0, y), src, m + (y * clip.stride + dest.x0), dest.width, a)
                } else {
                    Spans.composite(target.pointer(dest.x0, y), src, dest.width, a)
                }
            }
        }
        if g.mask != nil { renderer.releaseOffscreen() }
        renderer.releaseOffscreen()
    }

    // MARK: - Backdrops

    /// Background filters: the pixels under the shape and within the filters' reach around it are
    /// copied (the surface's edge pixels repeated beyond it, so a blur does not fade in transparency
    /// at the canvas edge), filtered, and mixed back in under the shape by its coverage × alpha, through
    /// the clip.
    private mutating func backdrop(_ b: Backdrop) {
        let alpha = UInt32(PixelMath.byte(PixelMath.unit(b.alpha)))
        guard alpha > 0, !b.filters.isEmpty else { return }
        let poly = renderer.poly
        poly.flatten(path(b.path), map: b.transform)
        guard !poly.isEmpty else { return }
        let region = poly.bounds.intersection(clip.rect).intersection(target.rect)
        guard !region.isEmpty else { return }
        let reach = Filter.reach(b.filters)
        let box = region.outset(min(reach.x, Filter.maxInputReach), min(reach.y, Filter.maxInputReach))
        let w = box.width, h = box.height
        let copy = renderer.backdropScratch.reserve(w * h)
        let t = target.rect
        for y in 0..<h {
            let sy = min(max(box.y0 + y, t.y0), t.y1 - 1)
            let row = copy + y * w
            let inner0 = max(box.x0, t.x0), inner1 = min(box.x1, t.x1)
            let left = inner0 - box.x0
            (row + left).update(from: target.pointer(inner0, sy), count: inner1 - inner0)
            if left > 0 { row.update(repeating: target.pointer(t.x0, sy).pointee, count: left) }
            if box.x1 > inner1 { (row + (inner1 - box.x0)).update(repeating: target.pointer(t.x1 - 1, sy).pointee, count: box.x1 - inner1) }
        }
        let filtered = Surface(base: copy, stride: w, originX: box.x0, originY: box.y0, rect: box)
        renderer.apply(b.filters, to: filtered, rect: box)
        var sink = BackdropSink(surface: target, filtered: filtered, alpha: alpha, mask: clip.mask, maskStride: clip.stride)
        renderer.raster.fill(poly, rule: b.rule, clip: region, sink: &sink)
    }

    /// The group's shadow: its alpha blurred, offset (to the nearest device pixel) and tinted, put
    /// under the content in the group's own surface, so the group's opacity applies to both at once.
    private mutating func shadow(_ s: GroupShadow, of content: Surface) {
        let c = PixelMath.premultiplied(s.color)
        guard c != 0 else { return }
        let rect = content.rect
        let n = rect.width * rect.height
        let alpha = renderer.alphaBuffer(n)
        GaussianBlur.extractAlpha(content.pointer(rect.x0, rect.y0), stride: content.stride, width: rect.width,
                                  height: rect.height, into: alpha, maskStride: rect.width)
        renderer.blur.blur(mask: alpha, width: rect.width, height: rect.height, stride: rect.width, sigma: s.sigma)
        let dx = Int(s.offsetX.isFinite ? max(-1e6, min(1e6, s.offsetX)).rounded() : 0)
        let dy = Int(s.offsetY.isFinite ? max(-1e6, min(1e6, s.offsetY)).rounded() : 0)
        let dest = IRect(x0: rect.x0 + dx, y0: rect.y0 + dy, x1: rect.x1 + dx, y1: rect.y1 + dy).intersection(rect)
        guard !dest.isEmpty else { return }
        for y in dest.y0..<dest.y1 {
            let src = alpha + ((y - dy - rect.y0) * rect.width + (dest.x0 - dx - rect.x0))
            Spans.paintAlphaUnder(content.pointer(dest.x0, y), src, dest.width, c)
        }
    }
}

/// Mixes a filtered copy into the surface by coverage × alpha × the clip mask: d + (f − d)·k / 255,
/// per channel with exact rounding.
struct BackdropSink: CoverageSink {
    let surface: Surface
    let filtered: Surface
    let alpha: UInt32
    let mask: UnsafeMutablePointer<UInt8>?
    let maskStride: Int
    private var y = 0

    init(surface: Surface, filtered: Surface, alpha: UInt32, mask: UnsafeMutablePointer<UInt8>?, maskStride: Int) {
        self.surface = surface; self.filtered = filtered; self.alpha = alpha; self.mask = mask; self.maskStride = maskStride
    }

    @inline(__always) mutating func row(_ y: Int) { self.y = y }

    @inline(__always) mutating func span(x: Int, count: Int, coverage: UInt32) {
        let d = surface.pointer(x, y), f = filtered.pointer(x, y)
        let k = PixelMath.div255(coverage &* alpha)
        for i in 0..<count {
            var ki = k
            if let m = mask { ki = PixelMath.div255(k &* UInt32(m[y * maskStride + x + i])) }
            if ki != 0 { d[i] = BackdropSink.mix(d[i], f[i], ki) }
        }
    }

    @inline(__always) mutating func pixel(x: Int, coverage: UInt32) { span(x: x, count: 1, coverage: coverage) }

    @inline(__always) static func mix(_ d: UInt32, _ f: UInt32, _ k: UInt32) -> UInt32 {
        if k == 255 { return f }
        var out: UInt32 = 0
        for shift in stride(from: UInt32(0), through: 24, by: 8) {
            let a = (d >> shift) & 255, b = (f >> shift) & 255
            out |= PixelMath.div255(a &* (255 &- k) &+ b &* k) << shift
        }
        return out
    }
}

/// A growable, manually managed scratch allocation reused across frames.
final class ScratchBuffer<T> {
    private var pointer: UnsafeMutablePointer<T>?
    private var capacity = 0

    /// A pointer to at least `count` elements (contents undefined when it had to grow).
    func reserve(_ count: Int) -> UnsafeMutablePointer<T> {
        if let p = pointer, capacity >= count { return p }
        pointer?.deallocate()
        capacity = max(count, 1)
        let p = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        pointer = p
        return p
    }

    deinit { pointer?.deallocate() }
}
