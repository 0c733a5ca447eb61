// Rasterizer kernels in C (Sources/CRaster): the loops of Sources/Render whose Swift forms cost the
// most, each computing exactly the integers and IEEE doubles its Swift original did, so frames are
// byte-for-byte what they were. Compiled with -ffp-contract=off (no fused multiply-adds), and any
// SIMD path is chosen at run time with the same results as the plain C one. See each .c file.
#ifndef CALC_RASTER_H
#define CALC_RASTER_H
#include <stddef.h>
#include <stdint.h>

/// A blurred shape's alpha (ShadowSprites.swift) drawn through a map, painted in one colour.
typedef struct {
    /// (width + 2) × (height + 2) bytes: the sprite with a one-pixel ring of zeros around it, so
    /// bilinear taps just outside the sprite read 0 without a bounds check.
    const uint8_t *alpha;
    int64_t width, height;
    /// Device pixel centre → sprite pixel coordinates: (x, y, 1) · M in row-vector form.
    double m11, m12, m13, m21, m22, m23, m31, m32, m33;
    /// Premultiplied colour at full alpha.
    uint32_t color;
} calc_shadow_sprite;

/// Source-over of the sprite's colour × its bilinearly sampled alpha × coverage (× mask[i] / 255
/// when mask is not NULL) onto dst[0 ..< n], which holds device pixels x ..< x + n of row y.
void calc_shadow_sprite_span(uint32_t *dst, const uint8_t *mask, int64_t x, int64_t y, size_t n, uint32_t coverage,
                      const calc_shadow_sprite *sprite);

#endif

/// A solid fill of whole pixels: columns x0 ..< x1 of rows y0 ..< y1 (device pixels), premultiplied colour.
typedef struct {
    int32_t x0, y0, x1, y1;
    uint32_t color;
} calc_rect_fill;

/// Draws `count` rectangle fills in order, source-over, into the surface whose pixel (x, y) is at
/// base[(y - origin_y) * stride + (x - origin_x)] — row by row, so a row stays in the cache while
/// every fill crossing it is applied; consecutive fills over the same columns are applied to each
/// pixel while it sits in registers. The same bytes as drawing them one after another.
void calc_fill_rects(uint32_t *base, ptrdiff_t stride, int64_t origin_x, int64_t origin_y,
                     const calc_rect_fill *fills, size_t count);

/// 2 when the AVX2 kernels run, 0 for plain C; calc_raster_set_level forces a lower one (tests).
int calc_raster_level(void);
int calc_raster_set_level(int level);

/// An axial gradient under an affine map (Gradient.swift): table position p = t × last stepped in
/// 16.16 fixed point along the row, looked up and dithered.
typedef struct {
    /// The table: premultiplied 8.8 colours, lanes r, b, g, a at bits 0, 16, 32, 48.
    const uint64_t *lut;
    /// The 8×8 ordered-dither thresholds, row-major, in every lane.
    const uint64_t *dither;
    /// Device → table position: p = x·m11 + y·m21 + m31 at pixel centres.
    double m11, m21, m31;
    /// Entries − 1.
    int64_t last;
    /// 1 when every entry is opaque: a pixel covered fully without a mask is then just stored.
    int32_t opaque;
} calc_axial;

/// Source-over of the gradient's colours × coverage (× mask[i] / 255 when mask is not NULL) onto
/// dst[0 ..< n], device pixels x ..< x + n of row y. Returns 0, drawing nothing, where the Swift
/// shader would take its general path (positions too far out for 16.16).
int calc_axial_span(uint32_t *dst, const uint8_t *mask, int64_t x, int64_t y, size_t n, uint32_t coverage,
                    const calc_axial *g);

/// The rasterizer's accumulated band (Rasterizer.swift): signed-area cells and the bitmap of touched
/// cells, rows row_min … row_max of a region bw pixels wide whose corner is device pixel (rx0, ry0).
typedef struct {
    float *cells;
    uint64_t *bits;
    int64_t stride, words;
    int64_t row_min, row_max;
    int64_t bw, rx0, ry0;
    int32_t even_odd;
} calc_band;

/// Rasterizer.sweep with SolidSink in one C loop: prefix-sums each touched row (clearing cells and
/// bits as it goes), turns the sums into coverage exactly as the Swift sweep does, and blends the
/// premultiplied `color` source-over at that coverage (× mask[y · mask_stride + x] / 255 when mask is
/// not NULL) into the surface whose pixel (x, y) is base[(y − origin_y) · stride + (x − origin_x)].
void calc_sweep_solid(const calc_band *band, uint32_t *base, ptrdiff_t stride, int64_t origin_x, int64_t origin_y,
                      const uint8_t *mask, ptrdiff_t mask_stride, uint32_t color);

/// Two solid fills in one sweep: `a`'s cells are the first fill's, `b`'s the second's, begun by
/// calc_band_edges_twice with `a` (so b's touched cells include a's). Each pixel gets color_a at a's
/// coverage and then color_b at b's, source-over, the bytes of calc_sweep_solid(a) then
/// calc_sweep_solid(b); clears both bands. No mask.
void calc_sweep_solid_pair(const calc_band *a, const calc_band *b, uint32_t *base, ptrdiff_t stride,
                           int64_t origin_x, int64_t origin_y, uint32_t color_a, uint32_t color_b);

/// Rasterizer.addEdge for every edge of a flattened polygon (contours end at ends[0 ..< contours],
/// vertices in xs, ys, device pixels): clips each edge to the band (bw × bh pixels at (rx0, ry0))
/// and adds its exact signed area to the band's cells, marking them in the bitmap, with the Swift
/// code's double and float operations in its order. Widens row_min … row_max to the rows touched.
void calc_band_edges(calc_band *band, int64_t bh, const double *xs, const double *ys, const int64_t *ends,
                     size_t contours);

/// calc_band_edges into `band` and, add for add, into `twin` (laid out alike, both empty before):
/// both get the very same cells, bits and row range — the start of a second fill whose first
/// contours are the first fill's, which then takes its own further contours.
void calc_band_edges_twice(calc_band *band, calc_band *twin, int64_t bh, const double *xs, const double *ys,
                           const int64_t *ends, size_t contours);
