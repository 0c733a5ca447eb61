// Filters in the display list: what a group applies to its composited content before it is masked
// and composited (`Group.filters`, a layer's `filters`), and what a backdrop operation applies to the
// pixels under a shape (`Backdrop`, a layer's `backgroundFilters`). Compose resolves every parameter
// to device pixels (a blur's σ per axis, from the layer's map), so the rasterizer applies them with
// no knowledge of layers; the reach each filter spreads content by is defined here once, for
// Compose's group bounds and the renderer's offscreen sizes to agree.

import CalcCore

/// One filter with its parameters resolved to device units (Render/Filters.swift applies them).
public enum Filter: Sendable, Hashable {
    /// A Gaussian blur of standard deviation `sigmaX`, `sigmaY` device pixels.
    case gaussianBlur(sigmaX: Double, sigmaY: Double)
    /// The picture plus `intensity` × its Gaussian blur (σ per axis), clamped (CIBloom).
    case bloom(sigmaX: Double, sigmaY: Double, intensity: Double)
    /// CIColorControls on the unpremultiplied colour: saturation about the luma, then brightness
    /// added, then contrast about 0.5.
    case colorControls(saturation: Double, brightness: Double, contrast: Double)
    /// Each colour channel rounded to the nearest of `levels` evenly spaced values (CIColorPosterize).
    case posterize(levels: Double)

    /// Larger σ are treated as this (GaussianBlur's own clamp).
    public static let maxSigma = 2048.0

    /// Content at most this many device pixels outside the visible region is still drawn into a
    /// filtered group, so a blur carries it in; farther content is culled (it bounds the offscreen
    /// image: a huge σ must not allocate a huge surface).
    public static let maxInputReach = 1024

    /// Device pixels the filter spreads content by on each side, per axis: ⌈3σ⌉ + 1 for the blurs
    /// (beyond 3σ lies 0.13 % of the Gaussian), 0 for the colour filters.
    public var reach: (x: Int, y: Int) {
        func r(_ s: Double) -> Int {
            guard s.isFinite, s > 0 else { return 0 }
            return Int((min(s, Filter.maxSigma) * 3).rounded(.up)) + 1
        }
        switch self {
        case .gaussianBlur(let sx, let sy), .bloom(let sx, let sy, _): return (r(sx), r(sy))
        case .colorControls, .posterize: return (0, 0)
        }
    }

    /// The reach of a chain of filters: the blurs' reaches add up.
    public static func reach(_ filters: [Filter]) -> (x: Int, y: Int) {
        var x = 0, y = 0
        for f in filters { let r = f.reach; x += r.x; y += r.y }
        return (x, y)
    }
}

/// Before a layer draws, replace the pixels under `path` (mapped by `transform`) with what they
/// become through `filters`, mixed in by the shape's coverage times `alpha`: CALayer's
/// `backgroundFilters`, applied to what was drawn behind the layer in the current surface.
public struct Backdrop: Sendable, Hashable {
    public var filters: [Filter]
    public var path: PathRef
    public var rule: FillRule
    public var transform: Projective
    public var alpha: Double
    public init(filters: [Filter], path: PathRef, rule: FillRule = .nonZero, transform: Projective, alpha: Double = 1) {
        self.filters = filters; self.path = path; self.rule = rule; self.transform = transform; self.alpha = alpha
    }
}
