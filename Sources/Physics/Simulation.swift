// The public face of the solver: a value holding the world, stepped at a fixed rate. Time advances
// in whole steps of `step` seconds counted by an integer, and a step's arithmetic never depends on
// how far the caller asked to go, so advancing to 1 s in one call or in sixty gives the same bits.
// The state reported is that of the last whole step at or before the requested time (no
// interpolation): at 240 steps per second every common frame rate lands on a step.

import CalcCore

/// A deterministic UIKit Dynamics world: items, behaviours and a clock that advances in fixed steps.
public struct Simulation: Sendable {
    /// The fixed step in seconds.
    public let step: Double
    /// How many steps have run; the simulated time is `stepCount × step`.
    public internal(set) var stepCount = 0

    var bodies: [Body]
    var description: [Behavior]
    /// First body index of each item id (looked up, never iterated).
    var index: [Int: Int] = [:]
    var pushes: [PushForce] = []
    var boundaries: [BoundaryRef] = []
    /// For each body, the indices of the item-colliding collision behaviours that include it, ascending.
    var groups: [[Int]] = []
    var snaps: [SnapJoint] = []
    var attachments: [AttachmentJoint] = []
    var contacts = ContactSet()
    /// Consecutive steps at the end of which every item was below the rest speeds.
    var restSteps = 0
    /// Pairs in contact at the end of the last step, sorted by key.
    var touching: [Touch] = []
    /// Contacts that began or ended during the last call to `advance`, in step order.
    public internal(set) var contactEvents: [ContactEvent] = []

    /// A world of `items` under `behaviors`, stepped every `step` seconds (clamped to 1/4000…1/30 s;
    /// non-finite means the default). Time starts at 0.
    public init(items: [DynamicItem], behaviors: [Behavior], step: Double = PhysicsTuning.defaultStep) {
        let range = PhysicsTuning.stepRange
        self.step = step.isFinite ? min(max(step, range.lowerBound), range.upperBound) : PhysicsTuning.defaultStep
        bodies = items.map(Body.init)
        description = behaviors
        configure(previous: [])
    }

    /// The simulated time in seconds: the start of the next step.
    public var time: Double { Double(stepCount) * step }

    /// The items as they are now: centre, rotation and velocities moved by the simulation, ids and
    /// sizes as given.
    public var items: [DynamicItem] { bodies.map(Self.item) }

    /// The item named `id` as it is now, or nil.
    public func item(id: Int) -> DynamicItem? {
        index[id].map { Self.item(bodies[$0]) }
    }

    /// The behaviours in force. Setting them takes effect at the next step; attachment lengths left
    /// nil are resolved to the current distance and written back, so keep and edit what you read.
    public var behaviors: [Behavior] {
        get { description }
        set {
            let previous = description
            description = newValue
            configure(previous: previous)
        }
    }

    /// True once every item has moved slower than 1 point/s and 0.02 radians/s for half a second:
    /// UIDynamicAnimator's "paused". The simulation still steps if advanced.
    public var isAtRest: Bool {
        Double(restSteps) * step >= PhysicsTuning.restDuration
    }

    /// How many contact points the last step solved (for diagnostics and benchmarks).
    public var contactCount: Int { contacts.points.count }

    /// Runs every whole step that ends at or before `time` (a millionth of a step early counts).
    /// Times in the past, NaN and infinity do nothing. With `stoppingAtContactEvents`, returns
    /// early after the first step in which a contact began or ended, so the caller can react at
    /// that step (UIKit's collision delegate) and call again. `contactEvents` holds what this call
    /// saw. Returns false when it stopped early, true when `time` is reached:
    ///
    ///     repeat { done = sim.advance(to: t, stoppingAtContactEvents: true); react(sim.contactEvents) } while !done
    @discardableResult
    public mutating func advance(to time: Double, stoppingAtContactEvents: Bool = false) -> Bool {
        contactEvents.removeAll(keepingCapacity: true)
        guard time.isFinite else { return true }
        let target = (time / step + 1e-6).rounded(.down)
        guard target > Double(stepCount) else { return true }
        let last = target >= 9e15 ? Int.max : Int(target)
        while stepCount < last {
            stepOnce()
            if stoppingAtContactEvents, !contactEvents.isEmpty { return stepCount == last }
        }
        return true
    }

    /// Runs `steps` more steps (none when `steps` ≤ 0); `contactEvents` holds what they saw.
    public mutating func advance(steps: Int) {
        contactEvents.removeAll(keepingCapacity: true)
        var remaining = steps
        while remaining > 0 {
            stepOnce()
            remaining -= 1
        }
    }

    /// Replaces the state of the item with `item.id` (UIDynamicAnimator's
    /// `updateItemUsingCurrentState`): centre, size, rotation and velocities. Unknown ids add the item.
    public mutating func updateItem(_ item: DynamicItem) {
        if let i = index[item.id] {
            bodies[i] = Body(item)
        } else {
            bodies.append(Body(item))
        }
        configure(previous: description)
    }

    /// Removes every item named `id`; behaviours naming it then skip it.
    public mutating func removeItem(id: Int) {
        bodies.removeAll { $0.id == id }
        configure(previous: description)
    }

    static func item(_ b: Body) -> DynamicItem {
        DynamicItem(id: b.id, center: b.center, size: b.size, rotation: b.angle, velocity: b.v, angularVelocity: b.w)
    }
}
