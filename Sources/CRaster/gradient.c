// Axial gradients under an affine map, shaded and blended in one pass: GradientShader.axialSpan's
// 16.16 stepping (the row's start computed with the same double operations, in the same order) and
// table lookup with ordered dither, then Spans.blendCovered's source-over through coverage and mask
// — without the scratch row, and with a plain store where the colour is opaque and fully covered.

#pragma clang fp contract(off)

#include "calc_raster.h"

static inline uint32_t div255(uint32_t x) { uint32_t t = x + 128; return (t + (t >> 8)) >> 8; }

static inline uint32_t scale_px(uint32_t p, uint32_t a) {
    uint64_t d = p;
    uint64_t x = (d | (d << 24)) & 0x00FF00FF00FF00FFull;
    x = x * a + 0x0080008000800080ull;
    x = ((x + ((x >> 8) & 0x00FF00FF00FF00FFull)) >> 8) & 0x00FF00FF00FF00FFull;
    return (uint32_t)(x | (x >> 24));
}

static inline uint32_t colour(uint64_t entry, uint64_t threshold) {
    uint64_t c = ((entry + threshold) >> 8) & 0x00FF00FF00FF00FFull;
    return (uint32_t)(c | (c >> 24));
}

int calc_axial_span(uint32_t *dst, const uint8_t *mask, int64_t x, int64_t y, size_t n, uint32_t coverage,
                    const calc_axial *g) {
    // the position at the centre of column 0, plus ½ so that truncating rounds
    const double start = ((double)y + 0.5) * g->m21 + g->m31 + 0.5 * g->m11 + 0.5;
    if (!(__builtin_fabs(start) < 1e12 && __builtin_fabs(g->m11) < 3e7)) return 0;
    const int64_t s = (int64_t)(start * 65536), step = (int64_t)(g->m11 * 65536);
    int64_t p = s + x * step;
    const int64_t hi = g->last * 65536;
    const uint64_t *lut = g->lut, *row = g->dither + (y & 7) * 8;
    if (!mask && coverage == 255 && g->opaque) {
        size_t i = 0;
        // clamped pixels at either end; in between, positions inside the table eight at a time, each
        // of the eight with its own dither threshold held in a register
        while (i < n && (p < 0 || p > hi)) {
            const int64_t c = p < 0 ? 0 : hi;
            dst[i] = colour(lut[c >> 16], row[(x + (int64_t)i) & 7]);
            i++; p += step;
        }
        uint64_t t[8];
        for (int j = 0; j < 8; j++) t[j] = row[(x + (int64_t)i + j) & 7];
        // the last of the next eight positions is inside too (positions are linear, so all are)
        while (i + 8 <= n && p + 7 * step >= 0 && p + 7 * step <= hi) {
            for (int j = 0; j < 8; j++) dst[i + j] = colour(lut[(p + j * step) >> 16], t[j]);
            i += 8; p += 8 * step;
        }
        for (; i < n; i++, p += step) {
            const int64_t c = p < 0 ? 0 : (p < hi ? p : hi);
            dst[i] = colour(lut[c >> 16], row[(x + (int64_t)i) & 7]);
        }
        return 1;
    }
    for (size_t i = 0; i < n; i++, p += step) {
        const int64_t c = p < 0 ? 0 : (p < hi ? p : hi);
        uint32_t src = colour(lut[c >> 16], row[(x + (int64_t)i) & 7]);
        uint32_t k = coverage;
        if (mask) { k = div255(coverage * mask[i]); if (k == 0) continue; }
        if (k != 255) src = scale_px(src, k);
        dst[i] = src + scale_px(dst[i], 255 - (src >> 24));
    }
    return 1;
}
