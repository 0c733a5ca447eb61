// Shadow sprites (Sources/Render/ShadowSprites.swift) sampled and composited in one pass. Each
// device pixel centre is mapped into the sprite with the same IEEE double operations, in the same
// order, as SpriteShader.shade (((fx·m11 + fy·m21) + m31) / w − 0.5, …), the four taps around it are
// mixed bilinearly in 8-bit fixed point, the colour is scaled by the result, by the coverage and by
// the clip mask, and the whole is blended source-over: the same bytes as shading a span and then
// blending it with Spans.blendCovered, without the scratch row, the bounds checks per tap (the
// sprite carries a ring of zeros) or the libm floor. Everything after the coordinates is integer.

#pragma clang fp contract(off)

#include "calc_raster.h"

static inline uint32_t div255(uint32_t x) { uint32_t t = x + 128; return (t + (t >> 8)) >> 8; }

// every channel of p times a / 255, rounded (PixelMath.scale)
static inline uint32_t scale_px(uint32_t p, uint32_t a) {
    uint64_t d = p;
    uint64_t x = (d | (d << 24)) & 0x00FF00FF00FF00FFull;
    x = x * a + 0x0080008000800080ull;
    x = ((x + ((x >> 8) & 0x00FF00FF00FF00FFull)) >> 8) & 0x00FF00FF00FF00FFull;
    return (uint32_t)(x | (x >> 24));
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include <string.h>

extern int calc_raster_level(void);

// The four doubles' comparison results (all-ones lanes) as four 32-bit lanes.
__attribute__((target("avx2")))
static inline __m128i mask32(__m256d m) {
    const __m256i pick = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    return _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(_mm256_castpd_si256(m), pick));
}

// Sprite coordinates of four pixel centres fx (the scalar loop's operations, four lanes at once):
// the tap's column and row, its 8-bit fractions, and whether the pixel samples the sprite at all.
__attribute__((target("avx2")))
static inline void coords4(__m256d fx, const calc_shadow_sprite *s, __m256d fy21, __m256d fy22, __m256d fy23,
                           __m128i *x0, __m128i *y0, __m128i *fx8, __m128i *fy8, __m128i *valid) {
    const __m256d ww = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(fx, _mm256_set1_pd(s->m13)), fy23), _mm256_set1_pd(s->m33));
    const __m256d half = _mm256_set1_pd(0.5), one = _mm256_set1_pd(1.0);
    __m256d sx = _mm256_sub_pd(_mm256_div_pd(_mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(fx, _mm256_set1_pd(s->m11)), fy21),
                                                            _mm256_set1_pd(s->m31)), ww), half);
    __m256d sy = _mm256_sub_pd(_mm256_div_pd(_mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(fx, _mm256_set1_pd(s->m12)), fy22),
                                                            _mm256_set1_pd(s->m32)), ww), half);
    const __m256d minus1 = _mm256_set1_pd(-1.0);
    __m256d ok = _mm256_and_pd(_mm256_cmp_pd(sx, minus1, _CMP_GT_OQ), _mm256_cmp_pd(sy, minus1, _CMP_GT_OQ));
    ok = _mm256_and_pd(ok, _mm256_cmp_pd(sx, _mm256_set1_pd((double)s->width), _CMP_LT_OQ));
    ok = _mm256_and_pd(ok, _mm256_cmp_pd(sy, _mm256_set1_pd((double)s->height), _CMP_LT_OQ));
    // pixels that miss the sprite sample (0, 0) instead, so every conversion below stays in range
    sx = _mm256_and_pd(sx, ok);
    sy = _mm256_and_pd(sy, ok);
    const __m128i one32 = _mm_set1_epi32(1);
    *x0 = _mm_sub_epi32(_mm256_cvttpd_epi32(_mm256_add_pd(sx, one)), one32);   // sx + 1 > 0: truncation floors
    *y0 = _mm_sub_epi32(_mm256_cvttpd_epi32(_mm256_add_pd(sy, one)), one32);
    const __m256d k256 = _mm256_set1_pd(256.0);
    *fx8 = _mm256_cvttpd_epi32(_mm256_mul_pd(_mm256_sub_pd(sx, _mm256_cvtepi32_pd(*x0)), k256));
    *fy8 = _mm256_cvttpd_epi32(_mm256_mul_pd(_mm256_sub_pd(sy, _mm256_cvtepi32_pd(*y0)), k256));
    *valid = mask32(ok);
}

// Eight pixels a step without a mask; returns how many pixels it did (a multiple of 8).
__attribute__((target("avx2")))
static size_t sprite_avx2(uint32_t *dst, int64_t x, int64_t y, size_t n, uint32_t coverage, const calc_shadow_sprite *s) {
    const double fy = (double)y + 0.5;
    const __m256d fy21 = _mm256_set1_pd(fy * s->m21), fy22 = _mm256_set1_pd(fy * s->m22), fy23 = _mm256_set1_pd(fy * s->m23);
    const int32_t stride = (int32_t)(s->width + 2);
    const uint8_t *a = s->alpha;
    const __m256i vstride = _mm256_set1_epi32(stride), one = _mm256_set1_epi32(1), k256 = _mm256_set1_epi32(256);
    const __m256i lowbyte = _mm256_set1_epi32(0xFF), h = _mm256_set1_epi16(128), m257 = _mm256_set1_epi16(257);
    const __m256i zero = _mm256_setzero_si256(), k255 = _mm256_set1_epi16(255);
    const uint64_t c = s->color;
    const __m256i c16 = _mm256_set1_epi64x((long long)((c & 0xFF) | ((c >> 8) & 0xFF) << 16 | ((c >> 16) & 0xFF) << 32 | (c >> 24) << 48));
    const __m256i cov = _mm256_set1_epi16((short)coverage);
    const __m256d offs0 = _mm256_setr_pd(0.5, 1.5, 2.5, 3.5), offs1 = _mm256_setr_pd(4.5, 5.5, 6.5, 7.5);
    int32_t idx[8];
    uint32_t taps[8];
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        // fx = (x + i + k) + 0.5 exactly, as the scalar loop's Double(x + k) + 0.5
        const __m256d base = _mm256_set1_pd((double)(x + (int64_t)i));
        __m128i xa, ya, fxa, fya, va, xb, yb, fxb, fyb, vb;
        coords4(_mm256_add_pd(base, offs0), s, fy21, fy22, fy23, &xa, &ya, &fxa, &fya, &va);
        coords4(_mm256_add_pd(base, offs1), s, fy21, fy22, fy23, &xb, &yb, &fxb, &fyb, &vb);
        const __m256i valid = _mm256_set_m128i(vb, va);
        if (_mm256_testz_si256(valid, valid)) continue;
        const __m256i x0 = _mm256_set_m128i(xb, xa), y0 = _mm256_set_m128i(yb, ya);
        const __m256i fx8 = _mm256_set_m128i(fxb, fxa), fy8 = _mm256_set_m128i(fyb, fya);
        // the top-left tap in the padded sprite, (x0 + 1, y0 + 1)
        _mm256_storeu_si256((__m256i *)idx, _mm256_add_epi32(_mm256_mullo_epi32(_mm256_add_epi32(y0, one), vstride),
                                                               _mm256_add_epi32(x0, one)));
        for (int j = 0; j < 8; j++) {
            uint16_t t0, t1;
            memcpy(&t0, a + idx[j], 2);
            memcpy(&t1, a + idx[j] + stride, 2);
            taps[j] = (uint32_t)t0 | (uint32_t)t1 << 16;
        }
        const __m256i t = _mm256_loadu_si256((const __m256i *)taps);
        // (p00, p01) and (p10, p11) as 16-bit pairs, times (256 − fx8, fx8): top and bottom rows
        const __m256i wx = _mm256_or_si256(_mm256_sub_epi32(k256, fx8), _mm256_slli_epi32(fx8, 16));
        const __m256i topPair = _mm256_or_si256(_mm256_and_si256(t, lowbyte), _mm256_slli_epi32(_mm256_and_si256(_mm256_srli_epi32(t, 8), lowbyte), 16));
        const __m256i botPair = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(t, 16), lowbyte), _mm256_slli_epi32(_mm256_srli_epi32(t, 24), 16));
        const __m256i top = _mm256_madd_epi16(topPair, wx), bottom = _mm256_madd_epi16(botPair, wx);
        __m256i v = _mm256_add_epi32(_mm256_add_epi32(_mm256_mullo_epi32(top, _mm256_sub_epi32(k256, fy8)),
                                                      _mm256_mullo_epi32(bottom, fy8)), _mm256_set1_epi32(32768));
        v = _mm256_and_si256(_mm256_srli_epi32(v, 16), valid);
        // v of pixels 0,1 | 4,5 and 2,3 | 6,7, each over its pixel's four 16-bit channels
        const __m256i vv = _mm256_or_si256(v, _mm256_slli_epi32(v, 16));
        const __m256i vlo = _mm256_unpacklo_epi32(vv, vv), vhi = _mm256_unpackhi_epi32(vv, vv);
        // the colour scaled by v (by 255 it is unchanged), then by the coverage
        __m256i slo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(c16, vlo), h), m257);
        __m256i shi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(c16, vhi), h), m257);
        if (coverage != 255) {
            slo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(slo, cov), h), m257);
            shi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(shi, cov), h), m257);
        }
        // source-over: s + round(d · (255 − αs) / 255)
        const __m256i ilo = _mm256_sub_epi16(k255, _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(slo, 0xFF), 0xFF));
        const __m256i ihi = _mm256_sub_epi16(k255, _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(shi, 0xFF), 0xFF));
        const __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        __m256i dlo = _mm256_unpacklo_epi8(d, zero), dhi = _mm256_unpackhi_epi8(d, zero);
        dlo = _mm256_add_epi16(slo, _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(dlo, ilo), h), m257));
        dhi = _mm256_add_epi16(shi, _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(dhi, ihi), h), m257));
        _mm256_storeu_si256((__m256i *)(dst + i), _mm256_packus_epi16(dlo, dhi));
    }
    return i;
}
#endif

void calc_shadow_sprite_span(uint32_t *dst, const uint8_t *mask, int64_t x, int64_t y, size_t n, uint32_t coverage,
                      const calc_shadow_sprite *s) {
#if defined(__x86_64__) || defined(__i386__)
    if (!mask && n >= 8 && calc_raster_level() == 2) {
        const size_t done = sprite_avx2(dst, x, y, n, coverage, s);
        dst += done; x += (int64_t)done; n -= done;
    }
#endif
    const double m11 = s->m11, m12 = s->m12, m13 = s->m13, m31 = s->m31, m32 = s->m32, m33 = s->m33;
    const double fy = (double)y + 0.5;
    const double fy21 = fy * s->m21, fy22 = fy * s->m22, fy23 = fy * s->m23;
    const double dw = (double)s->width, dh = (double)s->height;
    const int64_t stride = s->width + 2;
    const uint8_t *a = s->alpha + stride + 1;      // (0, 0) of the sprite inside its ring
    const uint32_t color = s->color;
    double fx = (double)x + 0.5;
    for (size_t k = 0; k < n; k++, fx += 1.0) {
        const double ww = fx * m13 + fy23 + m33;
        const double sx = (fx * m11 + fy21 + m31) / ww - 0.5;
        const double sy = (fx * m12 + fy22 + m32) / ww - 0.5;
        if (!(sx > -1 && sy > -1 && sx < dw && sy < dh)) continue;
        // sx + 1 > 0 here, so truncation is the floor
        const int64_t x0 = (int64_t)(sx + 1) - 1, y0 = (int64_t)(sy + 1) - 1;
        const uint32_t fx8 = (uint32_t)((sx - (double)x0) * 256), fy8 = (uint32_t)((sy - (double)y0) * 256);
        const uint8_t *p = a + y0 * stride + x0;
        const uint32_t top = p[0] * (256 - fx8) + p[1] * fx8;
        const uint32_t bottom = p[stride] * (256 - fx8) + p[stride + 1] * fx8;
        const uint32_t v = (top * (256 - fy8) + bottom * fy8 + 32768) >> 16;
        if (v == 0) continue;
        uint32_t src = v >= 255 ? color : scale_px(color, v);
        uint32_t c = coverage;
        if (mask) { c = div255(coverage * mask[k]); if (c == 0) continue; }
        if (c != 255) src = scale_px(src, c);
        dst[k] = src + scale_px(dst[k], 255 - (src >> 24));
    }
}
