// `calc bench --lottie`: whole-frame playback (presentation tree + raster, one core, into memory) of
// the 200-layer "cards" Lottie animation of ../shared/bench/bench_lottie.py, written in CAL, beside
// rlottie-python and thorvg-python playing the Lottie document itself in the same run (issue 14,
// acceptance 5). The Lottie document comes from the script's own seeded generator (`make_lottie`,
// run by --python), so both sides play exactly the same data; Swift turns it into CAL.

import Foundation
import CalcCore
import Bytecode
import Compiler
import VM
import Render
import CalcSnapshot

extension Bench {
    func benchLottie() throws {
        let dir = ((scenes as NSString).deletingLastPathComponent as String).isEmpty ? "." : (scenes as NSString).deletingLastPathComponent
        let script = dir + "/bench_lottie.py"
        guard FileManager.default.fileExists(atPath: script) else {
            throw CalcFailure(.io, "no '\(script)': --lottie needs ../shared/bench/bench_lottie.py (set --scenes to a file beside it)")
        }
        let havePeers = python != "none" && FileManager.default.isExecutableFile(atPath: python)
        // The generator needs only Python's standard library; without the peers' venv, any python3 runs it.
        let generator = havePeers ? python : "/usr/bin/python3"
        let docBytes = try runPython(generator, """
            import sys, json; sys.path.insert(0, sys.argv[1]); import bench_lottie as b
            json.dump(b.make_lottie(200), sys.stdout)
            """, args: [dir])
        guard let doc = try? JSONSerialization.jsonObject(with: docBytes) as? [String: Any] else {
            throw CalcFailure(.io, "bench_lottie.py's make_lottie(200) printed no Lottie document")
        }
        let source = try Bench.calSource(lottie: doc)
        if let emitSource { try Files.writeAtomically(Array(source.utf8), to: emitSource) }
        let r = Compiler.compile(SourceFile(name: "lottie_cards.cal", text: source))
        guard let program = r.program else {
            throw CalcFailure(.diagnostics, "the generated Lottie scene does not compile: \(r.diagnostics.first?.message ?? "")")
        }
        let frames = Timeline.frameCount(program.scene)
        let timeline = try Timeline.run(try ProgramLoader.verify(program, path: "lottie_cards"), until: program.scene.duration)
        let painter = Painter()
        let renderer = Renderer()
        var fb = Framebuffer(width: 1, height: 1)
        // Whole frames as a player runs them: the presentation tree at the frame's time, then the
        // raster into the same framebuffer; no encoding (the peers render into memory too).
        func playAll() throws -> Double {
            let t = Date()
            for i in 0..<frames {
                painter.render(try timeline.presentation(at: timeline.frameTime(i)), with: renderer, into: &fb)
            }
            return Double(frames) / Date().timeIntervalSince(t)
        }
        painter.render(try timeline.presentation(at: timeline.frameTime(0)), with: renderer, into: &fb)   // warm-up
        let fps = median(try (0..<max(1, runs)).map { _ in try playAll() })
        if let png {
            painter.render(try timeline.presentation(at: timeline.frameTime(min(60, frames - 1))), with: renderer, into: &fb)
            try Files.writeAtomically(PNGEncoder.encode(fb), to: png)
        }

        var peerFps: [(String, Double)] = []
        if havePeers {
            // bench_lottie.py's own timing (3 runs over all frames, median) of its own players; with
            // --png, each peer's frame 60 goes beside ours (FILE.rlottie.png, FILE.thorvg.png).
            let out = (try? runPython(python, """
                import sys, json; sys.path.insert(0, sys.argv[1]); import bench_lottie as b
                import importlib.metadata as md
                doc = b.make_lottie(200)
                for name, pkg, fn in (("rlottie", "rlottie-python", b.bench_rlottie), ("thorvg", "thorvg-python", b.bench_thorvg)):
                    try:
                        r = fn(doc, (sys.argv[2] + "." + name + ".png") if sys.argv[2] else None)
                        print(json.dumps({"peer": name + " " + md.version(pkg), **r}), flush=True)
                    except Exception as e:
                        print(json.dumps({"peer": name, "error": str(e)}), flush=True)
                """, args: [dir, png ?? ""])) ?? Data()
            for line in String(decoding: out, as: UTF8.self).split(separator: "\n") {
                guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let name = o["peer"] as? String else { continue }
                if let f = o["fps_median"] as? Double { peerFps.append((name, f)) } else {
                    Console.err("bench: skipped peer \(name): \(o["error"] as? String ?? "no result")\n")
                }
            }
            if peerFps.isEmpty { Console.err("bench: the Lottie peers printed no result\n") }
        } else {
            Console.err("bench: skipped the Lottie peers: no \(python) (run ../shared/bench/setup.sh)\n")
        }
        let layers = (doc["layers"] as? [Any])?.count ?? 0
        if json {
            var peersOut: [String: Double] = [:]
            for (n, f) in peerFps { peersOut[n] = f }
            let obj: [String: Any] = ["animation": "lottie cards", "layers": layers, "frames": frames,
                                      "width": fb.width, "height": fb.height, "fps_1core": fps, "peers_fps": peersOut]
            let bytes = try JSONSerialization.data(withJSONObject: obj, options: [.sortedKeys])
            Console.out(String(decoding: bytes, as: UTF8.self) + "\n")
            return
        }
        func f(_ x: Double, _ d: Int = 1) -> String { String(format: "%.\(d)f", x) }
        var text = "calc bench — Lottie 'cards' (bench_lottie.py): \(layers) layers, \(frames) frames, \(fb.width)x\(fb.height), one core\n"
        text += "  calc (presentation + raster)   \(f(fps)) fps (\(f(1000 / fps, 2)) ms/frame)\n"
        for (n, p) in peerFps {
            text += "  \(n.padding(toLength: 29, withPad: " ", startingAt: 0))  \(f(p)) fps (\(f(1000 / p, 2)) ms/frame) → calc ×\(f(fps / p, 2))\n"
        }
        text += "×N: calc's frames/s over the peer's, measured in this run (median of \(max(1, runs)) runs; peers: median of 3).\n"
        Console.out(text)
    }

    /// Runs `code` with `python`; its stdout. Stderr is passed through so a peer's failure is visible.
    func runPython(_ python: String, _ code: String, args: [String]) throws -> Data {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = ["-c", code] + args
        let out = Pipe()
        p.standardOutput = out
        do { try p.run() } catch {
            throw CalcFailure(.io, "cannot run \(python): \(error.localizedDescription)")
        }
        let bytes = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw CalcFailure(.io, "\(python) failed (exit \(p.terminationStatus))") }
        return bytes
    }

    /// The CAL source of bench_lottie.py's Lottie document. Each Lottie layer is a rounded rect
    /// (size s, radius r) filled at opacity o and stroked (width w, centred on the path), its
    /// anchor at the shape's centre, with linear position and rotation keyframes at frames t0 and
    /// t1. As a CA layer: bounds = s + w (the stroke's outer edge), cornerRadius = r + w/2, border
    /// width w inside the bounds (the opaque stroke covers the fill's outer band the same way),
    /// position = Lottie p (the centre), rotation in degrees clockwise on screen. The model values
    /// are the last keyframe's, which the layer shows once the animations end (Lottie holds the
    /// last keyframe; the animations' active interval ends exactly at the last frame). Lottie frame f is
    /// shown at f / fr seconds; the first document layer is on top, so CAL declares them reversed.
    static func calSource(lottie doc: [String: Any]) throws -> String {
        func d(_ v: Any?) -> Double? { (v as? NSNumber)?.doubleValue }
        func arr(_ v: Any?) -> [Double] { ((v as? [Any]) ?? []).compactMap(d) }
        func num(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(x)" }
        func bad(_ what: String) -> CalcFailure { CalcFailure(.io, "the Lottie document has no \(what)") }
        guard let w = d(doc["w"]), let h = d(doc["h"]), let fr = d(doc["fr"]), let op = d(doc["op"]),
              let layers = doc["layers"] as? [[String: Any]] else { throw bad("w, h, fr, op or layers") }
        var out = """
        // Generated by `calc bench --lottie` from ../shared/bench/bench_lottie.py's make_lottie(\(layers.count)).
        scene {
            size: (\(num(w)), \(num(h)))
            fps: \(num(fr))
            duration: \(num(op / fr))s
            background: rgba(0, 0, 0, 0)
        }

        """
        for (i, L) in layers.reversed().enumerated() {
            let ks = (L["ks"] as? [String: Any]) ?? [:]
            // Two keyframes each: [{t, s}, {t, s}] (linear: o = (0,0), i = (1,1)).
            func keys(_ k: String) throws -> (t0: Double, t1: Double, s0: [Double], s1: [Double]) {
                guard let p = ks[k] as? [String: Any], let kf = p["k"] as? [[String: Any]], kf.count == 2,
                      let t0 = d(kf[0]["t"]), let t1 = d(kf[1]["t"]) else { throw bad("two keyframes for ks.\(k) in layer \(i)") }
                return (t0, t1, arr(kf[0]["s"]), arr(kf[1]["s"]))
            }
            let pos = try keys("p"), rot = try keys("r")
            guard pos.s0.count >= 2, pos.s1.count >= 2, !rot.s0.isEmpty, !rot.s1.isEmpty, pos.t0 == 0, rot.t0 == 0 else {
                throw bad("2-D position and 1-D rotation keyframes starting at frame 0 in layer \(i)")
            }
            let items = (((L["shapes"] as? [[String: Any]])?.first)?["it"] as? [[String: Any]]) ?? []
            func item(_ ty: String) throws -> [String: Any] {
                guard let x = items.first(where: { $0["ty"] as? String == ty }) else { throw bad("'\(ty)' shape in layer \(i)") }
                return x
            }
            func k(_ x: [String: Any], _ key: String) -> Any? { (x[key] as? [String: Any])?["k"] }
            let rc = try item("rc"), fl = try item("fl"), st = try item("st")
            let size = arr(k(rc, "s")), radius = d(k(rc, "r")) ?? 0
            let fill = arr(k(fl, "c")), fillO = (d(k(fl, "o")) ?? 100) / 100
            let line = arr(k(st, "c")), lineO = (d(k(st, "o")) ?? 100) / 100, lw = d(k(st, "w")) ?? 0
            guard size.count >= 2, fill.count >= 3, line.count >= 3 else { throw bad("rect size or colours in layer \(i)") }
            func rgba(_ c: [Double], _ a: Double) -> String { "rgba(\(num(c[0])), \(num(c[1])), \(num(c[2])), \(num(a)))" }
            out += """
            layer card\(i) {
                bounds: (0, 0, \(num(size[0] + lw)), \(num(size[1] + lw)))
                position: (\(num(pos.s1[0])), \(num(pos.s1[1])))
                transform: rotate(\(num(rot.s1[0]))deg)
                cornerRadius: \(num(radius + lw / 2))
                backgroundColor: \(rgba(fill, fillO))
                borderWidth: \(num(lw))
                borderColor: \(rgba(line, lineO))
                animations {
                    move: basic { keyPath: position  from: (\(num(pos.s0[0])), \(num(pos.s0[1])))  to: (\(num(pos.s1[0])), \(num(pos.s1[1])))  duration: \(num(pos.t1))s / \(num(fr)) }
                    turn: basic { keyPath: transform.rotation.z  from: \(num(rot.s0[0]))deg  to: \(num(rot.s1[0]))deg  duration: \(num(rot.t1))s / \(num(fr)) }
                }
            }

            """
        }
        return out
    }
}
