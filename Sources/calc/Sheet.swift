// `calc sheet`: a contact sheet, one PNG with a grid of frames each labelled "#frame time", the
// quickest way to review an animation or attach it to a pull request. Frames render in parallel like
// `calc run`'s; Render's ContactSheet lays them out and draws the labels (a built-in pixel font).

import ArgumentParser
import Foundation
import CalcCore
import Bytecode
import VM
import Render
import CalcSnapshot

struct Sheet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheet",
        abstract: "Write a contact sheet: a grid of frames labelled with their numbers and times, as one PNG.",
        discussion: """
        By default 12 frames evenly spaced from the first to the last, 4 columns, each cell at most \
        \(Sheet.defaultCellWidth) pixels wide. The sheet is written to NAME_sheet.png in the current directory unless -o says otherwise.
        """)

    static let defaultCellWidth = 320.0
    static let defaultCount = 12

    @Argument(help: "A .cal source or .calb bytecode file.") var file: String
    @Option(name: .shortAndLong, help: "The PNG file to write (default: NAME_sheet.png).") var output: String?
    @Option(parsing: .unconditional, help: "Columns of the grid (default 4, fewer when there are fewer frames).") var columns: Int?
    @Option(parsing: .unconditional, help: "Frames to show: N, A..B, A..<B, comma-separated (default: \(Sheet.defaultCount) evenly spaced).") var frames: String?
    @Option(parsing: .unconditional, help: "How many evenly spaced frames to show when --frames is not given.") var count: Int?
    @Option(parsing: .unconditional, help: "Pixels per point of each cell (default: the scene's, reduced to fit \(Int(Sheet.defaultCellWidth)) pixels).") var scale: Double?
    @Option(parsing: .unconditional, help: "Frames per second (overrides the scene's).") var fps: Double?
    @Option(parsing: .unconditional, help: "Worker threads (default: all cores).") var jobs: Int?
    @Flag(name: .shortAndLong, help: "No warnings or summary.") var quiet = false

    func validate() throws {
        if let columns, columns < 1 { throw ValidationError("--columns must be at least 1, got \(columns)") }
        if let count, count < 1 { throw ValidationError("--count must be at least 1, got \(count)") }
        if let scale, !(scale > 0 && scale.isFinite) { throw ValidationError("--scale must be a positive number, got \(fmt(scale))") }
        if let fps, !(fps > 0) || fps.isNaN { throw ValidationError("--fps must be more than 0 frames per second, e.g. 30; got \(fmt(fps))") }
        if let fps, fps > 1000 { throw ValidationError("--fps must be at most 1000; got \(fmt(fps))") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if frames != nil && count != nil { throw ValidationError("use either --frames or --count, not both") }
        if let output, (output as NSString).pathExtension.lowercased() != "png" {
            throw ValidationError("a contact sheet is a PNG: -o must end in .png, got '\(output)'")
        }
    }

    /// `count` frame numbers spread evenly from 0 to `total − 1`, both included: round(k (total − 1) / (count − 1)).
    static func evenlySpaced(_ count: Int, of total: Int) -> [Int] {
        guard count > 1, total > 1 else { return [0] }
        let n = min(count, total)
        return (0..<n).map { k in Int((Double(k * (total - 1)) / Double(n - 1)).rounded()) }
    }

    /// A cell's label: "#12 0.4s" (the time in seconds, at most three decimals).
    static func label(frame: Int, time: Double) -> String {
        "#\(frame) " + fmt((time * 1000).rounded() / 1000) + "s"
    }

    func run() throws {
        var (program, _) = try ProgramLoader.load(file, quietWarnings: quiet)
        var scene = program.scene
        if let fps { scene.fps = fps }
        scene.scale = scale ?? min(scene.scale, Sheet.defaultCellWidth / max(scene.size.width, 1e-9))
        let cw = Int((scene.size.width * scene.scale).rounded()), ch = Int((scene.size.height * scene.scale).rounded())
        guard cw >= 1, ch >= 1, cw <= 4096, ch <= 4096 else {
            throw CalcFailure(.usage, "cells of \(cw)x\(ch) pixels are outside the range a sheet supports (1 to 4096 pixels a side); give --scale")
        }
        do { program = try program.withScene(scene) } catch { throw CalcFailure(.usage, error.message) }
        let total = max(1, Timeline.frameCount(scene))
        var list: [Int]
        if let frames {
            switch Directives.parseFrames(Substring(frames)) {
            case .success(let l): list = Array(Set(l)).sorted()
            case .failure(let e): throw CalcFailure(.usage, "--frames: \(e.message)")
            }
            if let bad = list.first(where: { $0 >= total }) {
                throw CalcFailure(.usage, "--frames: frame \(bad) is out of range: the scene has \(total) frame\(total == 1 ? "" : "s") (0..\(total - 1))")
            }
        } else {
            list = Sheet.evenlySpaced(count ?? Sheet.defaultCount, of: total)
        }
        guard list.count <= 1000 else { throw CalcFailure(.usage, "a sheet shows at most 1000 frames; --frames asked for \(list.count)") }
        let layout = ContactSheet.Layout(count: list.count, columns: columns ?? 4, cellWidth: cw, cellHeight: ch,
                                         labelScale: cw >= 240 ? 2 : 1)
        guard layout.width <= Limits.maxPixelDimension, layout.height <= Limits.maxPixelDimension else {
            throw CalcFailure(.usage, "the sheet would be \(layout.width)x\(layout.height) pixels, more than \(Limits.maxPixelDimension) a side: show fewer frames or give a smaller --scale")
        }
        let painter = Painter(images: try ImageLoader.load(program, relativeTo: file))
        let times = list.map { Double($0) / scene.fps }
        let timeline: Timeline
        do { timeline = try Timeline.run(program, until: times.max() ?? 0, stepBudget: Limits.stepBudget, text: painter.text) } catch {
            throw CalcFailure(.runtime, "\(error)")
        }
        let workers = max(1, min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, list.count))
        let render = FrameRenderer(timeline: timeline, painter: painter, times: times, workers: workers, level: PNGEncoder.defaultLevel)
        let cells = CellStore(count: list.count)
        try render.run(quiet: quiet) { i, fb, _ in cells.set(i, fb) }
        // a dark grey sheet with light grey labels: frames of any colour stand out, and labels read on it
        let sheet = ContactSheet.compose(cells.all, labels: zip(list, times).map { Sheet.label(frame: $0, time: $1) }, layout: layout,
                                         background: PixelMath.pack(0x24, 0x24, 0x24, 255), ink: PixelMath.pack(0xD0, 0xD0, 0xD0, 255))
        let path = output ?? Run.stem(file) + "_sheet.png"
        try Files.writeAtomically(PNGEncoder.encode(sheet), to: path, protecting: [file])
        if !quiet {
            Console.err("wrote a sheet of \(list.count) frame\(list.count == 1 ? "" : "s") (\(layout.columns)x\(layout.rows), \(layout.width)x\(layout.height) pixels) to \(path)\n")
        }
    }
}

/// The rendered cells, filled in by the workers in any order.
final class CellStore: @unchecked Sendable {
    private let lock = NSLock()
    private var cells: [Framebuffer]
    init(count: Int) { cells = Array(repeating: Framebuffer(width: 0, height: 0), count: count) }
    func set(_ i: Int, _ fb: Framebuffer) { lock.lock(); cells[i] = fb; lock.unlock() }
    var all: [Framebuffer] { lock.lock(); defer { lock.unlock() }; return cells }
}
