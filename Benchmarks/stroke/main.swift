// The stroke outliner (Sources/Compose/Stroke*.swift) on realistic paths, release build: a wave of
// 100 cubic Béziers across 1000 px stroked 8 px wide with round joins and caps, solid and dashed
// [12, 6]; the same with miter joins and butt caps; a ring of a 100 px circle dashed with round caps.
// Best of 7 runs of 200 outlines each (thread CPU time), tolerance 0.1 px at scale 1. skia_stroke.py times Skia's stroker
// (Paint.getFillPath, the same paths and styles) for the ratio. run.sh builds and links this.

import Foundation
import CalcCore
import DisplayList
import Compose

func wave() -> Path {
    var p = Path()
    p.move(to: Point(0, 100))
    for i in 0..<100 {
        let x0 = Double(i) * 10, s: Double = i % 2 == 0 ? 1 : -1
        p.addCurve(to: Point(x0 + 10, 100), control1: Point(x0 + 3, 100 - 90 * s), control2: Point(x0 + 7, 100 - 90 * s))
    }
    return p
}

func circle() -> Path {
    var p = Path()
    p.addEllipse(in: Rect(0, 0, 200, 200.000001))   // four cubics, as ellipsePath gives
    return p
}

/// This thread's CPU time in µs (the machine is shared: wall time counts other processes' turns).
func cpuMicros() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1e6 + Double(t.tv_nsec) / 1e3
}

func best(_ runs: Int, _ reps: Int, _ body: () -> Int) -> (Double, Int) {
    var out = Double.infinity, n = 0
    for _ in 0..<runs {
        let t0 = cpuMicros()
        for _ in 0..<reps { n = body() }
        out = min(out, (cpuMicros() - t0) / Double(reps))
    }
    return (out, n)
}

let cases: [(String, Path, StrokeStyle)] = [
    ("wave, round joins and caps", wave(), StrokeStyle(width: 8, cap: .round, join: .round)),
    ("wave, round, dashed [12, 6]", wave(), StrokeStyle(width: 8, cap: .round, join: .round, dashes: [12, 6])),
    ("wave, miter, butt", wave(), StrokeStyle(width: 8, cap: .butt, join: .miter)),
    ("circle r 100, dashed [6, 4], round caps", circle(), StrokeStyle(width: 4, cap: .round, join: .round, dashes: [6, 4])),
]
// an argument picks the cases whose name contains it; each case runs twice (the first pass warms the allocator)
let only = CommandLine.arguments.dropFirst().first
for (name, path, style) in cases + cases where only.map({ name.contains($0) }) ?? true {
    let (us, n) = best(7, 200) { Stroker.outline(path.elements[...], style: style, tolerance: 0.1).elements.count }
    print(name.padding(toLength: 42, withPad: " ", startingAt: 0) + String(format: " %8.1f µs   %6d elements", us, n))
}
