// The order the renderer draws a frame's particles in, per CAEmitterLayer's renderMode. Kept apart
// from the evaluation so the particle list itself has one canonical order (birth order), and every
// mode is a stable permutation of it: ties never depend on the sort algorithm.

extension EmitterFrame {
    /// Particles in the order to draw them (first drawn is bottom-most):
    /// `unordered`, `oldestFirst` and `additive` draw in birth order (the youngest on top);
    /// `oldestLast` draws the youngest first (the oldest on top); `backToFront` draws by ascending
    /// z (larger z is nearer the viewer, as with zPosition), ties in birth order.
    /// `additive` also asks the renderer to blend with plus-lighter (see `blendsAdditively`).
    public func particlesInDrawOrder() -> [Particle] {
        switch renderMode {
        case .unordered, .oldestFirst, .additive:
            return particles
        case .oldestLast:
            return particles.reversed()
        case .backToFront:
            return particles.indices.sorted { i, j in
                let a = particles[i].z, b = particles[j].z
                return a != b ? a < b : i < j
            }.map { particles[$0] }
        }
    }

    /// Whether particles are composited additively (renderMode `additive`) rather than source-over.
    public var blendsAdditively: Bool { renderMode == .additive }
}
