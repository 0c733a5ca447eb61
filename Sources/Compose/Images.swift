// `contents` images: contentsRect picks the part of the image shown, contentsScale its size in points
// (pixels / scale), contentsGravity where it goes in the bounds (SPEC §4.13: the names mean what they
// say on screen with either origin, and the image is drawn upright), contentsCenter how it stretches
// (nine-slice: the edges keep their size, the centre takes the rest). Each slice becomes one image
// drawing; the rasterizer maps a drawing's source rect onto its destination rect, whose origin
// receives the source's top-left corner (a negative height draws it mirrored, which is how a
// bottom-left scene keeps images upright).

import CalcCore
import DisplayList

extension Composer {
    mutating func contents(_ name: String, _ c: ContentsStyle, rect: Rect, map: Projective, tint: Color) {
        guard let size = images[name], size.width > 0, size.height > 0, rect.size.width > 0, rect.size.height > 0 else { return }
        let iw = Double(size.width), ih = Double(size.height)
        let cr = c.rect
        guard cr.size.width.isFinite, cr.size.height.isFinite, cr.origin.x.isFinite, cr.origin.y.isFinite,
              cr.size.width > 0, cr.size.height > 0 else { return }
        // the part shown, in image pixels (beyond the image its edge pixels extend, as CALayer.h says)
        let source = Rect(cr.origin.x * iw, cr.origin.y * ih, cr.size.width * iw, cr.size.height * ih)
        let scale = c.scale.isFinite && c.scale > 0 ? c.scale : 1
        let natural = Size(source.size.width / scale, source.size.height / scale)
        let dest = Composer.gravityRect(c.gravity, natural: natural, bounds: rect, flipped: flipped)
        guard dest.size.width > 0, dest.size.height > 0 else { return }
        nineSlice(name, source: source, center: c.center, scale: scale, dest: dest, map: map, tint: tint)
    }

    /// The rect the image occupies in the bounds (layer coordinates, positive size).
    static func gravityRect(_ g: ContentsGravity, natural n: Size, bounds b: Rect, flipped: Bool) -> Rect {
        let bw = b.size.width, bh = b.size.height
        switch g {
        case .resize:
            return b
        case .resizeAspect, .resizeAspectFill:
            guard n.width > 0, n.height > 0 else { return .zero }
            let sx = bw / n.width, sy = bh / n.height
            let s = g == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let w = n.width * s, h = n.height * s
            return Rect(b.origin.x + (bw - w) / 2, b.origin.y + (bh - h) / 2, w, h)
        default:
            let w = n.width, h = n.height
            let left = b.origin.x, centreX = b.origin.x + (bw - w) / 2, right = b.origin.x + bw - w
            // "top" is the top as drawn: the low y edge, or the high one in a bottom-left scene
            let top = flipped ? b.origin.y + bh - h : b.origin.y
            let bottom = flipped ? b.origin.y : b.origin.y + bh - h
            let centreY = b.origin.y + (bh - h) / 2
            let x: Double, y: Double
            switch g {
            case .center: (x, y) = (centreX, centreY)
            case .top: (x, y) = (centreX, top)
            case .bottom: (x, y) = (centreX, bottom)
            case .left: (x, y) = (left, centreY)
            case .right: (x, y) = (right, centreY)
            case .topLeft: (x, y) = (left, top)
            case .topRight: (x, y) = (right, top)
            case .bottomLeft: (x, y) = (left, bottom)
            default: (x, y) = (right, bottom)
            }
            return Rect(x, y, w, h)
        }
    }

    /// Draws `source` into `dest` in up to nine slices: the parts outside contentsCenter keep their
    /// size in points (shrunk in proportion when the destination is smaller than they are), the
    /// centre stretches.
    private mutating func nineSlice(_ name: String, source: Rect, center: Rect, scale: Double, dest: Rect,
                                    map: Projective, tint: Color) {
        func cuts(_ srcLen: Double, _ c0: Double, _ cLen: Double, _ destLen: Double) -> ([Double], [Double]) {
            var a = max(0, min(1, c0.isFinite ? c0 : 0))
            var b = max(a, min(1, (c0 + cLen).isFinite ? c0 + cLen : 1))
            if !(cLen > 0) && !(c0 > 0) { a = 0; b = 1 }
            let lead = a * srcLen, trail = (1 - b) * srcLen          // source pixels
            var dl = lead / scale, dt = trail / scale                  // points
            if dl + dt > destLen, dl + dt > 0 {
                let k = destLen / (dl + dt)
                dl *= k; dt *= k
            }
            return ([0, lead, srcLen - trail, srcLen], [0, dl, destLen - dt, destLen])
        }
        let (sx, dx) = cuts(source.size.width, center.origin.x, center.size.width, dest.size.width)
        let (sy, dy) = cuts(source.size.height, center.origin.y, center.size.height, dest.size.height)
        for j in 0..<3 {
            let sh = sy[j + 1] - sy[j], dh = dy[j + 1] - dy[j]
            guard sh > 0, dh > 0 else { continue }
            for i in 0..<3 {
                let sw = sx[i + 1] - sx[i], dw = dx[i + 1] - dx[i]
                guard sw > 0, dw > 0 else { continue }
                // slice rows count down from the destination's top as drawn
                let y = flipped ? dest.origin.y + dest.size.height - dy[j] : dest.origin.y + dy[j]
                image(name, source: Rect(source.origin.x + sx[i], source.origin.y + sy[j], sw, sh),
                      onto: Rect(dest.origin.x + dx[i], y, dw, flipped ? -dh : dh), map: map, tint: tint, oriented: true)
            }
        }
    }

    /// One image drawing. `onto` is upright for the scene unless `oriented` says it is already.
    mutating func image(_ name: String, source: Rect, onto r: Rect, map: Projective, tint: Color, oriented: Bool = false) {
        var dest = r
        if !oriented && flipped {
            dest = Rect(r.minX, r.maxY, r.width, -r.height)
        }
        guard tint.a > 0 else { return }
        let box = deviceBox(Rect(min(dest.origin.x, dest.origin.x + dest.size.width), min(dest.origin.y, dest.origin.y + dest.size.height),
                                 abs(dest.size.width), abs(dest.size.height)), map)
        let t = Color(tint.r, tint.g, tint.b, 1)
        draw(.image(ImageDraw(image: list.imageIndex(name), source: source, destination: dest, transform: map,
                              alpha: tint.a, tint: t)), box: box)
    }
}
