// Edge accumulation for the rasterizer (Rasterizer.addEdge, line, cellsForRow in Sources/Render):
// each polygon edge adds, per pixel cell it crosses, the exact signed area it sweeps. This is a
// transcription of the Swift code, operation for operation — doubles for clipping to the band,
// floats for the areas, Swift's min/max conventions (min(a, b) = b < a ? b : a, max(a, b) =
// b >= a ? b : a) and its 1.5 · 2^23 floor and ceiling — so the cells, and every coverage byte
// swept from them, are identical; it only saves the Swift calls and spills per row of an edge.

#pragma clang fp contract(off)

#include "calc_raster.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define CALC_X86 1
#endif

extern int calc_raster_level(void);

static inline double maxd(double a, double b) { return b >= a ? b : a; }
static inline double mind(double a, double b) { return b < a ? b : a; }
static inline float maxf(float a, float b) { return b >= a ? b : a; }
static inline float minf(float a, float b) { return b < a ? b : a; }

static inline uint32_t bits_of(float f) { union { float f; uint32_t u; } v = { f }; return v.u; }

static inline int64_t floor22(float x) {
    int64_t r = (int64_t)(bits_of(x + 12582912.0f) & 0x3FFFFF);
    return (float)r > x ? r - 1 : r;
}

static inline int64_t ceil22(float x) {
    int64_t r = (int64_t)(bits_of(x + 12582912.0f) & 0x3FFFFF);
    return (float)r < x ? r + 1 : r;
}

typedef struct {
    float *cells;
    uint64_t *bits;
    int64_t stride, words, bw, bh;
    int64_t row_min, row_max;
    int avx2;
    // a second band of the same layout that gets every cell add and bitmap mark too (a body's
    // outline walked once for the body's band and its border ring's), or none
    int dual;
    float *cells2;
    uint64_t *bits2;
} acc_t;

// row[k] += v, and the same add into the twin band's row when there is one
#define CELL_ADD(k, v) do { const float v_ = (v); row[k] += v_; if (dual) row2[k] += v_; } while (0)

static inline void mark_pair(uint64_t *row, int64_t i) {
    const unsigned sh = (unsigned)(i & 63);
    row[i >> 6] |= 3ull << sh;
    if (sh == 63) row[(i >> 6) + 1] |= 1;
}

static inline void mark_range(uint64_t *row, int64_t i0, int64_t i1) {
    const int64_t w0 = i0 >> 6, w1 = i1 >> 6;
    const uint64_t lo = ~0ull << (unsigned)(i0 & 63);
    const uint64_t hi = ~0ull >> (unsigned)(63 - (i1 & 63));
    if (w0 == w1) {
        row[w0] |= lo & hi;
    } else {
        row[w0] |= lo;
        for (int64_t k = w0 + 1; k < w1; k++) row[k] = ~0ull;
        row[w1] |= hi;
    }
}

__attribute__((always_inline)) static inline void cells_for_row(acc_t *a, int64_t y, float x, float x_next, float d, float s_known,
                                                                const int dual) {
    const float lo = minf(x, x_next), hi = maxf(x, x_next);
    const int64_t i0 = floor22(lo);
    const float lo_floor = (float)i0;
    const int64_t i1 = ceil22(hi);
    float *row = a->cells + y * a->stride;
    uint64_t *bit_row = a->bits + y * a->words;
    
    float *row2 = dual ? a->cells2 + y * a->stride : row;
    if (i1 <= i0 + 1) {
        const float xmf = 0.5f * (x + x_next) - lo_floor;
        CELL_ADD(i0, d - d * xmf);
        CELL_ADD(i0 + 1, d * xmf);
        mark_pair(bit_row, i0);
        if (dual) mark_pair(a->bits2 + y * a->words, i0);
    } else {
        const float s = s_known != 0 ? s_known : 1 / (hi - lo);
        const float x0f = lo - lo_floor;
        const float a0 = 0.5f * s * (1 - x0f) * (1 - x0f);
        const float x1f = hi - (float)i1 + 1;
        const float am = 0.5f * s * x1f * x1f;
        CELL_ADD(i0, d * a0);
        if (i1 == i0 + 2) {
            CELL_ADD(i0 + 1, d * (1 - a0 - am));
        } else {
            const float a1 = s * (1.5f - x0f);
            CELL_ADD(i0 + 1, d * (a1 - a0));
            const float ds = d * s;
            for (int64_t i = i0 + 2; i < i1 - 1; i++) CELL_ADD(i, ds);
            const float a2 = a1 + (float)(i1 - i0 - 3) * s;
            CELL_ADD(i1 - 1, d * (1 - a2 - am));
        }
        CELL_ADD(i1, d * am);
        mark_range(bit_row, i0, i1);
        if (dual) mark_range(a->bits2 + y * a->words, i0, i1);
    }
}

#ifdef CALC_X86
// The whole rows of an edge (height 1, direction d, 1/|slope| s_known), eight at a time (the last
// group fewer; taken from three rows up, below which the scalar loop is cheaper): each
// lane computes one row's x_next and cell shares with the very float operations cells_for_row
// does for that row (Swift's min/max conventions as compares and blends, floor22/ceil22 on the
// float's bits), so the cells are the same bits; only the adds into the cells and the bitmap
// stay per row. Rows y ..< full_end; returns the first row not done, x the last row's x_next.
// s_known is not 0 (a vertical edge is left to the scalar loop), so it is every row's s.
__attribute__((target("avx2"), always_inline))
static inline int64_t full_rows_body(acc_t *a, int64_t y, int64_t full_end, float *x_io, float x0, float y0, float dxdy,
                              float fw, float d, float s_known,
                                      const int dual) {
    const __m256 vx0 = _mm256_set1_ps(x0), vy0 = _mm256_set1_ps(y0), vdxdy = _mm256_set1_ps(dxdy);
    const __m256 vfw = _mm256_set1_ps(fw), zero = _mm256_setzero_ps(), magic = _mm256_set1_ps(12582912.0f);
    const __m256 one = _mm256_set1_ps(1), half = _mm256_set1_ps(0.5f), three_halves = _mm256_set1_ps(1.5f);
    const __m256 vd = _mm256_set1_ps(d), s = _mm256_set1_ps(s_known);
    const __m256i low22 = _mm256_set1_epi32(0x3FFFFF), lanes = _mm256_setr_epi32(1, 2, 3, 4, 5, 6, 7, 8);
    const __m256i prev = _mm256_setr_epi32(7, 0, 1, 2, 3, 4, 5, 6);
    const float ds = d * s_known;
    float x = *x_io;
    int32_t i0s[8], i1s[8];
    float p0[8], p1[8], g0[8], gm[8], g1[8], gl[8], ge[8];
    while (y < full_end) {
        // the last group may have fewer rows: its spare lanes are computed and not used
        const int n = full_end - y < 8 ? (int)(full_end - y) : 8;
        // x_next = min(fw, max(0, x0 + (Float(y + 1 + k) − y0) · dxdy)); x of lane k is lane k − 1's
        const __m256 yk = _mm256_cvtepi32_ps(_mm256_add_epi32(_mm256_set1_epi32((int32_t)y), lanes));
        __m256 xn = _mm256_add_ps(vx0, _mm256_mul_ps(_mm256_sub_ps(yk, vy0), vdxdy));
        xn = _mm256_and_ps(_mm256_cmp_ps(xn, zero, _CMP_GE_OQ), xn);                  // v >= 0 ? v : 0
        xn = _mm256_blendv_ps(vfw, xn, _mm256_cmp_ps(xn, vfw, _CMP_LT_OQ));            // v < fw ? v : fw
        __m256 xp = _mm256_permutevar8x32_ps(xn, prev);
        xp = _mm256_blend_ps(xp, _mm256_set1_ps(x), 1);
        const __m256 lo = _mm256_blendv_ps(xp, xn, _mm256_cmp_ps(xn, xp, _CMP_LT_OQ));   // minf(x, x_next)
        const __m256 hi = _mm256_blendv_ps(xp, xn, _mm256_cmp_ps(xn, xp, _CMP_GE_OQ));   // maxf(x, x_next)
        __m256i r = _mm256_and_si256(_mm256_castps_si256(_mm256_add_ps(lo, magic)), low22);
        const __m256i i0 = _mm256_add_epi32(r, _mm256_castps_si256(_mm256_cmp_ps(_mm256_cvtepi32_ps(r), lo, _CMP_GT_OQ)));
        r = _mm256_and_si256(_mm256_castps_si256(_mm256_add_ps(hi, magic)), low22);
        const __m256i i1 = _mm256_sub_epi32(r, _mm256_castps_si256(_mm256_cmp_ps(_mm256_cvtepi32_ps(r), hi, _CMP_LT_OQ)));
        const __m256 lo_floor = _mm256_cvtepi32_ps(i0);
        // two cells: xmf = 0.5 (x + x_next) − ⌊lo⌋; d − d·xmf and d·xmf
        const __m256 xmf = _mm256_sub_ps(_mm256_mul_ps(half, _mm256_add_ps(xp, xn)), lo_floor);
        const __m256 dxmf = _mm256_mul_ps(vd, xmf);
        _mm256_storeu_ps(p0, _mm256_sub_ps(vd, dxmf));
        _mm256_storeu_ps(p1, dxmf);
        // more: the shares a0, am, a1, a2 as cells_for_row computes them
        const __m256 x0f = _mm256_sub_ps(lo, lo_floor), u = _mm256_sub_ps(one, x0f);
        const __m256 hs = _mm256_mul_ps(half, s);
        const __m256 a0 = _mm256_mul_ps(_mm256_mul_ps(hs, u), u);
        const __m256 x1f = _mm256_add_ps(_mm256_sub_ps(hi, _mm256_cvtepi32_ps(i1)), one);
        const __m256 am = _mm256_mul_ps(_mm256_mul_ps(hs, x1f), x1f);
        const __m256 a1 = _mm256_mul_ps(s, _mm256_sub_ps(three_halves, x0f));
        const __m256 k3 = _mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_sub_epi32(i1, i0), _mm256_set1_epi32(3)));
        const __m256 a2 = _mm256_add_ps(a1, _mm256_mul_ps(k3, s));
        _mm256_storeu_ps(g0, _mm256_mul_ps(vd, a0));
        _mm256_storeu_ps(gm, _mm256_mul_ps(vd, _mm256_sub_ps(_mm256_sub_ps(one, a0), am)));
        _mm256_storeu_ps(g1, _mm256_mul_ps(vd, _mm256_sub_ps(a1, a0)));
        _mm256_storeu_ps(gl, _mm256_mul_ps(vd, _mm256_sub_ps(_mm256_sub_ps(one, a2), am)));
        _mm256_storeu_ps(ge, _mm256_mul_ps(vd, am));
        _mm256_storeu_si256((__m256i *)i0s, i0);
        _mm256_storeu_si256((__m256i *)i1s, i1);
        for (int k = 0; k < n; k++) {
            const int64_t c0 = i0s[k], c1 = i1s[k];
            float *row = a->cells + (y + k) * a->stride;
            uint64_t *bit_row = a->bits + (y + k) * a->words;
            float *row2 = dual ? a->cells2 + (y + k) * a->stride : row;
            if (c1 <= c0 + 1) {
                CELL_ADD(c0, p0[k]);
                CELL_ADD(c0 + 1, p1[k]);
                mark_pair(bit_row, c0);
                if (dual) mark_pair(a->bits2 + (y + k) * a->words, c0);
            } else {
                CELL_ADD(c0, g0[k]);
                if (c1 == c0 + 2) {
                    CELL_ADD(c0 + 1, gm[k]);
                } else {
                    CELL_ADD(c0 + 1, g1[k]);
                    for (int64_t i = c0 + 2; i < c1 - 1; i++) CELL_ADD(i, ds);
                    CELL_ADD(c1 - 1, gl[k]);
                }
                CELL_ADD(c1, ge[k]);
                mark_range(bit_row, c0, c1);
                if (dual) mark_range(a->bits2 + (y + k) * a->words, c0, c1);
            }
        }
        x = _mm256_cvtss_f32(_mm256_permutevar8x32_ps(xn, _mm256_set1_epi32(n - 1)));
        y += n;
    }
    *x_io = x;
    return y;
}

__attribute__((target("avx2"), noinline))
static int64_t full_rows_avx2(acc_t *a, int64_t y, int64_t full_end, float *x_io, float x0, float y0, float dxdy,
                              float fw, float d, float s_known) {
    return full_rows_body(a, y, full_end, x_io, x0, y0, dxdy, fw, d, s_known, 0);
}

__attribute__((target("avx2"), noinline))
static int64_t full_rows_avx2_dual(acc_t *a, int64_t y, int64_t full_end, float *x_io, float x0, float y0, float dxdy,
                                   float fw, float d, float s_known) {
    return full_rows_body(a, y, full_end, x_io, x0, y0, dxdy, fw, d, s_known, 1);
}
#endif

__attribute__((always_inline))
static inline void line_body(acc_t *a, float ax, float ay, float bx, float by, const int avx2, const int dual) {
    if (ay == by) return;
    float x0 = ax, y0 = ay, x1 = bx, y1 = by, dir = 1;
    if (y0 > y1) { float t = x0; x0 = x1; x1 = t; t = y0; y0 = y1; y1 = t; dir = -1; }
    const float dxdy = (x1 - x0) / (y1 - y0);
    const float inv_slope = dxdy == 0 ? 0 : 1 / __builtin_fabsf(dxdy);
    const float fw = (float)a->bw;
    const int64_t y_start = floor22(y0);
    const int64_t c1 = ceil22(y1);
    const int64_t y_end = c1 < a->bh ? c1 : a->bh;           // Swift min(bh, ceil(y1)) on Int
    if (y_start >= y_end) return;
    if (y_start < a->row_min) a->row_min = y_start;
    if (y_end - 1 > a->row_max) a->row_max = y_end - 1;
    float x = x0;
    int64_t y = y_start;
    const int64_t f1 = floor22(y1);
    const int64_t full_end = f1 < y_end ? f1 : y_end;
    if ((float)y < y0 || y >= full_end) {
        const float yb = minf((float)(y + 1), y1);
        const float x_next = yb == y1 ? x1 : minf(fw, maxf(0, x0 + (yb - y0) * dxdy));
        cells_for_row(a, y, x, x_next, (yb - y0) * dir, 0, dual);
        x = x_next;
        y += 1;
    }
#ifdef CALC_X86
    if (avx2 && inv_slope != 0 && full_end - y >= 3)
        y = (dual ? full_rows_avx2_dual : full_rows_avx2)(a, y, full_end, &x, x0, y0, dxdy, fw, dir, inv_slope);
#endif
    while (y < full_end) {
        const float x_next = minf(fw, maxf(0, x0 + ((float)(y + 1) - y0) * dxdy));
        cells_for_row(a, y, x, x_next, dir, inv_slope, dual);
        x = x_next;
        y += 1;
    }
    if (y < y_end) cells_for_row(a, y, x, x1, (y1 - (float)y) * dir, 0, dual);
}

// the edge walk compiled for plain C and for AVX2 (whole rows eight at a time, and the scalar float
// code in the VEX forms of the same operations), each with and without a twin band, so neither the
// level nor the twin is tested per row
#ifdef CALC_X86
__attribute__((target("avx2"), noinline))
static void line_avx2(acc_t *a, float ax, float ay, float bx, float by) { line_body(a, ax, ay, bx, by, 1, 0); }
__attribute__((target("avx2"), noinline))
static void line_avx2_dual(acc_t *a, float ax, float ay, float bx, float by) { line_body(a, ax, ay, bx, by, 1, 1); }
#endif

__attribute__((noinline))
static void line_c(acc_t *a, float ax, float ay, float bx, float by) { line_body(a, ax, ay, bx, by, 0, 0); }
__attribute__((noinline))
static void line_c_dual(acc_t *a, float ax, float ay, float bx, float by) { line_body(a, ax, ay, bx, by, 0, 1); }

static inline void line(acc_t *a, float ax, float ay, float bx, float by) {
#ifdef CALC_X86
    if (a->avx2) { (a->dual ? line_avx2_dual : line_avx2)(a, ax, ay, bx, by); return; }
#endif
    (a->dual ? line_c_dual : line_c)(a, ax, ay, bx, by);
}

static inline int finite(double v) { return v - v == 0; }

static inline float cx(double x, double w) { return (float)mind(w, maxd(0, x)); }

static void add_edge(acc_t *a, double rx0, double ry0, double ax, double ay, double bx, double by) {
    double x0 = ax - rx0, y0 = ay - ry0, x1 = bx - rx0, y1 = by - ry0;
    const double h = (double)a->bh, w = (double)a->bw;
    if (y0 == y1 || !(finite(x0) && finite(x1) && finite(y0) && finite(y1))) return;
    if ((y0 <= 0 && y1 <= 0) || (y0 >= h && y1 >= h)) return;
    // clip to 0 ≤ y ≤ h
    const double dxdy = (x1 - x0) / (y1 - y0);
    if (y0 < 0) { x0 += (0 - y0) * dxdy; y0 = 0; } else if (y0 > h) { x0 += (h - y0) * dxdy; y0 = h; }
    if (y1 < 0) { x1 += (0 - y1) * dxdy; y1 = 0; } else if (y1 > h) { x1 += (h - y1) * dxdy; y1 = h; }
    if (y0 == y1) return;
    // split where the edge crosses x = 0 or x = w
    const double dx = x1 - x0;
    double ta = 2.0, tb = 2.0;
    if (dx != 0) {
        const double t0 = (0 - x0) / dx, tw = (w - x0) / dx;
        if (t0 > 0 && t0 < 1) ta = t0;
        if (tw > 0 && tw < 1) { if (ta > 1) ta = tw; else tb = tw; }
        if (ta > tb) { const double t = ta; ta = tb; tb = t; }
    }
    const double dy = y1 - y0;
    if (ta > 1) {
        line(a, cx(x0, w), (float)y0, cx(x1, w), (float)y1);
        return;
    }
    const float xa = cx(x0 + ta * dx, w), ya = (float)(y0 + ta * dy);
    line(a, cx(x0, w), (float)y0, xa, ya);
    if (tb > 1) {
        line(a, xa, ya, cx(x1, w), (float)y1);
    } else {
        const float xb = cx(x0 + tb * dx, w), yb = (float)(y0 + tb * dy);
        line(a, xa, ya, xb, yb);
        line(a, xb, yb, cx(x1, w), (float)y1);
    }
}

static void walk(acc_t *a, double rx0, double ry0, const double *xs, const double *ys, const int64_t *ends,
                 size_t contours) {
    int64_t start = 0;
    for (size_t c = 0; c < contours; c++) {
        const int64_t end = ends[c];
        int64_t j = end - 1;
        for (int64_t i = start; i < end; i++) {
            add_edge(a, rx0, ry0, xs[j], ys[j], xs[i], ys[i]);
            j = i;
        }
        start = end;
    }
}

void calc_band_edges(calc_band *band, int64_t bh, const double *xs, const double *ys, const int64_t *ends,
                     size_t contours) {
    acc_t a = { band->cells, band->bits, band->stride, band->words, band->bw, bh, band->row_min, band->row_max,
                calc_raster_level() == 2, 0, 0, 0 };
    walk(&a, (double)band->rx0, (double)band->ry0, xs, ys, ends, contours);
    band->row_min = a.row_min;
    band->row_max = a.row_max;
}

void calc_band_edges_twice(calc_band *band, calc_band *twin, int64_t bh, const double *xs, const double *ys,
                           const int64_t *ends, size_t contours) {
    acc_t a = { band->cells, band->bits, band->stride, band->words, band->bw, bh, band->row_min, band->row_max,
                calc_raster_level() == 2, 1, twin->cells, twin->bits };
    walk(&a, (double)band->rx0, (double)band->ry0, xs, ys, ends, contours);
    band->row_min = twin->row_min = a.row_min;
    band->row_max = twin->row_max = a.row_max;
}
