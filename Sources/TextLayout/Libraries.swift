// fontconfig, HarfBuzz and FreeType, opened when a scene first measures or draws text rather than
// linked: they and what they pull in (GLib, graphite2, libpng, brotli …) cost about a millisecond of
// every calc start-up (3.6 M instructions measured with callgrind on an empty scene) when linked, and
// most scenes have no text. Without them (a binary copied to a machine that lacks them), text falls
// back to the documented fallback metrics and draws nothing instead of calc failing to start.
//
// The C headers (CHarfBuzz, CFontconfig, CFreeType) give the types; the module maps link nothing, and
// every function is reached through dlsym with the C signature written out below.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFontconfig
import CHarfBuzz
internal import CFreeType

struct TextLibraries {
    // fontconfig
    let FcInit: @convention(c) () -> FcBool
    let FcPatternCreate: @convention(c) () -> OpaquePointer?
    let FcPatternDestroy: @convention(c) (OpaquePointer?) -> Void
    let FcPatternAddString: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<FcChar8>?) -> FcBool
    let FcConfigSubstitute: @convention(c) (OpaquePointer?, OpaquePointer?, FcMatchKind) -> FcBool
    let FcDefaultSubstitute: @convention(c) (OpaquePointer?) -> Void
    let FcFontMatch: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<FcResult>?) -> OpaquePointer?
    let FcFontSort: @convention(c) (OpaquePointer?, OpaquePointer?, FcBool, UnsafeMutablePointer<OpaquePointer?>?,
                                    UnsafeMutablePointer<FcResult>?) -> UnsafeMutablePointer<FcFontSet>?
    let FcFontSetDestroy: @convention(c) (UnsafeMutablePointer<FcFontSet>?) -> Void
    let FcPatternGetString: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<UnsafeMutablePointer<FcChar8>?>?) -> FcResult
    let FcPatternGetInteger: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<Int32>?) -> FcResult
    let FcPatternGetBool: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<FcBool>?) -> FcResult
    let FcPatternGetCharSet: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> FcResult
    let FcCharSetHasChar: @convention(c) (OpaquePointer?, FcChar32) -> FcBool
    // HarfBuzz
    let hb_blob_create_from_file_or_fail: @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    let hb_blob_destroy: @convention(c) (OpaquePointer?) -> Void
    let hb_face_create: @convention(c) (OpaquePointer?, UInt32) -> OpaquePointer?
    let hb_face_destroy: @convention(c) (OpaquePointer?) -> Void
    let hb_face_get_upem: @convention(c) (OpaquePointer?) -> UInt32
    let hb_face_get_glyph_count: @convention(c) (OpaquePointer?) -> UInt32
    let hb_font_create: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let hb_font_set_scale: @convention(c) (OpaquePointer?, Int32, Int32) -> Void
    let hb_font_get_h_extents: @convention(c) (OpaquePointer?, UnsafeMutablePointer<hb_font_extents_t>?) -> hb_bool_t
    let hb_font_get_nominal_glyph: @convention(c) (OpaquePointer?, hb_codepoint_t, UnsafeMutablePointer<hb_codepoint_t>?) -> hb_bool_t
    let hb_buffer_create: @convention(c) () -> OpaquePointer?
    let hb_buffer_destroy: @convention(c) (OpaquePointer?) -> Void
    let hb_buffer_clear_contents: @convention(c) (OpaquePointer?) -> Void
    let hb_buffer_add_utf8: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UInt32, Int32) -> Void
    let hb_buffer_set_direction: @convention(c) (OpaquePointer?, hb_direction_t) -> Void
    let hb_buffer_guess_segment_properties: @convention(c) (OpaquePointer?) -> Void
    let hb_shape: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<hb_feature_t>?, UInt32) -> Void
    let hb_buffer_get_glyph_infos: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutablePointer<hb_glyph_info_t>?
    let hb_buffer_get_glyph_positions: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutablePointer<hb_glyph_position_t>?
    // FreeType
    let FT_Init_FreeType: @convention(c) (UnsafeMutablePointer<FT_Library?>?) -> FT_Error
    let FT_New_Face: @convention(c) (FT_Library?, UnsafePointer<CChar>?, FT_Long, UnsafeMutablePointer<FT_Face?>?) -> FT_Error
    let FT_Load_Glyph: @convention(c) (FT_Face?, FT_UInt, FT_Int32) -> FT_Error
    let FT_Outline_Decompose: @convention(c) (UnsafeMutablePointer<FT_Outline>?, UnsafePointer<FT_Outline_Funcs>?, UnsafeMutableRawPointer?) -> FT_Error

    /// The libraries' sonames on Linux (Debian's libfontconfig1, libharfbuzz0b, libfreetype6) and macOS.
    static let fontconfigNames = ["libfontconfig.so.1", "libfontconfig.so", "libfontconfig.1.dylib"]
    static let harfbuzzNames = ["libharfbuzz.so.0", "libharfbuzz.so", "libharfbuzz.0.dylib"]
    static let freetypeNames = ["libfreetype.so.6", "libfreetype.so", "libfreetype.6.dylib"]

    /// A symbol of an opened library, cast to its C function type.
    private struct Symbols {
        let handle: UnsafeMutableRawPointer
        var missing = false
        mutating func get<T>(_ name: String) -> T {
            if let p = dlsym(handle, name) { return unsafeBitCast(p, to: T.self) }
            missing = true
            // a stand-in of the right type that is never called: open() returns nil when one is missing
            return unsafeBitCast(Symbols.never, to: T.self)
        }
        static let never: @convention(c) () -> Void = {}
    }

    /// All three libraries with every function, or nil when one is missing.
    static func open() -> TextLibraries? {
        func library(_ names: [String]) -> UnsafeMutableRawPointer? {
            for n in names { if let h = dlopen(n, RTLD_NOW | RTLD_LOCAL) { return h } }
            return nil
        }
        guard let fch = library(fontconfigNames), let hbh = library(harfbuzzNames), let fth = library(freetypeNames) else { return nil }
        var fc = Symbols(handle: fch), hb = Symbols(handle: hbh), ft = Symbols(handle: fth)
        let lib = TextLibraries(
            FcInit: fc.get("FcInit"), FcPatternCreate: fc.get("FcPatternCreate"), FcPatternDestroy: fc.get("FcPatternDestroy"),
            FcPatternAddString: fc.get("FcPatternAddString"), FcConfigSubstitute: fc.get("FcConfigSubstitute"),
            FcDefaultSubstitute: fc.get("FcDefaultSubstitute"), FcFontMatch: fc.get("FcFontMatch"), FcFontSort: fc.get("FcFontSort"),
            FcFontSetDestroy: fc.get("FcFontSetDestroy"),
            FcPatternGetString: fc.get("FcPatternGetString"), FcPatternGetInteger: fc.get("FcPatternGetInteger"),
            FcPatternGetBool: fc.get("FcPatternGetBool"), FcPatternGetCharSet: fc.get("FcPatternGetCharSet"),
            FcCharSetHasChar: fc.get("FcCharSetHasChar"),
            hb_blob_create_from_file_or_fail: hb.get("hb_blob_create_from_file_or_fail"), hb_blob_destroy: hb.get("hb_blob_destroy"),
            hb_face_create: hb.get("hb_face_create"), hb_face_destroy: hb.get("hb_face_destroy"),
            hb_face_get_upem: hb.get("hb_face_get_upem"), hb_face_get_glyph_count: hb.get("hb_face_get_glyph_count"),
            hb_font_create: hb.get("hb_font_create"), hb_font_set_scale: hb.get("hb_font_set_scale"),
            hb_font_get_h_extents: hb.get("hb_font_get_h_extents"), hb_font_get_nominal_glyph: hb.get("hb_font_get_nominal_glyph"),
            hb_buffer_create: hb.get("hb_buffer_create"), hb_buffer_destroy: hb.get("hb_buffer_destroy"),
            hb_buffer_clear_contents: hb.get("hb_buffer_clear_contents"), hb_buffer_add_utf8: hb.get("hb_buffer_add_utf8"),
            hb_buffer_set_direction: hb.get("hb_buffer_set_direction"),
            hb_buffer_guess_segment_properties: hb.get("hb_buffer_guess_segment_properties"), hb_shape: hb.get("hb_shape"),
            hb_buffer_get_glyph_infos: hb.get("hb_buffer_get_glyph_infos"),
            hb_buffer_get_glyph_positions: hb.get("hb_buffer_get_glyph_positions"),
            FT_Init_FreeType: ft.get("FT_Init_FreeType"), FT_New_Face: ft.get("FT_New_Face"), FT_Load_Glyph: ft.get("FT_Load_Glyph"),
            FT_Outline_Decompose: ft.get("FT_Outline_Decompose"))
        return fc.missing || hb.missing || ft.missing ? nil : lib
    }
}
