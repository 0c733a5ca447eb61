#!/bin/sh
# Builds Particles in release and runs the benchmark (./run.sh h: the history case only).
set -e
cd "$(dirname "$0")/../.."
swift build -c release --target Particles >/dev/null
R=.build/release
OUT=$(mktemp -d)
swiftc -O -module-name pbench Benchmarks/particles/main.swift -I $R/Modules $R/Particles.build/*.o $R/CalcCore.build/*.o -o "$OUT/pbench"
"$OUT/pbench" "$@"
rm -rf "$OUT"
