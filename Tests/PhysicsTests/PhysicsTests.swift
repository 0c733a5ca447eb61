// Behaviour tests for the Physics solver. Expected numbers come from hand calculation (free fall,
// impulses, terminal velocity, spring sag, friction stopping distance) or from conservation laws
// (elastic exchange, bounce height), each with the integrator's known error stated next to it.

import CalcCore
import XCTest
@testable import Physics

final class PhysicsTests: XCTestCase {
    let h = PhysicsTuning.defaultStep

    func box(_ id: Int, _ x: Double, _ y: Double, _ w: Double = 100, _ hh: Double = 100,
             velocity: Vector = .zero) -> DynamicItem {
        DynamicItem(id: id, center: Point(x, y), size: Size(w, hh), velocity: velocity)
    }

    // MARK: Forces

    /// Semi-implicit Euler: v_n = n·g·h, y_n = g·h²·n(n+1)/2 = ½·g·t·(t + h). At t = 0.5 s that is
    /// 125 + ½·1000·0.5/240 = 126.0417 points, 1.04 points (½·g·h·t) more than the exact 125.
    func testFreeFallMatchesTheIntegratorsClosedForm() {
        var sim = Simulation(items: [box(1, 0, 0)], behaviors: [.gravity(items: [1])])
        sim.advance(to: 0.5)
        XCTAssertEqual(sim.stepCount, 120)
        let item = sim.items[0]
        XCTAssertEqual(item.center.y, 0.5 * 1000 * 0.5 * (0.5 + h), accuracy: 1e-9)
        XCTAssertEqual(item.center.y, 125, accuracy: 0.5 * 1000 * h * 0.5 + 1e-9)
        XCTAssertEqual(item.velocity.dy, 500, accuracy: 1e-9)
        XCTAssertEqual(item.center.x, 0, accuracy: 1e-9)
        XCTAssertEqual(item.rotation, 0)
    }

    func testGravityAngleAndMagnitude() {
        // Angle 0 is +x; magnitude 0.5 is 500 points/s²; mass does not matter.
        var sim = Simulation(items: [box(1, 0, 0, 10, 10), box(2, 0, 0, 300, 300)],
                             behaviors: [.gravity(items: [1, 2], angle: 0, magnitude: 0.5)])
        sim.advance(to: 1)
        for item in sim.items {
            XCTAssertEqual(item.velocity.dx, 500, accuracy: 1e-9)
            XCTAssertEqual(item.velocity.dy, 0, accuracy: 1e-9)
        }
    }

    /// An instantaneous push of magnitude 1 gives a 100 × 100 item of density 1 (mass 1) 100
    /// points/s; mass 2 (twice the area, or density 2) gets half that.
    func testInstantaneousPushChangesVelocityByImpulseOverMass() {
        let items = [box(1, 0, 0), box(2, 0, 500, 200, 100), box(3, 0, 1000)]
        var sim = Simulation(items: items, behaviors: [
            .push(items: [1, 2, 3], angle: 0, magnitude: 1, continuous: false),
            .itemProperties(items: [3], density: 2),
        ])
        sim.advance(to: 1)
        let v = sim.items.map(\.velocity.dx)
        XCTAssertEqual(v[0], 100, accuracy: 1e-9)
        XCTAssertEqual(v[1], 50, accuracy: 1e-9)
        XCTAssertEqual(v[2], 50, accuracy: 1e-9)
        // One step at 100 points/s per step from the first: 240 steps × h × 100 = 100 points.
        XCTAssertEqual(sim.items[0].center.x, 100, accuracy: 1e-9)
    }

    /// Off centre the push also spins: angular impulse r × J = 50 × 100 = 5000 (offset 50 points
    /// above the centre, pushed right: clockwise, positive), I = m(w² + h²)/12 = 20000/12, so
    /// ω = 3 rad/s.
    func testOffCentrePushSpins() {
        var sim = Simulation(items: [box(1, 0, 0)], behaviors: [
            .push(items: [1], angle: 0, magnitude: 1, continuous: false, offset: Vector(0, -50)),
        ])
        sim.advance(steps: 1)
        XCTAssertEqual(sim.items[0].angularVelocity, 3, accuracy: 1e-12)
        XCTAssertEqual(sim.items[0].velocity.dx, 100, accuracy: 1e-12)
    }

    /// A continuous push of magnitude 1 on mass 1 is 100 points/s², integrated like gravity.
    func testContinuousPushIsAConstantForce() {
        var sim = Simulation(items: [box(1, 0, 0)], behaviors: [
            .push(items: [1], angle: .pi / 2, magnitude: 1, continuous: true, startTime: 0.5),
        ])
        sim.advance(to: 0.5)
        XCTAssertEqual(sim.items[0].center.y, 0)
        sim.advance(to: 1.5)
        XCTAssertEqual(sim.items[0].velocity.dy, 100, accuracy: 1e-9)
        XCTAssertEqual(sim.items[0].center.y, 0.5 * 100 * 1 * (1 + h), accuracy: 1e-9)
    }

    /// Resistance r damps as dv/dt = a − r·v, integrated implicitly, whose fixed point is exactly
    /// the terminal velocity a / r.
    func testResistanceGivesTerminalVelocity() {
        var sim = Simulation(items: [box(1, 0, 0)], behaviors: [
            .gravity(items: [1]), .itemProperties(items: [1], resistance: 4, angularResistance: 2),
        ])
        sim.advance(to: 10)
        XCTAssertEqual(sim.items[0].velocity.dy, 250, accuracy: 1e-6)
    }

    func testAngularResistanceDecaysSpin() {
        var item = box(1, 0, 0)
        item.angularVelocity = 10
        var sim = Simulation(items: [item], behaviors: [.itemProperties(items: [1], angularResistance: 2)])
        sim.advance(to: 1)
        // Each step divides by (1 + 2h): 10 / (1 + 2h)^240 ≈ 10·e^−2·(1 + 2²·h/2) = 1.365.
        var expected = 10.0
        for _ in 0..<240 { expected /= 1 + 2 * h }
        XCTAssertEqual(sim.items[0].angularVelocity, expected, accuracy: 1e-9)
        XCTAssertEqual(expected, 1.365, accuracy: 0.001)
    }

    /// Item properties merge per property, the last behaviour that sets one winning: density 2
    /// from the first survives the second, which only sets elasticity; the third overrides density.
    func testItemPropertiesMergePerProperty() {
        func velocity(_ behaviors: [Behavior]) -> Double {
            var sim = Simulation(items: [box(1, 0, 0)], behaviors: behaviors + [
                .push(items: [1], angle: 0, magnitude: 1, continuous: false),
            ])
            sim.advance(steps: 1)
            return sim.items[0].velocity.dx
        }
        XCTAssertEqual(velocity([.itemProperties(items: [1], density: 2),
                                 .itemProperties(items: [1], elasticity: 1)]), 50, accuracy: 1e-12)
        XCTAssertEqual(velocity([.itemProperties(items: [1], density: 2),
                                 .itemProperties(items: [1], elasticity: 1),
                                 .itemProperties(items: [1], density: 4)]), 25, accuracy: 1e-12)
        XCTAssertEqual(velocity([.itemProperties(items: [1], density: 2),
                                 .itemProperties(items: [1], anchored: true)]), 0)
    }
}
