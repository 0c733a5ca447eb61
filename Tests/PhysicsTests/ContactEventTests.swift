// Contact began/ended reports, and reacting to them at the step they happen (the seed's collision
// delegate that sets the view spinning when it hits the floor).

import CalcCore
import XCTest
@testable import Physics

final class ContactEventTests: XCTestCase {
    let room = Rect(0, 0, 400, 400)

    /// A box dropped 100 points with elasticity 0.4 lands at t = √(2·100/1000) = 0.447 s, leaves,
    /// lands again, and so on until it stays: events alternate began/ended on the bottom wall and
    /// end with a began.
    func testBouncingBoxReportsBeganAndEnded() {
        var sim = Simulation(items: [DynamicItem(id: 7, center: Point(200, 275), size: Size(50, 50))], behaviors: [
            .gravity(items: [7]), .collision(items: [7], boundary: room), .itemProperties(items: [7], elasticity: 0.4),
        ])
        var events: [ContactEvent] = []
        for frame in 1...180 {
            sim.advance(to: Double(frame) / 60)
            events += sim.contactEvents
        }
        XCTAssertGreaterThanOrEqual(events.count, 3)
        XCTAssertEqual(events.first?.phase, .began)
        XCTAssertEqual(events.first?.time ?? 0, (0.2).squareRoot(), accuracy: 2.0 / 240)
        XCTAssertEqual(events.last?.phase, .began)
        for (n, e) in events.enumerated() {
            XCTAssertEqual(e.phase, n % 2 == 0 ? .began : .ended)
            XCTAssertEqual(e.item, 7)
            XCTAssertEqual(e.partner, .boundary(behavior: 1, wall: .bottom))
            XCTAssertEqual(e.point.y, 400, accuracy: 0.1)
        }
        sim.advance(to: 4)
        XCTAssertEqual(sim.contactEvents, [], "resting contact does not flicker")
    }

    func testItemPairEvents() {
        var sim = Simulation(items: [DynamicItem(id: 1, center: Point(100, 100), size: Size(50, 50), velocity: Vector(300, 0)),
                                     DynamicItem(id: 2, center: Point(300, 100), size: Size(50, 50))],
                             behaviors: [.collision(items: [1, 2], boundary: nil), .itemProperties(items: [1, 2], elasticity: 1)])
        sim.advance(to: 1)
        XCTAssertEqual(sim.contactEvents.map(\.phase), [.began, .ended])
        XCTAssertEqual(sim.contactEvents.first?.item, 1)
        XCTAssertEqual(sim.contactEvents.first?.partner, .item(id: 2))
        // B's left face is at 275; the gap of 150 points closes at 300 points/s in 0.5 s.
        XCTAssertEqual(sim.contactEvents.first?.point.x ?? 0, 275, accuracy: 0.1)
        XCTAssertEqual(sim.contactEvents.first?.time ?? 0, 0.5, accuracy: 1.0 / 240)
    }

    /// The seed's delegate: when the view first touches the floor, add 30 rad/s of spin. Reacting at
    /// the step of the event gives the same result however the frames are cut, and stopping at
    /// events without reacting changes nothing.
    func testReactingAtTheContactStep() {
        func scene() -> Simulation {
            Simulation(items: [DynamicItem(id: 1, center: Point(60, 200), size: Size(60, 40))], behaviors: [
                .gravity(items: [1]),
                .push(items: [1], angle: 0, magnitude: 0.48, continuous: false),
                .collision(items: [1], boundary: Rect(0, 0, 10_000, 400)),
                .itemProperties(items: [1], elasticity: 0.4),
            ])
        }
        func run(frames: Int, react: Bool) -> Simulation {
            var sim = scene()
            var spun = false
            for frame in 1...frames {
                let t = 2 * Double(frame) / Double(frames)
                var done = false
                var calls = 0
                repeat {
                    done = sim.advance(to: t, stoppingAtContactEvents: true)
                    calls += 1
                    if react, !spun, sim.contactEvents.contains(where: { $0.phase == .began }) {
                        var item = sim.item(id: 1)!
                        item.angularVelocity += 30
                        sim.updateItem(item)
                        spun = true
                    }
                } while !done && calls < 1000
            }
            return sim
        }
        let a = run(frames: 60, react: true), b = run(frames: 7, react: true)
        XCTAssertEqual(a.items, b.items)
        XCTAssertGreaterThan(abs(a.items[0].rotation), 1, "the view spins after the floor contact")
        var straight = scene()
        straight.advance(to: 2)
        XCTAssertEqual(run(frames: 13, react: false).items, straight.items)
    }
}
