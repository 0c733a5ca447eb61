// Contact began/ended reports (UICollisionBehaviorDelegate). After each step the set of touching
// pairs (a pair touches when its contact pushed this step) is compared with the previous step's, a
// sorted array of keys, so events come out in a fixed order. The touching set is part of the
// simulation's value, so a checkpoint copy reports exactly what a straight run would.

import CalcCore

/// A collision starting or ending: UICollisionBehaviorDelegate's `beganContact…` / `endedContact…`.
public struct ContactEvent: Sendable, Hashable {
    /// Whether the contact began or ended.
    public enum Phase: Sendable, Hashable { case began, ended }
    /// A wall of a collision behaviour's boundary rectangle.
    public enum Wall: Int, Sendable, Hashable { case left, top, right, bottom }
    /// What the item touched.
    public enum Partner: Sendable, Hashable {
        /// Another item.
        case item(id: Int)
        /// A wall of the boundary of the collision behaviour at index `behavior` in `behaviors`.
        case boundary(behavior: Int, wall: Wall)
    }

    /// Began or ended.
    public var phase: Phase
    /// The item's id (for two items, the one listed first in the simulation).
    public var item: Int
    /// The other item or the boundary wall.
    public var partner: Partner
    /// A contact point on the partner's surface, in points (for an ended contact, the last seen).
    public var point: Point
    /// The simulated time at which it was observed: the end of the step.
    public var time: Double
}

/// A touching pair and where it touched.
struct Touch: Sendable {
    var key: ContactKey
    var point: Point
}

extension ContactKey {
    @inline(__always) static func < (a: ContactKey, b: ContactKey) -> Bool { (a.kind, a.a, a.b) < (b.kind, b.a, b.b) }
}

extension Simulation {
    /// Compares this step's touching pairs with the last step's and records the differences.
    mutating func recordContactEvents() {
        var now: [Touch] = []
        for m in contacts.manifolds {
            for j in m.first..<(m.first + m.count) where contacts.points[j].normalImpulse > 0 {
                // The point on the partner's surface (the wall, or item B carried to the end of
                // the step). A speculative contact can bounce an item up to one step's travel
                // before it reaches that surface (as in Box2D), so it is the better place to name.
                let cp = contacts.points[j]
                let p: Point
                if m.b >= 0 {
                    let b = bodies[m.b]
                    p = b.center + b.dq.apply(cp.anchorB + (0.5 * cp.separation) * m.normal)
                } else {
                    let a = bodies[m.a]
                    p = a.center + ((cp.anchorA - a.dp) + (0.5 * cp.separation) * m.normal)
                }
                now.append(Touch(key: contacts.points[j].key.pair, point: p))
                break
            }
        }
        now.sort { $0.key < $1.key }
        var unique: [Touch] = []
        unique.reserveCapacity(now.count)
        for t in now where unique.last?.key != t.key { unique.append(t) }

        let time = Double(stepCount + 1) * step
        var i = 0, j = 0
        while i < touching.count || j < unique.count {
            if j == unique.count || (i < touching.count && touching[i].key < unique[j].key) {
                contactEvents.append(Self.event(.ended, touching[i], time))
                i += 1
            } else if i == touching.count || unique[j].key < touching[i].key {
                contactEvents.append(Self.event(.began, unique[j], time))
                j += 1
            } else {
                i += 1; j += 1
            }
        }
        touching = unique
    }

    static func event(_ phase: ContactEvent.Phase, _ t: Touch, _ time: Double) -> ContactEvent {
        let partner: ContactEvent.Partner = t.key.kind == 0
            ? .item(id: t.key.b)
            : .boundary(behavior: t.key.b, wall: ContactEvent.Wall(rawValue: t.key.kind - 1) ?? .bottom)
        return ContactEvent(phase: phase, item: t.key.a, partner: partner, point: t.point, time: time)
    }
}
