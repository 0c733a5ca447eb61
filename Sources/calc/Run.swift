// `calc run`: compile if needed, execute the timeline once, then render and encode frames in
// parallel (one renderer and encoder per worker; each frame is a pure function of the timeline).
// The settings live in `RunOptions`, plain values that ArgumentParser's `Run` fills in or that
// `RunOptions.init?(plainArguments:)` reads directly from a plain command line: ArgumentParser's
// reflection (protocol-conformance scans over Foundation's metadata) was 15 of the 33 million
// instructions of `calc run` on an empty scene.

import ArgumentParser
import Foundation
import CalcCore
import Bytecode
import VM
import Render
import CalcSnapshot

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a scene and write its frames as PNG or PPM images.",
        discussion: """
        Frames are written as OUT/frame_0000.png, … (frame i is sampled at time i / fps). \
        With --time, one frame is rendered; if -o then names a .png or .ppm file, that is the file written.
        """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case png, ppm }

    @Argument(help: "A .cal source or .calb bytecode file.") var file: String
    @Option(name: .shortAndLong, help: "Output directory (default: the input's name with '_frames').") var output: String?
    @Option(help: "Image format: png or ppm.") var format: Format = .png
    @Option(help: "Frames per second (overrides the scene's).") var fps: Double?
    @Option(help: "Frames to render: N, A..B (inclusive) or A..<B.") var frames: String?
    @Option(help: "Render the single frame at this time (e.g. 1.5s, 250ms, 2).") var time: String?
    @Option(help: "Output size in pixels, WxH (must keep the scene's aspect ratio).") var size: String?
    @Option(help: "Pixels per point (overrides the scene's scale).") var scale: Double?
    @Option(help: "Worker threads (default: all cores).") var jobs: Int?
    @Option(help: "PNG compression level 0-12 (default \(PNGEncoder.defaultLevel)).") var pngLevel: Int?
    @Option(help: "Instructions one event handler may run before it is stopped (default \(Limits.stepBudget)).") var stepBudget: Int?
    @Option(help: "Instead of images, print what a frame draws: 'display' prints its display list (one frame: --time T or --frames N; to -o FILE or stdout).")
    var emit: Emit?
    @Flag(name: .shortAndLong, help: "No progress bar, warnings or summary (print(…) output is kept).") var quiet = false
    @Flag(help: "Do not write what the script's print(…) calls print.") var noPrint = false

    enum Emit: String, ExpressibleByArgument, CaseIterable { case display }

    var options: RunOptions {
        RunOptions(file: file, output: output, format: format, fps: fps, frames: frames, time: time, size: size,
                   scale: scale, jobs: jobs, pngLevel: pngLevel, stepBudget: stepBudget, quiet: quiet, emit: emit, noPrint: noPrint)
    }

    func validate() throws { try options.validate() }

    func run() throws { try options.execute() }
}

/// The settings of `calc run` as plain values.
struct RunOptions {
    var file: String
    var output: String?
    var format: Run.Format = .png
    var fps: Double?
    var frames: String?
    var time: String?
    var size: String?
    var scale: Double?
    var jobs: Int?
    var pngLevel: Int?
    var stepBudget: Int?
    var quiet = false
    var emit: Run.Emit?
    var noPrint = false

    func validate() throws {
        if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps must be between 0 and 1000, got \(fps)") }
        if let scale, !(scale > 0 && scale.isFinite) { throw ValidationError("--scale must be a positive number, got \(scale)") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let pngLevel, !(0...12).contains(pngLevel) { throw ValidationError("--png-level must be between 0 and 12") }
        if let stepBudget, stepBudget < 1 { throw ValidationError("--step-budget must be at least 1") }
        if frames != nil && time != nil { throw ValidationError("use either --frames or --time, not both") }
        if emit != nil {
            if time == nil && (frames.flatMap(Run.parseFrames).map { $0.count != 1 } ?? true) {
                throw ValidationError("--emit display prints one frame: give --time T or --frames N")
            }
        }
    }

    func usage(_ message: String) -> CalcFailure { CalcFailure(.usage, message) }

    func execute() throws {
        FrameHeap.keep()
        var (program, _) = try ProgramLoader.load(file, quietWarnings: quiet)
        var scene = program.scene
        if let fps { scene.fps = fps }
        if let scale { scene.scale = scale }
        if let size {
            let parts = size.lowercased().split(separator: "x").compactMap { Double($0) }
            guard parts.count == 2, parts[0] >= 1, parts[1] >= 1 else { throw usage("--size expects WxH in pixels, e.g. 640x480; got '\(size)'") }
            let sx = parts[0] / scene.size.width, sy = parts[1] / scene.size.height
            if abs(sx * scene.size.height - parts[1]) > 1 {
                throw usage("--size \(size) does not keep the scene's aspect ratio (\(fmt(scene.size.width))x\(fmt(scene.size.height)) points); try --size \(size.split(separator: "x").first ?? "")x\(Int((sx * scene.size.height).rounded()))")
            }
            _ = sy
            scene.scale = sx
        }
        let maxPx = Double(Limits.maxPixelDimension)
        let pw = scene.size.width * scene.scale, ph = scene.size.height * scene.scale
        if pw > maxPx || ph > maxPx || pw.rounded() < 1 || ph.rounded() < 1 {
            throw usage("frames of \(fmt(pw.rounded()))x\(fmt(ph.rounded())) pixels are outside the supported range (1 to \(Limits.maxPixelDimension) pixels a side)")
        }
        program.scene = scene
        let painter = Painter(images: try ImageLoader.load(program, relativeTo: file))
        let frameCount = max(1, Timeline.frameCount(scene))
        if frameCount > Limits.maxFrames {
            throw usage("the scene has \(frameCount) frames at \(fmt(scene.fps)) fps, more than the limit of \(Limits.maxFrames)")
        }

        // which frames
        var jobsList: [(name: String, time: Double)] = []
        let ext = format.rawValue
        var singleFile: String?
        if let time {
            guard let t = Run.parseTime(time) else { throw usage("--time expects a time such as 1.5s, 250ms or 2; got '\(time)'") }
            guard t >= 0, t <= scene.duration + 1e-9 else {
                throw usage("--time \(time) is outside the scene (0s to \(fmt(scene.duration))s)")
            }
            if let o = output, o.hasSuffix(".png") || o.hasSuffix(".ppm") { singleFile = o }
            jobsList = [(singleFile ?? "time_\(fmt(t))s.\(ext)", t)]
        } else {
            let range: ClosedRange<Int>
            if let frames {
                guard let r = Run.parseFrames(frames) else { throw usage("--frames expects N, A..B or A..<B; got '\(frames)'") }
                guard r.lowerBound >= 0, r.upperBound < frameCount else {
                    throw usage("--frames \(frames) is out of range: the scene has \(frameCount) frame\(frameCount == 1 ? "" : "s") (0..\(frameCount - 1))")
                }
                range = r
            } else {
                range = 0...(frameCount - 1)
            }
            // (not String(format:): Foundation's formatter cost 1 M instructions of start-up in casts)
            jobsList = range.map { i in ("frame_\(Run.zeroPadded(i, to: 4)).\(ext)", Double(i) / scene.fps) }
        }

        if emit == .display {
            guard let job = jobsList.first else { return }
            let timeline: Timeline
            do { timeline = try Timeline.run(program, until: job.time, stepBudget: stepBudget ?? Limits.stepBudget, text: painter.text) } catch {
                throw CalcFailure(.runtime, "\(error)")
            }
            let scene: PresentationScene
            do { scene = try timeline.presentation(at: job.time) } catch { throw CalcFailure(.runtime, "\(error)") }
            writePrinted(timeline.printed, frames: [(job.time, scene.printed)])
            let text = painter.displayList(scene).text
            if let output { try Files.writeAtomically(Array(text.utf8), to: output, protecting: [file]) } else { Console.out(text) }
            return
        }

        let outDir = singleFile == nil ? (output ?? Run.defaultOutput(for: file)) : nil
        if let outDir { try Files.makeDirectory(outDir) }

        let endTime = jobsList.map { $0.time }.max() ?? 0
        let timeline: Timeline
        do { timeline = try Timeline.run(program, until: endTime, stepBudget: stepBudget ?? Limits.stepBudget, text: painter.text) } catch {
            throw CalcFailure(.runtime, "\(error)")
        }

        // (a single frame does not ask for the core count: ProcessInfo reads the cgroup files)
        let workers = jobsList.count <= 1 ? jobsList.count : min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, jobsList.count)
        let progress = Progress(total: jobsList.count, enabled: !quiet && Console.stderrIsTerminal)
        let state = RenderState()
        let list = jobsList
        let level = pngLevel ?? PNGEncoder.defaultLevel
        let fmtKind = format
        let inputs = [file]
        DispatchQueue.concurrentPerform(iterations: max(1, workers)) { _ in
            let renderer = Renderer()
            let png = PNGWriter(level: level)
            var fb = Framebuffer(width: 1, height: 1)
            while let i = state.next(list.count) {
                let job = list[i]
                let scene: PresentationScene
                do { scene = try timeline.presentation(at: job.time) } catch {
                    state.fail(CalcFailure(.runtime, "\(error)"))
                    return
                }
                if !scene.printed.isEmpty { state.printed(i, scene.printed) }
                painter.render(scene, with: renderer, into: &fb)
                let bytes = fmtKind == .png ? png.encode(fb) : PPMEncoder.encode(fb)
                let path = outDir.map { $0 + "/" + job.name } ?? job.name
                do { try Files.writeAtomically(bytes, to: path, protecting: inputs) } catch {
                    state.fail(error)
                    return
                }
                progress.step()
            }
        }
        progress.finish()
        writePrinted(timeline.printed, frames: list.indices.map { (list[$0].time, state.printedLines[$0] ?? []) })
        if let e = state.error { throw e }
        if !quiet {
            let where_ = singleFile ?? outDir ?? ""
            Console.err("wrote \(list.count) frame\(list.count == 1 ? "" : "s") (\(Int(pw.rounded()))x\(Int(ph.rounded())) \(ext.uppercased())) to \(where_)\n")
        }
    }
}

extension RunOptions {
    /// Writes what `print(…)` printed to stderr, unless `--no-print`: the handlers' lines (in the
    /// order they ran, which is time order) merged with each rendered frame's draw-block lines by
    /// time, a handler's line before a frame's at the same time. Written after the frames, so the
    /// order does not depend on which worker drew which frame.
    func writePrinted(_ handlers: [PrintedLine], frames: [(time: Double, lines: [PrintedLine])]) {
        guard !noPrint else { return }
        var out: [String] = []
        var k = 0
        for f in frames.sorted(by: { $0.time < $1.time }) {
            while k < handlers.count, handlers[k].time <= f.time { out.append(handlers[k].formatted); k += 1 }
            out += f.lines.map(\.formatted)
        }
        out += handlers[k...].map(\.formatted)
        if !out.isEmpty { Console.err(out.joined(separator: "\n") + "\n") }
    }

    /// Reads `run FILE [options]` when every argument is unambiguous: one positional file, each
    /// option spelled exactly as `calc run --help` lists it with its value as the next argument,
    /// no option twice, no value or file starting with `-`, every value well-formed and the result
    /// valid. Anything else (help, `--opt=value`, bundled short flags, `--`, a bad value) is nil, and
    /// ArgumentParser parses the command line and reports what is wrong exactly as it always has.
    init?(plainArguments args: ArraySlice<String>) {
        guard args.first == "run" else { return nil }
        var file: String?
        var o = RunOptions(file: "")
        var seen: [String] = []
        var i = args.index(after: args.startIndex)
        while i < args.endIndex {
            let arg = args[i]
            i += 1
            guard !arg.isEmpty else { return nil }
            guard arg.hasPrefix("-") else {
                if file != nil { return nil }
                file = arg
                continue
            }
            let name = arg == "-o" ? "--output" : arg == "-q" ? "--quiet" : arg
            guard !seen.contains(name) else { return nil }
            seen.append(name)
            if name == "--quiet" { o.quiet = true; continue }
            if name == "--no-print" { o.noPrint = true; continue }
            guard i < args.endIndex, !args[i].isEmpty, !args[i].hasPrefix("-") else { return nil }
            let value = args[i]
            i += 1
            switch name {
            case "--output": o.output = value
            case "--format": guard let f = Run.Format(rawValue: value) else { return nil }; o.format = f
            case "--fps": guard let x = Double(value) else { return nil }; o.fps = x
            case "--frames": o.frames = value
            case "--time": o.time = value
            case "--size": o.size = value
            case "--scale": guard let x = Double(value) else { return nil }; o.scale = x
            case "--jobs": guard let n = Int(value) else { return nil }; o.jobs = n
            case "--png-level": guard let n = Int(value) else { return nil }; o.pngLevel = n
            case "--step-budget": guard let n = Int(value) else { return nil }; o.stepBudget = n
            default: return nil
            }
        }
        guard let file else { return nil }
        o.file = file
        guard (try? o.validate()) != nil else { return nil }
        self = o
    }
}

extension Run {
    static func defaultOutput(for file: String) -> String {
        var base = (file as NSString).lastPathComponent
        for e in [".cal", ".calb"] where base.hasSuffix(e) { base = String(base.dropLast(e.count)) }
        return base + "_frames"
    }

    /// `n` in decimal with leading zeros to `width` digits (`%0*d` for n ≥ 0).
    static func zeroPadded(_ n: Int, to width: Int) -> String {
        let digits = String(n)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func parseTime(_ s: String) -> Double? {
        let t = s.trimmingCharacters(in: .whitespaces)
        if t.hasSuffix("ms"), let v = Double(t.dropLast(2)) { return v / 1000 }
        if t.hasSuffix("s"), let v = Double(t.dropLast()) { return v }
        return Double(t).flatMap { $0.isFinite ? $0 : nil }
    }

    static func parseFrames(_ s: String) -> ClosedRange<Int>? {
        if let n = Int(s) { return n...n }
        for (sep, exclusive) in [("..<", true), ("...", false), ("..", false)] {
            if let r = s.range(of: sep) {
                guard let a = Int(s[..<r.lowerBound]), let b = Int(s[r.upperBound...]) else { return nil }
                let hi = exclusive ? b - 1 : b
                guard hi >= a else { return nil }
                return a...hi
            }
        }
        return nil
    }
}

/// Work distribution and the first error, shared by the render workers.
final class RenderState: @unchecked Sendable {
    private let lock = NSLock()
    private var cursor = 0
    private(set) var error: Error?
    /// What each frame's draw blocks printed, by job index.
    private(set) var printedLines: [Int: [PrintedLine]] = [:]

    func printed(_ i: Int, _ lines: [PrintedLine]) {
        lock.lock(); printedLines[i] = lines; lock.unlock()
    }

    func next(_ count: Int) -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard error == nil, cursor < count else { return nil }
        cursor += 1
        return cursor - 1
    }

    func fail(_ e: Error) {
        lock.lock(); if error == nil { error = e }; lock.unlock()
    }
}

func fmt(_ x: Double) -> String {
    if x.isInfinite { return x < 0 ? "-infinity" : "infinity" }
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return "\(x)"
}
