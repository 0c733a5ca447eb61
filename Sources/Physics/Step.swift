// One fixed step of the solver, in Box2D v3's "soft step" order: integrate velocities (semi-implicit
// Euler), collide at the start-of-step pose, solve constraints with soft position correction,
// integrate positions, relax (solve again without correction, so pushing out of overlap adds no
// bounce), then apply restitution from the approach speeds measured before the constraints acted.
// Contacts and joints are warm-started with the impulses of the previous step, which is what lets
// a stack or a box on the floor rest without jitter. Loops run in array order on one thread, so the
// result is bit-identical everywhere.

import CalcCore

extension Simulation {
    mutating func stepOnce() {
        let h = step
        let k = stepCount

        for i in bodies.indices {
            bodies[i].q = Rotation(bodies[i].angle)
            bodies[i].dp = .zero
            bodies[i].dq = .identity
            bodies[i].force = .zero
            bodies[i].torque = 0
        }

        // Pushes: an instantaneous one changes velocity at its step, a continuous one is a force.
        for p in pushes where p.continuous ? p.startStep <= k : p.startStep == k {
            let r = bodies[p.body].q.apply(p.offset)
            if p.continuous {
                bodies[p.body].force += p.vector
                bodies[p.body].torque += r.cross(p.vector)
            } else {
                bodies[p.body].v += bodies[p.body].invMass * p.vector
                bodies[p.body].w += bodies[p.body].invInertia * r.cross(p.vector)
            }
        }

        // Velocities: forces, then resistance as implicit damping (v / (1 + h·r): stable for any r).
        for i in bodies.indices where bodies[i].invMass > 0 || bodies[i].invInertia > 0 {
            var b = bodies[i]
            let a = b.gravity + b.invMass * b.force
            b.v = (1 / (1 + h * b.linearDamping)) * (b.v + h * a)
            b.w = (b.w + h * b.invInertia * b.torque) / (1 + h * b.angularDamping)
            bodies[i] = b
        }

        // Contacts are found after the forces so that the speculative margin and the approach
        // speed kept for restitution include this step's gravity.
        collide()
        prepareJoints()

        warmStartJoints()
        contacts.warmStart(&bodies)
        for _ in 0..<PhysicsTuning.solveIterations {
            solveJoints(useBias: true)
            contacts.solve(&bodies, step: h, useBias: true)
        }

        integratePositions()

        for _ in 0..<PhysicsTuning.relaxIterations {
            solveJoints(useBias: false)
            contacts.solve(&bodies, step: h, useBias: false)
        }
        for _ in 0..<PhysicsTuning.restitutionIterations {
            contacts.applyRestitution(&bodies)
        }
        contacts.storeImpulses()
        recordContactEvents()

        // Round-off in a degenerate case must not leave a NaN for the next step or the caller.
        let far = PhysicsTuning.maxCoordinate
        for i in bodies.indices {
            var b = bodies[i]
            if !(b.v.dx.isFinite && b.v.dy.isFinite) { b.v = .zero }
            if !b.w.isFinite { b.w = 0 }
            b.center = Point(clamp(b.center.x, -far...far, nan: 0), clamp(b.center.y, -far...far, nan: 0))
            if !b.angle.isFinite { b.angle = 0 }
            bodies[i] = b
        }

        var resting = true
        for b in bodies where b.invMass > 0 || b.invInertia > 0 {
            if b.v.length >= PhysicsTuning.restSpeed || abs(b.w) >= PhysicsTuning.restAngularSpeed {
                resting = false
                break
            }
        }
        restSteps = resting ? restSteps + 1 : 0
        stepCount += 1
    }

    /// Moves every body by its velocity, limiting absurd speeds first.
    mutating func integratePositions() {
        let h = step
        let maxW = PhysicsTuning.maxRotationPerStep / h
        for i in bodies.indices {
            var b = bodies[i]
            if b.invMass == 0 { b.v = .zero }
            if b.invInertia == 0 { b.w = 0 }
            let speed = b.v.length
            if speed > PhysicsTuning.maxSpeed { b.v = (PhysicsTuning.maxSpeed / speed) * b.v }
            if !b.v.dx.isFinite || !b.v.dy.isFinite { b.v = .zero }
            if !b.w.isFinite { b.w = 0 }
            b.w = min(max(b.w, -maxW), maxW)
            let d = h * b.v
            b.center = b.center + d
            b.dp = d
            let da = h * b.w
            b.angle += da
            b.dq = da == 0 ? .identity : Rotation(da)
            bodies[i] = b
        }
    }

    /// Builds this step's contacts: item pairs found by a sweep along x, then boundary walls.
    mutating func collide() {
        let h = step
        let spec = PhysicsTuning.speculativeDistance
        var boxes: [WorldBox] = []
        boxes.reserveCapacity(bodies.count)
        var reach: [Double] = []
        reach.reserveCapacity(bodies.count)
        for b in bodies {
            boxes.append(WorldBox(center: b.center, rotation: b.q, half: b.half))
            reach.append(h * b.reach)
        }

        contacts.begin()

        // Broad phase: bounding boxes grown by each body's reach, swept in (minX, index) order.
        struct Extent { var body: Int; var minX, maxX, minY, maxY: Double }
        var extents: [Extent] = []
        for i in bodies.indices where !groups[i].isEmpty {
            let b = bodies[i]
            let ex = abs(b.q.c) * b.half.dx + abs(b.q.s) * b.half.dy + 0.5 * spec + reach[i]
            let ey = abs(b.q.s) * b.half.dx + abs(b.q.c) * b.half.dy + 0.5 * spec + reach[i]
            extents.append(Extent(body: i, minX: b.center.x - ex, maxX: b.center.x + ex,
                                  minY: b.center.y - ey, maxY: b.center.y + ey))
        }
        extents.sort { ($0.minX, $0.body) < ($1.minX, $1.body) }
        var pairs: [(Int, Int)] = []
        for m in extents.indices {
            let e = extents[m]
            var n = m + 1
            while n < extents.count, extents[n].minX <= e.maxX {
                let f = extents[n]
                n += 1
                guard f.minY <= e.maxY, e.minY <= f.maxY else { continue }
                let a = min(e.body, f.body), b = max(e.body, f.body)
                guard bodies[a].invMass > 0 || bodies[b].invMass > 0, sharesGroup(a, b) else { continue }
                pairs.append((a, b))
            }
        }
        pairs.sort { $0 < $1 }

        for (a, b) in pairs {
            let margin = spec + reach[a] + reach[b]
            let m = Collide.boxes(boxes[a], boxes[b], margin: margin)
            guard m.count > 0 else { continue }
            let ba = bodies[a], bb = bodies[b]
            contacts.add(m, a: a, b: b, bodies: bodies, friction: (ba.friction * bb.friction).squareRoot(),
                         restitution: max(ba.elasticity, bb.elasticity),
                         key: ContactKey(kind: 0, a: ba.id, b: bb.id), step: h)
        }

        for ref in boundaries {
            let b = bodies[ref.body]
            guard b.invMass > 0 || b.invInertia > 0 else { continue }
            let margin = spec + reach[ref.body]
            for wall in 0..<4 {
                let m = Collide.wall(boxes[ref.body], wall: wall, minX: ref.minX, minY: ref.minY,
                                     maxX: ref.maxX, maxY: ref.maxY, margin: margin)
                guard m.count > 0 else { continue }
                contacts.add(m, a: ref.body, b: -1, bodies: bodies, friction: max(b.friction, ref.friction),
                             restitution: b.elasticity,
                             key: ContactKey(kind: 1 + wall, a: b.id, b: ref.behavior), step: h)
            }
        }
    }

    /// Whether bodies `a` and `b` share an item-colliding collision behaviour.
    func sharesGroup(_ a: Int, _ b: Int) -> Bool {
        let ga = groups[a], gb = groups[b]
        var i = 0, j = 0
        while i < ga.count, j < gb.count {
            if ga[i] == gb[j] { return true }
            if ga[i] < gb[j] { i += 1 } else { j += 1 }
        }
        return false
    }
}
