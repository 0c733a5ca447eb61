// Animations attached to layers and the CAMediaTiming model that evaluates them (SPEC §4.2–4.7).
// An attached animation is immutable once added; its value at any time is a pure function of the
// layer's local time and the value underneath it, so frames can be computed in any order.

import CalcCore
import Bytecode

/// `fillMode`, in the order of `Enumerations.all["fill mode"]`.
public enum FillMode: UInt8, Sendable {
    case removed = 0, forwards, backwards, both
    var backwards: Bool { self == .backwards || self == .both }
    var forwards: Bool { self == .forwards || self == .both }
}

/// An animation object as the program builds it (CABasicAnimation's properties).
public struct AnimationObject: Sendable, Equatable {
    public var keyPath: KeyPath
    public var from: Value = .none
    public var to: Value = .none
    public var by: Value = .none
    public var duration: Double = 0
    public var beginTime: Double = 0
    public var timeOffset: Double = 0
    public var speed: Double = 1
    public var repeatCount: Double = 0
    public var repeatDuration: Double = 0
    public var autoreverses = false
    public var fillMode: FillMode = .removed
    public var removedOnCompletion = true
    /// nil: linear for an animation added directly, the transaction's for an implicit one.
    public var timingFunction: TimingFunction?
    public var additive = false
    public var cumulative = false

    public init(keyPath: KeyPath) { self.keyPath = keyPath }

    /// Sets one field from a value; returns false when the value has the wrong type.
    mutating func set(_ field: AnimField, _ v: Value) -> Bool {
        switch (field, v) {
        case (.from, _): from = v
        case (.to, _): to = v
        case (.by, _): by = v
        case (.duration, .number(let x)) where x >= 0 && x.isFinite: duration = x
        case (.beginTime, .number(let x)) where x.isFinite: beginTime = x
        case (.timeOffset, .number(let x)) where x.isFinite: timeOffset = x
        case (.speed, .number(let x)) where x.isFinite: speed = x
        case (.repeatCount, .number(let x)) where x >= 0: repeatCount = x
        case (.repeatDuration, .number(let x)) where x >= 0 && x.isFinite: repeatDuration = x
        case (.autoreverses, .bool(let b)): autoreverses = b
        case (.fillMode, .enumCase(let i)) where i < 4: fillMode = FillMode(rawValue: i) ?? .removed
        case (.removedOnCompletion, .bool(let b)): removedOnCompletion = b
        case (.timingFunction, .timing(let t)): timingFunction = t
        case (.additive, .bool(let b)): additive = b
        case (.cumulative, .bool(let b)): cumulative = b
        default: return false
        }
        return true
    }
}

/// An animation in a layer's animation list.
struct AttachedAnimation: Sendable {
    var key: String
    var object: AnimationObject
    /// Begin of the active interval on the layer's clock: its local time when added, plus beginTime.
    var begin: Double
    /// Resolved duration of one pass (> 0).
    var duration: Double
    var timing: TimingFunction
    /// The presentation value when added; the from value when none of from, to, by is set.
    var presentationAtAdd: Value
    /// Unique within a run: tells listeners which animation they watch.
    var id: Int = 0

    /// One repetition: a pass, or a pass and its reverse.
    var repetition: Double { duration * (object.autoreverses ? 2 : 1) }

    var activeDuration: Double {
        let o = object
        if o.repeatDuration > 0 { return o.repeatDuration }
        if o.repeatCount > 0 { return repetition * o.repeatCount }
        return repetition
    }

    /// Time comparisons at interval boundaries use this epsilon, so 6 × 0.05 s equals 0.3 s (SPEC §4.12).
    static let epsilon = 1e-9

    enum Phase { case before, active(Double), after(Double), finished }

    /// Where the animation is at layer-local time `t`: the local time within the active duration, or
    /// the fill state outside it (nil-like `.before`/`.finished` when nothing shows).
    func phase(at t: Double) -> Phase {
        let active = activeDuration
        let elapsed = (t - begin) * object.speed
        if elapsed < -AttachedAnimation.epsilon {
            return object.fillMode.backwards ? .active(wrap(object.timeOffset, active)) : .before
        }
        if elapsed >= active - AttachedAnimation.epsilon {
            if object.fillMode.forwards && !object.removedOnCompletion {
                let u = active.isFinite ? wrap(active + object.timeOffset, active) : active
                return .after(u == 0 ? active : u)
            }
            return .finished
        }
        return .active(wrap(max(0, elapsed) + object.timeOffset, active))
    }

    func wrap(_ u: Double, _ active: Double) -> Double {
        guard active.isFinite, active > 0 else { return u }
        var r = u.truncatingRemainder(dividingBy: active)
        if r < 0 { r += active }
        if abs(r - active) < AttachedAnimation.epsilon { r = 0 }
        return r
    }

    /// True once the animation has ended and is removed from its layer (removedOnCompletion).
    func isFinished(at t: Double) -> Bool {
        if case .finished = phase(at: t) { return true }
        return false
    }

    /// Progress (timing applied) and repetition index at local time u; `fromBelow` takes the limit
    /// as u approaches from below (the state an ending active interval approached).
    func progress(at u: Double, fromBelow: Bool) -> (Double, Double) {
        let rep = repetition
        guard rep > 0 else { return (1, 0) }
        var k = (u / rep).rounded(.down)
        var r = u - k * rep
        if fromBelow, k >= 1, r < AttachedAnimation.epsilon { k -= 1; r = rep }
        if r < 0 { r = 0 }
        let f: Double
        if object.autoreverses, r >= duration {
            f = (2 * duration - r) / duration
        } else {
            f = r / duration
        }
        return (timing(min(1, max(0, f))), k)
    }

    /// The animated value at layer-local time `t`, given the value underneath; nil when the animation
    /// shows nothing at `t`.
    func value(at t: Double, underlying: Value) -> Value? {
        let p: (Double, Double)
        switch phase(at: t) {
        case .before, .finished: return nil
        case .active(let u): p = progress(at: u, fromBelow: false)
        case .after(let u): p = progress(at: u, fromBelow: true)
        }
        let o = object
        let from: Value, to: Value
        switch (o.from, o.to, o.by) {
        case (.none, .none, .none): from = presentationAtAdd; to = underlying
        case let (f, .none, .none): from = f; to = underlying
        case let (.none, t, .none): from = underlying; to = t
        case let (.none, .none, b): from = underlying; to = Value.add(underlying, b)
        case let (f, .none, b): from = f; to = Value.add(f, b)
        case let (.none, t, b): from = Value.subtract(t, b); to = t
        case let (f, t, _): from = f; to = t
        }
        var v = Value.interpolate(from, to, p.0)
        if o.cumulative, p.1 > 0 {
            v = Value.add(v, Value.scale(Value.subtract(to, from), by: p.1))
        }
        if o.additive { v = Value.add(underlying, v) }
        return v
    }
}
