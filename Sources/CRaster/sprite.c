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

void calc_sprite_span(uint32_t *dst, const uint8_t *mask, int64_t x, int64_t y, size_t n, uint32_t coverage,
                      const calc_sprite *s) {
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
