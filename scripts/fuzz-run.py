#!/usr/bin/env python3
"""Fuzz the release-built calc end to end: mutate the samples, then `calc check` and, when that
passes, `calc run` a few frames at a small scale. Reports a crash (a signal, or an exit code calc
does not document) or a hang (no exit within --timeout seconds) and keeps the input that caused it.

The in-process fuzz test (Tests/CompilerTests/FuzzTests.swift) covers the parser and checker on
every `swift test`; this script also runs the mutated programs through the VM, the layout, the
physics and the renderer, which is too slow for a debug build. Deterministic for a given seed.

    swift build -c release --product calc
    python3 scripts/fuzz-run.py --seed 1 --count 2000 --out /tmp/fuzz
"""
import argparse
import glob
import os
import random
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCUMENTED_EXITS = {0, 1, 2, 3, 4, 5}
NUMBERS = ['0', '-1', '1e6', '1e-9', '1e300', '-1e300', '0.5', '10000', '3', '-0.001', '1e15', '2', '999999']
TOKENS = ['0', '-1', '1e308', '0.0001', 'infinity', '360deg', '0s', '-5s', '1000', '(0,0)', '(0, 0, 0, 0)',
          '[]', '[1]', '""', 'root', '.linear', 'true', 'false', '#000', 'time', 'pi', '1/0', '0/0', '-0',
          '100000', '(1e9, 1e9)', '[(0,0),(1,1)]', 'sqrt(-1)']
NUMBER = re.compile(r'-?\d+(\.\d+)?(s|ms|deg|rad)?')
OPERATOR = re.compile(r'(?<=[\w)\]]) ([-+*/%]|<|>|==) (?=[\w(\[.])')
WORD = re.compile(r'[A-Za-z_]+')


def mutate(rng, s):
    for _ in range(rng.randint(1, 4)):
        k = rng.random()
        if k < 0.5:
            nums = list(NUMBER.finditer(s))
            if not nums:
                continue
            m = rng.choice(nums)
            if rng.random() < 0.8:   # another magnitude, same unit: likely to type-check
                s = s[:m.start()] + rng.choice(NUMBERS) + (m.group(2) or '') + s[m.end():]
            else:
                s = s[:m.start()] + rng.choice(TOKENS) + s[m.end():]
        elif k < 0.6:
            ops = list(OPERATOR.finditer(s))
            if ops:
                m = rng.choice(ops)
                s = s[:m.start()] + ' ' + rng.choice(['+', '-', '*', '/', '%']) + ' ' + s[m.end():]
        elif k < 0.7:
            lines = s.split('\n')
            lines.insert(rng.randrange(len(lines)), lines[rng.randrange(len(lines))])
            s = '\n'.join(lines)
        elif k < 0.85:
            lines = s.split('\n')
            del lines[rng.randrange(len(lines))]
            s = '\n'.join(lines)
        else:
            words = list(WORD.finditer(s))
            if words:
                m = rng.choice(words)
                s = s[:m.start()] + rng.choice(words).group(0) + s[m.end():]
    return s


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--calc', default=os.path.join(ROOT, '.build/release/calc'))
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=1000)
    ap.add_argument('--out', default='/tmp/calc-fuzz', help='where inputs that crash or hang are kept')
    ap.add_argument('--timeout', type=float, default=20)
    args = ap.parse_args()
    if not os.access(args.calc, os.X_OK):
        sys.exit(f'fuzz-run: no calc at {args.calc} (swift build -c release --product calc)')
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    corpus = [open(f, encoding='utf-8').read()
              for f in sorted(glob.glob(os.path.join(ROOT, 'Samples/**/*.cal'), recursive=True)) if '/errors/' not in f]
    work = os.path.join(args.out, f'input-{args.seed}.cal')
    frames = os.path.join(args.out, f'frames-{args.seed}')
    ran = found = 0
    for i in range(args.count):
        src = mutate(rng, rng.choice(corpus))
        with open(work, 'w') as f:
            f.write(src)
        for cmd in (['check', work],
                    ['run', work, '-o', frames, '-q', '--frames', '0..3', '--scale', '0.25', '--step-budget', '200000']):
            try:
                r = subprocess.run([args.calc] + cmd, capture_output=True, timeout=args.timeout)
            except subprocess.TimeoutExpired:
                kind, detail = 'hang', f'no exit within {args.timeout} s'
            else:
                if r.returncode in DOCUMENTED_EXITS:
                    if cmd[0] == 'check' and r.returncode != 0:
                        break
                    ran += cmd[0] == 'run'
                    continue
                kind, detail = 'crash', f'exit {r.returncode}: ' + r.stderr.decode(errors='replace')[-400:]
            keep = os.path.join(args.out, f'{kind}-{args.seed}-{i}-{cmd[0]}.cal')
            with open(keep, 'w') as f:
                f.write(src)
            found += 1
            print(f'{kind.upper()} in calc {cmd[0]}: {keep}\n  {detail}', flush=True)
            break
    print(f'{args.count} inputs, {ran} ran, {found} crashes or hangs (seed {args.seed})')
    sys.exit(1 if found else 0)


if __name__ == '__main__':
    main()
