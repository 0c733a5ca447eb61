// Births, motion, colour, ranges, purity, nested windows, histories and the particle cap. Every
// expected value is worked out by hand from the documented rules (docs/particles.md), in comments.

import CalcCore
@testable import Particles
import XCTest

/// A point emitter at (10, 20) with one cell; `configure` adjusts the cell.
func pointEmitter(seed: UInt32 = 1, _ configure: (inout EmitterCell) -> Void = { _ in }) -> Emitter {
    var cell = EmitterCell()
    cell.name = "dot"
    cell.contents = "dot.png"
    cell.birthRate = 10
    cell.lifetime = 1
    configure(&cell)
    var e = Emitter()
    e.emitterPosition = Point(10, 20)
    e.seed = seed
    e.emitterCells = [cell]
    return e
}

func assertClose(_ a: Double, _ b: Double, _ tol: Double = 1e-9, _ msg: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a, b, accuracy: tol, msg, file: file, line: line)
}

final class BirthTests: XCTestCase {
    func testTenPerSecondAtPointFiveFiveHasSixParticles() {
        // Births at k/10: 0, 0.1, …, 0.5 are at or before 0.55; 0.6 is not. Lifetime 1 kills none.
        let ps = pointEmitter().particles(at: 0.55)
        XCTAssertEqual(ps.count, 6)
        for (k, p) in ps.enumerated() {
            assertClose(p.birthTime, Double(k) / 10)
            assertClose(p.age, 0.55 - Double(k) / 10)
            XCTAssertEqual(p.lifetime, 1)
            XCTAssertEqual(p.cell, 0)
        }
    }

    func testBirthAtTheSampledInstantCountsAndDeathAtLifetimeDoesNot() {
        // t = 0: only particle 0, age 0. t = 1: particle 0 has age 1 = lifetime, so it is gone;
        // particles 1…10 (born 0.1…1.0) remain.
        XCTAssertEqual(pointEmitter().particles(at: 0).count, 1)
        let ps = pointEmitter().particles(at: 1)
        XCTAssertEqual(ps.count, 10)
        assertClose(ps.first!.birthTime, 0.1)
        assertClose(ps.last!.birthTime, 1.0)
        XCTAssertEqual(ps.last!.age, 0)
    }

    func testFrameTimesThatMissByAnUlpAreEqual() {
        // 3 × 0.1 = 0.30000000000000004 and the literal 0.3 = 0.29999999999999998 both see the birth
        // at 0.3 (k = 3): 4 particles either way (SPEC §4.12's 1e-9 s epsilon).
        XCTAssertEqual(pointEmitter().particles(at: 3 * 0.1).count, 4)
        XCTAssertEqual(pointEmitter().particles(at: 0.3).count, 4)
        // Lifetime 0.1: at t = 0.3 the particle born at 0.2 has age 0.1 (give or take an ulp): dead.
        let short = pointEmitter { $0.lifetime = 0.1 }
        XCTAssertEqual(short.particles(at: 0.3).map(\.birthTime).count, 1)
        XCTAssertEqual(short.particles(at: 6 * 0.05).count, 1)
    }

    func testEmissionStartShiftsEverything() {
        let ps = pointEmitter().particles(at: 2.55, emittingSince: 2)
        XCTAssertEqual(ps.count, 6)
        assertClose(ps[1].birthTime, 2.1)
        XCTAssertTrue(pointEmitter().particles(at: 1.99, emittingSince: 2).isEmpty)
    }

    func testLayerMultipliers() {
        // Layer birthRate 2 → 20/s: births 0, 0.05, …, 0.55 at t = 0.55 → 12.
        var e = pointEmitter()
        e.birthRate = 2
        XCTAssertEqual(e.particles(at: 0.55).count, 12)
        // Layer lifetime 0.5 → each lives 0.5 s: at t = 0.55 those born 0.1…0.5 → 5.
        e = pointEmitter()
        e.lifetime = 0.5
        XCTAssertEqual(e.particles(at: 0.55).count, 5)
        XCTAssertEqual(e.particles(at: 0.55).first!.lifetime, 0.5)
        // Layer birthRate 0 stops everything.
        e = pointEmitter()
        e.birthRate = 0
        XCTAssertTrue(e.particles(at: 0.55).isEmpty)
    }

    func testCellDefaultsEmitNothing() {
        var e = Emitter()
        e.emitterCells = [EmitterCell()]
        XCTAssertTrue(e.particles(at: 1).isEmpty)
        var disabled = pointEmitter()
        disabled.emitterCells[0].isEnabled = false
        XCTAssertTrue(disabled.particles(at: 1).isEmpty)
    }

    func testTopLevelCellWindowCountsFromEmissionStart() {
        // beginTime 0.2, duration 0.5: births at 0.2, 0.3, 0.4 (0.5 is the window's end, excluded).
        let e = pointEmitter { $0.beginTime = 0.2; $0.duration = 0.5; $0.lifetime = 10 }
        XCTAssertEqual(e.particles(at: 3).map(\.birthTime).count, 3)
        let ps = e.particles(at: 13, emittingSince: 10)
        XCTAssertEqual(ps.count, 3)
        assertClose(ps[0].birthTime, 10.2)
        assertClose(ps[2].birthTime, 10.4)
    }
}

final class MotionTests: XCTestCase {
    func testVelocityAlongLongitudeZeroIsPlusX() {
        // At 0.55 the particle born at 0.1 has age 0.45: x = 10 + 100 × 0.45 = 55, y stays 20.
        let ps = pointEmitter { $0.velocity = 100 }.particles(at: 0.55)
        assertClose(ps[1].position.x, 55)
        assertClose(ps[1].position.y, 20)
        XCTAssertEqual(ps[1].z, 0)
        for p in ps { assertClose(p.position.x, 10 + 100 * p.age) }
    }

    func testYAccelerationAddsHalfATSquared() {
        // y = 20 + ½ × 200 × 0.45² = 20 + 20.25 = 40.25; x unchanged by it.
        let ps = pointEmitter { $0.velocity = 100; $0.yAcceleration = 200 }.particles(at: 0.55)
        assertClose(ps[1].position.y, 40.25)
        assertClose(ps[1].position.x, 55)
        // xAcceleration −40 on the particle of age 0.55: x = 10 + 55 − 20 × 0.3025 = 58.95.
        let qs = pointEmitter { $0.velocity = 100; $0.xAcceleration = -40 }.particles(at: 0.55)
        assertClose(qs[0].position.x, 58.95)
    }

    func testLongitudeHalfPiIsPlusYAndLatitudeHalfPiIsPlusZ() {
        let down = pointEmitter { $0.velocity = 100; $0.emissionLongitude = .pi / 2 }.particles(at: 0.5)[0]
        assertClose(down.position.x, 10, 1e-9)
        assertClose(down.position.y, 20 + 50)
        let out = pointEmitter { $0.velocity = 100; $0.emissionLatitude = .pi / 2 }.particles(at: 0.5)[0]
        assertClose(out.position.x, 10, 1e-9)
        assertClose(out.position.y, 20, 1e-9)
        assertClose(out.z, 50)
    }

    func testLayerVelocityMultiplier() {
        var e = pointEmitter { $0.velocity = 100 }
        e.velocity = 0.5
        assertClose(e.particles(at: 0.55)[1].position.x, 10 + 50 * 0.45)
    }

    func testScaleAndSpin() {
        // scale 2 − 1 × age: 1.45 at age 0.55; layer scale 2 doubles it; spin 3 rad/s → 1.65 rad.
        var e = pointEmitter { $0.scale = 2; $0.scaleSpeed = -1; $0.spin = 3; $0.lifetime = 5 }
        let p = e.particles(at: 0.55)[0]
        assertClose(p.scale, 1.45)
        assertClose(p.rotation, 1.65)
        e.scale = 2
        e.spin = -1
        let q = e.particles(at: 0.55)[0]
        assertClose(q.scale, 2.9)
        assertClose(q.rotation, -1.65)
        // At age 3 the scale would be −1: clamped to 0.
        XCTAssertEqual(e.particles(at: 3)[0].scale, 0)
    }

    func testColourSpeedChangesAndClamps() {
        // alpha 1 − 0.5 × age; red 0.5 + 1 × age, clamped at 1.
        let e = pointEmitter {
            $0.lifetime = 3
            $0.color = Color(0.5, 0.25, 0, 1)
            $0.alphaSpeed = -0.5
            $0.redSpeed = 1
        }
        let p = e.particles(at: 0.45)[0]      // age 0.45
        assertClose(p.color.a, 0.775)
        assertClose(p.color.r, 0.95)
        XCTAssertEqual(p.color.g, 0.25)
        let q = e.particles(at: 2.5)[0]       // age 2.5: alpha −0.25 → 0, red 3 → 1
        XCTAssertEqual(q.color.a, 0)
        XCTAssertEqual(q.color.r, 1)
    }
}

final class RandomnessTests: XCTestCase {
    func ranged(seed: UInt32) -> Emitter {
        pointEmitter(seed: seed) {
            $0.birthRate = 50
            $0.lifetime = 1
            $0.lifetimeRange = 0.4
            $0.velocity = 100
            $0.velocityRange = 20
            $0.scaleRange = 0.2
            $0.alphaRange = 0.3
            $0.color = Color(1, 1, 1, 0.5)
        }
    }

    func testRangesStayWithinBounds() {
        let ps = ranged(seed: 7).particles(at: 0.5)
        XCTAssertEqual(ps.count, 26)   // births 0, 0.02, …, 0.5; every lifetime ≥ 0.6 > 0.5
        for p in ps {
            XCTAssertTrue(p.lifetime >= 0.6 && p.lifetime < 1.4, "lifetime \(p.lifetime)")
            if p.age > 0 {
                let speed = (p.position.x - 10) / p.age
                XCTAssertTrue(speed >= 80 - 1e-6 && speed < 120 + 1e-6, "speed \(speed)")
            }
            XCTAssertTrue(p.scale >= 0.8 && p.scale < 1.2)
            XCTAssertTrue(p.color.a >= 0.2 && p.color.a < 0.8)
        }
        // The spread is actually used: not every lifetime is the same.
        XCTAssertGreaterThan(Set(ps.map(\.lifetime)).count, 20)
    }

    func testSameSeedSameParticlesOtherSeedOthers() {
        let a = ranged(seed: 7).particles(at: 0.5), b = ranged(seed: 7).particles(at: 0.5)
        XCTAssertEqual(a, b)
        let c = ranged(seed: 8).particles(at: 0.5)
        XCTAssertEqual(a.count, c.count)
        XCTAssertNotEqual(a.map(\.lifetime), c.map(\.lifetime))
        XCTAssertNotEqual(a.map(\.position), c.map(\.position))
    }

    func testAParticleKeepsItsValuesFromFrameToFrame() {
        // Particle born at 0.3 (k = 15): the same id, lifetime and speed at t = 0.4 and t = 0.7.
        let e = ranged(seed: 3)
        let at4 = e.particles(at: 0.4).first { abs($0.birthTime - 0.3) < 1e-9 }!
        let at7 = e.particles(at: 0.7).first { abs($0.birthTime - 0.3) < 1e-9 }!
        XCTAssertEqual(at4.id, at7.id)
        XCTAssertEqual(at4.lifetime, at7.lifetime)
        assertClose((at4.position.x - 10) / at4.age, (at7.position.x - 10) / at7.age, 1e-6)
    }

    func testPurityFrameDoesNotDependOnOtherFrames() {
        let e = ranged(seed: 11)
        let fresh = e.particles(at: 2.37)
        for i in 0..<40 { _ = e.particles(at: Double(i) / 13) }
        XCTAssertEqual(e.particles(at: 2.37), fresh)
        // And an emitter that also has another cell computes the first cell's particles the same.
        var two = e
        two.emitterCells.append(pointEmitter { $0.birthRate = 3 }.emitterCells[0])
        XCTAssertEqual(two.particles(at: 2.37).filter { $0.cell == 0 }, fresh)
    }

    func testSplitMixReferenceValue() {
        // SplitMix64 seeded with 1234567 first returns 6457827717110365317 (Vigna's splitmix64.c,
        // Java's SplittableRandom): our mix(z) is that generator's output for state z.
        XCTAssertEqual(ParticleHash.mix(1_234_567), 6_457_827_717_110_365_317)
    }

    func testCubeRoot() {
        XCTAssertEqual(cubeRoot(0.125), 0.5)
        XCTAssertEqual(cubeRoot(1), 1)
        XCTAssertEqual(cubeRoot(0), 0)
        assertClose(cubeRoot(0.001), 0.1, 1e-15)
        assertClose(cubeRoot(0x1p-51), 0x1p-17, 1e-20)
    }
}
