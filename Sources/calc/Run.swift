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
import TextLayout

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a scene and write its frames as images, an animated PNG, a video or a GIF.",
        discussion: """
        Frames are written as OUT/frame_0000.png, … (frame i is sampled at time i / fps). \
        -o x.mp4, x.webm, x.gif or x.apng (or --format) writes one animated file instead (MP4, WebM and GIF \
        need ffmpeg). With --time, one frame is rendered; if -o then names a .png or .ppm file, that is the file written.
        """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case png, ppm, apng, mp4, webm, gif
        /// One file holding every frame, rather than a folder of images.
        var isAnimated: Bool { self != .png && self != .ppm }
    }

    @Argument(help: "A .cal source or .calb bytecode file.") var file: String
    @Option(name: .shortAndLong, help: "Output folder for frames (default: the input's name with '_frames'), or a .mp4/.webm/.gif/.apng file, or a .png/.ppm file for one frame.") var output: String?
    @Option(help: "png or ppm (a folder of frames), or apng, mp4, webm, gif (one animated file; default: from -o's extension, else png).") var format: Format?
    @Option(parsing: .unconditional, help: "Frames per second (overrides the scene's).") var fps: Double?
    @Option(parsing: .unconditional, help: "Frames to render: N, A..B (inclusive) or A..<B.") var frames: String?
    @Option(parsing: .unconditional, help: "Render the single frame at this time (e.g. 1.5s, 250ms, 2).") var time: String?
    @Option(help: "Output size in pixels, WxH (must keep the scene's aspect ratio).") var size: String?
    @Option(parsing: .unconditional, help: "Pixels per point (overrides the scene's scale).") var scale: Double?
    @Option(parsing: .unconditional, help: "Worker threads (default: all cores).") var jobs: Int?
    @Option(parsing: .unconditional, help: "PNG compression level 0-12 (default \(PNGEncoder.defaultLevel)).") var pngLevel: Int?
    @Option(parsing: .unconditional, help: "Render only shard K of N (K from 0): every N-th block of the frames, for render farms (docs/scaling.md).") var shard: String?
    @Option(parsing: .unconditional, help: "Times a GIF or APNG plays: 0 = forever (the default).") var loop: Int?
    @Option(parsing: .unconditional, help: "Instructions one event handler may run before it is stopped (default \(Limits.stepBudget)).") var stepBudget: Int?
    @Option(parsing: .unconditional, help: "Memory the script's strings, arrays and layers may take: MiB, or a number with K, M or G (default 1G).")
    var memoryLimit: String?
    @Option(name: .customLong("allow-read"), help: "A folder the script may read images from besides its own (repeatable).")
    var allowRead: [String] = []
    @Option(help: "Instead of images, print what a frame draws: 'display' prints its display list (one frame: --time T or --frames N; to -o FILE or stdout).")
    var emit: Emit?
    @Flag(name: .shortAndLong, help: "No progress bar, warnings or summary (print(…) output is kept).") var quiet = false
    @Flag(help: "Do not write what the script's print(…) calls print.") var noPrint = false

    enum Emit: String, ExpressibleByArgument, CaseIterable { case display }

    var options: RunOptions {
        RunOptions(file: file, output: output, format: format, fps: fps, frames: frames, time: time, size: size,
                   scale: scale, jobs: jobs, pngLevel: pngLevel, loop: loop, stepBudget: stepBudget,
                   memoryLimit: memoryLimit, allowRead: allowRead, quiet: quiet, emit: emit, noPrint: noPrint, shard: shard)
    }

    func validate() throws { try options.validate() }

    func run() throws { try options.execute() }
}

/// The settings of `calc run` as plain values.
struct RunOptions {
    var file: String
    var output: String?
    /// As given with --format; nil: from -o's extension, else png.
    var format: Run.Format?
    var fps: Double?
    var frames: String?
    var time: String?
    var size: String?
    var scale: Double?
    var jobs: Int?
    var pngLevel: Int?
    var loop: Int?
    var stepBudget: Int?
    var memoryLimit: String?
    /// Folders besides the script's own that `image("…")` may read (ReadPolicy).
    var allowRead: [String] = []
    var quiet = false

    /// `--memory-limit` in bytes: MiB by default, or with a K, M or G suffix (binary units).
    static func parseMemory(_ s: String) -> Int? {
        var text = s.uppercased()
        if text.hasSuffix("IB") { text.removeLast(2) } else if text.hasSuffix("B") { text.removeLast() }
        var unit = 1 << 20
        switch text.last {
        case "K": unit = 1 << 10; text.removeLast()
        case "M": text.removeLast()
        case "G": unit = 1 << 30; text.removeLast()
        default: break
        }
        guard let x = Double(text), x.isFinite, x > 0, x * Double(unit) <= Double(1 << 46) else { return nil }
        return Int(x * Double(unit))
    }
    var heap: HeapLimits {
        var h = HeapLimits.standard
        if let m = memoryLimit.flatMap(RunOptions.parseMemory) { h.budget = m }
        return h
    }
    var emit: Run.Emit?
    var noPrint = false
    /// `K/N`: render only shard K (0-based) of N (`Shard`).
    var shard: String?

    func validate() throws {
        // (values may start with '-': `--time -1` gets this message, not "Missing value")
        if let fps, !(fps > 0) || fps.isNaN { throw ValidationError("--fps must be more than 0 frames per second, e.g. 30; got \(fmt(fps))") }
        if let fps, fps > 1000 { throw ValidationError("--fps must be at most 1000; got \(fmt(fps))") }
        if let scale, !(scale > 0 && scale.isFinite) { throw ValidationError("--scale must be a positive number, got \(scale)") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let pngLevel, !(0...12).contains(pngLevel) { throw ValidationError("--png-level must be between 0 and 12") }
        if let loop, loop < 0 { throw ValidationError("--loop must be 0 (forever) or the number of times to play, got \(loop)") }
        if let stepBudget, stepBudget < 1 { throw ValidationError("--step-budget must be at least 1") }
        if let memoryLimit, RunOptions.parseMemory(memoryLimit) == nil {
            throw ValidationError("--memory-limit must be a size such as 512 (MiB), 300M or 2G, got '\(memoryLimit)'")
        }
        if frames != nil && time != nil { throw ValidationError("use either --frames or --time, not both") }
        // -o out.mp4 --format png would make a folder called out.mp4 (and --format mp4 -o out.gif an
        // MP4 called out.gif): an extension naming another format is refused; APNG may end in .png
        if let format, let o = output, let named = Run.Format(rawValue: (o as NSString).pathExtension.lowercased()),
           named != format, !(format == .apng && named == .png) {
            throw ValidationError("-o \(o) ends in .\(named.rawValue) but --format is \(format.rawValue); "
                                  + "drop --format (the extension decides) or give -o a name ending in .\(format.rawValue)")
        }
        if let shard {
            guard let s = Shard(shard) else {
                throw ValidationError("--shard expects K/N with 0 ≤ K < N, K counted from 0 (the shards of 4 are 0/4, 1/4, 2/4, 3/4); got '\(shard)'")
            }
            _ = s
            if time != nil || emit != nil { throw ValidationError("--shard splits a run's frames; it does not go with --time or --emit") }
            if resolvedFormat.isAnimated {
                throw ValidationError("--shard writes frames as images: render the shards to PNG folders, then join them into one video (docs/scaling.md)")
            }
            if let o = output, Run.namesImageFile(o) { throw ValidationError("--shard writes a folder of frames; -o \(o) names one image") }
        }
        if emit != nil {
            if time == nil && (frames.flatMap(Run.parseFrames).map { $0.count != 1 } ?? true) {
                throw ValidationError("--emit display prints one frame: give --time T or --frames N")
            }
        }
    }

    func usage(_ message: String) -> CalcFailure { CalcFailure(.usage, message) }

    /// The format written: --format, else -o's extension (.mp4, .webm, .gif, .apng, .ppm), else png.
    var resolvedFormat: Run.Format {
        if let format { return format }
        if let output, let f = Run.Format(rawValue: (output as NSString).pathExtension.lowercased()) { return f }
        return .png
    }

    func execute() throws {
        FrameHeap.keep()
        var (program, _) = try ProgramLoader.load(file, quietWarnings: quiet)
        var scene = program.scene
        if let fps { scene.fps = fps }
        if let scale { scene.scale = scale }
        if let size {
            let parts = size.lowercased().split(separator: "x").compactMap { Double($0) }
            guard parts.count == 2, parts[0] >= 1, parts[1] >= 1 else { throw usage("--size expects WxH in pixels, e.g. 640x480; got '\(size)'") }
            let sx = parts[0] / scene.size.width
            if abs(sx * scene.size.height - parts[1]) > 1 {
                throw usage("--size \(size) does not keep the scene's aspect ratio (\(fmt(scene.size.width))x\(fmt(scene.size.height)) points); try --size \(size.split(separator: "x").first ?? "")x\(Int((sx * scene.size.height).rounded()))")
            }
            scene.scale = sx
        }
        let maxPx = Double(Limits.maxPixelDimension)
        let pw = scene.size.width * scene.scale, ph = scene.size.height * scene.scale
        if pw > maxPx || ph > maxPx || pw.rounded() < 1 || ph.rounded() < 1 {
            throw usage("frames of \(fmt(pw.rounded()))x\(fmt(ph.rounded())) pixels are outside the supported range (1 to \(Limits.maxPixelDimension) pixels a side)")
        }
        let frameCount = max(1, Timeline.frameCount(scene))
        if frameCount > Limits.maxFrames {
            throw usage("the scene has \(frameCount) frames at \(fmt(scene.fps)) fps, more than the limit of \(Limits.maxFrames)")
        }
        // the options' scene is checked by the verifier's rules again (a VerifiedProgram cannot be edited)
        do { program = try program.withScene(scene) } catch { throw usage(error.message) }
        let painter = Painter(images: try ImageLoader.load(program, relativeTo: file, allowRead: allowRead))
        let kind = resolvedFormat
        let ext = kind.rawValue

        // which frames
        var jobsList: [(name: String, time: Double)] = []
        var singleFile: String?
        if let time {
            guard let t = Run.parseTime(time) else { throw usage("--time expects a time such as 1.5s, 250ms or 2; got '\(time)'") }
            guard t >= 0 else { throw usage("--time must be 0 or later: the scene runs from 0s to \(fmt(scene.duration))s; got \(time)") }
            guard t <= scene.duration + 1e-9 else {
                throw usage("--time \(time) is outside the scene (0s to \(fmt(scene.duration))s)")
            }
            if kind.isAnimated {
                throw usage("--time renders one frame, but \(ext.uppercased()) is an animation: give --frames A..B for part of it, or -o a .png file")
            }
            if let o = output, Run.namesImageFile(o) { singleFile = o }
            jobsList = [(singleFile ?? "time_\(fmt(t))s.\(ext)", t)]
        } else {
            let range: ClosedRange<Int>
            if let frames {
                guard let r = Run.parseFrames(frames) else { throw usage("--frames expects N, A..B or A..<B; got '\(frames)'") }
                guard r.lowerBound >= 0 else {
                    throw usage("--frames counts from 0 (the scene has \(frameCount) frame\(frameCount == 1 ? "" : "s"), 0..\(frameCount - 1)); got \(frames)")
                }
                guard r.upperBound < frameCount else {
                    throw usage("--frames \(frames) is out of range: the scene has \(frameCount) frame\(frameCount == 1 ? "" : "s") (0..\(frameCount - 1))")
                }
                range = r
            } else {
                range = 0...(frameCount - 1)
            }
            // (not String(format:): Foundation's formatter cost 1 M instructions of start-up in casts)
            var numbers = Array(range)
            if let shard, let s = Shard(shard) { numbers = s.select(numbers) }
            jobsList = numbers.map { i in ("frame_\(Run.zeroPadded(i, to: 4)).\(ext)", Double(i) / scene.fps) }
            // -o out.png names one image: write it when one frame is asked for, never a folder of that name
            if !kind.isAnimated, emit == nil, let o = output, Run.namesImageFile(o) {
                guard jobsList.count == 1 else {
                    throw usage("-o \(o) names one image, but \(jobsList.count) frames were asked for: give --time T or --frames N for one frame, "
                                + "-o \(Run.stem(o)).apng (or .mp4, .gif) for an animation, or -o \(Run.stem(o))_frames for a folder of frames")
                }
                singleFile = o
                jobsList[0].name = o
            }
        }

        if emit == .display {
            guard let job = jobsList.first else { return }
            let timeline: Timeline
            do { timeline = try Timeline.run(program, until: job.time, stepBudget: stepBudget ?? Limits.stepBudget,
                                                  heap: heap, text: painter.text) } catch {
                throw CalcFailure(.runtime, "\(error)")
            }
            let scene: PresentationScene
            do { scene = try timeline.presentation(at: job.time) } catch { throw CalcFailure(.runtime, "\(error)") }
            writePrinted(timeline.printed, frames: [(job.time, scene.printed)])
            let text = painter.displayList(scene).text
            if let output { try Files.writeAtomically(Array(text.utf8), to: output, protecting: [file]) } else { Console.out(text) }
            return
        }

        if jobsList.isEmpty {
            // a shard with no frames (more shards than blocks): nothing to render, and that is fine
            if !quiet { Console.err("shard \(shard ?? "") has no frames of this scene to render; wrote nothing\n") }
            return
        }
        let endTime = jobsList.map { $0.time }.max() ?? 0
        let timeline: Timeline
        do { timeline = try Timeline.run(program, until: endTime, stepBudget: stepBudget ?? Limits.stepBudget,
                                                  heap: heap, text: painter.text) } catch {
            throw CalcFailure(.runtime, "\(error)")
        }
        let width = Int(pw.rounded()), height = Int(ph.rounded())
        // (a single frame does not ask for the core count: ProcessInfo reads the cgroup files)
        let byMemory = FrameBudget.framesInFlight(width: Int(pw.rounded()), height: Int(ph.rounded()))
        let workers = jobsList.count <= 1 ? jobsList.count
            : min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, jobsList.count, byMemory)
        let render = FrameRenderer(timeline: timeline, painter: painter, times: jobsList.map(\.time),
                                   workers: max(1, workers), level: pngLevel ?? PNGEncoder.defaultLevel)

        if kind.isAnimated {
            let path = output ?? Run.defaultOutput(for: file, format: kind)
            let printed = try writeAnimation(kind, to: path, render: render, width: width, height: height, fps: scene.fps)
            writePrinted(timeline.printed, frames: jobsList.indices.map { (jobsList[$0].time, printed[$0] ?? []) })
            if !quiet {
                Self.warnIfTextWasNotDrawn(painter.text)
                Console.err("wrote \(jobsList.count) frame\(jobsList.count == 1 ? "" : "s") (\(width)x\(height), \(fmtRate(scene.fps)) fps \(ext.uppercased())) to \(path)\n")
            }
            return
        }

        let outDir = singleFile == nil ? (output ?? Run.defaultOutput(for: file, format: kind)) : nil
        if let outDir {
            try Files.makeDirectory(outDir)
            let manifest = shard.flatMap(Shard.init).map { "\(FrameManifest.name)-\($0.index)-of-\($0.count)" } ?? FrameManifest.name
            try FrameManifest.replace(in: outDir, with: jobsList.map(\.name), inputs: [file], manifest: manifest, adding: time != nil)
        }
        let list = jobsList
        let inputs = [file]
        let fmtKind = kind
        let printed = try render.run(quiet: quiet) { i, fb, png in
            let bytes = fmtKind == .png ? png.encode(fb) : PPMEncoder.encode(fb)
            let path = outDir.map { $0 + "/" + list[i].name } ?? list[i].name
            try Files.writeAtomically(bytes, to: path, protecting: inputs)
        }
        writePrinted(timeline.printed, frames: list.indices.map { (list[$0].time, printed[$0] ?? []) })
        if !quiet {
            Self.warnIfTextWasNotDrawn(painter.text)
            let where_ = singleFile ?? outDir ?? ""
            Console.err("wrote \(list.count) frame\(list.count == 1 ? "" : "s") (\(width)x\(height) \(ext.uppercased())) to \(where_)\n")
        }
    }

    /// A run whose text found no font draws none of it: say so once, with what to install, rather than
    /// leave blank labels unexplained (docs/rendering.md, Text).
    static func warnIfTextWasNotDrawn(_ text: TextMeasure) {
        guard text.textWithoutFont else { return }
        Console.err("warning: no font could be opened, so text was measured with fallback metrics and not drawn; "
                    + "text needs fontconfig, HarfBuzz, FreeType and an outline font (on Debian: apt-get install "
                    + "libfontconfig1 libharfbuzz0b libfreetype6 fonts-dejavu-core)\n")
    }

    /// Renders every frame and streams it, in order, into one animated file (Animated.swift).
    private func writeAnimation(_ kind: Run.Format, to path: String, render: FrameRenderer, width: Int, height: Int, fps: Double) throws -> [Int: [PrintedLine]] {
        let plays = loop ?? 0
        let frames = render.times.count
        func makeSink(rgb: Bool) throws -> AnimationSink {
            switch kind {
            case .apng: return try APNGSink(path: path, inputs: [file], width: width, height: height, rgb: rgb, frames: frames, plays: plays, fps: fps)
            case .mp4: return try FFmpegSink(.mp4, path: path, inputs: [file], width: width, height: height, fps: fps, plays: plays)
            case .webm: return try FFmpegSink(.webm, path: path, inputs: [file], width: width, height: height, fps: fps, plays: plays)
            default: return try FFmpegSink(.gif, path: path, inputs: [file], width: width, height: height, fps: fps, plays: plays)
            }
        }
        do {
            return try render.stream(into: try makeSink(rgb: true), quiet: quiet)
        } catch is APNGSink.NeedsAlpha {
            // a frame with transparency: APNG in RGBA from the start (only APNG throws this)
            return try render.stream(into: try makeSink(rgb: false), quiet: quiet)
        }
    }
}

/// Renders a list of frame times on a pool of workers, one renderer, framebuffer and PNG writer each
/// (every frame is a pure function of the timeline), either handing each frame to a callback on
/// its worker (`run`) or streaming the frames in order into an animated file (`stream`).
struct FrameRenderer: @unchecked Sendable {
    let timeline: Timeline
    let painter: Painter
    let times: [Double]
    let workers: Int
    let level: Int

    /// Calls `body(i, frame, pngWriter)` for every frame, on the worker that rendered it.
    /// Returns what each frame's draw blocks printed, by frame index.
    @discardableResult
    func run(quiet: Bool, _ body: @escaping @Sendable (Int, Framebuffer, PNGWriter) throws -> Void) throws -> [Int: [PrintedLine]] {
        let progress = Progress(total: times.count, enabled: !quiet && Console.stderrIsTerminal)
        let state = RenderState()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let renderer = Renderer()
            let png = PNGWriter(level: level)
            var fb = Framebuffer(width: 1, height: 1)
            while let i = state.next(times.count) {
                do {
                    let scene = try presentation(i)
                    if !scene.printed.isEmpty { state.printed(i, scene.printed) }
                    painter.render(scene, with: renderer, into: &fb)
                    try body(i, fb, png)
                } catch {
                    state.fail(error)
                    return
                }
                progress.step()
            }
        }
        progress.finish()
        if let e = state.error { throw e }
        return state.printedLines
    }

    private func presentation(_ i: Int) throws -> PresentationScene {
        do { return try timeline.presentation(at: times[i]) } catch { throw CalcFailure(.runtime, "\(error)") }
    }

    /// Renders on the workers while this thread appends the frames to `sink` in order; at most two
    /// frames per worker wait to be written. On any failure the sink is aborted (its file removed).
    /// Returns what each frame's draw blocks printed, by frame index.
    func stream(into sink: AnimationSink, quiet: Bool) throws -> [Int: [PrintedLine]] {
        let progress = Progress(total: times.count, enabled: !quiet && Console.stderrIsTerminal)
        let queue = FrameQueue(window: 2 * workers)
        let state = RenderState()
        let group = DispatchGroup()
        let box = SinkBox(sink)
        DispatchQueue.global(qos: .userInitiated).async(group: group) {
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                let renderer = Renderer()
                let png = PNGWriter(level: level)
                var fb = Framebuffer(width: 1, height: 1)
                while let i = state.next(times.count) {
                    guard queue.admit(i) else { return }
                    do {
                        let scene = try presentation(i)
                        if !scene.printed.isEmpty { state.printed(i, scene.printed) }
                        painter.render(scene, with: renderer, into: &fb)
                        queue.put(i, try box.sink.payload(fb, encoder: png))
                    } catch {
                        state.fail(error)
                        queue.fail(error)
                        return
                    }
                }
            }
        }
        var failure: Error?
        for i in 0..<times.count {
            guard let bytes = queue.take(i) else { break }
            do { try sink.append(bytes) } catch {
                failure = error
                queue.fail(error)
                state.fail(error)
                break
            }
            progress.step()
        }
        group.wait()
        progress.finish()
        if let e = failure ?? queue.failure {
            sink.abort()
            throw e
        }
        do { try sink.finish() } catch {
            sink.abort()
            throw error
        }
        return state.printedLines
    }
}

/// Hands the sink to the workers (they call only its thread-safe `payload`).
private final class SinkBox: @unchecked Sendable {
    let sink: AnimationSink
    init(_ sink: AnimationSink) { self.sink = sink }
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
            case "--loop": guard let n = Int(value) else { return nil }; o.loop = n
            case "--shard": o.shard = value
            case "--fps": guard let x = Double(value) else { return nil }; o.fps = x
            case "--frames": o.frames = value
            case "--time": o.time = value
            case "--size": o.size = value
            case "--scale": guard let x = Double(value) else { return nil }; o.scale = x
            case "--jobs": guard let n = Int(value) else { return nil }; o.jobs = n
            case "--png-level": guard let n = Int(value) else { return nil }; o.pngLevel = n
            case "--step-budget": guard let n = Int(value) else { return nil }; o.stepBudget = n
            case "--memory-limit": o.memoryLimit = value
            case "--allow-read": o.allowRead.append(value)
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
    /// The default output of `calc run` (docs/cli.md, "Where outputs go"): in the current directory,
    /// named after the input: `hello.cal` → `hello_frames/` or `hello.mp4`.
    static func defaultOutput(for file: String, format: Format = .png) -> String {
        stem(file) + (format.isAnimated ? "." + format.rawValue : "_frames")
    }

    /// The file's name without its folder and without a .cal, .calb, .png or .ppm extension.
    static func stem(_ file: String) -> String {
        var base = (file as NSString).lastPathComponent
        for e in [".cal", ".calb", ".png", ".ppm"] where base.hasSuffix(e) { base = String(base.dropLast(e.count)) }
        return base
    }

    /// Whether `-o` names a single image file (it ends in .png or .ppm) rather than a folder.
    static func namesImageFile(_ path: String) -> Bool {
        let e = (path as NSString).pathExtension.lowercased()
        return e == "png" || e == "ppm"
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

/// The frames a run wrote into a folder, listed in `OUT/.calc-frames` (one name a line), so the next
/// run into that folder removes the ones it does not write again: the folder never holds a mix of
/// two runs (docs/cli.md). Only names this tool writes (`frame_N.png|ppm`, `time_Ts.png|ppm`, no
/// folder part) are ever removed, so a damaged or hand-edited manifest cannot delete anything else;
/// files the manifest does not list (the user's, or an older calc's) are left alone.
enum FrameManifest {
    static let name = ".calc-frames"

    static func isOurs(_ file: String) -> Bool {
        !file.contains("/") && !file.hasPrefix(".") && (file.hasPrefix("frame_") || file.hasPrefix("time_"))
            && (file.hasSuffix(".png") || file.hasSuffix(".ppm"))
    }

    /// Removes the frames the previous run listed that are not in `names`, then lists `names`.
    /// (Before rendering: an interrupted run leaves only names it meant to write.) With `adding`
    /// (a `--time` run: one still beside the frames, not a sequence of its own), nothing is removed
    /// and `names` join the list.
    static func replace(in dir: String, with names: [String], inputs: [String], manifest: String = name, adding: Bool = false) throws {
        let path = dir + "/" + manifest
        let keep = Set(names)
        var listed = names
        if let old = try? Files.read(path) {
            for line in String(decoding: old, as: UTF8.self).split(separator: "\n") {
                let file = String(line)
                guard isOurs(file), !keep.contains(file) else { continue }
                if adding { listed.append(file) } else { unlink(dir + "/" + file) }
            }
        }
        try Files.writeAtomically(Array((listed.sorted().joined(separator: "\n") + "\n").utf8), to: path, protecting: inputs)
    }
}

/// `--shard K/N`: which frames shard K (0-based, so Kubernetes' JOB_COMPLETION_INDEX can be passed
/// as it is) of N renders. The frames are cut into blocks of B consecutive frames,
/// B = min(60, ceil(frames / (8 N))) and at least 1, and block b goes to shard b mod N: each shard
/// gets about 8 blocks spread over the whole timeline (so a scene that gets busier towards its end
/// loads every shard alike), and shards differ by at most one block. A pure function of the frame
/// list and N: every machine computes the same split, and the shards' frames together are the
/// list, each frame once, under its global name.
struct Shard: Equatable {
    let index: Int
    let count: Int

    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 100_000, k >= 0, k < n else { return nil }
        index = k; count = n
    }

    static func blockSize(frames: Int, shards: Int) -> Int {
        max(1, min(60, (frames + 8 * shards - 1) / (8 * shards)))
    }

    func select(_ frames: [Int]) -> [Int] {
        let b = Shard.blockSize(frames: frames.count, shards: count)
        return frames.enumerated().filter { ($0.offset / b) % count == index }.map(\.element)
    }
}
