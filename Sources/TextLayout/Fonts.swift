// The fonts a process has opened: faces (one font file and face index, opened once by HarfBuzz for
// shaping and by FreeType for outlines), which face a font name means (fontconfig's match, as any
// program on the machine would get), the fallback faces for characters a font lacks (fontconfig's
// sorted list for that name, first face that has the character, skipping colour bitmap fonts whose
// glyphs have no outlines), and glyph outlines in font units. Everything here is reached under
// TextMeasure's lock and kept for the next call, so a frame of a thousand labels reads no font file
// and decomposes nothing after the first frame. Opened faces are bounded by the machine's font
// files; what is keyed by the names and characters a script chooses is bounded by `limits` (a script
// or a fuzzer that names a new font on every layer must not grow memory without end): past a limit
// that table starts again, which changes no result, only the work of rebuilding it.

import CalcCore
import CFontconfig
import CHarfBuzz
internal import CFreeType

/// A glyph's outline in font units (y up, as fonts draw), made of closed contours: filled with the
/// non-zero rule, it is the glyph.
public final class GlyphOutline: Sendable {
    /// Moves, lines, quadratic and cubic Béziers and closes.
    public let elements: [BezierPath.Element]
    init(_ elements: [BezierPath.Element]) { self.elements = elements }
}

/// One opened face.
struct Face {
    let file: String
    let index: Int32
    let hb: OpaquePointer
    let ft: FT_Face?
    /// Units per em.
    let upem: Double
    /// hhea ascender, −descender (positive below the baseline) and line gap, in ems.
    let ascender: Double, descender: Double, lineGap: Double
}

/// Faces, name matches, fallbacks and outlines (state behind TextMeasure's lock).
struct FontStore {
    let lib: TextLibraries
    var ftLibrary: FT_Library?
    var faces: [Face] = []
    var faceIndex: [String: Int32] = [:]          // "file\0index" → faces index
    var names: [String: Int32] = [:]              // font name → primary face, −1 when none
    var fallbackSets: [String: UnsafeMutablePointer<FcFontSet>?] = [:]
    var fallbacks: [FallbackKey: Int32] = [:]     // (name, scalar) → face, −1 when none has it
    var outlines: [UInt64: GlyphOutline] = [:]
    /// Font files opened and outlines decomposed so far (tests check that warm frames do neither).
    var filesOpened = 0, decomposed = 0

    struct FallbackKey: Hashable { let name: String; let scalar: UInt32 }

    /// Entries kept at most in the tables keyed by the script's names and characters. A fallback
    /// set is fontconfig's sorted list of every font on the machine, so few of those are kept.
    static let limits = (names: 1024, fallbackSets: 64, fallbacks: 65_536, outlines: 65_536)

    init(_ lib: TextLibraries) {
        self.lib = lib
        var l: FT_Library?
        ftLibrary = lib.FT_Init_FreeType(&l) == 0 ? l : nil
    }

    /// The face fontconfig matches for `name`, taken as a family or a PostScript name (so both
    /// "DejaVu Sans" and "DejaVuSans-Bold" work); nil when there is no usable font file at all.
    mutating func primary(_ name: String) -> Int32? {
        if let f = names[name] { return f >= 0 ? f : nil }
        if names.count >= Self.limits.names { names.removeAll(keepingCapacity: true) }
        var found: Int32 = -1
        if let pattern = makePattern(name) {
            defer { lib.FcPatternDestroy(pattern) }
            var result = FcResultNoMatch
            if let match = lib.FcFontMatch(nil, pattern, &result) {
                defer { lib.FcPatternDestroy(match) }
                if let (file, index) = fileAndIndex(match) { found = face(file, index) ?? -1 }
            }
        }
        names[name] = found
        return found >= 0 ? found : nil
    }

    private func makePattern(_ name: String) -> OpaquePointer? {
        guard let pattern = lib.FcPatternCreate() else { return nil }
        for object in [FC_FAMILY, FC_POSTSCRIPT_NAME] {
            _ = name.withCString { n in
                n.withMemoryRebound(to: FcChar8.self, capacity: name.utf8.count + 1) { lib.FcPatternAddString(pattern, object, $0) }
            }
        }
        _ = lib.FcConfigSubstitute(nil, pattern, FcMatchPattern)
        lib.FcDefaultSubstitute(pattern)
        return pattern
    }

    private func fileAndIndex(_ p: OpaquePointer) -> (String, Int32)? {
        var file: UnsafeMutablePointer<FcChar8>? = nil
        guard lib.FcPatternGetString(p, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if lib.FcPatternGetInteger(p, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        return (String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self)), max(0, index))
    }

    /// Opens (once) the face `index` of `file`.
    mutating func face(_ file: String, _ index: Int32) -> Int32? {
        let key = file + "\u{0}" + String(index)
        if let f = faceIndex[key] { return f >= 0 ? f : nil }
        faceIndex[key] = -1
        filesOpened += 1
        guard let blob = lib.hb_blob_create_from_file_or_fail(file) else { return nil }
        defer { lib.hb_blob_destroy(blob) }
        guard let hbFace = lib.hb_face_create(blob, UInt32(index)) else { return nil }
        defer { lib.hb_face_destroy(hbFace) }
        let upem = lib.hb_face_get_upem(hbFace)
        guard upem > 0, lib.hb_face_get_glyph_count(hbFace) > 0, let font = lib.hb_font_create(hbFace) else { return nil }
        // font units throughout: the scale is the units per em, no hinting, no pixel rounding
        lib.hb_font_set_scale(font, Int32(upem), Int32(upem))
        var extents = hb_font_extents_t()
        _ = lib.hb_font_get_h_extents(font, &extents)
        var ft: FT_Face?
        if let l = ftLibrary, lib.FT_New_Face(l, file, FT_Long(index), &ft) != 0 { ft = nil }
        let u = Double(upem)
        faces.append(Face(file: file, index: index, hb: font, ft: ft, upem: u,
                          ascender: Double(extents.ascender) / u, descender: Double(-extents.descender) / u,
                          lineGap: Double(extents.line_gap) / u))
        let f = Int32(faces.count - 1)
        faceIndex[key] = f
        return f
    }

    /// Whether face `f` maps `scalar` to a glyph.
    func has(_ f: Int32, _ scalar: UInt32) -> Bool {
        var g: hb_codepoint_t = 0
        return lib.hb_font_get_nominal_glyph(faces[Int(f)].hb, scalar, &g) != 0 && g != 0
    }

    /// The first face in fontconfig's fallback order for `name` that has `scalar` and draws it with
    /// outlines; nil when no font on the machine has it.
    mutating func fallback(_ name: String, _ scalar: UInt32) -> Int32? {
        let key = FallbackKey(name: name, scalar: scalar)
        if let f = fallbacks[key] { return f >= 0 ? f : nil }
        if fallbacks.count >= Self.limits.fallbacks { fallbacks.removeAll(keepingCapacity: true) }
        if fallbackSets[name] == nil, fallbackSets.count >= Self.limits.fallbackSets { dropFallbackSets() }
        if fallbackSets[name] == nil {
            var set: UnsafeMutablePointer<FcFontSet>? = nil
            if let pattern = makePattern(name) {
                var result = FcResultNoMatch
                set = lib.FcFontSort(nil, pattern, 1, nil, &result)
                lib.FcPatternDestroy(pattern)
            }
            fallbackSets[name] = .some(set)     // kept: its patterns own the character sets read below
        }
        var found: Int32 = -1
        if case .some(.some(let set)) = fallbackSets[name], let fonts = set.pointee.fonts {
            for i in 0..<Int(set.pointee.nfont) {
                guard let p = fonts[i] else { continue }
                var cs: OpaquePointer? = nil
                guard lib.FcPatternGetCharSet(p, FC_CHARSET, 0, &cs) == FcResultMatch, lib.FcCharSetHasChar(cs, scalar) != 0 else { continue }
                var color: FcBool = 0, outline: FcBool = 1
                if lib.FcPatternGetBool(p, FC_COLOR, 0, &color) == FcResultMatch, color != 0 { continue }
                if lib.FcPatternGetBool(p, FC_OUTLINE, 0, &outline) == FcResultMatch, outline == 0 { continue }
                guard let (file, index) = fileAndIndex(p), let f = face(file, index), has(f, scalar) else { continue }
                found = f
                break
            }
        }
        fallbacks[key] = found
        return found >= 0 ? found : nil
    }

    /// Frees every fallback set (fontconfig's memory) and the answers read from them.
    mutating func dropFallbackSets() {
        for case .some(let set) in fallbackSets.values { lib.FcFontSetDestroy(set) }
        fallbackSets.removeAll(keepingCapacity: true)
        fallbacks.removeAll(keepingCapacity: true)
    }

    /// The outline of glyph `glyph` of face `f`, decomposed once; nil when it has none (a space, a
    /// bitmap-only glyph, or FreeType could not load it).
    mutating func outline(_ f: Int32, _ glyph: UInt32) -> GlyphOutline? {
        let key = UInt64(UInt32(bitPattern: f)) << 32 | UInt64(glyph)
        if let o = outlines[key] { return o.elements.isEmpty ? nil : o }
        if outlines.count >= Self.limits.outlines { outlines.removeAll(keepingCapacity: true) }
        decomposed += 1
        let o = GlyphOutline(decompose(faces[Int(f)].ft, glyph))
        outlines[key] = o
        return o.elements.isEmpty ? nil : o
    }

    private func decompose(_ face: FT_Face?, _ glyph: UInt32) -> [BezierPath.Element] {
        guard let face else { return [] }
        // font units, no hinting, no embedded bitmaps: the outline as designed
        let flags = FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        guard lib.FT_Load_Glyph(face, glyph, flags) == 0, let slot = face.pointee.glyph,
              slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return [] }
        var builder = OutlineBuilder()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                guard let to, let b = user?.assumingMemoryBound(to: OutlineBuilder.self) else { return 1 }
                b.pointee.move(Point(Double(to.pointee.x), Double(to.pointee.y)))
                return 0
            },
            line_to: { to, user in
                guard let to, let b = user?.assumingMemoryBound(to: OutlineBuilder.self) else { return 1 }
                b.pointee.elements.append(.line(Point(Double(to.pointee.x), Double(to.pointee.y))))
                return 0
            },
            conic_to: { c, to, user in
                guard let c, let to, let b = user?.assumingMemoryBound(to: OutlineBuilder.self) else { return 1 }
                b.pointee.elements.append(.quad(Point(Double(c.pointee.x), Double(c.pointee.y)),
                                                Point(Double(to.pointee.x), Double(to.pointee.y))))
                return 0
            },
            cubic_to: { c1, c2, to, user in
                guard let c1, let c2, let to, let b = user?.assumingMemoryBound(to: OutlineBuilder.self) else { return 1 }
                b.pointee.elements.append(.cubic(Point(Double(c1.pointee.x), Double(c1.pointee.y)),
                                                 Point(Double(c2.pointee.x), Double(c2.pointee.y)),
                                                 Point(Double(to.pointee.x), Double(to.pointee.y))))
                return 0
            },
            shift: 0, delta: 0)
        let error = withUnsafeMutablePointer(to: &builder) { b in
            withUnsafeMutablePointer(to: &slot.pointee.outline) { o in
                lib.FT_Outline_Decompose(o, &funcs, UnsafeMutableRawPointer(b))
            }
        }
        guard error == 0 else { return [] }
        builder.finish()
        return builder.elements
    }
}

/// Collects FT_Outline_Decompose's callbacks into path elements, closing each contour.
private struct OutlineBuilder {
    var elements: [BezierPath.Element] = []
    var open = false
    mutating func move(_ p: Point) {
        if open { elements.append(.close) }
        elements.append(.move(p))
        open = true
    }
    mutating func finish() {
        if open { elements.append(.close) }
        open = false
    }
}
