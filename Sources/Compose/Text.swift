// Text: a text layer's string and a draw block's text(…) become fills of glyph outlines, so text
// shares the rasterizer's anti-aliasing, transforms, 3D, opacity groups, masks and shadows. The
// text service (TextLayout, passed in by the driver) shapes, breaks and places the glyphs and gives
// their outlines in font units; here each outline is scaled and moved to its place in the layer and
// appended to the frame's path array, and one non-zero fill draws a whole text layer or text(…)
// command (overlapping glyphs, marks over letters, are covered once). Outlines are unhinted, so text
// moves, scales and turns smoothly between frames. Glyphs stay upright with either origin (SPEC
// §4.1, as contents images do): in a bottom-left scene the layer's y already points up, as the
// font's does.

import CalcCore
import DisplayList
import TextLayout

extension Composer {
    /// A text layer's text in its bounds: the first line's top at the top of the bounds as drawn.
    mutating func textLayer(_ s: TextStyle, rect: Rect, map: Projective, tint: Color) {
        guard let text, s.color.a > 0, tint.a > 0, !s.string.isEmpty else { return }
        let block = text.layout(s, width: rect.width, height: rect.height)
        fillGlyphs(block, x: rect.minX, y: flipped ? rect.maxY : rect.minY, color: Composer.tinted(s.color, tint), map: map)
    }

    /// `text(string, at: point, size:, color)`: one line whose baseline starts at the point.
    mutating func drawText(_ string: String, at p: Point, size: Double, color: Color, map: Projective, tint: Color) {
        guard let text, color.a > 0, tint.a > 0, !string.isEmpty else { return }
        let block = text.layoutLine(string, font: TextStyle().font, size: size)
        fillGlyphs(block, x: p.x, y: p.y, color: Composer.tinted(color, tint), map: map)
    }

    /// Appends the glyphs' outlines placed at (x, y) + their positions (y down in an upright scene,
    /// up in a bottom-left one) and fills them as one path.
    private mutating func fillGlyphs(_ block: TextBlock, x: Double, y: Double, color: Color, map: Projective) {
        guard !block.glyphs.isEmpty, x.isFinite, y.isFinite else { return }
        let start = list.elements.count
        let down = flipped ? -1.0 : 1.0
        for g in block.glyphs {
            let ox = x + g.x, oy = y + down * g.y
            let sx = g.scale, sy = -down * g.scale     // font units are y up
            @inline(__always) func t(_ p: Point) -> Point { Point(ox + p.x * sx, oy + p.y * sy) }
            for e in g.outline.elements {
                switch e {
                case .move(let p): list.elements.append(.move(t(p)))
                case .line(let p): list.elements.append(.line(t(p)))
                case .quad(let c, let p): list.elements.append(.quad(control: t(c), to: t(p)))
                case .cubic(let c1, let c2, let p): list.elements.append(.cubic(control1: t(c1), control2: t(c2), to: t(p)))
                case .close: list.elements.append(.close)
                }
            }
        }
        let ref = PathRef(start: Int32(start), end: Int32(list.elements.count))
        let before = list.ops.count
        fill(ref, rule: .nonZero, paint: .solid(color), map: map)
        // culled: its elements are not kept
        if list.ops.count == before { list.elements.removeSubrange(start...) }
    }
}
