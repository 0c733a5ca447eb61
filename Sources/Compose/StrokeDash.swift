// A dash pattern made ready for walking (Core Graphics' rules, Skia's where Core Graphics is silent):
// an odd-length pattern repeats as if written twice; a pattern with a negative or non-finite length,
// or whose lengths add up to zero, is no pattern (a solid stroke); the phase is taken modulo the
// period, a negative one counting back from the end.

/// A normalized dash pattern and where its phase starts it.
struct StrokeDashes {
    /// On and off lengths alternately, an even count, period > 0.
    let lengths: [Double]
    let period: Double
    /// Where the phase puts the start of every piece: the entry, and what is left of it.
    let startIndex: Int
    let startRemaining: Double

    init?(_ dashes: [Double], phase: Double) {
        guard !dashes.isEmpty, dashes.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        let lengths = dashes.count % 2 == 1 ? dashes + dashes : dashes
        let period = lengths.reduce(0, +)
        guard period > 0, period.isFinite else { return nil }
        var p = phase.isFinite ? phase.truncatingRemainder(dividingBy: period) : 0
        if p < 0 { p += period }
        // a phase at the end of an entry starts the next one, except at a zero-length dash, which
        // is drawn (a dot at the start of a dotted line)
        var i = 0
        while i < lengths.count, p > lengths[i] || (p == lengths[i] && lengths[i] > 0) {
            p -= lengths[i]
            i += 1
        }
        if i == lengths.count { i = 0; p = 0 }      // p rounded up to the period
        self.lengths = lengths
        self.period = period
        startIndex = i
        startRemaining = lengths[i] - p
    }
}
