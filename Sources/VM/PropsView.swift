// A layer's presentation values as its model array plus the few slots this frame's animations
// changed. Copying a layer's whole property array (some 80 values, the boxed ones retained one by
// one and released again after the frame) to change one or two slots was over a third of the
// presentation tree's cost per animated layer; the view reads the model array in place.

import CalcCore

struct PropsView {
    /// The values under the overrides (the model array, shared, or a copy once materialized).
    private(set) var base: [Value]
    // Up to four overridden slots inline (no allocation); a fifth materializes the array.
    private var count = 0
    private var s0 = -1, s1 = -1, s2 = -1, s3 = -1
    private var v0 = Value.none, v1 = Value.none, v2 = Value.none, v3 = Value.none

    init(base: [Value]) { self.base = base }

    subscript(i: Int) -> Value {
        get {
            if count > 0 {
                if s0 == i { return v0 }
                if s1 == i { return v1 }
                if s2 == i { return v2 }
                if s3 == i { return v3 }
            }
            return base[i]
        }
        set {
            if s0 == i { v0 = newValue; return }
            if s1 == i { v1 = newValue; return }
            if s2 == i { v2 = newValue; return }
            if s3 == i { v3 = newValue; return }
            switch count {
            case 0: s0 = i; v0 = newValue
            case 1: s1 = i; v1 = newValue
            case 2: s2 = i; v2 = newValue
            case 3: s3 = i; v3 = newValue
            default:
                base = array
                base[i] = newValue
                self = PropsView(base: base)
                return
            }
            count += 1
        }
    }

    /// Calls `body` with each overridden slot and its value, in the order they were first written
    /// (none once a fifth slot materialized the array).
    @inline(__always)
    func forEachOverride(_ body: (Int, Value) -> Void) {
        guard count > 0 else { return }
        body(s0, v0)
        if count > 1 { body(s1, v1) }
        if count > 2 { body(s2, v2) }
        if count > 3 { body(s3, v3) }
    }

    /// The values as one array (the model array with the overrides written in).
    var array: [Value] {
        guard count > 0 else { return base }
        var a = base
        if s0 >= 0 { a[s0] = v0 }
        if s1 >= 0 { a[s1] = v1 }
        if s2 >= 0 { a[s2] = v2 }
        if s3 >= 0 { a[s3] = v3 }
        return a
    }
}
