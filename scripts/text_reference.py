#!/usr/bin/env python3
"""Reference text rendering for calc's text tests: FreeType's own rendering of strings, through
Pillow's ImageFont (HarfBuzz shaping through libraqm when Pillow has it, which also orders
right-to-left runs; Pillow's basic layout otherwise, which does neither).

usage: text_reference.py SPEC.json OUTDIR
SPEC.json: {"cases": [{"name", "font" (a file), "index" (the face in it, 0 by default), "size" (pixels per em), "text", "x", "y" (the
baseline's left end, in pixels), "width", "height", "supersample" (1, or N to draw at N times the size
and average N×N blocks: FreeType's hinting then moves edges by at most 1/N pixel)}]}
Writes OUTDIR/NAME.pgm (8-bit grey, black text on white) per case and prints one line:
"engine raqm" or "engine basic". Prints "skipped: …" and exits 0 when Pillow is missing.
"""
import json
import sys

try:
    from PIL import Image, ImageDraw, ImageFont, features
except ImportError:
    print("skipped: Pillow is not installed (pip install pillow)")
    sys.exit(0)


def main():
    spec = json.load(open(sys.argv[1]))
    out = sys.argv[2]
    raqm = features.check("raqm")
    engine = ImageFont.Layout.RAQM if raqm else ImageFont.Layout.BASIC
    for c in spec["cases"]:
        n = int(c.get("supersample", 1))
        font = ImageFont.truetype(c["font"], size=c["size"] * n, index=int(c.get("index", 0)), layout_engine=engine)
        w, h = int(c["width"]), int(c["height"])
        im = Image.new("L", (w * n, h * n), 255)
        d = ImageDraw.Draw(im)
        d.text((c["x"] * n, c["y"] * n), c["text"], font=font, fill=0, anchor="ls")
        if n > 1:
            im = im.reduce(n)  # the mean of each n×n block
        with open(f"{out}/{c['name']}.pgm", "wb") as f:
            f.write(b"P5 %d %d 255\n" % (w, h))
            f.write(im.tobytes())
    print("engine", "raqm" if raqm else "basic")


if __name__ == "__main__":
    main()
