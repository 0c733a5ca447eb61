// Lines and glyph positions: the one line breaking that both the natural size (what the VM
// measures) and the drawing (what Compose fills) use, then CATextLayer's placement: alignment in the
// bounds' width (natural follows the paragraph's direction; justified stretches the spaces of every
// line but a paragraph's last), truncation with "…" (start, middle or end of a line too wide for the
// bounds; with wrapping, the last line that fits in the height ends in "…" when text is cut), and
// right-to-left runs put in visual order per line (Bidi.swift, rule L2). Positions are in points
// from the top-left of the text's box, y down, baselines one line height apart, the first a font
// ascender below the top.

import CalcCore

extension ShapedText {
    /// One line: a range of one paragraph's bytes, without the spaces that end it.
    public struct Line: Sendable, Equatable {
        public var paragraph: Int
        public var start: Int, end: Int
        /// Width in ems (spaces at the end of the line excluded).
        public var width: Double
        /// True for a paragraph's last line (it is not justified).
        public var endsParagraph: Bool
    }

    /// The lines when wrapped to `width` ems (nil or not positive: no wrapping). Greedy, at spaces:
    /// a word that does not fit starts a new line; a word wider than the width stands alone on its
    /// line. Spaces at the end of a line do not count toward its width.
    public func lines(wrappingAt width: Double?) -> [Line] {
        let limit = width.flatMap { $0 > 0 ? $0 : nil } ?? .infinity
        var out: [Line] = []
        for (pi, words) in paragraphs.enumerated() {
            var line = 0.0, pendingSpace = 0.0, empty = true
            var start = words.first?.start ?? 0, end = start
            for w in words {
                if !empty, line + pendingSpace + w.width > limit {
                    out.append(Line(paragraph: pi, start: start, end: end, width: line, endsParagraph: false))
                    line = 0
                    pendingSpace = 0
                    empty = true
                    start = w.start
                }
                line += (empty ? 0 : pendingSpace) + w.width
                pendingSpace = w.trailingSpace
                if w.end > w.start || empty { end = w.end }
                empty = false
            }
            out.append(Line(paragraph: pi, start: start, end: end, width: line, endsParagraph: true))
        }
        return out
    }
}

/// Text laid out for drawing: glyphs with their outlines and positions.
public struct TextBlock: Sendable {
    /// One glyph to fill: its outline in font units (y up) scaled by `scale` and put with its origin
    /// at (x, y) (points from the box's top-left, y down; y is on the glyph's baseline).
    public struct Glyph: Sendable {
        public var outline: GlyphOutline
        public var x: Double, y: Double
        public var scale: Double
        /// The face (TextMeasure.faceFile) and glyph index: what is drawn, for tests and debugging.
        public var face: Int32, glyph: UInt32
    }
    public var glyphs: [Glyph] = []
    /// Lines laid out (after truncation).
    public var lineCount = 0
    /// Baseline-to-baseline distance and the first baseline's depth below the top, in points.
    public var lineHeight = 0.0, ascender = 0.0
    /// Each line's width in points, and its left edge in the box.
    public var lineWidths: [Double] = []
    public var lineOffsets: [Double] = []
}

extension TextMeasure {
    /// A text layer's text laid out in a box `width` × `height` points (CATextLayer's rules; a width or
    /// height that is not positive does not limit the text).
    public func layout(_ style: TextStyle, width: Double, height: Double) -> TextBlock {
        let size = style.fontSize
        guard size > 0, size.isFinite, !style.string.isEmpty else { return TextBlock() }
        let shaped = shape(style.string, font: style.font)
        guard shaped.fontFound else { return TextBlock() }
        let w = width.isFinite && width > 0 ? width / size : 0
        var lines = shaped.lines(wrappingAt: style.wrapped && w > 0 ? w : nil)
        var truncate: [Truncation] = Array(repeating: .none, count: lines.count)
        var forced: [Bool] = Array(repeating: false, count: lines.count)
        if style.truncation != .none && w > 0 {
            if style.wrapped {
                // the lines that fit in the height (at least one); the last of them ends in "…" when
                // text was cut (start and middle truncation behave as end here)
                // (compared as a Double first: a tall box or a tiny font made a count past Int.max,
                // which trapped in Int(_:) — found by fuzzing)
                let lineFit = ((height / size) / shaped.lineHeight + 1e-9).rounded(.down)
                let fit = height.isFinite && height > 0 && lineFit < Double(lines.count) ? max(1, Int(max(0, lineFit))) : lines.count
                if fit < lines.count {
                    lines.removeSubrange(fit...)
                    truncate.removeSubrange(fit...)
                    forced.removeSubrange(fit...)
                    truncate[fit - 1] = .end
                    forced[fit - 1] = true
                }
            } else {
                for i in lines.indices where lines[i].width > w + 1e-9 { truncate[i] = style.truncation }
            }
        }
        let ellipsis = truncate.contains(where: { $0 != .none }) ? shape("\u{2026}", font: style.font) : nil
        var block = TextBlock()
        block.lineHeight = shaped.lineHeight * size
        block.ascender = shaped.ascender * size
        var faces: [Int32] = [], ids: [UInt32] = [], xs: [Double] = [], ys: [Double] = []
        for (li, line) in lines.enumerated() {
            let para = shaped.glyphs[line.paragraph]
            var placed = LinePlacer(paragraph: para, line: line)
            if truncate[li] != .none, let e = ellipsis, let eg = e.glyphs.first {
                placed.truncate(truncate[li], width: w, ellipsis: eg, forced: forced[li])
            }
            let items = placed.items()
            let lineWidth = items.reduce(0) { $0 + $1.width }
            // alignment in ems
            let rtl = para.level & 1 == 1
            var offset = 0.0
            var extraPerSpace = 0.0
            switch style.alignment {
            case .left: offset = 0
            case .right: offset = w - lineWidth
            case .center: offset = (w - lineWidth) / 2
            case .natural: offset = rtl ? w - lineWidth : 0
            case .justified:
                let spaces = placed.innerSpaces()
                if !line.endsParagraph && !forced[li] && spaces > 0 && w > lineWidth {
                    extraPerSpace = (w - lineWidth) / Double(spaces)
                } else {
                    offset = rtl ? w - lineWidth : 0
                }
            }
            if w <= 0 { offset = 0 }
            let baseline = block.ascender + Double(li) * block.lineHeight
            var pen = offset
            for item in Bidi.visualOrder(items.map(\.level)).map({ items[$0] }) {
                for g in item.glyphs {
                    faces.append(g.face); ids.append(g.id)
                    xs.append((pen + g.dx) * size); ys.append(baseline - g.dy * size)
                    pen += g.advance
                    if extraPerSpace > 0, Int(g.cluster) < para.bytes.count, para.bytes[Int(g.cluster)] == 0x20 || para.bytes[Int(g.cluster)] == 0x09 {
                        pen += extraPerSpace
                    }
                }
            }
            block.lineWidths.append((pen - offset) * size)
            block.lineOffsets.append(offset * size)
        }
        block.lineCount = lines.count
        let outlines = self.outlines(faces, ids)
        block.glyphs.reserveCapacity(outlines.count)
        for i in outlines.indices {
            guard let o = outlines[i].0 else { continue }
            block.glyphs.append(TextBlock.Glyph(outline: o, x: xs[i], y: ys[i], scale: size / outlines[i].1, face: faces[i], glyph: ids[i]))
        }
        return block
    }

    /// One line of text whose baseline starts at the origin (y down, so glyphs rise to negative y),
    /// unwrapped and unaligned: `text(…)` in a draw block.
    public func layoutLine(_ string: String, font: String, size: Double) -> TextBlock {
        var style = TextStyle()
        style.string = string.replacingOccurrences(of: "\n", with: " ")
        style.font = font
        style.fontSize = size
        style.alignment = .left
        var block = layout(style, width: 0, height: 0)
        for i in block.glyphs.indices { block.glyphs[i].y -= block.ascender }
        return block
    }
}

/// The items of one line in logical order: stretches of a run (or the ellipsis) with their glyphs.
private struct LinePlacer {
    struct Item {
        var glyphs: [ShapedText.Glyph]
        var level: UInt8
        var width: Double
    }

    let paragraph: ShapedText.Paragraph
    let line: ShapedText.Line
    /// The kept byte ranges (one, or two around a middle ellipsis) and where the ellipsis goes.
    var ranges: [Range<Int>]
    var ellipsisAt: Int?
    var ellipsisGlyphs: [ShapedText.Glyph] = []

    init(paragraph: ShapedText.Paragraph, line: ShapedText.Line) {
        self.paragraph = paragraph
        self.line = line
        ranges = [line.start..<max(line.start, line.end)]
    }

    private func width(_ r: Range<Int>) -> Double {
        var s = 0.0
        for i in r { s += paragraph.byteAdvance[i] }
        return s
    }

    /// Offsets in the line where a cut may fall: where a glyph cluster starts, and the line's end.
    private func boundaries() -> [Int] {
        var b = Set<Int>()
        for g in paragraph.glyphs where Int(g.cluster) >= line.start && Int(g.cluster) < line.end { b.insert(Int(g.cluster)) }
        b.insert(line.start)
        b.insert(line.end)
        return b.sorted()
    }

    private func isSpace(_ i: Int) -> Bool { paragraph.bytes[i] == 0x20 || paragraph.bytes[i] == 0x09 }

    /// Cuts the line to fit `available` ems with the ellipsis (`forced`: the ellipsis is added even
    /// when the line fits, because text after it was cut).
    mutating func truncate(_ mode: Truncation, width available: Double, ellipsis e: ShapedText.Paragraph, forced: Bool) {
        let ew = e.glyphs.reduce(0) { $0 + $1.advance }
        let full = line.start..<line.end
        if !forced && width(full) <= available { return }
        let budget = available - ew
        let cuts = boundaries()
        var kept: [Range<Int>]
        switch mode {
        case .none: return
        case .end:
            var k = line.start
            for c in cuts where width(line.start..<c) <= budget { k = c }
            while k > line.start && isSpace(k - 1) { k -= 1 }
            kept = [line.start..<k]
            ellipsisAt = k
        case .start:
            var k = line.end
            for c in cuts.reversed() where width(c..<line.end) <= budget { k = c }
            while k < line.end && isSpace(k) { k += 1 }
            kept = [k..<line.end]
            ellipsisAt = line.start
        case .middle:
            var a = line.start
            for c in cuts where width(line.start..<c) <= budget / 2 { a = c }
            let rest = budget - width(line.start..<a)
            var b = line.end
            for c in cuts.reversed() where c >= a && width(c..<line.end) <= rest { b = c }
            while a > line.start && isSpace(a - 1) { a -= 1 }
            while b < line.end && isSpace(b) { b += 1 }
            kept = [line.start..<a, b..<line.end]
            ellipsisAt = a
        }
        ranges = kept.filter { !$0.isEmpty }
        ellipsisGlyphs = e.glyphs
    }

    /// Spaces strictly inside the line (between words), which justification widens.
    func innerSpaces() -> Int {
        guard ellipsisAt == nil else { return 0 }
        var n = 0
        for r in ranges { for i in r where isSpace(i) { n += 1 } }
        return n
    }

    /// The line's items in logical order.
    func items() -> [Item] {
        var out: [Item] = []
        var ellipsisPlaced = ellipsisAt == nil
        func placeEllipsis() {
            guard !ellipsisPlaced else { return }
            ellipsisPlaced = true
            out.append(Item(glyphs: ellipsisGlyphs, level: paragraph.level, width: ellipsisGlyphs.reduce(0) { $0 + $1.advance }))
        }
        for r in ranges {
            if let e = ellipsisAt, e <= r.lowerBound { placeEllipsis() }
            for run in paragraph.runs {
                let lo = max(run.bytes.lowerBound, r.lowerBound), hi = min(run.bytes.upperBound, r.upperBound)
                guard lo < hi else { continue }
                var item = Item(glyphs: [], level: run.level, width: 0)
                for gi in run.glyphs {
                    let g = paragraph.glyphs[gi]
                    let c = Int(g.cluster)
                    guard c >= lo && c < hi else { continue }
                    item.glyphs.append(g)
                    item.width += g.advance
                }
                if !item.glyphs.isEmpty { out.append(item) }
            }
        }
        placeEllipsis()
        return out
    }
}
