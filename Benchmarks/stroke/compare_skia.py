# Samples/kinds/strokes.cal drawn by Skia from the same description, compared with calc's golden
# frame: mean and maximum absolute difference per channel (docs/rendering.md, "Strokes"). Needs
# skia-python, Pillow and numpy (../shared/bench/setup.sh installs them in /tmp/peers-venv); prints
# a "skipped" line without them. Usage: python3 Benchmarks/stroke/compare_skia.py [DIFF.png]
import os, sys
try:
    import numpy as np
    import skia
    from PIL import Image
except ImportError as e:
    print(f"compare_skia.py: skipped ({e.name} is not installed)"); sys.exit(0)

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
W, H = 240, 256
surface = skia.Surface(W, H)
canvas = surface.getCanvas()
canvas.clear(skia.ColorWHITE)

def colour(h): return skia.Color(int(h[1:3], 16), int(h[3:5], 16), int(h[5:7], 16))
ink, hair, teal, orange = colour('#1d3557'), colour('#e63946'), colour('#2a9d8f'), colour('#e76f51')
R, S = skia.Paint.kRound_Cap, skia.Paint.kSquare_Cap

def poly(pts, close=False):
    p = skia.Path(); p.moveTo(*pts[0])
    for q in pts[1:]: p.lineTo(*q)
    if close: p.close()
    return p

def stroke(path, color, w, cap=skia.Paint.kButt_Cap, join=skia.Paint.kMiter_Join, miter=10, dash=None, phase=0, trim=None):
    p = skia.Paint(AntiAlias=True, Style=skia.Paint.kStroke_Style, Color=color, StrokeWidth=w,
                   StrokeCap=cap, StrokeJoin=join, StrokeMiter=miter)
    if dash:
        p.setPathEffect(skia.DashPathEffect.Make(dash + dash if len(dash) % 2 else dash, phase))
    if trim:
        p.setPathEffect(skia.TrimPathEffect.Make(*trim))
    canvas.drawPath(path, p)

# the layers of strokes.cal, in order
stroke(poly([(20, 24), (60, 24)]), ink, 12)
stroke(poly([(100, 24), (140, 24)]), ink, 12, cap=R)
stroke(poly([(180, 24), (220, 24)]), ink, 12, cap=S)
hairline = poly([(20, 24), (60, 24)]); hairline.moveTo(100, 24); hairline.lineTo(140, 24)
hairline.moveTo(180, 24); hairline.lineTo(220, 24)
stroke(hairline, hair, 1)
stroke(poly([(20, 90), (40, 52), (60, 90)]), ink, 12)
stroke(poly([(100, 90), (120, 52), (140, 90)]), ink, 12, join=skia.Paint.kRound_Join)
stroke(poly([(180, 90), (200, 52), (220, 90)]), ink, 12, join=skia.Paint.kBevel_Join)
stroke(poly([(20, 145), (30, 110), (40, 145)]), ink, 6, miter=4)
stroke(poly([(60, 145), (70, 110), (80, 145)]), ink, 6, miter=3)
# ellipsePath((122, 107, 40, 40)): four cubic quarters clockwise on screen from (162, 127)
k, cx, cy, r = 0.5522847498307936, 142, 127, 20
ring = skia.Path(); ring.moveTo(cx + r, cy)
ring.cubicTo(cx + r, cy + k * r, cx + k * r, cy + r, cx, cy + r)
ring.cubicTo(cx - k * r, cy + r, cx - r, cy + k * r, cx - r, cy)
ring.cubicTo(cx - r, cy - k * r, cx - k * r, cy - r, cx, cy - r)
ring.cubicTo(cx + k * r, cy - r, cx + r, cy - k * r, cx + r, cy)
ring.close()
stroke(ring, teal, 8, cap=R, trim=(0.1, 0.7))
stroke(poly([(186, 110), (220, 110), (220, 144), (186, 144)], True), teal, 6, trim=(0, 0.5))
stroke(poly([(20, 168), (220, 168)]), orange, 6, dash=[12, 6], phase=6)
stroke(poly([(20, 186), (220, 186)]), orange, 6, dash=[8])
stroke(poly([(20, 204), (220, 204)]), orange, 6, cap=R, dash=[0, 12])
stroke(poly([(20, 220), (220, 220), (220, 244), (20, 244)], True), ink, 4, dash=[30, 10], phase=15)

ours = np.asarray(Image.open(os.path.join(ROOT, "Samples/kinds/__snapshots__/strokes.f0000.png")).convert("RGB")).astype(int)
theirs = surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType)[:, :, :3].astype(int)
d = np.abs(ours - theirs)
print(f"strokes.cal against Skia {skia.__version__}: mean absolute difference {d.mean():.3f}/255 per channel, "
      f"max {d.max()}, {int((d.max(axis=2) > 32).sum())} of {W * H} pixels differ by more than 32")
if len(sys.argv) > 1:
    Image.fromarray(np.clip(d * 4, 0, 255).astype(np.uint8)).save(sys.argv[1])
