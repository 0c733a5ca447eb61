#!/bin/sh
# Builds Compose in release and runs the stroke benchmark from the repository root, then Skia's
# stroker on the same cases when skia_stroke.python is there (PYTHON=... to choose the interpreter).
set -e
cd "$(dirname "$0")/../.."
swift build -c release --target Compose >/dev/null
R=.build/release
OUT=$(mktemp -d)
# Compose imports TextLayout, which reaches FreeType, HarfBuzz and fontconfig through module maps
swiftc -O -module-name sbench Benchmarks/stroke/main.swift -I $R/Modules \
    -I Sources/CFontconfig -I Sources/CFreeType -I Sources/CHarfBuzz -Xcc -I/usr/include/freetype2 -Xcc -I/usr/include/harfbuzz \
    $R/Compose.build/*.o $R/DisplayList.build/*.o $R/CalcCore.build/*.o $R/TextLayout.build/*.o \
    -lfreetype -lharfbuzz -lfontconfig -o "$OUT/sbench"
echo "calc:"; "$OUT/sbench"
rm -rf "$OUT"
echo "skia:"; ${PYTHON:-python3} Benchmarks/stroke/skia_stroke.py
