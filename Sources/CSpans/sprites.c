// Sprite drawing for emitter particles (Sources/Render/Sprites.swift sets each sprite up): for every
// row of the sprite's device box, the run of pixels whose sample can reach the image's nonzero
// texels (an octagon around them, inside the image's transparent border) is found exactly — by
// integer division in the plain C path, by walking quotients and remainders row by row in the
// vector ones — so no pixel outside it is visited (its sample would be zero); each pixel is the
// bilinear sample of four texels (or two levels' samples mixed), tinted, masked and blended. Three
// paths, chosen at run time like the span kernels in spans.c: plain C (the definition), AVX2 (8
// pixels a step) and AVX-512 F/BW/VL (16), the vector ones with masked lanes instead of scalar tails.
// AVX-512 reads each pixel's four texels with one 16-byte load from the level's quad table (built
// once per texture, calc_sprite_make_quads) when it has one, instead of four 64-bit gathers a step.
// The arithmetic, per channel, is the definition every path must reproduce bit for bit:
//   bilinear  top = t00·(64 − fx) + t10·fx, bottom likewise (6-bit fractions, exact: ≤ 16320;
//             nearest is the same with fx = fy = 0, the position offset by ½ texel),
//             m = top + ((bottom − top)·fy·512 + 16384) >> 15 (pmulhrsw's rounding), c = (m + 32) >> 6
//   trilinear c = (c0·(256 − w) + c1·w + 128) >> 8
//   tint      c = div255(c · t)        mask  c = div255(c · m)        div255(x) = round(x / 255)
//   over      d = c + div255(d · (255 − ca))       plus-lighter  d = min(255, c + d)

#include "calc_spans.h"
#include <limits.h>

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
    uint32_t fx = (uint32_t)(u >> 10) & (uint32_t)l->fraction_mask, fy = (uint32_t)(v >> 10) & (uint32_t)l->fraction_mask;
    uint32_t gx = 64 - fx, gy = 64 - fy;
    uint32_t a = p[0], b = p[1], c = p[l->stride], d = p[l->stride + 1];
    (void)gy;
    uint32_t out = 0;
    for (int k = 0; k < 32; k += 8) {
        int32_t top = (int32_t)(((a >> k) & 255) * gx + ((b >> k) & 255) * fx);
        int32_t bottom = (int32_t)(((c >> k) & 255) * gx + ((d >> k) & 255) * fx);
        int32_t m = top + (((bottom - top) * (int32_t)(fy << 9) + 16384) >> 15);
        out |= (uint32_t)((m + 32) >> 6) << k;
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

/// The pixel run [*i0, *i1) of row j whose samples' taps reach the level's content octagon: u in
/// [x0 − 1, x1) (outside it every tap with a nonzero weight is a zero texel), v likewise, u + v in
/// [s0 − 2, s1 + 2) and u − v in [d0 − 2, d1 + 2); for the whole level, u and v give its border.
static inline void sp_row_run(const calc_sprite_level *l, int64_t j, int64_t n, int64_t *i0, int64_t *i1) {
    int64_t u = l->u + j * l->dudy, v = l->v + j * l->dvdy;
    const int32_t *c = l->content;
    sp_run(u, l->dudx, ((int64_t)c[0] - 1) * 65536, (int64_t)c[2] * 65536, n, i0, i1);
    sp_run(v, l->dvdx, ((int64_t)c[1] - 1) * 65536, (int64_t)c[3] * 65536, n, i0, i1);
    // a texel (x, y) weighs on samples with |u − x| < 1 and |v − y| < 1, so u + v within 2 of x + y
    sp_run(u + v, l->dudx + l->dvdx, ((int64_t)c[4] - 2) * 65536, ((int64_t)c[5] + 2) * 65536, n, i0, i1);
    sp_run(u - v, l->dudx - l->dvdx, ((int64_t)c[6] - 2) * 65536, ((int64_t)c[7] + 2) * 65536, n, i0, i1);
}

/// The pixels of row j to visit: the union of the levels' runs (one level unless trilinear) — a
/// pixel counts when either level's sample does; the other reads zero outside its border — as
/// [*i0, *i1); empty when *i0 >= *i1.
static inline void sp_union_run(const calc_sprite *s, int64_t j, int64_t n, int64_t *i0, int64_t *i1) {
    *i0 = 0; *i1 = n;
    sp_row_run(&s->level[0], j, n, i0, i1);
    if (s->weight > 0) {
        int64_t k0 = 0, k1 = n;
        sp_row_run(&s->level[1], j, n, &k0, &k1);
        if (k0 < k1) { if (*i0 >= *i1) { *i0 = k0; *i1 = k1; } else { if (k0 < *i0) *i0 = k0; if (k1 > *i1) *i1 = k1; } }
    }
}

// ---- row runs without dividing (the vector paths) ----
//
// sp_union_run divides four times a row (a tenth of a frame of small sprites). The vector paths walk
// the same runs row by row instead: each bound is ceil(N_j / e) for a numerator N_j = N_0 + j·g, kept
// as q = ceil(N_j / e) and r = q·e − N_j in [0, e) and stepped by adding g's quotient and remainder.
// The plain C path keeps the divisions, so the vector test also checks the walk.

/// ceil(N_j / e) row after row.
typedef struct { int64_t q, r, e, gq, gr; } sp_ceil_walk;

static inline void sp_walk_init(sp_ceil_walk *w, int64_t n0, int64_t e, int64_t gq, int64_t gr) {
    w->e = e;
    w->q = -sp_floor_div(-n0, e);
    w->r = w->q * e - n0;
    w->gq = gq;
    w->gr = gr;
}

static inline void sp_walk_step(sp_ceil_walk *w) {
    // branch-free: which way r goes is as good as random from row to row
    int64_t r = w->r - w->gr, below = r >> 63;        // −1 when r < 0
    w->q += w->gq - below;
    w->r = r + (w->e & below);
}

/// One axis of one level: the columns with lo ≤ s_j + i·d < hi, s_j = s_0 + j·ds.
typedef struct { sp_ceil_walk a, b; int64_t s, ds, lo, hi; int flat; } sp_axis_walk;

static inline void sp_axis_init(sp_axis_walk *w, int64_t s, int64_t d, int64_t ds, int64_t lo, int64_t hi) {
    w->s = s; w->ds = ds; w->lo = lo; w->hi = hi; w->flat = d == 0;
    if (d == 0) return;
    // both bounds move by g = ∓ds a row: its quotient and remainder by e, once
    int64_t e = d > 0 ? d : -d, g = d > 0 ? -ds : ds, gq = sp_floor_div(g, e), gr = g - gq * e;
    if (d > 0) {
        sp_walk_init(&w->a, lo - s, e, gq, gr);         // ceil((lo − s_j) / d)
        sp_walk_init(&w->b, hi - s, e, gq, gr);         // ceil((hi − s_j) / d)
    } else {
        sp_walk_init(&w->a, s - hi + 1, e, gq, gr);     // ceil((s_j − hi + 1) / −d)
        sp_walk_init(&w->b, s - lo + 1, e, gq, gr);     // ceil((s_j − lo + 1) / −d)
    }
}

/// Narrows [*i0, *i1) to this row's columns, then moves to the next row. Branch-free but for the
/// flat case (the same for every row of a sprite): the bounds go every which way from row to row.
__attribute__((always_inline))
static inline void sp_axis_row(sp_axis_walk *w, int64_t *i0, int64_t *i1) {
    if (w->flat) {
        if (w->s < w->lo || w->s >= w->hi) *i1 = 0;
        w->s += w->ds;
        return;
    }
    int64_t a = w->a.q, b = w->b.q, lo = *i0, hi = *i1;
    *i0 = a > lo ? a : lo;
    *i1 = b < hi ? b : hi;
    sp_walk_step(&w->a);
    sp_walk_step(&w->b);
}

/// The runs of a sprite's rows, row after row: u, v, u + v and u − v of level 0, and of level 1 when
/// trilinear.
typedef struct { sp_axis_walk ax[8]; int trilinear; int64_t n; } sp_runs;

static inline void sp_level_walk(sp_axis_walk *w, const calc_sprite_level *l) {
    const int32_t *c = l->content;
    sp_axis_init(&w[0], l->u, l->dudx, l->dudy, ((int64_t)c[0] - 1) * 65536, (int64_t)c[2] * 65536);
    sp_axis_init(&w[1], l->v, l->dvdx, l->dvdy, ((int64_t)c[1] - 1) * 65536, (int64_t)c[3] * 65536);
    sp_axis_init(&w[2], l->u + l->v, l->dudx + l->dvdx, l->dudy + l->dvdy, ((int64_t)c[4] - 2) * 65536, ((int64_t)c[5] + 2) * 65536);
    sp_axis_init(&w[3], l->u - l->v, l->dudx - l->dvdx, l->dudy - l->dvdy, ((int64_t)c[6] - 2) * 65536, ((int64_t)c[7] + 2) * 65536);
}

static inline void sp_runs_init(sp_runs *r, const calc_sprite *s) {
    r->n = (int64_t)s->x1 - s->x0;
    r->trilinear = s->weight > 0;
    sp_level_walk(&r->ax[0], &s->level[0]);
    if (r->trilinear) sp_level_walk(&r->ax[4], &s->level[1]);
}

/// The next row's run, as sp_union_run gives it: [*i0, *i1), empty when *i0 >= *i1.
__attribute__((always_inline))
static inline void sp_runs_next(sp_runs *r, int64_t *i0, int64_t *i1) {
    int64_t a0 = 0, a1 = r->n;
    for (int a = 0; a < 4; a++) sp_axis_row(&r->ax[a], &a0, &a1);
    if (r->trilinear) {
        int64_t k0 = 0, k1 = r->n;
        for (int a = 4; a < 8; a++) sp_axis_row(&r->ax[a], &k0, &k1);
        if (k0 < k1) { if (a0 >= a1) { a0 = k0; a1 = k1; } else { if (k0 < a0) a0 = k0; if (k1 > a1) a1 = k1; } }
    }
    *i0 = a0; *i1 = a1;
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
        sp_union_run(s, j, n, &i0, &i1);
        if (i0 >= i1) continue;
        uint32_t *row = surface + (y - oy) * stride + (s->x0 - ox);
        const uint8_t *mrow = mask ? mask + y * mask_stride + s->x0 : 0;
        for (int64_t i = i0; i < i1; i++) sp_pixel_any(s, j, i, mrow ? mrow + i : 0, additive, row + i);
    }
}

void calc_sprite_content_box(const uint32_t *texels, int32_t width, int32_t height, int32_t box[8]) {
    const ptrdiff_t ts = width + 2;
    int32_t x0 = width, y0 = height, x1 = 0, y1 = 0, s0 = INT32_MAX, s1 = INT32_MIN, d0 = INT32_MAX, d1 = INT32_MIN;
    for (int32_t y = 0; y < height; y++) {
        const uint32_t *row = texels + (y + 1) * ts + 1;
        for (int32_t x = 0; x < width; x++) {
            if (row[x] == 0) continue;
            if (x < x0) x0 = x;
            if (x + 1 > x1) x1 = x + 1;
            if (y < y0) y0 = y;
            y1 = y + 1;
            if (x + y < s0) s0 = x + y;
            if (x + y > s1) s1 = x + y;
            if (x - y < d0) d0 = x - y;
            if (x - y > d1) d1 = x - y;
        }
    }
    if (x0 >= x1) { s0 = s1 = d0 = d1 = 0; }
    box[0] = x0; box[1] = y0; box[2] = x1; box[3] = y1; box[4] = s0; box[5] = s1; box[6] = d0; box[7] = d1;
}

size_t calc_sprite_quads_size(int32_t width, int32_t height) {
    return (size_t)16 * (size_t)(width + 2) * (size_t)(height + 1);
}

void calc_sprite_make_quads(const uint32_t *texels, int32_t width, int32_t height, uint8_t *quads) {
    const ptrdiff_t ts = width + 2;
    for (int32_t j = 0; j <= height; j++) {
        for (int32_t i = 0; i < ts; i++) {
            uint8_t *q = quads + 16 * (j * ts + i);
            if (i > width) { for (int k = 0; k < 16; k++) q[k] = 0; continue; }
            const uint32_t *t = texels + j * ts + i;
            uint32_t a = t[0], b = t[1], c = t[ts], d = t[ts + 1];
            for (int k = 0; k < 4; k++) {
                q[2 * k] = (uint8_t)(a >> (8 * k)); q[2 * k + 1] = (uint8_t)(b >> (8 * k));
                q[8 + 2 * k] = (uint8_t)(c >> (8 * k)); q[9 + 2 * k] = (uint8_t)(d >> (8 * k));
            }
        }
    }
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/// Fetches `count` destination pixels from `p` on (the next row, while this one is computed).
static inline void sp_prefetch(const uint32_t *p, int64_t count) {
    const char *next = (const char *)p;
    for (int64_t k = 0; k < count * 4 + 64; k += 64) _mm_prefetch(next + k, _MM_HINT_T0);
}

// ---- AVX2: 8 pixels a step, the four taps gathered, arithmetic in 16-bit lanes ----

/// x·w / 255 rounded, in 16-bit lanes (x·w ≤ 255·255).
__attribute__((target("avx2")))
static inline __m256i sp_div255_16(__m256i x) {
    // ((x + 128)·257) >> 16 is (t + (t >> 8)) >> 8 for t = x + 128: the same integer
    return _mm256_mulhi_epu16(_mm256_add_epi16(x, _mm256_set1_epi16(128)), _mm256_set1_epi16(257));
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

/// Which of 8 lanes sample inside the level's border: −65536 ≤ u < width·2^16, the same for v.
__attribute__((target("avx2")))
static inline __m256i sp_inside8(const calc_sprite_level *l, __m256i vu, __m256i vv) {
    const __m256i lo = _mm256_set1_epi32(-65537);
    __m256i m = _mm256_and_si256(_mm256_cmpgt_epi32(vu, lo), _mm256_cmpgt_epi32(_mm256_set1_epi32(l->width << 16), vu));
    m = _mm256_and_si256(m, _mm256_cmpgt_epi32(vv, lo));
    return _mm256_and_si256(m, _mm256_cmpgt_epi32(_mm256_set1_epi32(l->height << 16), vv));
}

/// The bilinear samples of 8 pixels at (u, v) (16.16); lanes off in `ok` read nothing and give 0.
/// Each pixel's two texel pairs (t00 t10 and t01 t11) come by 64-bit gathers; a row's pair is
/// interleaved channel by channel and mixed by pmaddubsw with the bytes (64 − fx, fx), the two rows
/// by pmulhrsw.
__attribute__((target("avx2")))
static inline __m256i sp_bilerp8(const calc_sprite_level *l, __m256i vu, __m256i vv, __m256i ok) {
    const __m256i k63 = _mm256_set1_epi32(l->fraction_mask), k64 = _mm256_set1_epi32(64);
    const int ts = l->stride;
    // the top-left tap's index (v >> 16)·stride + (u >> 16) by one pmaddwd of the positions' 16-bit
    // halves (within ±32000: sp_fits32), the border's row and column added to the base pointers
    const long long *top = (const long long *)(const void *)(l->texels + ts + 1);
    const long long *bottom = (const long long *)(const void *)(l->texels + 2 * ts + 1);
    __m256i uv = _mm256_or_si256(_mm256_srli_epi32(vu, 16), _mm256_and_si256(vv, _mm256_set1_epi32((int)0xFFFF0000u)));
    __m256i idx = _mm256_madd_epi16(uv, _mm256_set1_epi32((int)((uint32_t)ts << 16 | 1u)));
    __m256i fx = _mm256_and_si256(_mm256_srli_epi32(vu, 10), k63);
    __m256i fy = _mm256_and_si256(_mm256_srli_epi32(vv, 10), k63);
    // per pixel: bytes (64 − fx, fx) and fy·512 (pmulhrsw's fraction of 32768)
    __m256i wx = _mm256_or_si256(_mm256_sub_epi32(k64, fx), _mm256_slli_epi32(fx, 8));
    __m256i fy9 = _mm256_slli_epi32(fy, 9);
    __m128i idx_a = _mm256_castsi256_si128(idx), idx_b = _mm256_extracti128_si256(idx, 1);
    __m256i ok_a = _mm256_cvtepi32_epi64(_mm256_castsi256_si128(ok)), ok_b = _mm256_cvtepi32_epi64(_mm256_extracti128_si256(ok, 1));
    const __m256i zero = _mm256_setzero_si256();
    __m256i ta = _mm256_mask_i32gather_epi64(zero, top, idx_a, ok_a, 4);       // pixels 0-3: t00 t10
    __m256i tb = _mm256_mask_i32gather_epi64(zero, top, idx_b, ok_b, 4);       // pixels 4-7
    __m256i ba = _mm256_mask_i32gather_epi64(zero, bottom, idx_a, ok_a, 4);    // pixels 0-3: t01 t11
    __m256i bb = _mm256_mask_i32gather_epi64(zero, bottom, idx_b, ok_b, 4);
    // a0 a1 a2 a3 b0 b1 b2 b3 → a0 b0 a1 b1 a2 b2 a3 b3 in each 64-bit pixel
    const __m256i inter = _mm256_setr_epi8(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15,
                                           0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15);
    const __m256i pair = _mm256_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 8, 9, 8, 9, 8, 9, 8, 9,
                                          0, 1, 0, 1, 0, 1, 0, 1, 8, 9, 8, 9, 8, 9, 8, 9);
    __m256i wxa = _mm256_shuffle_epi8(_mm256_cvtepu32_epi64(_mm256_castsi256_si128(wx)), pair);
    __m256i wxb = _mm256_shuffle_epi8(_mm256_cvtepu32_epi64(_mm256_extracti128_si256(wx, 1)), pair);
    __m256i top_a = _mm256_maddubs_epi16(_mm256_shuffle_epi8(ta, inter), wxa);   // ≤ 16320 a channel
    __m256i top_b = _mm256_maddubs_epi16(_mm256_shuffle_epi8(tb, inter), wxb);
    __m256i bot_a = _mm256_maddubs_epi16(_mm256_shuffle_epi8(ba, inter), wxa);
    __m256i bot_b = _mm256_maddubs_epi16(_mm256_shuffle_epi8(bb, inter), wxb);
    // 16-bit lanes: pixels 0, 1 | 2, 3 (a) and 4, 5 | 6, 7 (b), four channels each; columns by
    // pmulhrsw: top + round((bottom − top)·fy / 64), then the 1/64 units rounded away
    __m256i fya = _mm256_shuffle_epi8(_mm256_cvtepu32_epi64(_mm256_castsi256_si128(fy9)), pair);
    __m256i fyb = _mm256_shuffle_epi8(_mm256_cvtepu32_epi64(_mm256_extracti128_si256(fy9, 1)), pair);
    const __m256i k32 = _mm256_set1_epi16(32);
    __m256i ma = _mm256_add_epi16(top_a, _mm256_mulhrs_epi16(_mm256_sub_epi16(bot_a, top_a), fya));
    __m256i mb = _mm256_add_epi16(top_b, _mm256_mulhrs_epi16(_mm256_sub_epi16(bot_b, top_b), fyb));
    ma = _mm256_srli_epi16(_mm256_add_epi16(ma, k32), 6);
    mb = _mm256_srli_epi16(_mm256_add_epi16(mb, k32), 6);
    // bytes 0 1 4 5 | 2 3 6 7, put in order
    __m256i c = _mm256_packus_epi16(ma, mb);
    return _mm256_permute4x64_epi64(c, 0xD8);
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
    const __m256i zero = _mm256_setzero_si256();
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const int plain = s->tint[0] == 255 && s->tint[1] == 255 && s->tint[2] == 255 && s->tint[3] == 255;
    const __m256i tint = _mm256_set1_epi64x((long long)((uint64_t)s->tint[0] | (uint64_t)s->tint[1] << 16
                                                       | (uint64_t)s->tint[2] << 32 | (uint64_t)s->tint[3] << 48));
    const __m256i w1 = _mm256_set1_epi16((short)s->weight), w0 = _mm256_set1_epi16((short)(256 - s->weight));
    const __m256i du0 = _mm256_set1_epi32(8 * (int32_t)l0->dudx), dv0 = _mm256_set1_epi32(8 * (int32_t)l0->dvdx);
    const __m256i du1 = _mm256_set1_epi32(8 * (int32_t)l1->dudx), dv1 = _mm256_set1_epi32(8 * (int32_t)l1->dvdx);
    sp_runs runs;
    sp_runs_init(&runs, s);
    for (int32_t y = s->y0; y < s->y1; y++) {
        // the pixels to visit: the union of the levels' runs; a lane whose sample is outside a
        // level's border reads nothing from it (zero), one past the run's end is not stored
        int64_t j = y - s->y0, i0, i1;
        sp_runs_next(&runs, &i0, &i1);
        if (i0 >= i1) continue;
        uint32_t *row = surface + (y - oy) * stride + (s->x0 - ox);
        const uint8_t *mrow = mask ? mask + y * mask_stride + s->x0 : 0;
        // the next row's destination, fetched while this one is computed
        if (y + 1 < s->y1) sp_prefetch(row + stride + i0, i1 - i0);
        __m256i u0, v0, u1 = zero, v1 = zero;
        sp_positions(l0, j, i0, &u0, &v0);
        if (trilinear) sp_positions(l1, j, i0, &u1, &v1);
        for (int64_t i = i0; i < i1; i += 8) {
            int64_t left = i1 - i;
            __m256i live = _mm256_cmpgt_epi32(_mm256_set1_epi32(left < 8 ? (int)left : 8), lane);
            // one level: its run lies inside the border (sprite_avx512q), only the run's end masks
            __m256i c = sp_bilerp8(l0, u0, v0, trilinear ? _mm256_and_si256(live, sp_inside8(l0, u0, v0)) : live);
            u0 = _mm256_add_epi32(u0, du0); v0 = _mm256_add_epi32(v0, dv0);
            if (trilinear) {
                __m256i d = sp_bilerp8(l1, u1, v1, _mm256_and_si256(live, sp_inside8(l1, u1, v1)));
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
            if (mrow) {
                // the clip's coverage; lanes past the run read a zero instead of the mask
                uint8_t m8[8] = {0, 0, 0, 0, 0, 0, 0, 0};
                for (int k = 0; k < 8 && k < left; k++) m8[k] = mrow[i + k];
                c = sp_scale8(c, _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)m8)));
            }
            if (_mm256_testz_si256(c, c)) continue;
            __m256i d = left >= 8 ? _mm256_loadu_si256((const __m256i *)(row + i))
                                  : _mm256_maskload_epi32((const int *)(row + i), live);
            if (additive) {
                d = _mm256_adds_epu8(c, d);
            } else {
                // d·(255 − αc) / 255: αc broadcast over each pixel's 16-bit lanes by word shuffles
                const __m256i w255 = _mm256_set1_epi16(255);
                __m256i al = _mm256_sub_epi16(w255, _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(_mm256_unpacklo_epi8(c, zero), 0xFF), 0xFF));
                __m256i ah = _mm256_sub_epi16(w255, _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(_mm256_unpackhi_epi8(c, zero), 0xFF), 0xFF));
                __m256i lo = sp_div255_16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(d, zero), al));
                __m256i hi = sp_div255_16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(d, zero), ah));
                d = _mm256_add_epi8(c, _mm256_packus_epi16(lo, hi));
            }
            if (left >= 8) _mm256_storeu_si256((__m256i *)(row + i), d);
            else _mm256_maskstore_epi32((int *)(row + i), live, d);
        }
    }
}

// ---- AVX-512 (F, BW, VL): the same steps, 16 pixels a step, lanes masked by k registers ----

#define SP512 __attribute__((target("avx512f,avx512bw,avx512vl")))

SP512 static inline __m512i sp_div255_32(__m512i x) {
    return _mm512_mulhi_epu16(_mm512_add_epi16(x, _mm512_set1_epi16(128)), _mm512_set1_epi16(257));
}

/// Per-pixel values (low 16 bits of each dword) over each pixel's four 16-bit channel lanes, for
/// the unpacklo and unpackhi halves.
SP512 static inline void sp_spread32(__m512i w, __m512i *lo, __m512i *hi) {
    w = _mm512_or_si512(w, _mm512_slli_epi32(w, 16));
    *lo = _mm512_unpacklo_epi32(w, w);
    *hi = _mm512_unpackhi_epi32(w, w);
}

SP512 static inline __m512i sp_scale16(__m512i c, __m512i w) {
    const __m512i zero = _mm512_setzero_si512();
    __m512i wl, wh;
    sp_spread32(w, &wl, &wh);
    __m512i lo = sp_div255_32(_mm512_mullo_epi16(_mm512_unpacklo_epi8(c, zero), wl));
    __m512i hi = sp_div255_32(_mm512_mullo_epi16(_mm512_unpackhi_epi8(c, zero), wh));
    return _mm512_packus_epi16(lo, hi);
}

SP512 static inline __mmask16 sp_inside16(const calc_sprite_level *l, __m512i vu, __m512i vv) {
    const __m512i lo = _mm512_set1_epi32(-65537);
    return _mm512_cmpgt_epi32_mask(vu, lo) & _mm512_cmpgt_epi32_mask(_mm512_set1_epi32(l->width << 16), vu)
         & _mm512_cmpgt_epi32_mask(vv, lo) & _mm512_cmpgt_epi32_mask(_mm512_set1_epi32(l->height << 16), vv);
}

/// sp_bilerp8 for 16 pixels.
SP512 static inline __m512i sp_bilerp16(const calc_sprite_level *l, __m512i vu, __m512i vv, __mmask16 ok) {
    const __m512i k63 = _mm512_set1_epi32(l->fraction_mask), k64 = _mm512_set1_epi32(64);
    const int ts = l->stride;
    const void *top = (const void *)(l->texels + ts + 1), *bottom = (const void *)(l->texels + 2 * ts + 1);
    __m512i uv = _mm512_or_si512(_mm512_srli_epi32(vu, 16), _mm512_and_si512(vv, _mm512_set1_epi32((int)0xFFFF0000u)));
    __m512i idx = _mm512_madd_epi16(uv, _mm512_set1_epi32((int)((uint32_t)ts << 16 | 1u)));
    __m512i fx = _mm512_and_si512(_mm512_srli_epi32(vu, 10), k63);
    __m512i fy9 = _mm512_slli_epi32(_mm512_and_si512(_mm512_srli_epi32(vv, 10), k63), 9);
    __m512i wx = _mm512_or_si512(_mm512_sub_epi32(k64, fx), _mm512_slli_epi32(fx, 8));
    __m256i idx_a = _mm512_castsi512_si256(idx), idx_b = _mm512_extracti64x4_epi64(idx, 1);
    __mmask8 ok_a = (__mmask8)ok, ok_b = (__mmask8)(ok >> 8);
    const __m512i zero = _mm512_setzero_si512();
    __m512i ta = _mm512_mask_i32gather_epi64(zero, ok_a, idx_a, top, 4);
    __m512i tb = _mm512_mask_i32gather_epi64(zero, ok_b, idx_b, top, 4);
    __m512i ba = _mm512_mask_i32gather_epi64(zero, ok_a, idx_a, bottom, 4);
    __m512i bb = _mm512_mask_i32gather_epi64(zero, ok_b, idx_b, bottom, 4);
    const __m512i inter = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15));
    const __m512i pair = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 8, 9, 8, 9, 8, 9, 8, 9));
    __m512i wxa = _mm512_shuffle_epi8(_mm512_cvtepu32_epi64(_mm512_castsi512_si256(wx)), pair);
    __m512i wxb = _mm512_shuffle_epi8(_mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64(wx, 1)), pair);
    __m512i top_a = _mm512_maddubs_epi16(_mm512_shuffle_epi8(ta, inter), wxa);
    __m512i top_b = _mm512_maddubs_epi16(_mm512_shuffle_epi8(tb, inter), wxb);
    __m512i bot_a = _mm512_maddubs_epi16(_mm512_shuffle_epi8(ba, inter), wxa);
    __m512i bot_b = _mm512_maddubs_epi16(_mm512_shuffle_epi8(bb, inter), wxb);
    __m512i fya = _mm512_shuffle_epi8(_mm512_cvtepu32_epi64(_mm512_castsi512_si256(fy9)), pair);
    __m512i fyb = _mm512_shuffle_epi8(_mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64(fy9, 1)), pair);
    const __m512i k32 = _mm512_set1_epi16(32);
    __m512i ma = _mm512_add_epi16(top_a, _mm512_mulhrs_epi16(_mm512_sub_epi16(bot_a, top_a), fya));
    __m512i mb = _mm512_add_epi16(top_b, _mm512_mulhrs_epi16(_mm512_sub_epi16(bot_b, top_b), fyb));
    ma = _mm512_srli_epi16(_mm512_add_epi16(ma, k32), 6);
    mb = _mm512_srli_epi16(_mm512_add_epi16(mb, k32), 6);
    // lane k of the pack holds pixels 2k, 2k + 1, 8 + 2k, 9 + 2k: put them in order
    __m512i c = _mm512_packus_epi16(ma, mb);
    return _mm512_permutexvar_epi64(_mm512_setr_epi64(0, 2, 4, 6, 1, 3, 5, 7), c);
}

SP512 static inline void sp_positions16(const calc_sprite_level *l, int64_t j, int64_t i, __m512i *vu, __m512i *vv) {
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    int64_t u = l->u + j * l->dudy + i * l->dudx, v = l->v + j * l->dvdy + i * l->dvdx;
    *vu = _mm512_add_epi32(_mm512_set1_epi32((int32_t)u), _mm512_mullo_epi32(lane, _mm512_set1_epi32((int32_t)l->dudx)));
    *vv = _mm512_add_epi32(_mm512_set1_epi32((int32_t)v), _mm512_mullo_epi32(lane, _mm512_set1_epi32((int32_t)l->dvdx)));
}

SP512 static void sprite_avx512(uint32_t *surface, ptrdiff_t stride, int32_t ox, int32_t oy, const uint8_t *mask,
                                ptrdiff_t mask_stride, const calc_sprite *s, int additive) {
    const calc_sprite_level *l0 = &s->level[0], *l1 = &s->level[1];
    const int trilinear = s->weight > 0;
    const __m512i zero = _mm512_setzero_si512();
    const int plain = s->tint[0] == 255 && s->tint[1] == 255 && s->tint[2] == 255 && s->tint[3] == 255;
    const __m512i tint = _mm512_set1_epi64((long long)((uint64_t)s->tint[0] | (uint64_t)s->tint[1] << 16
                                                      | (uint64_t)s->tint[2] << 32 | (uint64_t)s->tint[3] << 48));
    const __m512i w1 = _mm512_set1_epi16((short)s->weight), w0 = _mm512_set1_epi16((short)(256 - s->weight));
    const __m512i du0 = _mm512_set1_epi32(16 * (int32_t)l0->dudx), dv0 = _mm512_set1_epi32(16 * (int32_t)l0->dvdx);
    const __m512i du1 = _mm512_set1_epi32(16 * (int32_t)l1->dudx), dv1 = _mm512_set1_epi32(16 * (int32_t)l1->dvdx);
    sp_runs runs;
    sp_runs_init(&runs, s);
    for (int32_t y = s->y0; y < s->y1; y++) {
        int64_t j = y - s->y0, i0, i1;
        sp_runs_next(&runs, &i0, &i1);
        if (i0 >= i1) continue;
        uint32_t *row = surface + (y - oy) * stride + (s->x0 - ox);
        const uint8_t *mrow = mask ? mask + y * mask_stride + s->x0 : 0;
        if (y + 1 < s->y1) sp_prefetch(row + stride + i0, i1 - i0);
        __m512i u0, v0, u1 = zero, v1 = zero;
        sp_positions16(l0, j, i0, &u0, &v0);
        if (trilinear) sp_positions16(l1, j, i0, &u1, &v1);
        for (int64_t i = i0; i < i1; i += 16) {
            int64_t left = i1 - i;
            __mmask16 live = left >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << left) - 1);
            __m512i c = sp_bilerp16(l0, u0, v0, trilinear ? live & sp_inside16(l0, u0, v0) : live);
            u0 = _mm512_add_epi32(u0, du0); v0 = _mm512_add_epi32(v0, dv0);
            if (trilinear) {
                __m512i d = sp_bilerp16(l1, u1, v1, live & sp_inside16(l1, u1, v1));
                u1 = _mm512_add_epi32(u1, du1); v1 = _mm512_add_epi32(v1, dv1);
                const __m512i h = _mm512_set1_epi16(128);
                __m512i lo = _mm512_add_epi16(_mm512_mullo_epi16(_mm512_unpacklo_epi8(c, zero), w0),
                                              _mm512_mullo_epi16(_mm512_unpacklo_epi8(d, zero), w1));
                __m512i hi = _mm512_add_epi16(_mm512_mullo_epi16(_mm512_unpackhi_epi8(c, zero), w0),
                                              _mm512_mullo_epi16(_mm512_unpackhi_epi8(d, zero), w1));
                c = _mm512_packus_epi16(_mm512_srli_epi16(_mm512_add_epi16(lo, h), 8), _mm512_srli_epi16(_mm512_add_epi16(hi, h), 8));
            }
            if (!plain) {
                __m512i lo = sp_div255_32(_mm512_mullo_epi16(_mm512_unpacklo_epi8(c, zero), tint));
                __m512i hi = sp_div255_32(_mm512_mullo_epi16(_mm512_unpackhi_epi8(c, zero), tint));
                c = _mm512_packus_epi16(lo, hi);
            }
            if (mrow) c = sp_scale16(c, _mm512_cvtepu8_epi32(_mm_maskz_loadu_epi8(live, mrow + i)));
            if (_mm512_test_epi32_mask(c, c) == 0) continue;
            __m512i d = _mm512_maskz_loadu_epi32(live, row + i);
            if (additive) {
                d = _mm512_adds_epu8(c, d);
            } else {
                const __m512i w255 = _mm512_set1_epi16(255);
                __m512i al = _mm512_sub_epi16(w255, _mm512_shufflehi_epi16(_mm512_shufflelo_epi16(_mm512_unpacklo_epi8(c, zero), 0xFF), 0xFF));
                __m512i ah = _mm512_sub_epi16(w255, _mm512_shufflehi_epi16(_mm512_shufflelo_epi16(_mm512_unpackhi_epi8(c, zero), 0xFF), 0xFF));
                __m512i lo = sp_div255_32(_mm512_mullo_epi16(_mm512_unpacklo_epi8(d, zero), al));
                __m512i hi = sp_div255_32(_mm512_mullo_epi16(_mm512_unpackhi_epi8(d, zero), ah));
                d = _mm512_add_epi8(c, _mm512_packus_epi16(lo, hi));
            }
            _mm512_mask_storeu_epi32(row + i, live, d);
        }
    }
}

// ---- AVX-512 with quads: one 16-byte load a pixel instead of gathers, arithmetic in 16-bit words ----
//
// Register A holds pixels 0, 4, 8, 12 of a step (one a 128-bit lane), B 1, 5, 9, 13, C 2, 6, 10, 14 and
// D 3, 7, 11, 15, each lane the pixel's quad; after the bilinear steps unpacklo_epi64(A, B) is the
// pixels 4k, 4k + 1 of lane k as words (what unpacklo_epi8 of the 16 pixels' bytes with zero gives) and
// unpacklo_epi64(C, D) the pixels 4k + 2, 4k + 3 (unpackhi_epi8), so the tint, mask and blend stay in
// words and the bytes are packed once, in pixel order.

/// The bilinear samples of 16 pixels at (u, v) as words, pixels 4k, 4k + 1 in lane k of *lo and
/// 4k + 2, 4k + 3 in lane k of *hi; lanes off in `ok` read the zero quad.
SP512 static inline void sp_bilerp16q(const calc_sprite_level *l, __m512i vu, __m512i vv, __mmask16 ok, __m512i *lo, __m512i *hi) {
    const __m512i k64 = _mm512_set1_epi32(64), fm = _mm512_set1_epi32(l->fraction_mask);
    const int ts = l->stride;
    // the top-left tap's index (v >> 16)·stride + (u >> 16) by one pmaddwd of the two 16-bit
    // halves (the caller keeps them within ±32000), the border's row and column added to the base
    __m512i uv = _mm512_or_si512(_mm512_srli_epi32(vu, 16), _mm512_and_si512(vv, _mm512_set1_epi32((int)0xFFFF0000u)));
    __m512i idx = _mm512_madd_epi16(uv, _mm512_set1_epi32((int)((uint32_t)ts << 16 | 1u)));
    // lanes that read nothing read the zero quad at (stride − 1, 0); offsets in bytes
    // (−2 from the base: ts − 1 − (ts + 1))
    idx = _mm512_slli_epi32(_mm512_mask_mov_epi32(_mm512_set1_epi32(-2), ok, idx), 4);
    __m512i fx = _mm512_and_si512(_mm512_srli_epi32(vu, 10), fm);
    __m512i fy = _mm512_and_si512(_mm512_srli_epi32(vv, 10), fm);
    // per pixel, in both words of its dword: the bytes (64 − fx, fx), and fy·512
    __m512i wx = _mm512_or_si512(_mm512_sub_epi32(k64, fx), _mm512_slli_epi32(fx, 8));
    wx = _mm512_or_si512(wx, _mm512_slli_epi32(wx, 16));
    __m512i fy9 = _mm512_slli_epi32(fy, 9);
    fy9 = _mm512_or_si512(fy9, _mm512_slli_epi32(fy9, 16));
    int32_t o[16] __attribute__((aligned(64)));
    _mm512_store_si512((void *)o, idx);
    // read the offsets back from memory (16 plain loads): left alone, the compiler extracts them
    // from the register with two-µop vpextrd's, 2-3 % slower a frame
    __asm__ volatile("" : : "r"(o) : "memory");
    const uint8_t *q = l->quads + 16 * (ts + 1);
    __m512i r[4];
    for (int k = 0; k < 4; k++) {
        __m512i t = _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)(q + o[k])));
        t = _mm512_inserti32x4(t, _mm_loadu_si128((const __m128i *)(q + o[k + 4])), 1);
        t = _mm512_inserti32x4(t, _mm_loadu_si128((const __m128i *)(q + o[k + 8])), 2);
        t = _mm512_inserti32x4(t, _mm_loadu_si128((const __m128i *)(q + o[k + 12])), 3);
        // pixel k + 4·lane's weights over its lane
        const __m512i sel = _mm512_add_epi32(_mm512_setr_epi32(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12), _mm512_set1_epi32(k));
        __m512i w = _mm512_permutexvar_epi32(sel, wx), f = _mm512_permutexvar_epi32(sel, fy9);
        // words: top r g b a, bottom r g b a (≤ 16320); the top + round((bottom − top)·fy / 64) in the low four
        __m512i m = _mm512_maddubs_epi16(t, w);
        r[k] = _mm512_add_epi16(m, _mm512_mulhrs_epi16(_mm512_sub_epi16(_mm512_bsrli_epi128(m, 8), m), f));
    }
    const __m512i k32 = _mm512_set1_epi16(32);
    *lo = _mm512_srli_epi16(_mm512_add_epi16(_mm512_unpacklo_epi64(r[0], r[1]), k32), 6);
    *hi = _mm512_srli_epi16(_mm512_add_epi16(_mm512_unpacklo_epi64(r[2], r[3]), k32), 6);
}

/// x·y / 255 rounded, for words whose product is at most 255·255.
SP512 static inline __m512i sp_mul255w(__m512i x, __m512i y) { return sp_div255_32(_mm512_mullo_epi16(x, y)); }

/// A one-level sprite's row runs for the AVX-512 path: the eight walks of sp_runs (the start and
/// end bounds of u, v, u + v and u − v) as the lanes of vectors, stepped together a row by five
/// instructions — the scalar walks, their state in memory, were half of what the kernel did
/// besides sampling and blending. Lanes 0–3 hold the start bounds, 4–7 the end bounds.
typedef struct { __m512i q, r, e, gq, gr; } sp_walk8;

/// Sets the walks up from sp_runs' (level 0 of a sprite none of whose steps is 0); false when an
/// axis is flat (its step 0: the row is all in or all out), which sp_runs handles instead.
SP512 static inline int sp_walk8_init(sp_walk8 *w, const sp_runs *r) {
    int64_t q[8], rr[8], e[8], gq[8], gr[8];
    for (int a = 0; a < 4; a++) {
        const sp_axis_walk *x = &r->ax[a];
        if (x->flat) return 0;
        q[a] = x->a.q; rr[a] = x->a.r; e[a] = x->a.e; gq[a] = x->a.gq; gr[a] = x->a.gr;
        q[a + 4] = x->b.q; rr[a + 4] = x->b.r; e[a + 4] = x->b.e; gq[a + 4] = x->b.gq; gr[a + 4] = x->b.gr;
    }
    w->q = _mm512_loadu_si512((const void *)q); w->r = _mm512_loadu_si512((const void *)rr);
    w->e = _mm512_loadu_si512((const void *)e); w->gq = _mm512_loadu_si512((const void *)gq);
    w->gr = _mm512_loadu_si512((const void *)gr);
    return 1;
}

/// This row's run [*i0, *i1) (empty when *i0 >= *i1), then the next row.
SP512 static inline void sp_walk8_next(sp_walk8 *w, int64_t n, int64_t *i0, int64_t *i1) {
    int64_t a = _mm512_mask_reduce_max_epi64(0x0F, w->q), b = _mm512_mask_reduce_min_epi64(0xF0, w->q);
    *i0 = a > 0 ? a : 0;
    *i1 = b < n ? b : n;
    __m512i r = _mm512_sub_epi64(w->r, w->gr), below = _mm512_srai_epi64(r, 63);   // −1 where r < 0
    w->q = _mm512_sub_epi64(_mm512_add_epi64(w->q, w->gq), below);
    w->r = _mm512_add_epi64(r, _mm512_and_si512(w->e, below));
}

SP512 static void sprite_avx512q(uint32_t *surface, ptrdiff_t stride, int32_t ox, int32_t oy, const uint8_t *mask,
                                 ptrdiff_t mask_stride, const calc_sprite *s, int additive) {
    const calc_sprite_level *l0 = &s->level[0], *l1 = &s->level[1];
    const int trilinear = s->weight > 0;
    const __m512i zero = _mm512_setzero_si512();
    const int plain = s->tint[0] == 255 && s->tint[1] == 255 && s->tint[2] == 255 && s->tint[3] == 255;
    const __m512i tint = _mm512_set1_epi64((long long)((uint64_t)s->tint[0] | (uint64_t)s->tint[1] << 16
                                                      | (uint64_t)s->tint[2] << 32 | (uint64_t)s->tint[3] << 48));
    const __m512i w1 = _mm512_set1_epi16((short)s->weight), w0 = _mm512_set1_epi16((short)(256 - s->weight));
    const __m512i du0 = _mm512_set1_epi32(16 * (int32_t)l0->dudx), dv0 = _mm512_set1_epi32(16 * (int32_t)l0->dvdx);
    const __m512i du1 = _mm512_set1_epi32(16 * (int32_t)l1->dudx), dv1 = _mm512_set1_epi32(16 * (int32_t)l1->dvdx);
    const __m512i w255 = _mm512_set1_epi16(255), h128 = _mm512_set1_epi16(128);
    sp_runs runs;
    sp_runs_init(&runs, s);
    sp_walk8 walk;
    const int vector_walk = !trilinear && sp_walk8_init(&walk, &runs);
    const int64_t n = (int64_t)s->x1 - s->x0;
    for (int32_t y = s->y0; y < s->y1; y++) {
        int64_t j = y - s->y0, i0, i1;
        if (vector_walk) sp_walk8_next(&walk, n, &i0, &i1);
        else sp_runs_next(&runs, &i0, &i1);
        if (i0 >= i1) continue;
        uint32_t *row = surface + (y - oy) * stride + (s->x0 - ox);
        const uint8_t *mrow = mask ? mask + y * mask_stride + s->x0 : 0;
        if (y + 1 < s->y1) {
            // the next row's run, about this one's: its first, middle and last cache lines (a loop
            // over its lines would end after a varying count and mispredict)
            const char *p = (const char *)(row + stride + i0);
            _mm_prefetch(p, _MM_HINT_T0);
            _mm_prefetch(p + 2 * (i1 - i0), _MM_HINT_T0);
            _mm_prefetch(p + 4 * (i1 - i0) - 4, _MM_HINT_T0);
        }
        __m512i u0, v0, u1 = zero, v1 = zero;
        sp_positions16(l0, j, i0, &u0, &v0);
        if (trilinear) sp_positions16(l1, j, i0, &u1, &v1);
        for (int64_t i = i0; i < i1; i += 16) {
            int64_t left = i1 - i;
            __mmask16 live = left >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << left) - 1);
            __m512i cl, ch;
            // one level: every pixel of the run samples inside the border (the run is cut to the
            // content octagon, which lies inside it), so only the run's end masks lanes
            sp_bilerp16q(l0, u0, v0, trilinear ? live & sp_inside16(l0, u0, v0) : live, &cl, &ch);
            u0 = _mm512_add_epi32(u0, du0); v0 = _mm512_add_epi32(v0, dv0);
            if (trilinear) {
                __m512i dl, dh;
                sp_bilerp16q(l1, u1, v1, live & sp_inside16(l1, u1, v1), &dl, &dh);
                u1 = _mm512_add_epi32(u1, du1); v1 = _mm512_add_epi32(v1, dv1);
                // (c·(256 − w) + d·w + 128) >> 8: ≤ 65408, exact in unsigned words
                cl = _mm512_srli_epi16(_mm512_add_epi16(_mm512_add_epi16(_mm512_mullo_epi16(cl, w0), _mm512_mullo_epi16(dl, w1)), h128), 8);
                ch = _mm512_srli_epi16(_mm512_add_epi16(_mm512_add_epi16(_mm512_mullo_epi16(ch, w0), _mm512_mullo_epi16(dh, w1)), h128), 8);
            }
            if (!plain) { cl = sp_mul255w(cl, tint); ch = sp_mul255w(ch, tint); }
            if (mrow) {
                __m512i ml, mh;
                sp_spread32(_mm512_cvtepu8_epi32(_mm_maskz_loadu_epi8(live, mrow + i)), &ml, &mh);
                cl = sp_mul255w(cl, ml); ch = sp_mul255w(ch, mh);
            }
            if (_mm512_test_epi64_mask(_mm512_or_si512(cl, ch), _mm512_or_si512(cl, ch)) == 0) continue;
            __m512i d = _mm512_maskz_loadu_epi32(live, row + i);
            __m512i dl = _mm512_unpacklo_epi8(d, zero), dh = _mm512_unpackhi_epi8(d, zero);
            if (additive) {
                // c + d, saturated to 255 by the pack
                dl = _mm512_add_epi16(cl, dl); dh = _mm512_add_epi16(ch, dh);
            } else {
                // c + d·(255 − αc) / 255, αc broadcast over each pixel's words
                __m512i al = _mm512_sub_epi16(w255, _mm512_shufflehi_epi16(_mm512_shufflelo_epi16(cl, 0xFF), 0xFF));
                __m512i ah = _mm512_sub_epi16(w255, _mm512_shufflehi_epi16(_mm512_shufflelo_epi16(ch, 0xFF), 0xFF));
                dl = _mm512_add_epi16(cl, sp_mul255w(dl, al));
                dh = _mm512_add_epi16(ch, sp_mul255w(dh, ah));
            }
            _mm512_mask_storeu_epi32(row + i, live, _mm512_packus_epi16(dl, dh));
        }
    }
}
#endif

/// Whether a level's positions inside its border and its steps over 8 columns fit 32-bit lanes.
static int sp_fits32(const calc_sprite_level *l) {
    return l->width < 32000 && l->height < 32000 && l->dudx > -(1 << 26) && l->dudx < (1 << 26)
        && l->dvdx > -(1 << 26) && l->dvdx < (1 << 26);
}

/// The widest path in use: 2 AVX-512, 1 AVX2, 0 plain C (calc_sprites_set_simd; -1: not chosen yet,
/// which the constructor below settles before any thread draws).
static int sp_simd = -1;

static int sp_best(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl")) return 2;
    if (__builtin_cpu_supports("avx2")) return 1;
#endif
    return 0;
}

__attribute__((constructor))
static void sp_choose(void) { sp_simd = sp_best(); }

/// Whether the AVX-512 path reads a level's quads when it has them (calc_sprites_set_quads).
static int sp_quads = 1;

int calc_sprites_set_quads(int on) {
    int was = sp_quads;
    sp_quads = on != 0;
    return was;
}

int calc_sprites_set_simd(int level) {
    int best = sp_best();
    sp_simd = level < 0 ? 0 : (level > best ? best : level);
    return sp_simd;
}

void calc_sprite_draw(uint32_t *surface, ptrdiff_t stride, int32_t origin_x, int32_t origin_y,
                      const uint8_t *mask, ptrdiff_t mask_stride, const calc_sprite *sprite, int additive) {
    if (sprite->x1 <= sprite->x0 || sprite->y1 <= sprite->y0) return;
#if defined(__x86_64__) || defined(__i386__)
    if (sp_simd < 0) sp_simd = sp_best();
    const calc_sprite_level *l = &sprite->level[0], *m = &sprite->level[1];
    // the vector paths: positions and steps that fit their 32-bit lanes
    if (sp_simd > 0 && sp_fits32(l) && (sprite->weight == 0 || sp_fits32(m))) {
        if (sp_simd == 2 && sp_quads && l->quads && (sprite->weight == 0 || m->quads))
            sprite_avx512q(surface, stride, origin_x, origin_y, mask, mask_stride, sprite, additive);
        else if (sp_simd == 2) sprite_avx512(surface, stride, origin_x, origin_y, mask, mask_stride, sprite, additive);
        else sprite_avx2(surface, stride, origin_x, origin_y, mask, mask_stride, sprite, additive);
        return;
    }
#endif
    sprite_scalar(surface, stride, origin_x, origin_y, mask, mask_stride, sprite, additive);
}

// ---- batches ----

// (Drawing a batch tile by tile, so the destination stays in the cache, was measured: no faster on
// this machine, whose L2 holds a sprite's rows; the sprites are drawn in list order.)
void calc_sprite_draw_batch(uint32_t *surface, ptrdiff_t stride, int32_t origin_x, int32_t origin_y,
                            const uint8_t *mask, ptrdiff_t mask_stride, const calc_sprite *sprites, size_t count,
                            int additive) {
    for (size_t i = 0; i < count; i++) {
        // the next sprite's first two rows, fetched while this one is drawn (each row then fetches
        // the one after it)
        if (i + 1 < count) {
            const calc_sprite *t = &sprites[i + 1];
            if (t->x1 > t->x0 && t->y1 > t->y0) {
                const char *r = (const char *)(surface + (t->y0 - origin_y) * stride + (t->x0 - origin_x));
                int64_t bytes = ((int64_t)t->x1 - t->x0) * 4;
                for (int k = 0; k < 2 && t->y0 + k < t->y1; k++, r += stride * 4)
                    for (int64_t b = 0; b < bytes + 64; b += 64) __builtin_prefetch(r + b);
            }
        }
        calc_sprite_draw(surface, stride, origin_x, origin_y, mask, mask_stride, &sprites[i], additive);
    }
}
