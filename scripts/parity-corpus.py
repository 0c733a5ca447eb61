# Writes the corpus that scripts/parse-parity.sh compares two calc binaries on: the samples,
# the benchmarks' sources, every string literal of Tests/ (where the tests keep their bad input),
# pathological inputs, literals at the end of a file, files of one-byte tokens, and 4000
# deterministic mutants of the samples. Usage: parity-corpus.py OUTDIR
import os, re, glob, random, shutil
import sys
root = os.path.abspath(os.path.join(os.path.dirname(__file__), '..'))
out = sys.argv[1]
shutil.rmtree(out, ignore_errors=True); os.makedirs(out)
n = 0
def put(name, data):
    global n
    if isinstance(data, str): data = data.encode('utf-8', 'surrogatepass')
    with open(os.path.join(out, '%05d_%s.cal' % (n, name)), 'wb') as f: f.write(data)
    n += 1
samples = sorted(glob.glob(root + '/Samples/**/*.cal', recursive=True))
srcs = []
for s in samples:
    b = open(s, 'rb').read(); srcs.append(b); put(os.path.basename(s)[:-4], b)
for s in sorted(glob.glob(root + '/Benchmarks/**/*.cal', recursive=True)):
    put('bench_' + os.path.basename(s)[:-4], open(s, 'rb').read())

def unescape(s):
    # Swift escapes; None when the literal interpolates
    if re.search(r'(?<!\\)(\\\\)*\\\(', s): return None
    res = []; i = 0
    while i < len(s):
        c = s[i]
        if c == '\\' and i + 1 < len(s):
            e = s[i+1]
            if e == 'n': res.append('\n'); i += 2; continue
            if e == 't': res.append('\t'); i += 2; continue
            if e == 'r': res.append('\r'); i += 2; continue
            if e == '0': res.append('\0'); i += 2; continue
            if e in '"\\\'': res.append(e); i += 2; continue
            if e == 'u':
                m = re.match(r'\\u\{([0-9a-fA-F]+)\}', s[i:])
                if m:
                    try: res.append(chr(int(m.group(1), 16)))
                    except ValueError: return None
                    i += len(m.group(0)); continue
            if e == '\n': i += 2; continue
            return None
        res.append(c); i += 1
    return ''.join(res)

lits = set()
for f in sorted(glob.glob(root + '/Tests/**/*.swift', recursive=True)):
    t = open(f, encoding='utf-8').read()
    # multi-line literals
    for m in re.finditer(r'"""\n(.*?)\n([ \t]*)"""', t, re.S):
        ind = m.group(2)
        body = '\n'.join(l[len(ind):] if l.startswith(ind) else l.lstrip() for l in m.group(1).split('\n'))
        u = unescape(body)
        if u is not None: lits.add(u)
    t2 = re.sub(r'""".*?"""', '', t, flags=re.S)
    for m in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', t2):
        u = unescape(m.group(1))
        if u is not None and len(u) > 0: lits.add(u)
for u in sorted(lits):
    put('lit', u)

frags = ["{", "}", "(", ")", "[", "]", ",", ":", ";", "=", ".", "..<", "...", "\"", "\\(", "#", "#ff0", "//", "/*",
    "layer", "let", "var", "func", "at", "after", "every", "on", "if", "else", "for", "in", "return", "transaction",
    "animations", "actions", "style", "basic", "keyframe", "group", "spring", "none", "true", "time", "root",
    "0", "-1", "1e309", "2s", "90deg", "0.5", "infinity", "position", "opacity", ".x", "frame", "named(\"a\")",
    "1 / 0", "x[9]", "\u00FF", "\n", "    ", "dynamics", "gravity g", "collision", ".active", ".beganContact",
    "1_000", "1.5e3", "2E-2ms", "0.1234567890123456789", "12345678901234567", "3e", "3ex", "1.", ".5", "9..<10",
    "mask", "property", "draw", "cell", "constraints", "animate", "completion", "while", "x += 1", "a.b.c: 1",
    "\t", "\r\n", "#12345", "\"\\u{41}\"", "\"\\q\"", "/* /* */", "&&", "||", "!", "->", "==", "!=", "<=", ">=", "%",
    "abcdefghijklmnopq", "transactions", "é", "\xe2\x80", "@", "9999999999999999999999", "0.000001", "1_2.3_4"]
frags = [f.encode('utf-8', 'surrogateescape') if isinstance(f, str) else f for f in frags]
rng = random.Random(20261125)
for r in range(4000):
    b = bytearray(srcs[r % len(srcs)])
    for _ in range(1 + rng.randrange(4)):
        i = rng.randrange(len(b) + 1); k = rng.randrange(6)
        if k == 0:
            m = min(len(b) - i, 1 + rng.randrange(12)); del b[i:i+m]
        elif k in (1, 5):
            b[i:i] = frags[rng.randrange(len(frags))]
        elif k == 2:
            m = min(len(b) - i, 1 + rng.randrange(40)); b[i:i] = b[i:i+m]
        elif k == 3:
            if i < len(b): b[i] ^= 1 << rng.randrange(8)
        else:
            j = rng.randrange(len(b) + 1); m = min(len(b) - max(i, j), 1 + rng.randrange(8))
            if m > 0 and abs(i - j) >= m:
                x = b[i:i+m]; y = b[j:j+m]; b[i:i+m] = y; b[j:j+m] = x
    put('fuzz', bytes(b))
extra = {
 'path_empty': b'', 'path_deep': b'let x = ' + b'[' * 2000, 'path_huge': b'let x = ' + b'9' * 400,
 'path_huge_nl': b'let x = ' + b'9' * 400 + b'\n', 'path_huge65': b'let x = ' + b'9' * 65, 'path_huge64': b'let x = ' + b'9' * 64,
 'path_huge_e': b'let x = 1' + b'0' * 400 + b'e9', 'path_long': b'// ' + b'x' * 20000,
 'path_utf8': bytes([0x6C, 0x65, 0x74, 0x20, 0xC3, 0x28]), 'path_range': b'let x = 1e309',
 'path_chain': b'let x = ' + b' +\n '.join([b'1'] * 100000) + b'\n', 'path_neg': b'let x = ' + b'-' * 50000 + b'1\n',
 'path_dots': b'let x = a' + b'.b' * 50000 + b'\n', 'path_idx': b'let x = a' + b'[0]' * 20000 + b'\n',
 'path_calls': b'let x = f' + b'()' * 20000 + b'\n',
 'path_sum255': b'let x = ' + b' + '.join([b'1'] * 255) + b'\nlayer a { opacity: x / 1000 }\n',
 'path_sum256': b'let x = ' + b' + '.join([b'1'] * 256) + b'\nlayer a { opacity: x / 1000 }\n',
 'path_paren255': b'let x = ' + b'(' * 255 + b'1' + b')' * 255 + b'\n',
 'eof_num': b'let x = 12', 'eof_num2': b'let x = 1.5', 'eof_num3': b'let x = 1.', 'eof_num4': b'let x = 12s',
 'eof_num5': b'let x = 7_0', 'eof_name': b'let abcdefghijklmnop', 'eof_kw': b'transaction', 'eof_dot5': b'let x = .5',
 'eof_cmt': b'let x = 1 /* a', 'eof_str': b'let x = "abc', 'eof_hex': b'let x = #ff',
 'nums': b'let a = 0.1234567890123456789\nlet b = 123456789012345\nlet c = 1234567890123456\nlet d = 0.00000000000001\nlet e = 9007199254740993\nlet f = 1e3\nlet g = 2E-2ms\nlet h = 3e\nlet i = 3ex\nlet j = 0..<10\nlet k = 1...3\nlet l = 5.\nlet m = 1_000.5_0\nlet n = 000000000000000001\nlet o = 0.5deg\nlet p = 90rad\nlet q = 1.5.2\n',
 'names': b'layer abcdefgh { }\nlayer abcdefghijklmno { }\nlayer abcdefghijklmnop { }\nlayer abcdefghijklmnopq { }\nlet transactions = 1\nlet inx = 2\nlet IN = 5\n',
 'tabs_cr': b'layer a {\r\n\topacity: 0.5\r\n}\r\n\t\t\n',
 'many_commas': b',' * 10000, 'many_commas_nl': b',\n' * 5000 + b',', 'many_ops': b'let x = 1' + b'+1' * 6000 + b'\n',
 'many_tokens_layer': b'layer a{opacity:1}\n' * 2000,
 'dense': b'{}' * 4000 + b'\n' + b'a.b' * 1000 + b'\n(' * 50 + b'\n' + b'x=1;' * 3000,
}
for name, data in sorted(extra.items()):
    put(name, data)
print(n, 'files')
