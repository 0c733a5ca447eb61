#!/usr/bin/env python3
"""Writes the image fixtures of Tests/RenderTests/ImageDecoderTests.swift (run from anywhere:
`python3 make_fixtures.py`; needs `pip install pypng`).

Every pattern fixture encodes one formula the Swift test recomputes on its own, so the expected
pixels never come from the decoder under test:

    v(x, y, c) = (x*2719 + y*7919 + x*y*131 + c*10007 + 4099) & 0xFFFF
    PNG sample of bit depth d:        v >> (16 - d)
    Netpbm sample of maxval M:        v % (M + 1)
    palette of n entries:             index = (v(x, y, 0) >> (16 - d)) % n,
                                      entry i = ((i*53+7) & 255, (i*101+3) & 255, (i*197+11) & 255),
                                      tRNS alpha of entry i < t: (i*89+13) & 255
    tRNS colour key:                  the sample(s) at (3, 2)

Channels c: grey 0; grey+alpha 0, 1; RGB 0, 1, 2; RGBA 0, 1, 2, 3.
The hostile fixtures (huge, over budget, short data, bad CRCs, a zTXt bomb, an over-long IDAT
stream) are assembled chunk by chunk with zlib.
"""
import os
import struct
import zlib

import png  # pypng

HERE = os.path.dirname(os.path.abspath(__file__))
W, H = 13, 11


def v(x, y, c):
    return (x * 2719 + y * 7919 + x * y * 131 + c * 10007 + 4099) & 0xFFFF


def palette(n, t):
    out = []
    for i in range(n):
        rgb = ((i * 53 + 7) & 255, (i * 101 + 3) & 255, (i * 197 + 11) & 255)
        out.append(rgb + (((i * 89 + 13) & 255),) if i < t else rgb)
    return out


def write_png(name, kind, depth, interlace, w=W, h=H, key=False, pal=None):
    channels = {"gray": 1, "ga": 2, "rgb": 3, "rgba": 4, "pal": 1}[kind]
    kw = dict(bitdepth=depth, interlace=interlace)
    if kind == "pal":
        n, t = pal
        kw["palette"] = palette(n, t)
        rows = [[(v(x, y, 0) >> (16 - depth)) % n for x in range(w)] for y in range(h)]
    else:
        kw["greyscale"] = kind in ("gray", "ga")
        kw["alpha"] = kind in ("ga", "rgba")
        rows = [[v(x, y, c) >> (16 - depth) for x in range(w) for c in range(channels)] for y in range(h)]
        if key:
            k = [v(3, 2, c) >> (16 - depth) for c in range(channels)]
            kw["transparent"] = k[0] if kind == "gray" else tuple(k)
    with open(os.path.join(HERE, name), "wb") as f:
        png.Writer(w, h, **kw).write(f, rows)


def chunk(t, data):
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xFFFFFFFF)


def raw_png(w, h, depth, ctype, idat, extra=b""):
    sig = b"\x89PNG\r\n\x1a\n"
    return sig + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, ctype, 0, 0, 0)) + extra + \
        chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def netpbm(name, header, maxval, channels, w=W, h=H):
    body = bytearray()
    for y in range(h):
        for x in range(w):
            for c in range(channels):
                s = v(x, y, c) % (maxval + 1)
                body += bytes([s]) if maxval < 256 else struct.pack(">H", s)
    write(name, header.encode("ascii") + bytes(body))


def main():
    for il in (False, True):
        sfx = "_i" if il else ""
        for d in (1, 2, 4, 8, 16):
            write_png(f"gray{d}{sfx}.png", "gray", d, il)
        write_png(f"gray4_trns{sfx}.png", "gray", 4, il, key=True)
        write_png(f"gray16_trns{sfx}.png", "gray", 16, il, key=True)
        for d in (8, 16):
            write_png(f"rgb{d}{sfx}.png", "rgb", d, il)
            write_png(f"rgb{d}_trns{sfx}.png", "rgb", d, il, key=True)
            write_png(f"ga{d}{sfx}.png", "ga", d, il)
            write_png(f"rgba{d}{sfx}.png", "rgba", d, il)
        for d, n, t in ((1, 2, 1), (2, 3, 2), (4, 11, 6), (8, 200, 120)):
            write_png(f"pal{d}{sfx}.png", "pal", d, il, pal=(n, t))
    # Adam7 with passes left empty, and the largest fixture
    write_png("rgba16_i_1x1.png", "rgba", 16, True, w=1, h=1)
    write_png("gray8_i_3x2.png", "gray", 8, True, w=3, h=2)
    write_png("rgba8_i_32x32.png", "rgba", 8, True, w=32, h=32)

    netpbm("gray255.pgm", f"P5\n# a comment\n{W} {H}\n255\n", 255, 1)
    netpbm("gray1000.pgm", f"P5 {W}\n{H} 1000\n", 1000, 1)
    netpbm("rgb255.ppm", f"P6\n{W} {H}\n255\n", 255, 3)
    netpbm("rgb4095.ppm", f"P6\n{W} {H}\n4095\n", 4095, 3)
    pam = "P7\nWIDTH {w}\nHEIGHT {h}\nDEPTH {d}\nMAXVAL {m}\n{t}ENDHDR\n"
    for t, d, m in (("GRAYSCALE", 1, 255), ("GRAYSCALE_ALPHA", 2, 65535), ("RGB", 3, 100),
                    ("RGB_ALPHA", 4, 255), ("RGB_ALPHA", 4, 65535), ("BLACKANDWHITE", 1, 1)):
        netpbm(f"{t.lower()}{m}.pam", pam.format(w=W, h=H, d=d, m=m, t=f"# comment\nTUPLTYPE {t}\n"), m, d)
    netpbm("notuple4.pam", pam.format(w=W, h=H, d=4, m=255, t=""), 255, 4)

    # hostile files
    tiny = zlib.compress(b"\x00\x00")
    write("huge_100000.png", raw_png(100000, 100000, 8, 6, tiny))
    write("over_budget_16384.png", raw_png(16384, 16384, 8, 0, tiny))
    write("short_idat_8000.png", raw_png(8000, 8000, 8, 0, zlib.compress(bytes(200))))
    good = raw_png(2, 2, 8, 0, zlib.compress(bytes([0, 10, 20, 0, 30, 40])))
    bad = bytearray(good)
    bad[-12 - 12 - 3] ^= 0x01  # a byte inside the IDAT payload
    write("bad_crc_idat.png", bytes(bad))
    text = chunk(b"tEXt", b"Comment\x00hello")
    text = text[:-1] + bytes([text[-1] ^ 0xFF])
    write("bad_crc_text.png", raw_png(2, 2, 8, 0, zlib.compress(bytes([0, 10, 20, 0, 30, 40])), extra=text))
    bomb = chunk(b"zTXt", b"Comment\x00\x00" + zlib.compress(bytes(9 << 20), 9))
    write("ztxt_bomb.png", raw_png(2, 2, 8, 0, zlib.compress(bytes([0, 10, 20, 0, 30, 40])), extra=bomb))
    # a 2x2 image whose zlib stream goes on for 8 MiB past the image: read only as far as needed
    write("long_idat.png", raw_png(2, 2, 8, 0, zlib.compress(bytes([0, 10, 20, 0, 30, 40]) + bytes(8 << 20), 9)))


if __name__ == "__main__":
    main()
