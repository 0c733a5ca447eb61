// Deterministic sine and cosine. Rotations decide pixel values and libm's sin/cos are not
// correctly rounded, so their last bit can differ between C libraries (glibc, musl, Darwin). These
// are fdlibm's kernels with a Cody–Waite reduction by π/2, using only IEEE +, −, × and no fused
// multiply-add (Swift does not contract a·b+c), so every machine computes the same bits; about 1 ulp
// for |x| < 2^20. The renderer flattens arcs with them too.
// Other elementary functions (atan2, exp, log, pow) come from the platform's libm, which on one
// platform is deterministic; docs/semantics.md records the caveat.

public enum StableMath {
    private static let invPio2 = 6.36619772367581382433e-01
    private static let pio2Hi = 1.57079632673412561417e+00   // first 33 bits of π/2
    private static let pio2Lo = 6.07710050650619224932e-11   // π/2 − pio2Hi

    /// (sin x, cos x); non-finite or huge input gives (0, 1) rather than trapping.
    @inline(__always)
    public static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        guard x.isFinite, abs(x) < 1e9 else { return (0, 1) }
        let k = (x * invPio2).rounded(.toNearestOrEven)
        let r = (x - k * pio2Hi) - k * pio2Lo
        let z = r * r
        let s = r + r * z * (-1.66666666666666324348e-01 + z * (8.33333333332248946124e-03
            + z * (-1.98412698298579493134e-04 + z * (2.75573137070700676789e-06
            + z * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10)))))
        let c = 1 - 0.5 * z + z * z * (4.16666666666666019037e-02 + z * (-1.38888888888741095749e-03
            + z * (2.48015872894767294178e-05 + z * (-2.75573143513906633035e-07
            + z * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11)))))
        switch Int(k) & 3 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    public static func sin(_ x: Double) -> Double { sinCos(x).sin }
    public static func cos(_ x: Double) -> Double { sinCos(x).cos }
}
