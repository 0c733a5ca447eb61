# Skia's stroker on the same paths and styles as main.swift (Paint.getFillPath: dash, then stroke),
# best of 7 runs of 200 (thread CPU time), for the ratio. Needs skia_stroke.python (../shared/bench/setup.sh installs it in
# /tmp/peers-venv); prints a "skipped" line without it.
import sys, time
try:
    import skia
except ImportError:
    print("skia_stroke.py: skipped (no skia_stroke.python)"); sys.exit(0)

def wave():
    p = skia.Path(); p.moveTo(0, 100)
    for i in range(100):
        x0, s = i * 10, (1 if i % 2 == 0 else -1)
        p.cubicTo(x0 + 3, 100 - 90 * s, x0 + 7, 100 - 90 * s, x0 + 10, 100)
    return p

def circle():
    p = skia.Path(); p.addOval(skia.Rect.MakeXYWH(0, 0, 200, 200.000001)); return p

def paint(width, cap, join, dashes=None):
    q = skia.Paint(Style=skia.Paint.kStroke_Style, StrokeWidth=width, StrokeCap=cap, StrokeJoin=join, AntiAlias=True)
    if dashes: q.setPathEffect(skia.DashPathEffect.Make(dashes, 0))
    return q

R, M, B = skia.Paint.kRound_Cap, skia.Paint.kMiter_Join, skia.Paint.kButt_Cap
cases = [("wave, round joins and caps", wave(), paint(8, R, skia.Paint.kRound_Join)),
         ("wave, round, dashed [12, 6]", wave(), paint(8, R, skia.Paint.kRound_Join, [12, 6])),
         ("wave, miter, butt", wave(), paint(8, B, M)),
         ("circle r 100, dashed [6, 4], round caps", circle(), paint(4, R, skia.Paint.kRound_Join, [6, 4]))]
for name, path, p in cases:
    best = float("inf")
    for _ in range(7):
        t0 = time.thread_time()
        for _ in range(200):
            dst = skia.Path(); p.getFillPath(path, dst)
        best = min(best, (time.thread_time() - t0) / 200 * 1e6)
    print(f"{name:42s} {best:8.1f} µs   {dst.countVerbs():6d} verbs (skia {skia.__version__})")
