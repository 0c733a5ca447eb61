// A text layer's natural size (SPEC §4.11): where its bounds give no width or no height, the
// presentation takes its string's size in its font (TextLayout: fontconfig and HarfBuzz). The
// width is the widest line; the height is the number of lines times the line height, the lines
// wrapped to the given width when `isWrapped` is on. Like constraint layout, this changes only the
// presentation tree: the model keeps the bounds the script set.

import CalcCore
import TextLayout

extension Presenter {
    /// Fills a zero width or height of a text layer's presentation bounds with its natural size.
    static func applyNaturalTextSize(_ p: inout [Value], text: TextMeasure) {
        let bi = Int(LayerProperties.bounds)
        guard var b = p[bi].rect else { return }
        let w = b.size.width, h = b.size.height
        guard w == 0 || h == 0 else { return }
        let string = p[Int(LayerProperties.string)].string ?? ""
        let font = p[Int(LayerProperties.font)].string ?? PropertyDefault.string(LayerProperties.font)
        let fontSize = p[Int(LayerProperties.fontSize)].number ?? PropertyDefault.number(LayerProperties.fontSize)
        let wrap = (p[Int(LayerProperties.isWrapped)].bool ?? false) && w > 0 ? w : nil
        let natural = text.size(of: string, font: font, fontSize: fontSize, wrapWidth: wrap)
        if w == 0 { b.size.width = natural.width }
        if h == 0 { b.size.height = natural.height }
        p[bi] = .rect(b)
    }
}
