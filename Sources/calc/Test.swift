// `calc test`: snapshot tests of scripts' disassembly, diagnostics and frames (docs/snapshot-testing.md).
// The work is the CalcSnapshot engine's; this file turns flags into options, prints each script's
// result as soon as it and every script before it are done (so the text is in sorted order whatever
// the scheduling), writes the JUnit file, and maps the outcome to an exit code.

import ArgumentParser
import Foundation
import CalcSnapshot

struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Compare scripts' disassembly and frames with their snapshots.",
        discussion: """
        Every .cal file under PATHS (default: the current directory) is compiled; its disassembly and \
        the frames it names (`// snapshot: frames 0, 12` or `// snapshot: times 0s, 0.5s` in the script, \
        else --frames/--times) are compared with the files in the __snapshots__ folder beside it. \
        Exit status: 0 when every script passed, 1 when any failed or a snapshot is missing, \
        2 bad usage, 4 a path or the JUnit file could not be read or written.
        """)

    @Argument(help: "Scripts or folders to search for .cal files (default: the current directory).") var paths: [String] = []
    @Flag(help: "Record every snapshot that is missing, corrupt or failing (passing ones are left as they are).") var update = false
    @Flag(help: "Record missing snapshots only; compare the rest.") var updateMissing = false
    @Option(help: ArgumentHelp("Frames to snapshot for scripts that name none: N, A..B, A..<B, comma-separated.", valueName: "list")) var frames: String?
    @Option(help: ArgumentHelp("Times to snapshot for scripts that name none, e.g. 0s,0.5s,250ms.", valueName: "list")) var times: String?
    @Option(help: ArgumentHelp("Largest channel difference (0-255) at which a pixel still counts as equal, for scripts that declare no tolerance.", valueName: "n")) var maxChannelDiff: Int?
    @Option(help: ArgumentHelp("Share of pixels that may differ, e.g. 0.1%, for scripts that declare no tolerance.", valueName: "percent")) var maxDiffPixels: String?
    @Option(help: ArgumentHelp("Write JUnit XML results to this file.", valueName: "file")) var junit: String?
    @Option(help: ArgumentHelp("Scripts tested at once (default: all cores).", valueName: "n")) var jobs: Int?
    @Option(help: ArgumentHelp("Write difference images under this folder (default: __snapshots__/__diffs__ beside each script).", valueName: "dir")) var diffDir: String?
    @Option(help: ArgumentHelp("Folder that script paths in reports and snapshots are relative to (default: reports the current directory, snapshots the repository holding the script).", valueName: "dir")) var root: String?

    func validate() throws {
        if update && updateMissing { throw ValidationError("use either --update or --update-missing, not both") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let maxChannelDiff, !(0...255).contains(maxChannelDiff) {
            throw ValidationError("--max-channel-diff must be between 0 and 255, got \(maxChannelDiff)")
        }
        if let maxDiffPixels, Directives.parsePercent(Substring(maxDiffPixels)) == nil {
            throw ValidationError("--max-diff-pixels expects a percentage from 0% to 100% such as 0.1%, got '\(maxDiffPixels)'")
        }
    }

    func run() throws {
        let rootPath = SnapshotFiles.absolute(root ?? FileManager.default.currentDirectoryPath)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: rootPath, isDirectory: &isDir), isDir.boolValue else {
            throw CalcFailure(.io, "cannot use '\(root ?? rootPath)' as the root: no such directory")
        }
        var options = SnapshotOptions(root: rootPath)
        options.namesRelativeToRoot = root != nil
        options.recording = update ? .all : updateMissing ? .missing : .off
        options.jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        options.diffDirectory = diffDir.map { SnapshotFiles.absolute($0) }
        if let frames {
            switch Directives.parseFrames(Substring(frames)) {
            case .success(let list): options.frames = Array(Set(list)).sorted()
            case .failure(let e): throw CalcFailure(.usage, "--frames: \(e.message)")
            }
        }
        if let times {
            switch Directives.parseTimes(Substring(times)) {
            case .success(let list): options.times = Array(Set(list)).sorted()
            case .failure(let e): throw CalcFailure(.usage, "--times: \(e.message)")
            }
        }
        options.tolerance = Tolerance(maxChannelDiff: maxChannelDiff ?? 0,
                                      maxDiffPixelsPercent: maxDiffPixels.flatMap { Directives.parsePercent(Substring($0)) } ?? 0)
        options.write = { bytes, path in try Files.writeAtomically(bytes, to: path) }

        let scripts: [Script]
        do { scripts = try SnapshotFiles.discover(paths.isEmpty ? ["."] : paths, root: rootPath) } catch {
            throw CalcFailure(error.kind == .usage ? .usage : .io, error.message)
        }
        let summary = SnapshotEngine.run(scripts, options: options) { Console.out($0.report) }
        Console.out(summary.summaryLine + "\n")
        if let junit {
            let inputs = scripts.map(\.path)
            try Files.writeAtomically(Array(JUnitReport.xml(summary).utf8), to: junit, protecting: inputs)
        }
        if summary.failed > 0 {
            // the report says what failed; exit without a second message on stderr
            Foundation.exit(ExitCode.diagnostics.rawValue)
        }
    }
}
