// Sprite drawing for emitter particles (Sources/Render/Sprites.swift sets each sprite up): for every
// row of the sprite's device box, the run of pixels whose sample lies inside the image's transparent
// border is found by exact integer division, so the pixel loop has no bounds test; each pixel is the
// bilinear sample of four texels, tinted, masked and blended.
// The arithmetic, per channel, is the definition every path must reproduce bit for bit:
//   bilinear  c = (top·(128 − fy) + bottom·fy + 8192) >> 14, top = t00·(128 − fx) + t10·fx (7-bit fractions)
//   trilinear c = (c0·(256 − w) + c1·w + 128) >> 8
//   tint      c = div255(c · t)        mask  c = div255(c · m)        div255(x) = round(x / 255)
//   over      d = c + div255(d · (255 − ca))       plus-lighter  d = min(255, c + d)

#include "calc_spans.h"

static inline uint32_t sp_div255(uint32_t x) { uint32_t t = x + 128; return (t + (t >> 8)) >> 8; }

static inline int64_t sp_floor_div(int64_t a, int64_t b) {   // b > 0
    int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

/// The i in [0, n) with lo ≤ s + i·d < hi, as [*i0, *i1).
static void sp_run(int64_t s, int64_t d, int64_t lo, int64_t hi, int64_t n, int64_t *i0, int64_t *i1) {
    int64_t a, b;
    if (d == 0) {
        a = 0; b = (s >= lo && s < hi) ? n : 0;
    } else if (d > 0) {
        a = -sp_floor_div(s - lo, d);                   // ceil((lo − s) / d)
        b = -sp_floor_div(s - hi, d);                   // ceil((hi − s) / d)
    } else {
        a = sp_floor_div(s - hi, -d) + 1;               // s + i·d < hi
        b = sp_floor_div(s - lo, -d) + 1;               // s + i·d ≥ lo
    }
    if (a > *i0) *i0 = a;
    if (b < *i1) *i1 = b;
}

/// The bilinear sample at (u, v) of a bordered level (the caller keeps (u, v) inside the border).
static inline uint32_t sp_sample(const calc_sprite_level *l, int64_t u, int64_t v) {
    const uint32_t *p = l->texels + ((int32_t)(v >> 16) + 1) * (ptrdiff_t)l->stride + ((int32_t)(u >> 16) + 1);
    uint32_t fx = (uint32_t)(u >> 9) & 127, fy = (uint32_t)(v >> 9) & 127, gx = 128 - fx, gy = 128 - fy;
    uint32_t a = p[0], b = p[1], c = p[l->stride], d = p[l->stride + 1];
    uint32_t out = 0;
    for (int k = 0; k < 32; k += 8) {
        uint32_t top = ((a >> k) & 255) * gx + ((b >> k) & 255) * fx;
        uint32_t bottom = ((c >> k) & 255) * gx + ((d >> k) & 255) * fx;
        out |= ((top * gy + bottom * fy + 8192) >> 14) << k;
    }
    return out;
}

static inline uint32_t sp_mix(uint32_t p, uint32_t q, uint32_t w) {
    uint32_t out = 0;
    for (int k = 0; k < 32; k += 8) out |= ((((p >> k) & 255) * (256 - w) + ((q >> k) & 255) * w + 128) >> 8) << k;
    return out;
}

static inline uint32_t sp_scale4(uint32_t c, uint32_t r, uint32_t g, uint32_t b, uint32_t a) {
    return sp_div255((c & 255) * r) | sp_div255(((c >> 8) & 255) * g) << 8
         | sp_div255(((c >> 16) & 255) * b) << 16 | sp_div255((c >> 24) * a) << 24;
}

static inline uint32_t sp_blend(uint32_t s, uint32_t d, int additive) {
    uint32_t out = 0;
    if (additive) {
        for (int k = 0; k < 32; k += 8) {
            uint32_t x = ((s >> k) & 255) + ((d >> k) & 255);
            out |= (x > 255 ? 255 : x) << k;
        }
    } else {
        uint32_t inv = 255 - (s >> 24);
        for (int k = 0; k < 32; k += 8) out |= (((s >> k) & 255) + sp_div255(((d >> k) & 255) * inv)) << k;
    }
    return out;
}

/// The pixel run [*i0, *i1) of row j whose samples lie inside level l's border.
static inline void sp_row_run(const calc_sprite_level *l, int64_t j, int64_t n, int64_t *i0, int64_t *i1) {
    int64_t u = l->u + j * l->dudy, v = l->v + j * l->dvdy;
    sp_run(u, l->dudx, -65536, (int64_t)l->width << 16, n, i0, i1);
    sp_run(v, l->dvdx, -65536, (int64_t)l->height << 16, n, i0, i1);
}

/// The plain C path: one pixel at a time, the definition of the result.
static void sprite_scalar(uint32_t *surface, ptrdiff_t stride, int32_t ox, int32_t oy, const uint8_t *mask,
                          ptrdiff_t mask_stride, const calc_sprite *s, int additive) {
    const calc_sprite_level *l0 = &s->level[0], *l1 = &s->level[1];
    int trilinear = s->weight > 0;
    int plain = s->tint[0] == 255 && s->tint[1] == 255 && s->tint[2] == 255 && s->tint[3] == 255;
    int64_t n = (int64_t)s->x1 - s->x0;
    for (int32_t y = s->y0; y < s->y1; y++) {
        int64_t j = y - s->y0, i0 = 0, i1 = n;
        sp_row_run(l0, j, n, &i0, &i1);
        if (trilinear) {
            // a pixel counts when either level's sample does; the other reads zero outside its border
            int64_t k0 = 0, k1 = n;
            sp_row_run(l1, j, n, &k0, &k1);
            if (k0 < k1) { if (i0 >= i1) { i0 = k0; i1 = k1; } else { if (k0 < i0) i0 = k0; if (k1 > i1) i1 = k1; } }
        }
        if (i0 >= i1) continue;
        uint32_t *row = surface + (y - oy) * stride + (s->x0 - ox);
        const uint8_t *mrow = mask ? mask + y * mask_stride + s->x0 : 0;
        int64_t u = l0->u + j * l0->dudy, v = l0->v + j * l0->dvdy;
        int64_t u1 = l1->u + j * l1->dudy, v1 = l1->v + j * l1->dvdy;
        for (int64_t i = i0; i < i1; i++) {
            int64_t uu = u + i * l0->dudx, vv = v + i * l0->dvdx;
            uint32_t c = 0;
            if (uu >= -65536 && uu < ((int64_t)l0->width << 16) && vv >= -65536 && vv < ((int64_t)l0->height << 16))
                c = sp_sample(l0, uu, vv);
            if (trilinear) {
                int64_t a = u1 + i * l1->dudx, b = v1 + i * l1->dvdx;
                uint32_t c1 = 0;
                if (a >= -65536 && a < ((int64_t)l1->width << 16) && b >= -65536 && b < ((int64_t)l1->height << 16))
                    c1 = sp_sample(l1, a, b);
                c = sp_mix(c, c1, s->weight);
            }
            if (!plain) c = sp_scale4(c, s->tint[0], s->tint[1], s->tint[2], s->tint[3]);
            if (mrow) { uint32_t m = mrow[i]; c = sp_scale4(c, m, m, m, m); }
            if (c == 0) continue;
            row[i] = sp_blend(c, row[i], additive);
        }
    }
}

void calc_sprite_draw(uint32_t *surface, ptrdiff_t stride, int32_t origin_x, int32_t origin_y,
                      const uint8_t *mask, ptrdiff_t mask_stride, const calc_sprite *sprite, int additive) {
    if (sprite->x1 <= sprite->x0 || sprite->y1 <= sprite->y0) return;
    sprite_scalar(surface, stride, origin_x, origin_y, mask, mask_stride, sprite, additive);
}
