// Collision tests: resting contact, bounces, momentum exchange, friction, tunnelling, filtering.

import CalcCore
import XCTest
@testable import Physics

final class CollisionTests: XCTestCase {
    let h = PhysicsTuning.defaultStep
    let room = Rect(0, 0, 400, 400)

    /// A 50-point box dropped from 300 points above the floor of a room lands, and then rests with
    /// its bottom on the floor. A soft contact (60 Hz against a boundary) holds the box where the
    /// spring balances gravity: g / ω² = 1000 / (2π·60)² = 0.007 points below the floor, so the
    /// tolerance is 0.02 points. It then stays put (no jitter) and the simulation reports rest.
    func testDroppedBoxRestsOnTheFloor() {
        var sim = Simulation(items: [DynamicItem(id: 1, center: Point(200, 75), size: Size(50, 50))],
                             behaviors: [.gravity(items: [1]), .collision(items: [1], boundary: room)])
        sim.advance(to: 2)
        let settled = sim.items[0]
        XCTAssertEqual(settled.center.y + 25, 400, accuracy: 0.02)
        XCTAssertEqual(settled.center.x, 200, accuracy: 1e-6)
        XCTAssertEqual(settled.rotation, 0, accuracy: 1e-6)
        XCTAssertTrue(sim.isAtRest)
        var highest = settled.center.y, lowest = settled.center.y
        for frame in 1...120 {
            sim.advance(to: 2 + Double(frame) / 60)
            highest = min(highest, sim.items[0].center.y)
            lowest = max(lowest, sim.items[0].center.y)
            XCTAssertLessThan(sim.items[0].velocity.length, 1e-3)
        }
        XCTAssertLessThan(lowest - highest, 1e-4, "the box jitters or sinks")
    }

    /// Elasticity 1: a box dropped 300 points comes back to nearly the same height. Losses come from
    /// the discretisation only: the bounce happens where the speculative contact stopped the box (up
    /// to one step's travel, v·h ≈ 3 points, early) and gravity's last step; about 1% is lost.
    func testElasticBoxBouncesBackToNearlyItsHeight() {
        var sim = Simulation(items: [DynamicItem(id: 1, center: Point(200, 90), size: Size(20, 20))],
                             behaviors: [.gravity(items: [1]), .collision(items: [1], boundary: room),
                                         .itemProperties(items: [1], elasticity: 1)])
        var bounced = false, apex = Double.infinity
        for _ in 0..<480 {
            sim.advance(steps: 1)
            let item = sim.items[0]
            if item.velocity.dy < 0 { bounced = true }
            if bounced && item.velocity.dy > 0 { break }
            if bounced { apex = min(apex, item.center.y) }
            XCTAssertEqual(item.rotation, 0, accuracy: 1e-9, "a flat landing must not tip the box")
        }
        XCTAssertTrue(bounced)
        let height = 390 - apex      // the centre rests at 390
        XCTAssertGreaterThan(height, 0.97 * 300)
        XCTAssertLessThanOrEqual(height, 300)
    }

    /// Elasticity 0.4 (the seed's bounce): the box rises to about 0.4² of its drop, and the bounces
    /// die out below the restitution threshold of 100 points/s.
    func testPartlyElasticBounceLosesEnergy() {
        var sim = Simulation(items: [DynamicItem(id: 1, center: Point(200, 90), size: Size(20, 20))],
                             behaviors: [.gravity(items: [1]), .collision(items: [1], boundary: room),
                                         .itemProperties(items: [1], elasticity: 0.4)])
        var bounced = false, apex = Double.infinity
        for _ in 0..<480 {
            sim.advance(steps: 1)
            if sim.items[0].velocity.dy < 0 { bounced = true }
            if bounced && sim.items[0].velocity.dy > 0 { break }
            if bounced { apex = min(apex, sim.items[0].center.y) }
        }
        XCTAssertEqual((390 - apex) / 300, 0.16, accuracy: 0.01)
        sim.advance(to: 4)
        XCTAssertTrue(sim.isAtRest)
    }

    /// Two equal boxes, elasticity 1, head-on: momentum and energy conservation give an exchange of
    /// velocities (300 and 0 become 0 and 300), and a face-to-face hit gives no spin.
    func testEqualElasticBoxesExchangeVelocity() {
        var sim = Simulation(items: [DynamicItem(id: 1, center: Point(100, 100), size: Size(50, 50), velocity: Vector(300, 0)),
                                     DynamicItem(id: 2, center: Point(300, 100), size: Size(50, 50))],
                             behaviors: [.collision(items: [1, 2], boundary: nil),
                                         .itemProperties(items: [1, 2], elasticity: 1)])
        sim.advance(to: 2)
        let a = sim.items[0], b = sim.items[1]
        XCTAssertEqual(a.velocity.dx, 0, accuracy: 1e-6)
        XCTAssertEqual(b.velocity.dx, 300, accuracy: 1e-6)
        XCTAssertEqual(a.rotation, 0, accuracy: 1e-9)
        XCTAssertEqual(b.rotation, 0, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(b.center.x - a.center.x, 500 + 1e-6)
    }

    /// Elasticity e between equal masses: v₁' = v(1 − e)/2, v₂' = v(1 + e)/2. With rotation locked
    /// an off-centre hit (30 points low) gives exactly that and no rotation; with rotation allowed
    /// the same hit sets both boxes spinning.
    func testAllowsRotationFalseKeepsRotationUnderOffCentreImpact() {
        func run(_ allowsRotation: Bool) -> [DynamicItem] {
            let a = DynamicItem(id: 1, center: Point(100, 100), size: Size(50, 50), velocity: Vector(300, 0))
            let b = DynamicItem(id: 2, center: Point(250, 130), size: Size(50, 50))
            var sim = Simulation(items: [a, b], behaviors: [
                .collision(items: [1, 2], boundary: nil),
                .itemProperties(items: [1, 2], elasticity: 0.5, friction: 0.3, allowsRotation: allowsRotation),
            ])
            sim.advance(to: 1)
            return sim.items
        }
        let locked = run(false)
        for item in locked {
            XCTAssertEqual(item.rotation, 0)
            XCTAssertEqual(item.angularVelocity, 0)
        }
        XCTAssertEqual(locked[0].velocity.dx, 75, accuracy: 1e-6)
        XCTAssertEqual(locked[1].velocity.dx, 225, accuracy: 1e-6)
        let free = run(true)
        XCTAssertGreaterThan(abs(free[0].rotation), 0.1)
        XCTAssertGreaterThan(abs(free[1].rotation), 0.1)
    }

    /// Coulomb friction μ against the floor decelerates a sliding box by μ·g: from 300 points/s at
    /// μ = 0.5 it stops after v²/(2μg) = 90 points; the integrator stops v·h/2 = 0.625 points short.
    func testFrictionStopsASlidingBox() {
        let slider = DynamicItem(id: 1, center: Point(100, 375), size: Size(50, 50), velocity: Vector(300, 0))
        var sim = Simulation(items: [slider], behaviors: [
            .gravity(items: [1]),
            .collision(items: [1], boundary: Rect(0, 0, 1000, 400), boundaryFriction: 0),
            .itemProperties(items: [1], friction: 0.5),
        ])
        sim.advance(to: 0.3)
        XCTAssertEqual(sim.items[0].velocity.dx, 300 - 0.5 * 1000 * 0.3, accuracy: 1e-6)
        sim.advance(to: 1.5)
        XCTAssertEqual(sim.items[0].center.x, 190 - 0.5 * 300 * h, accuracy: 0.01)
        XCTAssertEqual(sim.items[0].velocity.dx, 0, accuracy: 0.01)
    }

    /// The boundary's own friction (default 0.5) stops a frictionless item sliding along it, as in
    /// the seed where the pushed view "ends up at rest on the floor"; with boundaryFriction 0 a
    /// frictionless item keeps sliding.
    func testBoundaryFrictionAndFrictionlessSliding() {
        func run(_ boundaryFriction: Double) -> Double {
            let slider = DynamicItem(id: 1, center: Point(100, 375), size: Size(50, 50), velocity: Vector(200, 0))
            var sim = Simulation(items: [slider], behaviors: [
                .gravity(items: [1]),
                .collision(items: [1], boundary: Rect(0, 0, 10_000, 400), boundaryFriction: boundaryFriction),
            ])
            sim.advance(to: 1)
            return sim.items[0].velocity.dx
        }
        XCTAssertEqual(run(0.5), 0, accuracy: 0.01)
        XCTAssertEqual(run(0), 200, accuracy: 1e-6)
    }

    /// Speculative contacts: a 10-point box at 20 000 points/s (83 points a step) stops at a
    /// 4-point anchored wall instead of passing through it, and at the boundary.
    func testFastItemsDoNotTunnel() {
        let wall = DynamicItem(id: 2, center: Point(500, 100), size: Size(4, 200))
        let bullet = DynamicItem(id: 1, center: Point(100, 100), size: Size(10, 10), velocity: Vector(20_000, 0))
        var sim = Simulation(items: [bullet, wall], behaviors: [
            .collision(items: [1, 2], boundary: nil), .itemProperties(items: [2], anchored: true),
        ])
        sim.advance(to: 0.5)
        XCTAssertEqual(sim.items[0].center.x, 500 - 2 - 5, accuracy: 0.01)
        XCTAssertEqual(sim.items[1].center.x, 500)

        var room = Simulation(items: [DynamicItem(id: 1, center: Point(200, 200), size: Size(10, 10),
                                                  velocity: Vector(-15_000, 40_000))],
                              behaviors: [.collision(items: [1], boundary: self.room)])
        // Friction at the impact spins the box, and a turning corner dips up to 0.8 points into the
        // wall before the soft contact pushes it out: allow 1 point at this absurd speed.
        for _ in 0..<60 {
            room.advance(steps: 1)
            let c = room.items[0].center
            XCTAssertTrue((4...396).contains(c.x) && (4...396).contains(c.y), "\(c)")
        }
    }

    /// A stack of five boxes settles and stays (warm-started soft contacts).
    func testStackRests() {
        let ids = Array(0..<5)
        let items = ids.map { i in
            DynamicItem(id: i, center: Point(200 + Double(i) * 3, 370 - Double(i) * 61), size: Size(60, 60))
        }
        var sim = Simulation(items: items, behaviors: [
            .gravity(items: ids), .collision(items: ids, boundary: room), .itemProperties(items: ids, friction: 0.6),
        ])
        sim.advance(to: 1.5)
        XCTAssertTrue(sim.isAtRest)
        let settled = sim.items
        sim.advance(to: 3)
        for (before, after) in zip(settled, sim.items) {
            XCTAssertEqual(before.center.x, after.center.x, accuracy: 0.01)
            XCTAssertEqual(before.center.y, after.center.y, accuracy: 0.01)
            XCTAssertEqual(after.rotation, 0, accuracy: 0.01)
        }
        // Each box sits on the one below: centres 60 points apart, within the soft contacts' give
        // (the lowest contact between boxes carries four of them: measured 0.068 points of overlap).
        for i in 1..<5 {
            XCTAssertEqual(sim.items[i - 1].center.y - sim.items[i].center.y, 60, accuracy: 0.1)
        }
    }

    /// Items collide only when a collision behaviour with betweenItems holds both.
    func testCollisionFiltering() {
        func run(_ behaviors: [Behavior]) -> Double {
            let a = DynamicItem(id: 1, center: Point(100, 100), size: Size(50, 50), velocity: Vector(300, 0))
            let b = DynamicItem(id: 2, center: Point(300, 100), size: Size(50, 50))
            var sim = Simulation(items: [a, b], behaviors: behaviors)
            sim.advance(to: 1)
            return sim.items[0].center.x
        }
        XCTAssertEqual(run([.collision(items: [1, 2], boundary: nil, betweenItems: false)]), 400, accuracy: 1e-9)
        XCTAssertEqual(run([.collision(items: [1], boundary: nil), .collision(items: [2], boundary: nil)]),
                       400, accuracy: 1e-9)
        // Inelastic (elasticity 0) equal masses move on together at 150 points/s from contact at
        // x = 250 (t = 0.5 s): 250 + 0.5 × 150 = 325.
        XCTAssertEqual(run([.collision(items: [1, 2], boundary: nil)]), 325, accuracy: 0.01)
    }

    /// An item tipped onto a corner falls flat: rotation under gravity and contact.
    func testTiltedBoxFallsFlat() {
        let tilted = DynamicItem(id: 1, center: Point(200, 300), size: Size(80, 40), rotation: 0.3)
        var sim = Simulation(items: [tilted], behaviors: [
            .gravity(items: [1]), .collision(items: [1], boundary: room), .itemProperties(items: [1], friction: 0.5),
        ])
        sim.advance(to: 3)
        let item = sim.items[0]
        let turns = (item.rotation / (.pi / 2)).rounded()
        XCTAssertEqual(item.rotation, turns * .pi / 2, accuracy: 1e-3)
        let halfHeight = Int(turns) % 2 == 0 ? 20.0 : 40.0
        XCTAssertEqual(item.center.y + halfHeight, 400, accuracy: 0.05)
        XCTAssertTrue(sim.isAtRest)
    }

    /// A box on an anchored ramp tilted by θ = 0.3 rad: with friction μ ≥ tan θ (0.31) it stays put;
    /// with μ = 0.1 it slides down with acceleration g(sin θ − μ cos θ) = 200.0 points/s².
    func testBoxOnARamp() {
        func run(_ friction: Double) -> (start: DynamicItem, end: DynamicItem) {
            let theta = 0.3
            let (s, c) = (StableMath.sin(theta), StableMath.cos(theta))
            let ramp = DynamicItem(id: 1, center: Point(300, 300), size: Size(600, 20), rotation: theta)
            // The box's centre sits 10 + 10 points above the ramp's centre line, along its normal.
            let box = DynamicItem(id: 2, center: Point(300 - 100 * c + 20 * s, 300 - 100 * s - 20 * c), size: Size(20, 20),
                                  rotation: theta)
            var sim = Simulation(items: [ramp, box], behaviors: [
                .gravity(items: [2]), .collision(items: [1, 2], boundary: nil),
                .itemProperties(items: [1, 2], friction: friction), .itemProperties(items: [1], anchored: true),
                .itemProperties(items: [2], density: 2),
            ])
            sim.advance(to: 0.25)           // settle onto the ramp
            let start = sim.items[1]
            sim.advance(to: 0.75)
            return (start, sim.items[1])
        }
        let held = run(0.5)
        XCTAssertEqual(held.end.center.x, held.start.center.x, accuracy: 0.01)
        XCTAssertEqual(held.end.center.y, held.start.center.y, accuracy: 0.01)
        XCTAssertEqual(held.end.rotation, 0.3, accuracy: 1e-3)

        let slid = run(0.1)
        let v0 = slid.start.velocity.length, v1 = slid.end.velocity.length
        XCTAssertEqual((v1 - v0) / 0.5, 1000 * (StableMath.sin(0.3) - 0.1 * StableMath.cos(0.3)), accuracy: 2)
        XCTAssertEqual(slid.end.rotation, 0.3, accuracy: 1e-3)
    }
}
