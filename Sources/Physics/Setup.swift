// Turns the public description (items and behaviours) into the solver's tables: bodies with their
// masses and properties, forces, boundary walls, collision groups and joints. Everything is rebuilt
// from scratch whenever the description changes, in the order of the input arrays, so the tables
// (and therefore the results) depend only on the description, never on how it was edited. Bad
// numbers are clamped here, in one place, so the stepping code can trust its inputs.

import CalcCore

/// The solver's view of one item.
struct Body: Sendable {
    var id: Int
    /// The size as the caller gave it, reported back unchanged.
    var size: Size
    var center: Point
    var angle: Double
    var v: Vector
    var w: Double
    /// Half extents of the collision box (sides clamped to `PhysicsTuning.minimumSide…maximumSide`).
    var half: Vector

    var invMass = 1.0
    var invInertia = 1.0
    var elasticity = 0.0
    var friction = 0.0
    var linearDamping = 0.0
    var angularDamping = 0.0
    var anchored = false
    /// Sum of the gravity behaviours acting on the body, in points/s².
    var gravity = Vector.zero

    // Scratch of the current step.
    var q = Rotation.identity         // rotation at the start of the step
    var dp = Vector.zero              // displacement since the start of the step
    var dq = Rotation.identity        // rotation since the start of the step
    var force = Vector.zero           // continuous pushes, mass units × points/s²
    var torque = 0.0

    init(_ item: DynamicItem) {
        id = item.id
        size = item.size
        let far = PhysicsTuning.maxCoordinate
        center = Point(clamp(item.center.x, -far...far, nan: 0), clamp(item.center.y, -far...far, nan: 0))
        angle = finite(item.rotation)
        v = Vector(finite(item.velocity.dx), finite(item.velocity.dy))
        w = finite(item.angularVelocity)
        let sides = PhysicsTuning.minimumSide...PhysicsTuning.maximumSide
        half = Vector(0.5 * clamp(finiteMagnitude(item.size.width), sides, nan: 1),
                      0.5 * clamp(finiteMagnitude(item.size.height), sides, nan: 1))
    }

    /// Sets the properties (clamping them) and the mass and inertia they imply.
    mutating func apply(_ p: ItemProperties) {
        elasticity = clamp(p.elasticity, 0...1, nan: 0)
        friction = clamp(p.friction, 0...1e6, nan: 0)
        linearDamping = clamp(p.resistance, 0...1e6, nan: 0)
        angularDamping = clamp(p.angularResistance, 0...1e6, nan: 0)
        anchored = p.anchored
        let d = clamp(p.density, PhysicsTuning.densityRange, nan: 1)
        let width = 2 * half.dx, height = 2 * half.dy
        let mass = d * (width * height / PhysicsTuning.massArea)
        let inertia = mass * (width * width + height * height) / 12
        invMass = anchored ? 0 : 1 / mass
        invInertia = anchored || !p.allowsRotation ? 0 : 1 / inertia
        if anchored { v = .zero; w = 0 }
        if invInertia == 0 { w = 0 }
    }

    /// Speed bound of any point of the body over the coming step, for the speculative margin.
    var reach: Double { v.length + abs(w) * half.length }
}

/// An item's properties after every itemProperties behaviour has had its say; UIKit's defaults.
struct ItemProperties: Sendable {
    var elasticity = 0.0, friction = 0.0, density = 1.0, resistance = 0.0, angularResistance = 0.0
    var allowsRotation = true, anchored = false
}

/// A push resolved to one body: a force (continuous) or an impulse (instantaneous), in mass units.
struct PushForce: Sendable {
    var body: Int
    var vector: Vector
    var offset: Vector
    var continuous: Bool
    /// The first step it acts in (`Int.max`: never).
    var startStep: Int
}

/// One wall set of a collision behaviour applied to one body.
struct BoundaryRef: Sendable {
    var body: Int
    var minX: Double, minY: Double, maxX: Double, maxY: Double
    var friction: Double
    /// The index of the collision behaviour, to name its contacts across steps.
    var behavior: Int
}

/// A soft constraint's coefficients (Box2D v3's `b2Softness`): an implicit spring of `hertz` and
/// `dampingRatio` expressed as a velocity bias and impulse scales, stable at any stiffness.
struct Softness: Sendable, Equatable {
    var biasRate: Double, massScale: Double, impulseScale: Double
    static let rigid = Softness(biasRate: 0, massScale: 1, impulseScale: 0)
    init(biasRate: Double, massScale: Double, impulseScale: Double) {
        self.biasRate = biasRate; self.massScale = massScale; self.impulseScale = impulseScale
    }
    init(hertz: Double, dampingRatio zeta: Double, step h: Double) {
        guard hertz > 0 else { self = .rigid; return }
        let omega = twoPi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        self.init(biasRate: omega / a1, massScale: a2 * a3, impulseScale: a3)
    }
}

/// UISnapBehavior on one body.
struct SnapJoint: Sendable {
    var body: Int
    var target: Point
    var softness: Softness
    var behavior: Int
    var linearImpulse = Vector.zero
    var angularImpulse = 0.0
}

/// UIAttachmentBehavior: body `a`'s point `localA` tied to body `b`'s point `localB`, or to `point`
/// when `b` is −1.
struct AttachmentJoint: Sendable {
    var a: Int
    var localA: Vector
    var b: Int
    var localB: Vector
    var point: Point
    var length: Double
    /// Spring softness when the attachment has a frequency; nil for a rigid rod.
    var spring: Softness?
    var behavior: Int
    var impulse = 0.0
    var pinImpulse = Vector.zero
    // Scratch of the current step.
    var rA = Vector.zero, rB = Vector.zero, deltaCenter = Vector.zero, axis = Vector(1, 0)
}

@inline(__always) func finite(_ x: Double) -> Double { x.isFinite ? x : 0 }
@inline(__always) func finiteMagnitude(_ x: Double) -> Double { x.isFinite ? abs(x) : 0 }
@inline(__always) func clamp(_ x: Double, _ range: ClosedRange<Double>, nan: Double) -> Double {
    x.isNaN ? nan : min(max(x, range.lowerBound), range.upperBound)
}

extension Simulation {
    /// The body indices named by `ids`, ascending and without repeats; unknown ids are skipped.
    func indices(_ ids: [Int]) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(ids.count)
        for id in ids { if let i = index[id] { out.append(i) } }
        out.sort()
        var unique: [Int] = []
        unique.reserveCapacity(out.count)
        for i in out where unique.last != i { unique.append(i) }
        return unique
    }

    /// The first step that begins at or after `time` (a billionth of a step early still counts).
    func firstStep(atOrAfter time: Double) -> Int {
        if time.isNaN { return 0 }
        let x = time / step - 1e-6
        if x <= 0 { return 0 }
        if x > 1e15 { return Int.max }
        return Int(x.rounded(.up))
    }

    /// The world position of body `i`'s point at `local` (item frame), at the body's current pose.
    func worldPoint(_ i: Int, _ local: Vector) -> Point {
        let b = bodies[i]
        return b.center + Rotation(b.angle).apply(local)
    }

    /// Fills in attachment lengths left nil (or non-finite) with the current distance, so the
    /// stored description says what is simulated.
    mutating func resolveLengths() {
        for (n, behavior) in description.enumerated() {
            guard case let .attachment(item, offset, anchor, length, frequency, damping) = behavior else { continue }
            if let length, length.isFinite { continue }
            guard let a = index[item] else { continue }
            let pa = worldPoint(a, sanitized(offset))
            let pb: Point
            switch anchor {
            case let .point(p): pb = clampedPoint(p)
            case let .item(id, off):
                guard let b = index[id] else { continue }
                pb = worldPoint(b, sanitized(off))
            }
            description[n] = .attachment(item: item, offset: offset, anchor: anchor, length: (pb - pa).length,
                                         frequency: frequency, damping: damping)
        }
    }

    /// Whether two behaviours are the same joint between the same things, perhaps with a moved
    /// target or new parameters (dragging moves an attachment's anchor point every frame): its
    /// impulse is still the best first guess.
    static func sameJoint(_ a: Behavior, _ b: Behavior) -> Bool {
        switch (a, b) {
        case let (.snap(i, _, _), .snap(j, _, _)):
            return i == j
        case let (.attachment(i, _, anchorA, _, _, _), .attachment(j, _, anchorB, _, _, _)):
            switch (anchorA, anchorB) {
            case (.point, .point): return i == j
            case let (.item(x, _), .item(y, _)): return i == j && x == y
            default: return false
            }
        default:
            return false
        }
    }

    /// Rebuilds every table from `bodies` (their item state) and `description`. Joints keep their
    /// accumulated impulses when the behaviour at the same index is the same joint.
    mutating func configure(previous: [Behavior]) {
        index = [:]
        for (i, b) in bodies.enumerated() where index[b.id] == nil { index[b.id] = i }
        var properties = Array(repeating: ItemProperties(), count: bodies.count)
        for behavior in description {
            guard case let .itemProperties(items, elasticity, friction, density, resistance, angularResistance,
                                           allowsRotation, anchored) = behavior else { continue }
            for i in indices(items) {
                if let elasticity { properties[i].elasticity = elasticity }
                if let friction { properties[i].friction = friction }
                if let density { properties[i].density = density }
                if let resistance { properties[i].resistance = resistance }
                if let angularResistance { properties[i].angularResistance = angularResistance }
                if let allowsRotation { properties[i].allowsRotation = allowsRotation }
                if let anchored { properties[i].anchored = anchored }
            }
        }
        for i in bodies.indices {
            bodies[i].apply(properties[i])
            bodies[i].gravity = .zero
        }
        resolveLengths()

        let oldSnaps = snaps, oldAttachments = attachments
        pushes = []; boundaries = []; snaps = []; attachments = []
        groups = Array(repeating: [], count: bodies.count)

        for (n, behavior) in description.enumerated() {
            switch behavior {
            case .itemProperties:
                continue                // applied above, before the joints look at masses
            case let .gravity(items, angle, magnitude):
                let g = Vector(angle: finite(angle), length: clampedMagnitude(magnitude) * PhysicsTuning.gravityUnit)
                for i in indices(items) { bodies[i].gravity += g }
            case let .push(items, angle, magnitude, continuous, startTime, offset):
                let f = Vector(angle: finite(angle), length: clampedMagnitude(magnitude) * PhysicsTuning.pushUnit)
                let start = firstStep(atOrAfter: startTime)
                for i in indices(items) {
                    pushes.append(PushForce(body: i, vector: f, offset: sanitized(offset),
                                            continuous: continuous, startStep: start))
                }
            case let .collision(items, boundary, betweenItems, boundaryFriction):
                let members = indices(items)
                if let r = boundary, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite {
                    let f = clamp(boundaryFriction, 0...1e6, nan: 0)
                    let far = -PhysicsTuning.maxCoordinate...PhysicsTuning.maxCoordinate
                    for i in members {
                        boundaries.append(BoundaryRef(body: i, minX: clamp(r.minX, far, nan: 0),
                                                      minY: clamp(r.minY, far, nan: 0),
                                                      maxX: clamp(r.maxX, far, nan: 0),
                                                      maxY: clamp(r.maxY, far, nan: 0), friction: f, behavior: n))
                    }
                }
                if betweenItems { for i in members { groups[i].append(n) } }
            case let .snap(item, point, damping):
                guard let i = index[item] else { continue }
                let zeta = PhysicsTuning.snapDampingRatio(clamp(damping, 0...1, nan: 0.5))
                var joint = SnapJoint(body: i, target: clampedPoint(point),
                                      softness: Softness(hertz: PhysicsTuning.snapHertz, dampingRatio: zeta, step: step),
                                      behavior: n)
                if let old = oldSnaps.first(where: { $0.behavior == n }), n < previous.count,
                   Self.sameJoint(previous[n], behavior) {
                    joint.linearImpulse = old.linearImpulse
                    joint.angularImpulse = old.angularImpulse
                }
                snaps.append(joint)
            case let .attachment(item, offset, anchor, length, frequency, damping):
                guard let a = index[item] else { continue }
                var b = -1, localB = Vector.zero, point = Point.zero
                switch anchor {
                case let .point(p): point = clampedPoint(p)
                case let .item(id, off):
                    guard let j = index[id], j != a else { continue }
                    b = j; localB = sanitized(off)
                }
                let hz = clamp(frequency, 0...1e6, nan: 0)
                let spring = hz > 0
                    ? Softness(hertz: hz, dampingRatio: clamp(damping, 0...1e6, nan: 0), step: step) : nil
                var joint = AttachmentJoint(a: a, localA: sanitized(offset), b: b, localB: localB, point: point,
                                            length: clamp(length ?? 0, 0...1e9, nan: 0), spring: spring, behavior: n)
                if let old = oldAttachments.first(where: { $0.behavior == n }), n < previous.count,
                   Self.sameJoint(previous[n], behavior) {
                    joint.impulse = old.impulse
                    joint.pinImpulse = old.pinImpulse
                }
                attachments.append(joint)
            }
        }
        // Pushes on an anchored item, and joints between two immovable ends, do nothing.
        pushes.removeAll { bodies[$0.body].invMass == 0 }
        snaps.removeAll { bodies[$0.body].invMass == 0 && bodies[$0.body].invInertia == 0 }
        attachments.removeAll { j in
            bodies[j.a].invMass == 0 && (j.b < 0 || bodies[j.b].invMass == 0)
        }
        boundaries.sort { ($0.body, $0.behavior) < ($1.body, $1.behavior) }
    }
}

@inline(__always) func sanitized(_ v: Vector) -> Vector { Vector(finite(v.dx), finite(v.dy)) }

/// A point within the coordinate range (NaN becomes 0).
func clampedPoint(_ p: Point) -> Point {
    let far = -PhysicsTuning.maxCoordinate...PhysicsTuning.maxCoordinate
    return Point(clamp(p.x, far, nan: 0), clamp(p.y, far, nan: 0))
}

/// A gravity or push magnitude within ±10⁶ (a million g is already absurd; NaN becomes 0).
func clampedMagnitude(_ m: Double) -> Double { clamp(m, -1e6...1e6, nan: 0) }
