// physics-bench: times the Physics solver on a few scenes and prints the cost of one fixed step and
// how many times faster than real time the simulation runs, so the VM author can budget for it.
// Single-threaded, release build, median of 3 runs of 5 simulated seconds (1200 steps at 1/240 s).
// The scenes are built from a fixed linear congruential generator, so every run times the same work.
//
// usage: swift run -c release physics-bench [--runs N]

import CalcCore
import Physics

struct LCG {
    var state: UInt64
    mutating func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
}

/// `count` boxes of 20–60 points dropped at random angles into a room wide enough for them.
func rain(_ count: Int) -> Simulation {
    var rng = LCG(state: 42)
    let width = 800.0, height = 600.0
    var items: [DynamicItem] = []
    for i in 0..<count {
        let w = 20 + 40 * rng.next(), h = 20 + 40 * rng.next()
        let x = 40 + (width - 80) * rng.next(), y = -Double(i / 10) * 70 + 300 * rng.next() - 100
        items.append(DynamicItem(id: i, center: Point(x, y), size: Size(w, h), rotation: 6 * rng.next(),
                                 velocity: Vector(200 * rng.next() - 100, 0)))
    }
    let ids = Array(0..<count)
    return Simulation(items: items, behaviors: [
        .gravity(items: ids),
        .collision(items: ids, boundary: Rect(0, -3000, width, height + 3000)),
        .itemProperties(items: ids, elasticity: 0.3, friction: 0.4),
    ])
}

/// `count` two-item chains swinging from attachments, each snapped or pushed, without collisions.
func joints(_ count: Int) -> Simulation {
    var items: [DynamicItem] = []
    var behaviors: [Behavior] = [.gravity(items: Array(0..<(2 * count)))]
    for i in 0..<count {
        let x = Double(i) * 30
        items.append(DynamicItem(id: 2 * i, center: Point(x + 80, 100), size: Size(20, 20)))
        items.append(DynamicItem(id: 2 * i + 1, center: Point(x + 160, 100), size: Size(20, 20)))
        behaviors.append(.attachment(item: 2 * i, anchor: .point(Point(x, 100))))
        behaviors.append(.attachment(item: 2 * i + 1, anchor: .item(id: 2 * i), frequency: 4, damping: 0.2))
    }
    return Simulation(items: items, behaviors: behaviors)
}

var runs = 3
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    if a == "--runs", let n = args.popFirst().flatMap({ Int($0) }) { runs = max(1, n) }
}

let scenes: [(String, () -> Simulation)] = [
    ("rain 10", { rain(10) }), ("rain 50", { rain(50) }), ("rain 200", { rain(200) }),
    ("joints 100", { joints(100) }),
]
let clock = ContinuousClock()
print("scene        steps  µs/step   × real time  contacts at end  fastest item at end (points/s)")
for (name, make) in scenes {
    var times: [Double] = []
    var contacts = 0
    var fastest = 0.0
    for _ in 0..<runs {
        var sim = make()
        let elapsed = clock.measure { sim.advance(to: 5) }
        let c = elapsed.components
        times.append(Double(c.seconds) + Double(c.attoseconds) * 1e-18)
        contacts = sim.contactCount
        fastest = sim.items.map(\.velocity.length).max() ?? 0
    }
    times.sort()
    let median = times[times.count / 2]
    let perStep = median / 1200 * 1e6
    let pad = { (s: String, n: Int) in s + String(repeating: " ", count: max(0, n - s.count)) }
    print(pad(name, 13) + pad("1200", 7) + pad(String(Int(perStep.rounded())), 10)
          + pad(String(Int((5 / median).rounded())), 13) + pad(String(contacts), 17)
          + String(Int(fastest.rounded())))
}
