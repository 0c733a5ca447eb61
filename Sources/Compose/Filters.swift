// Lowering a layer's Core Image filters (docs/semantics.md, "Filters"): `filters` become the
// `filters` of the layer's group, applied to its composited content (background, content, sublayers
// and border) before its mask, shadow and opacity; `backgroundFilters` become a `backdrop` operation
// over the layer's rounded bounds, emitted before anything of the layer is drawn, so it filters what
// lies behind the layer in the surface being drawn into. Parameters are resolved to device units here:
// a radius (σ in the layer's space, SPEC §4.13) becomes a σ per device axis from the layer's map at
// the centre of its bounds, √(a² + c²) and √(b² + d²) times σ (the diagonal of J·σ²·Jᵀ, J the map's
// Jacobian), so a layer scaled unevenly blurs unevenly; a rotation's off-diagonal term is dropped
// (an axis-aligned Gaussian of the same spread on each axis), as is perspective's variation across
// the layer.

import CalcCore
import DisplayList

extension Composer {
    /// The layer's filters in device units; filters that leave every pixel as it is are dropped.
    static func deviceFilters(_ states: [FilterState], map: Projective, bounds b: Rect) -> [Filter] {
        guard !states.isEmpty else { return [] }
        let (kx, ky) = axisScales(map, b.origin.x + b.size.width / 2, b.origin.y + b.size.height / 2)
        var out: [Filter] = []
        for f in states {
            func v(_ name: String, _ fallback: Double) -> Double {
                let x = f.value(name) ?? fallback
                return x.isFinite ? x : fallback
            }
            switch f.kind {
            case .gaussianBlur:
                let r = max(0, v("inputRadius", 0))
                if r * kx > 0 || r * ky > 0 { out.append(.gaussianBlur(sigmaX: r * kx, sigmaY: r * ky)) }
            case .bloom:
                let r = max(0, v("inputRadius", 0)), k = v("inputIntensity", 0)
                if k != 0 { out.append(.bloom(sigmaX: r * kx, sigmaY: r * ky, intensity: k)) }
            case .colorControls:
                let s = v("inputSaturation", 1), br = v("inputBrightness", 0), c = v("inputContrast", 1)
                if s != 1 || br != 0 || c != 1 { out.append(.colorControls(saturation: s, brightness: br, contrast: c)) }
            case .posterize:
                out.append(.posterize(levels: v("inputLevels", 6)))
            }
        }
        return out
    }

    /// How long a unit along the layer's x and y axes is on each device axis at (x, y):
    /// √(a² + c²) and √(b² + d²), (a b; c d) the map's Jacobian there (1 where it is degenerate).
    static func axisScales(_ m: Projective, _ x: Double, _ y: Double) -> (Double, Double) {
        let (X, Y, W) = m.apply(x, y)
        guard W > 1e-9 else { return (1, 1) }
        let iw2 = 1 / (W * W)
        let a = (m.m11 * W - X * m.m13) * iw2, b = (m.m12 * W - Y * m.m13) * iw2
        let c = (m.m21 * W - X * m.m23) * iw2, d = (m.m22 * W - Y * m.m23) * iw2
        let sx = (a * a + c * c).squareRoot(), sy = (b * b + d * d).squareRoot()
        return (sx.isFinite ? sx : 1, sy.isFinite ? sy : 1)
    }

    /// The layer's background filters: a backdrop over its rounded bounds, mixed in with `alpha`
    /// (its opacity and tint), before anything of the layer is drawn.
    mutating func backgroundFilters(_ l: PresentationLayer, map: Projective, alpha: Double) {
        let rect = Rect(l.bounds.minX, l.bounds.minY, l.bounds.width, l.bounds.height)
        guard rect.size.width > 0, rect.size.height > 0, alpha > 0 else { return }
        let filters = Composer.deviceFilters(l.backgroundFilters, map: map, bounds: rect)
        guard !filters.isEmpty else { return }
        let path = addRoundedRect(rect, radius: Composer.clampedRadius(l.cornerRadius, rect))
        draw(.backdrop(Backdrop(filters: filters, path: path, transform: map, alpha: alpha)), box: deviceBox(path, map))
    }
}
