// `calc bench --blur`: issue 12's speed case (b), a gaussianBlur of inputRadius 10 over a full
// 1280×720 layer (a gradient with 60 translucent rounded cards, and a transparent margin), in ms per
// frame on one core — the frame with the filter, the same frame without it, and the difference (what
// the filter costs: its offscreen group, the blur, the composite) — beside Pillow's
// ImageFilter.GaussianBlur(10) on the same picture (the unfiltered frame, premultiplied, as Pillow's
// "RGBa") measured in the same run by scripts/pillow-blur.py (a visible "skipped" line without it).
// Medians of --runs × 10 frames; thread CPU time is the fairer figure on a shared machine, and the
// ratio uses it.

import Foundation
import CalcCore
import Render
import CalcSnapshot

extension Bench {
    /// The benchmark's scene: one 1280×720 layer holding the picture, blurred by `radius` (0: no filter).
    static func blurScene(radius: Double) -> PresentationScene {
        var content = PresentationLayer(name: "content", bounds: Rect(0, 0, 1280, 720), position: Point(640, 360))
        var g = GradientStyle()
        g.colors = [Color(0.02, 0.84, 0.63), Color(0.07, 0.54, 0.7), Color(0.94, 0.28, 0.44), Color(1, 0.82, 0.4)]
        g.startPoint = Point(0, 0); g.endPoint = Point(1, 1)
        var bg = PresentationLayer(name: "gradient", bounds: Rect(0, 0, 1200, 640), position: Point(640, 360), cornerRadius: 24)
        bg.kind = .gradient
        bg.gradient = g
        var cards: [PresentationLayer] = [bg]
        for i in 0..<60 {
            let x = Double((i * 211) % 1100) + 60, y = Double((i * 137) % 560) + 60
            let c = Color(Double((i * 37) % 255) / 255, Double((i * 91) % 255) / 255, Double((i * 53) % 255) / 255,
                          0.5 + Double(i % 5) / 10)
            cards.append(PresentationLayer(bounds: Rect(0, 0, 120, 80), position: Point(x, y), backgroundColor: c,
                                           cornerRadius: 12, borderWidth: 2, borderColor: .white))
        }
        content.sublayers = cards
        if radius > 0 { content.filters = [FilterState(kind: .gaussianBlur, name: "gaussianBlur", inputs: [radius])] }
        let root = PresentationLayer(name: "root", bounds: Rect(0, 0, 1280, 720), position: Point(640, 360), sublayers: [content])
        return PresentationScene(size: Size(1280, 720), scale: 1, background: .clear, origin: .topLeft, root: root)
    }

    func benchBlur() throws {
        let painter = Painter()
        let renderer = Renderer()
        var fb = Framebuffer(width: 1, height: 1)
        let frames = 10
        func time(_ scene: PresentationScene) -> (wall: Double, cpu: Double) {
            painter.render(scene, with: renderer, into: &fb)     // warm-up: scratch buffers grow once
            var wall: [Double] = [], cpu: [Double] = []
            for _ in 0..<max(1, runs) {
                let c0 = Bench.threadCPUms(), t0 = Date()
                for _ in 0..<frames { painter.render(scene, with: renderer, into: &fb) }
                wall.append(Date().timeIntervalSince(t0) * 1000 / Double(frames))
                cpu.append((Bench.threadCPUms() - c0) / Double(frames))
            }
            return (median(wall), median(cpu))
        }
        let plain = time(Bench.blurScene(radius: 0))
        let picture = fb
        let blurred = time(Bench.blurScene(radius: 10))
        if let png { try Files.writeAtomically(PNGEncoder.encode(fb), to: png) }
        fb = picture

        // Pillow on the same picture: the unfiltered frame, premultiplied bytes
        var pillow = "skipped: scripts/pillow-blur.py not found (run from the repository)"
        var pillowMs: (wall: Double, cpu: Double)?
        let script = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("../../../scripts/pillow-blur.py").standardizedFileURL.path
        if let path = [script, "scripts/pillow-blur.py"].first(where: { FileManager.default.fileExists(atPath: $0) }) {
            let raw = FileManager.default.temporaryDirectory.appendingPathComponent("calc-bench-blur-\(getpid()).rgba")
            var bytes = [UInt8]()
            bytes.reserveCapacity(fb.pixels.count * 4)
            for p in fb.pixels { bytes += [UInt8(p & 255), UInt8((p >> 8) & 255), UInt8((p >> 16) & 255), UInt8(p >> 24)] }
            try Data(bytes).write(to: raw)
            defer { try? FileManager.default.removeItem(at: raw) }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["python3", path, raw.path, String(fb.width), String(fb.height), "--sigma", "10",
                           "--runs", String(max(3, runs * 3))]
            let out = Pipe()
            p.standardOutput = out
            p.standardError = out
            if (try? p.run()) != nil {
                let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                p.waitUntilExit()
                pillow = text.trimmingCharacters(in: .whitespacesAndNewlines)
                for line in text.split(separator: "\n") where line.hasPrefix("pillow sigma=") {
                    var wall: Double?, cpu: Double?
                    for part in line.split(separator: " ") {
                        if part.hasPrefix("median_ms=") { wall = Double(part.dropFirst(10)) }
                        if part.hasPrefix("cpu_ms=") { cpu = Double(part.dropFirst(7)) }
                    }
                    if let wall, let cpu { pillowMs = (wall, cpu) }
                }
            } else {
                pillow = "skipped: python3 could not be run"
            }
        }
        func f(_ x: Double, _ d: Int = 2) -> String { String(format: "%.\(d)f", x) }
        let cost = (wall: blurred.wall - plain.wall, cpu: blurred.cpu - plain.cpu)
        var lines = """
        calc bench --blur — gaussianBlur(inputRadius: 10) over a full 1280x720 layer, 1 core, median of \(max(1, runs)) runs of \(frames) frames
          frame with the filter                  \(f(blurred.wall)) ms (thread CPU \(f(blurred.cpu)) ms)
          the same frame without it              \(f(plain.wall)) ms (thread CPU \(f(plain.cpu)) ms)
          the filter's cost (the difference)     \(f(cost.wall)) ms (thread CPU \(f(cost.cpu)) ms)

        """
        if let pm = pillowMs {
            lines += """
              Pillow GaussianBlur(10), same picture  \(f(pm.wall)) ms (thread CPU \(f(pm.cpu)) ms)
              filter / Pillow (CPU)                  \(f(cost.cpu / pm.cpu))× the time (\(f(pm.cpu / cost.cpu, 1))× faster)
              whole filtered frame / Pillow (CPU)    \(f(blurred.cpu / pm.cpu))× the time

            """
        } else {
            lines += "  Pillow                                 \(pillow)\n"
        }
        Console.out(lines + "\n")
    }

    /// CPU time of this thread in ms (not counting time the scheduler gave to other processes).
    static func threadCPUms() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }
}
