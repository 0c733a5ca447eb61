#!/bin/sh
# Coverage-guided fuzzing with libFuzzer (issue 13).
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options…]
# TARGET: source (source → diagnostics), run (source → bytecode → one frame), calb (.calb bytes →
# verify → one frame), image (image bytes → decoder). Builds Sources/CalcFuzz with
# -sanitize=fuzzer,address into .build-fuzz (release, so the run is fast; overflow checks stay on),
# seeds the corpus from Samples/ (and .calb files compiled from them, and the test fixtures' images)
# plus Fuzz/corpus/TARGET, and runs niced for SECONDS. A crash, an ASan report, a run over 2 s
# (-timeout; FUZZ_TIMEOUT=S raises it on a loaded machine, where inputs of 0.2 s were timed out)
# an allocation over 256 MB or a process over 2 GB (below) is a failure: libFuzzer writes the input to .build-fuzz/artifacts/
# and the script exits non-zero. New corpus entries go to
# .build-fuzz/corpus/TARGET; copy small interesting ones to Fuzz/corpus/TARGET to keep them.
set -eu
cd "$(dirname "$0")/.."
target=${1:?usage: scripts/fuzz.sh source|run|calb|image SECONDS}
seconds=${2:-60}
shift 2 2>/dev/null || shift $#
case "$target" in source|run|calb|image) ;; *) echo "fuzz.sh: unknown target '$target'" >&2; exit 2 ;; esac

CALC_FUZZ=1 nice swift build -c release --scratch-path .build-fuzz --product calc-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >&2
bin=.build-fuzz/release/calc-fuzz

seeds=.build-fuzz/seeds/$target
corpus=.build-fuzz/corpus/$target
mkdir -p "$seeds" "$corpus" .build-fuzz/artifacts Fuzz/corpus/"$target"
case "$target" in
    source|run) find Samples docs -name '*.cal' -size -16k -exec cp {} "$seeds"/ \; 2>/dev/null || true ;;
    calb)
        # .calb seeds: the samples compiled by an ordinary build of calc
        if [ ! -x .build/debug/calc ]; then nice swift build --product calc >&2; fi
        for f in Samples/*/*.cal; do
            n=$(echo "$f" | tr '/' '_')
            .build/debug/calc build "$f" -o "$seeds/$n.calb" -q >/dev/null 2>&1 || true
        done ;;
    image) find Samples Tests -path '*__diffs__*' -prune -o \( -name '*.png' -o -name '*.ppm' -o -name '*.pgm' -o -name '*.pam' \) -size -64k -print \
               | head -200 | while read -r f; do cp "$f" "$seeds/$(echo "$f" | tr '/' '_')"; done ;;
esac
dict=""
if [ "$target" = source ] || [ "$target" = run ]; then dict="-dict=Fuzz/cal.dict"; fi

# (leaks are checked, except system libraries' process-wide caches: Fuzz/lsan.supp.) Memory is
# judged per input: one allocation over 256 MB is a failure (-malloc_limit_mb), and the VM runs
# with 64 MiB heap and snapshot budgets. The process's RSS limit is 2 GB, libFuzzer's default: the
# RSS of a long run climbs with ASan's quarantine of freed memory (cut here from 256 MB to 64 MB)
# and its allocator, which keeps each size class's high-water mark — the same 2 000 inputs run
# three times add 1 % to the peak, 5 000 different ones 45 % — while no input measured alone needs
# more than ~110 MB (Fuzz/README.md).
ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=64} LSAN_OPTIONS=suppressions=Fuzz/lsan.supp CALC_FUZZ_TARGET=$target nice -n 15 "$bin" $dict -max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=256 -timeout="${FUZZ_TIMEOUT:-2}" \
    -max_len=65536 -artifact_prefix=.build-fuzz/artifacts/"$target"- -print_final_stats=1 "$@" \
    "$corpus" Fuzz/corpus/"$target" "$seeds"
