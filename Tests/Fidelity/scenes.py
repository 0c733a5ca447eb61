"""The fidelity scenes: one description of each primitive picture, from which cal.py writes a CAL
script for calc and skia_ref.py draws the same picture with skia-python (fidelity.py compares them).

A scene is plain data (JSON-serialisable: `fidelity.py --dump`). Layers use Core Animation's own
property names, so the description reads as the CAL it becomes and the Skia renderer interprets the
same names by Core Animation's rules (SPEC §4.9, §4.13, docs/rendering.md, docs/semantics.md):

    {"name": ..., "size": [w, h], "background": "#rrggbb", "layers": [LAYER, ...],
     "note": why an exact match is impossible here (optional),
     "bound": {"max": ..., "mean": ..., "share": ...} (optional: a scene's own limits),
     "pending": {"feature": ..., "reason": ...} (optional: expected to fail until the feature lands),
     "supersample": k (optional: the reference drawn at k × k samples a pixel, box-averaged, where
                       Skia's own anti-aliasing alone would exceed the bound; see below)}

    LAYER = {"name": ..., "kind": "plain" | "shape" | "gradient", "frame": [x, y, w, h]  (or "bounds"
             and "position"), "anchorPoint", "transform": [OP, ...], "sublayerTransform": [OP, ...],
             "opacity", "backgroundColor", "cornerRadius", "borderWidth", "borderColor",
             "masksToBounds", "shadowColor", "shadowOpacity", "shadowRadius", "shadowOffset",
             "shadowPath": PATH, shape: "path", "fillColor", "fillRule", "strokeColor", "lineWidth",
             "lineCap", "lineJoin", "miterLimit", "lineDashPattern", "lineDashPhase", "strokeStart",
             "strokeEnd"; gradient: "type", "colors", "locations", "startPoint", "endPoint";
             "contents": image file, "contentsGravity", "contentsRect", "contentsCenter",
             "contentsScale"; "mask": LAYER, "sublayers": [LAYER, ...]}
    OP    = ["rotate", deg] (about z) | ["rotateX", deg] | ["rotateY", deg] | ["translate", x, y, z]
            | ["scale", sx, sy] | ["perspective", d]; a list applies its first element first (CAL's `a * b`)
    PATH  = [["moveTo", x, y], ["lineTo", x, y], ["quadTo", cx, cy, x, y], ["curveTo", c1x, c1y, c2x,
             c2y, x, y], ["arc", cx, cy, r, fromDeg, toDeg, clockwise], ["closePath"],
             ["rectPath", x, y, w, h], ["roundedRectPath", x, y, w, h, r], ["ellipsePath", x, y, w, h]]

Images named by `contents` are made by fidelity.py (IMAGES below: deterministic formulas, written
as PNG for both renderers). Defaults are Core Animation's (docs/language.md's property table);
the generator writes only what a layer sets.

Bounds (DEFAULT_BOUND, per channel on 0…255): a mean absolute difference of at most 1 (the 1/255 of
issue 11, Acceptance 1) is the bar for every scene; the maximum and the share of pixels over 16
only catch a local defect the mean would hide in a large picture. docs/rendering.md ("Fidelity
against Skia") says why the maximum is what it is. Skia's CPU rasterizer samples coverage on four
sub-scanlines a pixel; where a scene is so dense in curved edges that this alone puts Skia's picture
more than the bar from the exact one (thin strokes on curves), the scene asks for its reference
`supersample`d rather than for a looser bound: then the mean is still held to 1/255, against
Skia's drawing of the same description with its coverage error averaged away.
"""

DEFAULT_BOUND = {
    # mean |calc − skia| per channel, 0…255: the 1/255
    "mean": 1.0,
    # largest difference of any channel of any pixel: anti-aliased edges, where the two rasterizers
    # compute coverage differently (Skia's is up to 0.28 of the contrast off the exact area at a
    # curved edge, calc's up to 0.11; docs/rendering.md)
    "max": 80,
    # share of pixels (any channel) more than 16 apart: only edge pixels may differ that much
    "share": 0.015,
}

# Features still being finished on other branches. A scene that names one is expected to fail
# until it lands; fidelity.py asks calc itself (a tiny probe scene per feature, fidelity.PROBES)
# whether it has, and from then on holds the scene to its bound like any other. A feature without
# a probe keeps its scenes at "xfail"/"XPASS" until the mark is removed here.
PENDING = {}

# ---------------------------------------------------------------------------------------------
# Images (fidelity.py writes them as 8-bit RGBA PNG; numpy formulas of pixel column x and row y)

IMAGES = {
    # 24×16, opaque: smooth ramps plus hard edges, so both bilinear magnification and
    # placement errors show
    "photo.png": {"size": [24, 16], "formula": "photo"},
    # 16×16 with an alpha ramp and a transparent hole: premultiplied sampling
    "sprite.png": {"size": [16, 16], "formula": "sprite"},
    # 24×24 frame for nine-slice: 6-pixel border of distinct corners and edges, a centre ramp
    "frame.png": {"size": [24, 24], "formula": "frame"},
    # 96×96 fine checker and rings: drawn at a quarter of its size it must average, not alias
    "fine.png": {"size": [96, 96], "formula": "fine"},
}

# ---------------------------------------------------------------------------------------------
# Small builders (they return plain dicts)


def layer(name, **props):
    d = {"name": name}
    d.update(props)
    return d


def scene(name, size, layers, background="#ffffff", **extra):
    d = {"name": name, "size": list(size), "background": background, "layers": layers}
    d.update(extra)
    return d


def star(cx, cy, r_out, r_in=None, points=5, turn=-90.0):
    """A star polygon; with r_in None, the self-intersecting pentagram {5/2} (its centre is wound twice)."""
    import math
    els = []
    if r_in is None:
        for k in range(points):
            a = math.radians(turn + k * 144.0)
            els.append(["moveTo" if k == 0 else "lineTo", round(cx + r_out * math.cos(a), 4), round(cy + r_out * math.sin(a), 4)])
    else:
        for k in range(2 * points):
            r = r_out if k % 2 == 0 else r_in
            a = math.radians(turn + k * 180.0 / points)
            els.append(["moveTo" if k == 0 else "lineTo", round(cx + r * math.cos(a), 4), round(cy + r * math.sin(a), 4)])
    els.append(["closePath"])
    return els


def square(x, y, s, clockwise=True):
    pts = [(x, y), (x + s, y), (x + s, y + s), (x, y + s)]
    if not clockwise:
        pts = [pts[0], pts[3], pts[2], pts[1]]
    return [["moveTo" if i == 0 else "lineTo", p[0], p[1]] for i, p in enumerate(pts)] + [["closePath"]]


# ---------------------------------------------------------------------------------------------
# The scenes

CARD = dict(backgroundColor="#457b9d", cornerRadius=14, borderWidth=5, borderColor="#e63946")
GLASS = dict(backgroundColor="#2a9d8f80", cornerRadius=10, borderWidth=4, borderColor="#1d355799")

SCENES = []

# -- rounded rects with borders ----------------------------------------------------------------

SCENES += [
    scene("border_plain", (128, 96), [
        layer("card", frame=[10, 12, 60, 44], **CARD),
        layer("glass", frame=[62.5, 40.25, 56, 44], **GLASS),
        # border thicker than the corner radius (inner corner square) and a border filling the layer
        layer("thick", frame=[12, 66, 40, 24], backgroundColor="#f4a261", cornerRadius=6, borderWidth=9, borderColor="#264653"),
        layer("solid", frame=[84, 6, 36, 16], backgroundColor="#f4a261", cornerRadius=5, borderWidth=9, borderColor="#264653"),
    ]),
    scene("border_rotated", (128, 96), [
        layer("card", bounds=[0, 0, 64, 40], position=[40.3, 36.7], transform=[["rotate", 30]], **CARD),
        layer("glass", bounds=[0, 0, 56, 36], position=[88, 62], transform=[["rotate", -17], ["scale", 1.25, 0.8]], **GLASS),
    ]),
    scene("border_perspective", (128, 96), [
        layer("stage", frame=[0, 0, 128, 96], sublayerTransform=[["perspective", 180]], sublayers=[
            layer("left", bounds=[0, 0, 52, 40], position=[34, 48], transform=[["rotateY", 40]], **CARD),
            layer("right", bounds=[0, 0, 48, 56], position=[94, 48], transform=[["rotateX", -35], ["rotate", 10]], **GLASS),
        ]),
    ]),
    scene("opacity_group", (96, 96), [
        # a translucent layer with an overlapping sublayer composites as a whole (SPEC §4.9)
        layer("parent", frame=[10, 10, 56, 56], backgroundColor="#e63946", cornerRadius=8, opacity=0.6,
              borderWidth=3, borderColor="#1d3557", sublayers=[
                  layer("child", frame=[28, 24, 50, 50], backgroundColor="#457b9d", cornerRadius=25),
              ]),
    ]),
    scene("masks_to_bounds", (96, 96), [
        layer("clip", frame=[12, 12, 64, 64], backgroundColor="#f1faee", cornerRadius=18, masksToBounds=True,
              borderWidth=2, borderColor="#1d3557", sublayers=[
                  layer("a", frame=[-10, -10, 50, 50], backgroundColor="#e63946", cornerRadius=6),
                  layer("b", bounds=[0, 0, 40, 40], position=[56, 54], transform=[["rotate", 25]], backgroundColor="#457b9d"),
              ]),
    ]),
]

# -- fills ---------------------------------------------------------------------------------------

# a star (a simple polygon), two nested squares wound the same way (a hole only under even-odd) and
# two wound opposite ways (a hole under both rules); no two edges cross inside a pixel
FILL_PATH = star(36, 44, 32, 13) + square(72, 8, 48) + square(82, 18, 28) + square(74, 62, 28, clockwise=False) + square(82, 70, 12)
# quadratic, cubic and arc segments, an ellipse, a rounded rect and an elliptic hole (even-odd)
CURVES = [["moveTo", 6, 50], ["quadTo", 26, 2, 56, 30], ["curveTo", 66, 6, 104, 6, 120, 30],
          ["arc", 106, 44, 14, -60, 120, True], ["lineTo", 40, 62], ["closePath"],
          ["ellipsePath", 12, 66, 40, 22], ["roundedRectPath", 62, 68, 56, 22, 8], ["ellipsePath", 70, 18, 24, 14]]
# the pentagram {5/2} crosses itself: its centre is wound twice, and five pixels hold a crossing
PENTAGRAM = star(32, 50, 30)

CROSSINGS_NOTE = ("calc's coverage is the accumulated signed area with the fill rule applied after accumulation "
                  "(docs/rendering.md), exact wherever one pixel sees one winding number besides 0; a pixel that holds a "
                  "crossing of edges gets the rule applied to its mean winding instead (up to half the contrast off: "
                  "0.78 coverage drawn as 1.0 under non-zero, 0.42 as 0.14 under even-odd), as FreeType's and font-rs's "
                  "accumulation rasterizers do; Skia samples the rule per sub-scanline")

SCENES += [
    scene("fill_nonzero", (128, 96), [
        layer("s", kind="shape", frame=[0, 0, 128, 96], path=FILL_PATH, fillColor="#1d3557", fillRule="nonZero"),
    ]),
    scene("fill_evenodd", (128, 96), [
        layer("s", kind="shape", frame=[0, 0, 128, 96], path=FILL_PATH, fillColor="#1d3557", fillRule="evenOdd"),
    ]),
    scene("fill_curves", (128, 96), [
        layer("s", kind="shape", frame=[0, 0, 128, 96], path=CURVES, fillColor="#e76f51cc", fillRule="evenOdd"),
    ]),
    scene("fill_crossings", (128, 96), [
        layer("nonzero", kind="shape", frame=[0, 0, 64, 96], path=PENTAGRAM, fillColor="#1d3557", fillRule="nonZero"),
        layer("evenodd", kind="shape", frame=[64, 0, 64, 96], path=PENTAGRAM, fillColor="#1d3557", fillRule="evenOdd"),
    ], bound={"max": 128}, note=CROSSINGS_NOTE),
    scene("fill_translucent_rotated", (128, 96), [
        layer("s", kind="shape", bounds=[0, 0, 80, 80], position=[64, 48], transform=[["rotate", 20], ["scale", 1.2, 0.9]],
              path=star(40, 40, 36, 15, 6), fillColor="#2a9d8fb3", backgroundColor="#e9c46a40"),
    ]),
]

# -- strokes -------------------------------------------------------------------------------------

STROKES = {}


STROKE_CURVES_NOTE = ("Skia's anti-aliasing (four sub-scanlines a pixel) is alone 1.2/255 in mean and 3.1 % of pixels "
                      "over 16 from the exact coverage of these 1–3 px strokes along curves (two edges a stroke), past "
                      "the 1/255 bar; the reference is drawn at 16 × 16 samples a pixel (docs/rendering.md)")


def polyline(pts):
    return [["moveTo" if i == 0 else "lineTo", x, y] for i, (x, y) in enumerate(pts)]


ZIGZAG = [(0, 22), (18, 0), (30, 22), (44, 4), (50, 22)]


def shifted(pts, dx, dy):
    return [(x + dx, y + dy) for x, y in pts]


SCENES += [
    scene("stroke_caps", (128, 96), [
        layer(f"cap_{cap}", kind="shape", frame=[0, 0, 128, 96], path=polyline([(24, 18 + 28 * i), (104, 22 + 28 * i)]),
              fillColor="#00000000", strokeColor="#1d3557", lineWidth=12, lineCap=cap)
        for i, cap in enumerate(["butt", "round", "square"])
    ] + [
        # the open end of a short curve, and a zero-length segment
        layer("curl", kind="shape", frame=[0, 0, 128, 96], path=[["moveTo", 8, 90], ["quadTo", 10, 70, 18, 88]],
              fillColor="#00000000", strokeColor="#e63946", lineWidth=5, lineCap="round"),
    ], **STROKES),
    scene("stroke_joins", (128, 96), [
        layer(f"join{i}_{join}", kind="shape", frame=[0, 0, 128, 96], path=polyline(shifted(ZIGZAG, 8 + 60 * (i % 2), 8 + 34 * (i // 2))),
              fillColor="#00000000", strokeColor="#1d3557", lineWidth=7, lineJoin=join, miterLimit=limit)
        for i, (join, limit) in enumerate([("miter", 10), ("round", 10), ("bevel", 10), ("miter", 1.5)])
    ] + [
        layer("closed", kind="shape", frame=[0, 0, 128, 96], path=star(104, 84, 10, 5, 4, 0), fillColor="#e9c46a",
              strokeColor="#e63946", lineWidth=3, lineJoin="miter"),
    ], note="the last zigzag's miter limit of 1.5 bevels every join (CG's and Skia's limit is the same ratio, miter length / width)",
        **STROKES),
    scene("stroke_curves", (128, 96), [
        layer("s", kind="shape", frame=[0, 0, 128, 96], path=CURVES, fillColor="#00000000", strokeColor="#264653",
              lineWidth=3, lineJoin="round"),
        layer("thin", kind="shape", frame=[0, 0, 128, 96], path=[["ellipsePath", 70, 12, 50, 30]], fillColor="#00000000",
              strokeColor="#e63946", lineWidth=1),
        layer("hair", kind="shape", frame=[0, 0, 128, 96], path=polyline([(4, 4), (124, 30)]), fillColor="#00000000",
              strokeColor="#000000", lineWidth=0.5),
    ], supersample=16, note=STROKE_CURVES_NOTE, **STROKES),
    scene("stroke_dashes", (128, 96), [
        layer("even", kind="shape", frame=[0, 0, 128, 96], path=polyline([(10, 14), (118, 14)]), fillColor="#00000000",
              strokeColor="#1d3557", lineWidth=6, lineDashPattern=[12, 6], lineDashPhase=3),
        # an odd-length pattern repeats (Core Graphics: [10, 4, 2] is [10, 4, 2, 10, 4, 2])
        layer("odd", kind="shape", frame=[0, 0, 128, 96], path=polyline([(10, 32), (118, 32)]), fillColor="#00000000",
              strokeColor="#e63946", lineWidth=5, lineDashPattern=[10, 4, 2], lineCap="round"),
        layer("ring", kind="shape", frame=[0, 0, 128, 96], path=[["ellipsePath", 14, 44, 44, 44]], fillColor="#00000000",
              strokeColor="#2a9d8f", lineWidth=4, lineDashPattern=[9, 5]),
        layer("zig", kind="shape", frame=[0, 0, 128, 96], path=polyline(shifted(ZIGZAG, 68, 56)), fillColor="#00000000",
              strokeColor="#264653", lineWidth=3, lineDashPattern=[7, 3], lineDashPhase=5, lineJoin="round"),
    ], note="dashes are laid by arc length; Skia measures the circle 0.9 short at its default resolution, so the "
            "reference outlines strokes at 16 times the scale (skia_ref.py)",
        **STROKES),
    scene("stroke_end", (128, 96), [
        layer("ring", kind="shape", frame=[0, 0, 128, 96], path=[["ellipsePath", 10, 10, 56, 56]], fillColor="#00000000",
              strokeColor="#e76f51", lineWidth=8, lineCap="round", strokeEnd=0.7),
        layer("part", kind="shape", frame=[0, 0, 128, 96], path=polyline([(74, 10), (118, 10), (118, 50), (74, 50), (74, 86), (118, 86)]),
              fillColor="#00000000", strokeColor="#1d3557", lineWidth=5, strokeStart=0.2, strokeEnd=0.85),
    ], note="strokeStart/strokeEnd are fractions of the whole path's arc length (Skia's TrimPathEffect, Normal mode); "
            "the polyline's start falls 2.4 before a corner, inside the next side's width",
        **STROKES),
]

# -- gradients -----------------------------------------------------------------------------------

SCENES += [
    scene("gradient_axial", (128, 96), [
        layer("g", kind="gradient", frame=[6, 6, 116, 40], type="axial", colors=["#e63946", "#f1faee", "#1d3557"],
              locations=[0.1, 0.45, 0.9], startPoint=[0, 0.2], endPoint=[1, 0.8], cornerRadius=8),
        # a stop fading to transparent: interpolated premultiplied, so no dark fringe
        layer("fade", kind="gradient", frame=[6, 52, 116, 38], type="axial", colors=["#ff000000", "#0000ffff"],
              startPoint=[0, 0.5], endPoint=[1, 0.5], backgroundColor="#00000000"),
    ], note="calc reads a 1024-entry table per gradient; Skia evaluates each pixel: a level apart in places"),
    scene("gradient_radial", (128, 96), [
        layer("g", kind="gradient", frame=[8, 8, 112, 80], type="radial", colors=["#ffffff", "#e9c46a", "#264653"],
              locations=[0, 0.5, 1], startPoint=[0.4, 0.45], endPoint=[0.9, 1.0], cornerRadius=12),
    ]),
    scene("gradient_conic", (128, 96), [
        layer("g", kind="gradient", frame=[8, 8, 112, 80], type="conic", colors=["#e63946", "#f1faee", "#457b9d", "#e63946"],
              startPoint=[0.5, 0.5], endPoint=[1.0, 0.2], cornerRadius=40),
    ], note="the first and last colours are equal so no seam: at a seam the two renderers may pick opposite sides "
            "of the ray for the pixels it crosses (neither anti-aliases it)"),
    scene("gradient_rotated", (128, 96), [
        layer("g", kind="gradient", bounds=[0, 0, 70, 50], position=[64, 48], transform=[["rotate", 35]], type="axial",
              colors=["#2a9d8f", "#e9c46a80"], startPoint=[0, 0], endPoint=[1, 1], cornerRadius=10),
    ]),
]

# -- shadows ---------------------------------------------------------------------------------------

SHADOWED = dict(shadowOpacity=0.6, shadowRadius=8, shadowOffset=[4, 6])

SCENES += [
    scene("shadow_opaque", (128, 96), [
        layer("card", frame=[24, 18, 64, 44], backgroundColor="#457b9d", cornerRadius=10, **SHADOWED),
    ]),
    scene("shadow_translucent", (128, 96), [
        layer("glass", frame=[24, 18, 64, 44], backgroundColor="#457b9d80", cornerRadius=10, **SHADOWED),
    ]),
    scene("shadow_composited", (128, 96), [
        # a layer whose alpha is no single shape: a sublayer sticks out, one is translucent, a border
        layer("parent", frame=[20, 24, 56, 44], backgroundColor="#2a9d8f", borderWidth=3, borderColor="#264653",
              shadowColor="#1d3557", **SHADOWED, sublayers=[
                  layer("tab", frame=[40, -10, 30, 22], backgroundColor="#e9c46a", cornerRadius=6),
                  layer("ghost", frame=[-8, 30, 24, 24], backgroundColor="#e6394680", cornerRadius=12),
              ]),
    ]),
    scene("shadow_shape", (128, 96), [
        layer("star", kind="shape", frame=[30, 12, 72, 72], path=star(36, 36, 34, 14), fillColor="#e63946",
              shadowOpacity=0.7, shadowRadius=6, shadowOffset=[3, 5]),
    ]),
    scene("shadow_rotated", (128, 96), [
        # the offset and σ are in the layer's space: the shadow turns and scales with it
        layer("card", bounds=[0, 0, 56, 36], position=[60, 44], transform=[["rotate", 30], ["scale", 1.2, 1.2]],
              backgroundColor="#1d3557", cornerRadius=6, shadowOpacity=0.5, shadowRadius=6, shadowOffset=[0, 8]),
    ]),
    scene("shadow_path", (128, 96), [
        layer("bordered", frame=[30, 14, 64, 56], borderWidth=2, borderColor="#1d3557", shadowPath=[["ellipsePath", 4, 40, 56, 18]],
              shadowOpacity=0.8, shadowRadius=5, shadowOffset=[2, 4]),
    ]),
    scene("shadow_large", (128, 96), [
        layer("card", frame=[34, 26, 60, 40], backgroundColor="#e9c46a", cornerRadius=4, shadowOpacity=0.9,
              shadowRadius=24, shadowOffset=[0, 0], sublayers=[layer("dot", frame=[44, -6, 20, 20], backgroundColor="#264653", cornerRadius=10)]),
    ], note="σ = 12: the group shadow's blur over a wide radius"),
]

# -- masks ---------------------------------------------------------------------------------------

SCENES += [
    scene("mask_shape", (128, 96), [
        layer("owner", frame=[16, 8, 96, 80], backgroundColor="#457b9d", borderWidth=4, borderColor="#e63946", sublayers=[
            layer("stripe", frame=[0, 30, 96, 20], backgroundColor="#e9c46a"),
        ], mask=layer("m", kind="shape", frame=[0, 0, 96, 80], path=star(48, 40, 38, 16), fillColor="#000000")),
    ]),
    scene("mask_gradient", (128, 96), [
        layer("owner", kind="gradient", frame=[8, 8, 112, 80], type="axial", colors=["#e63946", "#457b9d"], startPoint=[0, 0],
              endPoint=[1, 0], mask=layer("m", kind="gradient", frame=[0, 0, 112, 80], type="radial",
                                          colors=["#000000ff", "#000000ff", "#00000000"], locations=[0, 0.4, 1],
                                          startPoint=[0.5, 0.5], endPoint=[1, 1])),
    ]),
    scene("mask_translucent", (128, 96), [
        # the mask's own opacity and a translucent fill both multiply the owner
        layer("owner", frame=[8, 8, 112, 80], backgroundColor="#264653", cornerRadius=16, shadowOpacity=0.5, shadowRadius=4,
              shadowOffset=[3, 3], mask=layer("m", frame=[10, 10, 92, 60], backgroundColor="#000000b3", cornerRadius=30, opacity=0.8)),
    ], note="the shadow is cast by the masked alpha (SPEC §4.9)"),
]

# -- contents images -------------------------------------------------------------------------------

GRAVITIES = ["resize", "resizeAspect", "resizeAspectFill", "center", "top", "bottom", "left", "right",
             "topLeft", "topRight", "bottomLeft", "bottomRight"]

SCENES += [
    scene(f"image_{g}", (96, 80), [
        layer("frame", frame=[10, 12, 76, 56], backgroundColor="#e9c46a", contents="photo.png", contentsGravity=g),
    ], **({"note": "resizeAspectFill overflows the bounds (drawn unclipped without masksToBounds)"} if g == "resizeAspectFill" else {}))
    for g in GRAVITIES
]

SCENES += [
    scene("image_contents_rect", (96, 80), [
        layer("part", frame=[10, 12, 76, 56], contents="photo.png", contentsRect=[0.25, 0.125, 0.5, 0.75]),
    ]),
    scene("image_scale", (96, 80), [
        # contentsScale 2: the 24×16 image is 12×8 points
        layer("half", frame=[10, 12, 76, 56], backgroundColor="#a8dadc", contents="photo.png", contentsGravity="center", contentsScale=2),
    ], note="exactly 2 : 1, where a bilinear sample at a pixel centre is the 2×2 average a mipmap level holds"),
    scene("image_alpha", (96, 80), [
        layer("sprite", frame=[8, 8, 80, 64], backgroundColor="#1d3557", contents="sprite.png", contentsGravity="resizeAspect"),
    ]),
    scene("image_rotated", (96, 80), [
        layer("turned", bounds=[0, 0, 60, 40], position=[48, 40], transform=[["rotate", 25]], contents="photo.png"),
    ]),
    scene("image_nine_slice", (128, 96), [
        layer("panel", frame=[8, 8, 84, 60], contents="frame.png", contentsCenter=[0.25, 0.25, 0.5, 0.5]),
        layer("bar", frame=[96, 10, 24, 78], contents="frame.png", contentsCenter=[0.25, 0.25, 0.5, 0.5]),
    ], note="Skia's drawImageNine is the reference; slices sample across their seams as one stretched image does"),
    scene("image_minify", (96, 80), [
        layer("small", frame=[8, 8, 24, 24], contents="fine.png"),
        layer("smaller", frame=[40, 8, 48, 64], contents="fine.png", contentsGravity="resizeAspect"),
    ], note="Skia's reference draws with mipmaps (linear between levels) as the documented minification filter",
        ),
]

# -- the macOS origin ------------------------------------------------------------------------------

SCENES += [
    scene("origin_bottom_left", (128, 96), [
        # y up: frames count from the bottom; gravity names and images stay as on screen (SPEC §4.13)
        layer("photo", frame=[6, 50, 56, 40], backgroundColor="#a8dadc", contents="photo.png", contentsGravity="topLeft"),
        layer("nine", frame=[6, 6, 56, 38], contents="frame.png", contentsCenter=[0.25, 0.25, 0.5, 0.5]),
        layer("cone", kind="gradient", frame=[70, 48, 52, 42], type="conic", colors=["#e63946", "#f1faee", "#457b9d", "#e63946"],
              startPoint=[0.5, 0.5], endPoint=[1.0, 0.8], cornerRadius=8),
        layer("ramp", kind="gradient", frame=[70, 40, 52, 6], colors=["#1d3557", "#e9c46a"], startPoint=[0, 0], endPoint=[1, 0]),
        # the default shadowOffset (0, −3) falls down the screen here
        layer("card", frame=[74, 10, 44, 24], backgroundColor="#457b9d", cornerRadius=6, shadowOpacity=0.8, shadowRadius=2),
    ], origin="bottomLeft"),
]

