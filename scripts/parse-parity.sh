#!/bin/bash
# Checks that two calc binaries lex, parse and compile alike: for every file of the corpus that
# scripts/parity-corpus.py writes (samples, the tests' sources, pathological inputs, mutants) and
# for the 100 000-line benchmark, `calc build --emit tokens`, `--emit ast`, the .calb bytes and
# `calc check` (output and exit status) must be identical. Usage:
#   scripts/parse-parity.sh BASE_CALC NEW_CALC
# e.g. with a release build of the starting commit saved aside before a change.
set -eu
cd "$(dirname "$0")/.."
base=$1; new=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 scripts/parity-corpus.py "$work/corpus" >/dev/null
python3 Benchmarks/gen_compile.py 100000 "$work/corpus" >/dev/null
rm -f "$work/corpus/big.lua"

one() {   # CALC FILE OUTDIR
    local calc=$1 f=$2 od=$3 b
    b=$(basename "$f" .cal)
    {
        for e in tokens ast; do echo "== $e"; "$calc" build "$f" --emit $e 2>&1 | sha256sum; echo "rc=${PIPESTATUS[0]}"; done
        echo "== bytecode"; "$calc" build "$f" -o "$od/$b.calb" 2>&1; echo "rc=$?"
        [ -f "$od/$b.calb" ] && sha256sum < "$od/$b.calb" && rm "$od/$b.calb"
        echo "== check"; "$calc" check "$f" 2>&1; echo "rc=$?"
    } > "$od/$b.txt"
}
export -f one
for side in base new; do
    mkdir -p "$work/$side"
    calc=$base; [ $side = new ] && calc=$new
    ls "$work"/corpus/*.cal | xargs -P "$(nproc)" -I{} bash -c 'one "$0" "$1" "$2"' "$calc" {} "$work/$side"
done
if diff -r "$work/base" "$work/new" > "$work/diff"; then
    echo "parse-parity: $(ls "$work/corpus" | wc -l) files, identical"
else
    head -50 "$work/diff"
    echo "parse-parity: differences in $(grep -c '^diff' "$work/diff" || true) files" >&2
    exit 1
fi
