import XCTest
@testable import CalcCore

/// `recomposedWithZRotation` must give the very bits of the general path it shortcuts
/// (`setEulerAngles` then `recomposed`): frames and `calc values` depend on them. The reference
/// here is that general path, run on the same parts.
final class TransformFastPathTests: XCTestCase {
    /// SplitMix64: a fixed sequence, so a failure reproduces.
    struct Mix { var s: UInt64
        mutating func next() -> UInt64 {
            s &+= 0x9E37_79B9_7F4A_7C15
            var z = s
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func pick(_ xs: [Double]) -> Double { xs[Int(next() % UInt64(xs.count))] }
    }

    func general(_ d: DecomposedTransform, _ e: (x: Double, y: Double, z: Double), _ z: Double) -> Transform3D {
        var g = d
        g.setEulerAngles(e.x, e.y, z)
        return g.recomposed()
    }

    func bits(_ m: Transform3D) -> [UInt64] { m.elements.map { $0.bitPattern } }

    func testSameBitsAsTheGeneralPath() {
        var r = Mix(s: 14)
        let special: [Double] = [0, -0.0, 1, -1, 0.5, 2, -2.5, 1e-300, -1e-300, 1e12, 3]
        let angles: [Double] = [0, -0.0, .pi / 2, -.pi / 2, .pi, -.pi, 2 * .pi, 1e-17, -1e-17, 1e8, 7.5, -123.25]
        var fast = 0, unmirrored = 0
        for _ in 0..<20_000 {
            // a model matrix as scripts make them: scale, then a turn about z, then a move
            let sx = r.next() % 4 == 0 ? r.pick(special) : (r.unit() * 6 - 3)
            let sy = r.next() % 4 == 0 ? r.pick(special) : (r.unit() * 6 - 3)
            let a = r.next() % 4 == 0 ? r.pick(angles) : (r.unit() * 20 - 10)
            let tx = r.next() % 4 == 0 ? r.pick(special) : (r.unit() * 2000 - 1000)
            let ty = r.next() % 4 == 0 ? r.pick(special) : (r.unit() * 2000 - 1000)
            let m = Transform3D.scale(sx, sy).concat(.rotation(a)).concat(.translation(tx, ty))
            guard let d = m.decomposed() else { continue }
            let e = d.eulerAngles
            for _ in 0..<3 {
                let z = r.next() % 3 == 0 ? r.pick(angles) : (r.unit() * 40 - 20)
                let plain = sx > 0 && sy > 0
                if plain { unmirrored += 1 }
                guard let f = d.recomposedWithZRotation(z, eulerX: e.x, eulerY: e.y) else { continue }
                if plain { fast += 1 }
                XCTAssertEqual(bits(f), bits(general(d, e, z)), "scale (\(sx), \(sy)) turn \(a) move (\(tx), \(ty)) → z \(z)")
            }
        }
        // the short path ran thousands of times (a mirrored matrix may decompose with a turn about
        // x or y, and unequal scales leave a rounding-sized skew: those take the general path)
        XCTAssertGreaterThan(unmirrored, 10_000)
        XCTAssertGreaterThan(fast, unmirrored / 2)
    }

    func testIdentityAndPlainTurn() {
        // the identity's parts: rotation.z = 90° gives the quarter turn, rows (0, 1) and (−1, 0)
        let d = Transform3D.identity.decomposed()!
        let f = d.recomposedWithZRotation(.pi / 2, eulerX: 0, eulerY: 0)!
        XCTAssertEqual(f.m11, 0, accuracy: 1e-15); XCTAssertEqual(f.m12, 1, accuracy: 1e-15)
        XCTAssertEqual(f.m21, -1, accuracy: 1e-15); XCTAssertEqual(f.m22, 0, accuracy: 1e-15)
        XCTAssertEqual(bits(f), bits(general(d, d.eulerAngles, .pi / 2)))
    }

    func testOtherPartsTakeTheGeneralPath() {
        // tilted about x, skewed, in perspective, or with an Euler angle about y: no short path
        let tilted = Transform3D.rotation(0.3, 1, 0, 0).decomposed()!
        XCTAssertNil(tilted.recomposedWithZRotation(1, eulerX: tilted.eulerAngles.x, eulerY: tilted.eulerAngles.y))
        var skewed = Transform3D.identity; skewed.m21 = 0.5
        let ds = skewed.decomposed()!
        XCTAssertNil(ds.recomposedWithZRotation(1, eulerX: 0, eulerY: 0))
        let dp = Transform3D.perspective(500).decomposed()!
        XCTAssertNil(dp.recomposedWithZRotation(1, eulerX: 0, eulerY: 0))
        XCTAssertNil(Transform3D.identity.decomposed()!.recomposedWithZRotation(1, eulerX: 0, eulerY: 0.2))
        // a non-finite part
        var inf = Transform3D.identity.decomposed()!
        inf.translation.0 = .infinity
        XCTAssertNil(inf.recomposedWithZRotation(1, eulerX: 0, eulerY: 0))
    }
}
