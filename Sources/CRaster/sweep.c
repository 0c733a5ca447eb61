// The rasterizer's sweep for solid fills (Rasterizer.sweep + SolidSink, Sources/Render): the
// cells a band's edges touched are prefix-summed row by row in float, in the same order and with the
// same IEEE operations as the Swift loop, so the coverage bytes are the same; each touched cell opens
// a run of constant coverage up to the next touched cell, blended here directly instead of through
// a callback per edge pixel and a kernel call per short span. Long runs (a shape's interior) go
// through 16 pixels a step in AVX2 when the CPU has it; every path computes source-over exactly as
// Spans.fill / SolidSink.pixel do: c + round(d · (255 − αc) / 255) per channel.

#pragma clang fp contract(off)

#include "calc_raster.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define CALC_X86 1
#endif

static inline uint32_t div255(uint32_t x) { uint32_t t = x + 128; return (t + (t >> 8)) >> 8; }

static inline uint32_t scale_px(uint32_t p, uint32_t a) {
    uint64_t d = p;
    uint64_t x = (d | (d << 24)) & 0x00FF00FF00FF00FFull;
    x = x * a + 0x0080008000800080ull;
    x = ((x + ((x >> 8) & 0x00FF00FF00FF00FFull)) >> 8) & 0x00FF00FF00FF00FFull;
    return (uint32_t)(x | (x >> 24));
}

static inline uint32_t bits_of(float f) { union { float f; uint32_t u; } v = { f }; return v.u; }

// Rasterizer.floor: ⌊x⌋ for 0 ≤ x < 2^22 by the 1.5 · 2^23 trick
static inline int64_t floor22(float x) {
    int64_t r = (int64_t)(bits_of(x + 12582912.0f) & 0x3FFFFF);
    return (float)r > x ? r - 1 : r;
}

// Rasterizer.coverage
static inline uint32_t coverage_of(float acc, int even_odd) {
    float v = __builtin_fabsf(acc);
    if (even_odd) {
        if (v > 1) {
            // 1 < v ≤ 2 (winding 2 next to an edge, as inside a ring's hole): ⌊v/2⌋ is 0 below 2, so
            // the general fold's v − 2·0 is v and then 2 − v; at 2 both give 0. Same floats, fewer steps.
            if (v <= 2) {
                v = 2 - v;
            } else {
                v = v < 4194304.0f ? v - 2 * (float)floor22(v * 0.5f) : 0;
                if (v > 1) v = 2 - v;
            }
        }
    } else if (v > 1) {
        v = 1;
    }
    return bits_of(v * 255 + 12582912.0f) & 0x1FF;
}

extern int calc_raster_level(void);

#ifdef CALC_X86
// source-over of one colour onto n pixels, 16 a step (fills.c's arithmetic, one colour), the last
// n mod 8 four, two and one at a time in SSE2 lanes (the same integers). Colour channels are at
// most its alpha (premultiplied), so c + scale(d, 255 − α) ≤ 255 in every 16-bit lane, as in C.
__attribute__((target("avx2")))
static void over_run_avx2(uint32_t *p, size_t n, uint32_t c) {
    const uint64_t lanes = (uint64_t)(c & 0xFF) | (uint64_t)((c >> 8) & 0xFF) << 16 | (uint64_t)((c >> 16) & 0xFF) << 32
        | (uint64_t)(c >> 24) << 48;
    const __m256i c16 = _mm256_set1_epi64x((long long)lanes), inv = _mm256_set1_epi16((short)(255 - (c >> 24)));
    const __m256i zero = _mm256_setzero_si256(), h = _mm256_set1_epi16(128), m257 = _mm256_set1_epi16(257);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i d = _mm256_loadu_si256((const __m256i *)(p + i));
        __m256i lo = _mm256_unpacklo_epi8(d, zero), hi = _mm256_unpackhi_epi8(d, zero);
        lo = _mm256_add_epi16(c16, _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(lo, inv), h), m257));
        hi = _mm256_add_epi16(c16, _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(hi, inv), h), m257));
        _mm256_storeu_si256((__m256i *)(p + i), _mm256_packus_epi16(lo, hi));
    }
    const __m128i c8 = _mm256_castsi256_si128(c16), inv8 = _mm256_castsi256_si128(inv);
    const __m128i z8 = _mm_setzero_si128(), h8 = _mm_set1_epi16(128), m8 = _mm_set1_epi16(257);
    if (i + 4 <= n) {
        __m128i d = _mm_loadu_si128((const __m128i *)(p + i));
        __m128i lo = _mm_unpacklo_epi8(d, z8), hi = _mm_unpackhi_epi8(d, z8);
        lo = _mm_add_epi16(c8, _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(lo, inv8), h8), m8));
        hi = _mm_add_epi16(c8, _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(hi, inv8), h8), m8));
        _mm_storeu_si128((__m128i *)(p + i), _mm_packus_epi16(lo, hi));
        i += 4;
    }
    if (i + 2 <= n) {
        __m128i lo = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(p + i)), z8);
        lo = _mm_add_epi16(c8, _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(lo, inv8), h8), m8));
        _mm_storel_epi64((__m128i *)(p + i), _mm_packus_epi16(lo, lo));
        i += 2;
    }
    if (i < n) {
        __m128i lo = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)p[i]), z8);
        lo = _mm_add_epi16(c8, _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(lo, inv8), h8), m8));
        p[i] = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(lo, lo));
    }
}
#endif

#ifdef CALC_X86
// one pixel's source-over, s + scale_px(d, 255 − αs), in SSE2 16-bit lanes (round(x/255) as
// ((x + 128) · 257) >> 16, the 32-bit add as in C): the same integer in about half the instructions
// of the 64-bit form; taken where the AVX2 level is (so level 0 tests the plain C)
static inline uint32_t over1_sse2(uint32_t d, uint32_t s) {
    __m128i v = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)d), _mm_setzero_si128());
    const __m128i inv = _mm_set1_epi16((short)(255 - (s >> 24)));
    v = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(v, inv), _mm_set1_epi16(128)), _mm_set1_epi16(257));
    return s + (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(v, v));
}
#endif

// source-over of the colour at `cov` onto n pixels (no mask); scaled[cov] is the colour scaled by cov
static inline void run(uint32_t *p, size_t n, const uint32_t *scaled, uint32_t cov, int avx2) {
    const uint32_t s = scaled[cov];
    const uint32_t inv = 255 - (s >> 24);
    if (n == 1) {                                               // an edge pixel, the commonest run
#ifdef CALC_X86
        if (avx2) { p[0] = over1_sse2(p[0], s); return; }
#endif
        p[0] = s + scale_px(p[0], inv);
        return;
    }
    if (inv == 0) { for (size_t i = 0; i < n; i++) p[i] = s; return; }
    if (s == 0) return;
#ifdef CALC_X86
    if (avx2) { over_run_avx2(p, n, s); return; }
#else
    (void)avx2;
#endif
#pragma clang loop vectorize(disable) interleave(disable)
    for (size_t i = 0; i < n; i++) p[i] = s + scale_px(p[i], inv);
}

// the same through a mask: coverage × mask[i] / 255 per pixel
static inline void run_masked(uint32_t *p, const uint8_t *m, size_t n, uint32_t color, uint32_t cov) {
#pragma clang loop vectorize(disable) interleave(disable)
    for (size_t i = 0; i < n; i++) {
        const uint32_t c = div255(cov * m[i]);
        if (c == 0) continue;
        const uint32_t s = c == 255 ? color : scale_px(color, c);
        p[i] = s + scale_px(p[i], 255 - (s >> 24));
    }
}

// The sweep, inlined once per fill rule and per mask or none (even_odd and masked constants), so
// neither is tested per cell.
__attribute__((always_inline))
static inline void sweep(const calc_band *band, uint32_t *base, ptrdiff_t stride, int64_t origin_x, int64_t origin_y,
                         const uint8_t *mask, ptrdiff_t mask_stride, uint32_t color, const int even_odd,
                         const int masked) {
    const int64_t bw = band->bw, rx0 = band->rx0, words = band->words;
    const int avx2 = calc_raster_level() == 2;
    if (band->row_min > band->row_max) return;
    // the colour at every coverage, once per band instead of once per run (scale_px(color, 255) = color)
    uint32_t scaled[256];
    if (!masked) for (uint32_t c = 0; c < 256; c++) scaled[c] = scale_px(color, c);
    for (int64_t y = band->row_min; y <= band->row_max; y++) {
        float *row = band->cells + y * band->stride;
        uint64_t *bit_row = band->bits + y * words;
        const int64_t dy = y + band->ry0;
        // device column x of this row
        uint32_t *out = base + (dy - origin_y) * stride - origin_x;
        const uint8_t *mrow = masked ? mask + dy * mask_stride : 0;
        float acc = 0;
        int64_t run_start = bw;
        uint32_t run_cov = 0;
        for (int64_t k = 0; k < words; k++) {
            uint64_t word = bit_row[k];
            if (word == 0) continue;
            bit_row[k] = 0;
            do {
                const int bit = __builtin_ctzll(word);
                int64_t b = k << 6 | bit;
                // touched cells b, b + 1, … in a row (an edge crossing several columns of one row)
                int64_t len = 1;
                if (!mrow) { const uint64_t gaps = ~(word >> bit); len = gaps ? __builtin_ctzll(gaps) : 64; }
                word = bit + len >= 64 ? 0 : word & (~0ull << (bit + len));
                if (run_cov != 0 && run_start < bw) {
                    const int64_t n = (b < bw ? b : bw) - run_start;
                    const int64_t x = rx0 + run_start;
                    if (mrow) run_masked(out + x, mrow + x, (size_t)n, color, run_cov);
                    else run(out + x, (size_t)n, scaled, run_cov, avx2);
                }
                // all but the last of them are one-pixel runs (the next cell is touched): blended
                // here without the run bookkeeping, with run()'s one-pixel formula (for coverage 0
                // it leaves the pixel as it was); cells at bw and past it only add to the sum
                uint32_t *px = out + rx0;
                const int64_t last = b + len - 1, stop = last < bw ? last : bw;
#ifdef CALC_X86
                if (avx2) {
                    for (; b < stop; b++) {
                        acc += row[b];
                        row[b] = 0;
                        px[b] = over1_sse2(px[b], scaled[coverage_of(acc, even_odd)]);
                    }
                }
#endif
                for (; b < stop; b++) {
                    acc += row[b];
                    row[b] = 0;
                    const uint32_t s = scaled[coverage_of(acc, even_odd)];
                    px[b] = s + scale_px(px[b], 255 - (s >> 24));
                }
                for (; b < last; b++) { acc += row[b]; row[b] = 0; }
                acc += row[b];
                row[b] = 0;
                run_start = b;
                run_cov = coverage_of(acc, even_odd);
            } while (word != 0);
        }
        if (run_cov != 0 && run_start < bw) {
            const int64_t x = rx0 + run_start, n = bw - run_start;
            if (mrow) run_masked(out + x, mrow + x, (size_t)n, color, run_cov);
            else run(out + x, (size_t)n, scaled, run_cov, avx2);
        }
    }
}

void calc_sweep_solid(const calc_band *band, uint32_t *base, ptrdiff_t stride, int64_t origin_x, int64_t origin_y,
                      const uint8_t *mask, ptrdiff_t mask_stride, uint32_t color) {
    if (mask) {
        if (band->even_odd) sweep(band, base, stride, origin_x, origin_y, mask, mask_stride, color, 1, 1);
        else sweep(band, base, stride, origin_x, origin_y, mask, mask_stride, color, 0, 1);
    } else {
        if (band->even_odd) sweep(band, base, stride, origin_x, origin_y, mask, mask_stride, color, 1, 0);
        else sweep(band, base, stride, origin_x, origin_y, mask, mask_stride, color, 0, 0);
    }
}

// ---------------------------------------------------------------------------------------------
// Two solid fills in one sweep (a card's body and its border ring, whose outer contour is the
// body's): `a` holds the first fill's cells, `b` the second's — the same cells and bits, walked
// into both (calc_band_edges_twice), to which the second fill's further contours were then added, so each of
// b's cells is the very float the second fill's own edge walk would have made. Every pixel gets
// the first fill's blend at its coverage and then the second's, in that order with the same
// integers, so the bytes are those of the two sweeps one after the other.

// n pixels at the first fill's colour sa[ca] and then the second's sb[cb] (either coverage may be 0)
static inline void run_pair(uint32_t *p, size_t n, const uint32_t *sa, uint32_t ca, const uint32_t *sb, uint32_t cb,
                            int avx2) {
    // an opaque second colour hides whatever the first one made of the pixel: s + scale_px(x, 0) = s
    if ((sb[cb] >> 24) != 255 && ca != 0) run(p, n, sa, ca, avx2);
    if (cb != 0) run(p, n, sb, cb, avx2);
}

#ifdef CALC_X86
// The colour scaled by every coverage c, scale_px(color, c), four coverages a step in 16-bit lanes
// (per channel t = ch · c + 128, (t + (t >> 8)) >> 8: scale_px's arithmetic, no lane exceeding
// 16 bits), into scaled[c] and into lanes[c]: the scaled colour's channels in the low four 16-bit
// lanes and 255 − its alpha in the high four, what a one-pixel blend in SSE2 lanes needs.
__attribute__((target("avx2")))
static void scale_table_avx2(uint32_t color, uint32_t *scaled, __m128i *lanes) {
    const uint64_t ch = (uint64_t)(color & 0xFF) | (uint64_t)((color >> 8) & 0xFF) << 16
        | (uint64_t)((color >> 16) & 0xFF) << 32 | (uint64_t)(color >> 24) << 48;
    const __m256i col = _mm256_set1_epi64x((long long)ch), h = _mm256_set1_epi16(128), full = _mm256_set1_epi16(255);
    __m256i cov = _mm256_setr_epi16(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3);
    const __m256i four = _mm256_set1_epi16(4), order = _mm256_setr_epi32(0, 1, 4, 5, 0, 1, 4, 5);
    for (int c = 0; c < 256; c += 4) {
        const __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(col, cov), h);
        const __m256i r = _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_srli_epi16(t, 8)), 8);
        // 255 − alpha (lane 3 of each pixel) in all four lanes of that pixel
        const __m256i inv = _mm256_sub_epi16(full, _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(r, 0xFF), 0xFF));
        const __m256i e02 = _mm256_unpacklo_epi64(r, inv), e13 = _mm256_unpackhi_epi64(r, inv);
        _mm256_storeu_si256((__m256i *)(lanes + c), _mm256_permute2x128_si256(e02, e13, 0x20));
        _mm256_storeu_si256((__m256i *)(lanes + c + 2), _mm256_permute2x128_si256(e02, e13, 0x31));
        const __m256i packed = _mm256_permutevar8x32_epi32(_mm256_packus_epi16(r, r), order);
        _mm_storeu_si128((__m128i *)(scaled + c), _mm256_castsi256_si128(packed));
        cov = _mm256_add_epi16(cov, four);
    }
}

// source-over of the table entry e (scale colour, 255 − alpha) onto a pixel held in 16-bit lanes
static inline __m128i over_lanes(__m128i v, __m128i e) {
    v = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(v, _mm_unpackhi_epi64(e, e)), _mm_set1_epi16(128)),
                        _mm_set1_epi16(257));
    return _mm_add_epi16(v, e);
}
#endif

__attribute__((always_inline))
static inline void sweep_pair(const calc_band *a, const calc_band *b, uint32_t *base, ptrdiff_t stride,
                              int64_t origin_x, int64_t origin_y, uint32_t color_a, uint32_t color_b,
                              const int eo_a, const int eo_b, const int avx2) {
    const int64_t bw = b->bw, rx0 = b->rx0, words = b->words;
    
    if (b->row_min > b->row_max) return;
    uint32_t sa[256], sb[256];
#ifdef CALC_X86
    __m128i la[256], lb[256];
    if (avx2) {
        scale_table_avx2(color_a, sa, la);
        scale_table_avx2(color_b, sb, lb);
    } else
#endif
    for (uint32_t c = 0; c < 256; c++) { sa[c] = scale_px(color_a, c); sb[c] = scale_px(color_b, c); }
    // b's rows and touched cells include a's (b started as their copy)
    for (int64_t y = b->row_min; y <= b->row_max; y++) {
        float *row_a = a->cells + y * b->stride, *row_b = b->cells + y * b->stride;
        uint64_t *bits_a = a->bits + y * words, *bits_b = b->bits + y * words;
        const int64_t dy = y + b->ry0;
        uint32_t *out = base + (dy - origin_y) * stride - origin_x;
        float acc_a = 0, acc_b = 0;
        int64_t run_start = bw;
        uint32_t cov_a = 0, cov_b = 0;
        for (int64_t k = 0; k < words; k++) {
            uint64_t word = bits_b[k];
            if (word == 0) continue;
            bits_b[k] = 0;
            bits_a[k] = 0;
            do {
                const int bit = __builtin_ctzll(word);
                int64_t c = k << 6 | bit;
                const uint64_t gaps = ~(word >> bit);
                const int64_t len = gaps ? __builtin_ctzll(gaps) : 64;
                word = bit + len >= 64 ? 0 : word & (~0ull << (bit + len));
                if ((cov_a | cov_b) != 0 && run_start < bw) {
                    const int64_t n = (c < bw ? c : bw) - run_start;
                    run_pair(out + rx0 + run_start, (size_t)n, sa, cov_a, sb, cov_b, avx2);
                }
                // touched cells side by side: one pixel each, both blends (coverage 0 leaves it)
                // an untouched cell of a is 0, and adding +0 changes no coverage (|acc| is taken)
                uint32_t *px = out + rx0;
                const int64_t last = c + len - 1, stop = last < bw ? last : bw;
#ifdef CALC_X86
                if (avx2) {
                    // both blends in 16-bit lanes, packed once: each lane's colour add stays ≤ 255
                    // (premultiplied), so it is the 32-bit add of the one-pixel form
                    for (; c < stop; c++) {
                        acc_a += row_a[c]; row_a[c] = 0;
                        acc_b += row_b[c]; row_b[c] = 0;
                        __m128i v = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)px[c]), _mm_setzero_si128());
                        v = over_lanes(v, la[coverage_of(acc_a, eo_a)]);
                        v = over_lanes(v, lb[coverage_of(acc_b, eo_b)]);
                        px[c] = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(v, v));
                    }
                }
#endif
                for (; c < stop; c++) {
                    acc_a += row_a[c]; row_a[c] = 0;
                    acc_b += row_b[c]; row_b[c] = 0;
                    const uint32_t s1 = sa[coverage_of(acc_a, eo_a)], s2 = sb[coverage_of(acc_b, eo_b)];
                    const uint32_t p = s1 + scale_px(px[c], 255 - (s1 >> 24));
                    px[c] = s2 + scale_px(p, 255 - (s2 >> 24));
                }
                for (; c < last; c++) { acc_a += row_a[c]; row_a[c] = 0; acc_b += row_b[c]; row_b[c] = 0; }
                acc_a += row_a[c]; row_a[c] = 0;
                acc_b += row_b[c]; row_b[c] = 0;
                run_start = c;
                cov_a = coverage_of(acc_a, eo_a);
                cov_b = coverage_of(acc_b, eo_b);
            } while (word != 0);
        }
        if ((cov_a | cov_b) != 0 && run_start < bw)
            run_pair(out + rx0 + run_start, (size_t)(bw - run_start), sa, cov_a, sb, cov_b, avx2);
    }
}

// each rule pair inlined once for plain C and once compiled for AVX2 (there the run and table
// helpers inline too, and the scalar float code may use the VEX forms of the same operations)
#define SWEEP_PAIR_RULES(level) \
    if (eo_a) { \
        if (eo_b) sweep_pair(a, b, base, stride, origin_x, origin_y, color_a, color_b, 1, 1, level); \
        else sweep_pair(a, b, base, stride, origin_x, origin_y, color_a, color_b, 1, 0, level); \
    } else { \
        if (eo_b) sweep_pair(a, b, base, stride, origin_x, origin_y, color_a, color_b, 0, 1, level); \
        else sweep_pair(a, b, base, stride, origin_x, origin_y, color_a, color_b, 0, 0, level); \
    }

#ifdef CALC_X86
__attribute__((target("avx2")))
static void sweep_pair_avx2(const calc_band *a, const calc_band *b, uint32_t *base, ptrdiff_t stride,
                            int64_t origin_x, int64_t origin_y, uint32_t color_a, uint32_t color_b, int eo_a, int eo_b) {
    SWEEP_PAIR_RULES(1)
}
#endif

static void sweep_pair_c(const calc_band *a, const calc_band *b, uint32_t *base, ptrdiff_t stride,
                         int64_t origin_x, int64_t origin_y, uint32_t color_a, uint32_t color_b, int eo_a, int eo_b) {
    SWEEP_PAIR_RULES(0)
}

void calc_sweep_solid_pair(const calc_band *a, const calc_band *b, uint32_t *base, ptrdiff_t stride,
                           int64_t origin_x, int64_t origin_y, uint32_t color_a, uint32_t color_b) {
#ifdef CALC_X86
    if (calc_raster_level() == 2) {
        sweep_pair_avx2(a, b, base, stride, origin_x, origin_y, color_a, color_b, a->even_odd, b->even_odd);
        return;
    }
#endif
    sweep_pair_c(a, b, base, stride, origin_x, origin_y, color_a, color_b, a->even_odd, b->even_odd);
}
