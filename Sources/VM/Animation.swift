// Animations attached to layers and the CAMediaTiming model that evaluates them (SPEC §4.2–4.7):
// basic, keyframe (linear, discrete, paced, cubic Kochanek–Bartels), spring (a damped harmonic
// oscillator) and groups (children timed in the group's time). An attached animation is immutable
// once added; its effect at any time is a pure function of the layer's local time and the values
// underneath it, so frames can be computed in any order.

import CalcCore
import Bytecode
import Foundation

/// `fillMode`, in the order of `Enumerations.all["fill mode"]`.
public enum FillMode: UInt8, Sendable {
    case removed = 0, forwards, backwards, both
    var backwards: Bool { self == .backwards || self == .both }
    var forwards: Bool { self == .forwards || self == .both }
}

/// `calculationMode`, in the order of `Enumerations.all["calculation mode"]`.
public enum CalculationMode: UInt8, Sendable {
    case linear = 0, discrete, paced, cubic, cubicPaced
}

/// An animation object as the program builds it (CABasicAnimation, CAKeyframeAnimation,
/// CASpringAnimation, CAAnimationGroup properties). Its values and arrays (from, to, by, values,
/// keyTimes, …, children) live in one shared box, copied on write: the presentation tree copies an
/// object per running animation per frame, and with them inline each copy retained and released
/// eleven references; now it retains one.
public struct AnimationObject: Sendable {
    public var kind: AnimationKind = .basic
    public var keyPath: KeyPath
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
    // keyframe
    public var calculationMode: CalculationMode = .linear
    /// A CAValueFunction (index into the "value function" enumeration): the animated numbers
    /// become transforms.
    public var valueFunction: UInt8?
    /// rotationMode: 0 auto, 1 autoReverse — the layer turns to the path's tangent (+180°).
    public var rotationMode: UInt8?
    // transition
    public var transitionType: TransitionType = .fade
    public var transitionSubtype: TransitionSubtype = .fromRight
    public var startProgress = 0.0
    public var endProgress = 1.0
    // spring
    public var mass = 1.0
    public var stiffness = 100.0
    public var damping = 10.0
    public var initialVelocity = 0.0

    /// The fields that hold references (values, arrays, paths), shared between copies.
    private var payload = AnimationPayload()

    /// The payload, copied first when another object shares it.
    private var uniquePayload: AnimationPayload {
        mutating get {
            if !isKnownUniquelyReferenced(&payload) { payload = payload.copy() }
            return payload
        }
    }

    public var from: Value { get { payload.from } set { uniquePayload.from = newValue } }
    public var to: Value { get { payload.to } set { uniquePayload.to = newValue } }
    public var by: Value { get { payload.by } set { uniquePayload.by = newValue } }
    // keyframe
    public var values: [Value] { get { payload.values } set { uniquePayload.values = newValue } }
    public var keyTimes: [Double]? { get { payload.keyTimes } set { uniquePayload.keyTimes = newValue } }
    public var timingFunctions: [TimingFunction]? { get { payload.timingFunctions } set { uniquePayload.timingFunctions = newValue } }
    public var tension: [Double]? { get { payload.tension } set { uniquePayload.tension = newValue } }
    public var continuity: [Double]? { get { payload.continuity } set { uniquePayload.continuity = newValue } }
    public var bias: [Double]? { get { payload.bias } set { uniquePayload.bias = newValue } }
    /// CAKeyframeAnimation.path: when set, the (point) value moves along it instead of `values`.
    public var path: BezierPath? { get { payload.path } set { uniquePayload.path = newValue } }
    // group
    public var children: [AnimationObject] { get { payload.children } set { uniquePayload.children = newValue } }

    public init(keyPath: KeyPath, kind: AnimationKind = .basic) { self.keyPath = keyPath; self.kind = kind }

    /// A timing field's value (ANIMGET); nil for the other fields, which are not readable.
    func get(_ field: AnimField) -> Value? {
        switch field {
        case .duration: return .number(duration)
        case .beginTime: return .number(beginTime)
        case .timeOffset: return .number(timeOffset)
        case .speed: return .number(speed)
        case .repeatCount: return .number(repeatCount)
        case .repeatDuration: return .number(repeatDuration)
        case .autoreverses: return .bool(autoreverses)
        case .fillMode: return .enumCase(fillMode.rawValue)
        case .removedOnCompletion: return .bool(removedOnCompletion)
        // an animation added directly with none is linear (docs/semantics.md)
        case .timingFunction: return .timing(timingFunction ?? .linear)
        default: return nil
        }
    }

    /// Sets one field from a value; returns false when the value has the wrong type or range.
    mutating func set(_ field: AnimField, _ v: Value) -> Bool {
        func numbers(_ v: Value) -> [Double]? {
            guard case .array(let xs) = v else { return nil }
            let ns = xs.compactMap { $0.number }
            return ns.count == xs.count && ns.allSatisfy({ $0.isFinite }) ? ns : nil
        }
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
        case (.values, .array(let xs)): values = xs
        case (.keyTimes, _):
            guard let ks = numbers(v), zip(ks, ks.dropFirst()).allSatisfy({ $0 <= $1 }), ks.allSatisfy({ $0 >= 0 && $0 <= 1 }) else { return false }
            keyTimes = ks
        case (.timingFunctions, .array(let xs)):
            var tfs: [TimingFunction] = []
            for x in xs { guard case .timing(let t) = x else { return false }; tfs.append(t) }
            timingFunctions = tfs
        case (.calculationMode, .enumCase(let i)):
            guard let m = CalculationMode(rawValue: i) else { return false }
            calculationMode = m
        case (.tensionValues, _): guard let ns = numbers(v) else { return false }; tension = ns
        case (.continuityValues, _): guard let ns = numbers(v) else { return false }; continuity = ns
        case (.biasValues, _): guard let ns = numbers(v) else { return false }; bias = ns
        case (.mass, .number(let x)) where x > 0 && x.isFinite: mass = x
        case (.stiffness, .number(let x)) where x > 0 && x.isFinite: stiffness = x
        case (.damping, .number(let x)) where x >= 0 && x.isFinite: damping = x
        case (.initialVelocity, .number(let x)) where x.isFinite: initialVelocity = x
        case (.valueFunction, .enumCase(let i)) where i < 10: valueFunction = i
        case (.type, .enumCase(let i)):
            guard let t = TransitionType(rawValue: i) else { return false }
            transitionType = t
        case (.subtype, .enumCase(let i)):
            guard let t = TransitionSubtype(rawValue: i) else { return false }
            transitionSubtype = t
        case (.path, .path(let p)): path = p
        case (.rotationMode, .enumCase(let i)) where i < 2: rotationMode = i
        case (.startProgress, .number(let x)) where x >= 0 && x <= 1: startProgress = x
        case (.endProgress, .number(let x)) where x >= 0 && x <= 1: endProgress = x
        default: return false
        }
        return true
    }

    /// The spring's parameters (CASpringAnimation).
    var springModel: Spring { Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity) }

    /// CASpringAnimation's settlingDuration (see `Spring.settlingDuration`).
    public var settlingDuration: Double { springModel.settlingDuration }

    /// Progress (0 at rest at the start, 1 at the target) of the spring t seconds after release.
    public func springProgress(_ t: Double) -> Double { springModel.progress(t) }
}

/// AnimationObject's reference-holding fields. Written only through AnimationObject's setters,
/// which copy it first unless the object holds the only reference (copy on write), so a box that
/// two objects share is never written; hence the unchecked Sendable.
final class AnimationPayload: @unchecked Sendable {
    var from: Value = .none
    var to: Value = .none
    var by: Value = .none
    var values: [Value] = []
    var keyTimes: [Double]?
    var timingFunctions: [TimingFunction]?
    var tension: [Double]?
    var continuity: [Double]?
    var bias: [Double]?
    var path: BezierPath?
    var children: [AnimationObject] = []

    init() {}

    func copy() -> AnimationPayload {
        let c = AnimationPayload()
        c.from = from; c.to = to; c.by = by; c.values = values; c.keyTimes = keyTimes
        c.timingFunctions = timingFunctions; c.tension = tension; c.continuity = continuity; c.bias = bias
        c.path = path; c.children = children
        return c
    }
}

/// The timing of one animation object in its parent's time (a layer's or a group's).
struct Timing: Sendable {
    var begin: Double
    /// One pass (> 0).
    var duration: Double
    var timing: TimingFunction
    /// Top-level animations are removed on completion; group children are governed by fill alone.
    var topLevel: Bool
}

enum Phase {
    case before
    /// Local time within the active duration.
    case active(Double)
    /// The state as the active interval ended (forwards fill).
    case after(Double)
    case finished
}

/// Time comparisons at interval boundaries use this epsilon, so 6 × 0.05 s equals 0.3 s (SPEC §4.12).
let timeEpsilon = 1e-9

extension AnimationObject {
    func repetition(_ d: Double) -> Double { d * (autoreverses ? 2 : 1) }

    func activeDuration(_ d: Double) -> Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repetition(d) * repeatCount }
        return repetition(d)
    }

    func wrap(_ u: Double, _ active: Double) -> Double {
        guard active.isFinite, active > 0 else { return u }
        var r = u.truncatingRemainder(dividingBy: active)
        if r < 0 { r += active }
        if abs(r - active) < timeEpsilon { r = 0 }
        return r
    }

    /// Where the animation is at parent time `t`: local time within the active duration, or the
    /// fill state outside it.
    func phase(at t: Double, _ tm: Timing) -> Phase {
        let active = activeDuration(tm.duration)
        let elapsed = (t - tm.begin) * speed
        if elapsed < -timeEpsilon {
            return fillMode.backwards ? .active(wrap(timeOffset, active)) : .before
        }
        if elapsed >= active - timeEpsilon {
            if fillMode.forwards && (!tm.topLevel || !removedOnCompletion) {
                let u = active.isFinite ? wrap(active + timeOffset, active) : active
                return .after(u == 0 ? active : u)
            }
            return .finished
        }
        return .active(wrap(max(0, elapsed) + timeOffset, active))
    }

    /// Fraction of a pass (timing applied) and repetition index at local time u; `fromBelow` takes
    /// the limit as u approaches from below (the state an ending active interval approached).
    func progress(at u: Double, fromBelow: Bool, _ tm: Timing) -> (Double, Double) {
        let rep = repetition(tm.duration)
        guard rep > 0 else { return (1, 0) }
        var k = (u / rep).rounded(.down)
        var r = u - k * rep
        if fromBelow, k >= 1, r < timeEpsilon { k -= 1; r = rep }
        if r < 0 { r = 0 }
        let f: Double
        if autoreverses, r >= tm.duration {
            f = (2 * tm.duration - r) / tm.duration
        } else {
            f = r / tm.duration
        }
        // springs run in real seconds and ignore the timing function
        if kind == .spring { return (min(1, max(0, f)), k) }
        return (tm.timing(min(1, max(0, f))), k)
    }

    /// Applies the animation at parent time `t` to a layer's values.
    func apply(at t: Double, _ tm: Timing, presentationAtAdd: Value, memo: TransformPartMemo? = nil, to props: inout [Value]) {
        guard let p = showingProgress(at: t, tm) else { return }
        if kind == .transition { return }   // drawn by the renderer from the presentation tree
        if kind == .group {
            // children see the group's (warped) time within the pass
            let childTime = p.0 * tm.duration
            for child in children {
                let d = child.duration > 0 ? child.duration
                    : child.kind == .spring ? child.settlingDuration : tm.duration
                let ct = Timing(begin: child.beginTime, duration: d, timing: child.timingFunction ?? .linear, topLevel: false)
                child.apply(at: childTime, ct, presentationAtAdd: .none, to: &props)
            }
            return
        }
        let index = LayerProperties.slot(keyPath.property)
        if let v = leafValue(p, tm, presentationAtAdd: presentationAtAdd, memo: memo, whole: props[index]) { props[index] = v }
        if kind == .keyframe, let mode = rotationMode, let path, let track = PathTrack(path),
           case .transform(let m) = props[Int(LayerProperties.transform)] {
            // rotationMode: the layer turns to the path's direction, before its own transform
            let angle = track.sample(pathProgress(p.0, track)).angle + (mode == 1 ? Double.pi : 0)
            props[Int(LayerProperties.transform)] = .transform(Transform3D.rotation(angle).concat(m))
        }
    }

    /// The (progress, repetition) at parent time `t`, or nil when the animation shows nothing.
    @inline(__always)
    func showingProgress(at t: Double, _ tm: Timing) -> (Double, Double)? {
        switch phase(at: t, tm) {
        case .before, .finished: return nil
        case .active(let u): return progress(at: u, fromBelow: false, tm)
        case .after(let u): return progress(at: u, fromBelow: true, tm)
        }
    }

    /// A leaf animation's new whole property value over `whole` at progress `p`; nil leaves it.
    @inline(__always)
    func leafValue(_ p: (Double, Double), _ tm: Timing, presentationAtAdd: Value, memo: TransformPartMemo?, whole: Value) -> Value? {
        let c = keyPath.component
        // the value underneath only when the animation reads it (reading a transform's part takes
        // the matrix apart, a good share of an animation's cost)
        let underlying = needsUnderlying ? c.get(whole) : .none
        guard let v = value(progress: p.0, repetition: p.1, tm, underlying: underlying, presentationAtAdd: presentationAtAdd) else {
            return nil
        }
        // over the model matrix the animation was added on: its parts, taken apart once
        if let memo, case .transform(let m) = whole, memo.matches(m),
           let r = c.setTransformPart(v, parts: memo.parts, euler: memo.euler) { return r }
        return c.set(v, in: whole)
    }

    /// Whether `apply` touches only its own key path's slot (no group, no rotationMode), so it can
    /// run over a `PropsView` instead of a copy of the layer's whole property array.
    var isSingleSlot: Bool {
        kind != .group && !(kind == .keyframe && rotationMode != nil)
    }

    /// `apply` for a single-slot animation (`isSingleSlot`) over a view of the layer's values: the
    /// same arithmetic, one slot written.
    func apply(at t: Double, _ tm: Timing, presentationAtAdd: Value, memo: TransformPartMemo?, to props: inout PropsView) {
        guard let p = showingProgress(at: t, tm), kind != .transition else { return }
        let index = LayerProperties.slot(keyPath.property)
        if let v = leafValue(p, tm, presentationAtAdd: presentationAtAdd, memo: memo, whole: props[index]) { props[index] = v }
    }

    /// The transform a value function makes of a number (CAValueFunction).
    static func transform(_ function: UInt8, _ x: Double) -> Transform3D {
        switch function {
        case 0: return .rotation(x, 1, 0, 0)
        case 1: return .rotation(x, 0, 1, 0)
        case 2: return .rotation(x, 0, 0, 1)
        case 3: return .scale(x, x, x)
        case 4: return .scale(x, 1, 1)
        case 5: return .scale(1, x, 1)
        case 6: return .scale(1, 1, x)
        case 7: return .translation(x, 0, 0)
        case 8: return .translation(0, x, 0)
        default: return .translation(0, 0, x)
        }
    }

    /// Whether `value` reads the value underneath: additive animations, and basic or spring
    /// animations missing `from` or `to` (a value function's missing numbers are the identity's).
    var needsUnderlying: Bool {
        if additive { return true }
        if valueFunction != nil { return false }
        switch kind {
        case .basic, .spring:
            if case .none = from { return true }
            if case .none = to { return true }
            return false
        default: return false
        }
    }

    /// A leaf animation's value at a pass fraction and repetition.
    func value(progress f: Double, repetition k: Double, _ tm: Timing, underlying: Value, presentationAtAdd: Value) -> Value? {
        if let vf = valueFunction {
            // the numbers animate as numbers (a missing one is the identity's: 1 for scales, else 0),
            // then become a transform that replaces, or with `additive` goes before, the one underneath
            var plain = self
            plain.valueFunction = nil
            plain.additive = false
            let identity = Value.number(vf >= 3 && vf <= 6 ? 1 : 0)
            guard case .number(let x)? = plain.value(progress: f, repetition: k, tm, underlying: identity, presentationAtAdd: identity) else { return nil }
            let m = Value.transform(AnimationObject.transform(vf, x))
            return additive ? Value.add(underlying, m) : m
        }
        var v: Value
        var delta: Value?   // what one repetition adds when cumulative
        // (worked out only when used: for transforms it inverts a matrix)
        let repeats = cumulative && k > 0
        switch kind {
        case .keyframe where path != nil:
            guard let path, let track = PathTrack(path) else { return nil }
            v = .point(track.sample(pathProgress(f, track)).point)
            if repeats { delta = .point(Point(track.end.x - track.start.x, track.end.y - track.start.y)) }
        case .keyframe:
            guard !values.isEmpty else { return nil }
            v = keyframeValue(f)
            if repeats, values.count > 1 { delta = Value.subtract(values[values.count - 1], values[0]) }
        default:
            // two numbers or two points, no repetition to add, not additive: Value.interpolate's
            // arithmetic without copying the three values into a tuple and back (a third of a
            // basic animation's cost in cards2000)
            if !repeats, !additive {
                if case .number(let a) = self.from, case .number(let b) = self.to {
                    let amount = kind == .spring ? springProgress(f * tm.duration) : f
                    return .number(a + (b - a) * amount)
                }
                if case .point(let p) = self.from, case .point(let q) = self.to {
                    let amount = kind == .spring ? springProgress(f * tm.duration) : f
                    return .point(Point(p.x + (q.x - p.x) * amount, p.y + (q.y - p.y) * amount))
                }
            }
            let from: Value, to: Value
            switch (self.from, self.to, self.by) {
            case (.none, .none, .none): from = presentationAtAdd == .none ? underlying : presentationAtAdd; to = underlying
            case let (f, .none, .none): from = f; to = underlying
            case let (.none, t, .none): from = underlying; to = t
            case let (.none, .none, b): from = underlying; to = Value.add(underlying, b)
            case let (f, .none, b): from = f; to = Value.add(f, b)
            case let (.none, t, b): from = Value.subtract(t, b); to = t
            case let (f, t, _): from = f; to = t
            }
            let amount = kind == .spring ? springProgress(f * tm.duration) : f
            v = Value.interpolate(from, to, amount)
            if repeats { delta = Value.subtract(to, from) }
        }
        if repeats, let delta { v = Value.add(v, Value.scale(delta, by: k)) }
        if additive { v = Value.add(underlying, v) }
        return v
    }

    /// Where along a path's segments the pass fraction `f` is: the segment and the parameter in it.
    /// Each segment is a keyframe: its end points take the key times (given, one per vertex, or
    /// evenly spaced); paced modes move at constant speed along the whole length; discrete mode
    /// jumps from vertex to vertex.
    func pathProgress(_ f: Double, _ track: PathTrack) -> (segment: Int, u: Double) {
        let n = track.segments.count
        switch calculationMode {
        case .paced, .cubicPaced:
            return track.locate(distance: min(1, max(0, f)) * track.length)
        case .discrete:
            let times = keyTimes?.count == n + 1 ? keyTimes! : (0...n).map { Double($0) / Double(n + 1) }
            var i = 0
            while i + 1 <= n, f >= times[i + 1] - timeEpsilon { i += 1 }
            return i < n ? (i, 0) : (n - 1, 1)
        default:
            let times = keyTimes?.count == n + 1 ? keyTimes! : (0...n).map { Double($0) / Double(n) }
            var i = 0
            while i + 1 < n, f >= times[i + 1] { i += 1 }
            let span = times[i + 1] - times[i]
            var u = min(1, max(0, span > 0 ? (f - times[i]) / span : 1))
            if let tfs = timingFunctions, i < tfs.count { u = tfs[i](u) }
            return (i, u)
        }
    }

    /// Key times for the values: given, paced (by distance) or evenly spaced (SPEC §4.6).
    func resolvedKeyTimes() -> [Double] {
        let n = values.count
        if calculationMode == .paced || calculationMode == .cubicPaced {
            var acc = [0.0]
            for i in 1..<max(1, n) { acc.append(acc[i - 1] + Value.distance(values[i - 1], values[i])) }
            let total = acc.last ?? 0
            return total > 0 ? acc.map { $0 / total } : (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
        }
        if let keyTimes, keyTimes.count == n { return keyTimes }
        if calculationMode == .discrete { return (0..<n).map { Double($0) / Double(n) } }
        return (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
    }

    func keyframeValue(_ f: Double) -> Value {
        let n = values.count
        if n == 1 { return values[0] }
        let times = resolvedKeyTimes()
        if calculationMode == .discrete {
            var i = 0
            while i + 1 < n, f >= times[i + 1] - timeEpsilon { i += 1 }
            return values[i]
        }
        // the segment holding f
        var i = 0
        while i + 2 < n, f >= times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        var u = span > 0 ? (f - times[i]) / span : 1
        u = min(1, max(0, u))
        let paced = calculationMode == .paced || calculationMode == .cubicPaced
        if !paced, let tfs = timingFunctions, i < tfs.count { u = tfs[i](u) }
        if calculationMode == .cubic || calculationMode == .cubicPaced {
            return kochanekBartels(i, u)
        }
        return Value.interpolate(values[i], values[i + 1], u)
    }

    /// Hermite interpolation between values i and i+1 with Kochanek–Bartels tangents (tension,
    /// continuity, bias per key; 0 gives a Catmull–Rom spline); end keys repeat themselves.
    func kochanekBartels(_ i: Int, _ u: Double) -> Value {
        let n = values.count
        func p(_ k: Int) -> Value { values[min(n - 1, max(0, k))] }
        func param(_ a: [Double]?, _ k: Int) -> Double { a.flatMap { k < $0.count ? $0[k] : nil } ?? 0 }
        let t0 = param(tension, i), c0 = param(continuity, i), b0 = param(bias, i)
        let t1 = param(tension, i + 1), c1 = param(continuity, i + 1), b1 = param(bias, i + 1)
        let d0a = Value.subtract(p(i), p(i - 1)), d0b = Value.subtract(p(i + 1), p(i))
        let d1a = Value.subtract(p(i + 1), p(i)), d1b = Value.subtract(p(i + 2), p(i + 1))
        let outgoing = Value.add(Value.scale(d0a, by: (1 - t0) * (1 + c0) * (1 + b0) / 2),
                                 Value.scale(d0b, by: (1 - t0) * (1 - c0) * (1 - b0) / 2))
        let incoming = Value.add(Value.scale(d1a, by: (1 - t1) * (1 - c1) * (1 + b1) / 2),
                                 Value.scale(d1b, by: (1 - t1) * (1 + c1) * (1 - b1) / 2))
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        switch values[i] {
        case .number, .point, .size, .rect, .color:
            return Value.add(Value.add(Value.scale(p(i), by: h00), Value.scale(outgoing, by: h10)),
                             Value.add(Value.scale(p(i + 1), by: h01), Value.scale(incoming, by: h11)))
        default:
            return Value.interpolate(values[i], values[i + 1], u)
        }
    }
}

/// An animation in a layer's animation list. Immutable once added, and a class: the presentation
/// tree reads every running animation each frame, and as a struct (with a transition's whole
/// PresentationLayer inline) each read copied it; a layer's list copies as one reference each.
final class AttachedAnimation: Sendable {
    let key: String
    let object: AnimationObject
    let timing: Timing
    /// The presentation value when added; the from value when none of from, to, by is set.
    let presentationAtAdd: Value
    /// Unique within a run: tells listeners which animation they watch.
    let id: Int
    /// A transition's "before": the layer as it was on screen before the transaction that added it.
    let transitionFrom: PresentationLayer?
    /// For a transform sub-key-path: the model matrix it was added over, taken apart once.
    let transformMemo: TransformPartMemo?

    init(key: String, object: AnimationObject, timing: Timing, presentationAtAdd: Value, id: Int = 0,
         transitionFrom: PresentationLayer? = nil, transformMemo: TransformPartMemo? = nil) {
        self.key = key; self.object = object; self.timing = timing; self.presentationAtAdd = presentationAtAdd
        self.id = id; self.transitionFrom = transitionFrom; self.transformMemo = transformMemo
    }

    /// A transition's progress at layer-local time t (startProgress … endProgress through its timing);
    /// nil when it shows nothing.
    func transitionProgress(at t: Double) -> Double? {
        let p: (Double, Double)
        switch phase(at: t) {
        case .before, .finished: return nil
        case .active(let u): p = object.progress(at: u, fromBelow: false, timing)
        case .after(let u): p = object.progress(at: u, fromBelow: true, timing)
        }
        return object.startProgress + (object.endProgress - object.startProgress) * p.0
    }

    var begin: Double { timing.begin }
    var activeDuration: Double { object.activeDuration(timing.duration) }

    static let epsilon = timeEpsilon

    func phase(at t: Double) -> Phase { object.phase(at: t, timing) }

    /// True once the animation has ended and is removed from its layer (removedOnCompletion).
    func isFinished(at t: Double) -> Bool {
        if case .finished = phase(at: t) { return true }
        return false
    }

    func apply(at t: Double, to props: inout [Value]) {
        object.apply(at: t, timing, presentationAtAdd: presentationAtAdd, memo: transformMemo, to: &props)
    }

    /// The single-slot `apply` over a view (AnimationObject.isSingleSlot). A method of this class
    /// so that `self` is alive for the whole call and its object is borrowed in place: called as
    /// `a.object.apply(…)` from outside, Swift copied the AnimationObject first.
    func apply(at t: Double, to props: inout PropsView) {
        object.apply(at: t, timing, presentationAtAdd: presentationAtAdd, memo: transformMemo, to: &props)
    }

    /// Whether applying it can change `property` (a group touches its children's properties).
    func touches(_ property: UInt16) -> Bool {
        if object.kind == .transition { return false }
        return object.kind == .group ? object.children.contains { AttachedAnimation.touches($0, property) } : object.keyPath.property == property
    }

    static func touches(_ o: AnimationObject, _ property: UInt16) -> Bool {
        o.kind == .group ? o.children.contains { touches($0, property) } : o.keyPath.property == property
    }
}

/// A transform matrix with its decomposition and Euler angles, for an animation of a transform
/// sub-key-path (`transform.rotation.z`): writing the animated number takes the matrix underneath
/// apart each frame (most of such an animation's cost), and that matrix is usually the model value
/// the animation was added over. Used only when the matrix is bit for bit the same, so the result
/// is exactly `Component.set`'s.
final class TransformPartMemo: Sendable {
    let matrix: Transform3D
    let parts: DecomposedTransform
    let euler: (x: Double, y: Double, z: Double)

    init(_ m: Transform3D) {
        matrix = m
        parts = m.decomposed() ?? .identity
        euler = parts.eulerAngles
    }

    @inline(__always)
    func matches(_ m: Transform3D) -> Bool {
        let a = matrix
        return a.m11.bitPattern == m.m11.bitPattern && a.m12.bitPattern == m.m12.bitPattern
            && a.m13.bitPattern == m.m13.bitPattern && a.m14.bitPattern == m.m14.bitPattern
            && a.m21.bitPattern == m.m21.bitPattern && a.m22.bitPattern == m.m22.bitPattern
            && a.m23.bitPattern == m.m23.bitPattern && a.m24.bitPattern == m.m24.bitPattern
            && a.m31.bitPattern == m.m31.bitPattern && a.m32.bitPattern == m.m32.bitPattern
            && a.m33.bitPattern == m.m33.bitPattern && a.m34.bitPattern == m.m34.bitPattern
            && a.m41.bitPattern == m.m41.bitPattern && a.m42.bitPattern == m.m42.bitPattern
            && a.m43.bitPattern == m.m43.bitPattern && a.m44.bitPattern == m.m44.bitPattern
    }
}
