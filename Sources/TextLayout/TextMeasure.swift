// Text measurement: the natural size of a text layer (SPEC §4.11: "a text layer's size, when not
// given, is its text's natural size"). fontconfig picks the font file for a name, as it would for
// any program on the machine (DejaVu Sans by default); HarfBuzz shapes the string with that font's
// own metrics, unhinted and in font units, so a size is exact at every font size and the same on
// every machine that has the same font file. The rasterizer will draw glyphs with the same shaping.
//
// Shaping happens once per (string, font) and is kept in ems (font units over units per em); a size
// at any font size and wrapping width is a multiplication and a greedy line fill over the kept
// words. Everything goes through one lock: fontconfig and the caches are shared by the frames that
// render in parallel, and measuring is rare next to drawing.

import CFontconfig
import CHarfBuzz
import Synchronization

/// A string's shape in one font, in ems: per paragraph (the string split at line feeds), its words,
/// each with the width of its glyphs and of the spaces after it.
public struct ShapedText: Sendable, Equatable {
    public struct Word: Sendable, Equatable {
        public var width: Double
        public var trailingSpace: Double
    }
    public var paragraphs: [[Word]]
    /// Ascender minus descender plus line gap: the distance from one baseline to the next.
    public var lineHeight: Double
    /// Whether a font file was found; without one, the fallback metrics below were used.
    public var fontFound: Bool

    /// Fallback metrics when no font file can be found (no fonts installed): every character
    /// 0.6 em wide, a line 1.2 em high.
    public static let fallbackAdvance = 0.6
    public static let fallbackLineHeight = 1.2

    /// The lines' widths in ems when wrapped to `width` ems (nil or not positive: no wrapping).
    /// Greedy, at spaces: a word that does not fit starts a new line; a word wider than the width
    /// stands alone on its line. Spaces at the end of a line do not count toward its width.
    public func lineWidths(wrappingAt width: Double?) -> [Double] {
        let limit = width.flatMap { $0 > 0 ? $0 : nil } ?? .infinity
        var out: [Double] = []
        for words in paragraphs {
            var line = 0.0, pendingSpace = 0.0, empty = true
            for w in words {
                if !empty, line + pendingSpace + w.width > limit {
                    out.append(line)
                    line = 0
                    pendingSpace = 0
                    empty = true
                }
                line += (empty ? 0 : pendingSpace) + w.width
                pendingSpace = w.trailingSpace
                empty = false
            }
            out.append(line)
        }
        return out
    }

    /// Width and height in points at `fontSize`, wrapped to `wrapWidth` points when given.
    public func size(fontSize: Double, wrapWidth: Double?) -> (width: Double, height: Double) {
        guard fontSize > 0, fontSize.isFinite else { return (0, 0) }
        let lines = lineWidths(wrappingAt: wrapWidth.map { $0 / fontSize })
        let width = (lines.max() ?? 0) * fontSize
        let height = Double(lines.count) * lineHeight * fontSize
        guard width.isFinite, height.isFinite else { return (0, 0) }
        return (width, height)
    }
}

/// The process's fonts and shaped strings.
public final class TextMeasure: Sendable {
    public static let shared = TextMeasure()

    /// A HarfBuzz font at its units-per-em scale, kept for the life of the process.
    private struct Font {
        let font: OpaquePointer
        let upem: Double
        let lineHeight: Double
    }

    private struct Key: Hashable {
        let string: String
        let font: String
    }

    private struct State {
        var fonts: [String: Font?] = [:]
        var shaped: [Key: ShapedText] = [:]
        var configured = false
    }

    private let state = Mutex(State())

    /// Shaped strings kept at most; past it the cache starts again (a script that sets a new string
    /// every frame must not grow memory without bound).
    static let cacheLimit = 4096

    public init() {}

    /// The natural size, in points, of `string` in the font named `font` at `fontSize`, wrapped to
    /// `wrapWidth` points when given.
    public func size(of string: String, font: String, fontSize: Double, wrapWidth: Double? = nil) -> (width: Double, height: Double) {
        shape(string, font: font).size(fontSize: fontSize, wrapWidth: wrapWidth)
    }

    /// `string` shaped in the font named `font` (kept for the next call).
    public func shape(_ string: String, font name: String) -> ShapedText {
        state.withLock { st in
            let key = Key(string: string, font: name)
            if let s = st.shaped[key] { return s }
            let font: Font?
            if let f = st.fonts[name] {
                font = f
            } else {
                if !st.configured { st.configured = FcInit() != 0 }
                font = st.configured ? Self.load(name) : nil
                st.fonts[name] = font
            }
            let shaped = font.map { Self.shape(string, with: $0) } ?? Self.fallback(string)
            if st.shaped.count >= Self.cacheLimit { st.shaped.removeAll(keepingCapacity: true) }
            st.shaped[key] = shaped
            return shaped
        }
    }

    /// The file fontconfig matches for `name`, taken as a family or a PostScript name (so both
    /// "DejaVu Sans" and "DejaVuSans-Bold" work); nil when there is no usable font file at all.
    private static func load(_ name: String) -> Font? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = FcPatternAddString(pattern, FC_FAMILY, name)
        _ = FcPatternAddString(pattern, FC_POSTSCRIPT_NAME, name)
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>? = nil
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(match, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))

        guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(max(0, index))) else { return nil }
        defer { hb_face_destroy(face) }
        let upem = hb_face_get_upem(face)
        guard upem > 0, hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else { return nil }
        // font units throughout: the scale is the units per em, no hinting, no pixel rounding
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        var extents = hb_font_extents_t()
        _ = hb_font_get_h_extents(font, &extents)
        let u = Double(upem)
        return Font(font: font, upem: u,
                    lineHeight: Double(extents.ascender - extents.descender + extents.line_gap) / u)
    }

    private static func paragraphs(_ string: String) -> [Substring] {
        string.split(separator: "\n", omittingEmptySubsequences: false)
    }

    private static func shape(_ string: String, with font: Font) -> ShapedText {
        guard let buffer = hb_buffer_create() else { return fallback(string) }
        defer { hb_buffer_destroy(buffer) }
        var out: [[ShapedText.Word]] = []
        for paragraph in paragraphs(string) {
            var text = String(paragraph)
            let bytes = Array(text.utf8)
            hb_buffer_clear_contents(buffer)
            text.withUTF8 { p in
                p.withMemoryRebound(to: CChar.self) { c in
                    hb_buffer_add_utf8(buffer, c.baseAddress, Int32(c.count), 0, Int32(c.count))
                }
            }
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(font.font, buffer, nil, 0)
            // each byte's share of the advances: a glyph's advance belongs to its cluster's byte
            var advance = [Double](repeating: 0, count: bytes.count + 1)
            var count: UInt32 = 0
            if let infos = hb_buffer_get_glyph_infos(buffer, &count),
               let positions = hb_buffer_get_glyph_positions(buffer, &count) {
                for g in 0..<Int(count) {
                    let cluster = min(Int(infos[g].cluster), bytes.count)
                    advance[cluster] += Double(positions[g].x_advance) / font.upem
                }
            }
            out.append(words(bytes, advance))
        }
        return ShapedText(paragraphs: out, lineHeight: font.lineHeight, fontFound: true)
    }

    /// Words and the spaces after them from per-byte advances (spaces are U+0020 and tabs).
    private static func words(_ bytes: [UInt8], _ advance: [Double]) -> [ShapedText.Word] {
        var words: [ShapedText.Word] = []
        var current = ShapedText.Word(width: 0, trailingSpace: 0)
        var inSpace = false, any = false
        for (i, b) in bytes.enumerated() {
            let space = b == 0x20 || b == 0x09
            if !space, inSpace {
                words.append(current)
                current = ShapedText.Word(width: 0, trailingSpace: 0)
                inSpace = false
            }
            if space { inSpace = true; current.trailingSpace += advance[i] } else { current.width += advance[i] }
            any = true
        }
        if any || words.isEmpty { words.append(current) }
        return words
    }

    private static func fallback(_ string: String) -> ShapedText {
        let paras = paragraphs(string).map { p -> [ShapedText.Word] in
            let bytes = Array(p.utf8)
            // a character's advance on its first byte
            let advance = bytes.map { ($0 & 0xC0) == 0x80 ? 0 : ShapedText.fallbackAdvance } + [0]
            return words(bytes, advance)
        }
        return ShapedText(paragraphs: paras, lineHeight: ShapedText.fallbackLineHeight, fontFound: false)
    }
}
