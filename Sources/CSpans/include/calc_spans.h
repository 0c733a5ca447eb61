// Span compositing kernels for the rasterizer's hottest loops: premultiplied RGBA8 source-over,
// exactly rounded (each channel c * a / 255 rounded to nearest), the same bytes as the scalar
// Swift reference in Sources/Render/Compositor.swift. See spans.c.
#ifndef CALC_SPANS_H
#define CALC_SPANS_H
#include <stddef.h>
#include <stdint.h>

/// Source-over of one premultiplied colour onto n pixels.
void calc_spans_fill(uint32_t *p, size_t n, uint32_t color);

/// Source-over of `color` at coverage `coverage` * mask[i] / 255 (rounded) onto n pixels.
void calc_spans_fill_masked(uint32_t *p, const uint8_t *mask, size_t n, uint32_t color, uint32_t coverage);

/// Source-over of the premultiplied src pixels, each scaled by alpha / 255 (rounded), onto dst.
void calc_spans_composite(uint32_t *dst, const uint32_t *src, size_t n, uint32_t alpha);

/// 2 when the AVX2 kernels run, 1 for the SSE2 ones, 0 for plain C.
int calc_spans_level(void);

/// Forces a level no higher than the CPU supports (tests run every path); returns the level set.
int calc_spans_set_level(int level);

#endif
