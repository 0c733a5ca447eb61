#!/bin/sh
# Builds Compose in release and runs the stroke benchmark from the repository root, then Skia's
# stroker on the same cases when skia_stroke.python is there (PYTHON=... to choose the interpreter).
set -e
cd "$(dirname "$0")/../.."
swift build -c release --target Compose >/dev/null
R=.build/release
OUT=$(mktemp -d)
swiftc -O -module-name sbench Benchmarks/stroke/main.swift -I $R/Modules \
    $R/Compose.build/*.o $R/DisplayList.build/*.o $R/CalcCore.build/*.o -o "$OUT/sbench"
echo "calc:"; "$OUT/sbench"
rm -rf "$OUT"
echo "skia:"; ${PYTHON:-python3} Benchmarks/stroke/skia_stroke.py
