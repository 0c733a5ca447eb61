// fontconfig and HarfBuzz, opened when a scene first measures text rather than linked: they and
// what they pull in (FreeType, GLib, graphite2, libpng …) cost about a millisecond of every calc
// start-up (3.6 M instructions measured with callgrind on an empty scene) when linked, and most
// scenes have no text. Without them (a binary copied to a machine that lacks them), text falls back
// to the documented fallback metrics instead of calc failing to start.
//
// The C headers (CHarfBuzz, CFontconfig) give the types; the module maps link nothing, and every
// function is reached through dlsym with the C signature written out below.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFontconfig
import CHarfBuzz

struct TextLibraries {
    // fontconfig
    let FcInit: @convention(c) () -> FcBool
    let FcPatternCreate: @convention(c) () -> OpaquePointer?
    let FcPatternDestroy: @convention(c) (OpaquePointer?) -> Void
    let FcPatternAddString: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<FcChar8>?) -> FcBool
    let FcConfigSubstitute: @convention(c) (OpaquePointer?, OpaquePointer?, FcMatchKind) -> FcBool
    let FcDefaultSubstitute: @convention(c) (OpaquePointer?) -> Void
    let FcFontMatch: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<FcResult>?) -> OpaquePointer?
    let FcPatternGetString: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<UnsafeMutablePointer<FcChar8>?>?) -> FcResult
    let FcPatternGetInteger: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<Int32>?) -> FcResult
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
    let hb_buffer_create: @convention(c) () -> OpaquePointer?
    let hb_buffer_destroy: @convention(c) (OpaquePointer?) -> Void
    let hb_buffer_clear_contents: @convention(c) (OpaquePointer?) -> Void
    let hb_buffer_add_utf8: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UInt32, Int32) -> Void
    let hb_buffer_guess_segment_properties: @convention(c) (OpaquePointer?) -> Void
    let hb_shape: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<hb_feature_t>?, UInt32) -> Void
    let hb_buffer_get_glyph_infos: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutablePointer<hb_glyph_info_t>?
    let hb_buffer_get_glyph_positions: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutablePointer<hb_glyph_position_t>?

    /// The libraries' sonames on Linux (Debian's libfontconfig1 and libharfbuzz0b) and macOS.
    static let fontconfigNames = ["libfontconfig.so.1", "libfontconfig.so", "libfontconfig.1.dylib"]
    static let harfbuzzNames = ["libharfbuzz.so.0", "libharfbuzz.so", "libharfbuzz.0.dylib"]

    /// Both libraries with every function, or nil when one is missing.
    static func open() -> TextLibraries? {
        func library(_ names: [String]) -> UnsafeMutableRawPointer? {
            for n in names { if let h = dlopen(n, RTLD_NOW | RTLD_LOCAL) { return h } }
            return nil
        }
        guard let fc = library(fontconfigNames), let hb = library(harfbuzzNames) else { return nil }
        func f<T>(_ h: UnsafeMutableRawPointer, _ name: String, _ type: T.Type) -> T? {
            dlsym(h, name).map { unsafeBitCast($0, to: type) }
        }
        guard let FcInit = f(fc, "FcInit", (@convention(c) () -> FcBool).self),
              let FcPatternCreate = f(fc, "FcPatternCreate", (@convention(c) () -> OpaquePointer?).self),
              let FcPatternDestroy = f(fc, "FcPatternDestroy", (@convention(c) (OpaquePointer?) -> Void).self),
              let FcPatternAddString = f(fc, "FcPatternAddString",
                                         (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<FcChar8>?) -> FcBool).self),
              let FcConfigSubstitute = f(fc, "FcConfigSubstitute", (@convention(c) (OpaquePointer?, OpaquePointer?, FcMatchKind) -> FcBool).self),
              let FcDefaultSubstitute = f(fc, "FcDefaultSubstitute", (@convention(c) (OpaquePointer?) -> Void).self),
              let FcFontMatch = f(fc, "FcFontMatch",
                                  (@convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<FcResult>?) -> OpaquePointer?).self),
              let FcPatternGetString = f(fc, "FcPatternGetString",
                                         (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32,
                                                          UnsafeMutablePointer<UnsafeMutablePointer<FcChar8>?>?) -> FcResult).self),
              let FcPatternGetInteger = f(fc, "FcPatternGetInteger",
                                          (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<Int32>?) -> FcResult).self),
              let hb_blob_create_from_file_or_fail = f(hb, "hb_blob_create_from_file_or_fail",
                                                       (@convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?).self),
              let hb_blob_destroy = f(hb, "hb_blob_destroy", (@convention(c) (OpaquePointer?) -> Void).self),
              let hb_face_create = f(hb, "hb_face_create", (@convention(c) (OpaquePointer?, UInt32) -> OpaquePointer?).self),
              let hb_face_destroy = f(hb, "hb_face_destroy", (@convention(c) (OpaquePointer?) -> Void).self),
              let hb_face_get_upem = f(hb, "hb_face_get_upem", (@convention(c) (OpaquePointer?) -> UInt32).self),
              let hb_face_get_glyph_count = f(hb, "hb_face_get_glyph_count", (@convention(c) (OpaquePointer?) -> UInt32).self),
              let hb_font_create = f(hb, "hb_font_create", (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
              let hb_font_set_scale = f(hb, "hb_font_set_scale", (@convention(c) (OpaquePointer?, Int32, Int32) -> Void).self),
              let hb_font_get_h_extents = f(hb, "hb_font_get_h_extents",
                                            (@convention(c) (OpaquePointer?, UnsafeMutablePointer<hb_font_extents_t>?) -> hb_bool_t).self),
              let hb_buffer_create = f(hb, "hb_buffer_create", (@convention(c) () -> OpaquePointer?).self),
              let hb_buffer_destroy = f(hb, "hb_buffer_destroy", (@convention(c) (OpaquePointer?) -> Void).self),
              let hb_buffer_clear_contents = f(hb, "hb_buffer_clear_contents", (@convention(c) (OpaquePointer?) -> Void).self),
              let hb_buffer_add_utf8 = f(hb, "hb_buffer_add_utf8",
                                         (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UInt32, Int32) -> Void).self),
              let hb_buffer_guess_segment_properties = f(hb, "hb_buffer_guess_segment_properties", (@convention(c) (OpaquePointer?) -> Void).self),
              let hb_shape = f(hb, "hb_shape",
                               (@convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<hb_feature_t>?, UInt32) -> Void).self),
              let hb_buffer_get_glyph_infos = f(hb, "hb_buffer_get_glyph_infos",
                                                (@convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutablePointer<hb_glyph_info_t>?).self),
              let hb_buffer_get_glyph_positions = f(hb, "hb_buffer_get_glyph_positions",
                                                    (@convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutablePointer<hb_glyph_position_t>?).self)
        else { return nil }
        return TextLibraries(
            FcInit: FcInit, FcPatternCreate: FcPatternCreate, FcPatternDestroy: FcPatternDestroy,
            FcPatternAddString: FcPatternAddString, FcConfigSubstitute: FcConfigSubstitute,
            FcDefaultSubstitute: FcDefaultSubstitute, FcFontMatch: FcFontMatch,
            FcPatternGetString: FcPatternGetString, FcPatternGetInteger: FcPatternGetInteger,
            hb_blob_create_from_file_or_fail: hb_blob_create_from_file_or_fail, hb_blob_destroy: hb_blob_destroy,
            hb_face_create: hb_face_create, hb_face_destroy: hb_face_destroy, hb_face_get_upem: hb_face_get_upem,
            hb_face_get_glyph_count: hb_face_get_glyph_count, hb_font_create: hb_font_create,
            hb_font_set_scale: hb_font_set_scale, hb_font_get_h_extents: hb_font_get_h_extents,
            hb_buffer_create: hb_buffer_create, hb_buffer_destroy: hb_buffer_destroy,
            hb_buffer_clear_contents: hb_buffer_clear_contents, hb_buffer_add_utf8: hb_buffer_add_utf8,
            hb_buffer_guess_segment_properties: hb_buffer_guess_segment_properties, hb_shape: hb_shape,
            hb_buffer_get_glyph_infos: hb_buffer_get_glyph_infos, hb_buffer_get_glyph_positions: hb_buffer_get_glyph_positions)
    }
}
