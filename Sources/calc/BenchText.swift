// `calc bench --text`: issue 12's speed case (c), a frame of 500 text labels (12–24 pt, mixed
// strings: Latin with kerning pairs and ligatures, accents, numbers, Hebrew and Arabic) at 1280×720,
// in ms per frame (Compose + rasterize, one core, after a warm-up frame that fills the font caches),
// beside Pillow's ImageDraw.text drawing the same strings at the same sizes and places in the same
// run (scripts/bench_text.py; a visible skip line without Pillow). Figures are medians of --runs.

import Foundation
import CalcCore
import Render
import CalcSnapshot
import TextLayout

extension Bench {
    /// The 500 labels: string, size, top-left corner, colour — the same for both renderers.
    static func textLabels() -> [(String, Double, Point, Color)] {
        let strings = ["Quartz glyph", "AVAWAY office", "Total: 1 234,56 €", "naïve café résumé", "fi fl ffi",
                       "שלום עולם", "مرحبا بالعالم", "Layer 42", "Transactions", "Ångström Œuvre",
                       "The quick brown fox", "jumps over 13 lazy dogs", "CATextLayer", "x² + y² = r²", "Zoë & Chloë"]
        var out: [(String, Double, Point, Color)] = []
        for i in 0..<500 {
            let s = strings[(i * 7) % strings.count]
            let size = 12 + Double((i * 5) % 13)
            let x = Double((i * 97) % 1150), y = Double((i * 53) % 690)
            let c = Color(Double((i * 37) % 200) / 255, Double((i * 59) % 200) / 255, Double((i * 83) % 200) / 255)
            out.append((s, size, Point(x, y), c))
        }
        return out
    }

    func benchText() throws {
        let text = TextMeasure()
        let labels = Bench.textLabels()
        var layers: [PresentationLayer] = []
        for (s, size, p, c) in labels {
            var style = TextStyle()
            style.string = s
            style.fontSize = size
            style.color = c
            let natural = text.size(of: s, font: style.font, fontSize: size)
            var l = PresentationLayer(bounds: Rect(0, 0, natural.width, natural.height),
                                      position: Point(p.x + natural.width / 2, p.y + natural.height / 2))
            l.kind = .text
            l.text = style
            layers.append(l)
        }
        let root = PresentationLayer(name: "root", bounds: Rect(0, 0, 1280, 720), position: Point(640, 360), sublayers: layers)
        let scene = PresentationScene(size: Size(1280, 720), scale: 1, background: .white, origin: .topLeft, root: root)
        let painter = Painter(text: text)
        let renderer = Renderer()
        var fb = Framebuffer(width: 1, height: 1)
        painter.render(scene, with: renderer, into: &fb)      // warm-up: shapes and outlines cached
        let frames = 10
        var composeMs: [Double] = [], rasterMs: [Double] = [], totalMs: [Double] = []
        for _ in 0..<max(1, runs) {
            var t = Date()
            var list = painter.displayList(scene)
            for _ in 1..<frames { list = painter.displayList(scene) }
            composeMs.append(Date().timeIntervalSince(t) * 1000 / Double(frames))
            t = Date()
            for _ in 0..<frames { renderer.render(list, into: &fb) }
            rasterMs.append(Date().timeIntervalSince(t) * 1000 / Double(frames))
            t = Date()
            for _ in 0..<frames { painter.render(scene, with: renderer, into: &fb) }
            totalMs.append(Date().timeIntervalSince(t) * 1000 / Double(frames))
        }
        if let png { try Files.writeAtomically(PNGEncoder.encode(fb), to: png) }
        let glyphs = labels.reduce(0) { $0 + $1.0.unicodeScalars.count }

        // Pillow, the same labels, in the same run
        var pillow = "skipped: python3 could not be run"
        let fontFile = text.shape("A", font: TextStyle().font).glyphs.first?.glyphs.first.flatMap { text.faceFile($0.face) }
        if let fontFile {
            let spec: [String: Any] = ["width": 1280, "height": 720, "font": fontFile.file, "runs": max(1, runs), "frames": frames,
                                       "labels": labels.map { s, size, p, c in
                                           ["text": s, "size": size, "x": p.x, "y": p.y,
                                            "color": [Int(c.r * 255), Int(c.g * 255), Int(c.b * 255)]] as [String: Any] }]
            let dir = FileManager.default.temporaryDirectory
            let specURL = dir.appendingPathComponent("calc-bench-text-\(getpid()).json")
            try JSONSerialization.data(withJSONObject: spec).write(to: specURL)
            defer { try? FileManager.default.removeItem(at: specURL) }
            let script = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                .appendingPathComponent("../../../scripts/bench_text.py").standardizedFileURL.path
            let candidates = [script, "scripts/bench_text.py"]
            if let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) {
                let p = Process()
                p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                p.arguments = ["python3", path, specURL.path]
                let out = Pipe()
                p.standardOutput = out
                p.standardError = out
                if (try? p.run()) != nil {
                    p.waitUntilExit()
                    pillow = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                        .trimmingCharacters(in: .whitespacesAndNewlines)
                }
            } else {
                pillow = "skipped: scripts/bench_text.py not found (run from the repository)"
            }
        }
        func f(_ x: Double, _ d: Int = 2) -> String { String(format: "%.\(d)f", x) }
        var pillowLine = "  Pillow ImageDraw.text                  \(pillow)"
        if let ms = pillow.split(separator: " ").first.flatMap({ Double($0) }) {
            pillowLine = "  Pillow ImageDraw.text                  \(f(ms)) ms/frame \(pillow.split(separator: " ").dropFirst(2).joined(separator: " "))\n"
                + "  calc / Pillow                          \(f(median(totalMs) / ms, 2))× the time (\(f(ms / median(totalMs), 2))× faster)"
        }
        Console.out("""
        calc bench --text — 500 labels (12–24 pt, \(glyphs) characters), 1280x720, 1 core, median of \(max(1, runs)) runs of \(frames) frames
          Compose (layout + outlines → paths)    \(f(median(composeMs), 3)) ms/frame
          rasterize                              \(f(median(rasterMs), 3)) ms/frame
          whole frame                            \(f(median(totalMs), 3)) ms/frame
        \(pillowLine)

        """)
    }
}
