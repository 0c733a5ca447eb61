// The inputs of a simulation: dynamic items (UIDynamicItem: an oriented box with a centre, a size
// and a rotation) and behaviours (UIKit's UIDynamicBehavior subclasses). They are plain values with
// UIKit's units and defaults so the VM can build them straight from a scene; the solver clamps
// whatever they hold (NaN, negative sizes or densities) when it reads them, never here, so what the
// VM wrote is what it reads back. Items are named by `id`; behaviours refer to items by that id.

import CalcCore

/// A rectangular body the simulation moves: a view or layer's centre, bounds size and rotation.
public struct DynamicItem: Sendable, Hashable {
    /// The caller's name for the item; behaviours refer to items by it.
    public var id: Int
    /// Centre in points, y down (a layer's `position` with anchor point (0.5, 0.5)).
    public var center: Point
    /// Bounds size in points; it decides the collision box and, with density, the mass.
    public var size: Size
    /// Rotation in radians, positive clockwise on screen (y down), as `transform.rotation.z`.
    public var rotation: Double
    /// Linear velocity in points per second.
    public var velocity: Vector
    /// Angular velocity in radians per second, positive clockwise on screen.
    public var angularVelocity: Double

    /// An item at rest unless a velocity is given.
    public init(id: Int, center: Point, size: Size, rotation: Double = 0,
                velocity: Vector = .zero, angularVelocity: Double = 0) {
        self.id = id
        self.center = center
        self.size = size
        self.rotation = rotation
        self.velocity = velocity
        self.angularVelocity = angularVelocity
    }
}

/// What an attachment's item hangs from: a fixed point, or a point on another item.
public enum AttachmentAnchor: Sendable, Hashable {
    /// A point of the reference view, in points (UIAttachmentBehavior's `anchorPoint`).
    case point(Point)
    /// The point at `offset` from the centre of item `id`, in that item's own (rotating) frame.
    case item(id: Int, offset: Vector = .zero)
}

/// A UIKit Dynamics behaviour. Angles are radians from +x towards +y (clockwise on screen, y down),
/// so `.pi / 2` points down; magnitudes are in UIKit's units (see each case and docs/physics.md).
public enum Behavior: Sendable, Hashable {
    /// UIGravityBehavior: a constant acceleration of `magnitude` × 1000 points/s² along `angle`,
    /// the same for every item whatever its mass. UIKit's default is straight down at magnitude 1.
    case gravity(items: [Int], angle: Double = .pi / 2, magnitude: Double = 1)

    /// UIPushBehavior. Continuous: a constant force of `magnitude` UIKit newtons (1 gives a
    /// 100 × 100 item of density 1 an acceleration of 100 points/s²) from `startTime` on.
    /// Instantaneous: one impulse of `magnitude` UIKit newton-seconds (1 changes that item's velocity
    /// by 100 points/s), applied at the first step that begins at or after `startTime`; a start
    /// already past when the behaviour is set never fires. `offset` is the point of application
    /// from the item's centre in the item's own frame (UIKit's `targetOffsetFromCenter`); off centre,
    /// the push also spins the item.
    case push(items: [Int], angle: Double, magnitude: Double, continuous: Bool,
              startTime: Double = 0, offset: Vector = .zero)

    /// UICollisionBehavior. With a `boundary`, the items stay inside that rectangle (the reference
    /// view's bounds with `translatesReferenceBoundsIntoBoundary`); with `betweenItems`, the items of
    /// this behaviour collide with one another. The boundary's surface has `boundaryFriction`;
    /// against it an item slides with the larger of that and its own friction.
    case collision(items: [Int], boundary: Rect?, betweenItems: Bool = true, boundaryFriction: Double = 0.5)

    /// UISnapBehavior: a damped spring pulls the item's centre to `point` and its rotation back to 0
    /// (the nearest whole turn). `damping` runs from 0 (most oscillation) to 1 (none); 0.5 is UIKit's.
    case snap(item: Int, point: Point, damping: Double = 0.5)

    /// UIAttachmentBehavior: the point at `offset` from the item's centre (item frame) is tied to
    /// `anchor`. `length` nil means the distance when the behaviour is set (the simulation writes
    /// the resolved length back). `frequency` 0 is a rigid rod; above 0 a spring of that frequency
    /// in hertz with `damping` as its damping ratio (1 is critical).
    case attachment(item: Int, offset: Vector = .zero, anchor: AttachmentAnchor, length: Double? = nil,
                    frequency: Double = 0, damping: Double = 0)

    /// UIDynamicItemBehavior: physical properties of its items. `elasticity` 0…1 is the restitution
    /// of collisions; `friction` ≥ 0 the Coulomb coefficient; `density` scales mass (a 100 × 100 item
    /// of density 1 has mass 1); `resistance` and `angularResistance` damp linear and angular
    /// velocity (per second); `allowsRotation` false locks the rotation; `anchored` pins the item in
    /// place as an obstacle for the others. Nil leaves a property alone: it keeps UIKit's default
    /// (elasticity 0, friction 0, density 1, resistances 0, rotation allowed, not anchored) or what
    /// an earlier behaviour set; for each property the last behaviour that sets it wins.
    case itemProperties(items: [Int], elasticity: Double? = nil, friction: Double? = nil, density: Double? = nil,
                        resistance: Double? = nil, angularResistance: Double? = nil, allowsRotation: Bool? = nil,
                        anchored: Bool? = nil)
}
