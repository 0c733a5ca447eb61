#!/usr/bin/env python3
# Skia's Canvas.drawAtlas timed on the sprites `calc bench --particles` draws, for its side-by-side
# figure (issue 12, Speed (a)). Reads a binary file written by the bench:
#   "CALCATLS", u32 width, u32 height, u32 sprite side S, u32 count N,
#   S*S*4 bytes of the sprite (premultiplied RGBA8),
#   N records of 8 float32: scos, ssin, tx, ty (an RSXform), r, g, b, a (straight tint)
# and for each of --runs frames clears a width x height N32 premultiplied raster surface and draws
# every sprite with linear sampling, its colour applied with BlendMode.kModulate, source-over.
# Prints:
#   skia version=V
#   skia median_ms=M cpu_ms=C overhead_ms=O
# where overhead_ms is the same call with the canvas clipped to nothing (the Python-to-C++ list
# conversion and call, which a C++ caller would not pay). With --out FILE it writes the last frame's
# pixels (premultiplied RGBA8) for comparison. Without skia-python it prints a "skipped" line and
# exits 0, so the bench goes on.
import sys, time, struct, argparse

p = argparse.ArgumentParser()
p.add_argument("data")
p.add_argument("--runs", type=int, default=9)
p.add_argument("--out")
a = p.parse_args()
try:
    import skia
except ImportError:
    print("skia skipped: skia-python is not installed (pip install skia-python)")
    sys.exit(0)

with open(a.data, "rb") as f:
    data = f.read()
assert data[:8] == b"CALCATLS", "not a calc atlas file"
w, h, side, n = struct.unpack_from("<4I", data, 8)
off = 24
sprite = data[off:off + side * side * 4]
off += side * side * 4
info = skia.ImageInfo.Make(side, side, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType)
atlas = skia.Image.MakeRasterData(info, sprite, side * 4)
xforms, rects, colors = [], [], []
tex = skia.Rect.MakeWH(side, side)
for i in range(n):
    scos, ssin, tx, ty, r, g, b, al = struct.unpack_from("<8f", data, off + i * 32)
    xforms.append(skia.RSXform(scos, ssin, tx, ty))
    rects.append(tex)
    def byte(v):
        return max(0, min(255, int(round(v * 255))))
    colors.append(skia.ColorSetARGB(byte(al), byte(r), byte(g), byte(b)))
surface = skia.Surface.MakeRaster(skia.ImageInfo.Make(w, h, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType))
canvas = surface.getCanvas()
sampling = skia.SamplingOptions(skia.FilterMode.kLinear)
paint = skia.Paint()
paint.setAntiAlias(True)
print(f"skia version={skia.__version__}")

def frame(clipped=False):
    canvas.clear(skia.ColorTRANSPARENT)
    if clipped:
        canvas.save()
        canvas.clipRect(skia.Rect.MakeXYWH(-10, -10, 1, 1))
    canvas.drawAtlas(atlas, xforms, rects, colors, skia.BlendMode.kModulate, sampling, None, paint)
    if clipped:
        canvas.restore()

def timed(clipped):
    frame(clipped)   # warm-up
    wall, cpu = [], []
    for _ in range(a.runs):
        t0, c0 = time.perf_counter(), time.thread_time()
        frame(clipped)
        surface.flushAndSubmit() if hasattr(surface, "flushAndSubmit") else None
        wall.append((time.perf_counter() - t0) * 1000); cpu.append((time.thread_time() - c0) * 1000)
    wall.sort(); cpu.sort()
    return wall[len(wall) // 2], cpu[len(cpu) // 2]

overhead = timed(True)
m, c = timed(False)
print(f"skia median_ms={m:.3f} cpu_ms={c:.3f} overhead_ms={overhead[1]:.3f}")
if a.out:
    frame()
    with open(a.out, "wb") as f:
        f.write(surface.makeImageSnapshot().tobytes())
