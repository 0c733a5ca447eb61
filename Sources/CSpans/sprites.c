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

/// One pixel (column i of row j of the box) of any sprite: each level's sample, zero outside its
/// border, mixed when trilinear, then tinted, masked and blended.
static inline void sp_pixel_any(const calc_sprite *s, int64_t j, int64_t i, const uint8_t *m, int additive, uint32_t *d) {
    const calc_sprite_level *l0 = &s->level[0], *l1 = &s->level[1];
    int64_t u = l0->u + j * l0->dudy + i * l0->dudx, v = l0->v + j * l0->dvdy + i * l0->dvdx;
    uint32_t c = 0;
    if (u >= -65536 && u < ((int64_t)l0->width << 16) && v >= -65536 && v < ((int64_t)l0->height << 16))
        c = sp_sample(l0, u, v);
    if (s->weight > 0) {
        int64_t a = l1->u + j * l1->dudy + i * l1->dudx, b = l1->v + j * l1->dvdy + i * l1->dvdx;
        uint32_t c1 = 0;
        if (a >= -65536 && a < ((int64_t)l1->width << 16) && b >= -65536 && b < ((int64_t)l1->height << 16))
            c1 = sp_sample(l1, a, b);
        c = sp_mix(c, c1, s->weight);
    }
    c = sp_scale4(c, s->tint[0], s->tint[1], s->tint[2], s->tint[3]);
    if (m) c = sp_scale4(c, *m, *m, *m, *m);
    if (c) *d = sp_blend(c, *d, additive);
}

/// The plain C path: one pixel at a time, the definition of the result.
static void sprite_scalar(uint32_t *surface, ptrdiff_t stride, int32_t ox, int32_t oy, const uint8_t *mask,
                          ptrdiff_t mask_stride, const calc_sprite *s, int additive) {
    int64_t n = (int64_t)s->x1 - s->x0;
    for (int32_t y = s->y0; y < s->y1; y++) {
        int64_t j = y - s->y0, i0 = 0, i1 = n;
        sp_row_run(&s->level[0], j, n, &i0, &i1);
        if (s->weight > 0) {
            // a pixel counts when either level's sample does; the other reads zero outside its border
            int64_t k0 = 0, k1 = n;
            sp_row_run(&s->level[1], j, n, &k0, &k1);
            if (k0 < k1) { if (i0 >= i1) { i0 = k0; i1 = k1; } else { if (k0 < i0) i0 = k0; if (k1 > i1) i1 = k1; } }
        }
        if (i0 >= i1) continue;
        uint32_t *row = surface + (y - oy) * stride + (s->x0 - ox);
        const uint8_t *mrow = mask ? mask + y * mask_stride + s->x0 : 0;
        for (int64_t i = i0; i < i1; i++) sp_pixel_any(s, j, i, mrow ? mrow + i : 0, additive, row + i);
    }
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

// ---- AVX2: 8 pixels a step, the four taps gathered, arithmetic in 16-bit lanes ----

/// x·w / 255 rounded, in 16-bit lanes (x·w ≤ 255·255).
__attribute__((target("avx2")))
static inline __m256i sp_div255_16(__m256i x) {
    x = _mm256_add_epi16(x, _mm256_set1_epi16(128));
    return _mm256_srli_epi16(_mm256_add_epi16(x, _mm256_srli_epi16(x, 8)), 8);
}

/// Per-pixel 16-bit weights (one dword a pixel, its low 16 bits) spread over the pixel's four
/// channel lanes, for the unpacklo (pixels 0, 1 | 4, 5) and unpackhi (2, 3 | 6, 7) halves.
__attribute__((target("avx2")))
static inline void sp_spread(__m256i w, __m256i *lo, __m256i *hi) {
    w = _mm256_or_si256(w, _mm256_slli_epi32(w, 16));
    *lo = _mm256_unpacklo_epi32(w, w);
    *hi = _mm256_unpackhi_epi32(w, w);
}

/// Each channel of 8 pixels times its pixel's weight (0 … 255) / 255, rounded.
__attribute__((target("avx2")))
static inline __m256i sp_scale8(__m256i c, __m256i w) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i wl, wh;
    sp_spread(w, &wl, &wh);
    __m256i lo = sp_div255_16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(c, zero), wl));
    __m256i hi = sp_div255_16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(c, zero), wh));
    return _mm256_packus_epi16(lo, hi);
}

/// The bilinear samples of 8 pixels at (u, v) (16.16, all inside the level's border).
__attribute__((target("avx2")))
static inline __m256i sp_bilerp8(const int *tex, int ts, __m256i vu, __m256i vv) {
    const __m256i zero = _mm256_setzero_si256(), k127 = _mm256_set1_epi32(127), k128 = _mm256_set1_epi32(128);
    __m256i xi = _mm256_add_epi32(_mm256_srai_epi32(vu, 16), _mm256_set1_epi32(1));
    __m256i yi = _mm256_add_epi32(_mm256_srai_epi32(vv, 16), _mm256_set1_epi32(1));
    __m256i idx = _mm256_add_epi32(_mm256_mullo_epi32(yi, _mm256_set1_epi32(ts)), xi);
    __m256i fx = _mm256_and_si256(_mm256_srli_epi32(vu, 9), k127);
    __m256i fy = _mm256_and_si256(_mm256_srli_epi32(vv, 9), k127);
    __m256i t00 = _mm256_i32gather_epi32(tex, idx, 4), t10 = _mm256_i32gather_epi32(tex + 1, idx, 4);
    __m256i t01 = _mm256_i32gather_epi32(tex + ts, idx, 4), t11 = _mm256_i32gather_epi32(tex + ts + 1, idx, 4);
    // rows: top = t00·(128 − fx) + t10·fx per channel (≤ 32640, 16-bit lanes)
    __m256i gxl, gxh, fxl, fxh;
    sp_spread(_mm256_sub_epi32(k128, fx), &gxl, &gxh);
    sp_spread(fx, &fxl, &fxh);
    __m256i top_lo = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(t00, zero), gxl),
                                      _mm256_mullo_epi16(_mm256_unpacklo_epi8(t10, zero), fxl));
    __m256i top_hi = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(t00, zero), gxh),
                                      _mm256_mullo_epi16(_mm256_unpackhi_epi8(t10, zero), fxh));
    __m256i bot_lo = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(t01, zero), gxl),
                                      _mm256_mullo_epi16(_mm256_unpacklo_epi8(t11, zero), fxl));
    __m256i bot_hi = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(t01, zero), gxh),
                                      _mm256_mullo_epi16(_mm256_unpackhi_epi8(t11, zero), fxh));
    // columns: (top·(128 − fy) + bottom·fy + 8192) >> 14 by pmaddwd on (top, bottom) pairs
    __m256i wy = _mm256_or_si256(_mm256_sub_epi32(k128, fy), _mm256_slli_epi32(fy, 16));
    const __m256i round = _mm256_set1_epi32(8192);
    __m256i p0 = _mm256_madd_epi16(_mm256_unpacklo_epi16(top_lo, bot_lo), _mm256_shuffle_epi32(wy, 0x00));
    __m256i p1 = _mm256_madd_epi16(_mm256_unpackhi_epi16(top_lo, bot_lo), _mm256_shuffle_epi32(wy, 0x55));
    __m256i p2 = _mm256_madd_epi16(_mm256_unpacklo_epi16(top_hi, bot_hi), _mm256_shuffle_epi32(wy, 0xAA));
    __m256i p3 = _mm256_madd_epi16(_mm256_unpackhi_epi16(top_hi, bot_hi), _mm256_shuffle_epi32(wy, 0xFF));
    p0 = _mm256_srli_epi32(_mm256_add_epi32(p0, round), 14);
    p1 = _mm256_srli_epi32(_mm256_add_epi32(p1, round), 14);
    p2 = _mm256_srli_epi32(_mm256_add_epi32(p2, round), 14);
    p3 = _mm256_srli_epi32(_mm256_add_epi32(p3, round), 14);
    return _mm256_packus_epi16(_mm256_packs_epi32(p0, p1), _mm256_packs_epi32(p2, p3));
}

/// One level's positions for the 8 pixels from column i of row j: u + lane·du (32-bit lanes).
__attribute__((target("avx2")))
static inline void sp_positions(const calc_sprite_level *l, int64_t j, int64_t i, __m256i *vu, __m256i *vv) {
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    int64_t u = l->u + j * l->dudy + i * l->dudx, v = l->v + j * l->dvdy + i * l->dvdx;
    *vu = _mm256_add_epi32(_mm256_set1_epi32((int32_t)u), _mm256_mullo_epi32(lane, _mm256_set1_epi32((int32_t)l->dudx)));
    *vv = _mm256_add_epi32(_mm256_set1_epi32((int32_t)v), _mm256_mullo_epi32(lane, _mm256_set1_epi32((int32_t)l->dvdx)));
}

__attribute__((target("avx2")))
static void sprite_avx2(uint32_t *surface, ptrdiff_t stride, int32_t ox, int32_t oy, const uint8_t *mask,
                        ptrdiff_t mask_stride, const calc_sprite *s, int additive) {
    const calc_sprite_level *l0 = &s->level[0], *l1 = &s->level[1];
    const int trilinear = s->weight > 0;
    const __m256i zero = _mm256_setzero_si256(), k255 = _mm256_set1_epi32(255);
    const int plain = s->tint[0] == 255 && s->tint[1] == 255 && s->tint[2] == 255 && s->tint[3] == 255;
    const __m256i tint = _mm256_set1_epi64x((long long)((uint64_t)s->tint[0] | (uint64_t)s->tint[1] << 16
                                                       | (uint64_t)s->tint[2] << 32 | (uint64_t)s->tint[3] << 48));
    const __m256i w1 = _mm256_set1_epi16((short)s->weight), w0 = _mm256_set1_epi16((short)(256 - s->weight));
    const __m256i du0 = _mm256_set1_epi32(8 * (int32_t)l0->dudx), dv0 = _mm256_set1_epi32(8 * (int32_t)l0->dvdx);
    const __m256i du1 = _mm256_set1_epi32(8 * (int32_t)l1->dudx), dv1 = _mm256_set1_epi32(8 * (int32_t)l1->dvdx);
    int64_t n = (int64_t)s->x1 - s->x0;
    for (int32_t y = s->y0; y < s->y1; y++) {
        // the pixels to visit, [i0, i1): the union of the levels' runs; the vector loop takes
        // [a0, a1), where every level's sample is inside its border, the plain pixel code (which
        // reads zero outside a border) the rest
        int64_t j = y - s->y0, i0 = 0, i1 = n;
        sp_row_run(l0, j, n, &i0, &i1);
        int64_t a0 = i0, a1 = i1;
        if (trilinear) {
            int64_t k0 = 0, k1 = n;
            sp_row_run(l1, j, n, &k0, &k1);
            if (i0 >= i1) { i0 = k0; i1 = k1; a0 = a1 = k0; }
            else if (k0 >= k1) { a1 = a0; }
            else {
                a0 = i0 > k0 ? i0 : k0; a1 = i1 < k1 ? i1 : k1;
                if (k0 < i0) i0 = k0;
                if (k1 > i1) i1 = k1;
                if (a1 < a0) a1 = a0;
            }
        }
        if (i0 >= i1) continue;
        uint32_t *row = surface + (y - oy) * stride + (s->x0 - ox);
        const uint8_t *mrow = mask ? mask + y * mask_stride + s->x0 : 0;
        for (int64_t i = i0; i < a0; i++) sp_pixel_any(s, j, i, mrow ? mrow + i : 0, additive, row + i);
        int64_t i = a0;
        __m256i u0, v0, u1 = zero, v1 = zero;
        sp_positions(l0, j, i, &u0, &v0);
        if (trilinear) sp_positions(l1, j, i, &u1, &v1);
        for (; i + 8 <= a1; i += 8) {
            __m256i c = sp_bilerp8((const int *)l0->texels, l0->stride, u0, v0);
            u0 = _mm256_add_epi32(u0, du0); v0 = _mm256_add_epi32(v0, dv0);
            if (trilinear) {
                __m256i d = sp_bilerp8((const int *)l1->texels, l1->stride, u1, v1);
                u1 = _mm256_add_epi32(u1, du1); v1 = _mm256_add_epi32(v1, dv1);
                // (c·(256 − w) + d·w + 128) >> 8 per channel: ≤ 65408, exact in 16-bit lanes
                const __m256i h = _mm256_set1_epi16(128);
                __m256i lo = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(c, zero), w0),
                                              _mm256_mullo_epi16(_mm256_unpacklo_epi8(d, zero), w1));
                __m256i hi = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(c, zero), w0),
                                              _mm256_mullo_epi16(_mm256_unpackhi_epi8(d, zero), w1));
                lo = _mm256_srli_epi16(_mm256_add_epi16(lo, h), 8);
                hi = _mm256_srli_epi16(_mm256_add_epi16(hi, h), 8);
                c = _mm256_packus_epi16(lo, hi);
            }
            if (!plain) {
                __m256i lo = sp_div255_16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(c, zero), tint));
                __m256i hi = sp_div255_16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(c, zero), tint));
                c = _mm256_packus_epi16(lo, hi);
            }
            if (mrow) c = sp_scale8(c, _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(mrow + i))));
            if (_mm256_testz_si256(c, c)) continue;
            __m256i d = _mm256_loadu_si256((const __m256i *)(row + i));
            if (additive) {
                d = _mm256_adds_epu8(c, d);
            } else {
                d = _mm256_add_epi8(c, sp_scale8(d, _mm256_sub_epi32(k255, _mm256_srli_epi32(c, 24))));
            }
            _mm256_storeu_si256((__m256i *)(row + i), d);
        }
        for (; i < i1; i++) sp_pixel_any(s, j, i, mrow ? mrow + i : 0, additive, row + i);
    }
}
#endif

/// Whether a level's positions inside its border and its steps over 8 columns fit 32-bit lanes.
static int sp_fits32(const calc_sprite_level *l) {
    return l->width < 32000 && l->height < 32000 && l->dudx > -(1 << 26) && l->dudx < (1 << 26)
        && l->dvdx > -(1 << 26) && l->dvdx < (1 << 26);
}

/// Forced off by calc_sprites_set_simd(0) (tests compare both paths).
static int sp_simd = 1;

int calc_sprites_set_simd(int on) { sp_simd = on; return on; }

void calc_sprite_draw(uint32_t *surface, ptrdiff_t stride, int32_t origin_x, int32_t origin_y,
                      const uint8_t *mask, ptrdiff_t mask_stride, const calc_sprite *sprite, int additive) {
    if (sprite->x1 <= sprite->x0 || sprite->y1 <= sprite->y0) return;
#if defined(__x86_64__) || defined(__i386__)
    const calc_sprite_level *l = &sprite->level[0];
    // the vector path: one level, positions and steps that fit its 32-bit lanes
    const calc_sprite_level *m = &sprite->level[1];
    if (sp_simd && calc_spans_level() >= 2 && sp_fits32(l) && (sprite->weight == 0 || sp_fits32(m))) {
        sprite_avx2(surface, stride, origin_x, origin_y, mask, mask_stride, sprite, additive);
        return;
    }
#endif
    sprite_scalar(surface, stride, origin_x, origin_y, mask, mask_stride, sprite, additive);
}
