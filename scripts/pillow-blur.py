#!/usr/bin/env python3
# Pillow's GaussianBlur timed on the image render-bench blurs, for the side-by-side figure of
# `render-bench --blur` (issue 12, Speed (b)). Reads raw RGBA8 bytes (premultiplied, as calc's frames:
# mode "RGBa"), blurs them with ImageFilter.GaussianBlur(σ) for each σ, and prints one line per σ:
#   pillow sigma=S median_ms=M cpu_ms=C
# With --out FILE it also writes the σ of the first --sigma, blurred, as raw bytes (for a comparison).
# Without Pillow it prints a "skipped" line and exits 0, so the bench goes on.
import sys, time, argparse

p = argparse.ArgumentParser()
p.add_argument("raw"); p.add_argument("width", type=int); p.add_argument("height", type=int)
p.add_argument("--sigma", type=float, action="append", required=True)
p.add_argument("--runs", type=int, default=9)
p.add_argument("--out")
a = p.parse_args()
try:
    from PIL import Image, ImageFilter, __version__ as pil_version
except ImportError:
    print("pillow skipped: Pillow is not installed (pip install pillow)")
    sys.exit(0)

with open(a.raw, "rb") as f:
    data = f.read()
im = Image.frombytes("RGBa", (a.width, a.height), data)
print(f"pillow version={pil_version}")
for i, s in enumerate(a.sigma):
    flt = ImageFilter.GaussianBlur(s)
    out = im.filter(flt)   # warm-up
    wall, cpu = [], []
    for _ in range(a.runs):
        t0, c0 = time.perf_counter(), time.thread_time()
        im.filter(flt)
        wall.append((time.perf_counter() - t0) * 1000); cpu.append((time.thread_time() - c0) * 1000)
    wall.sort(); cpu.sort()
    print(f"pillow sigma={s:g} median_ms={wall[len(wall) // 2]:.3f} cpu_ms={cpu[len(cpu) // 2]:.3f}")
    if i == 0 and a.out:
        with open(a.out, "wb") as f:
            f.write(out.tobytes())
