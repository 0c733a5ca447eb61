// `calc bench` without --scene: the three peer scenes of ../shared/bench (A "cards": 200 rotating
// translucent bordered cards; B "shadows": 50 gradient cards with Gaussian shadows; C "fillrate": 20
// full-frame translucent fills at 1920×1080) written as CAL, compiled and run, then every frame
// lowered and rasterized into memory — on one core, and on all cores — and the peers' own
// benchmarks run in the same invocation, so the ratios compare figures from one machine state.

import Foundation
import CalcCore
import Bytecode
import Compiler
import VM
import Render
import CalcSnapshot

extension Bench {
    /// One scene's figures.
    struct SceneResult {
        var name: String
        var frames: Int
        var composeMs: Double
        var rasterMs: Double
        var fps1: Double
        var fpsAll: Double
    }

    func benchPeerScenes() throws {
        let data = try Files.read(scenes)
        guard let doc = try? JSONSerialization.jsonObject(with: Data(data)) as? [String: Any],
              let all = doc["scenes"] as? [String: Any] else {
            throw CalcFailure(.io, "'\(scenes)' is not a peer benchmark scene file")
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var rows: [(SceneResult, [String: Double])] = []
        for (label, name) in [("A", "cards"), ("B", "shadows"), ("C", "fillrate")] {
            guard let s = all[name] as? [String: Any] else { throw CalcFailure(.io, "'\(scenes)' has no scene '\(name)'") }
            let r = try benchScene(name, s, cores: cores)
            var peerFps: [String: Double] = [:]
            for peer in peers.split(separator: ",").map(String.init) where python != "none" {
                if let fps = runPeer(peer, scene: name) { peerFps[peer] = fps }
            }
            rows.append((r, peerFps))
            if !json { Console.err("bench: scene \(label) '\(name)' done\n") }
        }
        if json {
            var out: [[String: Any]] = []
            for (r, p) in rows {
                out.append(["scene": r.name, "frames": r.frames, "compose_ms": r.composeMs, "raster_ms": r.rasterMs,
                            "fps_1core": r.fps1, "fps_all_cores": r.fpsAll, "cores": cores, "peers_fps": p])
            }
            let bytes = try JSONSerialization.data(withJSONObject: out, options: [.sortedKeys])
            Console.out(String(decoding: bytes, as: UTF8.self) + "\n")
            return
        }
        func f(_ x: Double, _ d: Int = 1) -> String { String(format: "%.\(d)f", x) }
        var text = "calc bench — peer scenes (../shared/bench), rendered into memory, \(cores) cores; frames/s (ms/frame)\n\n"
        text += "scene      compose   raster    calc 1 core        calc \(cores) cores     "
        let peerNames = peers.split(separator: ",").map(String.init)
        for p in peerNames { text += p.padding(toLength: 22, withPad: " ", startingAt: 0) }
        text += "\n"
        for (r, p) in rows {
            text += r.name.padding(toLength: 10, withPad: " ", startingAt: 0)
            text += (f(r.composeMs, 2) + " ms").padding(toLength: 10, withPad: " ", startingAt: 0)
            text += (f(r.rasterMs, 2) + " ms").padding(toLength: 10, withPad: " ", startingAt: 0)
            text += "\(f(r.fps1)) (\(f(1000 / r.fps1, 2)))".padding(toLength: 19, withPad: " ", startingAt: 0)
            text += "\(f(r.fpsAll)) (\(f(1000 / r.fpsAll, 2)))".padding(toLength: 19, withPad: " ", startingAt: 0)
            for name in peerNames {
                if let fps = p[name] {
                    text += "\(f(fps)) → ×\(f(r.fps1 / fps, 2))".padding(toLength: 22, withPad: " ", startingAt: 0)
                } else {
                    text += "—".padding(toLength: 22, withPad: " ", startingAt: 0)
                }
            }
            text += "\n"
        }
        text += "\n×N: calc on one core against the peer (single-threaded), frames/s over frames/s, measured in this run.\n"
        text += "compose: presentation tree → display list; raster: display list → pixels (1 core, median of \(max(1, runs)) runs).\n"
        Console.out(text)
    }

    /// Compiles, runs and renders one scene; medians of `runs` passes over all its frames.
    func benchScene(_ name: String, _ s: [String: Any], cores: Int) throws -> SceneResult {
        let source = try Bench.calSource(s)
        let r = Compiler.compile(SourceFile(name: name + ".cal", text: source))
        guard let program = r.program else {
            throw CalcFailure(.diagnostics, "the generated scene '\(name)' does not compile: \(r.diagnostics.first?.message ?? "")")
        }
        let frames = Timeline.frameCount(program.scene)
        let timeline = try Timeline.run(try ProgramLoader.verify(program, path: name), until: program.scene.duration)
        let presented = try (0..<frames).map { try timeline.presentation(at: timeline.frameTime($0)) }
        let painter = Painter()
        let renderer = Renderer()
        var fb = Framebuffer(width: 1, height: 1)
        painter.render(presented[0], with: renderer, into: &fb)      // warm-up
        var composeMs: [Double] = [], rasterMs: [Double] = [], fps1: [Double] = [], fpsAll: [Double] = []
        for _ in 0..<max(1, runs) {
            var t = Date()
            let lists = presented.map { painter.displayList($0) }
            composeMs.append(Date().timeIntervalSince(t) * 1000 / Double(frames))
            t = Date()
            for l in lists { renderer.render(l, images: painter.images, into: &fb) }
            rasterMs.append(Date().timeIntervalSince(t) * 1000 / Double(frames))
            t = Date()
            for sc in presented { painter.render(sc, with: renderer, into: &fb) }
            fps1.append(Double(frames) / Date().timeIntervalSince(t))
            let state = RenderState()
            t = Date()
            DispatchQueue.concurrentPerform(iterations: cores) { _ in
                let rr = Renderer()
                var b = Framebuffer(width: 1, height: 1)
                while let i = state.next(frames) { painter.render(presented[i], with: rr, into: &b) }
            }
            fpsAll.append(Double(frames) / Date().timeIntervalSince(t))
        }
        if let png, name == "cards" || png.contains(name) {
            painter.render(presented[min(60, frames - 1)], with: renderer, into: &fb)
            try Files.writeAtomically(PNGEncoder.encode(fb), to: png.contains(name) ? png : png + "." + name + ".png")
        }
        return SceneResult(name: name, frames: frames, composeMs: median(composeMs), rasterMs: median(rasterMs),
                           fps1: median(fps1), fpsAll: median(fpsAll))
    }

    /// Runs a peer's Python benchmark on a scene; its median frames per second, or nil (with a
    /// visible line) when it cannot run.
    func runPeer(_ peer: String, scene: String) -> Double? {
        let dir = (scenes as NSString).deletingLastPathComponent
        let script = (dir.isEmpty ? "." : dir) + "/bench_\(peer).py"
        guard FileManager.default.isExecutableFile(atPath: python), FileManager.default.fileExists(atPath: script) else {
            Console.err("bench: skipped peer \(peer): no \(python) or \(script) (run ../shared/bench/setup.sh)\n")
            return nil
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = [script, scene, "--runs", String(max(1, runs))]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch {
            Console.err("bench: skipped peer \(peer): \(error.localizedDescription)\n")
            return nil
        }
        let bytes = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            if let obj = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
               let fps = obj["fps_median"] as? Double {
                return fps
            }
        }
        Console.err("bench: skipped peer \(peer): it printed no result (exit \(p.terminationStatus))\n")
        return nil
    }

    /// The CAL source of a peer scene (make_scene.py's conventions: a layer's `pos` is its centre,
    /// angles in radians clockwise on screen; frame t shows u = t / (frames − 1)).
    static func calSource(_ s: [String: Any]) throws -> String {
        let w = (s["width"] as? Double) ?? 1280, h = (s["height"] as? Double) ?? 720
        let n = (s["frames"] as? Int) ?? 120
        let kind = (s["kind"] as? String) ?? "cards"
        let fps = 30.0
        func num(_ x: Double) -> String {
            if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
            return "\(x)"
        }
        func col(_ v: Any?) -> String {
            let c = (v as? [Double]) ?? [0, 0, 0, 1]
            return "rgba(\(num(c[0])), \(num(c[1])), \(num(c[2])), \(num(c.count > 3 ? c[3] : 1)))"
        }
        let bg = (s["background"] as? [Double]) ?? [1, 1, 1, 1]
        var out = """
        // Generated by `calc bench` from the peer benchmark scene '\(kind)' (../shared/bench/make_scene.py).
        scene {
            size: (\(num(w)), \(num(h)))
            fps: \(num(fps))
            duration: \(num(Double(n) / fps))s
            background: \(col(bg))
        }
        let span = \(num(Double(n - 1)))s / \(num(fps))

        """
        for (i, L) in ((s["layers"] as? [[String: Any]]) ?? []).enumerated() {
            if kind == "fillrate" {
                let r = (L["rect"] as? [Double]) ?? [0, 0, w, h]
                out += """
                layer fill\(i) {
                    bounds: (0, 0, \(num(r[2])), \(num(r[3])))
                    position: (\(num(r[0] + r[2] / 2)), \(num(r[1] + r[3] / 2)))
                    backgroundColor: \(col(L["fill_from"]))
                    animations {
                        tint: basic { keyPath: backgroundColor  from: \(col(L["fill_from"]))  to: \(col(L["fill_to"]))  duration: span }
                    }
                }

                """
                continue
            }
            let size = (L["size"] as? [Double]) ?? [0, 0]
            let from = (L["from"] as? [String: Any]) ?? [:], to = (L["to"] as? [String: Any]) ?? [:]
            let p0 = (from["pos"] as? [Double]) ?? [0, 0], p1 = (to["pos"] as? [Double]) ?? [0, 0]
            let a0 = (from["angle"] as? Double) ?? 0, a1 = (to["angle"] as? Double) ?? 0
            var style = ""
            if kind == "shadows" {
                let g = (L["gradient"] as? [String: Any]) ?? [:]
                let sh = (L["shadow"] as? [String: Any]) ?? [:]
                let colors = ((g["colors"] as? [Any]) ?? []).map { col($0) }.joined(separator: ", ")
                let locs = ((g["locations"] as? [Double]) ?? []).map(num).joined(separator: ", ")
                let st = (g["start"] as? [Double]) ?? [0.5, 0], en = (g["end"] as? [Double]) ?? [0.5, 1]
                let sc = (sh["color"] as? [Double]) ?? [0, 0, 0, 0.5]
                let off = (sh["offset"] as? [Double]) ?? [0, 0]
                style = """
                    colors: [\(colors)]
                    locations: [\(locs)]
                    startPoint: (\(num(st[0])), \(num(st[1])))
                    endPoint: (\(num(en[0])), \(num(en[1])))
                    shadowColor: \(col([sc[0], sc[1], sc[2], 1]))
                    shadowOpacity: \(num(sc.count > 3 ? sc[3] : 1))
                    shadowOffset: (\(num(off[0])), \(num(off[1])))
                    shadowRadius: \(num((sh["radius"] as? Double) ?? 0))

                """
            } else {
                style = """
                    backgroundColor: \(col(L["fill"]))
                    borderWidth: \(num((L["border_width"] as? Double) ?? 0))
                    borderColor: \(col(L["border"]))

                """
            }
            out += """
            layer card\(i)\(kind == "shadows" ? ": gradient" : "") {
                bounds: (0, 0, \(num(size[0])), \(num(size[1])))
                position: (\(num(p0[0])), \(num(p0[1])))
                transform: rotate(\(num(a0))rad)
                cornerRadius: \(num((L["radius"] as? Double) ?? 0))
            \(style)    animations {
                    move: basic { keyPath: position  from: (\(num(p0[0])), \(num(p0[1])))  to: (\(num(p1[0])), \(num(p1[1])))  duration: span }
                    turn: basic { keyPath: transform.rotation.z  from: \(num(a0))rad  to: \(num(a1))rad  duration: span }
                }
            }

            """
        }
        return out
    }
}
