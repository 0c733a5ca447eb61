#!/usr/bin/env python3
"""Fidelity against Skia (issue 11, Acceptance 1): renders every scene of scenes.py with calc
(`calc run FILE --time 0 -o out.png`, the script written by cal.py) and with skia-python
(skia_ref.py, Core Animation's rules drawn independently), compares the two RGBA pictures per
channel and prints one line per scene and a summary.

    python3 Tests/Fidelity/fidelity.py --calc .build/debug/calc [--out DIR] [--only NAME ...] [--strict]

A scene passes when its mean absolute difference is at most its bound in every channel (1/255 of
issue 11), its largest difference at most the documented maximum, and the share of pixels more than
16 apart at most its bound (scenes.DEFAULT_BOUND, docs/rendering.md "Fidelity against Skia").
For a scene that fails, DIR/NAME.diff.png shows calc | Skia | the difference ×4. A scene marked
`pending` (a feature still being finished) is reported as "xfail" when it fails and "XPASS" when
it passes, without failing the run, until a probe shows calc draws the feature (strokes,
minification): from then on it is held to its bound like any other. `--strict` makes an XPASS fail.
Then the reference is drawn again with conventions calc must not have (MUTATIONS: rotation the
other way, σ = shadowRadius, gravity read flipped, …); each must fail its scene, or the run fails.

Exit status: 0 when every scene is within its bounds, 1 when one is not, 2 on a usage or
environment problem (calc missing, skia-python not installed).
"""

import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True     # no __pycache__ in the source tree

SKIP_LINE = "FidelityTests: skipped (skia-python not installed: pip install skia-python numpy pillow)"

try:
    import numpy as np
    from PIL import Image
    import skia  # noqa: F401
except ImportError:
    np = None

import scenes as S
import cal

# -------------------------------------------------------------------------------------------------
# Images of scenes.IMAGES: deterministic formulas


def make_image(spec):
    w, h = spec["size"]
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    f = spec["formula"]
    a = np.full((h, w), 255.0)
    if f == "photo":
        r = 40 + 200 * x / (w - 1)
        g = 220 - 180 * y / (h - 1)
        b = np.where((x // 6 + y // 4) % 2 == 0, 60.0, 200.0)
        # a dark cross and a white dot: hard edges
        r = np.where((x == 11) | (y == 7), 20, r)
        g = np.where((x == 11) | (y == 7), 20, g)
        b = np.where((x == 11) | (y == 7), 40, b)
        dot = (x - 18) ** 2 + (y - 3) ** 2 <= 4
        r, g, b = np.where(dot, 255, r), np.where(dot, 255, g), np.where(dot, 255, b)
    elif f == "sprite":
        d = np.sqrt((x - 7.5) ** 2 + (y - 7.5) ** 2)
        r = 230 - 10 * x
        g = 80 + 10 * y
        b = np.full((h, w), 120.0)
        a = np.clip(255 * (1 - d / 8.5), 0, 255)
        a = np.where((x >= 6) & (x <= 9) & (y >= 6) & (y <= 9), 0, a)
        a = np.where(x == 0, 255, a)
    elif f == "frame":
        edge = (x < 6) | (x >= w - 6) | (y < 6) | (y >= h - 6)
        corner = ((x < 6) | (x >= w - 6)) & ((y < 6) | (y >= h - 6))
        r = np.where(corner, np.where(x < 6, 230, 40), np.where(edge, 29, 241))
        g = np.where(corner, np.where(y < 6, 57, 160), np.where(edge, 53, 250 - 6 * (y - 6)))
        b = np.where(corner, 70, np.where(edge, 87 + 8 * (x % 6) + 8 * (y % 6), 238 - 6 * (x - 6)))
    elif f == "fine":
        checker = ((x + y) % 2 == 0)
        ring = (np.sqrt((x - 47.5) ** 2 + (y - 47.5) ** 2) // 3) % 2 == 0
        r = np.where(checker, 250, 10)
        g = np.where(ring, 200, 30)
        b = np.where(checker ^ ring, 220, 40)
    else:
        raise ValueError(f)
    px = np.stack([r, g, b, a], axis=-1)
    return np.clip(np.rint(px), 0, 255).astype(np.uint8)

# -------------------------------------------------------------------------------------------------
# calc


def run_calc(calc, cal_path, png_path):
    r = subprocess.run([calc, "run", cal_path, "--time", "0", "-o", png_path, "--quiet"],
                       capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        raise RuntimeError(f"calc run {os.path.basename(cal_path)} exited {r.returncode}: {r.stderr.strip()}")
    return r.stderr.strip()


def read_png(path):
    return np.asarray(Image.open(path).convert("RGBA"))


def probe_strokes(calc, out):
    """True when calc draws a stroke at all (Stroke.swift is no longer the placeholder)."""
    probe = S.scene("probe_strokes", (16, 16), [
        S.layer("s", kind="shape", frame=[0, 0, 16, 16], path=[["moveTo", 2, 8], ["lineTo", 14, 8]],
                fillColor="#00000000", strokeColor="#000000", lineWidth=4)])
    return probe_pixels(calc, out, probe).min() < 128


def probe_minification(calc, out):
    """True when a one-pixel checker drawn at 3.2 : 1 comes out as an even grey (a filter that
    averages: mipmaps or area sampling), not as bilinear samples of black and white."""
    name = "probe_checker.png"
    path = os.path.join(out, name)
    if not os.path.exists(path):
        y, x = np.mgrid[0:32, 0:32]
        v = np.where((x + y) % 2 == 0, 255, 0).astype(np.uint8)
        Image.fromarray(np.stack([v, v, v, np.full_like(v, 255)], axis=-1), "RGBA").save(path)
    probe = S.scene("probe_minification", (10, 10), [S.layer("i", frame=[0, 0, 10, 10], contents=name)])
    px = probe_pixels(calc, out, probe)[..., 0].astype(np.float64)
    return px.std() < 24


def probe_pixels(calc, out, scene):
    cal_path = os.path.join(out, scene["name"] + ".cal")
    png = os.path.join(out, scene["name"] + ".png")
    with open(cal_path, "w") as f:
        f.write(cal.script(scene))
    run_calc(calc, cal_path, png)
    return read_png(png)


PROBES = {"strokes": probe_strokes, "minification": probe_minification}   # (for features marked pending)

# -------------------------------------------------------------------------------------------------
# Sensitivity: the reference drawn with a convention calc must not have; each must fail its scene.
# (A harness that passes everything proves nothing until it is seen to fail.)


def _copy(x):
    return json.loads(json.dumps(x))


def _edit(scene, fn):
    s = _copy(scene)
    fn(s)
    return s


def _layers(s):
    out = []

    def walk(ls):
        for l in ls:
            out.append(l)
            walk(l.get("sublayers", []))
            if "mask" in l:
                walk([l["mask"]])
    walk(s["layers"])
    return out


def _flip_ops(s, kind):
    for l in _layers(s):
        l["transform"] = [[op[0], -op[1]] if op[0] == kind else op for op in l.get("transform", [])]


def _set(s, key, fn):
    for l in _layers(s):
        if key in l:
            l[key] = fn(l[key])


def _drop(s, key):
    for l in _layers(s):
        l.pop(key, None)


def _conic_counterclockwise(s):
    # counterclockwise from the same ray = the colours reversed clockwise, at 1 − location
    for l in _layers(s):
        if l.get("type") == "conic":
            n = len(l["colors"])
            locs = l.get("locations") or [i / (n - 1) for i in range(n)]
            l["colors"], l["locations"] = l["colors"][::-1], [1 - t for t in locs[::-1]]


def _radial_circle(s):
    # a circle of radius |endPoint − startPoint| (in points) instead of the ellipse
    for l in _layers(s):
        if l.get("type") == "radial":
            w, h = l["frame"][2], l["frame"][3]
            (sx, sy), (ex, ey) = l["startPoint"], l["endPoint"]
            r = ((ex - sx) * w) ** 2 + ((ey - sy) * h) ** 2
            l["endPoint"] = [sx + r ** 0.5 / w, sy + r ** 0.5 / h]


def _opacity_per_layer(s):
    # opacity multiplied into each drawing instead of compositing the layer as a group
    def fade(c, a):
        r, g, b = c[1:3], c[3:5], c[5:7]
        al = int(c[7:9], 16) if len(c) == 9 else 255
        return f"#{r}{g}{b}{round(al * a):02x}"

    def walk(l, a):
        a *= l.pop("opacity", 1.0)
        for k in ("backgroundColor", "borderColor"):
            if k in l:
                l[k] = fade(l[k], a)
        for sub in l.get("sublayers", []):
            walk(sub, a)
    for l in s["layers"]:
        walk(l, 1.0)


def _circles(s, elements):
    # each circle's ellipsePath replaced by the elements elements(cx, cy, r) draw
    for l in _layers(s):
        out = []
        for e in l.get("path", []):
            if e[0] == "ellipsePath" and e[3] == e[4]:
                r = e[3] / 2
                out += elements(e[1] + r, e[2] + r, r)
            else:
                out.append(e)
        if "path" in l:
            l["path"] = out


def _odd_dashes_truncated(s):
    # an odd pattern cut to even length (as a port of Skia's rule would) instead of repeated
    for l in _layers(s):
        d = l.get("lineDashPattern")
        if d and len(d) % 2:
            l["lineDashPattern"] = d[:-1]


MUTATIONS = [
    ("border_rotated", "rotation counterclockwise on screen", lambda s: _flip_ops(s, "rotate")),
    ("border_perspective", "rotation about y the other way", lambda s: _flip_ops(s, "rotateY")),
    ("border_plain", "border centred on the edge instead of inside", lambda s: _set(s, "borderWidth", lambda w: 2 * w)),
    ("opacity_group", "opacity per drawing, not per group", _opacity_per_layer),
    ("masks_to_bounds", "masksToBounds ignored", lambda s: _drop(s, "masksToBounds")),
    ("fill_evenodd", "even-odd filled as non-zero", lambda s: _set(s, "fillRule", lambda r: "nonZero")),
    ("stroke_joins", "miter limit ignored", lambda s: _drop(s, "miterLimit")),
    ("stroke_dashes", "dash phase ignored", lambda s: _drop(s, "lineDashPhase")),
    ("stroke_dashes", "odd dash pattern truncated, not repeated", _odd_dashes_truncated),
    ("stroke_end", "ellipse starting at the top (Skia's addOval default)",
     lambda s: _circles(s, lambda cx, cy, r: [["moveTo", cx, cy - r], ["arc", cx, cy, r, -90, 270, True], ["closePath"]])),
    ("stroke_end", "ellipse turning counterclockwise on screen",
     lambda s: _circles(s, lambda cx, cy, r: [["moveTo", cx + r, cy], ["arc", cx, cy, r, 0, -360, False], ["closePath"]])),
    ("gradient_conic", "conic gradient counterclockwise", _conic_counterclockwise),
    ("gradient_radial", "radial gradient as a circle", _radial_circle),
    ("gradient_axial", "gradient locations ignored", lambda s: _drop(s, "locations")),
    ("shadow_opaque", "σ = shadowRadius (not half of it)", lambda s: _set(s, "shadowRadius", lambda r: 2 * r)),
    ("shadow_opaque", "shadow offset upwards (y flipped)", lambda s: _set(s, "shadowOffset", lambda o: [o[0], -o[1]])),
    ("shadow_rotated", "shadow offset in device space, not the layer's",
     # device (0, 8) seen from the layer: turned back 30° and divided by its scale 1.2
     lambda s: _set(s, "shadowOffset", lambda o: [8 * 0.5 / 1.2, 8 * 0.8660254 / 1.2])),
    ("mask_shape", "mask ignored", lambda s: _drop(s, "mask")),
    ("image_top", "gravity names read flipped (iOS)", lambda s: _set(s, "contentsGravity", lambda g: "bottom")),
    ("image_bottomRight", "gravity names read flipped (iOS)", lambda s: _set(s, "contentsGravity", lambda g: "topRight")),
    ("image_nine_slice", "contentsCenter ignored", lambda s: _drop(s, "contentsCenter")),
    ("origin_bottom_left", "y down in a bottom-left scene", lambda s: s.pop("origin")),
]

# -------------------------------------------------------------------------------------------------
# Comparison


def compare(a, b, bound):
    """Figures of |a − b| (uint8 RGBA arrays of one shape) and whether they are within `bound`."""
    d = np.abs(a.astype(np.int16) - b.astype(np.int16))
    mean = d.reshape(-1, 4).mean(axis=0)
    mx = int(d.max())
    share = float((d.max(axis=2) > 16).mean())
    ok = bool((mean <= bound["mean"]).all() and mx <= bound["max"] and share <= bound["share"])
    return {"mean": [round(float(m), 3) for m in mean], "max": mx, "share": round(share, 4), "ok": ok}, d


def diff_image(a, b, d, path):
    """calc | Skia | the difference (largest channel, ×4, dark on white) side by side."""
    h, w = a.shape[:2]
    gap = 4
    out = np.full((h, 3 * w + 2 * gap, 4), 255, np.uint8)
    out[:, :w] = a
    out[:, w + gap:2 * w + gap] = b
    m = np.clip(d.max(axis=2).astype(np.int32) * 4, 0, 255).astype(np.uint8)
    out[:, 2 * w + 2 * gap:, 0] = 255 - m
    out[:, 2 * w + 2 * gap:, 1] = 255 - m
    out[:, 2 * w + 2 * gap:, 2] = 255
    Image.fromarray(out, "RGBA").save(path)

# -------------------------------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--calc", help="the calc executable (default: $CALC, else calc on PATH)")
    ap.add_argument("--out", help="folder for scripts, pictures and difference images (default: a temporary one)")
    ap.add_argument("--only", nargs="*", default=[], help="scenes whose names contain one of these")
    ap.add_argument("--strict", action="store_true", help="a pending scene that passes fails the run")
    ap.add_argument("--dump", action="store_true", help="print the scene descriptions as JSON and exit")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="calc processes at once")
    ap.add_argument("--verbose", action="store_true", help="also print the figures of the sensitivity check")
    args = ap.parse_args()

    if args.dump:
        json.dump({"bound": S.DEFAULT_BOUND, "pending": S.PENDING, "images": S.IMAGES, "scenes": S.SCENES},
                  sys.stdout, indent=1)
        print()
        return 0
    if np is None:
        print(SKIP_LINE)
        return 2
    import skia_ref

    calc = args.calc or os.environ.get("CALC") or "calc"
    out = args.out or tempfile.mkdtemp(prefix="calc-fidelity-")
    os.makedirs(out, exist_ok=True)
    chosen = [s for s in S.SCENES if not args.only or any(k in s["name"] for k in args.only)]
    if not chosen:
        print(f"fidelity: no scene matches {args.only}", file=sys.stderr)
        return 2

    images = {}
    for name, spec in S.IMAGES.items():
        p = os.path.join(out, name)
        Image.fromarray(make_image(spec), "RGBA").save(p)
        images[name] = skia_ref.load_image(p)

    try:
        landed = {f: PROBES[f](calc, out) for f in sorted({s["pending"]["feature"] for s in chosen if "pending" in s})
                  if f in PROBES}
    except (OSError, RuntimeError, subprocess.SubprocessError) as e:
        print(f"fidelity: cannot run calc ({calc}): {e}", file=sys.stderr)
        return 2

    def calc_picture(s):
        cal_path = os.path.join(out, s["name"] + ".cal")
        with open(cal_path, "w") as f:
            f.write(cal.script(s))
        png = os.path.join(out, s["name"] + ".calc.png")
        warnings = run_calc(calc, cal_path, png)
        return read_png(png), warnings

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {s["name"]: pool.submit(calc_picture, s) for s in chosen}
        renderer = skia_ref.Renderer(images)
        counts = {"pass": 0, "FAIL": 0, "xfail": 0, "XPASS": 0}
        results = []
        width = max(len(s["name"]) for s in chosen)
        for s in chosen:
            try:
                mine, warnings = futures[s["name"]].result()
            except (OSError, RuntimeError, subprocess.SubprocessError) as e:
                print(f"  FAIL   {s['name']:<{width}}  {e}")
                counts["FAIL"] += 1
                continue
            ref = renderer.render(s)
            Image.fromarray(ref, "RGBA").save(os.path.join(out, s["name"] + ".skia.png"))
            bound = dict(S.DEFAULT_BOUND, **s.get("bound", {}))
            if mine.shape != ref.shape:
                print(f"  FAIL   {s['name']:<{width}}  calc drew {mine.shape[1]}x{mine.shape[0]}, expected {ref.shape[1]}x{ref.shape[0]}")
                counts["FAIL"] += 1
                continue
            fig, d = compare(mine, ref, bound)
            pending = s.get("pending")
            enforced = pending is None or landed.get(pending["feature"], False)
            if fig["ok"]:
                status = "pass" if enforced else "XPASS"
            else:
                status = "FAIL" if enforced else "xfail"
            counts[status] += 1
            if not fig["ok"] or status == "XPASS":
                diff_image(mine, ref, d, os.path.join(out, s["name"] + ".diff.png"))
            m = fig["mean"]
            line = (f"  {status:<5}  {s['name']:<{width}}  mean {m[0]:5.2f} {m[1]:5.2f} {m[2]:5.2f} {m[3]:5.2f}"
                    f"  max {fig['max']:3d}  >16 {100 * fig['share']:5.2f}%")
            if pending is not None and not enforced:
                line += f"  [pending: {pending['feature']}]"
            elif pending is not None:
                line += f"  [{pending['feature']} landed: remove the pending mark]" if fig["ok"] else f"  [{pending['feature']} landed]"
            print(line)
            results.append(dict(fig, name=s["name"], status=status))
        print(f"fidelity: {counts['pass']} passed, {counts['FAIL']} failed, {counts['xfail']} expected failures "
              f"({', '.join(sorted({s['pending']['feature'] for s in chosen if 'pending' in s and not landed.get(s['pending']['feature'], False)})) or 'none'}), "
              f"{counts['XPASS']} unexpected passes; bound: mean <= {S.DEFAULT_BOUND['mean']}/255, "
              f"max <= {S.DEFAULT_BOUND['max']}/255, share over 16/255 <= {100 * S.DEFAULT_BOUND['share']:g}%; pictures in {out}")
        with open(os.path.join(out, "results.json"), "w") as f:
            json.dump(results, f, indent=1)

        # the same calc pictures against references drawn with a wrong convention: each must fail
        missed = []
        checked = 0
        by_name = {s["name"]: s for s in chosen}
        wrong_premul = skia_ref.Renderer(images, premultiplied_gradients=False)
        mutations = MUTATIONS + [("gradient_axial", "gradient colours interpolated unpremultiplied", None)]
        for name, what, fn in mutations:
            s = by_name.get(name)
            if s is None or not futures[name].done() or futures[name].exception() is not None:
                continue
            ref = (wrong_premul if fn is None else renderer).render(s if fn is None else _edit(s, fn))
            fig, _ = compare(futures[name].result()[0], ref, dict(S.DEFAULT_BOUND, **s.get("bound", {})))
            checked += 1
            if args.verbose:
                print(f"  mutation {name}: {what}: mean {fig['mean']} max {fig['max']} >16 {100 * fig['share']:.2f}%")
            if fig["ok"]:
                missed.append(f"{name}: {what}")
        if checked:
            print(f"fidelity: {checked - len(missed)} of {checked} deliberate convention mistakes in the reference caught"
                  + "".join(f"\n  MISSED {m}" for m in missed))
    failed = counts["FAIL"] > 0 or (args.strict and counts["XPASS"] > 0) or bool(missed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
