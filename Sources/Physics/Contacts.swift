// Contact constraints: Box2D v3's soft contact solver. A contact is a one-sided velocity constraint
// along the normal (with Coulomb friction along the tangent) whose position error is corrected by a
// stiff, over-damped implicit spring instead of Baumgarte's bias, so a resting box neither sinks nor
// bounces. A speculative point (still apart) only forbids closing more than its gap in one step.
// Points are stored flat, manifolds index into them, and impulses are carried to the next step by
// feature key (a dictionary used for lookups only, never iterated, so order cannot leak in).

import CalcCore

/// Names a pair of bodies (kind 0) or a body and a boundary wall (kind 1…4) across steps.
struct ContactKey: Hashable, Sendable {
    var kind: Int, a: Int, b: Int
}

struct PointKey: Hashable, Sendable {
    var pair: ContactKey
    var feature: Int
}

struct ContactPoint: Sendable {
    var key: PointKey
    /// From each body's centre to the point at the start of the step (world orientation).
    var anchorA: Vector, anchorB: Vector
    /// Separation minus the anchors' offset along the normal, so that separation after moving is
    /// dot(normal, Δanchor points) + this.
    var adjustedSeparation: Double
    var normalMass: Double, tangentMass: Double
    var normalImpulse: Double, tangentImpulse: Double
    var maxNormalImpulse = 0.0
    /// Normal velocity before the step (negative when approaching), for restitution.
    var relativeVelocity: Double
}

struct Manifold: Sendable {
    var a: Int
    /// −1 for a boundary wall.
    var b: Int
    var normal: Vector
    var friction: Double
    var restitution: Double
    var softness: Softness
    var first: Int, count: Int
}

struct CachedImpulse: Sendable {
    var normal: Double, tangent: Double
}

/// The state of one end of a constraint while it is being solved.
struct Particle {
    var v: Vector, w: Double, invMass: Double, invInertia: Double, dp: Vector, dq: Rotation

    static let fixed = Particle(v: .zero, w: 0, invMass: 0, invInertia: 0, dp: .zero, dq: .identity)

    @inline(__always) init(v: Vector, w: Double, invMass: Double, invInertia: Double, dp: Vector, dq: Rotation) {
        self.v = v; self.w = w; self.invMass = invMass; self.invInertia = invInertia; self.dp = dp; self.dq = dq
    }
    @inline(__always) init(_ bodies: [Body], _ i: Int) {
        guard i >= 0 else { self = .fixed; return }
        let b = bodies[i]
        self.init(v: b.v, w: b.w, invMass: b.invMass, invInertia: b.invInertia, dp: b.dp, dq: b.dq)
    }
    @inline(__always) func store(_ bodies: inout [Body], _ i: Int) {
        guard i >= 0 else { return }
        bodies[i].v = v
        bodies[i].w = w
    }
    /// Velocity of the point at offset r.
    @inline(__always) func velocity(at r: Vector) -> Vector { v + Vector.cross(w, r) }
    @inline(__always) mutating func apply(_ p: Vector, at r: Vector) {
        v += invMass * p
        w += invInertia * r.cross(p)
    }
}

struct ContactSet: Sendable {
    var manifolds: [Manifold] = []
    var points: [ContactPoint] = []
    var cache: [PointKey: CachedImpulse] = [:]

    mutating func begin() {
        manifolds.removeAll(keepingCapacity: true)
        points.removeAll(keepingCapacity: true)
    }

    /// Adds and prepares a manifold between body `a` and body `b` (or a wall when `b` is −1).
    mutating func add(_ m: CandidateManifold, a: Int, b: Int, bodies: [Body], friction: Double,
                      restitution: Double, key: ContactKey, step h: Double) {
        let pa = Particle(bodies, a), pb = Particle(bodies, b)
        let ca = bodies[a].center
        let cb = b >= 0 ? bodies[b].center : Point.zero
        let n = m.normal, t = n.perp
        let stiff = pa.invMass == 0 || pb.invMass == 0
        let softness = Softness(hertz: (stiff ? 2 : 1) * PhysicsTuning.contactHertz,
                                dampingRatio: PhysicsTuning.contactDampingRatio, step: h)
        let first = points.count
        for i in 0..<m.count {
            let c = m.point(i)
            let rA = c.point - Vector(ca.x, ca.y)
            let rB = b >= 0 ? c.point - Vector(cb.x, cb.y) : .zero
            let rnA = rA.cross(n), rnB = rB.cross(n)
            let kn = pa.invMass + pb.invMass + pa.invInertia * rnA * rnA + pb.invInertia * rnB * rnB
            let rtA = rA.cross(t), rtB = rB.cross(t)
            let kt = pa.invMass + pb.invMass + pa.invInertia * rtA * rtA + pb.invInertia * rtB * rtB
            let pointKey = PointKey(pair: key, feature: c.feature)
            let warm = cache[pointKey] ?? CachedImpulse(normal: 0, tangent: 0)
            points.append(ContactPoint(
                key: pointKey, anchorA: rA, anchorB: rB,
                adjustedSeparation: c.separation - (rB - rA).dot(n),
                normalMass: kn > 0 ? 1 / kn : 0, tangentMass: kt > 0 ? 1 / kt : 0,
                normalImpulse: warm.normal, tangentImpulse: warm.tangent,
                relativeVelocity: n.dot(pb.velocity(at: rB) - pa.velocity(at: rA))))
        }
        manifolds.append(Manifold(a: a, b: b, normal: n, friction: friction, restitution: restitution,
                                  softness: softness, first: first, count: m.count))
    }

    /// Applies last step's impulses so the solver starts from last step's answer.
    mutating func warmStart(_ bodies: inout [Body]) {
        for m in manifolds {
            var pa = Particle(bodies, m.a), pb = Particle(bodies, m.b)
            let t = m.normal.perp
            for j in m.first..<(m.first + m.count) {
                let cp = points[j]
                let p = cp.normalImpulse * m.normal + cp.tangentImpulse * t
                pa.apply(-p, at: cp.anchorA)
                pb.apply(p, at: cp.anchorB)
            }
            pa.store(&bodies, m.a)
            pb.store(&bodies, m.b)
        }
    }

    /// One sequential-impulse pass over every contact: normal impulses, then friction.
    mutating func solve(_ bodies: inout [Body], step h: Double, useBias: Bool) {
        let invH = 1 / h
        for m in manifolds {
            var pa = Particle(bodies, m.a), pb = Particle(bodies, m.b)
            let n = m.normal, t = n.perp
            let dp = pb.dp - pa.dp
            let end = m.first + m.count
            for j in m.first..<end {
                var cp = points[j]
                let rA = cp.anchorA, rB = cp.anchorB
                let d = dp + (pb.dq.apply(rB) - pa.dq.apply(rA))
                let s = n.dot(d) + cp.adjustedSeparation
                var bias = 0.0, massScale = 1.0, impulseScale = 0.0
                if s > 0 {
                    bias = s * invH            // speculative: may close the gap, no more
                } else if useBias {
                    bias = max(m.softness.biasRate * s, -PhysicsTuning.contactPushMaxVelocity)
                    massScale = m.softness.massScale
                    impulseScale = m.softness.impulseScale
                }
                let vn = n.dot(pb.velocity(at: rB) - pa.velocity(at: rA))
                let raw = -cp.normalMass * massScale * (vn + bias) - impulseScale * cp.normalImpulse
                let total = max(cp.normalImpulse + raw, 0)
                let impulse = total - cp.normalImpulse
                cp.normalImpulse = total
                cp.maxNormalImpulse = max(cp.maxNormalImpulse, impulse)
                let p = impulse * n
                pa.apply(-p, at: rA)
                pb.apply(p, at: rB)
                points[j] = cp
            }
            for j in m.first..<end {
                var cp = points[j]
                let rA = cp.anchorA, rB = cp.anchorB
                let vt = t.dot(pb.velocity(at: rB) - pa.velocity(at: rA))
                let limit = m.friction * cp.normalImpulse
                let total = min(max(cp.tangentImpulse - cp.tangentMass * vt, -limit), limit)
                let impulse = total - cp.tangentImpulse
                cp.tangentImpulse = total
                let p = impulse * t
                pa.apply(-p, at: rA)
                pb.apply(p, at: rB)
                points[j] = cp
            }
            pa.store(&bodies, m.a)
            pb.store(&bodies, m.b)
        }
    }

    /// Bounces: points that were approaching faster than the threshold and did touch leave with
    /// `restitution` times their approach speed.
    mutating func applyRestitution(_ bodies: inout [Body]) {
        let threshold = PhysicsTuning.restitutionThreshold
        for m in manifolds where m.restitution > 0 {
            var pa = Particle(bodies, m.a), pb = Particle(bodies, m.b)
            let n = m.normal
            for j in m.first..<(m.first + m.count) {
                var cp = points[j]
                guard cp.relativeVelocity < -threshold, cp.maxNormalImpulse > 0 else { continue }
                let rA = cp.anchorA, rB = cp.anchorB
                let vn = n.dot(pb.velocity(at: rB) - pa.velocity(at: rA))
                let raw = -cp.normalMass * (vn + m.restitution * cp.relativeVelocity)
                let total = max(cp.normalImpulse + raw, 0)
                let impulse = total - cp.normalImpulse
                cp.normalImpulse = total
                cp.maxNormalImpulse = max(cp.maxNormalImpulse, impulse)
                let p = impulse * n
                pa.apply(-p, at: rA)
                pb.apply(p, at: rB)
                points[j] = cp
            }
            pa.store(&bodies, m.a)
            pb.store(&bodies, m.b)
        }
    }

    /// Remembers this step's impulses by feature for the next step's warm start.
    mutating func storeImpulses() {
        cache.removeAll(keepingCapacity: true)
        for cp in points {
            cache[cp.key] = CachedImpulse(normal: cp.normalImpulse, tangent: cp.tangentImpulse)
        }
    }
}
