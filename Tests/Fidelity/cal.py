"""Writes a fidelity scene (scenes.py) as a CAL script: one `layer` block per layer, in the
description's order, each setting exactly the properties the description names (CAL's names are
Core Animation's, so this is spelling, not interpretation)."""

KINDS = {"plain": None, "shape": "shape", "gradient": "gradient"}

# properties written as they are, by the type of their value
COLOR_PROPS = ["backgroundColor", "borderColor", "shadowColor", "fillColor", "strokeColor"]
NUMBER_PROPS = ["opacity", "cornerRadius", "borderWidth", "shadowOpacity", "shadowRadius", "lineWidth",
                "miterLimit", "lineDashPhase", "strokeStart", "strokeEnd", "contentsScale", "zPosition"]
BOOL_PROPS = ["masksToBounds", "hidden"]
ENUM_PROPS = ["fillRule", "lineCap", "lineJoin", "contentsGravity", "type"]
POINT_PROPS = ["position", "anchorPoint", "startPoint", "endPoint"]
SIZE_PROPS = ["shadowOffset"]
RECT_PROPS = ["frame", "bounds", "contentsRect", "contentsCenter"]
ORDER = (["bounds", "anchorPoint", "position", "frame", "transform", "sublayerTransform"] + COLOR_PROPS + NUMBER_PROPS
         + BOOL_PROPS + ENUM_PROPS + ["startPoint", "endPoint", "colors", "locations", "path", "lineDashPattern",
                                      "shadowOffset", "shadowPath", "contents", "contentsRect", "contentsCenter"])
STRUCTURE = {"name", "kind", "sublayers", "mask"}


def num(v):
    """A number as CAL reads it: no exponent, no trailing zeros."""
    if isinstance(v, bool):
        raise TypeError("a bool where a number was expected")
    s = f"{float(v):.6f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def tup(vs):
    return "(" + ", ".join(num(v) for v in vs) + ")"


def color(c):
    if not (isinstance(c, str) and c.startswith("#") and len(c) in (7, 9)):
        raise ValueError(f"colour {c!r}: write #rrggbb or #rrggbbaa")
    return c.lower()


def transform(ops):
    def one(op):
        k = op[0]
        if k == "rotate":
            return f"rotate({num(op[1])}deg)"
        if k == "rotateX":
            return f"rotate({num(op[1])}deg, .x)"
        if k == "rotateY":
            return f"rotate({num(op[1])}deg, .y)"
        if k == "translate":
            return f"translate({', '.join(num(v) for v in op[1:])})"
        if k == "scale":
            return f"scale({', '.join(num(v) for v in op[1:])})"
        if k == "perspective":
            return f"perspective({num(op[1])})"
        raise ValueError(f"unknown transform {k!r}")
    return " * ".join(one(op) for op in ops) if ops else ".identity"


def path(els):
    parts = []
    for e in els:
        k, a = e[0], e[1:]
        if k in ("moveTo", "lineTo"):
            parts.append(f"{k}({tup(a)})")
        elif k == "quadTo":
            parts.append(f"quadTo({tup(a[0:2])}, {tup(a[2:4])})")
        elif k == "curveTo":
            parts.append(f"curveTo({tup(a[0:2])}, {tup(a[2:4])}, {tup(a[4:6])})")
        elif k == "arc":
            cx, cy, r, a0, a1, cw = a
            parts.append(f"arc({tup([cx, cy])}, {num(r)}, {num(a0)}deg, {num(a1)}deg, {'true' if cw else 'false'})")
        elif k == "closePath":
            parts.append("closePath()")
        elif k in ("rectPath", "ellipsePath"):
            parts.append(f"{k}({tup(a)})")
        elif k == "roundedRectPath":
            parts.append(f"roundedRectPath({tup(a[0:4])}, {num(a[4])})")
        else:
            raise ValueError(f"unknown path element {k!r}")
    return " + ".join(parts)


def value(key, v):
    if key in COLOR_PROPS:
        return color(v)
    if key in NUMBER_PROPS:
        return num(v)
    if key in BOOL_PROPS:
        return "true" if v else "false"
    if key in ENUM_PROPS:
        return "." + v
    if key in POINT_PROPS or key in SIZE_PROPS or key in RECT_PROPS:
        return tup(v)
    if key in ("transform", "sublayerTransform"):
        return transform(v)
    if key == "colors":
        return "[" + ", ".join(color(c) for c in v) + "]"
    if key in ("locations", "lineDashPattern"):
        return "[" + ", ".join(num(x) for x in v) + "]"
    if key in ("path", "shadowPath"):
        return path(v)
    if key == "contents":
        return f'image("{v}")'
    raise ValueError(f"unknown property {key!r}")


def layer_block(l, indent, keyword):
    pad = "    " * indent
    kind = KINDS[l.get("kind", "plain")]
    head = f"{keyword}{': ' + kind if kind else ''}" if keyword == "layer " + l["name"] else keyword + (f" {kind}" if kind else "")
    lines = [f"{pad}{head} {{"]
    unknown = set(l) - set(ORDER) - STRUCTURE
    if unknown:
        raise ValueError(f"layer {l['name']!r}: unknown properties {sorted(unknown)}")
    for key in ORDER:
        if key in l:
            lines.append(f"{pad}    {key}: {value(key, l[key])}")
    for s in l.get("sublayers", []):
        lines += layer_block(s, indent + 1, "layer " + s["name"])
    if "mask" in l:
        lines += layer_block(l["mask"], indent + 1, "mask")
    lines.append(f"{pad}}}")
    return lines


def script(scene):
    """The CAL source of `scene`: one frame at time 0."""
    w, h = scene["size"]
    out = [f"// fidelity scene '{scene['name']}', written by Tests/Fidelity/cal.py from scenes.py",
           f"scene {{ size: ({num(w)}, {num(h)}) fps: 10 duration: 0.1s background: {color(scene['background'])}"
           + (f" origin: .{scene['origin']}" if "origin" in scene else "") + " }", ""]
    for l in scene["layers"]:
        out += layer_block(l, 0, "layer " + l["name"])
    return "\n".join(out) + "\n"
