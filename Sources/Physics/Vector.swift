// Two-component vectors and rotations for the solver. CalcCore's Point is a position; velocities,
// offsets and impulses are displacements, so they get their own type (UIKit's CGVector and
// UIOffset). Every operation here is IEEE +, −, ×, ÷ or sqrt on Double, written out so the compiler
// has nothing to contract into a fused multiply-add: the same inputs give the same bits everywhere.

import CalcCore

/// A displacement, velocity, offset or impulse in points (y down): UIKit's CGVector and UIOffset.
public struct Vector: Sendable, Hashable {
    /// Components along x and y (y down), in points or points per second.
    public var dx: Double, dy: Double
    /// The vector (dx, dy).
    public init(_ dx: Double, _ dy: Double) { self.dx = dx; self.dy = dy }
    /// The zero vector.
    public static let zero = Vector(0, 0)
    /// The unit vector at `angle` radians from +x towards +y (clockwise on screen, y down).
    public init(angle: Double, length: Double = 1) {
        let sc = StableMath.sinCos(angle)
        self.init(sc.cos * length, sc.sin * length)
    }
    /// Euclidean length.
    public var length: Double { (dx * dx + dy * dy).squareRoot() }
}

extension Vector {
    @inline(__always) static func + (a: Vector, b: Vector) -> Vector { Vector(a.dx + b.dx, a.dy + b.dy) }
    @inline(__always) static func - (a: Vector, b: Vector) -> Vector { Vector(a.dx - b.dx, a.dy - b.dy) }
    @inline(__always) static prefix func - (a: Vector) -> Vector { Vector(-a.dx, -a.dy) }
    @inline(__always) static func * (s: Double, a: Vector) -> Vector { Vector(s * a.dx, s * a.dy) }
    @inline(__always) static func += (a: inout Vector, b: Vector) { a = a + b }
    @inline(__always) static func -= (a: inout Vector, b: Vector) { a = a - b }
    @inline(__always) func dot(_ b: Vector) -> Double { dx * b.dx + dy * b.dy }
    /// The z component of the 3D cross product: positive when `b` is clockwise of `self` on screen.
    @inline(__always) func cross(_ b: Vector) -> Double { dx * b.dy - dy * b.dx }
    /// ω × r for an angular velocity ω about z: the velocity of a point at offset r.
    @inline(__always) static func cross(_ w: Double, _ r: Vector) -> Vector { Vector(-w * r.dy, w * r.dx) }
    /// The left perpendicular (rotated by −90°): (dy, −dx).
    @inline(__always) var perp: Vector { Vector(dy, -dx) }
    /// This vector scaled to unit length, or `fallback` when it is too short to have a direction.
    @inline(__always) func normalized(or fallback: Vector) -> Vector {
        let l = length
        guard l > 1e-12, l.isFinite else { return fallback }
        return Vector(dx / l, dy / l)
    }
}

extension Point {
    @inline(__always) static func + (p: Point, v: Vector) -> Point { Point(p.x + v.dx, p.y + v.dy) }
    @inline(__always) static func - (a: Point, b: Point) -> Vector { Vector(a.x - b.x, a.y - b.y) }
}

/// A rotation kept as its cosine and sine, so a step evaluates StableMath once per body.
struct Rotation: Sendable {
    var c: Double, s: Double
    static let identity = Rotation(c: 1, s: 0)
    init(c: Double, s: Double) { self.c = c; self.s = s }
    init(_ angle: Double) {
        let sc = StableMath.sinCos(angle)
        c = sc.cos; s = sc.sin
    }
    /// Rotates `v` by this rotation (clockwise on screen for positive angles, y down).
    @inline(__always) func apply(_ v: Vector) -> Vector { Vector(c * v.dx - s * v.dy, s * v.dx + c * v.dy) }
    /// Rotates `v` by the inverse rotation.
    @inline(__always) func applyInverse(_ v: Vector) -> Vector { Vector(c * v.dx + s * v.dy, -s * v.dx + c * v.dy) }
}

/// 2π, written once.
let twoPi = 6.283185307179586

/// `angle` minus the multiple of 2π nearest to it: the same orientation in (−π, π].
@inline(__always) func wrappedAngle(_ angle: Double) -> Double {
    guard angle.isFinite else { return 0 }
    let turns = (angle / twoPi).rounded(.toNearestOrEven)
    return angle - turns * twoPi
}
