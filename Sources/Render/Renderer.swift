// The layer-tree renderer: walks a PresentationScene and draws every layer with the rasterizer.
// Each layer's 4×4 mapping to its superlayer is built in Core Animation's row-vector form
// (T(−anchor) · transform · T(position, zPosition), then the superlayer's sublayerTransform about its
// anchor point) and flattened into the superlayer's plane by keeping rows and columns x, y, w: the
// composite is a 3×3 projective map per layer, affine in the common case. Per layer: background,
// sublayers (stable-sorted by zPosition, clipped by a coverage mask when masksToBounds), border.
// Group opacity renders the subtree into an offscreen surface sized to the subtree's device bounds,
// then composites it once; when the subtree draws at most one shape nothing can overlap, so the
// opacity is multiplied into that shape's colour instead (no offscreen, the common case for leaves).
// Layers whose bounds miss the clip skip path building entirely: the walk itself costs 0.47 µs a layer
// (200 off-canvas cards in 0.09 ms). All scratch memory (cells, polygons, masks, offscreen surfaces)
// belongs to the Renderer and is reused from frame to frame, which is why a Renderer is not Sendable:
// use one per thread.

import CalcCore

/// Draws presentation trees and paths into framebuffers. Not thread-safe and not Sendable: it owns
/// reusable scratch buffers; create one per thread (frames can then render in parallel).
public final class Renderer {
    /// Canvas sides are clamped to this many pixels (callers should reject larger scenes first).
    public static let maxDimension = 16384
    /// Deeper layer trees are cut off here so a hostile tree cannot exhaust the stack.
    public static let maxDepth = 512

    private let raster = Rasterizer()
    private let poly = Flattener()
    private var path = Path()
    private var masks: [ScratchBuffer<UInt8>] = []
    private var offscreens: [ScratchBuffer<UInt32>] = []
    private var clipDepth = 0
    private var groupDepth = 0
    private var canvasWidth = 0, canvasHeight = 0
    private var flipped = false

    /// A renderer with empty scratch buffers (they grow on first use).
    public init() {}

    /// Renders `scene` into a new framebuffer of `scene.pixelWidth × scene.pixelHeight`.
    public func render(_ scene: PresentationScene) -> Framebuffer {
        var fb = Framebuffer(width: 0, height: 0)
        render(scene, into: &fb)
        return fb
    }

    /// Renders `scene` into `fb`, resizing it to the scene's pixel size and clearing it to the background.
    public func render(_ scene: PresentationScene, into fb: inout Framebuffer) {
        let w = Renderer.pixels(scene.size.width * scene.scale)
        let h = Renderer.pixels(scene.size.height * scene.scale)
        fb.reset(width: w, height: h, fill: PixelMath.premultiplied(scene.background))
        let s = scene.scale
        guard w > 0, h > 0, s.isFinite, s > 0 else { return }
        flipped = scene.origin == .bottomLeft
        let canvas = Projective(m11: s, m12: 0, m13: 0, m21: 0, m22: flipped ? -s : s, m23: 0,
                                m31: 0, m32: flipped ? Double(h) : 0, m33: 1)
        draw(fb: &fb) { surface, clip in
            self.drawLayer(scene.root, parentMap: canvas, parentSublayer: nil, alpha: 1,
                           surface: surface, clip: clip, depth: 0)
        }
    }

    /// Fills `path` (mapped by `transform` to pixel coordinates, y down) with `color`, anti-aliased.
    public func fill(_ path: Path, color: Color, rule: FillRule = .nonZero, transform: Affine2D = .identity,
                     into fb: inout Framebuffer) {
        flipped = false
        let c = PixelMath.premultiplied(color)
        draw(fb: &fb) { surface, clip in
            self.fillPath(path, map: Projective(transform), color: c, rule: rule, surface: surface, clip: clip)
        }
    }

    // MARK: - Tree walk

    private func draw(fb: inout Framebuffer, _ body: (Surface, Clip) -> Void) {
        let w = fb.width, h = fb.height
        guard w > 0, h > 0 else { return }
        canvasWidth = w; canvasHeight = h
        clipDepth = 0; groupDepth = 0
        fb.pixels.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            let all = IRect(x0: 0, y0: 0, x1: w, y1: h)
            body(Surface(base: base, stride: w, originX: 0, originY: 0, rect: all), Clip(rect: all, mask: nil, stride: w))
        }
    }

    private static func pixels(_ v: Double) -> Int {
        guard v.isFinite, v > 0 else { return 0 }
        return min(Int(v.rounded()), maxDimension)
    }

    private func drawLayer(_ layer: PresentationLayer, parentMap: Projective, parentSublayer: Transform3D?,
                           alpha: Double, surface: Surface, clip: Clip, depth: Int) {
        guard !layer.hidden, depth < Renderer.maxDepth else { return }
        let opacity = PixelMath.unit(layer.opacity)
        guard opacity > 0, alpha > 0 else { return }
        let map = Renderer.layerMap(layer, parentMap: parentMap, parentSublayer: parentSublayer)
        if !layer.doubleSided && !frontFacing(layer, map) { return }

        if opacity < 1 && Renderer.drawableCount(layer, limit: 2) > 1 {
            // group opacity: draw the subtree offscreen, then composite it once
            guard let box = subtreeBox(layer, map: map, depth: depth) else { return }
            let rect = IRect(covering: box.0, box.1, box.2, box.3).intersection(clip.rect).intersection(surface.rect)
            guard !rect.isEmpty else { return }
            if offscreens.count <= groupDepth { offscreens.append(ScratchBuffer()) }
            let buffer = offscreens[groupDepth]
            let base = buffer.reserve(rect.width * rect.height)
            base.update(repeating: 0, count: rect.width * rect.height)
            let off = Surface(base: base, stride: rect.width, originX: rect.x0, originY: rect.y0, rect: rect)
            var inner = clip
            inner.rect = rect
            groupDepth += 1
            drawContents(layer, map: map, alpha: 1, surface: off, clip: inner, depth: depth)
            groupDepth -= 1
            let a = UInt32(PixelMath.byte(opacity * alpha))
            for y in rect.y0..<rect.y1 {
                Spans.composite(surface.pointer(rect.x0, y), off.pointer(rect.x0, y), rect.width, a)
            }
        } else {
            drawContents(layer, map: map, alpha: alpha * opacity, surface: surface, clip: clip, depth: depth)
        }
    }

    private func drawContents(_ layer: PresentationLayer, map: Projective, alpha: Double,
                              surface: Surface, clip: Clip, depth: Int) {
        let b = layer.bounds
        let rect = Rect(b.minX, b.minY, b.width, b.height)
        let radius = Renderer.clampedRadius(layer.cornerRadius, rect)
        // cull the layer's own shapes (not its sublayers) when its bounds miss the clip
        let box = Renderer.deviceBox(rect, map)
        let visible = !IRect(covering: box.0, box.1, box.2, box.3).intersection(clip.rect).intersection(surface.rect).isEmpty

        let drawsBorder = visible && Renderer.hasBorder(layer)
        if visible && Renderer.hasBackground(layer) {
            path.removeAll()
            if drawsBorder && layer.borderColor.a >= 1 && alpha >= 1 {
                // Under an opaque border the background is hidden anyway; stopping it halfway under the
                // border (as peers do: fill inset by bw/2, then stroke) keeps it from bleeding through the
                // border's anti-aliased outer edge, where two coverages of one edge would conflate.
                let inset = min(layer.borderWidth, min(rect.size.width, rect.size.height) / 2) / 2
                path.addRoundedRect(Rect(rect.origin.x + inset, rect.origin.y + inset,
                                         rect.size.width - 2 * inset, rect.size.height - 2 * inset),
                                    cornerRadius: max(0, radius - inset))
            } else {
                path.addRoundedRect(rect, cornerRadius: radius)
            }
            fillPath(path, map: map, color: PixelMath.premultiplied(layer.backgroundColor, alpha: alpha),
                     rule: .nonZero, surface: surface, clip: clip)
        }

        if !layer.sublayers.isEmpty {
            var childClip = clip
            var pushed = false
            if layer.masksToBounds {
                childClip = pushClip(rect, radius: radius, map: map, parent: clip)
                pushed = true
            }
            if !childClip.rect.isEmpty {
                var sub: Transform3D? = nil
                if !layer.sublayerTransform.isIdentity {
                    let ax = b.origin.x + layer.anchorPoint.x * b.size.width
                    let ay = b.origin.y + layer.anchorPoint.y * b.size.height
                    sub = Mat4.mul(Mat4.mul(.translation(-ax, -ay, 0), layer.sublayerTransform), .translation(ax, ay, 0))
                }
                let subs = layer.sublayers
                if Renderer.isSortedByZ(subs) {
                    for i in subs.indices {    // by index: borrows the element instead of copying it out
                        drawLayer(subs[i], parentMap: map, parentSublayer: sub, alpha: alpha,
                                  surface: surface, clip: childClip, depth: depth + 1)
                    }
                } else {
                    for i in Renderer.zOrder(subs) {
                        drawLayer(subs[i], parentMap: map, parentSublayer: sub, alpha: alpha,
                                  surface: surface, clip: childClip, depth: depth + 1)
                    }
                }
            }
            if pushed { clipDepth -= 1 }
        }

        if drawsBorder {
            let bw = layer.borderWidth
            path.removeAll()
            path.addRoundedRect(rect, cornerRadius: radius)
            if 2 * bw < min(rect.size.width, rect.size.height) {
                path.addRoundedRect(Rect(rect.origin.x + bw, rect.origin.y + bw, rect.size.width - 2 * bw, rect.size.height - 2 * bw),
                                    cornerRadius: max(0, radius - bw))
            }
            fillPath(path, map: map, color: PixelMath.premultiplied(layer.borderColor, alpha: alpha),
                     rule: .evenOdd, surface: surface, clip: clip)
        }
    }

    // MARK: - Drawing primitives

    private func fillPath(_ path: Path, map: Projective, color: UInt32, rule: FillRule, surface: Surface, clip: Clip) {
        guard color != 0 else { return }
        poly.flatten(path, map: map)
        guard !poly.isEmpty else { return }
        var sink = SolidSink(color: color, surface: surface, mask: clip.mask, maskStride: clip.stride)
        raster.fill(poly, rule: rule, clip: clip.rect.intersection(surface.rect), sink: &sink)
    }

    /// Intersects the clip with the rounded rect `rect` under `map`; the caller pops it (clipDepth −= 1).
    private func pushClip(_ rect: Rect, radius: Double, map: Projective, parent: Clip) -> Clip {
        clipDepth += 1
        // an axis-aligned, pixel-aligned, square-cornered clip needs no mask
        if radius == 0 && map.isAffine && map.m12 == 0 && map.m21 == 0 {
            let xa = rect.minX * map.m11 + map.m31, xb = rect.maxX * map.m11 + map.m31
            let ya = rect.minY * map.m22 + map.m32, yb = rect.maxY * map.m22 + map.m32
            @inline(__always) func onGrid(_ v: Double) -> Bool { v.isFinite && v == v.rounded() && abs(v) < 1e9 }
            if onGrid(xa) && onGrid(xb) && onGrid(ya) && onGrid(yb) {
                let r = IRect(covering: min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb)).intersection(parent.rect)
                return Clip(rect: r, mask: parent.mask, stride: parent.stride)
            }
        }
        path.removeAll()
        path.addRoundedRect(rect, cornerRadius: radius)
        poly.flatten(path, map: map)
        let r = poly.bounds.intersection(parent.rect)
        guard !r.isEmpty else { return Clip(rect: .empty, mask: nil, stride: parent.stride) }
        while masks.count < clipDepth { masks.append(ScratchBuffer()) }
        let stride = canvasWidth
        let mask = masks[clipDepth - 1].reserve(stride * canvasHeight)
        for y in r.y0..<r.y1 { (mask + (y * stride + r.x0)).update(repeating: 0, count: r.width) }
        var sink = MaskSink(dst: mask, parent: parent.mask, stride: stride)
        raster.fill(poly, rule: .nonZero, clip: r, sink: &sink)
        return Clip(rect: r, mask: mask, stride: stride)
    }

    // MARK: - Geometry

    /// Layer content space → device pixels: its own mapping into the superlayer (including the
    /// superlayer's sublayerTransform), flattened to the superlayer's plane, then the superlayer's map.
    static func layerMap(_ layer: PresentationLayer, parentMap: Projective, parentSublayer: Transform3D?) -> Projective {
        let b = layer.bounds
        let ax = b.origin.x + layer.anchorPoint.x * b.size.width
        let ay = b.origin.y + layer.anchorPoint.y * b.size.height
        var m = Mat4.mul(.translation(-ax, -ay, -layer.anchorPointZ), layer.transform)
        m = Mat4.mul(m, .translation(layer.position.x, layer.position.y, layer.zPosition))
        if let s = parentSublayer { m = Mat4.mul(m, s) }
        // content points have z = 0 and the superlayer's plane keeps x, y and w: drop row 3 and column 3
        let local = Projective(m11: m.m11, m12: m.m12, m13: m.m14, m21: m.m21, m22: m.m22, m23: m.m24,
                               m31: m.m41, m32: m.m42, m33: m.m44)
        return local.concat(parentMap)
    }

    /// Whether the layer faces the viewer in the scene's own orientation (the bottom-left flip is a
    /// viewing convention, not a mirror of the layers).
    private func frontFacing(_ layer: PresentationLayer, _ map: Projective) -> Bool {
        let b = layer.bounds
        let w = map.apply(b.origin.x + b.size.width / 2, b.origin.y + b.size.height / 2).w
        var det = map.determinant * (w < 0 ? -1 : 1)
        if flipped { det = -det }
        return det >= 0
    }

    static func clampedRadius(_ r: Double, _ rect: Rect) -> Double {
        guard r > 0 else { return 0 }
        return min(r, min(rect.size.width, rect.size.height) / 2)
    }

    static func hasBackground(_ l: PresentationLayer) -> Bool {
        l.backgroundColor.a > 0 && l.bounds.width > 0 && l.bounds.height > 0
    }

    static func hasBorder(_ l: PresentationLayer) -> Bool {
        l.borderWidth > 0 && l.borderColor.a > 0 && l.bounds.width > 0 && l.bounds.height > 0
    }

    /// Shapes the subtree would draw, counting up to `limit`.
    static func drawableCount(_ l: PresentationLayer, limit: Int, depth: Int = 0) -> Int {
        guard !l.hidden, l.opacity > 0, depth < maxDepth else { return 0 }
        var n = (hasBackground(l) ? 1 : 0) + (hasBorder(l) ? 1 : 0)
        for c in l.sublayers where n < limit { n += drawableCount(c, limit: limit - n, depth: depth + 1) }
        return n
    }

    /// Device bounding box (x0, y0, x1, y1) of everything the subtree draws; nil when it draws nothing.
    private func subtreeBox(_ l: PresentationLayer, map: Projective, depth: Int) -> (Double, Double, Double, Double)? {
        let own = Renderer.deviceBox(l.bounds, map)
        var box = Renderer.hasBackground(l) || Renderer.hasBorder(l) ? own : nil
        var sub: Transform3D? = nil
        if !l.sublayerTransform.isIdentity {
            let ax = l.bounds.origin.x + l.anchorPoint.x * l.bounds.size.width
            let ay = l.bounds.origin.y + l.anchorPoint.y * l.bounds.size.height
            sub = Mat4.mul(Mat4.mul(.translation(-ax, -ay, 0), l.sublayerTransform), .translation(ax, ay, 0))
        }
        var kids: (Double, Double, Double, Double)? = nil
        for c in l.sublayers where !c.hidden && c.opacity > 0 && depth + 1 < Renderer.maxDepth {
            let cm = Renderer.layerMap(c, parentMap: map, parentSublayer: sub)
            if !c.doubleSided && !frontFacing(c, cm) { continue }
            if let cb = subtreeBox(c, map: cm, depth: depth + 1) { kids = Renderer.union(kids, cb) }
        }
        if l.masksToBounds, let k = kids {
            kids = (max(k.0, own.0), max(k.1, own.1), min(k.2, own.2), min(k.3, own.3))
        }
        if let k = kids { box = Renderer.union(box, k) }
        return box
    }

    static func union(_ a: (Double, Double, Double, Double)?, _ b: (Double, Double, Double, Double)) -> (Double, Double, Double, Double) {
        guard let a else { return b }
        return (min(a.0, b.0), min(a.1, b.1), max(a.2, b.2), max(a.3, b.3))
    }

    /// Device box of a content rect; unbounded when a corner is behind the eye or not finite.
    static func deviceBox(_ r: Rect, _ m: Projective) -> (Double, Double, Double, Double) {
        let huge = 1e9
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for (x, y) in [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)] {
            let p = m.apply(x, y)
            guard p.w >= Flattener.minW else { return (-huge, -huge, huge, huge) }
            let px = p.x / p.w, py = p.y / p.w
            guard px.isFinite, py.isFinite else { return (-huge, -huge, huge, huge) }
            x0 = min(x0, px); y0 = min(y0, py); x1 = max(x1, px); y1 = max(y1, py)
        }
        return (x0 - 1, y0 - 1, x1 + 1, y1 + 1)
    }

    static func isSortedByZ(_ s: [PresentationLayer]) -> Bool {
        var i = 1
        while i < s.count {
            if !(sortKey(s[i - 1]) <= sortKey(s[i])) { return false }
            i += 1
        }
        return true
    }

    @inline(__always) static func sortKey(_ l: PresentationLayer) -> Double { l.zPosition.isNaN ? 0 : l.zPosition }

    /// Indices of `s` stably sorted by zPosition (NaN sorts as 0).
    static func zOrder(_ s: [PresentationLayer]) -> [Int] {
        s.indices.sorted { a, b in
            let za = sortKey(s[a]), zb = sortKey(s[b])
            return za < zb || (za == zb && a < b)
        }
    }
}

/// 4×4 products without the array temporaries of Transform3D.concat (this runs for every layer).
enum Mat4 {
    static func mul(_ a: Transform3D, _ b: Transform3D) -> Transform3D {
        var r = Transform3D.identity
        r.m11 = a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41
        r.m12 = a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42
        r.m13 = a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43
        r.m14 = a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44
        r.m21 = a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41
        r.m22 = a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42
        r.m23 = a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43
        r.m24 = a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44
        r.m31 = a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41
        r.m32 = a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42
        r.m33 = a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43
        r.m34 = a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44
        r.m41 = a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41
        r.m42 = a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42
        r.m43 = a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43
        r.m44 = a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44
        return r
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
