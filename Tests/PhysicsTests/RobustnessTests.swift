// Bad inputs never trap: NaN and infinite numbers, zero and negative sizes, negative densities,
// unknown ids, degenerate geometry. The results stay finite.

import CalcCore
import XCTest
@testable import Physics

final class RobustnessTests: XCTestCase {
    func assertFinite(_ sim: Simulation, file: StaticString = #filePath, line: UInt = #line) {
        for item in sim.items {
            for x in [item.center.x, item.center.y, item.rotation, item.velocity.dx, item.velocity.dy, item.angularVelocity] {
                XCTAssertTrue(x.isFinite, "item \(item.id): \(item)", file: file, line: line)
            }
        }
    }

    func testBadNumbersAreClamped() {
        let nan = Double.nan, inf = Double.infinity
        let items = [
            DynamicItem(id: 1, center: Point(nan, 50), size: Size(0, 0), rotation: inf,
                        velocity: Vector(inf, nan), angularVelocity: -inf),
            DynamicItem(id: 2, center: Point(100, 100), size: Size(-40, nan)),
            DynamicItem(id: 3, center: Point(100, 100), size: Size(40, 40)),   // on top of 2
            DynamicItem(id: 3, center: Point(150, 100), size: Size(40, 40)),   // duplicate id
            DynamicItem(id: 4, center: Point(200, 100), size: Size(1e9, 1e9)),  // larger than the room
            DynamicItem(id: 5, center: Point(1e300, -1e300), size: Size(1e200, 1e250), velocity: Vector(1e300, 0)),
        ]
        let all = [1, 2, 3, 4, 5, 99]
        var sim = Simulation(items: items, behaviors: [
            .gravity(items: all, angle: nan, magnitude: inf),
            .gravity(items: all, angle: 1, magnitude: 1),
            .push(items: all, angle: inf, magnitude: nan, continuous: true, startTime: nan),
            .push(items: all, angle: 0, magnitude: 1e300, continuous: false, startTime: inf),
            .push(items: all, angle: 0, magnitude: 3, continuous: false, startTime: -5, offset: Vector(nan, inf)),
            .collision(items: all, boundary: Rect(0, 0, 300, 300)),
            .collision(items: all, boundary: Rect(nan, 0, inf, 10), betweenItems: true, boundaryFriction: nan),
            .collision(items: all, boundary: Rect(0, 0, 0, 0)),
            .itemProperties(items: [1, 2], elasticity: nan, friction: -1, density: -3, resistance: nan,
                            angularResistance: -inf),
            .itemProperties(items: [3], elasticity: 7, friction: inf, density: 0, resistance: inf),
            .itemProperties(items: [4], density: nan),
            .snap(item: 2, point: Point(nan, inf), damping: nan),
            .snap(item: 99, point: .zero),
            .snap(item: 4, point: Point(1e300, -1e300)),
            .gravity(items: [3], magnitude: 1e300),
            .attachment(item: 1, anchor: .item(id: 1), length: nan, frequency: nan, damping: -1),
            .attachment(item: 3, offset: Vector(nan, 0), anchor: .point(Point(inf, 0)), length: -5, frequency: inf),
            .attachment(item: 4, anchor: .item(id: 98), frequency: 1e12, damping: 1e12),
            .attachment(item: 2, anchor: .item(id: 3, offset: Vector(3, 3))),
        ], step: nan)
        XCTAssertEqual(sim.step, PhysicsTuning.defaultStep)
        for t in [0.1, nan, inf, -inf, -1, 0.5, 1.0] { sim.advance(to: t) }
        XCTAssertEqual(sim.stepCount, 240)
        assertFinite(sim)
        sim.behaviors = []
        sim.advance(to: 1.5)
        assertFinite(sim)
    }

    func testStepIsClampedToItsRange() {
        XCTAssertEqual(Simulation(items: [], behaviors: [], step: 0).step, 1.0 / 4000)
        XCTAssertEqual(Simulation(items: [], behaviors: [], step: -1).step, 1.0 / 4000)
        XCTAssertEqual(Simulation(items: [], behaviors: [], step: 10).step, 1.0 / 30)
    }

    /// Two boxes created on the same spot are pushed apart rather than left stuck or exploding.
    func testCoincidentItemsSeparate() {
        let items = [DynamicItem(id: 1, center: Point(200, 200), size: Size(40, 40)),
                     DynamicItem(id: 2, center: Point(200, 200), size: Size(40, 40))]
        var sim = Simulation(items: items, behaviors: [.collision(items: [1, 2], boundary: nil)])
        sim.advance(to: 1)
        let a = sim.items[0].center, b = sim.items[1].center
        XCTAssertGreaterThanOrEqual(max(abs(a.x - b.x), abs(a.y - b.y)), 40 - 0.05)
        XCTAssertLessThan(sim.items[0].velocity.length, 400, "overlap is pushed out gently (≤ 300 points/s)")
    }

    /// A zero-size item falls and rests like a 1-point box.
    func testZeroSizeItemRests() {
        var sim = Simulation(items: [DynamicItem(id: 1, center: Point(50, 50), size: .zero)],
                             behaviors: [.gravity(items: [1]), .collision(items: [1], boundary: Rect(0, 0, 100, 100))])
        sim.advance(to: 2)
        XCTAssertEqual(sim.items[0].center.y, 99.5, accuracy: 0.02)
        XCTAssertEqual(sim.items[0].size, .zero)
    }
}
