// Counter-based randomness: every random value of a particle is a hash of (seed, cell path,
// particle index, parameter id), never a draw from a stream. So particle k's values do not depend on
// how many other particles were computed, in what order, or for which frame — the property that
// lets any frame be rendered alone. The mixer is SplitMix64's finalizer (Steele, Lea & Flood 2014),
// a bijection on 64 bits with full avalanche; only integer ops, so every machine gets the same bits.

enum ParticleHash {
    /// SplitMix64's output function applied to z + golden gamma.
    @inline(__always)
    static func mix(_ z0: UInt64) -> UInt64 {
        var z = z0 &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A key for the ordered pair (a, b).
    @inline(__always)
    static func combine(_ a: UInt64, _ b: UInt64) -> UInt64 { mix(a ^ mix(b)) }

    /// The key of an emitter seed.
    static func seedKey(_ seed: UInt32) -> UInt64 { mix(UInt64(seed) ^ 0x5EED_0000_0000_0000) }

    /// Uniform in [0, 1): the top 53 bits of the parameter's hash.
    @inline(__always)
    static func unit(_ key: UInt64, _ param: Param) -> Double {
        Double(combine(key, param.rawValue) >> 11) * 0x1p-53
    }

    /// Uniform in [−1, 1).
    @inline(__always)
    static func signed(_ key: UInt64, _ param: Param) -> Double { 2 * unit(key, param) - 1 }

    /// Parameter ids: fixed forever, since changing one reshuffles every scene's particles.
    enum Param: UInt64 {
        case lifetime = 1, velocity, coneAngle, conePhase, scale, spin, red, green, blue, alpha
        case spawn1 = 20, spawn2, spawn3, spawn4
        case child = 40
    }
}
