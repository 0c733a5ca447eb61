#!/bin/sh
# VM and compiler benchmarks against Lua 5.4, measured in the same run (hyperfine, Debian packages
# lua5.4 and hyperfine). Builds calc in release mode first. Prints hyperfine's tables; the ratio
# lines are calc's median time over Lua's, and the minimum's (whole processes, so start-up counts:
# the 'startup' row is an empty scene against 'lua5.4 -e ""'). On a shared machine compare ratios,
# not times; `calc build` of a large file uses two threads, so it feels other load on the host
# more than luac does, and the minimum is the steadier figure there. RUNS sets the runs (20).
set -eu
cd "$(dirname "$0")/.."
for p in lua5.4 hyperfine; do
    command -v "$p" >/dev/null || { echo "bench-vm: needs $p (apt-get install lua5.4 hyperfine)" >&2; exit 2; }
done
swift build -c release --static-swift-stdlib --product calc >/dev/null
CALC=.build/release/calc
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
python3 Benchmarks/gen_compile.py 100000 "$OUT" >/dev/null

hyperfine -N --warmup 3 --runs "${RUNS:-20}" --export-json "$OUT/vm.json" \
    -n calc-startup "$CALC run Benchmarks/vm/empty.cal -o $OUT/f -q" \
    -n lua-startup "lua5.4 -e ''" \
    -n calc-loop "$CALC run Benchmarks/vm/loop.cal -o $OUT/f --step-budget 2000000000 -q" \
    -n lua-loop "lua5.4 Benchmarks/vm/loop.lua" \
    -n calc-calls "$CALC run Benchmarks/vm/calls.cal -o $OUT/f --step-budget 2000000000 -q" \
    -n lua-calls "lua5.4 Benchmarks/vm/calls.lua" \
    -n calc-compile "$CALC build $OUT/big.cal -o $OUT/big.calb" \
    -n luac-compile "luac5.4 -o $OUT/big.luac $OUT/big.lua"

python3 - "$OUT/vm.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
r = {x["command"]: x["median"] for x in results}
low = {x["command"]: min(x["times"]) for x in results}
for a, b in [("calc-startup", "lua-startup"), ("calc-loop", "lua-loop"), ("calc-calls", "lua-calls"), ("calc-compile", "luac-compile")]:
    print(f"{a:>13}: {r[a]*1000:7.1f} ms   {b:>12}: {r[b]*1000:7.1f} ms   ratio {r[a]/r[b]:.2f}x"
          f"   (minimum {low[a]*1000:.1f} / {low[b]*1000:.1f} ms: {low[a]/low[b]:.2f}x)")
print(f"compile throughput: calc {100000/r['calc-compile']:,.0f} lines/s, luac5.4 {100000/r['luac-compile']:,.0f} lines/s (medians)")
PY
