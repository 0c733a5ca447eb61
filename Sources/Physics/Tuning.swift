// Every unit and tuning constant of the solver in one place, each with the reason for its number.
// UIKit Dynamics is reportedly built on Box2D, and its documented units are Box2D's at 100 points
// to the metre (gravity 1 = 1000 points/s² ≈ 9.8 m/s²; a 100 × 100 item of density 1 weighs
// "1 kg"), so Box2D's tuning, which is given in metres, carries over multiplied by 100.

/// Units and tuning of the solver (see docs/physics.md).
public enum PhysicsTuning {
    /// The default fixed step: 1/240 s, Box2D v3's sub-step rate, and a whole number of steps per
    /// frame at 24, 30, 48, 60, 80 and 120 fps.
    public static let defaultStep = 1.0 / 240
    /// Allowed range of the step: finer costs time for nothing visible, coarser lets items tunnel.
    static let stepRange = (1.0 / 4000)...(1.0 / 30)

    /// Acceleration of gravity magnitude 1, in points/s² (UIGravityBehavior).
    public static let gravityUnit = 1000.0
    /// Force of push magnitude 1 (one "UIKit newton"), in mass units × points/s²: it accelerates a
    /// 100 × 100 item of density 1 by 100 points/s². An instantaneous push of magnitude 1 is an
    /// impulse of 100 mass units × points/s.
    public static let pushUnit = 100.0
    /// Area in points² of one mass unit at density 1 (100 × 100 points).
    public static let massArea = 10_000.0

    /// Density range: zero would make an item weightless (infinitely pushable), negative nonsense.
    static let densityRange = 1e-3...1e6
    /// Smallest side used for mass and collision, in points: a zero-size item is still a body.
    static let minimumSide = 1.0
    /// Largest side and farthest coordinate, in points: far beyond any canvas, and small enough
    /// that products of coordinates (areas, inertias, cross products) stay finite.
    static let maximumSide = 1e7
    static let maxCoordinate = 1e9
    /// Items faster than this (points/s: some forty screen widths a second) are slowed to it; it
    /// only guards against absurd inputs overflowing the arithmetic.
    static let maxSpeed = 40_000.0
    /// At most a quarter turn per step (Box2D's limit), so rotation stays resolvable.
    static let maxRotationPerStep = 0.25 * 3.141592653589793

    /// Contacts are soft constraints (Box2D v3), heavily over-damped so resting contacts settle
    /// without bounce, at 60 Hz: a quarter of the step rate (Box2D's bound for stability; lower if
    /// the step is coarser). Box2D's own 30 Hz let a five-box stack overlap by 0.27 points; 60 Hz
    /// quarters that.
    static let contactHertz = 60.0
    static let contactDampingRatio = 10.0
    /// Fastest velocity (points/s, Box2D's 3 m/s) at which overlap is pushed out, so deep overlap
    /// resolves smoothly instead of launching items.
    static let contactPushMaxVelocity = 300.0
    /// Rigid attachments are corrected as 60 Hz springs with damping ratio 2 (Box2D v3's joints).
    static let jointHertz = 60.0
    static let jointDampingRatio = 2.0
    /// Approach speed below which collisions do not bounce (points/s, Box2D's 1 m/s): keeps an
    /// elastic item resting on the floor from buzzing.
    static let restitutionThreshold = 100.0
    /// Contacts are created this far apart (points, Box2D's 4 × linear slop) plus the distance the
    /// pair can close in one step, so fast items meet a contact before they overlap.
    static let speculativeDistance = 2.0
    /// Attachments shorter than this (points) pin two points together in 2D instead of holding a
    /// distance along an axis, which has no direction at zero length.
    static let pinLength = 1.0

    /// Velocity iterations with position correction, then without (Box2D v3's solve and relax).
    static let solveIterations = 4
    static let relaxIterations = 2
    static let restitutionIterations = 2

    /// UISnapBehavior's spring: 3 Hz, with damping ratio 0.1 + 0.9 × damping, so damping 1 is
    /// critical and damping 0 still settles (UIKit's snap always comes to rest).
    static let snapHertz = 3.0
    static func snapDampingRatio(_ damping: Double) -> Double { 0.1 + 0.9 * damping }

    /// An item is at rest below these speeds (points/s, radians/s) ...
    static let restSpeed = 1.0
    static let restAngularSpeed = 0.02
    /// ... and the simulation is at rest when every item has been for this long (seconds).
    static let restDuration = 0.5
}
