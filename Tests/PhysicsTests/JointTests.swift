// Snap and attachment tests against hand calculations: settling points, static spring sag, rod
// lengths, pins.

import CalcCore
import XCTest
@testable import Physics

final class JointTests: XCTestCase {
    /// UISnapBehavior settles the item at the point with its rotation back at 0.
    func testSnapSettlesAtThePointUpright() {
        let item = DynamicItem(id: 1, center: Point(50, 50), size: Size(80, 40), rotation: 0.6)
        var sim = Simulation(items: [item], behaviors: [.snap(item: 1, point: Point(300, 200))])
        sim.advance(to: 2)
        let settled = sim.items[0]
        XCTAssertEqual(settled.center.x, 300, accuracy: 0.01)
        XCTAssertEqual(settled.center.y, 200, accuracy: 0.01)
        XCTAssertEqual(settled.rotation, 0, accuracy: 1e-4)
        XCTAssertTrue(sim.isAtRest)
    }

    /// Damping 0.5 overshoots: damping ratio 0.55 would give e^(−πζ/√(1−ζ²)) = 13% of the travel
    /// for an exact spring; the implicit soft constraint adds damping of its own (measured 8.8%).
    /// Damping 1 is critically damped and never passes the point; damping 0 overshoots most.
    func testSnapDampingControlsOvershoot() {
        func overshoot(_ damping: Double) -> Double {
            var sim = Simulation(items: [DynamicItem(id: 1, center: Point(0, 0), size: Size(40, 40))],
                                 behaviors: [.snap(item: 1, point: Point(200, 0), damping: damping)])
            var furthest = 0.0
            for _ in 0..<480 {
                sim.advance(steps: 1)
                furthest = max(furthest, sim.items[0].center.x)
            }
            return (furthest - 200) / 200
        }
        XCTAssertEqual(overshoot(0.5), 0.10, accuracy: 0.03)
        XCTAssertLessThanOrEqual(overshoot(1), 1e-9)
        XCTAssertGreaterThan(overshoot(0), overshoot(0.5))
    }

    /// A snap turns the short way round: from 350° it goes to 360°, not back to 0°.
    func testSnapTurnsTheShortWay() {
        let item = DynamicItem(id: 1, center: Point(0, 0), size: Size(40, 40), rotation: 2 * .pi - 0.2)
        var sim = Simulation(items: [item], behaviors: [.snap(item: 1, point: Point(0, 0), damping: 1)])
        sim.advance(to: 2)
        XCTAssertEqual(sim.items[0].rotation, 2 * .pi, accuracy: 1e-4)
    }

    /// A rigid attachment (frequency 0) of unspecified length keeps the initial distance (100) while
    /// the item swings as a pendulum under gravity. The length is resolved and written back. The
    /// half period of a 90° swing is 1.18 × π√(L/g) = 1.17 s.
    func testRigidAttachmentKeepsItsLength() {
        let bob = DynamicItem(id: 1, center: Point(300, 100), size: Size(20, 20))
        let pivot = Point(200, 100)
        var sim = Simulation(items: [bob], behaviors: [.gravity(items: [1]), .attachment(item: 1, anchor: .point(pivot))])
        guard case let .attachment(_, _, _, length, _, _) = sim.behaviors[1] else { return XCTFail() }
        XCTAssertEqual(length, 100)
        var worst = 0.0, leftmost = Double.infinity, timeOfLeftmost = 0.0
        for _ in 0..<480 {
            sim.advance(steps: 1)
            let c = sim.items[0].center
            worst = max(worst, abs((c - pivot).length - 100))
            if c.x < leftmost { leftmost = c.x; timeOfLeftmost = sim.time }
        }
        XCTAssertLessThan(worst, 0.1)
        XCTAssertEqual(leftmost, 100, accuracy: 0.5)
        XCTAssertEqual(timeOfLeftmost, 1.18 * .pi * (0.1).squareRoot(), accuracy: 0.02)
    }

    /// A spring attachment of frequency f hangs a weight g/(2πf)² below its length, whatever the
    /// mass: at 2 Hz that is 1000 / (4π)² = 6.333 points.
    func testSpringAttachmentSagsByGOverOmegaSquared() {
        for size in [20.0, 80.0] {
            let weight = DynamicItem(id: 1, center: Point(200, 200), size: Size(size, size))
            var sim = Simulation(items: [weight], behaviors: [
                .gravity(items: [1]),
                .attachment(item: 1, anchor: .point(Point(200, 100)), frequency: 2, damping: 1),
            ])
            sim.advance(to: 4)
            let omega = 2 * Double.pi * 2
            XCTAssertEqual(sim.items[0].center.y, 200 + 1000 / (omega * omega), accuracy: 1e-6)
        }
    }

    /// An attachment between two items holds their offset points at its length.
    func testAttachmentBetweenItems() {
        let a = DynamicItem(id: 1, center: Point(100, 100), size: Size(40, 40))
        let b = DynamicItem(id: 2, center: Point(250, 100), size: Size(40, 40))
        var sim = Simulation(items: [a, b], behaviors: [
            .attachment(item: 2, offset: Vector(-20, 0), anchor: .item(id: 1, offset: Vector(20, 0)), length: 100),
            .gravity(items: [2]),
            .itemProperties(items: [1], anchored: true),
        ])
        for _ in 0..<6 {
            sim.advance(to: sim.time + 0.25)
            let items = sim.items
            let pa = items[0].center + Vector(20, 0)
            let qb = Vector(-20, 0)
            let (s, c) = (sin(items[1].rotation), cos(items[1].rotation))
            let pb = Point(items[1].center.x + c * qb.dx - s * qb.dy, items[1].center.y + s * qb.dx + c * qb.dy)
            XCTAssertEqual((pb - pa).length, 100, accuracy: 0.2)
            XCTAssertEqual(items[0].center, Point(100, 100))
        }
    }

    /// Length 0 pins two points together (UIKit's drag-by-a-point): a box hanging by its corner
    /// from a fixed point ends with the corner on the point and the centre straight below it.
    func testPinAttachmentHangsByTheCorner() {
        let box = DynamicItem(id: 1, center: Point(200, 200), size: Size(40, 40))
        var sim = Simulation(items: [box], behaviors: [
            .gravity(items: [1]),
            .attachment(item: 1, offset: Vector(-20, -20), anchor: .point(Point(180, 180)), damping: 0),
            .itemProperties(items: [1], resistance: 3, angularResistance: 3),
        ])
        sim.advance(to: 8)
        let item = sim.items[0]
        XCTAssertEqual(item.center.x, 180, accuracy: 0.05)
        XCTAssertEqual(item.center.y, 180 + 20 * 2.0.squareRoot(), accuracy: 0.05)
        // The corner-to-centre vector (20, 20) turned by θ points straight down when θ = π/4.
        XCTAssertEqual(item.rotation, .pi / 4, accuracy: 1e-3)
    }
}

extension JointTests {
    /// Dragging: the VM moves a pin attachment's anchor every frame (UIKit's pan-gesture pattern);
    /// the item follows, and stops where the anchor stops.
    func testDraggingByAMovingAnchor() {
        var sim = Simulation(items: [DynamicItem(id: 1, center: Point(100, 100), size: Size(40, 40))],
                             behaviors: [.attachment(item: 1, offset: Vector(0, -10), anchor: .point(Point(100, 90)))])
        for frame in 1...60 {
            guard case let .attachment(item, offset, _, length, frequency, damping) = sim.behaviors[0] else {
                return XCTFail()
            }
            XCTAssertEqual(length, 0)
            sim.behaviors[0] = .attachment(item: item, offset: offset, anchor: .point(Point(100 + 5 * Double(frame), 90)),
                                           length: length, frequency: frequency, damping: damping)
            sim.advance(to: Double(frame) / 60)
            // The rod's position correction (60 Hz) chases an anchor it cannot see moving: the
            // held point trails by less than a frame's travel (measured 2.3 of 5 points).
            let held = pinned(sim.items[0])
            XCTAssertEqual(held.x, 100 + 5 * Double(frame), accuracy: 3)
            XCTAssertEqual(held.y, 90, accuracy: 1)
        }
        sim.advance(to: 3)
        // The box swings about the held point (nothing damps it), which stays on the anchor.
        XCTAssertEqual(pinned(sim.items[0]).x, 400, accuracy: 0.1)
        XCTAssertEqual(pinned(sim.items[0]).y, 90, accuracy: 0.1)
        XCTAssertNotEqual(sim.items[0].rotation, 0)
    }

    /// The item's point at offset (0, −10), where it is held.
    private func pinned(_ item: DynamicItem) -> Point {
        let (s, c) = (sin(item.rotation), cos(item.rotation))
        return Point(item.center.x + s * 10, item.center.y - c * 10)
    }
}

/// Test-side sine and cosine (only to check positions; the solver uses StableMath).
private func sin(_ x: Double) -> Double { StableMath.sin(x) }
private func cos(_ x: Double) -> Double { StableMath.cos(x) }
private extension Point {
    static func + (p: Point, v: Vector) -> Point { Point(p.x + v.dx, p.y + v.dy) }
    static func - (a: Point, b: Point) -> Vector { Vector(a.x - b.x, a.y - b.y) }
}
