// Particles benchmark: frames of reference emitters, best of N, in a release build. Run ./run.sh.
// Not a package target so it adds nothing to `swift build`; it links the release objects directly.
import CalcCore
import Particles
#if canImport(Glibc)
import Glibc
#endif
func now() -> Double { var ts = timespec(); clock_gettime(CLOCK_MONOTONIC, &ts); return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9 }
func bench(_ name: String, _ e: Emitter, t: Double, limits: EmitterLimits = .standard, reps: Int = 20) {
    var n = 0; var best = 1e9; var th = 1.0
    for r in 0..<reps { let t0 = now(); let f = e.frame(at: t + Double(r) * 0.01, limits: limits); let dt = now() - t0; best = min(best, dt); n = f.particles.count; th = f.thinning }
    print("\(name): \(n) particles, best \(String(format: "%.3f", best * 1000)) ms (\(String(format: "%.0f", best / Double(max(n,1)) * 1e9)) ns/particle), thinning \(th)")
}
// Seed 002 waterfall with droplets
var cell = EmitterCell(); cell.contents = "c"; cell.birthRate = 100; cell.lifetime = 1.5; cell.velocity = 100; cell.emissionRange = .pi / 5
cell.xAcceleration = -40; cell.yAcceleration = 200; cell.lifetimeRange = 0.4; cell.velocityRange = 20; cell.scaleRange = 0.2; cell.scaleSpeed = 0.2
cell.color = Color(0,0,1); cell.greenRange = 0.5; cell.greenSpeed = 0.75
var cell2 = EmitterCell(); cell2.contents = "c"; cell2.emissionRange = .pi; cell2.birthRate = 200; cell2.lifetime = 0.4; cell2.velocity = 200; cell2.scale = 0.2; cell2.beginTime = 0.04; cell2.duration = 0.2
var e = Emitter(); e.emitterPosition = Point(30, 100); e.emitterCells = [cell]
let onlyHistory = CommandLine.arguments.count > 1
if !onlyHistory { bench("waterfall", e, t: 10) }
cell.emitterCells = [cell2]; e.emitterCells = [cell]
if !onlyHistory { bench("waterfall+droplets", e, t: 10) }
var big = cell; big.emitterCells = []; big.birthRate = 20000; big.lifetime = 4; big.lifetimeRange = 1
e.emitterCells = [big]; e.emitterShape = .rectangle; e.emitterSize = Size(300, 100)
if !onlyHistory { bench("20k/s x 4s rect", e, t: 10) }
big.birthRate = 1e7; e.emitterCells = [big]
if !onlyHistory { bench("absurd (cap 100k)", e, t: 10) }
var fw = EmitterCell(); fw.birthRate = 2; fw.lifetime = 2; fw.velocity = 300; fw.emissionRange = 0.5; fw.emissionLongitude = -.pi/2; fw.yAcceleration = 150
var spark = EmitterCell(); spark.contents = "s"; spark.birthRate = 3000; spark.lifetime = 2; spark.velocity = 80; spark.emissionRange = 2 * .pi; spark.beginTime = 1.5; spark.duration = 1.6; spark.alphaSpeed = -0.5
var trail = EmitterCell(); trail.contents = "t"; trail.birthRate = 60; trail.lifetime = 0.5; trail.duration = 1.5
fw.emitterCells = [trail, spark]; e = Emitter(); e.emitterCells = [fw]
if !onlyHistory { bench("fireworks 3 levels", e, t: 20) }

// history with 10k segments (per-frame sampled moving emitter), 60 fps for ~167 s
var h = EmitterHistory(Emitter(), since: 0)
var base = Emitter(); base.emitterCells = [cell]
for i in 0..<10000 { var x = base; x.emitterPosition = Point(Double(i % 300), 100); h.set(x, at: Double(i) / 60) }
var best = 1e9; var n = 0
for r in 0..<5 { let t0 = now(); let f = h.frame(at: 166 + Double(r) * 0.01); best = min(best, now() - t0); n = f.particles.count }
print("history 10k segments: \(n) particles, best \(String(format: "%.3f", best * 1000)) ms")
