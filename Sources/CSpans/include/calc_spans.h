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

// ---- sprites (sprites.c) ----

/// One mipmap level of a sprite's image with a one-texel transparent border: level texel (i, j) is
/// at texels[(j + 1) * stride + i + 1], stride = width + 2, and rows 0 and height + 1, columns 0 and
/// width + 1 are zero.
typedef struct {
    const uint32_t *texels;
    int32_t width, height, stride;
    /// 63: bilinear (6-bit fractions); 0: nearest (every fraction 0, so each pixel is the texel its
    /// position falls on — the caller offsets u and v by ½ texel so that is the texel under the sample).
    int32_t fraction_mask;
    /// The level's quads (calc_sprite_make_quads), or NULL: the vector paths then gather the texels.
    const uint8_t *quads;
    /// Where the texels of the level that are not zero lie (calc_sprite_content_box): columns [x0, x1),
    /// rows [y0, y1), x + y in [s0, s1] and x − y in [d0, d1], as {x0, y0, x1, y1, s0, s1, d0, d1} —
    /// an octagon. Only samples whose bilinear taps can reach it are visited, the others being zero
    /// (a round sprite's transparent corners cost nothing). The whole level: {0, 0, w, h, 0, w + h − 2,
    /// 1 − h, w − 1}.
    int32_t content[8];
    /// Texel-centre coordinates (texel i's centre at i) of the centre of device pixel (x0, y0) and
    /// their steps per device column and row, in 16.16 fixed point.
    int64_t u, v, dudx, dvdx, dudy, dvdy;
} calc_sprite_level;

/// Bytes of the quad layout of a bordered level of width × height texels (calc_sprite_make_quads).
size_t calc_sprite_quads_size(int32_t width, int32_t height);

/// Fills `quads` (calc_sprite_quads_size bytes) from a bordered level: for each
/// bordered position (i, j), 0 ≤ i ≤ width, 0 ≤ j ≤ height, the 16 bytes at 16·(j·stride + i) (stride =
/// width + 2) are the four texels a bilinear sample there reads, t(i, j) and t(i + 1, j) interleaved
/// channel by channel (r r g g b b a a), then t(i, j + 1) and t(i + 1, j + 1) likewise, so a fetch is
/// one 16-byte load instead of gathers; the entries of column width + 1 are zero.
void calc_sprite_make_quads(const uint32_t *texels, int32_t width, int32_t height, uint8_t *quads);

/// The octagon of a bordered level's texels that are not zero (calc_sprite_level.content, in level
/// coordinates, the border excluded); box[0] ≥ box[2] when every texel is zero.
void calc_sprite_content_box(const uint32_t *texels, int32_t width, int32_t height, int32_t box[8]);

/// One sprite, set up for drawing: the device box to visit, one or two levels (trilinear, the
/// second weighted by weight / 256), and the tint's premultiplied multipliers (0 … 255; r, g, b ≤ a).
typedef struct {
    int32_t x0, y0, x1, y1;
    calc_sprite_level level[2];
    uint32_t weight;
    uint32_t tint[4];
} calc_sprite;

/// Draws a sprite onto a surface whose device pixel (x, y) is at surface + (y − origin_y)·stride +
/// (x − origin_x): each pixel of the box whose centre maps within the bordered image gets the
/// bilinear sample (6-bit fractions, or nearest when fraction_mask is 0; the formulas are at the top
/// of sprites.c), trilinear when weight > 0, times the tint,
/// times mask[y·mask_stride + x] / 255 when mask is not NULL, composited source-over or (additive)
/// plus-lighter. Every path computes the same integers.
void calc_sprite_draw(uint32_t *surface, ptrdiff_t stride, int32_t origin_x, int32_t origin_y,
                      const uint8_t *mask, ptrdiff_t mask_stride, const calc_sprite *sprite, int additive);

/// Draws `count` sprites in order (calc_sprite_draw on each in turn).
void calc_sprite_draw_batch(uint32_t *surface, ptrdiff_t stride, int32_t origin_x, int32_t origin_y,
                            const uint8_t *mask, ptrdiff_t mask_stride, const calc_sprite *sprites, size_t count,
                            int additive);

/// The widest path calc_sprite_draw may use: 0 plain C, 1 AVX2, 2 AVX-512 (capped to what the CPU
/// has; by default the widest it has). Tests compare every path with the plain one. Returns the
/// level set.
int calc_sprites_set_simd(int level);

/// Whether the AVX-512 path may read the levels' quads (1, the default) or must gather the texels
/// (0): the same bytes either way; tests run both. Returns the previous setting.
int calc_sprites_set_quads(int on);
