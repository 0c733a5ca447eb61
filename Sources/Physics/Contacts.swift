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
    /// Separation when found: B's surface lies half of it beyond the point, for contact reports.
    var separation: Double
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
    /// For a two-point manifold, the effective inverse mass matrix [[k11, k12], [k12, k22]] of the
    /// normal constraints; `block` when it is well conditioned enough to solve both at once.
    var k11 = 0.0, k12 = 0.0, k22 = 0.0
    var block = false
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
    /// Two points closer than this (in the sense of Box2D v2's condition-number test) are solved
    /// one after the other instead of as a block: their matrix is nearly singular.
    static let maxConditionNumber = 1000.0

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
        let softness = Softness(hertz: min(PhysicsTuning.contactHertz, 0.25 / h),
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
                relativeVelocity: n.dot(pb.velocity(at: rB) - pa.velocity(at: rA)),
                separation: c.separation))
        }
        var manifold = Manifold(a: a, b: b, normal: n, friction: friction, restitution: restitution,
                                softness: softness, first: first, count: m.count)
        if m.count == 2 {
            let p1 = points[first], p2 = points[first + 1]
            let rn1A = p1.anchorA.cross(n), rn1B = p1.anchorB.cross(n)
            let rn2A = p2.anchorA.cross(n), rn2B = p2.anchorB.cross(n)
            let mass = pa.invMass + pb.invMass
            manifold.k11 = mass + pa.invInertia * rn1A * rn1A + pb.invInertia * rn1B * rn1B
            manifold.k22 = mass + pa.invInertia * rn2A * rn2A + pb.invInertia * rn2B * rn2B
            manifold.k12 = mass + pa.invInertia * rn1A * rn2A + pb.invInertia * rn1B * rn2B
            let det = manifold.k11 * manifold.k22 - manifold.k12 * manifold.k12
            manifold.block = manifold.k11 * manifold.k11 < Self.maxConditionNumber * det
        }
        manifolds.append(manifold)
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
            // Normal constraints. Each point is a soft constraint vn' + bias + γ·λ = 0 (γ = 0 when
            // rigid); two points are solved together so a flat landing stays flat.
            var bias = (0.0, 0.0), gamma = (0.0, 0.0)
            for j in m.first..<end {
                let cp = points[j]
                let d = dp + (pb.dq.apply(cp.anchorB) - pa.dq.apply(cp.anchorA))
                let s = n.dot(d) + cp.adjustedSeparation
                var b = 0.0, massScale = 1.0, impulseScale = 0.0
                if s > 0 {
                    b = s * invH            // speculative: may close the gap, no more
                } else if useBias {
                    b = max(m.softness.biasRate * s, -PhysicsTuning.contactPushMaxVelocity)
                    massScale = m.softness.massScale
                    impulseScale = m.softness.impulseScale
                }
                if m.block {
                    let k = j == m.first ? m.k11 : m.k22
                    let g = impulseScale / massScale * k
                    if j == m.first { bias.0 = b; gamma.0 = g } else { bias.1 = b; gamma.1 = g }
                    continue
                }
                var cp2 = cp
                let vn = n.dot(pb.velocity(at: cp.anchorB) - pa.velocity(at: cp.anchorA))
                let raw = -cp.normalMass * massScale * (vn + b) - impulseScale * cp.normalImpulse
                applyNormal(&cp2, max(cp.normalImpulse + raw, 0), n, &pa, &pb)
                points[j] = cp2
            }
            if m.block { solveBlock(m, bias: bias, gamma: gamma, &pa, &pb) }
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
            func eligible(_ cp: ContactPoint) -> Bool {
                cp.relativeVelocity < -threshold && cp.maxNormalImpulse > 0
            }
            if m.block, eligible(points[m.first]), eligible(points[m.first + 1]) {
                let bias = (m.restitution * points[m.first].relativeVelocity,
                            m.restitution * points[m.first + 1].relativeVelocity)
                solveBlock(m, bias: bias, gamma: (0, 0), &pa, &pb)
            } else {
                for j in m.first..<(m.first + m.count) {
                    var cp = points[j]
                    guard eligible(cp) else { continue }
                    let vn = n.dot(pb.velocity(at: cp.anchorB) - pa.velocity(at: cp.anchorA))
                    let raw = -cp.normalMass * (vn + m.restitution * cp.relativeVelocity)
                    applyNormal(&cp, max(cp.normalImpulse + raw, 0), n, &pa, &pb)
                    points[j] = cp
                }
            }
            pa.store(&bodies, m.a)
            pb.store(&bodies, m.b)
        }
    }

    /// Sets a point's accumulated normal impulse to `total` and applies the difference.
    @inline(__always)
    private func applyNormal(_ cp: inout ContactPoint, _ total: Double, _ n: Vector,
                             _ pa: inout Particle, _ pb: inout Particle) {
        let impulse = total - cp.normalImpulse
        cp.normalImpulse = total
        cp.maxNormalImpulse = max(cp.maxNormalImpulse, impulse)
        let p = impulse * n
        pa.apply(-p, at: cp.anchorA)
        pb.apply(p, at: cp.anchorB)
    }

    /// Solves a two-point manifold's normal constraints together (Box2D v2's block solver, with
    /// soft points): find λ ≥ 0 with w = (K + diag γ)·λ + b ≥ 0 and λ·w = 0, where
    /// b = vn + bias − K·λ_old, by trying each of the four active sets. Without a solution (round-off
    /// in a degenerate case) the impulses stay as they are.
    private mutating func solveBlock(_ m: Manifold, bias: (Double, Double), gamma: (Double, Double),
                                     _ pa: inout Particle, _ pb: inout Particle) {
        let n = m.normal
        var c1 = points[m.first], c2 = points[m.first + 1]
        let vn1 = n.dot(pb.velocity(at: c1.anchorB) - pa.velocity(at: c1.anchorA))
        let vn2 = n.dot(pb.velocity(at: c2.anchorB) - pa.velocity(at: c2.anchorA))
        let a1 = c1.normalImpulse, a2 = c2.normalImpulse
        let b1 = vn1 + bias.0 - (m.k11 * a1 + m.k12 * a2)
        let b2 = vn2 + bias.1 - (m.k12 * a1 + m.k22 * a2)
        let k11 = m.k11 + gamma.0, k22 = m.k22 + gamma.1, k12 = m.k12
        var x1 = 0.0, x2 = 0.0
        solved: do {
            let det = k11 * k22 - k12 * k12
            if det > 0 {
                x1 = (-k22 * b1 + k12 * b2) / det
                x2 = (k12 * b1 - k11 * b2) / det
                if x1 >= 0, x2 >= 0 { break solved }
            }
            x1 = -b1 / k11; x2 = 0
            if x1 >= 0, k12 * x1 + b2 >= 0 { break solved }
            x1 = 0; x2 = -b2 / k22
            if x2 >= 0, k12 * x2 + b1 >= 0 { break solved }
            x1 = 0; x2 = 0
            if b1 >= 0, b2 >= 0 { break solved }
            return
        }
        guard x1.isFinite, x2.isFinite else { return }
        applyNormal(&c1, x1, n, &pa, &pb)
        applyNormal(&c2, x2, n, &pa, &pb)
        points[m.first] = c1
        points[m.first + 1] = c2
    }

    /// Remembers this step's impulses by feature for the next step's warm start.
    mutating func storeImpulses() {
        cache.removeAll(keepingCapacity: true)
        for cp in points {
            cache[cp.key] = CachedImpulse(normal: cp.normalImpulse, tangent: cp.tangentImpulse)
        }
    }
}
