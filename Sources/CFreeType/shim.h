// Types only: the library is opened with dlopen (TextLayout/Libraries.swift), not linked. FreeType's
// headers live in a directory of their own (pkg-config's -I/usr/include/freetype2), which Package.swift
// passes to the targets that import this module rather than naming a pkg-config file here, because
// SwiftPM would then also link the library.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
