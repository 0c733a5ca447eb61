#!/bin/sh
# The test suite under AddressSanitizer, and calc's threads under ThreadSanitizer (issue 13).
#   scripts/sanitize.sh address   — every test, built with -sanitize=address (.build-asan)
#   scripts/sanitize.sh thread    — the tests that start threads (the compiler's second thread, the
#                                   snapshot engine's jobs) and a calc binary built with
#                                   -sanitize=thread rendering a sample on 4 workers and compiling
#                                   a file large enough to parse in halves (.build-tsan)
#   scripts/sanitize.sh all       — both
# Builds are debug (sanitizers want the checks) and niced; each has its own scratch path so the
# ordinary .build is untouched. Exit status: non-zero when any sanitizer reports or a test fails.
set -eu
cd "$(dirname "$0")/.."
mode=${1:-all}

address() {
    echo "== AddressSanitizer: swift test" >&2
    # as in the run that passed (761 tests, no report): a 64 MiB stack, since ASan's debug frames are
    # large and the parser may nest 256 levels, and no Swift backtracer on a crash (it can hang
    # symbolicating a deep stack)
    ulimit -s 65536 2>/dev/null || true
    export SWIFT_BACKTRACE=enable=no
    ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 nice swift test --sanitize=address --scratch-path .build-asan
}

thread() {
    echo "== ThreadSanitizer: threaded tests" >&2
    # scripts/tsan.supp: the Synchronization library's futex hand-over, which TSan cannot see
    export TSAN_OPTIONS="halt_on_error=1 suppressions=$PWD/scripts/tsan.supp"
    nice swift test --sanitize=thread --scratch-path .build-tsan \
        --filter 'ParallelCompileTests|EngineTests|SnapshotCLITests'
    echo "== ThreadSanitizer: calc run --jobs 4, calc build of a large file" >&2
    nice swift build --sanitize=thread --scratch-path .build-tsan --product calc
    bin=.build-tsan/debug/calc
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    "$bin" run Samples/tour/tour.cal -o "$tmp/frames" --jobs 4 -q
    # 300 KiB of declarations: over the 256 KiB at which the parser splits the file in halves and
    # the checker and code generator use their second thread
    python3 Benchmarks/gen_compile.py 12000 "$tmp" >/dev/null
    "$bin" build "$tmp/big.cal" -o "$tmp/big.calb" -q
}

case "$mode" in
    address) address ;;
    thread) thread ;;
    all) address; thread ;;
    *) echo "usage: scripts/sanitize.sh address|thread|all" >&2; exit 2 ;;
esac
echo "sanitize.sh: $mode: no reports" >&2
