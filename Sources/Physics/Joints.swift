// Snap and attachment constraints, solved in the same sequential-impulse loop as the contacts.
// Springs are Box2D v3 soft constraints (an implicit spring written as a velocity constraint), so a
// stiff spring cannot blow up at the fixed step and a rigid rod is the same code with the spring
// removed. A snap is a spring on the centre plus one on the rotation; an attachment holds a distance
// along the line between its two points, or pins them together when its length is about zero,
// where that line has no direction.

import CalcCore

extension Simulation {
    /// Anchors and axes at the start of the step.
    mutating func prepareJoints() {
        for n in attachments.indices {
            var j = attachments[n]
            let a = bodies[j.a]
            j.rA = a.q.apply(j.localA)
            if j.b >= 0 {
                let b = bodies[j.b]
                j.rB = b.q.apply(j.localB)
                j.deltaCenter = b.center - a.center
            } else {
                j.rB = .zero
                j.deltaCenter = j.point - a.center
            }
            j.axis = (j.deltaCenter + j.rB - j.rA).normalized(or: j.axis)
            attachments[n] = j
        }
    }

    /// Applies last step's joint impulses.
    mutating func warmStartJoints() {
        for j in snaps {
            bodies[j.body].v += bodies[j.body].invMass * j.linearImpulse
            bodies[j.body].w += bodies[j.body].invInertia * j.angularImpulse
        }
        for j in attachments {
            var pa = Particle(bodies, j.a), pb = Particle(bodies, j.b)
            let p = j.length < PhysicsTuning.pinLength ? j.pinImpulse : j.impulse * j.axis
            pa.apply(-p, at: j.rA)
            pb.apply(p, at: j.rB)
            pa.store(&bodies, j.a)
            pb.store(&bodies, j.b)
        }
    }

    /// One pass over every joint. Springs act in every pass (they are physics); the rigid rod's
    /// position correction only when `useBias`.
    mutating func solveJoints(useBias: Bool) {
        for n in snaps.indices { solveSnap(n) }
        let rigid = Softness(hertz: PhysicsTuning.jointHertz, dampingRatio: PhysicsTuning.jointDampingRatio, step: step)
        for n in attachments.indices { solveAttachment(n, rigid: useBias ? rigid : .rigid) }
    }

    private mutating func solveSnap(_ n: Int) {
        var j = snaps[n]
        var b = bodies[j.body]
        let soft = j.softness
        if b.invMass > 0 {
            let c = b.center - j.target
            let raw = (-soft.massScale / b.invMass) * (b.v + soft.biasRate * c) - soft.impulseScale * j.linearImpulse
            j.linearImpulse += raw
            b.v += b.invMass * raw
        }
        if b.invInertia > 0 {
            let c = wrappedAngle(b.angle)
            let raw = (-soft.massScale / b.invInertia) * (b.w + soft.biasRate * c) - soft.impulseScale * j.angularImpulse
            j.angularImpulse += raw
            b.w += b.invInertia * raw
        }
        bodies[j.body] = b
        snaps[n] = j
    }

    /// `rigid` is the softness for a rod's position error (`.rigid` means velocity only).
    private mutating func solveAttachment(_ n: Int, rigid: Softness) {
        var j = attachments[n]
        var pa = Particle(bodies, j.a), pb = Particle(bodies, j.b)
        let rA = pa.dq.apply(j.rA), rB = pb.dq.apply(j.rB)
        let d = (pb.dp - pa.dp) + j.deltaCenter + (rB - rA)
        let vr = pb.velocity(at: rB) - pa.velocity(at: rA)
        let soft = j.spring ?? rigid
        let mA = pa.invMass, mB = pb.invMass, iA = pa.invInertia, iB = pb.invInertia

        if j.length < PhysicsTuning.pinLength {
            // Pin: K = [[k11, k12], [k12, k22]], the 2×2 effective inverse mass of the point pair.
            let k11 = mA + mB + iA * rA.dy * rA.dy + iB * rB.dy * rB.dy
            let k12 = -iA * rA.dx * rA.dy - iB * rB.dx * rB.dy
            let k22 = mA + mB + iA * rA.dx * rA.dx + iB * rB.dx * rB.dx
            let det = k11 * k22 - k12 * k12
            guard det > 0, det.isFinite else { return }
            let rhs = vr + soft.biasRate * d
            // K⁻¹ · rhs
            let sx = (k22 * rhs.dx - k12 * rhs.dy) / det
            let sy = (k11 * rhs.dy - k12 * rhs.dx) / det
            let raw = (-soft.massScale) * Vector(sx, sy) - soft.impulseScale * j.pinImpulse
            j.pinImpulse += raw
            pa.apply(-raw, at: rA)
            pb.apply(raw, at: rB)
        } else {
            let axis = d.normalized(or: j.axis)
            let crA = rA.cross(axis), crB = rB.cross(axis)
            let k = mA + mB + iA * crA * crA + iB * crB * crB
            guard k > 0 else { return }
            let c = d.length - j.length
            let cdot = axis.dot(vr)
            let raw = -soft.massScale / k * (cdot + soft.biasRate * c) - soft.impulseScale * j.impulse
            j.impulse += raw
            j.axis = axis
            let p = raw * axis
            pa.apply(-p, at: rA)
            pb.apply(p, at: rB)
        }
        pa.store(&bodies, j.a)
        pb.store(&bodies, j.b)
        attachments[n] = j
    }
}
