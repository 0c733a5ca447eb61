// Determinism and time: the state depends only on the number of whole steps taken, never on how
// `advance` was called, and only on the description, never on how it was edited.

import CalcCore
import XCTest
@testable import Physics

final class DeterminismTests: XCTestCase {
    /// A busy scene: items of several sizes and angles in a room, bouncing off each other, pushed,
    /// snapped and tied together.
    static func scene() -> Simulation {
        let items = [
            DynamicItem(id: 1, center: Point(80, 60), size: Size(60, 40), rotation: 0.3),
            DynamicItem(id: 2, center: Point(160, 120), size: Size(30, 30), velocity: Vector(120, -40)),
            DynamicItem(id: 3, center: Point(240, 50), size: Size(80, 20), rotation: -0.7, angularVelocity: 2),
            DynamicItem(id: 4, center: Point(300, 200), size: Size(40, 70)),
            DynamicItem(id: 5, center: Point(120, 260), size: Size(50, 50), rotation: 1),
            DynamicItem(id: 6, center: Point(330, 330), size: Size(25, 60)),
        ]
        let all = [1, 2, 3, 4, 5, 6]
        return Simulation(items: items, behaviors: [
            .gravity(items: [1, 2, 3, 4, 5]),
            .collision(items: all, boundary: Rect(0, 0, 400, 400)),
            .itemProperties(items: all, elasticity: 0.6, friction: 0.4),
            .itemProperties(items: [4], elasticity: 0.2, density: 3, resistance: 0.5, angularResistance: 0.5),
            .push(items: [1, 3], angle: 0.4, magnitude: 2, continuous: false, startTime: 0.2),
            .push(items: [5], angle: -2, magnitude: 1.5, continuous: true, startTime: 0.3, offset: Vector(10, 5)),
            .snap(item: 6, point: Point(60, 300)),
            .attachment(item: 2, offset: Vector(5, 5), anchor: .item(id: 4, offset: Vector(0, -30)),
                        frequency: 3, damping: 0.3),
        ])
    }

    func assertBitIdentical(_ a: [DynamicItem], _ b: [DynamicItem], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.count, b.count, file: file, line: line)
        for (x, y) in zip(a, b) {
            let bitsX = [x.center.x, x.center.y, x.rotation, x.velocity.dx, x.velocity.dy, x.angularVelocity].map(\.bitPattern)
            let bitsY = [y.center.x, y.center.y, y.rotation, y.velocity.dx, y.velocity.dy, y.angularVelocity].map(\.bitPattern)
            XCTAssertEqual(bitsX, bitsY, "item \(x.id)", file: file, line: line)
        }
    }

    func testAdvanceCallPatternsGiveBitIdenticalStates() {
        var once = Self.scene()
        once.advance(to: 1)

        var frames = Self.scene()
        for frame in 1...60 { frames.advance(to: Double(frame) / 60) }

        var steps = Self.scene()
        for _ in 0..<240 { steps.advance(steps: 1) }

        var ragged = Self.scene()
        for t in [0.013, 0.2, 0.2, 0.1, 0.55, 0.9099, 1.0] { ragged.advance(to: t) }

        XCTAssertEqual(once.stepCount, 240)
        for other in [frames, steps, ragged] {
            XCTAssertEqual(other.stepCount, 240)
            assertBitIdentical(once.items, other.items)
        }
        // The scene is not trivially still: things moved and collided.
        XCTAssertGreaterThan(once.contacts.manifolds.count, 0)
        XCTAssertFalse(once.isAtRest)
    }

    /// Writing back the same behaviours mid-run (as a VM that rebuilds its list would) keeps warm
    /// starts and resolved lengths, so nothing changes.
    func testResettingTheSameBehaviorsChangesNothing() {
        var plain = Self.scene()
        plain.advance(to: 1)
        var reset = Self.scene()
        reset.advance(to: 0.5)
        reset.behaviors = reset.behaviors
        reset.advance(to: 1)
        assertBitIdentical(plain.items, reset.items)
    }

    func testFrameTimesLandOnWholeSteps() {
        var sim = Simulation(items: [], behaviors: [])
        sim.advance(to: 1.0 / 60)
        XCTAssertEqual(sim.stepCount, 4)
        sim.advance(to: 0.1 - 1e-12)      // a hair early still counts: 6 × (1/60) is not exactly 0.1
        XCTAssertEqual(sim.stepCount, 24)
        sim.advance(to: 0.05)             // the past: nothing
        XCTAssertEqual(sim.stepCount, 24)
        XCTAssertEqual(sim.time, 0.1, accuracy: 1e-15)
        sim.advance(to: 0.1 + 0.5 / 240)  // half a step: not yet
        XCTAssertEqual(sim.stepCount, 24)
        var coarse = Simulation(items: [], behaviors: [], step: 1.0 / 60)
        coarse.advance(to: 1)
        XCTAssertEqual(coarse.stepCount, 60)
    }

    /// An instantaneous push fires once, in the step that starts at its start time; setting the
    /// behaviours again does not fire it again, and a push added later with the current time as
    /// its start fires at the next step.
    func testInstantaneousPushFiresOnceAtItsStart() {
        let push = Behavior.push(items: [1], angle: 0, magnitude: 1, continuous: false, startTime: 0.1)
        var sim = Simulation(items: [DynamicItem(id: 1, center: .zero, size: Size(100, 100))], behaviors: [push])
        sim.advance(to: 0.1)              // steps 0…23, up to 0.1 s
        XCTAssertEqual(sim.items[0].velocity.dx, 0)
        sim.advance(steps: 1)             // step 24 starts at 0.1 s
        XCTAssertEqual(sim.items[0].velocity.dx, 100)
        XCTAssertEqual(sim.items[0].center.x, 100 * PhysicsTuning.defaultStep)
        sim.behaviors = [push]
        sim.advance(to: 0.5)
        XCTAssertEqual(sim.items[0].velocity.dx, 100)
        sim.behaviors = [push, .push(items: [1], angle: .pi / 2, magnitude: 1, continuous: false, startTime: sim.time)]
        sim.advance(steps: 1)
        XCTAssertEqual(sim.items[0].velocity.dy, 100)
        XCTAssertEqual(sim.items[0].velocity.dx, 100)
    }

    func testUpdateAndRemoveItems() {
        var sim = Simulation(items: [DynamicItem(id: 1, center: .zero, size: Size(10, 10)),
                                     DynamicItem(id: 2, center: Point(100, 0), size: Size(10, 10))],
                             behaviors: [.gravity(items: [1, 2])])
        sim.advance(to: 0.5)
        var moved = sim.item(id: 1)!
        moved.center = Point(0, 0)
        moved.velocity = .zero
        sim.updateItem(moved)
        sim.advance(to: 1)
        // Restarted from rest at 0.5 s: the same fall as item 2's first half second.
        XCTAssertEqual(sim.item(id: 1)!.center.y, 0.5 * 1000 * 0.5 * (0.5 + PhysicsTuning.defaultStep), accuracy: 1e-9)
        sim.removeItem(id: 2)
        XCTAssertNil(sim.item(id: 2))
        XCTAssertEqual(sim.items.count, 1)
        sim.updateItem(DynamicItem(id: 7, center: .zero, size: Size(5, 5)))
        XCTAssertEqual(sim.items.map(\.id), [1, 7])
        sim.advance(to: 1.5)
        XCTAssertEqual(sim.item(id: 7)!.center, .zero, "not named by any behaviour: no gravity")
    }
}
