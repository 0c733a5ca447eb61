// render-bench: times the Render module on the peer benchmark scenes of ../shared/bench/scenes.json
// (conventions in make_scene.py) so our figures sit next to Blend2D, Skia and cairo's in RESULTS.md.
// Scenes are built for every frame before timing (as the peers precompute their per-frame state);
// the timed loop is render(scene, into: framebuffer) only, single-threaded, one warm-up frame, median
// of N runs over all frames. PNG/PPM encoding is timed separately on frame 60.
//
// usage: render-bench SCENES.json [--scene cards|cards2000|fillrate]… [--runs 3] [--png OUT.png]
//                     [--png-bench] [--offscreen] [--png-clear OUT.png] [--decode FILE…]
// --frames N times only the first N frames (for profiling under valgrind).
// --cal FILE compiles and runs a CAL scene and times its frames' Compose and Render stages (CalFrames.swift).
// --demo OUT.png renders a small scene exercising perspective, masks, group opacity and borders, to look at.
// --decode FILE… times ImageDecoder on image files (median of 15 decodes each) and exits.
// --paint times the shaders (no scene file needed): full-frame 1280×720 fills with an axial, a radial
// and a conic gradient, 200 small rotated gradient cards (the per-fill cost), an image drawn at
// 0.5×, at 2× rotated and in perspective, against an opaque solid fill of the same frame; --paint-png DIR also writes each frame there, to look at;
// --paint-only WORD times only the cases whose name contains WORD (for profiling).
// --gradient-quality prints banding figures for 1920-pixel ramps (docs/rendering.md, "Gradients"):
// calc's dithered output beside the ideal ramp rounded to 8 bits, the best an undithered renderer does.
// --png-clear writes frame 60 on a transparent background (an RGBA PNG) plus OUT.png.rgba, the raw
// premultiplied pixels, so an independent decoder can be checked against them.
// --blur times GaussianBlur (a 1280×720 RGBA layer at σ = 2, 10, 50; a 300×200 A8 shadow sprite) beside
// Pillow's GaussianBlur on the same image in the same run (scripts/pillow-blur.py), and needs no SCENES.json.

import CalcCore
import Compose
import DisplayList
import Foundation
import Render

extension Renderer {
    func render(_ scene: PresentationScene) -> Framebuffer { render(Compose.displayList(scene)) }
    func render(_ scene: PresentationScene, into fb: inout Framebuffer) { render(Compose.displayList(scene), into: &fb) }
}

struct Options {
    var path = ""
    var scenes: [String] = []
    var runs = 3
    var png: String?
    var pngBench = false
    var offscreen = false
    var pngClear: String?
    var demo: String?
    var frameLimit = Int.max
    var decode: [String] = []
    var blur = false
    var cal: String?
    var paint = false
    var paintPNG: String?
    var paintOnly: String?
    var gradientQuality = false
}

func parseOptions() -> Options {
    var o = Options()
    var args = CommandLine.arguments.dropFirst()
    while let a = args.popFirst() {
        switch a {
        case "--scene": if let v = args.popFirst() { o.scenes.append(v) }
        case "--runs": o.runs = Int(args.popFirst() ?? "") ?? 3
        case "--png": o.png = args.popFirst()
        case "--png-bench": o.pngBench = true
        case "--offscreen": o.offscreen = true
        case "--png-clear": o.pngClear = args.popFirst()
        case "--demo": o.demo = args.popFirst()
        case "--decode": while let f = args.first, !f.hasPrefix("--") { o.decode.append(f); args.removeFirst() }
        case "--frames": o.frameLimit = Int(args.popFirst() ?? "") ?? Int.max
        case "--blur": o.blur = true
        case "--cal": o.cal = args.popFirst()
        case "--paint": o.paint = true
        case "--paint-png": o.paint = true; o.paintPNG = args.popFirst()
        case "--paint-only": o.paint = true; o.paintOnly = args.popFirst()
        case "--gradient-quality": o.gradientQuality = true
        default: o.path = a
        }
    }
    if o.scenes.isEmpty { o.scenes = ["cards", "cards2000", "fillrate"] }
    return o
}

func color(_ v: Any?) -> Color {
    let c = (v as? [Double]) ?? []
    guard c.count >= 3 else { return .black }
    return Color(c[0], c[1], c[2], c.count > 3 ? c[3] : 1)
}

/// Builds the PresentationScene of every frame of one benchmark scene.
func frames(_ s: [String: Any], offscreen: Bool) -> [PresentationScene] {
    let w = (s["width"] as? Double) ?? 0, h = (s["height"] as? Double) ?? 0
    let n = (s["frames"] as? Int) ?? 120
    let kind = (s["kind"] as? String) ?? ""
    let layers = (s["layers"] as? [[String: Any]]) ?? []
    var out: [PresentationScene] = []
    for t in 0..<n {
        let u = Double(t) / Double(n - 1)
        var subs: [PresentationLayer] = []
        for L in layers {
            if kind == "fillrate" {
                let a = (L["fill_from"] as? [Double]) ?? [], b = (L["fill_to"] as? [Double]) ?? []
                let c = zip(a, b).map { $0 + ($1 - $0) * u }
                let r = (L["rect"] as? [Double]) ?? [0, 0, w, h]
                subs.append(PresentationLayer(bounds: Rect(0, 0, r[2], r[3]), position: Point(r[0] + r[2] / 2, r[1] + r[3] / 2),
                                              backgroundColor: Color(c[0], c[1], c[2], c[3])))
            } else {
                let size = (L["size"] as? [Double]) ?? [0, 0]
                let from = (L["from"] as? [String: Any]) ?? [:], to = (L["to"] as? [String: Any]) ?? [:]
                let p0 = (from["pos"] as? [Double]) ?? [0, 0], p1 = (to["pos"] as? [Double]) ?? [0, 0]
                let a0 = (from["angle"] as? Double) ?? 0, a1 = (to["angle"] as? Double) ?? 0
                let x = p0[0] + (p1[0] - p0[0]) * u + (offscreen ? 1e5 : 0), y = p0[1] + (p1[1] - p0[1]) * u
                let angle = a0 + (a1 - a0) * u
                subs.append(PresentationLayer(
                    bounds: Rect(0, 0, size[0], size[1]), position: Point(x, y),
                    transform: .rotation(angle), backgroundColor: color(L["fill"]),
                    cornerRadius: (L["radius"] as? Double) ?? 0, borderWidth: (L["border_width"] as? Double) ?? 0,
                    borderColor: color(L["border"])))
            }
        }
        let root = PresentationLayer(name: "root", bounds: Rect(0, 0, w, h), position: Point(w / 2, h / 2), sublayers: subs)
        out.append(PresentationScene(size: Size(w, h), scale: 1, background: color(s["background"]), origin: .topLeft, root: root))
    }
    return out
}

func ms(_ d: Duration) -> Double {
    let c = d.components
    return Double(c.seconds) * 1000 + Double(c.attoseconds) / 1e15
}

/// CPU time of this thread in ms: unlike wall time it does not count time the scheduler gave to the
/// other engineers' builds sharing this 2-core machine.
func threadCPUms() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
}

func median(_ v: [Double]) -> Double {
    let s = v.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func f(_ v: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", v) }

/// A feature tour for eyeballing: 3D card flip with perspective, rounded clipping, group opacity,
/// borders, zPosition, the bottom-left origin.
func demoScene(origin: Origin) -> PresentationScene {
    func layer(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ c: Color, _ f: (inout PresentationLayer) -> Void = { _ in }) -> PresentationLayer {
        var l = PresentationLayer(bounds: Rect(0, 0, w, h), position: Point(x + w / 2, y + h / 2), backgroundColor: c)
        f(&l)
        return l
    }
    var cards: [PresentationLayer] = []
    for i in 0..<4 {
        cards.append(layer(20 + Double(i) * 95, 20, 80, 110, Color.hsb(Double(i) / 4, 0.6, 0.9)) {
            $0.cornerRadius = 10; $0.borderWidth = 3; $0.borderColor = Color(0.1, 0.1, 0.2)
            $0.transform = .rotation(Double(i) * 0.45, 0, 1, 0)
        })
    }
    let stage = layer(0, 0, 400, 150, Color(0.93, 0.93, 0.97)) {
        $0.sublayerTransform = .perspective(300); $0.sublayers = cards
    }
    let clipped = layer(20, 170, 160, 110, Color(0.2, 0.3, 0.5)) {
        $0.cornerRadius = 30; $0.masksToBounds = true
        $0.sublayers = [layer(-30, 40, 120, 120, Color(1, 0.8, 0.2)) { $0.transform = .rotation(0.5) },
                        layer(90, -20, 100, 60, Color(0.9, 0.2, 0.3, 0.8))]
    }
    let group = layer(200, 170, 180, 110, .clear) {
        $0.opacity = 0.5
        $0.sublayers = [layer(0, 0, 110, 80, Color(0, 0.5, 1)) { $0.cornerRadius = 40 },
                        layer(60, 30, 110, 80, Color(1, 0.3, 0)) { $0.cornerRadius = 40; $0.zPosition = -1 },
                        layer(40, 60, 30, 30, .black) { $0.zPosition = 5 }]
    }
    let root = PresentationLayer(bounds: Rect(0, 0, 400, 300), position: Point(200, 150), backgroundColor: .white,
                                 sublayers: [stage, clipped, group])
    return PresentationScene(size: Size(400, 300), scale: 2, background: .white, origin: origin, root: root)
}

/// A synthetic photo-like image: smooth colour fields with fine detail (a 1-pixel grid every 16 pixels).
func benchImage(_ w: Int, _ h: Int) -> Framebuffer {
    var fb = Framebuffer(width: w, height: h)
    for y in 0..<h {
        for x in 0..<w {
            let line = x % 16 == 0 || y % 16 == 0
            let r = UInt8((x * 255) / max(1, w - 1)), g = UInt8((y * 255) / max(1, h - 1))
            let b = UInt8(((x ^ y) & 63) * 4)
            fb[x, y] = line ? PixelMath.pack(20, 20, 20, 255) : PixelMath.pack(r, g, b, 255)
        }
    }
    return fb
}

/// Times full-frame paints (ms per 1280×720 fill, thread CPU, median of `runs` × 10 renders).
func paintBench(runs: Int, png: String?, only: String?) {
    let w = 1280.0, h = 720.0
    let frame = Rect(0, 0, w, h)
    func list(_ build: (inout DisplayList, PathRef) -> DisplayOp) -> DisplayList {
        var l = DisplayList(width: Int(w), height: Int(h), background: .white)
        var p = Path()
        p.addRect(frame)
        let ref = l.add(p)
        l.ops = [build(&l, ref)]
        return l
    }
    let stops = [GradientStop(0, Color(0.9, 0.2, 0.1)), GradientStop(0.45, Color(0.2, 0.3, 0.9, 0.8)),
                 GradientStop(1, Color(0.1, 0.8, 0.3))]
    func gradient(_ type: GradientType, _ space: Affine2D) -> DisplayList {
        list { l, ref in
            l.gradients.append(Gradient(type: type, stops: stops, space: space))
            return .fill(Fill(path: ref, rule: .nonZero, paint: .gradient(0), transform: .identity))
        }
    }
    // 200 small gradient cards (120 × 80, rotated): the per-fill cost of building a gradient's table
    var cards = DisplayList(width: Int(w), height: Int(h), background: .white)
    var cardPath = Path()
    cardPath.addRect(Rect(0, 0, 120, 80))
    let cardRef = cards.add(cardPath)
    for i in 0..<200 {
        let a = Double(i) * 0.1
        let m = Affine2D(a: cos(a), b: sin(a), c: -sin(a), d: cos(a), tx: Double(i % 20) * 60 + 40, ty: Double(i / 20) * 65 + 40)
        cards.gradients.append(Gradient(type: .axial, stops: stops, space: Affine2D(a: 0, b: 0, c: 1.0 / 80, d: 0, tx: 0, ty: 0)))
        cards.ops.append(.fill(Fill(path: cardRef, rule: .nonZero, paint: .gradient(Int32(i)), transform: Projective(m))))
    }
    let bigPixels = benchImage(2560, 1440)
    var big = RasterImage(bigPixels)
    let c0 = threadCPUms()
    for _ in 0..<5 { big = RasterImage(bigPixels) }
    print("RasterImage of 2560×1440 pixels (with its mipmaps): \(f((threadCPUms() - c0) / 5, 2)) ms")
    let small = RasterImage(benchImage(640, 360)), card = RasterImage(benchImage(800, 600))
    func image(_ index: Int32, _ size: Rect, _ dest: Rect, _ m: Projective) -> DisplayList {
        list { l, _ in
            l.images = ["big", "small", "card"]
            return .image(ImageDraw(image: index, source: size, destination: dest, transform: m))
        }
    }
    let angle = 20.0 * Double.pi / 180
    let rotate = Affine2D(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: w / 2, ty: h / 2)
    // a card tilted back about its horizontal axis, seen from 1000 px away
    let tilt = Transform3D.rotation(0.9, 1, 0, 0).concat(.perspective(1000))
    var perspective = Projective(m11: tilt.m11, m12: tilt.m12, m13: tilt.m14, m21: tilt.m21, m22: tilt.m22, m23: tilt.m24,
                                 m31: tilt.m41, m32: tilt.m42, m33: tilt.m44)
    perspective = perspective.concat(Projective.translation(w / 2, h / 2))
    let cases: [(String, DisplayList)] = [
        ("solid opaque", list { _, ref in .fill(Fill(path: ref, rule: .nonZero, paint: .solid(Color(0.2, 0.4, 0.6)), transform: .identity)) }),
        ("axial gradient", gradient(.axial, Affine2D(a: w / (w * w + h * h), b: 0, c: h / (w * w + h * h), d: 0, tx: 0, ty: 0))),
        ("radial gradient", gradient(.radial, Affine2D(a: 1 / 600, b: 0, c: 0, d: 1 / 600, tx: -w / 2 / 600, ty: -h / 2 / 600))),
        ("conic gradient", gradient(.conic, Affine2D(a: 1, b: 0, c: 0, d: 1, tx: -w / 2, ty: -h / 2))),
        ("200 gradient cards", cards),
        ("image 0.5x", image(0, Rect(0, 0, 2560, 1440), frame, .identity)),
        ("image 2x rotated", image(1, Rect(0, 0, 640, 360), Rect(-w / 2, -h / 2, w, h), Projective(rotate))),
        ("image perspective", image(2, Rect(0, 0, 800, 600), Rect(-400, -300, 800, 600), perspective)),
    ]
    let images = ["big": big, "small": small, "card": card]
    let renderer = Renderer()
    var fb = Framebuffer(width: 0, height: 0)
    var baseline = 0.0
    for (name, l) in cases where only.map({ name.contains($0) }) ?? true {
        renderer.render(l, images: images, into: &fb)   // warm-up
        var v: [Double] = []
        for _ in 0..<max(1, runs) {
            let c0 = threadCPUms()
            for _ in 0..<10 { renderer.render(l, images: images, into: &fb) }
            v.append((threadCPUms() - c0) / 10)
        }
        let m = median(v)
        if name == "solid opaque" { baseline = m }
        print("paint \(name): \(f(m, 3)) ms per 1280×720 frame (min \(f(v.min() ?? 0, 3))), \(f(m - baseline, 3)) ms over the solid fill")
        if let dir = png {
            let file = dir + "/" + name.replacingOccurrences(of: " ", with: "-") + ".png"
            _ = FileManager.default.createFile(atPath: file, contents: Data(PNGEncoder.encode(fb)))
        }
    }
}

/// Banding figures of a horizontal ramp from grey `lo` to `hi` (8-bit levels) over 1920 × 64 pixels.
func gradientQuality(_ lo: Double, _ hi: Double) {
    let w = 1920, h = 64
    var l = DisplayList(width: w, height: h, background: .black)
    var p = Path()
    p.addRect(Rect(0, 0, Double(w), Double(h)))
    let ref = l.add(p)
    l.gradients = [Gradient(type: .axial, stops: [GradientStop(0, Color(lo / 255, lo / 255, lo / 255)), GradientStop(1, Color(hi / 255, hi / 255, hi / 255))],
                            space: Affine2D(a: 1 / Double(w), b: 0, c: 0, d: 0, tx: 0, ty: 0))]
    l.ops = [.fill(Fill(path: ref, rule: .nonZero, paint: .gradient(0), transform: .identity))]
    let fb = Renderer().render(l)
    func ideal(_ x: Int) -> Double { lo + (hi - lo) * (Double(x) + 0.5) / Double(w) }
    var rounded = Framebuffer(width: w, height: h)
    for y in 0..<h { for x in 0..<w { let v = UInt8(ideal(x).rounded()); rounded[x, y] = PixelMath.pack(v, v, v, 255) } }
    for (name, img) in [("calc (dithered)", fb), ("ideal rounded", rounded)] {
        var err = 0.0, worstCell = 0.0, longest = 0
        var levels = Set<UInt32>()
        for y in 0..<h {
            var run = 0
            for x in 0..<w {
                let v = img[x, y] & 255
                levels.insert(v)
                err += abs(Double(v) - ideal(x))
                run = x > 0 && v == img[x - 1, y] & 255 ? run + 1 : 1
                longest = max(longest, run)
            }
        }
        for cy in stride(from: 0, to: h, by: 8) {
            for cx in stride(from: 0, to: w, by: 8) {
                var d = 0.0
                for y in cy..<cy + 8 { for x in cx..<cx + 8 { d += Double(img[x, y] & 255) - ideal(x) } }
                worstCell = max(worstCell, abs(d) / 64)
            }
        }
        let png = PNGEncoder.encode(img).count
        print("ramp \(Int(lo))→\(Int(hi)) over \(w) px, \(name): \(levels.count) levels, mean |error| \(f(err / Double(w * h), 3)), worst 8×8 mean error \(f(worstCell, 3)), longest flat run \(longest) px, PNG \(png) bytes")
    }
}

let opts = parseOptions()
if let cal = opts.cal {
    benchCal(cal, runs: opts.runs, frameLimit: opts.frameLimit)
    exit(0)
}
if opts.blur {
    blurBench(runs: max(opts.runs, 15))
    exit(0)
}
if opts.gradientQuality {
    gradientQuality(0, 255)
    gradientQuality(100, 108)
    exit(0)
}
if opts.paint {
    paintBench(runs: opts.runs, png: opts.paintPNG, only: opts.paintOnly)
    exit(0)
}
if let path = opts.demo {
    let r = Renderer()
    _ = FileManager.default.createFile(atPath: path, contents: Data(PNGEncoder.encode(r.render(demoScene(origin: .topLeft)))))
    _ = FileManager.default.createFile(atPath: path + ".bottomLeft.png", contents: Data(PNGEncoder.encode(r.render(demoScene(origin: .bottomLeft)))))
    print("wrote \(path) and \(path).bottomLeft.png")
    exit(0)
}
if !opts.decode.isEmpty {
    let clock = ContinuousClock()
    for path in opts.decode {
        let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        var fb: Framebuffer?
        var v: [Double] = []
        for _ in 0..<15 {
            let d = clock.measure { fb = try? ImageDecoder.decode(bytes) }
            v.append(Double(d.components.attoseconds) * 1e-15 + Double(d.components.seconds) * 1e3)
        }
        v.sort()
        let px = Double((fb?.width ?? 0) * (fb?.height ?? 0))
        print("\(path): \(fb.map { "\($0.width)x\($0.height)" } ?? "not decoded"), \(bytes.count) bytes: "
              + String(format: "%.2f ms median (min %.2f), %.0f Mpx/s", v[7], v[0], px / v[7] / 1e3))
    }
    exit(0)
}
guard let data = FileManager.default.contents(atPath: opts.path),
      let doc = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let all = doc["scenes"] as? [String: Any] else {
    FileHandle.standardError.write(Data("render-bench: cannot read scenes from '\(opts.path)'\n".utf8))
    exit(2)
}

let clock = ContinuousClock()
let renderer = Renderer()
var frame60: Framebuffer?
for name in opts.scenes {
    guard let s = all[name] as? [String: Any] else { print("no scene \(name)"); continue }
    let scenes = Array(frames(s, offscreen: opts.offscreen).prefix(opts.frameLimit))
    var fb = Framebuffer(width: 0, height: 0)
    renderer.render(scenes[0], into: &fb)   // warm-up
    var perFrame: [Double] = [], cpuPerFrame: [Double] = []
    for _ in 0..<opts.runs {
        let c0 = threadCPUms()
        let t = clock.measure { for sc in scenes { renderer.render(sc, into: &fb) } }
        cpuPerFrame.append((threadCPUms() - c0) / Double(scenes.count))
        perFrame.append(ms(t) / Double(scenes.count))
    }
    let sorted = perFrame.sorted()
    print("\(name)\(opts.offscreen ? "-offscreen" : ""): \(f(median(perFrame), 3)) ms/frame median (min \(f(sorted[0], 3)), max \(f(sorted[sorted.count - 1], 3))), \(f(1000 / median(perFrame), 1)) fps, \(scenes.count) frames × \(opts.runs) runs; thread CPU \(f(median(cpuPerFrame), 3)) ms/frame median (min \(f(cpuPerFrame.min() ?? 0, 3)))")
    if let path = opts.pngClear, name == opts.scenes[0] {
        var sc = scenes[min(60, scenes.count - 1)]
        sc.background = .clear
        let img = renderer.render(sc)
        _ = FileManager.default.createFile(atPath: path, contents: Data(PNGEncoder.encode(img)))
        let raw = img.pixels.flatMap { p in [UInt8(p & 255), UInt8((p >> 8) & 255), UInt8((p >> 16) & 255), UInt8(p >> 24)] }
        _ = FileManager.default.createFile(atPath: path + ".rgba", contents: Data(raw))
        print("wrote frame 60 of \(name) on a clear background to \(path) (and \(path).rgba)")
    }
    if name == "cards" || (frame60 == nil && scenes.count > 60) {
        frame60 = renderer.render(scenes[min(60, scenes.count - 1)])
    }
    if let path = opts.png, name == opts.scenes[0] {
        let img = renderer.render(scenes[min(60, scenes.count - 1)])
        _ = FileManager.default.createFile(atPath: path, contents: Data(PNGEncoder.encode(img)))
        _ = FileManager.default.createFile(atPath: path + ".ppm", contents: Data(PPMEncoder.encode(img)))
        print("wrote frame 60 of \(name) to \(path) (and \(path).ppm)")
    }
}

/// Frame 60 of `cards` drawn over a smooth two-axis gradient: a stand-in for gradient- and image-heavy
/// frames, where PNG row filters matter more than on flat colours.
func gradientVariant(_ img: Framebuffer) -> Framebuffer {
    var out = img
    for y in 0..<img.height {
        for x in 0..<img.width {
            let bg = PixelMath.pack(UInt8(x * 255 / max(1, img.width - 1)), UInt8(y * 255 / max(1, img.height - 1)),
                                    UInt8((x + y) * 255 / max(1, img.width + img.height - 2)), 255)
            let s = img[x, y]
            let inv = 255 - (s >> 24)
            // s over bg, channel by channel, rounded like the renderer
            var r: UInt32 = 0
            for k in stride(from: 0, to: 32, by: 8) {
                let sc = (s >> UInt32(k)) & 255, dc = (bg >> UInt32(k)) & 255
                r |= (sc + (dc * inv + 127) / 255) << UInt32(k)
            }
            out[x, y] = r
        }
    }
    return out
}

if opts.pngBench, let s = all["cards"] as? [String: Any] {
    // the same frame on a clear background, composited over a gradient
    let scenes = frames(s, offscreen: false)
    var sc = scenes[60]
    sc.background = .clear
    let grad = gradientVariant(renderer.render(sc))
    for level in [1, 6] {
        for strategy in PNGFilterStrategy.allCases {
            let wr = PNGWriter(level: level, filter: strategy)
            var out = wr.encode(grad)
            var v: [Double] = []
            for _ in 0..<5 { v.append(ms(clock.measure { out = wr.encode(grad) })) }
            print("  gradient variant PNG level \(level) \(strategy): \(f(median(v))) ms, \(out.count) bytes")
        }
    }
}

if let img = frame60 {
    func time(_ reps: Int, _ body: () -> Void) -> Double {
        var v: [Double] = []
        for _ in 0..<reps { v.append(ms(clock.measure(body))) }
        return median(v)
    }
    let w = PNGWriter()
    var bytes = w.encode(img)
    let tDefault = time(7) { bytes = w.encode(img) }
    print("PNG frame 60 default (level \(PNGEncoder.defaultLevel), \(PNGEncoder.defaultFilter)): \(f(tDefault)) ms, \(bytes.count) bytes")
    if opts.pngBench {
        for level in [1, 4, 6, 9, 12] {
            for strategy in PNGFilterStrategy.allCases {
                let wr = PNGWriter(level: level, filter: strategy)
                var out = wr.encode(img)
                let t = time(5) { out = wr.encode(img) }
                print("  PNG level \(level) \(strategy): \(f(t)) ms, \(out.count) bytes")
            }
        }
        let tOneShot = time(5) { bytes = PNGEncoder.encode(img) }
        print("  PNGEncoder.encode one-shot (new compressor each call): \(f(tOneShot)) ms")
        var decoded: Framebuffer?
        let tDecode = time(5) { decoded = try? ImageDecoder.decode(bytes) }
        print("  PNG decode: \(f(tDecode)) ms, exact round trip: \(decoded == img)")
        var ppm: [UInt8] = []
        let tPPM = time(7) { ppm = PPMEncoder.encode(img) }
        print("  PPM encode: \(f(tPPM)) ms, \(ppm.count) bytes")
    }
}
