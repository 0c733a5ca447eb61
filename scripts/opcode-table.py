#!/usr/bin/env python3
"""Regenerates the opcode table in docs/bytecode.md from Sources/Bytecode/Opcode.swift (the single
source of truth); DocsDriftTests fails if the two disagree, this keeps editing them cheap."""
import re, os
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
src = open(os.path.join(root, 'Sources/Bytecode/Opcode.swift')).read()
body = src.split('public enum Opcode')[1].split('\n}\n')[0]
ops, sem = [], None
for line in body.split('\n'):
    l = line.strip()
    if l.startswith('///'): sem = l[3:].strip()
    m = re.match(r'case (\w+)', l)
    if m: ops.append((m.group(1), sem)); sem = None
fmt_src = src.split('public var format: OperandFormat')[1].split('public var isTerminator')[0]
notation = {'unused': '-', 'reg': 'R', 'imm': 'imm', 'const': 'K', 'string': 'S', 'keyPath': 'KP', 'layerTemplate': 'LT',
            'animTemplate': 'AT', 'function': 'F', 'jump': 'sC', 'animField': 'AF', 'txField': 'TF', 'global': 'G',
            'count': 'n', 'builtin': 'BI', 'component': 'CO', 'rk': 'RK', 'constraint': 'CN', 'behavior': 'BT', 'dynField': 'DF'}
formats = {}
for m in re.finditer(r'case ([^:]+): return f\(([^\n]*)\)\n', fmt_src):
    names = [n.strip().lstrip('.') for n in m.group(1).split(',')]
    args = [a.strip().lstrip('.') for a in re.split(r',\s*(?![^()]*\))', m.group(2))]
    while len(args) < 3: args.append('unused')
    def n(a):
        mm = re.match(r'regRange\((\d)\)', a)
        return 'R×' + mm.group(1) if mm else notation[a]
    for nm in names: formats[nm] = [n(a) for a in args]
rows = [f"| {i} | `{name.upper()}` | {formats[name][0]} | {formats[name][1]} | {formats[name][2]} | `{s}` |"
        for i, (name, s) in enumerate(ops)]
path = os.path.join(root, 'docs/bytecode.md')
lines = open(path).read().split('\n')
start = next(i for i, l in enumerate(lines) if l.startswith('| 0 | `LOADK`'))
end = start
while end < len(lines) and re.match(r'\| \d+ \| `', lines[end]): end += 1
lines[start:end] = rows
open(path, 'w').write('\n'.join(lines))
print(f"{len(rows)} opcodes")
