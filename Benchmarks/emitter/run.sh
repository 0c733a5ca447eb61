#!/bin/sh
# Builds the VM and compiler in release and runs the emitter benchmark from the repository root.
set -e
cd "$(dirname "$0")/../.."
swift build -c release --target VM >/dev/null
swift build -c release --target Compiler >/dev/null
R=.build/release
OUT=$(mktemp -d)
swiftc -O -module-name ebench Benchmarks/emitter/main.swift -I $R/Modules \
    $R/VM.build/*.o $R/Compiler.build/*.o $R/Parser.build/*.o $R/Bytecode.build/*.o $R/Particles.build/*.o $R/CalcCore.build/*.o \
    -o "$OUT/ebench"
"$OUT/ebench" "$@"
rm -rf "$OUT"
