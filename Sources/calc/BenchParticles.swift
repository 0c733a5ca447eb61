// `calc bench --particles`: issue 12's speed case (a), 10 000 live particles of a 32×32 sprite on a
// 1280×720 canvas: one emitter layer's presentation (particles at fixed pseudo-random places,
// scales 0.8–1.2, every rotation, tints of every hue at alpha 0.6–1; the cell's default filters,
// linear: bilinear on the image, as Skia is asked for) lowered by Compose to one
// sprite batch and rasterized. Frames per second on one core (Compose + raster, and the raster
// alone) and on all cores (frames spread over the cores, as `calc bench` does for the peer scenes,
// and one frame split into bands drawn in parallel), beside Skia's Canvas.drawAtlas of the same
// sprites, placements and tints (scripts/skia-atlas.py, run in the same process tree right after;
// a visible "skipped" line without skia-python). Medians of --runs × 10 frames; thread CPU time is
// the fairer single-core figure on a shared machine, and the ratios use it.

import Foundation
import CalcCore
import Compose
import DisplayList
import Render
import CalcSnapshot

extension Bench {
    static let particleCount = 10_000
    static let spriteSide = 32

    /// A soft white dot: opaque in the middle, fading to transparent at radius 15 (premultiplied).
    static func particleSprite() -> Framebuffer {
        let n = spriteSide
        var fb = Framebuffer(width: n, height: n)
        for y in 0..<n {
            for x in 0..<n {
                let dx = Double(x) + 0.5 - Double(n) / 2, dy = Double(y) + 0.5 - Double(n) / 2
                let r = (dx * dx + dy * dy).squareRoot() / (Double(n) / 2 - 1)
                let a = r >= 1 ? 0 : (1 - r * r) * (1 - r * r)
                let b = UInt8((a * 255).rounded())
                fb[x, y] = PixelMath.pack(b, b, b, b)
            }
        }
        return fb
    }

    /// The benchmark's scene: an emitter layer holding `particleCount` particles.
    static func particleScene() -> PresentationScene {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        var e = EmitterStyle()
        e.cells = [EmitterStyle.Cell(name: "spark", contents: "spark", contentsRect: Rect(0, 0, 1, 1))]
        e.particles = (0..<particleCount).map { i in
            let x = next() * 1300 - 10, y = next() * 740 - 10
            let h = next() * 6, a = 0.6 + 0.4 * next()
            // a hue: two of r, g, b ramp, one is off
            let k = Int(h), f = h - Double(k)
            let rgb: (Double, Double, Double) = [(1, f, 0), (1 - f, 1, 0), (0, 1, f), (0, 1 - f, 1), (f, 0, 1), (1, 0, 1 - f)][k % 6]
            return EmitterStyle.Particle(position: Point(x, y), z: 0, scale: 0.8 + 0.4 * next(), rotation: next() * 2 * .pi,
                                         color: Color(rgb.0, rgb.1, rgb.2, a), cell: 0, age: 0, lifetime: 1, id: UInt64(i))
        }
        var layer = PresentationLayer(name: "emitter", bounds: Rect(0, 0, 1280, 720), position: Point(640, 360))
        layer.kind = .emitter
        layer.emitter = e
        let root = PresentationLayer(name: "root", bounds: Rect(0, 0, 1280, 720), position: Point(640, 360), sublayers: [layer])
        return PresentationScene(size: Size(1280, 720), scale: 1, background: .clear, origin: .topLeft, root: root)
    }

    func benchParticles() throws {
        let sprite = Bench.particleSprite()
        let painter = Painter(images: ["spark": sprite])
        let scene = Bench.particleScene()
        let renderer = Renderer()
        var fb = Framebuffer(width: 1, height: 1)
        let frames = 10
        let list = painter.displayList(scene)
        func time(_ body: () -> Void) -> (wall: Double, cpu: Double) {
            body()     // warm-up: scratch buffers and sprite textures are made once
            var wall: [Double] = [], cpu: [Double] = []
            for _ in 0..<max(1, runs) {
                let c0 = Bench.threadCPUms(), t0 = Date()
                for _ in 0..<frames { body() }
                wall.append(Date().timeIntervalSince(t0) * 1000 / Double(frames))
                cpu.append((Bench.threadCPUms() - c0) / Double(frames))
            }
            return (median(wall), median(cpu))
        }
        let best = SpriteKernel.best
        // the raster on each kernel path the CPU has (the same bytes on every one), widest last
        var paths: [(name: String, ms: Double)] = []
        for level in 0...best {
            SpriteKernel.setLevel(level)
            let r = time { renderer.render(list, images: painter.images, into: &fb) }
            paths.append((["plain C", "AVX2", "AVX-512"][level], r.cpu))
        }
        SpriteKernel.setLevel(best)
        let whole = time { painter.render(scene, with: renderer, into: &fb) }
        let raster = time { renderer.render(list, images: painter.images, into: &fb) }
        let compose = time { _ = painter.displayList(scene) }
        if let png { try Files.writeAtomically(PNGEncoder.encode(fb), to: png) }
        let ours = fb

        // all cores, frames spread over them (each worker its own renderer)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let total = frames * max(1, runs) * cores
        let state = RenderState()
        let t0 = Date()
        DispatchQueue.concurrentPerform(iterations: cores) { _ in
            let r = Renderer()
            var b = Framebuffer(width: 1, height: 1)
            while state.next(total) != nil { painter.render(scene, with: r, into: &b) }
        }
        let parallelFPS = Double(total) / Date().timeIntervalSince(t0)
        // other processes on the machine take cores from the wall-time figure: say how busy it was
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "unknown"

        // Skia's drawAtlas of the same sprites: RSXform (scos, ssin, tx, ty) is the placement's
        // first column and translation (uniform scale and rotation: the placement has no shear here)
        var skia = "skipped: scripts/skia-atlas.py not found (run from the repository)"
        var skiaMs: (wall: Double, cpu: Double, overhead: Double)?
        var skiaDiff: String?
        let script = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("../../../scripts/skia-atlas.py").standardizedFileURL.path
        var count = 0
        if let path = [script, "scripts/skia-atlas.py"].first(where: { FileManager.default.fileExists(atPath: $0) }) {
            var bytes = [UInt8]("CALCATLS".utf8)
            func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { bytes += $0 } }
            func f32(_ v: Double) { withUnsafeBytes(of: Float(v).bitPattern.littleEndian) { bytes += $0 } }
            var records: [UInt8] = []
            swap(&bytes, &records)
            for op in list.ops {
                guard case .sprites(let batch) = op else { continue }
                for s in batch.sprites {
                    let m = s.placement, t = s.tint
                    let a = t.a > 0 ? t.a : 1
                    for v in [m.a, m.b, m.tx, m.ty, t.r / a, t.g / a, t.b / a, t.a] { f32(v) }
                    count += 1
                }
            }
            swap(&bytes, &records)
            u32(list.width); u32(list.height); u32(Bench.spriteSide); u32(count)
            for p in sprite.pixels { bytes += [UInt8(p & 255), UInt8((p >> 8) & 255), UInt8((p >> 16) & 255), UInt8(p >> 24)] }
            bytes += records
            let tmp = FileManager.default.temporaryDirectory
            let raw = tmp.appendingPathComponent("calc-bench-atlas-\(getpid()).bin")
            let out = tmp.appendingPathComponent("calc-bench-atlas-\(getpid()).rgba")
            try Data(bytes).write(to: raw)
            defer { try? FileManager.default.removeItem(at: raw); try? FileManager.default.removeItem(at: out) }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["python3", path, raw.path, "--runs", String(max(3, runs * 3)), "--out", out.path]
            let pipe = Pipe()
            p.standardOutput = pipe
            p.standardError = pipe
            if (try? p.run()) != nil {
                let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                p.waitUntilExit()
                skia = text.trimmingCharacters(in: .whitespacesAndNewlines)
                for line in text.split(separator: "\n") where line.hasPrefix("skia median_ms=") {
                    var wall: Double?, cpu: Double?, over: Double?
                    for part in line.split(separator: " ") {
                        if part.hasPrefix("median_ms=") { wall = Double(part.dropFirst(10)) }
                        if part.hasPrefix("cpu_ms=") { cpu = Double(part.dropFirst(7)) }
                        if part.hasPrefix("overhead_ms=") { over = Double(part.dropFirst(12)) }
                    }
                    if let wall, let cpu, let over { skiaMs = (wall, cpu, over) }
                }
                // how far apart the two pictures are: mean absolute difference per channel
                if let theirs = FileManager.default.contents(atPath: out.path), theirs.count == ours.pixels.count * 4 {
                    var sum = 0, worst = 0
                    theirs.withUnsafeBytes { t in
                        for (i, px) in ours.pixels.enumerated() {
                            for c in 0..<4 {
                                let d = abs(Int((px >> (8 * UInt32(c))) & 255) - Int(t[i * 4 + c]))
                                sum += d; worst = max(worst, d)
                            }
                        }
                    }
                    skiaDiff = String(format: "%.3f", Double(sum) / Double(ours.pixels.count * 4)) + " (largest \(worst))"
                }
            } else {
                skia = "skipped: python3 could not be run"
            }
        }
        func f(_ x: Double, _ d: Int = 2) -> String { String(format: "%.\(d)f", x) }
        var lines = """
        calc bench --particles — \(Bench.particleCount) particles of a \(Bench.spriteSide)x\(Bench.spriteSide) sprite on 1280x720 (scale 0.8-1.2, any rotation, tinted), median of \(max(1, runs)) runs of \(frames) frames
          1 core, Compose + raster               \(f(whole.cpu)) ms CPU (\(f(whole.wall)) ms wall) = \(f(1000 / whole.cpu, 1)) fps
            Compose (lowering to one batch)      \(f(compose.cpu)) ms CPU
            raster                               \(f(raster.cpu)) ms CPU = \(f(1000 / raster.cpu, 1)) fps
        \(paths.map { "      raster, \($0.name) kernel" .padding(toLength: 41, withPad: " ", startingAt: 0) + "\(f($0.ms)) ms CPU = \(f(1000 / $0.ms, 1)) fps" }.joined(separator: "\n"))
          all \(cores) cores, frames in parallel        \(f(parallelFPS, 1)) fps (wall; load average \(load) while measuring)

        """
        if let s = skiaMs {
            let net = max(0.001, s.cpu - s.overhead)
            lines += """
              Skia drawAtlas, same sprites           \(f(s.cpu)) ms CPU (\(f(s.wall)) ms wall) = \(f(1000 / s.cpu, 1)) fps
                of which the Python call            \(f(s.overhead)) ms CPU; without it \(f(net)) ms = \(f(1000 / net, 1)) fps
              calc raster / Skia (CPU, net)          \(f(raster.cpu / net))× the time (\(f(net / raster.cpu))× Skia's frame rate)
              calc frame / Skia (CPU, net)           \(f(whole.cpu / net))× the time (\(f(net / whole.cpu))× Skia's frame rate)

            """
            if let d = skiaDiff { lines += "  pixels vs Skia: mean |difference|     \(d) per channel (0-255)\n" }
        } else {
            lines += "  Skia                                   \(skia)\n"
        }
        Console.out(lines + "\n")
    }
}
