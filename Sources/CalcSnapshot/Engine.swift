// The snapshot-testing engine behind `calc test` and the golden tests: for each script, compile it,
// check its disassembly (and diagnostics, when it asks), run its timeline once and check the frames
// it names against the files in `__snapshots__/` beside it, recording what is missing or — on request —
// what differs. Scripts are independent, so they run in parallel (`jobs` workers pulling the next
// script), and results are handed out in the sorted order of the scripts whatever the scheduling, so
// the report is the same text on every run. A script never stops the run: every problem, including
// an unreadable or corrupt snapshot, becomes a failure of that script with a message naming the file.

import Foundation
import CalcCore
import Bytecode
import Compiler
import VM
import Render

/// How a run checks and records snapshots.
public struct SnapshotOptions: Sendable {
    /// Which snapshots a run writes.
    public enum Recording: Sendable, Equatable {
        /// Compare only; a missing snapshot fails.
        case off
        /// Write snapshots that do not exist yet; compare the rest.
        case missing
        /// Write every snapshot that is missing, corrupt or failing; leave passing ones untouched.
        case all
    }

    /// Absolute directory that script names in reports are relative to.
    public var root: String
    /// Whether the names compiled into snapshots (the disassembly's `; source:` line, diagnostics'
    /// `file:line:col`) are relative to `root` too (`calc test --root DIR`). When false, the default,
    /// they are relative to the repository the script is in (the nearest folder above it holding
    /// `.git`), or outside one are its file name: either way the same from any working directory.
    public var namesRelativeToRoot = false
    public var recording: Recording = .off
    /// Frames for scripts that name none (a script's own `frames`/`times` directive wins).
    public var frames: [Int] = []
    /// Times for scripts that name none.
    public var times: [Double] = []
    /// Tolerance for scripts that declare none (a script's own `tolerance` directive wins).
    public var tolerance: Tolerance = .exact
    /// Scripts checked at once.
    public var jobs: Int = 1
    /// Absolute directory for difference images, mirroring script folders; nil: `__snapshots__/__diffs__/`.
    public var diffDirectory: String?
    /// Deflate level of recorded PNG snapshots (smaller files in the repository; speed is irrelevant).
    public var pngLevel: Int = 9
    /// Longest unified diff printed for one text snapshot, in lines.
    public var maxDiffLines: Int = 200
    /// How files are written; the `calc` executable passes its own atomic writer so an interrupt
    /// cleans up temporary files.
    public var write: @Sendable ([UInt8], String) throws -> Void = { try SnapshotFiles.writeAtomically($0, to: $1) }

    public init(root: String) { self.root = root }
}

/// What happened to one script.
public struct ScriptResult: Sendable {
    public enum Status: String, Sendable {
        case passed = "PASS", failed = "FAIL", recorded = "RECORDED"
    }

    public var script: Script
    public var status: Status
    /// What the script's snapshots cover: `asm`, `diagnostics`, `3 frames`.
    public var covered: [String] = []
    /// Lines shown under the status line (already indented relative to each other).
    public var details: [String] = []
    /// One line per failure, for the JUnit failure message.
    public var failures: [String] = []
    /// Snapshot files written or removed (display paths).
    public var recorded: [String] = []
    /// Difference images written (display paths).
    public var diffImages: [String] = []
    /// Seconds spent on the script.
    public var duration: Double = 0

    /// `PASS Samples/basics/hello.cal (asm, 3 frames)` and the details, two spaces in.
    public var report: String {
        var s = "\(status.rawValue) \(script.name)"
        if !covered.isEmpty { s += " (\(covered.joined(separator: ", ")))" }
        s += "\n"
        for d in details { s += "  " + d + "\n" }
        return s
    }
}

/// The results of a run, in script order.
public struct RunSummary: Sendable {
    public var results: [ScriptResult]
    /// Seconds for the whole run.
    public var duration: Double

    public var passed: Int { results.filter { $0.status == .passed }.count }
    public var failed: Int { results.filter { $0.status == .failed }.count }
    public var recorded: Int { results.filter { $0.status == .recorded }.count }

    /// `5 passed, 1 failed` (`, 2 recorded` when anything was recorded).
    public var summaryLine: String {
        var s = "\(passed) passed, \(failed) failed"
        if recorded > 0 { s += ", \(recorded) recorded" }
        return s
    }

    /// Every script's report and the summary line: what `calc test` prints.
    public var report: String { results.map(\.report).joined() + summaryLine + "\n" }
}

/// Runs snapshot tests.
public enum SnapshotEngine {
    /// The format number of `.diag` snapshots (their first line is `; calc diagnostics, format N`).
    public static let diagnosticsFormat = 1
    /// The version of the display-list text (`DisplayList.text`) in `.display` snapshots.
    public static let displayFormat = 1

    /// Tests `scripts` with `options`, calling `onResult` once per script in the scripts' order
    /// (serially, as soon as every earlier script is done).
    public static func run(_ scripts: [Script], options: SnapshotOptions,
                           onResult: @escaping @Sendable (ScriptResult) -> Void = { _ in }) -> RunSummary {
        let start = DispatchTime.now()
        let queue = ResultQueue(count: scripts.count, onResult: onResult)
        let workers = max(1, min(options.jobs, scripts.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let i = queue.next() {
                queue.finish(i, test(scripts[i], options: options))
            }
        }
        let results = queue.results()
        removeEmptyDiffFolders(scripts, options: options)
        return RunSummary(results: results, duration: seconds(since: start))
    }

    /// Tests one script.
    public static func test(_ script: Script, options: SnapshotOptions) -> ScriptResult {
        let start = DispatchTime.now()
        var check = ScriptCheck(script: script, options: options)
        check.run()
        var r = check.result
        r.duration = seconds(since: start)
        return r
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    /// Difference folders left empty once stale images were removed (done after the workers, so
    /// no folder disappears under a worker about to write into it).
    static func removeEmptyDiffFolders(_ scripts: [Script], options: SnapshotOptions) {
        var folders = Set<String>()
        for s in scripts { folders.insert(SnapshotLocation(script: s, root: options.root, diffDirectory: options.diffDirectory).diffFolder) }
        for f in folders.sorted() where options.diffDirectory == nil {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: f, isDirectory: &isDir), isDir.boolValue, SnapshotFiles.list(f).isEmpty {
                _ = SnapshotFiles.remove(f)
            }
        }
    }
}

/// Hands out script indices to workers and delivers results in index order.
final class ResultQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var cursor = 0
    private var nextToDeliver = 0
    private var slots: [ScriptResult?]
    private let onResult: @Sendable (ScriptResult) -> Void

    init(count: Int, onResult: @escaping @Sendable (ScriptResult) -> Void) {
        slots = Array(repeating: nil, count: count)
        self.onResult = onResult
    }

    func next() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard cursor < slots.count else { return nil }
        cursor += 1
        return cursor - 1
    }

    func finish(_ i: Int, _ r: ScriptResult) {
        lock.lock(); defer { lock.unlock() }
        slots[i] = r
        while nextToDeliver < slots.count, let ready = slots[nextToDeliver] {
            onResult(ready)
            nextToDeliver += 1
        }
    }

    func results() -> [ScriptResult] {
        lock.lock(); defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}

/// The work on one script, accumulating its result.
struct ScriptCheck {
    let script: Script
    let options: SnapshotOptions
    let location: SnapshotLocation
    var result: ScriptResult
    /// Snapshot file names this run expects for the script (for finding obsolete ones).
    var expected = Set<String>()
    var wrote = false

    init(script: Script, options: SnapshotOptions) {
        self.script = script
        self.options = options
        location = SnapshotLocation(script: script, root: options.root, diffDirectory: options.diffDirectory)
        result = ScriptResult(script: script, status: .passed)
    }

    func show(_ path: String) -> String { SnapshotFiles.display(path, root: options.root) }

    mutating func fail(_ summary: String, _ lines: [String] = []) {
        result.failures.append(summary)
        result.details.append(summary)
        result.details += lines.map { "  " + $0 }
    }

    mutating func run() {
        defer {
            if !result.failures.isEmpty { result.status = .failed } else if wrote { result.status = .recorded }
        }
        let bytes: [UInt8]
        switch SnapshotFiles.read(script.path) {
        case .success(let b?): bytes = b
        case .success(nil): fail("cannot read '\(script.name)': no such file"); return
        case .failure(let e): fail("cannot read '\(script.name)': \(e.reason)"); return
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let (directives, problems) = Directives.parse(text)
        if !problems.isEmpty {
            for p in problems { fail("\(script.name):\(p.line): error: \(p.message)") }
            return
        }
        var frames = directives.frames, times = directives.times
        let ownFrames = directives.namesFrames
        if !ownFrames { frames = options.frames; times = options.times }
        let tolerance = directives.tolerance ?? options.tolerance

        let file = SourceFile(name: options.namesRelativeToRoot ? script.name : SnapshotFiles.snapshotName(script.path), bytes: bytes)
        let compiled = Compiler.compile(file)
        if directives.diagnostics {
            result.covered.append("diagnostics")
            let rendered = Diagnostic.renderCapped(compiled.diagnostics, in: file)
            let body = "; calc diagnostics, format \(SnapshotEngine.diagnosticsFormat)\n" + rendered
            checkText(body, at: location.diagnostics, kind: .diagnostics)
        }
        guard let program = compiled.program, !compiled.hasErrors else {
            if !directives.diagnostics {
                let n = compiled.diagnostics.filter { $0.severity == .error }.count
                let rendered = Diagnostic.renderCapped(compiled.diagnostics, in: file)
                fail("does not compile (\(n) error\(n == 1 ? "" : "s"); a script meant to fail declares '// snapshot: diagnostics'):",
                     lines(rendered))
                return
            }
            if ownFrames && !(frames.isEmpty && times.isEmpty) {
                fail("names frames to snapshot but does not compile")
            }
            if !directives.values.isEmpty || !directives.expectations.isEmpty {
                fail("names values to check but does not compile")
            }
            reportObsolete()
            return
        }
        let verified: VerifiedProgram
        do { verified = try Verifier.verified(program) } catch {
            fail("the compiled program fails verification (a compiler bug): \(error.message)")
            return
        }
        if !ownFrames && frames.isEmpty && times.isEmpty && directives.values.isEmpty && directives.expectations.isEmpty {
            // a script that names nothing to check (no frames, values or expectations) is held to its
            // first and last frames, not to its disassembly alone (which changes with every compiler
            // improvement and says nothing of pixels)
            let n = max(1, Timeline.frameCount(program.scene))
            frames = n > 1 ? [0, n - 1] : [0]
        }
        result.covered.insert("asm", at: 0)
        checkText(Disassembler.disassemble(program), at: location.disassembly, kind: .disassembly)
        checkFrames(verified, frames: frames, times: times, tolerance: tolerance, displayLists: directives.displayLists)
        checkValues(verified, directives)
        reportObsolete()
    }

    func lines(_ text: String) -> [String] {
        var l = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if l.last == "" { l.removeLast() }
        return l
    }

    // MARK: text snapshots

    enum TextKind {
        case disassembly, diagnostics, display
        var header: String {
            switch self {
            case .disassembly: return "; calc bytecode, format "
            case .diagnostics: return "; calc diagnostics, format "
            case .display: return "; calc display list, format "
            }
        }
        /// The newest format this calc writes (a program is written in the oldest that holds it).
        var currentFormat: Int {
            switch self {
            case .disassembly: return Int(BytecodeFormat.version)
            case .diagnostics: return SnapshotEngine.diagnosticsFormat
            case .display: return SnapshotEngine.displayFormat
            }
        }
        var label: String {
            switch self {
            case .disassembly: return "disassembly"
            case .diagnostics: return "diagnostics"
            case .display: return "display list"
            }
        }
        var formatName: String { self == .disassembly ? "bytecode format" : "\(label) format" }
    }

    mutating func checkText(_ actual: String, at path: String, kind: TextKind) {
        expected.insert((path as NSString).lastPathComponent)
        let shown = show(path)
        let stored: [UInt8]
        switch SnapshotFiles.read(path) {
        case .failure(let e):
            fail("cannot read snapshot '\(shown)': \(e.reason)")
            return
        case .success(nil):
            if options.recording == .off {
                fail("missing snapshot \(shown) (record it with --update-missing)")
            } else {
                record(Array(actual.utf8), to: path)
            }
            return
        case .success(let b?):
            stored = b
        }
        if stored.elementsEqual(actual.utf8) { return }
        if options.recording == .all { record(Array(actual.utf8), to: path); return }

        guard var expectedText = String(validating: stored, as: UTF8.self) else {
            fail("snapshot \(shown) is corrupt: it is not UTF-8 text (re-record it with --update)")
            return
        }
        if expectedText.contains("\r\n") { expectedText = expectedText.replacingOccurrences(of: "\r\n", with: "\n") }
        if expectedText == actual { return }
        // the format this program is written in (a program without dynamics is still format 1)
        let current = Int(actual.prefix { $0 != "\n" }.dropFirst(kind.header.count)) ?? kind.currentFormat
        let first = expectedText.prefix { $0 != "\n" }
        guard first.hasPrefix(kind.header), let version = Int(first.dropFirst(kind.header.count)), version >= 0 else {
            fail("snapshot \(shown) is corrupt: its first line should be '\(kind.header)\(current)' (re-record it with --update)")
            return
        }
        if version > kind.currentFormat {
            fail("snapshot \(shown) was recorded by a newer calc (\(kind.formatName) \(version); this calc writes format \(current)): update calc, or re-record it with --update")
            return
        }
        let diff = LineDiff.unified(old: expectedText, new: actual, oldName: shown, newName: "\(script.name) (actual)") ?? ""
        var diffLines = lines(diff)
        if diffLines.count > options.maxDiffLines {
            let more = diffLines.count - options.maxDiffLines
            diffLines = Array(diffLines.prefix(options.maxDiffLines)) + ["… \(more) more line\(more == 1 ? "" : "s") of diff"]
        }
        if version < current {
            diffLines.insert("(the snapshot is in \(kind.formatName) \(version); this calc writes format \(current))", at: 0)
        }
        fail("\(kind.label) differs from \(shown):", diffLines)
    }

    /// Writes through `options.write`, creating the folder first.
    func write(_ bytes: [UInt8], to path: String) throws {
        let dir = (path as NSString).deletingLastPathComponent
        do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
            throw SnapshotFiles.WriteError(message: "cannot create directory '\(show(dir))': "
                                           + SnapshotFiles.plainReason(error, creating: dir).replacingOccurrences(of: dir, with: show(dir)))
        }
        try options.write(bytes, path)
    }

    mutating func record(_ bytes: [UInt8], to path: String) {
        do {
            try write(bytes, to: path)
            wrote = true
            result.recorded.append(show(path))
            result.details.append("wrote \(show(path))")
        } catch {
            fail("cannot write snapshot \(show(path)): \(error)")
        }
    }

    // MARK: frames

    mutating func checkFrames(_ verified: VerifiedProgram, frames: [Int], times: [Double], tolerance: Tolerance, displayLists: Bool) {
        let program = verified.program
        guard !frames.isEmpty || !times.isEmpty else { return }
        let n = frames.count + times.count
        result.covered.append("\(n) frame\(n == 1 ? "" : "s")")
        let scene = program.scene
        let frameCount = max(1, Timeline.frameCount(scene))
        let pw = (scene.size.width * scene.scale).rounded(), ph = (scene.size.height * scene.scale).rounded()
        let maxPx = Double(Limits.maxPixelDimension)
        guard pw >= 1, ph >= 1, pw <= maxPx, ph <= maxPx else {
            fail("frames of \(Numbers.format(pw))x\(Numbers.format(ph)) pixels are outside the supported range (1 to \(Limits.maxPixelDimension) pixels a side)")
            return
        }
        var jobs: [(label: String, name: String, time: Double)] = []
        for i in frames {
            guard i < frameCount else {
                fail("frame \(i) is outside the scene (frames 0..\(frameCount - 1) at \(Numbers.format(scene.fps)) fps)")
                continue
            }
            jobs.append(("frame \(i)", location.frameName(i), Double(i) / scene.fps))
        }
        for t in times {
            guard t <= scene.duration + 1e-9 else {
                fail("time \(Numbers.format(t))s is outside the scene (0s to \(Numbers.format(scene.duration))s)")
                continue
            }
            jobs.append(("time \(Numbers.format(t))s", location.timeName(t), t))
        }
        for j in jobs { expected.insert(j.name) }
        guard let end = jobs.map(\.time).max() else { return }
        let painter: Painter
        switch SnapshotImages.load(program, script: script.path) {
        case .success(let images): painter = Painter(images: images)
        case .failure(let e): fail(e.message); return
        }
        let timeline: Timeline
        do { timeline = try Timeline.run(verified, until: end, text: painter.text) } catch {
            fail("\(error)")
            return
        }
        let renderer = Renderer()
        let writer = PNGWriter(level: options.pngLevel)
        for j in jobs {
            let scene: PresentationScene
            do { scene = try timeline.presentation(at: j.time) } catch {
                fail("\(error)")
                return
            }
            let list = painter.displayList(scene)
            if displayLists {
                checkText("; calc display list, format \(SnapshotEngine.displayFormat)\n" + list.text,
                          at: location.folder + "/" + j.name.dropLast(4) + ".display", kind: .display)
            }
            checkFrame(renderer.render(list, images: painter.images), label: j.label, name: j.name, tolerance: tolerance, writer: writer)
        }
    }

    mutating func checkFrame(_ frame: Framebuffer, label: String, name: String, tolerance: Tolerance, writer: PNGWriter) {
        let path = location.folder + "/" + name
        let diffPath = location.diffFolder + "/" + (name.dropLast(4)) + ".diff.png"
        let shown = show(path)
        let stored: [UInt8]
        switch SnapshotFiles.read(path) {
        case .failure(let e):
            fail("cannot read snapshot '\(shown)': \(e.reason)")
            return
        case .success(nil):
            if options.recording == .off {
                fail("missing snapshot \(shown) for \(label) (record it with --update-missing)")
            } else {
                record(writer.encode(frame), to: path)
            }
            return
        case .success(let b?):
            stored = b
        }
        let expectedFrame: Framebuffer
        do { expectedFrame = try ImageDecoder.decode(stored) } catch {
            if options.recording == .all { record(writer.encode(frame), to: path); return }
            fail("snapshot \(shown) is corrupt: \(error) (re-record it with --update)")
            return
        }
        // compare what a snapshot of this frame would decode to, so premultiplied pixels that the
        // PNG's straight alpha cannot hold exactly are not differences
        let actual = (try? ImageDecoder.decode(PNGEncoder.encode(frame, level: 0))) ?? frame
        let cmp = ImageComparison.compare(expected: expectedFrame, actual: actual, tolerance: tolerance)
        if cmp.passes {
            if FileManager.default.fileExists(atPath: diffPath) { _ = SnapshotFiles.remove(diffPath) }
            return
        }
        if options.recording == .all { record(writer.encode(frame), to: path); return }

        var lines: [String] = []
        let summary: String
        if !cmp.sizeMatches {
            summary = "\(label) differs from \(shown): the snapshot is \(expectedFrame.width)x\(expectedFrame.height) pixels, the frame \(actual.width)x\(actual.height)"
        } else {
            let pct = String(format: "%.2f", 100 * Double(cmp.differing) / Double(max(1, cmp.total)))
            summary = "\(label) differs from \(shown): \(cmp.differing) of \(cmp.total) pixels (\(pct)%) differ by more than \(tolerance.maxChannelDiff)"
            lines.append("largest channel difference \(cmp.maxChannelDiff); tolerance \(tolerance) allows \(tolerance.allowedPixels(of: cmp.total)) pixel\(tolerance.allowedPixels(of: cmp.total) == 1 ? "" : "s")")
        }
        let image = DiffImage.make(expected: expectedFrame, actual: actual, tolerance: tolerance)
        do {
            try write(PNGEncoder.encode(image), to: diffPath)
            result.diffImages.append(show(diffPath))
            lines.append("diff image (expected | actual | difference): \(show(diffPath))")
        } catch {
            lines.append("could not write the diff image: \(error)")
        }
        fail(summary, lines)
    }

    // MARK: obsolete snapshots

    /// Snapshot files of this script that the run did not ask for: noted, and removed under --update.
    mutating func reportObsolete() {
        guard result.failures.isEmpty || options.recording != .all else { return }
        for name in SnapshotFiles.list(location.folder) where location.owns(name) && !expected.contains(name) {
            let path = location.folder + "/" + name
            if options.recording == .all {
                if SnapshotFiles.remove(path) {
                    wrote = true
                    result.recorded.append(show(path))
                    result.details.append("removed obsolete \(show(path))")
                }
            } else {
                result.details.append("note: obsolete snapshot \(show(path)) (the script no longer names it; --update removes it)")
            }
        }
    }
}
