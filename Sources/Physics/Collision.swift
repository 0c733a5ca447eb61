// Narrow phase: contact manifolds between two oriented boxes and between a box and the four walls of
// a boundary rectangle. Box–box is Box2D's separating-axis test with reference-face clipping, run
// with a speculative margin: points up to `margin` apart already count, and the solver lets them
// close only as far as their gap, so fast items stop at the surface instead of tunnelling. Walls are
// half-planes, which nothing can tunnel through. Points sit halfway between the two surfaces and
// carry a feature key so impulses from the previous step can warm-start them.

import CalcCore

/// A box in world space: four vertices and their edges' outward normals, clockwise on screen
/// (top-left, top-right, bottom-right, bottom-left), edge i running from vertex i to vertex i + 1.
struct WorldBox {
    var v0: Vector, v1: Vector, v2: Vector, v3: Vector
    var n0: Vector, n1: Vector, n2: Vector, n3: Vector

    init(center: Point, rotation q: Rotation, half: Vector) {
        let c = Vector(center.x, center.y)
        v0 = c + q.apply(Vector(-half.dx, -half.dy))
        v1 = c + q.apply(Vector(half.dx, -half.dy))
        v2 = c + q.apply(Vector(half.dx, half.dy))
        v3 = c + q.apply(Vector(-half.dx, half.dy))
        n0 = q.apply(Vector(0, -1))
        n1 = q.apply(Vector(1, 0))
        n2 = q.apply(Vector(0, 1))
        n3 = q.apply(Vector(-1, 0))
    }

    @inline(__always) func vertex(_ i: Int) -> Vector {
        switch i & 3 { case 0: v0; case 1: v1; case 2: v2; default: v3 }
    }
    @inline(__always) func normal(_ i: Int) -> Vector {
        switch i & 3 { case 0: n0; case 1: n1; case 2: n2; default: n3 }
    }
}

/// One contact point found by the narrow phase.
struct ContactCandidate {
    /// World position, halfway between the surfaces.
    var point: Vector
    /// Gap along the normal: negative when overlapping.
    var separation: Double
    /// Identifies the pair of features so the point can be matched across steps.
    var feature: Int
}

/// Up to four contact points sharing a normal that points from body A to body B.
struct CandidateManifold {
    var normal: Vector = .zero
    var count = 0
    var p0 = ContactCandidate(point: .zero, separation: 0, feature: 0)
    var p1 = ContactCandidate(point: .zero, separation: 0, feature: 0)
    var p2 = ContactCandidate(point: .zero, separation: 0, feature: 0)
    var p3 = ContactCandidate(point: .zero, separation: 0, feature: 0)

    mutating func append(_ c: ContactCandidate) {
        switch count {
        case 0: p0 = c
        case 1: p1 = c
        case 2: p2 = c
        case 3: p3 = c
        default: return
        }
        count += 1
    }
    func point(_ i: Int) -> ContactCandidate {
        switch i { case 0: p0; case 1: p1; case 2: p2; default: p3 }
    }
}

enum Collide {
    /// Separation tolerance (points) by which B's axis must beat A's before B becomes the reference
    /// body: keeps the choice from flickering between two nearly equal faces of a resting pair.
    static let axisTolerance = 0.05

    /// The largest separation of `b` from any edge of `a`, and that edge.
    @inline(__always)
    static func maxSeparation(_ a: WorldBox, _ b: WorldBox) -> (edge: Int, separation: Double) {
        var bestEdge = 0
        var best = -Double.greatestFiniteMagnitude
        for i in 0..<4 {
            let n = a.normal(i), v = a.vertex(i)
            var si = Double.greatestFiniteMagnitude
            for j in 0..<4 {
                let s = n.dot(b.vertex(j) - v)
                if s < si { si = s }
            }
            if si > best { best = si; bestEdge = i }
        }
        return (bestEdge, best)
    }

    private struct ClipVertex { var v: Vector; var tag: Int }

    /// Clips segment (a, b) to the half-plane dot(normal, x) ≤ offset; nil when less than two points
    /// survive. A point made by the cut is tagged `cutTag`.
    @inline(__always)
    private static func clip(_ a: ClipVertex, _ b: ClipVertex, normal: Vector, offset: Double,
                             cutTag: Int) -> (ClipVertex, ClipVertex)? {
        let d0 = normal.dot(a.v) - offset
        let d1 = normal.dot(b.v) - offset
        if d0 <= 0, d1 <= 0 { return (a, b) }
        if d0 > 0, d1 > 0 { return nil }
        let t = d0 / (d0 - d1)
        let cut = ClipVertex(v: a.v + t * (b.v - a.v), tag: cutTag)
        return d0 <= 0 ? (a, cut) : (cut, b)
    }

    /// Contact points of boxes `a` and `b` closer than `margin`; the normal points from a to b.
    static func boxes(_ a: WorldBox, _ b: WorldBox, margin: Double) -> CandidateManifold {
        var m = CandidateManifold()
        let (edgeA, sepA) = maxSeparation(a, b)
        if sepA > margin { return m }
        let (edgeB, sepB) = maxSeparation(b, a)
        if sepB > margin { return m }

        let flip = sepB > sepA + axisTolerance
        let ref = flip ? b : a, inc = flip ? a : b
        let edge1 = flip ? edgeB : edgeA
        let normal = ref.normal(edge1)

        // The incident edge: the one on the other box most anti-parallel to the reference normal.
        var edge2 = 0
        var minDot = Double.greatestFiniteMagnitude
        for i in 0..<4 {
            let d = normal.dot(inc.normal(i))
            if d < minDot { minDot = d; edge2 = i }
        }
        let i21 = edge2, i22 = (edge2 + 1) & 3
        let inc1 = ClipVertex(v: inc.vertex(i21), tag: i21)
        let inc2 = ClipVertex(v: inc.vertex(i22), tag: i22)

        let v11 = ref.vertex(edge1), v12 = ref.vertex(edge1 + 1)
        let tangent = (v12 - v11).normalized(or: Vector(-normal.dy, normal.dx))
        guard let side1 = clip(inc1, inc2, normal: -tangent, offset: -tangent.dot(v11), cutTag: 4),
              let side2 = clip(side1.0, side1.1, normal: tangent, offset: tangent.dot(v12), cutTag: 5)
        else { return m }

        let front = normal.dot(v11)
        m.normal = flip ? -normal : normal
        let base = (flip ? 64 : 0) | (edge1 << 3)
        func keep(_ cv: ClipVertex) {
            let separation = normal.dot(cv.v) - front
            if separation <= margin {
                m.append(ContactCandidate(point: cv.v - (0.5 * separation) * normal,
                                          separation: separation, feature: base | cv.tag))
            }
        }
        keep(side2.0)
        keep(side2.1)
        return m
    }

    /// Contact points of `box` with one wall of a boundary rectangle, the wall given by its outward
    /// normal (from the inside towards the wall) and its coordinate along that normal's axis.
    static func wall(_ box: WorldBox, wall: Int, minX: Double, minY: Double, maxX: Double, maxY: Double,
                     margin: Double) -> CandidateManifold {
        var m = CandidateManifold()
        let normal: Vector
        switch wall {
        case 0: normal = Vector(-1, 0)
        case 1: normal = Vector(0, -1)
        case 2: normal = Vector(1, 0)
        default: normal = Vector(0, 1)
        }
        m.normal = normal
        for i in 0..<4 {
            let c = box.vertex(i)
            let separation: Double
            switch wall {
            case 0: separation = c.dx - minX
            case 1: separation = c.dy - minY
            case 2: separation = maxX - c.dx
            default: separation = maxY - c.dy
            }
            if separation <= margin {
                m.append(ContactCandidate(point: c + (0.5 * separation) * normal,
                                          separation: separation, feature: i))
            }
        }
        return m
    }
}
