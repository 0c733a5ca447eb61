// render-bench --blur: GaussianBlur on a full 1280×720 premultiplied RGBA layer (issue 12, Speed (b)) at
// σ = 2, 10 and 50 (the cost must not grow with σ), and on a 300×200 A8 shadow sprite, each beside
// Pillow's ImageFilter.GaussianBlur on the same image measured in the same run (scripts/pillow-blur.py,
// run through python3; a visible "skipped" line when python3 or Pillow is missing).
// Figures are medians over runs, wall and thread CPU time; the image is restored before each timed blur.

import Foundation
import Render

/// A layer-like test image: a smooth translucent gradient with hard-edged opaque and translucent boxes
/// and a transparent border, premultiplied.
func blurTestImage(width w: Int, height h: Int) -> [UInt32] {
    var px = [UInt32](repeating: 0, count: w * h)
    for y in 0..<h {
        for x in 0..<w {
            var a = 90 + (x * 165) / max(1, w - 1)
            var r = (x * 255) / max(1, w - 1), g = (y * 255) / max(1, h - 1), b = 255 - (x + y) % 256
            if (x / 97 + y / 61) % 3 == 0 { r = 250; g = 40; b = 30; a = 255 }
            if (x / 53 + y / 89) % 4 == 1 { r = 20; g = 200; b = 90; a = 160 }
            if x < 40 || y < 40 || x >= w - 40 || y >= h - 40 { a = 0 }
            px[y * w + x] = PixelMath.pack(UInt8(r * a / 255), UInt8(g * a / 255), UInt8(b * a / 255), UInt8(a))
        }
    }
    return px
}

/// Median wall and thread-CPU ms of `runs` calls of `body`, each after `reset`, and the minimum CPU ms
/// (the least disturbed run on a shared machine).
func timeBlur(runs: Int, reset: () -> Void, _ body: () -> Void) -> (wall: Double, cpu: Double, minCPU: Double) {
    let clock = ContinuousClock()
    reset(); body()   // warm-up: scratch grows once
    var wall: [Double] = [], cpu: [Double] = []
    for _ in 0..<runs {
        reset()
        let c0 = threadCPUms()
        wall.append(ms(clock.measure(body)))
        cpu.append(threadCPUms() - c0)
    }
    return (median(wall), median(cpu), cpu.min() ?? 0)
}

/// Runs scripts/pillow-blur.py on raw RGBA bytes; returns its stdout lines (or a reason it could not run).
func runPillow(raw: String, width: Int, height: Int, sigmas: [Double], runs: Int, out: String?) -> [String] {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/pillow-blur.py").path
    guard FileManager.default.fileExists(atPath: script) else { return ["pillow skipped: \(script) not found"] }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    var args = ["python3", script, raw, String(width), String(height), "--runs", String(runs)]
    for s in sigmas { args += ["--sigma", String(s)] }
    if let out { args += ["--out", out] }
    p.arguments = args
    let pipe = Pipe()
    p.standardOutput = pipe
    do { try p.run() } catch { return ["pillow skipped: cannot run python3 (\(error))"] }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    if p.terminationStatus != 0 { return lines + ["pillow skipped: python3 exited with \(p.terminationStatus)"] }
    return lines
}

/// Reads "key=value" fields of a pillow line.
func field(_ line: String, _ key: String) -> Double? {
    for part in line.split(separator: " ") where part.hasPrefix(key + "=") {
        return Double(part.dropFirst(key.count + 1))
    }
    return nil
}

func blurBench(runs: Int) {
    let w = 1280, h = 720
    let source = blurTestImage(width: w, height: h)
    var work = source
    let blur = GaussianBlur()
    let sigmas: [Double] = [2, 10, 50]
    var ours: [Double: (wall: Double, cpu: Double, minCPU: Double)] = [:]
    var axes: [String] = []
    for s in sigmas {
        ours[s] = timeBlur(runs: runs, reset: { work = source }) {
            work.withUnsafeMutableBufferPointer { blur.blur(rgba: $0.baseAddress!, width: w, height: h, stride: w, sigma: s) }
        }
    }
    // where the time goes at σ = 10: each axis alone
    for (sx, sy, what) in [(10.0, 0.0, "rows (horizontal) only"), (0.0, 10.0, "columns (vertical) only")] {
        let t = timeBlur(runs: runs, reset: { work = source }) {
            work.withUnsafeMutableBufferPointer { blur.blur(rgba: $0.baseAddress!, width: w, height: h, stride: w, sigmaX: sx, sigmaY: sy) }
        }
        axes.append("  σ = 10, \(what): \(f(t.wall)) ms (\(f(t.cpu)); min \(f(t.minCPU)))")
    }
    // our σ = 10 result, for the comparison with Pillow's away from the borders
    work = source
    work.withUnsafeMutableBufferPointer { blur.blur(rgba: $0.baseAddress!, width: w, height: h, stride: w, sigma: 10) }

    let dir = FileManager.default.temporaryDirectory.path
    let raw = dir + "/calc-blur-bench-\(getpid()).rgba", pilOut = raw + ".pil"
    let bytes = source.flatMap { p in [UInt8(p & 255), UInt8((p >> 8) & 255), UInt8((p >> 16) & 255), UInt8(p >> 24)] }
    _ = FileManager.default.createFile(atPath: raw, contents: Data(bytes))
    let pillow = runPillow(raw: raw, width: w, height: h, sigmas: [10] + sigmas.filter { $0 != 10 }, runs: runs, out: pilOut)
    var pil: [Double: (wall: Double, cpu: Double)] = [:]
    for line in pillow {
        if line.hasPrefix("pillow sigma="), let s = field(line, "sigma"), let m = field(line, "median_ms"), let c = field(line, "cpu_ms") {
            pil[s] = (m, c)
        } else {
            print(line)
        }
    }
    print("blur 1280×720 RGBA, \(runs) runs, median ms per blur (thread CPU ms median; min):")
    for s in sigmas {
        let o = ours[s]!
        var line = "  σ = \(f(s, 0)): calc \(f(o.wall)) ms (\(f(o.cpu)); min \(f(o.minCPU)))"
        if let p = pil[s] {
            line += ", Pillow GaussianBlur(\(f(s, 0))) \(f(p.wall)) ms (\(f(p.cpu))), calc is \(f(p.cpu / o.cpu, 1))× faster by CPU time"
        } else {
            line += ", Pillow skipped"
        }
        print(line)
    }
    for line in axes { print(line) }
    if let data = FileManager.default.contents(atPath: pilOut), data.count == w * h * 4 {
        // Pillow clamps at the image's edge where calc sees transparency, so compare 4σ away from it
        var maxDiff = 0, sum = 0, n = 0
        data.withUnsafeBytes { (b: UnsafeRawBufferPointer) in
            for y in 40..<(h - 40) {
                for x in 40..<(w - 40) {
                    let p = work[y * w + x]
                    for c in 0..<4 {
                        let d = abs(Int((p >> UInt32(8 * c)) & 255) - Int(b[(y * w + x) * 4 + c]))
                        maxDiff = max(maxDiff, d); sum += d; n += 1
                    }
                }
            }
        }
        print("  σ = 10 against Pillow's result (4σ from the edges): max \(maxDiff)/255, mean \(f(Double(sum) / Double(n), 3))/255")
    }
    try? FileManager.default.removeItem(atPath: raw)
    try? FileManager.default.removeItem(atPath: pilOut)

    // a shadow sprite: a 300×200 A8 mask holding a rounded rectangle inside a 3σ margin
    let mw = 300, mh = 200
    for s in [5.0, 15] {
        let m = GaussianBlur.margin(sigma: s)
        var mask = [UInt8](repeating: 0, count: mw * mh)
        for y in m..<(mh - m) { for x in m..<(mw - m) { mask[y * mw + x] = 255 } }
        let src = mask
        var blurred = mask
        let t = timeBlur(runs: runs * 4, reset: { blurred = src }) {
            blurred.withUnsafeMutableBufferPointer { blur.blur(mask: $0.baseAddress!, width: mw, height: mh, stride: mw, sigma: s) }
        }
        print("blur 300×200 A8 shadow sprite, σ = \(f(s, 0)): \(f(t.wall, 3)) ms (\(f(t.cpu, 3)); min \(f(t.minCPU, 3)))")
    }
}
