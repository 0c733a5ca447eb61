// The text service: natural sizes of text layers (SPEC §4.11: "a text layer's size, when not given,
// is its text's natural size") and the glyphs that draw them, from one shaping and one line breaking
// so that what is measured is what is drawn. fontconfig picks the font file for a name, as it would
// for any program on the machine (DejaVu Sans by default), and a fallback face for each character
// the font lacks; HarfBuzz shapes each run (a stretch of one face and one direction, Bidi.swift) with
// the fonts' own metrics, unhinted and in font units, so a size is exact at every font size and the
// same on every machine that has the same font files; FreeType gives the glyphs' outlines.
// The libraries are opened on first use (Libraries.swift).
//
// A string is shaped once per (string, font) and kept in ems; a layout at any font size, width,
// alignment and truncation is arithmetic over the kept glyphs (LineLayout.swift). The driver passes one
// service to the VM's measuring and to Compose (font access is a value, not a global reached for);
// frames render in parallel, so its caches sit behind one lock, taken twice per text layer drawn
// (shape, then outlines).

import CalcCore
import CFontconfig
import CHarfBuzz
import Synchronization

/// A string's shape in one font, in ems: per paragraph (the string split at line feeds), its words,
/// each with the width of its glyphs and of the spaces after it, and the glyphs themselves.
public struct ShapedText: Sendable, Equatable {
    public struct Word: Sendable, Equatable {
        public var width: Double
        public var trailingSpace: Double
        /// UTF-8 offsets in the paragraph: the word's first byte, its end (before its spaces), and the
        /// end of its spaces.
        public var start: Int, end: Int, spaceEnd: Int
        public init(width: Double, trailingSpace: Double, start: Int = 0, end: Int = 0, spaceEnd: Int = 0) {
            self.width = width; self.trailingSpace = trailingSpace; self.start = start; self.end = end; self.spaceEnd = spaceEnd
        }
    }

    /// One glyph as HarfBuzz placed it, in ems.
    public struct Glyph: Sendable, Equatable {
        /// The face (TextMeasure's face table) and the glyph's index in it.
        public var face: Int32
        public var id: UInt32
        /// UTF-8 offset in the paragraph of the first character the glyph draws.
        public var cluster: Int32
        /// Pen advance, and the glyph's offset from the pen (dy up, as fonts draw).
        public var advance: Double
        public var dx: Double, dy: Double
    }

    /// A stretch of one face and one direction: its glyphs in visual order (left to right, as
    /// HarfBuzz returns them in either direction).
    public struct Run: Sendable, Equatable {
        public var glyphs: Range<Int>
        public var bytes: Range<Int>
        /// Bidi embedding level: even left-to-right, odd right-to-left.
        public var level: UInt8
    }

    /// A paragraph's glyphs and runs (logical order of runs).
    public struct Paragraph: Sendable, Equatable {
        public var glyphs: [Glyph] = []
        public var runs: [Run] = []
        /// The paragraph's direction: 0 left-to-right, 1 right-to-left (its first strong character).
        public var level: UInt8 = 0
        /// Each UTF-8 byte's share of the advances (a glyph's advance belongs to its cluster's first byte).
        public var byteAdvance: [Double] = []
        /// The UTF-8 bytes.
        public var bytes: [UInt8] = []
    }

    public var paragraphs: [[Word]]
    /// Glyphs per paragraph; empty when no font was found.
    public var glyphs: [Paragraph] = []
    /// Ascender minus descender plus line gap: the distance from one baseline to the next.
    public var lineHeight: Double
    /// From the top of a line to its baseline.
    public var ascender: Double = 0
    /// Whether a font file was found; without one, the fallback metrics below were used.
    public var fontFound: Bool

    /// Fallback metrics when no font file can be found (no fonts installed): every character
    /// 0.6 em wide, a line 1.2 em high.
    public static let fallbackAdvance = 0.6
    public static let fallbackLineHeight = 1.2

    public init(paragraphs: [[Word]], lineHeight: Double, fontFound: Bool) {
        self.paragraphs = paragraphs; self.lineHeight = lineHeight; self.fontFound = fontFound
    }

    /// The lines' widths in ems when wrapped to `width` ems (nil or not positive: no wrapping).
    public func lineWidths(wrappingAt width: Double?) -> [Double] {
        lines(wrappingAt: width).map(\.width)
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

/// The machine's fonts as a value the driver makes and passes on: it shapes, measures and lays out
/// text and gives glyph outlines. Thread-safe.
public final class TextMeasure: Sendable {
    /// The process's default service, for callers that pass none (tests, benchmarks); the drivers
    /// hand one service to the VM and to Compose (Painter.text), and default to this one so that
    /// every script of a `calc test` run shares its caches.
    public static let shared = TextMeasure()

    private struct Key: Hashable {
        let string: String
        let font: String
    }

    private struct State {
        var shaped: [Key: ShapedText] = [:]
        /// An estimate of the bytes `shaped` holds (see `cost`)
        var shapedBytes = 0
        /// Whether a non-empty string was shaped with the fallback metrics (no font could be used)
        var withoutFont = false
        /// nil until first needed; then the libraries' fonts, or none when they cannot be opened
        var store: FontStore?? = nil
        var buffer: OpaquePointer?
    }

    private let state: Mutex<State>

    /// Shaped strings kept at most, and the bytes they may hold; past either the cache starts again
    /// (a script that sets a new string every frame, or a few very long ones, must not grow memory
    /// without bound).
    static let cacheLimit = 4096
    static let cacheBytes = 32 << 20

    /// The bytes a shaped string holds, about: its key, and per byte of text an advance (8 bytes)
    /// and at most one glyph (32) with its share of runs and words.
    private static func cost(_ key: Key) -> Int { 256 + key.font.utf8.count + key.string.utf8.count * 64 }

    public init() { state = Mutex(State()) }

    /// A measurer that does not open the libraries: the fallback metrics only (for tests).
    init(withoutLibraries: ()) {
        var st = State()
        st.store = .some(nil)
        state = Mutex(st)
    }

    /// The natural size, in points, of `string` in the font named `font` at `fontSize`, wrapped to
    /// `wrapWidth` points when given.
    public func size(of string: String, font: String, fontSize: Double, wrapWidth: Double? = nil) -> (width: Double, height: Double) {
        shape(string, font: font).size(fontSize: fontSize, wrapWidth: wrapWidth)
    }

    /// `string` shaped in the font named `font` (kept for the next call).
    public func shape(_ string: String, font name: String) -> ShapedText {
        state.withLock { st in Self.shape(string, font: name, &st) }
    }

    /// The outlines of glyphs `ids` of `faces` (nil for a glyph without one) and their faces' units
    /// per em, read under one lock.
    func outlines(_ faces: [Int32], _ ids: [UInt32]) -> [(GlyphOutline?, Double)] {
        state.withLock { st in
            guard case .some(.some(var store)) = st.store else { return Array(repeating: (nil, 1), count: ids.count) }
            var out: [(GlyphOutline?, Double)] = []
            out.reserveCapacity(ids.count)
            for i in ids.indices { out.append((store.outline(faces[i], ids[i]), store.faces[Int(faces[i])].upem)) }
            st.store = .some(store)
            return out
        }
    }

    /// Font files opened and glyph outlines decomposed since the service was made.
    var workDone: (filesOpened: Int, decomposed: Int) {
        state.withLock { st in
            guard case .some(.some(let store)) = st.store else { return (0, 0) }
            return (store.filesOpened, store.decomposed)
        }
    }

    /// Whether some non-empty text was measured with the fallback metrics because no font could be
    /// used (the libraries are missing or fontconfig knows no outline font): that text is not drawn.
    public var textWithoutFont: Bool { state.withLock { $0.withoutFont } }

    /// How many entries the caches keyed by the script's strings, font names and characters hold,
    /// and the shaped cache's byte estimate (tests check that they stay bounded).
    var cacheSizes: (shaped: Int, shapedBytes: Int, names: Int, fallbackSets: Int, fallbacks: Int, outlines: Int) {
        state.withLock { st in
            guard case .some(.some(let store)) = st.store else { return (st.shaped.count, st.shapedBytes, 0, 0, 0, 0) }
            return (st.shaped.count, st.shapedBytes, store.names.count, store.fallbackSets.count, store.fallbacks.count, store.outlines.count)
        }
    }

    /// The face's file and index in the file (for tests and the display list's readers).
    public func faceFile(_ face: Int32) -> (file: String, index: Int)? {
        state.withLock { st in
            guard case .some(.some(let store)) = st.store, face >= 0, Int(face) < store.faces.count else { return nil }
            return (store.faces[Int(face)].file, Int(store.faces[Int(face)].index))
        }
    }

    private static func shape(_ string: String, font name: String, _ st: inout State) -> ShapedText {
        let key = Key(string: string, font: name)
        if let s = st.shaped[key] { return s }
        if st.store == nil {
            let lib = TextLibraries.open().flatMap { $0.FcInit() != 0 ? $0 : nil }
            st.store = .some(lib.map { FontStore($0) })
            if let lib { st.buffer = lib.hb_buffer_create() }
        }
        let shaped: ShapedText
        if case .some(.some(var store)) = st.store, let buffer = st.buffer, let primary = store.primary(name) {
            shaped = Shaper(store: store, buffer: buffer, name: name, primary: primary).shape(string, &store)
            st.store = .some(store)
        } else {
            shaped = fallback(string)
            if !string.isEmpty { st.withoutFont = true }
        }
        let bytes = cost(key)
        if st.shaped.count >= cacheLimit || st.shapedBytes + bytes > cacheBytes {
            st.shaped.removeAll(keepingCapacity: false)
            st.shapedBytes = 0
        }
        st.shaped[key] = shaped
        st.shapedBytes += bytes
        return shaped
    }

    static func paragraphs(_ string: String) -> [Substring] {
        string.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Words and the spaces after them from per-byte advances (spaces are U+0020 and tabs).
    static func words(_ bytes: [UInt8], _ advance: [Double]) -> [ShapedText.Word] {
        var words: [ShapedText.Word] = []
        var current = ShapedText.Word(width: 0, trailingSpace: 0)
        var inSpace = false, any = false
        for (i, b) in bytes.enumerated() {
            let space = b == 0x20 || b == 0x09
            if !space, inSpace {
                current.spaceEnd = i
                words.append(current)
                current = ShapedText.Word(width: 0, trailingSpace: 0, start: i, end: i, spaceEnd: i)
                inSpace = false
            }
            if space {
                inSpace = true
                current.trailingSpace += advance[i]
            } else {
                current.width += advance[i]
                current.end = i + 1
            }
            any = true
        }
        current.spaceEnd = bytes.count
        if !inSpace { current.end = bytes.count }
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
        var s = ShapedText(paragraphs: paras, lineHeight: ShapedText.fallbackLineHeight, fontFound: false)
        s.ascender = 0.9
        return s
    }
}

/// Shapes one string: splits each paragraph into runs of one face and one bidi level and shapes
/// each run with HarfBuzz, the whole paragraph given as context.
private struct Shaper {
    let lib: TextLibraries
    let buffer: OpaquePointer
    let name: String
    let primary: Int32

    init(store: FontStore, buffer: OpaquePointer, name: String, primary: Int32) {
        lib = store.lib; self.buffer = buffer; self.name = name; self.primary = primary
    }

    /// Scalars that select or join rather than draw, which no font needs to have.
    static func ignorable(_ v: UInt32) -> Bool {
        (0x200B...0x200F).contains(v) || (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v)
            || v == 0x2060 || v == 0xFEFF || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    func shape(_ string: String, _ store: inout FontStore) -> ShapedText {
        let face = store.faces[Int(primary)]
        var out: [[ShapedText.Word]] = []
        var glyphs: [ShapedText.Paragraph] = []
        for paragraph in TextMeasure.paragraphs(string) {
            let p = shapeParagraph(paragraph, &store)
            out.append(TextMeasure.words(p.bytes, p.byteAdvance))
            glyphs.append(p)
        }
        var s = ShapedText(paragraphs: out, lineHeight: face.ascender + face.descender + face.lineGap, fontFound: true)
        s.glyphs = glyphs
        s.ascender = face.ascender
        return s
    }

    private func shapeParagraph(_ paragraph: Substring, _ store: inout FontStore) -> ShapedText.Paragraph {
        var p = ShapedText.Paragraph()
        var text = String(paragraph)
        p.bytes = Array(text.utf8)
        p.byteAdvance = Array(repeating: 0, count: p.bytes.count + 1)
        guard !p.bytes.isEmpty else { return p }

        // per character (grapheme cluster): its byte range, bidi class and face
        var starts: [Int] = [], classes: [BidiClass] = [], faces: [Int32] = []
        var offset = 0
        var previousFace = primary
        for ch in text {
            let scalars = ch.unicodeScalars
            let cls = scalars.first.map(Bidi.classOf) ?? .neutral
            var f = primary
            let needed = scalars.filter { !Shaper.ignorable($0.value) }
            if cls == .neutral && needed.allSatisfy({ store.has(previousFace, $0.value) }) {
                f = previousFace                 // spaces and punctuation stay in the run they are in
            } else if !needed.allSatisfy({ store.has(primary, $0.value) }) {
                // the first character the font lacks picks the fallback (a base and its marks stay together)
                if let missing = needed.first(where: { !store.has(primary, $0.value) }),
                   let fb = store.fallback(name, missing.value) {
                    f = fb
                }
            }
            starts.append(offset)
            classes.append(cls)
            faces.append(f)
            previousFace = f
            offset += ch.utf8.count
        }
        p.level = Bidi.paragraphLevel(classes)
        let levels = Bidi.levels(classes, paragraph: p.level)

        // runs of one face and one level
        var i = 0
        text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { c in
                while i < starts.count {
                    var j = i + 1
                    while j < starts.count && faces[j] == faces[i] && levels[j] == levels[i] { j += 1 }
                    let bytes = starts[i]..<(j < starts.count ? starts[j] : utf8.count)
                    let first = p.glyphs.count
                    shapeRun(c.baseAddress, c.count, bytes, face: store.faces[Int(faces[i])], faceIndex: faces[i],
                             rtl: levels[i] & 1 == 1, into: &p)
                    p.runs.append(ShapedText.Run(glyphs: first..<p.glyphs.count, bytes: bytes, level: levels[i]))
                    i = j
                }
            }
        }
        for g in p.glyphs { p.byteAdvance[min(Int(g.cluster), p.bytes.count)] += g.advance }
        return p
    }

    private func shapeRun(_ text: UnsafePointer<CChar>?, _ length: Int, _ bytes: Range<Int>, face: Face, faceIndex: Int32,
                          rtl: Bool, into p: inout ShapedText.Paragraph) {
        lib.hb_buffer_clear_contents(buffer)
        lib.hb_buffer_add_utf8(buffer, text, Int32(length), UInt32(bytes.lowerBound), Int32(bytes.count))
        lib.hb_buffer_set_direction(buffer, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        lib.hb_buffer_guess_segment_properties(buffer)
        lib.hb_shape(face.hb, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = lib.hb_buffer_get_glyph_infos(buffer, &count),
              let positions = lib.hb_buffer_get_glyph_positions(buffer, &count) else { return }
        let u = face.upem
        for g in 0..<Int(count) {
            let pos = positions[g]
            p.glyphs.append(ShapedText.Glyph(face: faceIndex, id: infos[g].codepoint, cluster: Int32(infos[g].cluster),
                                             advance: Double(pos.x_advance) / u,
                                             dx: Double(pos.x_offset) / u, dy: Double(pos.y_offset) / u))
        }
    }
}
