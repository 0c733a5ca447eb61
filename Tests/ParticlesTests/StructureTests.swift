// Nested cells and their windows, configuration histories, emitter shapes and modes, the emission
// cone, draw order, the particle cap and hostile input. Expected values are worked out by hand.

import CalcCore
@testable import Particles
import XCTest

/// A still parent (1 per second, lifetime 1, at the origin) with one child cell (10 per second,
/// lifetime 10) emitting in [beginTime, duration) of the parent's life.
func nested(begin: Double, duration: Double, parentLife: Double = 1) -> Emitter {
    var child = EmitterCell()
    child.name = "spark"
    child.birthRate = 10
    child.lifetime = 10
    child.beginTime = begin
    child.duration = duration
    var parent = EmitterCell()
    parent.name = "rocket"
    parent.birthRate = 1
    parent.lifetime = parentLife
    parent.emitterCells = [child]
    var e = Emitter()
    e.emitterCells = [parent]
    return e
}

final class NestedTests: XCTestCase {
    func testChildrenOnlyWithinTheirWindow() {
        // Window [0.2, 0.5) of each parent's life: children at 0.2, 0.3, 0.4 after each parent's birth.
        let e = nested(begin: 0.2, duration: 0.5)
        let f = e.frame(at: 0.45)
        XCTAssertEqual(f.cells.map(\.name), ["rocket", "spark"])
        XCTAssertEqual(f.cells.map(\.path), [[0], [0, 0]])
        // t = 0.45: parent 0 (age 0.45) and its children born 0.2, 0.3, 0.4.
        XCTAssertEqual(f.particles.filter { $0.cell == 0 }.count, 1)
        XCTAssertEqual(f.particles.filter { $0.cell == 1 }.map { ($0.birthTime * 10).rounded() }, [2, 3, 4])
        // t = 0.15: the window has not opened yet.
        XCTAssertEqual(e.particles(at: 0.15).count, 1)
        // t = 1.5: parent 0 is dead (age 1.5) but its 3 children live on (lifetime 10); parent 1
        // (age 0.5) has emitted at 1.2, 1.3, 1.4. Total 1 + 6.
        let late = e.particles(at: 1.5)
        XCTAssertEqual(late.count, 7)
        XCTAssertEqual(late.filter { $0.cell == 1 }.map { ($0.birthTime * 10).rounded() }, [2, 3, 4, 12, 13, 14])
        // Parents first among equals? Order is birth order: 0.2, 0.3, 0.4, then parent 1 at 1.0, …
        XCTAssertEqual(late.map(\.cell), [1, 1, 1, 0, 1, 1, 1])
    }

    func testDurationBelowBeginTimeEmitsNothing() {
        // Seed 002:877–882: beginTime .7 with duration .2 emits nothing at all.
        let e = nested(begin: 0.7, duration: 0.2)
        for t in [0.5, 0.75, 0.95, 3.3] {
            XCTAssertTrue(e.particles(at: t).allSatisfy { $0.cell == 0 }, "t = \(t)")
        }
    }

    func testDurationZeroMeansTheParentsWholeLife() {
        // From 0.5 to the parent's death at 1.0: children at 0.5, 0.6, 0.7, 0.8, 0.9 (1.0 is its death).
        let e = nested(begin: 0.5, duration: 0)
        XCTAssertEqual(e.particles(at: 1.05).filter { $0.cell == 1 }.count, 5)
        // A window longer than the life is cut at death: [0, 5) with life 1 → 0, 0.1, …, 0.9.
        let long = nested(begin: 0, duration: 5)
        XCTAssertEqual(long.particles(at: 1.05).filter { $0.cell == 1 && $0.birthTime < 1 }.count, 10)
    }

    func testChildrenStartWhereTheParentIsAndDoNotFollowIt() {
        // Parent moves at 100/s along +x from (0, 0); child (velocity 0) born 0.25 into its life
        // sits at x = 25 forever.
        var e = nested(begin: 0.25, duration: 0.3)  // window [0.25, 0.3): one child, at 0.25
        e.emitterCells[0].velocity = 100
        e.emitterCells[0].emitterCells[0].birthRate = 4  // 0.25 and then 0.5 (outside): one child
        let ps = e.particles(at: 0.9).filter { $0.cell == 1 }
        XCTAssertEqual(ps.count, 1)
        assertClose(ps[0].position.x, 25)
        assertClose(e.particles(at: 5).filter { $0.birthTime == ps[0].birthTime && $0.cell == 1 }[0].position.x, 25)
    }

    func testDepthLimitIgnoresDeeperCells() {
        var e = nested(begin: 0, duration: 0)
        let f = e.frame(at: 0.5, limits: EmitterLimits(maxDepth: 1))
        XCTAssertEqual(f.cells.count, 1)
        XCTAssertTrue(f.particles.allSatisfy { $0.cell == 0 })
        // A cell nested 40 deep is cut at the default depth of 5.
        var cell = EmitterCell()
        cell.birthRate = 1
        cell.lifetime = 1
        for _ in 0..<40 { var outer = cell; outer.emitterCells = [cell]; cell = outer }
        e.emitterCells = [cell]
        XCTAssertEqual(e.flattenedCells().count, 5)
    }
}

final class HistoryTests: XCTestCase {
    func testStoppingEmissionKeepsParticlesInFlight() {
        // 10/s until 0.5, then layer birthRate 0: births 0, 0.1, …, 0.4. At 1.2 those born 0.3 and
        // 0.4 (ages 0.9, 0.8) are still alive; the one born 0.2 has reached its lifetime.
        let on = pointEmitter()
        var off = on
        off.birthRate = 0
        var h = EmitterHistory(on, since: 0)
        h.set(off, at: 0.5)
        XCTAssertEqual(h.frame(at: 0.45).particles, on.particles(at: 0.45))
        XCTAssertEqual(h.frame(at: 1.2).particles.map { ($0.birthTime * 10).rounded() }, [3, 4])
        XCTAssertTrue(h.frame(at: 1.5).particles.isEmpty)
        // Resuming at 2: the next particle (k = 5) is born at 2.0 exactly.
        h.set(on, at: 2)
        let resumed = h.frame(at: 2.05).particles
        XCTAssertEqual(resumed.count, 1)
        XCTAssertEqual(resumed[0].birthTime, 2)
    }

    func testMovingEmitterLeavesParticlesWhereTheyWereBorn() {
        var a = pointEmitter { $0.lifetime = 5 }
        var h = EmitterHistory(a, since: 0)
        a.emitterPosition = Point(100, 200)
        h.set(a, at: 0.25)
        // Born 0, 0.1, 0.2 at (10, 20); born 0.3 (k = 3: the count reaches 3 at 0.3) at (100, 200).
        let ps = h.frame(at: 0.35).particles
        XCTAssertEqual(ps.map(\.position), [Point(10, 20), Point(10, 20), Point(10, 20), Point(100, 200)])
        assertClose(ps[3].birthTime, 0.3)
    }

    func testRateChangeMidStreamContinuesTheCount() {
        // 10/s for [0, 0.25): the count reaches 2.5. Then 20/s: particle 3 is due when the count
        // reaches 3, 0.5 / 20 = 0.025 s later, at 0.275; particle 4 at 0.325.
        var fast = pointEmitter()
        fast.birthRate = 2
        var h = EmitterHistory(pointEmitter(), since: 0)
        h.set(fast, at: 0.25)
        let births = h.frame(at: 0.33).particles.map(\.birthTime)
        XCTAssertEqual(births.count, 5)
        assertClose(births[3], 0.275)
        assertClose(births[4], 0.325)
    }

    func testChangedCellsGetTheirOwnTableEntry() {
        // From 0.5 the cell draws "star.png": particles born before keep "dot.png".
        var h = EmitterHistory(pointEmitter(), since: 0)
        var star = pointEmitter()
        star.emitterCells[0].contents = "star.png"
        h.set(star, at: 0.5)
        let f = h.frame(at: 0.75)
        XCTAssertEqual(f.cells.map(\.contents), ["dot.png", "star.png"])
        // Born 0 … 0.4 with the dot, 0.5 … 0.7 with the star.
        XCTAssertEqual(f.particles.map(\.cell), [0, 0, 0, 0, 0, 1, 1, 1])
        // Changing back reuses the first entry.
        h.set(pointEmitter(), at: 1)
        XCTAssertEqual(h.frame(at: 1.05).cells.count, 2)
        XCTAssertEqual(h.frame(at: 1.05).particles.last?.cell, 0)
    }

    func testChangesOutOfOrderAndReplaced() {
        var h = EmitterHistory(pointEmitter(), since: 0)
        var off = pointEmitter()
        off.birthRate = 0
        h.set(off, at: 1)
        h.set(pointEmitter(), at: 0.5)
        h.set(off, at: 0.5)   // replaces the change at 0.5
        h.set(off, at: .nan)  // ignored
        XCTAssertEqual(h.changes.map(\.time), [0, 0.5, 1])
        XCTAssertEqual(h.frame(at: 0.9).particles.count, 5)  // 0 … 0.4
    }
}

final class ShapeTests: XCTestCase {
    /// Still particles spawned on a shape centred at (100, 50, 7), 200 of them.
    func spawned(_ shape: EmitterShape, _ mode: EmitterMode, size: Size = Size(40, 20), depth: Double = 10) -> [Particle] {
        var e = pointEmitter { $0.birthRate = 200; $0.lifetime = 2 }
        e.emitterPosition = Point(100, 50)
        e.emitterZPosition = 7
        e.emitterSize = size
        e.emitterDepth = depth
        e.emitterShape = shape
        e.emitterMode = mode
        let ps = e.particles(at: 0.995)
        XCTAssertEqual(ps.count, 200)
        return ps
    }

    func testPointAndPointsModes() {
        for mode in EmitterMode.allCases {
            XCTAssertTrue(spawned(.point, mode).allSatisfy { $0.position == Point(100, 50) && $0.z == 7 })
        }
        XCTAssertTrue(spawned(.circle, .points).allSatisfy { $0.position == Point(100, 50) })
        XCTAssertEqual(Set(spawned(.line, .points).map(\.position)), [Point(80, 50), Point(120, 50)])
        XCTAssertEqual(Set(spawned(.rectangle, .points).map(\.position)),
                       [Point(80, 40), Point(120, 40), Point(80, 60), Point(120, 60)])
        let corners = spawned(.cuboid, .points)
        XCTAssertEqual(Set(corners.map { [$0.position.x, $0.position.y, $0.z] }).count, 8)
        XCTAssertTrue(corners.allSatisfy { $0.z == 2 || $0.z == 12 })
    }

    func testLineAndRectangle() {
        for p in spawned(.line, .outline) {
            XCTAssertTrue(p.position.x >= 80 && p.position.x <= 120 && p.position.y == 50)
        }
        for p in spawned(.rectangle, .surface) {
            XCTAssertTrue(p.position.x >= 80 && p.position.x <= 120 && p.position.y >= 40 && p.position.y <= 60)
        }
        for p in spawned(.rectangle, .outline) {
            let onVertical = abs(abs(p.position.x - 100) - 20) < 1e-9 && abs(p.position.y - 50) <= 10 + 1e-9
            let onHorizontal = abs(abs(p.position.y - 50) - 10) < 1e-9 && abs(p.position.x - 100) <= 20 + 1e-9
            XCTAssertTrue(onVertical || onHorizontal, "\(p.position)")
        }
    }

    func testCircleAndSphere() {
        func r(_ p: Particle) -> Double {
            let dx = p.position.x - 100, dy = p.position.y - 50, dz = p.z - 7
            return (dx * dx + dy * dy + dz * dz).squareRoot()
        }
        XCTAssertTrue(spawned(.circle, .outline).allSatisfy { abs(r($0) - 20) < 1e-9 && $0.z == 7 })
        let disc = spawned(.circle, .surface)
        XCTAssertTrue(disc.allSatisfy { r($0) <= 20 + 1e-9 })
        XCTAssertTrue(disc.contains { r($0) < 10 })
        XCTAssertTrue(spawned(.sphere, .surface).allSatisfy { abs(r($0) - 20) < 1e-9 })
        let ball = spawned(.sphere, .volume)
        XCTAssertTrue(ball.allSatisfy { r($0) <= 20 + 1e-9 })
        XCTAssertTrue(ball.contains { abs($0.z - 7) > 5 })
    }

    func testCuboid() {
        func inside(_ p: Particle) -> Bool {
            abs(p.position.x - 100) <= 20 + 1e-9 && abs(p.position.y - 50) <= 10 + 1e-9 && abs(p.z - 7) <= 5 + 1e-9
        }
        // Distance from a point to each half-extent: on a face, one coordinate is at its extreme;
        // on an edge, two are.
        func extremes(_ p: Particle) -> Int {
            [abs(abs(p.position.x - 100) - 20), abs(abs(p.position.y - 50) - 10), abs(abs(p.z - 7) - 5)]
                .filter { $0 < 1e-9 }.count
        }
        XCTAssertTrue(spawned(.cuboid, .volume).allSatisfy(inside))
        XCTAssertTrue(spawned(.cuboid, .surface).allSatisfy { inside($0) && extremes($0) >= 1 })
        XCTAssertTrue(spawned(.cuboid, .outline).allSatisfy { inside($0) && extremes($0) >= 2 })
    }

    func testEmissionConeStaysWithinHalfTheRange() {
        // Range π/2 around +y: every direction is within π/4 of (0, 1, 0): its y component is at
        // least cos(π/4) of the speed (100); some particles leave the x–y plane.
        let ps = pointEmitter { $0.velocity = 100; $0.emissionLongitude = .pi / 2; $0.emissionRange = .pi / 2 }
            .particles(at: 1)
        for p in ps where p.age > 0 {
            let vy = (p.position.y - 20) / p.age
            XCTAssertGreaterThanOrEqual(vy, 100 * 0.5.squareRoot() - 1e-6)
        }
        XCTAssertTrue(ps.contains { abs($0.z) > 1 })
        XCTAssertTrue(ps.contains { $0.position.x > 11 } && ps.contains { $0.position.x < 9 })
        // Range 2π: all directions, some going left (−x) and some up (−y).
        let all = pointEmitter { $0.velocity = 100; $0.emissionRange = 2 * .pi }.particles(at: 1)
        XCTAssertTrue(all.contains { $0.position.x < 0 } && all.contains { $0.position.y < 10 })
    }
}

final class OrderAndLimitTests: XCTestCase {
    func testDrawOrder() {
        var e = pointEmitter { $0.velocity = 10; $0.emissionLatitude = 0.5; $0.emissionRange = 6 }
        e.renderMode = .oldestLast
        let f = e.frame(at: 0.55)
        XCTAssertEqual(f.particlesInDrawOrder(), f.particles.reversed())
        e.renderMode = .backToFront
        let zs = e.frame(at: 0.55).particlesInDrawOrder().map(\.z)
        XCTAssertEqual(zs, zs.sorted())
        XCTAssertNotEqual(zs, e.frame(at: 0.55).particles.map(\.z))
        e.renderMode = .additive
        XCTAssertTrue(e.frame(at: 0.55).blendsAdditively)
        XCTAssertEqual(e.frame(at: 0.55).particlesInDrawOrder(), e.frame(at: 0.55).particles)
    }

    func testAbsurdBirthRateIsThinnedUnderTheCap() {
        // 10¹² per second clamps to 10⁶, × lifetime 100 = 10⁸ possible: thinned to ≤ 2000.
        let e = pointEmitter { $0.birthRate = 1e12; $0.lifetime = 100; $0.velocity = 5 }
        let limits = EmitterLimits(maxParticles: 2000)
        let f = e.frame(at: 50, limits: limits)
        XCTAssertLessThanOrEqual(f.particles.count, 2000)
        XCTAssertGreaterThan(f.particles.count, 400)
        XCTAssertLessThan(f.thinning, 1e-4)
        XCTAssertFalse(f.truncated)
        // Thinning depends only on the configuration: particles persist from frame to frame.
        let later = Set(e.frame(at: 50.5, limits: limits).particles.map(\.id))
        XCTAssertGreaterThan(f.particles.filter { later.contains($0.id) }.count, f.particles.count / 2)
    }

    func testAbsurdNestingIsBounded() {
        var cell = EmitterCell()
        cell.birthRate = 1e6
        cell.lifetime = 1e6
        for _ in 0..<4 { var outer = cell; outer.emitterCells = [cell, cell]; cell = outer }
        var e = Emitter()
        e.emitterCells = [cell, cell]
        let f = e.frame(at: 1000, limits: EmitterLimits(maxParticles: 3000))
        XCTAssertLessThanOrEqual(f.particles.count, 3000)
        XCTAssertGreaterThan(f.particles.count, 0)
        XCTAssertEqual(e.frame(at: 1000, limits: EmitterLimits(maxParticles: 3000)).particles, f.particles)
    }

    func testHostileNumbersNeverTrapAndGiveFiniteParticles() {
        let weird: [Double] = [.nan, .infinity, -.infinity, -1e308, 1e308, -5]
        for w in weird {
            var e = pointEmitter {
                $0.velocity = w; $0.velocityRange = w; $0.lifetimeRange = w; $0.emissionRange = w
                $0.emissionLongitude = w; $0.xAcceleration = w; $0.scaleSpeed = w; $0.spin = w
                $0.alphaSpeed = w; $0.beginTime = w; $0.duration = w
                $0.color = Color(w, w, w, w)
            }
            e.emitterSize = Size(w, w)
            e.emitterShape = .sphere
            e.velocity = w
            e.lifetime = w.isNaN ? 1 : 2
            for t in [0.0, 0.55, 1e6, w] {
                let f = e.frame(at: t, limits: EmitterLimits(maxParticles: 500))
                XCTAssertLessThanOrEqual(f.particles.count, 500)
                for p in f.particles {
                    XCTAssertTrue(p.position.x.isFinite && p.position.y.isFinite && p.z.isFinite && p.scale.isFinite
                                  && p.rotation.isFinite, "w = \(w), t = \(t): \(p)")
                    XCTAssertTrue((0...1).contains(p.color.a) && (0...1).contains(p.color.r))
                }
            }
            var bad = pointEmitter { $0.birthRate = w; $0.lifetime = w }
            bad.birthRate = w
            _ = bad.frame(at: 3, emittingSince: w)
            _ = bad.frame(at: w, emittingSince: 0)
        }
        XCTAssertTrue(EmitterHistory(pointEmitter(), since: .nan).frame(at: 1).particles.isEmpty)
        // A cap of 0: thinning leaves particle 0 (born at 0, alive at 0.5), which the hard bound
        // then refuses, so nothing is returned and the frame says it was cut short.
        let none = pointEmitter().frame(at: 0.5, limits: EmitterLimits(maxParticles: 0))
        XCTAssertTrue(none.particles.isEmpty)
        XCTAssertTrue(none.truncated)
        var limits = EmitterLimits.standard
        limits.maxParticles = -3
        limits.maxDepth = -1
        limits.maxCells = 0
        XCTAssertEqual(pointEmitter().frame(at: 0.55, limits: limits).particles.count, 0)
    }
}
