// An emitter layer's particles (docs/rendering.md, Particles): the live particles the VM computed
// for this instant, already in the order renderMode sets (EmitterStyle.particles), become one sprite
// batch. Each particle draws its cell's `contents` image (the part contentsRect picks, clamped to
// the image) at its natural size in points times its scale, centred on its position, turned by its
// rotation in the sense of transform.rotation.z, upright in either scene origin, and multiplied by
// its colour (and the tint a replicator or transform layer passes down). A cell without contents
// draws nothing, as in Core Animation. Under a perspective map each sprite is placed by the map's
// tangent at its centre (sprites stay parallelograms; exact for every affine map).

import CalcCore
import DisplayList

extension Composer {
    mutating func particles(_ e: EmitterStyle, map: Projective, tint: Color) {
        guard !e.particles.isEmpty, tint.a > 0 else { return }
        // per cell: the image's name and the source rect in its pixels; nil when the cell draws nothing
        let cells: [(name: String, source: Rect, min: TextureFilter, mag: TextureFilter, bias: Double)?] = e.cells.map { cell in
            guard let name = cell.contents, let size = images[name], size.width > 0, size.height > 0 else { return nil }
            let r = cell.contentsRect
            guard r.origin.x.isFinite, r.origin.y.isFinite, r.size.width.isFinite, r.size.height.isFinite else { return nil }
            let x0 = max(0, min(1, min(r.minX, r.maxX))), x1 = max(0, min(1, max(r.minX, r.maxX)))
            let y0 = max(0, min(1, min(r.minY, r.maxY))), y1 = max(0, min(1, max(r.minY, r.maxY)))
            let iw = Double(size.width), ih = Double(size.height)
            guard x1 > x0, y1 > y0 else { return nil }
            return (name, Rect(x0 * iw, y0 * ih, (x1 - x0) * iw, (y1 - y0) * ih), cell.minificationFilter, cell.magnificationFilter,
                    cell.minificationFilterBias.isFinite ? cell.minificationFilterBias : 0)
        }
        var indices = [Int32?](repeating: nil, count: cells.count)
        let flip: Double = flipped ? -1 : 1
        let affine = map.isAffine
        var sprites: [Sprite] = []
        sprites.reserveCapacity(e.particles.count)
        var box = IRect.empty
        for p in e.particles {
            guard p.cell >= 0, p.cell < cells.count, let cell = cells[p.cell] else { continue }
            let c = Composer.tinted(p.color, tint)
            let a = Composer.unit(c.a)
            let k = p.scale, px = p.position.x, py = p.position.y
            guard a > 0, k > 0, k.isFinite, px.isFinite, py.isFinite else { continue }
            // the source's pixels → the layer: scaled, turned, centred on the position; image rows
            // run down the screen in either origin
            let (sn, cs) = StableMath.sinCos(p.rotation)
            let w = cell.source.size.width, h = cell.source.size.height
            var m = Affine2D(a: k * cs, b: k * sn, c: -k * sn * flip, d: k * cs * flip, tx: 0, ty: 0)
            m.tx = px - (m.a * w + m.c * h) / 2
            m.ty = py - (m.b * w + m.d * h) / 2
            let tangent: Projective
            if affine {
                tangent = map
            } else {
                guard let t = Composer.tangent(map, px, py) else { continue }
                tangent = t
            }
            let d = Projective(m).concat(tangent)
            let placement = Affine2D(a: d.m11, b: d.m12, c: d.m21, d: d.m22, tx: d.m31, ty: d.m32)
            let image: Int32
            if let i = indices[p.cell] { image = i } else { image = list.imageIndex(cell.name); indices[p.cell] = image }
            let sprite = Sprite(image: image, source: cell.source, placement: placement,
                                tint: Color(Composer.unit(c.r) * a, Composer.unit(c.g) * a, Composer.unit(c.b) * a, a),
                                minFilter: cell.min, magFilter: cell.mag, minBias: cell.bias)
            let b = SpriteBatch.deviceBox(sprite).intersection(clipBox)
            guard !b.isEmpty else { continue }
            box = box.union(b)
            sprites.append(sprite)
        }
        guard !sprites.isEmpty else { return }
        draw(.sprites(SpriteBatch(sprites: sprites, blend: e.additive ? .plusLighter : .sourceOver)), box: box)
    }

    /// The affine map that agrees with `m` at layer point (x, y) to first order: (x, y) goes where
    /// `m` sends it and the Jacobian there carries the rest. Nil behind the eye or when not finite.
    static func tangent(_ m: Projective, _ x: Double, _ y: Double) -> Projective? {
        let (X, Y, W) = m.apply(x, y)
        guard W > 1e-6 else { return nil }
        let iw2 = 1 / (W * W)
        let a = (m.m11 * W - X * m.m13) * iw2, b = (m.m12 * W - Y * m.m13) * iw2
        let c = (m.m21 * W - X * m.m23) * iw2, d = (m.m22 * W - Y * m.m23) * iw2
        let dx = X / W, dy = Y / W
        let t = Projective(m11: a, m12: b, m13: 0, m21: c, m22: d, m23: 0, m31: dx - a * x - c * y, m32: dy - b * x - d * y, m33: 1)
        guard [a, b, c, d, t.m31, t.m32].allSatisfy({ $0.isFinite }) else { return nil }
        return t
    }
}
