// Span compositing in SIMD, with the widest instruction set the CPU has chosen at run time: AVX2
// (16 pixels a step) where present, SSE2 (8) otherwise. Swift cannot compile one function for AVX2
// and keep the rest of the module baseline x86-64, and a binary built for AVX2 would not start on
// a CPU without it; C's target attribute does both. Every path computes the same integers, channel
// by channel: s + round(d * (255 - sa) / 255), with round(x / 255) = (t + (t >> 8)) >> 8 for
// t = x + 128 (exact for x <= 255 * 255, and every intermediate fits 16 bits), so the pixels are
// identical on every machine whichever path runs. Tests compare each kernel with the scalar
// reference (Tests/RenderTests/CompositorTests.swift).

#include "calc_spans.h"
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define CALC_X86 1
#endif

// ---- scalar reference (the tails, and other architectures) ----

static inline uint32_t div255(uint32_t x) { uint32_t t = x + 128; return (t + (t >> 8)) >> 8; }

static inline uint32_t scale_px(uint32_t p, uint32_t a) {
    uint64_t d = p;
    uint64_t x = (d | (d << 24)) & 0x00FF00FF00FF00FFull;
    x = x * a + 0x0080008000800080ull;
    x = ((x + ((x >> 8) & 0x00FF00FF00FF00FFull)) >> 8) & 0x00FF00FF00FF00FFull;
    return (uint32_t)(x | (x >> 24));
}

static inline uint32_t over_px(uint32_t s, uint32_t d) { return s + scale_px(d, 255 - (s >> 24)); }

static void fill_scalar(uint32_t *p, size_t n, uint32_t color) {
    uint32_t inv = 255 - (color >> 24);
    for (size_t i = 0; i < n; i++) p[i] = color + scale_px(p[i], inv);
}

static void fill_masked_scalar(uint32_t *p, const uint8_t *mask, size_t n, uint32_t color, uint32_t coverage) {
    for (size_t i = 0; i < n; i++) {
        uint32_t c = div255(coverage * mask[i]);
        uint32_t s = scale_px(color, c);
        p[i] = over_px(s, p[i]);
    }
}

static void composite_scalar(uint32_t *dst, const uint32_t *src, size_t n, uint32_t alpha) {
    for (size_t i = 0; i < n; i++) {
        uint32_t s = alpha == 255 ? src[i] : scale_px(src[i], alpha);
        dst[i] = over_px(s, dst[i]);
    }
}

#ifdef CALC_X86

// ---- SSE2: 4 pixels per 128-bit register, two registers a step ----

// v's channels times a's 16-bit lanes (a per channel), divided by 255 with rounding
static inline __m128i scale4_sse2(__m128i v, __m128i a_lo, __m128i a_hi) {
    const __m128i zero = _mm_setzero_si128(), h = _mm_set1_epi16(128);
    __m128i lo = _mm_unpacklo_epi8(v, zero), hi = _mm_unpackhi_epi8(v, zero);
    lo = _mm_add_epi16(_mm_mullo_epi16(lo, a_lo), h);
    hi = _mm_add_epi16(_mm_mullo_epi16(hi, a_hi), h);
    lo = _mm_srli_epi16(_mm_add_epi16(lo, _mm_srli_epi16(lo, 8)), 8);
    hi = _mm_srli_epi16(_mm_add_epi16(hi, _mm_srli_epi16(hi, 8)), 8);
    return _mm_packus_epi16(lo, hi);
}

// the alpha byte of each of 4 pixels spread over its pixel's four 16-bit lanes (lo: pixels 0-1, hi: 2-3)
static inline void spread_alpha_sse2(__m128i v, __m128i *lo, __m128i *hi) {
    __m128i a = _mm_srli_epi32(v, 24);                       // 0 0 0 a per pixel
    a = _mm_or_si128(a, _mm_slli_epi32(a, 16));              // 0 a 0 a
    *lo = _mm_unpacklo_epi32(a, a);                          // pixel 0, pixel 0, pixel 1, pixel 1 → 4 lanes each
    *hi = _mm_unpackhi_epi32(a, a);
}

static void fill_sse2(uint32_t *p, size_t n, uint32_t color) {
    uint32_t inv = 255 - (color >> 24);
    if (inv == 0) { for (size_t i = 0; i < n; i++) p[i] = color; return; }
    if (color == 0) return;
    const __m128i c = _mm_set1_epi32((int)color), a = _mm_set1_epi16((short)inv);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m128i d0 = _mm_loadu_si128((const __m128i *)(p + i)), d1 = _mm_loadu_si128((const __m128i *)(p + i + 4));
        _mm_storeu_si128((__m128i *)(p + i), _mm_add_epi8(c, scale4_sse2(d0, a, a)));
        _mm_storeu_si128((__m128i *)(p + i + 4), _mm_add_epi8(c, scale4_sse2(d1, a, a)));
    }
    fill_scalar(p + i, n - i, color);
}

static void composite_sse2(uint32_t *dst, const uint32_t *src, size_t n, uint32_t alpha) {
    const __m128i k255 = _mm_set1_epi16(255), a = _mm_set1_epi16((short)alpha);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m128i s = _mm_loadu_si128((const __m128i *)(src + i));
        if (alpha != 255) s = scale4_sse2(s, a, a);
        __m128i sa_lo, sa_hi;
        spread_alpha_sse2(s, &sa_lo, &sa_hi);
        __m128i d = _mm_loadu_si128((const __m128i *)(dst + i));
        d = scale4_sse2(d, _mm_sub_epi16(k255, sa_lo), _mm_sub_epi16(k255, sa_hi));
        _mm_storeu_si128((__m128i *)(dst + i), _mm_add_epi8(s, d));
    }
    composite_scalar(dst + i, src + i, n - i, alpha);
}

static void fill_masked_sse2(uint32_t *p, const uint8_t *mask, size_t n, uint32_t color, uint32_t coverage) {
    const __m128i k255 = _mm_set1_epi16(255), cov = _mm_set1_epi16((short)coverage), h = _mm_set1_epi16(128);
    const __m128i c = _mm_set1_epi32((int)color), zero = _mm_setzero_si128();
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        uint32_t m4; memcpy(&m4, mask + i, 4);
        // the four coverages, each round(coverage * mask / 255), as 16-bit lanes
        __m128i m = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)m4), zero);
        if (coverage != 255) {
            m = _mm_add_epi16(_mm_mullo_epi16(m, cov), h);
            m = _mm_srli_epi16(_mm_add_epi16(m, _mm_srli_epi16(m, 8)), 8);
        }
        // each coverage over its pixel's four channels
        __m128i m32 = _mm_unpacklo_epi16(m, m);                   // c0 c0 c1 c1 c2 c2 c3 c3
        __m128i lo = _mm_unpacklo_epi32(m32, m32), hi = _mm_unpackhi_epi32(m32, m32);
        __m128i s = scale4_sse2(c, lo, hi);
        __m128i sa_lo, sa_hi;
        spread_alpha_sse2(s, &sa_lo, &sa_hi);
        __m128i d = _mm_loadu_si128((const __m128i *)(p + i));
        d = scale4_sse2(d, _mm_sub_epi16(k255, sa_lo), _mm_sub_epi16(k255, sa_hi));
        _mm_storeu_si128((__m128i *)(p + i), _mm_add_epi8(s, d));
    }
    fill_masked_scalar(p + i, mask + i, n - i, color, coverage);
}

// ---- AVX2: 8 pixels per 256-bit register, two registers a step ----

__attribute__((target("avx2")))
static inline __m256i scale8_avx2(__m256i v, __m256i a_lo, __m256i a_hi) {
    const __m256i zero = _mm256_setzero_si256(), h = _mm256_set1_epi16(128);
    __m256i lo = _mm256_unpacklo_epi8(v, zero), hi = _mm256_unpackhi_epi8(v, zero);
    lo = _mm256_add_epi16(_mm256_mullo_epi16(lo, a_lo), h);
    hi = _mm256_add_epi16(_mm256_mullo_epi16(hi, a_hi), h);
    lo = _mm256_srli_epi16(_mm256_add_epi16(lo, _mm256_srli_epi16(lo, 8)), 8);
    hi = _mm256_srli_epi16(_mm256_add_epi16(hi, _mm256_srli_epi16(hi, 8)), 8);
    return _mm256_packus_epi16(lo, hi);
}

__attribute__((target("avx2")))
static inline void spread_alpha_avx2(__m256i v, __m256i *lo, __m256i *hi) {
    __m256i a = _mm256_srli_epi32(v, 24);
    a = _mm256_or_si256(a, _mm256_slli_epi32(a, 16));
    *lo = _mm256_unpacklo_epi32(a, a);
    *hi = _mm256_unpackhi_epi32(a, a);
}

__attribute__((target("avx2")))
static void fill_avx2(uint32_t *p, size_t n, uint32_t color) {
    uint32_t inv = 255 - (color >> 24);
    if (inv == 0) { for (size_t i = 0; i < n; i++) p[i] = color; return; }
    if (color == 0) return;
    const __m256i c = _mm256_set1_epi32((int)color), a = _mm256_set1_epi16((short)inv);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m256i d0 = _mm256_loadu_si256((const __m256i *)(p + i)), d1 = _mm256_loadu_si256((const __m256i *)(p + i + 8));
        _mm256_storeu_si256((__m256i *)(p + i), _mm256_add_epi8(c, scale8_avx2(d0, a, a)));
        _mm256_storeu_si256((__m256i *)(p + i + 8), _mm256_add_epi8(c, scale8_avx2(d1, a, a)));
    }
    fill_sse2(p + i, n - i, color);
}

__attribute__((target("avx2")))
static void composite_avx2(uint32_t *dst, const uint32_t *src, size_t n, uint32_t alpha) {
    const __m256i k255 = _mm256_set1_epi16(255), a = _mm256_set1_epi16((short)alpha);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(src + i));
        if (alpha != 255) s = scale8_avx2(s, a, a);
        __m256i sa_lo, sa_hi;
        spread_alpha_avx2(s, &sa_lo, &sa_hi);
        __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        d = scale8_avx2(d, _mm256_sub_epi16(k255, sa_lo), _mm256_sub_epi16(k255, sa_hi));
        _mm256_storeu_si256((__m256i *)(dst + i), _mm256_add_epi8(s, d));
    }
    composite_sse2(dst + i, src + i, n - i, alpha);
}

__attribute__((target("avx2")))
static void fill_masked_avx2(uint32_t *p, const uint8_t *mask, size_t n, uint32_t color, uint32_t coverage) {
    const __m256i k255 = _mm256_set1_epi16(255), cov = _mm256_set1_epi16((short)coverage), h = _mm256_set1_epi16(128);
    const __m256i c = _mm256_set1_epi32((int)color);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        // eight coverages, each twice, as 16-bit lanes: c0 c0 c1 c1 … c7 c7
        __m128i m8 = _mm_loadl_epi64((const __m128i *)(mask + i));
        __m256i m = _mm256_cvtepu8_epi16(_mm_unpacklo_epi8(m8, m8));
        if (coverage != 255) {
            m = _mm256_add_epi16(_mm256_mullo_epi16(m, cov), h);
            m = _mm256_srli_epi16(_mm256_add_epi16(m, _mm256_srli_epi16(m, 8)), 8);
        }
        // m's 128-bit halves hold pixels 0-3 and 4-7; per half, lo spreads pixels 0,1 (4,5) over
        // four lanes each and hi pixels 2,3 (6,7), the order scale8_avx2 unpacks the colour in
        __m256i lo = _mm256_unpacklo_epi32(m, m), hi = _mm256_unpackhi_epi32(m, m);
        __m256i s = scale8_avx2(c, lo, hi);
        __m256i sa_lo, sa_hi;
        spread_alpha_avx2(s, &sa_lo, &sa_hi);
        __m256i d = _mm256_loadu_si256((const __m256i *)(p + i));
        d = scale8_avx2(d, _mm256_sub_epi16(k255, sa_lo), _mm256_sub_epi16(k255, sa_hi));
        _mm256_storeu_si256((__m256i *)(p + i), _mm256_add_epi8(s, d));
    }
    fill_masked_sse2(p + i, mask + i, n - i, color, coverage);
}

static int level = -1;

__attribute__((constructor))
static void choose_level(void) {
    __builtin_cpu_init();
    level = __builtin_cpu_supports("avx2") ? 2 : 1;
}

int calc_spans_level(void) { if (level < 0) choose_level(); return level; }

int calc_spans_set_level(int want) {
    __builtin_cpu_init();
    int best = __builtin_cpu_supports("avx2") ? 2 : 1;
    level = want < 0 ? 0 : (want > best ? best : want);
    return level;
}

void calc_spans_fill(uint32_t *p, size_t n, uint32_t color) {
    if (level == 2) fill_avx2(p, n, color); else if (level == 1) fill_sse2(p, n, color); else fill_scalar(p, n, color);
}

void calc_spans_fill_masked(uint32_t *p, const uint8_t *mask, size_t n, uint32_t color, uint32_t coverage) {
    if (level == 2) fill_masked_avx2(p, mask, n, color, coverage);
    else if (level == 1) fill_masked_sse2(p, mask, n, color, coverage);
    else fill_masked_scalar(p, mask, n, color, coverage);
}

void calc_spans_composite(uint32_t *dst, const uint32_t *src, size_t n, uint32_t alpha) {
    if (level == 2) composite_avx2(dst, src, n, alpha);
    else if (level == 1) composite_sse2(dst, src, n, alpha);
    else composite_scalar(dst, src, n, alpha);
}

#else

int calc_spans_level(void) { return 0; }
int calc_spans_set_level(int want) { (void)want; return 0; }
void calc_spans_fill(uint32_t *p, size_t n, uint32_t color) { fill_scalar(p, n, color); }
void calc_spans_fill_masked(uint32_t *p, const uint8_t *mask, size_t n, uint32_t color, uint32_t coverage) {
    fill_masked_scalar(p, mask, n, color, coverage);
}
void calc_spans_composite(uint32_t *dst, const uint32_t *src, size_t n, uint32_t alpha) { composite_scalar(dst, src, n, alpha); }

#endif
