"""The reference picture of a fidelity scene (scenes.py), drawn with skia-python by Core Animation's
rules, written here from SPEC §4.9/§4.13, docs/rendering.md and docs/semantics.md — not from
calc's code — so the comparison checks calc's reading of those rules as well as its rasterizer.

Core Animation's semantics, and how each is drawn with Skia:
- geometry: a layer maps its bounds to its superlayer's by T(−anchor) · transform · T(position),
  then the superlayer's sublayerTransform about its anchor point; sublayers are flattened into
  their superlayer's plane (z dropped), so every map is a 3×3 projective matrix for Skia;
- order: shadow, background, contents / kind content, sublayers (stably by zPosition), border on
  top; opacity groups the layer with its sublayers and its shadow (saveLayer with an alpha);
- background and border are rounded by cornerRadius clamped to half the shorter side; the border
  lies inside the bounds over the background (drawDRRect of the bounds and the bounds inset by
  borderWidth, inner radius cornerRadius − borderWidth, not below 0);
- masksToBounds clips content, sublayers and the shadow, not the background or border;
- the shadow is the composited layer's alpha (after its mask) blurred by σ = shadowRadius / 2 and
  offset by shadowOffset, both in the layer's space (Skia's DropShadowOnly image filter on a
  saveLayer made under the layer's matrix evaluates σ and the offset in that space), or shadowPath
  filled with a blur mask filter whose σ follows the matrix;
- a mask is a layer tree in the owner's space whose composited alpha multiplies the owner
  (saveLayer with kDstIn inside the owner's own layer);
- gradients: axial from startPoint to endPoint; radial an ellipse centred at startPoint with radii
  endPoint − startPoint; conic centred at startPoint, 0 towards endPoint, clockwise on screen (a
  sweep gradient rotated to that direction); colours clamp beyond the ends and interpolate in
  premultiplied space (kInterpolateColorsInPremul_Flag); a gradient layer's gradient fills its
  rounded bounds;
- contents: contentsRect picks the source (unit rect of the image), contentsScale gives the natural
  size in points (pixels / scale), contentsGravity places it (names as on screen, image upright),
  contentsCenter nine-slices it (edges keep their size, shrunk in proportion when they do not fit;
  the centre stretches); sampling is bilinear, mipmapped (linear between levels) when minifying,
  and the slices sample across their seams as one stretched image does (kFast_SrcRectConstraint);
- strokes: the area within half the line width of the path, with Core Graphics' caps, joins and
  miter limit; strokeStart/strokeEnd cut it at fractions of the whole path's arc length (Skia's
  TrimPathEffect), then the dash pattern (an odd one repeated) runs from that start. Skia's own
  stroking departs from this in two ways, so the stroke is made into a fill path with
  Paint.getFillPath and filled: a stroke at most one device pixel wide would otherwise be drawn as
  a hairline with its coverage scaled by the width (about 0.9 of the area on curves: Core Graphics
  fills the true area), and Skia measures a path for trimming and dashing on chords within half a
  unit of the curve (SkContourMeasure at resScale 1: a circle of radius 22 comes out 0.9 short,
  and the dashes creep round it by up to that much). The outline is therefore made with the
  path, the width and the dash lengths scaled up by STROKE_SCALE (chords within 1/32 of the curve)
  and scaled back before it is filled.
"""

import math

import numpy as np
import skia

# -------------------------------------------------------------------------------------------------
# Colours


def rgba(c):
    """'#rrggbb[aa]' → (r, g, b, a) bytes."""
    h = c[1:]
    if len(h) == 6:
        h += "ff"
    return tuple(int(h[i:i + 2], 16) for i in range(0, 8, 2))


def color4f(c, alpha=1.0):
    r, g, b, a = rgba(c)
    return skia.Color4f(r / 255, g / 255, b / 255, a / 255 * alpha)


def argb(c):
    r, g, b, a = rgba(c)
    return skia.ColorSetARGB(a, r, g, b)


def visible(c):
    return c is not None and rgba(c)[3] > 0

# -------------------------------------------------------------------------------------------------
# CATransform3D, row vectors: p' = p · M


def translation(x, y, z=0.0):
    m = np.eye(4)
    m[3, 0:3] = [x, y, z]
    return m


def rotation(deg, axis):
    """CATransform3DMakeRotation(angle, x, y, z) for a unit axis."""
    x, y, z = axis
    a = math.radians(deg)
    c, s, t = math.cos(a), math.sin(a), 1 - math.cos(a)
    return np.array([
        [t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0],
        [t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0],
        [t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0],
        [0, 0, 0, 1]])


def op_matrix(op):
    k = op[0]
    if k == "rotate":
        return rotation(op[1], (0, 0, 1))
    if k == "rotateX":
        return rotation(op[1], (1, 0, 0))
    if k == "rotateY":
        return rotation(op[1], (0, 1, 0))
    if k == "translate":
        return translation(*op[1:])
    if k == "scale":
        sx, sy = op[1], op[2]
        sz = op[3] if len(op) > 3 else 1.0
        return np.diag([sx, sy, sz, 1.0])
    if k == "perspective":
        m = np.eye(4)
        m[2, 3] = -1.0 / op[1]
        return m
    raise ValueError(k)


def transform(ops):
    m = np.eye(4)
    for op in ops or []:
        m = m @ op_matrix(op)      # the first operation applies first (CATransform3DConcat order)
    return m


FLATTEN = np.diag([1.0, 1.0, 0.0, 1.0])


def to_skia(m):
    """The 3×3 of a 4×4 row-vector map for points with z = 0, output z dropped."""
    return skia.Matrix.MakeAll(m[0, 0], m[1, 0], m[3, 0],
                               m[0, 1], m[1, 1], m[3, 1],
                               m[0, 3], m[1, 3], m[3, 3])

# -------------------------------------------------------------------------------------------------
# Layer geometry


def geometry(l):
    """(bounds rect, position, anchorPoint) with `frame` resolved as CALayer's setter does."""
    ap = l.get("anchorPoint", [0.5, 0.5])
    if "frame" in l:
        x, y, w, h = l["frame"]
        b = l.get("bounds", [0, 0, 0, 0])
        return [b[0], b[1], w, h], [x + ap[0] * w, y + ap[1] * h], ap
    return list(l.get("bounds", [0, 0, 0, 0])), list(l.get("position", [0, 0])), ap


def anchor(l):
    b, _, ap = geometry(l)
    return b[0] + ap[0] * b[2], b[1] + ap[1] * b[3]


def local_matrix(l):
    """Bounds space → superlayer bounds space (before the superlayer's sublayerTransform)."""
    _, pos, _ = geometry(l)
    ax, ay = anchor(l)
    return translation(-ax, -ay) @ transform(l.get("transform")) @ translation(pos[0], pos[1], l.get("zPosition", 0))


def sublayer_matrix(l):
    """The superlayer's sublayerTransform about its anchor point (identity when unset)."""
    if not l.get("sublayerTransform"):
        return np.eye(4)
    ax, ay = anchor(l)
    return translation(-ax, -ay) @ transform(l["sublayerTransform"]) @ translation(ax, ay)


def rrect(l):
    b, _, _ = geometry(l)
    r = max(0.0, min(l.get("cornerRadius", 0), b[2] / 2, b[3] / 2))
    return skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(*b), r, r), b, r

# -------------------------------------------------------------------------------------------------
# Paths (CGPath's elements; rounded rects and ellipses start and turn as Core Graphics builds them)


def arc_sweep(a0, a1, clockwise):
    """UIBezierPath's sweep in degrees: clockwise follows increasing angles (y down)."""
    sweep = a1 - a0
    if clockwise and sweep < 0:
        sweep = math.fmod(sweep, 360.0)
        if sweep < 0:
            sweep += 360.0
    elif not clockwise and sweep > 0:
        sweep = math.fmod(sweep, 360.0)
        if sweep > 0:
            sweep -= 360.0
    return max(-360.0, min(360.0, sweep))


def path(els, rule="nonZero"):
    p = skia.Path()
    for e in els:
        k, a = e[0], e[1:]
        if k == "moveTo":
            p.moveTo(*a)
        elif k == "lineTo":
            p.lineTo(*a)
        elif k == "quadTo":
            p.quadTo(*a)
        elif k == "curveTo":
            p.cubicTo(*a)
        elif k == "arc":
            cx, cy, r, a0, a1, cw = a
            p.arcTo(skia.Rect.MakeLTRB(cx - r, cy - r, cx + r, cy + r), a0, arc_sweep(a0, a1, cw), False)
        elif k == "closePath":
            p.close()
        elif k == "rectPath":
            p.addRect(skia.Rect.MakeXYWH(*a), skia.PathDirection.kCW, 0)
        elif k == "ellipsePath":
            # starts at the right-hand point and turns clockwise on screen, as CGPathAddEllipseInRect
            p.addOval(skia.Rect.MakeXYWH(*a), skia.PathDirection.kCW, 1)
        elif k == "roundedRectPath":
            x, y, w, h, r = a
            r = max(0.0, min(r, w / 2, h / 2))
            if r == 0:
                p.addRect(skia.Rect.MakeXYWH(x, y, w, h), skia.PathDirection.kCW, 0)
                continue
            x1, y1 = x + w, y + h
            p.moveTo(x + r, y)
            p.lineTo(x1 - r, y)
            p.arcTo(skia.Rect.MakeLTRB(x1 - 2 * r, y, x1, y + 2 * r), -90, 90, False)
            p.lineTo(x1, y1 - r)
            p.arcTo(skia.Rect.MakeLTRB(x1 - 2 * r, y1 - 2 * r, x1, y1), 0, 90, False)
            p.lineTo(x + r, y1)
            p.arcTo(skia.Rect.MakeLTRB(x, y1 - 2 * r, x + 2 * r, y1), 90, 90, False)
            p.lineTo(x, y + r)
            p.arcTo(skia.Rect.MakeLTRB(x, y, x + 2 * r, y + 2 * r), 180, 90, False)
            p.close()
        else:
            raise ValueError(k)
    p.setFillType(skia.PathFillType.kEvenOdd if rule == "evenOdd" else skia.PathFillType.kWinding)
    return p


# Strokes are outlined at this scale (docstring): Skia's path measure then follows curves within
# 0.5 / 16 of a unit, and its stroker's curves are as much finer.
STROKE_SCALE = 16.0


def stroke_outline(p, l, k=STROKE_SCALE):
    """The area a shape layer's stroke covers, as a non-zero fill path in the layer's space (None:
    nothing is stroked)."""
    width = l.get("lineWidth", 1.0)
    if width <= 0:
        return None
    start, end = l.get("strokeStart", 0.0), l.get("strokeEnd", 1.0)
    if end <= start:
        return None
    sp = skia.Paint(Style=skia.Paint.kStroke_Style, StrokeWidth=width * k,
                    StrokeCap={"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap,
                               "square": skia.Paint.kSquare_Cap}[l.get("lineCap", "butt")],
                    StrokeJoin={"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join,
                                "bevel": skia.Paint.kBevel_Join}[l.get("lineJoin", "miter")],
                    StrokeMiter=l.get("miterLimit", 10.0))
    effect = None
    if start > 0 or end < 1:
        effect = skia.TrimPathEffect.Make(start, end)
    dashes = l.get("lineDashPattern", [])
    if dashes:
        if len(dashes) % 2:
            dashes = dashes + dashes      # Core Graphics repeats an odd-length pattern
        dash = skia.DashPathEffect.Make([d * k for d in dashes], l.get("lineDashPhase", 0.0) * k)
        effect = dash if effect is None else skia.PathEffect.MakeCompose(dash, effect)
    if effect is not None:
        sp.setPathEffect(effect)
    big = skia.Path(p)
    big.transform(skia.Matrix.Scale(k, k))
    out = skia.Path()
    sp.getFillPath(big, out)
    out.transform(skia.Matrix.Scale(1 / k, 1 / k))
    out.setFillType(skia.PathFillType.kWinding)
    return out


def aa_paint(**kw):
    p = skia.Paint(AntiAlias=True)
    for k, v in kw.items():
        getattr(p, "set" + k)(v)
    return p

# -------------------------------------------------------------------------------------------------
# The renderer


class Renderer:
    def __init__(self, images, premultiplied_gradients=True):
        """`images`: file name → skia.Image. `premultiplied_gradients` False interpolates gradient
        colours unpremultiplied (fidelity.py's sensitivity check draws with that mistake)."""
        self.images = images
        self.gradient_flags = skia.GradientShader.Flags.kInterpolateColorsInPremul_Flag if premultiplied_gradients else 0
        self.flipped = False

    def render(self, scene):
        """The scene's picture as unpremultiplied RGBA bytes. With the scene's `supersample` k, it is
        drawn k times larger and each k × k block averaged (premultiplied): coverage within about
        1/255 of the exact area, free of Skia's own anti-aliasing error (docs/rendering.md)."""
        w, h = scene["size"]
        k = int(scene.get("supersample", 1))
        surface = skia.Surface.MakeRaster(skia.ImageInfo.Make(w * k, h * k, skia.ColorType.kRGBA_8888_ColorType,
                                                              skia.AlphaType.kPremul_AlphaType))
        c = surface.getCanvas()
        c.clear(color4f(scene["background"]))
        c.scale(k, k)
        # origin bottomLeft (macOS): y up for the whole scene
        self.flipped = scene.get("origin") == "bottomLeft"
        if self.flipped:
            c.translate(0, h)
            c.scale(1, -1)
        for l in scene["layers"]:
            self.layer(c, l, np.eye(4))
        img = surface.makeImageSnapshot()
        if k == 1:
            return img.toarray(colorType=skia.ColorType.kRGBA_8888_ColorType, alphaType=skia.AlphaType.kUnpremul_AlphaType)
        px = img.toarray(colorType=skia.ColorType.kRGBA_8888_ColorType, alphaType=skia.AlphaType.kPremul_AlphaType)
        px = px.astype(np.float64).reshape(h, k, w, k, 4).mean(axis=(1, 3))
        a = px[..., 3:]
        rgb = np.where(a > 0, px[..., :3] * 255 / np.maximum(a, 1e-9), 0)
        return np.clip(np.rint(np.concatenate([rgb, a], axis=-1)), 0, 255).astype(np.uint8)

    def layer(self, c, l, parent_sub):
        opacity = max(0.0, min(1.0, l.get("opacity", 1.0)))
        if l.get("hidden") or opacity <= 0:
            return
        c.save()
        c.concat(to_skia(local_matrix(l) @ parent_sub @ FLATTEN))
        if opacity < 1:
            c.saveLayer(None, aa_paint(Alphaf=opacity))
        self.shadow(c, l)
        self.body(c, l)
        if opacity < 1:
            c.restore()
        c.restore()

    def shadow(self, c, l):
        alpha = max(0.0, min(1.0, l.get("shadowOpacity", 0.0)))
        col = l.get("shadowColor", "#000000")
        if alpha <= 0 or not visible(col):
            return
        sigma = max(0.0, l.get("shadowRadius", 3.0) / 2)
        dx, dy = l.get("shadowOffset", [0, -3])
        clipped = l.get("masksToBounds", False)
        if clipped:
            c.save()
            c.clipRRect(rrect(l)[0], skia.ClipOp.kIntersect, True)
        if "shadowPath" in l:
            p = aa_paint(Color4f=color4f(col, alpha))
            if sigma > 0:
                p.setMaskFilter(skia.MaskFilter.MakeBlur(skia.BlurStyle.kNormal_BlurStyle, sigma, True))
            c.save()
            c.translate(dx, dy)
            c.drawPath(path(l["shadowPath"]), p)
            c.restore()
        else:
            r, g, b, a = rgba(col)
            shadow_color = skia.Color4f(r / 255, g / 255, b / 255, a / 255 * alpha).toColor()
            f = skia.ImageFilters.DropShadowOnly(dx, dy, sigma, sigma, shadow_color)
            c.saveLayer(None, skia.Paint(ImageFilter=f))
            self.body(c, l)
            c.restore()
        if clipped:
            c.restore()

    def body(self, c, l):
        """Background, content, sublayers and border, masked: the layer's composited picture."""
        masked = "mask" in l
        if masked:
            c.saveLayer(None, None)
        rr, b, radius = rrect(l)
        has_area = b[2] > 0 and b[3] > 0
        if has_area and visible(l.get("backgroundColor")):
            c.drawRRect(rr, aa_paint(Color4f=color4f(l["backgroundColor"])))
        clipped = l.get("masksToBounds", False)
        if clipped:
            c.save()
            c.clipRRect(rr, skia.ClipOp.kIntersect, True)
        if not (clipped and not has_area):
            self.content(c, l, b, rr)
            sub = sublayer_matrix(l)
            subs = sorted(enumerate(l.get("sublayers", [])), key=lambda t: (t[1].get("zPosition", 0), t[0]))
            for _, s in subs:
                self.layer(c, s, sub)
        if clipped:
            c.restore()
        bw = l.get("borderWidth", 0)
        if has_area and bw > 0 and visible(l.get("borderColor", "#000000")):
            p = aa_paint(Color4f=color4f(l.get("borderColor", "#000000")))
            if 2 * bw < min(b[2], b[3]):
                ri = max(0.0, radius - bw)
                inner = skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(b[0] + bw, b[1] + bw, b[2] - 2 * bw, b[3] - 2 * bw), ri, ri)
                c.drawDRRect(rr, inner, p)
            else:
                c.drawRRect(rr, p)
        if masked:
            c.saveLayer(None, skia.Paint(BlendMode=skia.BlendMode.kDstIn))
            self.layer(c, l["mask"], np.eye(4))
            c.restore()
            c.restore()

    # -- content ---------------------------------------------------------------------------------

    def content(self, c, l, b, rr):
        if "contents" in l:
            self.contents(c, l, b)
        kind = l.get("kind", "plain")
        if kind == "shape":
            self.shape(c, l)
        elif kind == "gradient":
            self.gradient(c, l, b, rr)

    def shape(self, c, l):
        if not l.get("path"):
            return
        p = path(l["path"], l.get("fillRule", "nonZero"))
        if visible(l.get("fillColor", "#000000")):
            c.drawPath(p, aa_paint(Color4f=color4f(l.get("fillColor", "#000000"))))
        if visible(l.get("strokeColor")):
            outline = stroke_outline(p, l)
            if outline is not None:
                c.drawPath(outline, aa_paint(Color4f=color4f(l["strokeColor"])))

    def gradient(self, c, l, b, rr):
        colors = l.get("colors", [])
        if not colors:
            return
        n = len(colors)
        locs = l.get("locations")
        if not locs or len(locs) != n:
            locs = [0.0] if n == 1 else [i / (n - 1) for i in range(n)]
        order = sorted(range(n), key=lambda i: (locs[i], i))
        cols = [argb(colors[i]) for i in order]
        pos = [float(locs[i]) for i in order]
        if n == 1:
            cols, pos = cols * 2, [0.0, 1.0]
        sp = l.get("startPoint", [0.5, 0.0])
        ep = l.get("endPoint", [0.5, 1.0])
        sx, sy = b[0] + sp[0] * b[2], b[1] + sp[1] * b[3]
        ex, ey = b[0] + ep[0] * b[2], b[1] + ep[1] * b[3]
        flags = self.gradient_flags
        clamp = skia.TileMode.kClamp
        kind = l.get("type", "axial")
        if kind == "axial":
            shader = skia.GradientShader.MakeLinear([skia.Point(sx, sy), skia.Point(ex, ey)], cols, pos, clamp, flags)
        elif kind == "radial":
            m = skia.Matrix.Scale(abs(ex - sx), abs(ey - sy))
            m.postTranslate(sx, sy)
            shader = skia.GradientShader.MakeRadial(skia.Point(0, 0), 1.0, cols, pos, clamp, flags, m)
        else:
            # the sweep's local +x is the ray towards endPoint, its +y a quarter turn clockwise on
            # screen from it (towards +y in a y-down layer, towards −y in a y-up one)
            dx, dy = ex - sx, ey - sy
            n = math.hypot(dx, dy)
            dx, dy = (dx / n, dy / n) if n > 1e-12 else (1.0, 0.0)
            vx, vy = (dy, -dx) if self.flipped else (-dy, dx)
            m = skia.Matrix.MakeAll(dx, vx, sx, dy, vy, sy, 0, 0, 1)
            shader = skia.GradientShader.MakeSweep(0, 0, cols, pos, clamp, 0, 360, flags, m)
        c.drawRRect(rr, aa_paint(Shader=shader))

    def contents(self, c, l, b):
        img = self.images[l["contents"]]
        iw, ih = img.width(), img.height()
        cr = l.get("contentsRect", [0, 0, 1, 1])
        src = [cr[0] * iw, cr[1] * ih, cr[2] * iw, cr[3] * ih]
        scale = l.get("contentsScale", 1.0)
        nw, nh = src[2] / scale, src[3] / scale
        dest = gravity_rect(l.get("contentsGravity", "resize"), nw, nh, b, self.flipped)
        if dest[2] <= 0 or dest[3] <= 0:
            return
        sampling = skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kLinear)
        paint = aa_paint()
        c.save()
        if self.flipped:
            # upright on screen: mirror the destination rect onto itself
            c.translate(0, 2 * dest[1] + dest[3])
            c.scale(1, -1)
        for s, d in nine_slices(src, l.get("contentsCenter", [0, 0, 1, 1]), scale, dest):
            c.drawImageRect(img, skia.Rect.MakeXYWH(*s), skia.Rect.MakeXYWH(*d), sampling, paint,
                            skia.Canvas.SrcRectConstraint.kFast_SrcRectConstraint)
        c.restore()


def gravity_rect(g, nw, nh, b, flipped=False):
    """Where contentsGravity puts an image of natural size nw × nh in the bounds b (names as on
    screen: in a y-up scene the top is the high y edge)."""
    bx, by, bw, bh = b
    if g == "resize":
        return list(b)
    if g in ("resizeAspect", "resizeAspectFill"):
        s = (min if g == "resizeAspect" else max)(bw / nw, bh / nh)
        w, h = nw * s, nh * s
        return [bx + (bw - w) / 2, by + (bh - h) / 2, w, h]
    xs = {"left": bx, "centre": bx + (bw - nw) / 2, "right": bx + bw - nw}
    ys = {"top": by, "centre": by + (bh - nh) / 2, "bottom": by + bh - nh}
    if flipped:
        ys["top"], ys["bottom"] = ys["bottom"], ys["top"]
    place = {"center": ("centre", "centre"), "top": ("centre", "top"), "bottom": ("centre", "bottom"),
             "left": ("left", "centre"), "right": ("right", "centre"), "topLeft": ("left", "top"),
             "topRight": ("right", "top"), "bottomLeft": ("left", "bottom"), "bottomRight": ("right", "bottom")}[g]
    return [xs[place[0]], ys[place[1]], nw, nh]


def nine_slices(src, center, scale, dest):
    """(source rect, destination rect) pairs: contentsCenter's edges keep their size in points
    (shrunk in proportion when the destination is smaller), the centre stretches; contentsCenter
    (0, 0, 1, 1) gives the one whole image."""
    def cuts(s0, slen, c0, clen, d0, dlen):
        a = max(0.0, min(1.0, c0))
        e = max(a, min(1.0, c0 + clen))
        lead, trail = a * slen, (1 - e) * slen
        dl, dt = lead / scale, trail / scale
        if dl + dt > dlen:
            k = dlen / (dl + dt)
            dl, dt = dl * k, dt * k
        return ([s0, s0 + lead, s0 + slen - trail, s0 + slen], [d0, d0 + dl, d0 + dlen - dt, d0 + dlen])
    sx, dx = cuts(src[0], src[2], center[0], center[2], dest[0], dest[2])
    sy, dy = cuts(src[1], src[3], center[1], center[3], dest[1], dest[3])
    out = []
    for j in range(3):
        for i in range(3):
            s = [sx[i], sy[j], sx[i + 1] - sx[i], sy[j + 1] - sy[j]]
            d = [dx[i], dy[j], dx[i + 1] - dx[i], dy[j + 1] - dy[j]]
            if s[2] > 0 and s[3] > 0 and d[2] > 0 and d[3] > 0:
                out.append((s, d))
    return out


def load_image(path_):
    """A PNG as a skia.Image (decoded by Pillow, so calc's libspng is not its own reference)."""
    from PIL import Image
    a = np.ascontiguousarray(np.asarray(Image.open(path_).convert("RGBA")))
    return skia.Image.fromarray(a, colorType=skia.ColorType.kRGBA_8888_ColorType, alphaType=skia.AlphaType.kUnpremul_AlphaType)
