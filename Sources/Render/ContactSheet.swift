// Contact sheets (`calc sheet`): frames laid out in a grid, each labelled with its frame number and
// time. Labels use a built-in 5×7 pixel font of the few characters they need (digits, '.', 's', '#',
// '-', space) rather than the text engine: the sheet then depends on no system font, so it is the
// same on every machine, and a label costs a few hundred pixel writes.

/// Lays out frames and draws their labels.
public enum ContactSheet {
    /// Margin around the grid and space between cells, in pixels.
    public static let gap = 4
    /// Space above and below a label, in pixels.
    public static let labelPadding = 2

    /// Grid geometry for `count` cells of `cellWidth × cellHeight` in `columns` columns, labels drawn
    /// `labelScale` pixels per font pixel.
    public struct Layout: Sendable, Equatable {
        public let columns: Int, rows: Int
        public let cellWidth: Int, cellHeight: Int
        public let labelScale: Int
        /// The label strip under each image: the font's 7 rows plus padding above and below.
        public var labelHeight: Int { 7 * labelScale + 2 * ContactSheet.labelPadding }
        public var width: Int { columns * cellWidth + (columns + 1) * ContactSheet.gap }
        public var height: Int { rows * (cellHeight + labelHeight) + (rows + 1) * ContactSheet.gap }

        public init(count: Int, columns: Int, cellWidth: Int, cellHeight: Int, labelScale: Int) {
            self.columns = max(1, min(columns, max(1, count)))
            rows = max(1, (max(1, count) + self.columns - 1) / self.columns)
            self.cellWidth = cellWidth; self.cellHeight = cellHeight
            self.labelScale = max(1, labelScale)
        }

        /// The top-left pixel of cell `i`'s image (row-major order).
        public func origin(_ i: Int) -> (x: Int, y: Int) {
            let c = i % columns, r = i / columns
            return (ContactSheet.gap + c * (cellWidth + ContactSheet.gap), ContactSheet.gap + r * (cellHeight + labelHeight + ContactSheet.gap))
        }
    }

    /// The sheet: `background` everywhere, each cell's frame composited over it (source-over,
    /// premultiplied), its label in `ink` under it. Cells must all be `layout.cellWidth × cellHeight`.
    public static func compose(_ cells: [Framebuffer], labels: [String], layout: Layout,
                               background: UInt32, ink: UInt32) -> Framebuffer {
        var sheet = Framebuffer(width: layout.width, height: layout.height)
        sheet.reset(width: layout.width, height: layout.height, fill: background)
        for (i, cell) in cells.enumerated() {
            let (ox, oy) = layout.origin(i)
            let w = min(cell.width, layout.cellWidth), h = min(cell.height, layout.cellHeight)
            for y in 0..<h {
                for x in 0..<w {
                    let s = cell.pixels[y * cell.width + x]
                    let d = (oy + y) * sheet.width + ox + x
                    sheet.pixels[d] = over(s, sheet.pixels[d])
                }
            }
            if i < labels.count {
                drawText(labels[i], into: &sheet, x: ox, y: oy + layout.cellHeight + labelPadding, scale: layout.labelScale,
                         color: ink, maxWidth: layout.cellWidth)
            }
        }
        return sheet
    }

    /// Premultiplied source-over of 8-bit pixels: d·(255 − αs)/255 + s, rounded, per channel.
    @inline(__always)
    static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let a = s >> 24
        if a == 255 { return s }
        if a == 0 { return d }
        var out: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let sc = (s >> UInt32(shift)) & 0xFF, dc = (d >> UInt32(shift)) & 0xFF
            let v = sc + (dc * (255 - a) + 127) / 255
            out |= min(v, 255) << UInt32(shift)
        }
        return out
    }

    /// Rows of each glyph, 5 bits each, the leftmost pixel in bit 4.
    static let glyphs: [Character: [UInt8]] = [
        "0": [0b01110, 0b10001, 0b10011, 0b10101, 0b11001, 0b10001, 0b01110],
        "1": [0b00100, 0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110],
        "2": [0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b01000, 0b11111],
        "3": [0b11111, 0b00010, 0b00100, 0b00010, 0b00001, 0b10001, 0b01110],
        "4": [0b00010, 0b00110, 0b01010, 0b10010, 0b11111, 0b00010, 0b00010],
        "5": [0b11111, 0b10000, 0b11110, 0b00001, 0b00001, 0b10001, 0b01110],
        "6": [0b00110, 0b01000, 0b10000, 0b11110, 0b10001, 0b10001, 0b01110],
        "7": [0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b01000, 0b01000],
        "8": [0b01110, 0b10001, 0b10001, 0b01110, 0b10001, 0b10001, 0b01110],
        "9": [0b01110, 0b10001, 0b10001, 0b01111, 0b00001, 0b00010, 0b01100],
        ".": [0, 0, 0, 0, 0, 0b01100, 0b01100],
        "s": [0, 0, 0b01111, 0b10000, 0b01110, 0b00001, 0b11110],
        "#": [0b01010, 0b01010, 0b11111, 0b01010, 0b11111, 0b01010, 0b01010],
        "-": [0, 0, 0, 0b11111, 0, 0, 0],
        " ": [0, 0, 0, 0, 0, 0, 0],
    ]

    /// The width in pixels of `text`: 6 font pixels a character (5 and a space), less the last space.
    public static func textWidth(_ text: String, scale: Int) -> Int { max(0, text.count * 6 - 1) * scale }

    /// Draws `text` with its top-left at (x, y), each font pixel a `scale × scale` square of `color`;
    /// characters without a glyph are drawn as spaces, and nothing past `maxWidth` pixels is drawn.
    public static func drawText(_ text: String, into fb: inout Framebuffer, x: Int, y: Int, scale: Int, color: UInt32,
                                maxWidth: Int = Int.max) {
        var cx = x
        for ch in text {
            guard cx - x + 5 * scale <= maxWidth else { break }
            if let rows = glyphs[ch] {
                for (r, bits) in rows.enumerated() {
                    for c in 0..<5 where bits & (0b10000 >> UInt8(c)) != 0 {
                        for dy in 0..<scale {
                            for dx in 0..<scale {
                                let px = cx + c * scale + dx, py = y + r * scale + dy
                                if px >= 0, py >= 0, px < fb.width, py < fb.height { fb.pixels[py * fb.width + px] = color }
                            }
                        }
                    }
                }
            }
            cx += 6 * scale
        }
    }
}
