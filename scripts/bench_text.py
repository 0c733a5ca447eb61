#!/usr/bin/env python3
"""Pillow's side of `calc bench --text`: draws the same labels (string, size, top-left corner,
colour) on a 1280x720 white RGB image with ImageDraw.text, in the font file calc used, one ImageFont
per size made before timing (as calc's font caches are warm). Prints "MS ms/frame (engine E)", the
median over runs of the mean over frames, or "skipped: …" when Pillow is missing.

usage: bench_text.py SPEC.json
"""
import json
import statistics
import sys
import time

try:
    from PIL import Image, ImageDraw, ImageFont, features
except ImportError:
    print("skipped: Pillow is not installed (pip install pillow)")
    sys.exit(0)


def main():
    spec = json.load(open(sys.argv[1]))
    raqm = features.check("raqm")
    engine = ImageFont.Layout.RAQM if raqm else ImageFont.Layout.BASIC
    fonts = {}
    for label in spec["labels"]:
        if label["size"] not in fonts:
            fonts[label["size"]] = ImageFont.truetype(spec["font"], size=label["size"], layout_engine=engine)
    labels = [(l["x"], l["y"], l["text"], fonts[l["size"]], tuple(l["color"])) for l in spec["labels"]]

    def frame():
        im = Image.new("RGB", (spec["width"], spec["height"]), (255, 255, 255))
        d = ImageDraw.Draw(im)
        for x, y, text, font, color in labels:
            d.text((x, y), text, font=font, fill=color, anchor="la")  # left, ascender: the line's top
        return im

    frame()  # warm-up
    times = []
    for _ in range(spec["runs"]):
        t = time.perf_counter()
        for _ in range(spec["frames"]):
            frame()
        times.append((time.perf_counter() - t) * 1000 / spec["frames"])
    print("%.3f ms/frame (engine %s, Pillow %s)" % (statistics.median(times), "raqm" if raqm else "basic",
                                                   __import__("PIL").__version__))


if __name__ == "__main__":
    main()
