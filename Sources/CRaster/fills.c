// Runs of solid fills of pixel-aligned rectangles (Execution.fillRects, Renderer.swift): 20 full-frame
// translucent fills cost 20 trips through memory when drawn one by one; here each row is finished
// while it is in the cache, and fills stacked over the same columns are applied to 8 pixels held in
// registers, 16-bit channels, without packing between fills.
// The arithmetic is Spans.fill's (Compositor.swift, CSpans): d' = c + round(d · (255 − αc) / 255) per
// channel, with round(x / 255) = ((x + 128) · 257) >> 16 — the same integer as CSpans'
// (t + (t >> 8)) >> 8 for t = x + 128 < 2^16 (no multiple of 256 lies between t + ⌊t/256⌋ and
// t + t/256). d' ≤ 255 for a premultiplied colour (c ≤ αc), so channels never leave 8 bits and the
// result is the byte the one-by-one path gives, on either path below.

#pragma clang fp contract(off)

#include "calc_raster.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define CALC_X86 1
#endif

static inline uint32_t scale_px(uint32_t p, uint32_t a) {
    uint64_t d = p;
    uint64_t x = (d | (d << 24)) & 0x00FF00FF00FF00FFull;
    x = x * a + 0x0080008000800080ull;
    x = ((x + ((x >> 8) & 0x00FF00FF00FF00FFull)) >> 8) & 0x00FF00FF00FF00FFull;
    return (uint32_t)(x | (x >> 24));
}

// colours[0 ..< k] one after another over p[0 ..< n]
static void stack_scalar(uint32_t *p, size_t n, const uint32_t *colors, size_t k) {
    for (size_t i = 0; i < n; i++) {
        uint32_t d = p[i];
        for (size_t j = 0; j < k; j++) d = colors[j] + scale_px(d, 255 - (colors[j] >> 24));
        p[i] = d;
    }
}

static int level = -1;

#ifdef CALC_X86
enum { MAX_STACK = 64 };

__attribute__((target("avx2")))
static void stack_avx2(uint32_t *p, size_t n, const uint32_t *colors, size_t k) {
    __m256i c16[MAX_STACK], inv16[MAX_STACK];
    for (size_t j = 0; j < k; j++) {
        uint64_t c = colors[j];
        // the colour's channels as four 16-bit lanes, the order unpacking a pixel gives
        uint64_t lanes = (c & 0xFF) | ((c >> 8) & 0xFF) << 16 | ((c >> 16) & 0xFF) << 32 | (c >> 24) << 48;
        c16[j] = _mm256_set1_epi64x((long long)lanes);
        inv16[j] = _mm256_set1_epi16((short)(255 - (c >> 24)));
    }
    const __m256i zero = _mm256_setzero_si256(), h = _mm256_set1_epi16(128), m257 = _mm256_set1_epi16(257);
    size_t i = 0;
    // 16 pixels (four registers of 16-bit channels) a step, so each colour's two constants are
    // loaded once for four multiply-adds
    for (; i + 16 <= n; i += 16) {
        __m256i d0 = _mm256_loadu_si256((const __m256i *)(p + i)), d1 = _mm256_loadu_si256((const __m256i *)(p + i + 8));
        __m256i a = _mm256_unpacklo_epi8(d0, zero), b = _mm256_unpackhi_epi8(d0, zero);
        __m256i c = _mm256_unpacklo_epi8(d1, zero), d = _mm256_unpackhi_epi8(d1, zero);
        for (size_t j = 0; j < k; j++) {
            const __m256i cj = c16[j], ij = inv16[j];
            a = _mm256_add_epi16(cj, _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(a, ij), h), m257));
            b = _mm256_add_epi16(cj, _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(b, ij), h), m257));
            c = _mm256_add_epi16(cj, _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(c, ij), h), m257));
            d = _mm256_add_epi16(cj, _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(d, ij), h), m257));
        }
        _mm256_storeu_si256((__m256i *)(p + i), _mm256_packus_epi16(a, b));
        _mm256_storeu_si256((__m256i *)(p + i + 8), _mm256_packus_epi16(c, d));
    }
    for (; i + 8 <= n; i += 8) {
        __m256i d = _mm256_loadu_si256((const __m256i *)(p + i));
        __m256i lo = _mm256_unpacklo_epi8(d, zero), hi = _mm256_unpackhi_epi8(d, zero);
        for (size_t j = 0; j < k; j++) {
            lo = _mm256_add_epi16(c16[j], _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(lo, inv16[j]), h), m257));
            hi = _mm256_add_epi16(c16[j], _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(hi, inv16[j]), h), m257));
        }
        _mm256_storeu_si256((__m256i *)(p + i), _mm256_packus_epi16(lo, hi));
    }
    stack_scalar(p + i, n - i, colors, k);
}

__attribute__((constructor))
static void choose_level(void) {
    __builtin_cpu_init();
    level = __builtin_cpu_supports("avx2") ? 2 : 0;
}

int calc_raster_level(void) { if (level < 0) choose_level(); return level; }

int calc_raster_set_level(int want) {
    __builtin_cpu_init();
    int best = __builtin_cpu_supports("avx2") ? 2 : 0;
    level = want < 2 ? 0 : best;
    return level;
}

static void stack(uint32_t *p, size_t n, const uint32_t *colors, size_t k) {
    if (level == 2) {
        while (k > MAX_STACK) { stack_avx2(p, n, colors, MAX_STACK); colors += MAX_STACK; k -= MAX_STACK; }
        stack_avx2(p, n, colors, k);
    } else {
        stack_scalar(p, n, colors, k);
    }
}
#else
int calc_raster_level(void) { return 0; }
int calc_raster_set_level(int want) { (void)want; return 0; }
static void stack(uint32_t *p, size_t n, const uint32_t *colors, size_t k) { stack_scalar(p, n, colors, k); }
#endif

// A deep stack of colours as four byte tables: source-over maps each channel of a pixel through a
// function of that channel alone (d' = c + round(d · (255 − αc) / 255)), so k fills in a row are the
// composition of k such functions, tabulated once (256 entries a channel) and then applied with four
// lookups a pixel whatever k is — the same bytes as applying the fills one by one.
typedef struct {
    size_t first, k;          // the fills tabulated: fills[first ..< first + k]
    uint32_t t[4][256];       // channel i's table, already shifted into place
} stack_table;

enum { TABLE_FROM = 10 };     // stacks this deep or deeper go through a table (about one fill's cost a pixel per fill otherwise)

static void build_table(stack_table *tb, const uint32_t *colors, size_t k) {
    for (int ch = 0; ch < 4; ch++) {
        for (uint32_t v = 0; v < 256; v++) {
            uint32_t d = v;
            for (size_t j = 0; j < k; j++) {
                const uint32_t c = colors[j];
                const uint32_t t = d * (255 - (c >> 24)) + 128;
                d = ((c >> (8 * ch)) & 0xFF) + ((t + (t >> 8)) >> 8);
            }
            tb->t[ch][v] = d << (8 * ch);
        }
    }
}

static void apply_table(uint32_t *p, size_t n, const stack_table *tb) {
    for (size_t i = 0; i < n; i++) {
        const uint32_t d = p[i];
        p[i] = tb->t[0][d & 0xFF] | tb->t[1][(d >> 8) & 0xFF] | tb->t[2][(d >> 16) & 0xFF] | tb->t[3][d >> 24];
    }
}

void calc_fill_rects(uint32_t *base, ptrdiff_t stride, int64_t origin_x, int64_t origin_y,
                     const calc_rect_fill *fills, size_t count) {
    if (count == 0) return;
    stack_table table;
    table.k = 0;
    int64_t top = fills[0].y0, bottom = fills[0].y1;
    for (size_t j = 1; j < count; j++) {
        if (fills[j].y0 < top) top = fills[j].y0;
        if (fills[j].y1 > bottom) bottom = fills[j].y1;
    }
    uint32_t colors[256];
    for (int64_t y = top; y < bottom; y++) {
        uint32_t *row = base + (y - origin_y) * stride - origin_x;
        size_t j = 0;
        while (j < count) {
            const calc_rect_fill *f = &fills[j];
            if (y < f->y0 || y >= f->y1 || f->x1 <= f->x0) { j++; continue; }
            // this fill and the ones right after it over the same columns (skipping none between)
            size_t k = 0;
            colors[k++] = f->color;
            size_t e = j + 1;
            while (e < count && k < 256 && fills[e].x0 == f->x0 && fills[e].x1 == f->x1 && y >= fills[e].y0 && y < fills[e].y1) {
                colors[k++] = fills[e].color;
                e++;
            }
            const size_t n = (size_t)(f->x1 - f->x0);
            if (k >= TABLE_FROM && n >= 64) {
                // the same fills over the rows below reuse the table
                if (table.k != k || table.first != j) { build_table(&table, colors, k); table.first = j; table.k = k; }
                apply_table(row + f->x0, n, &table);
            } else {
                stack(row + f->x0, n, colors, k);
            }
            j = e;
        }
    }
}
