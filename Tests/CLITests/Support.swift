import XCTest
import Foundation

/// Runs the real `calc` executable and captures what a user would see.
struct CalcRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum CLI {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `calc` binary built beside the test bundle.
    static var binary: String {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [dir.appendingPathComponent("calc").path,
                          dir.deletingLastPathComponent().appendingPathComponent("calc").path,
                          repo.appendingPathComponent(".build/debug/calc").path]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return repo.appendingPathComponent(".build/debug/calc").path
    }

    /// Runs `calc args` in `dir`; `environment` entries replace the inherited ones of the same name.
    static func run(_ args: [String], in dir: String, environment: [String: String] = [:]) -> CalcRun {
        capture(binary, args, in: dir, environment: environment)
    }

    /// Runs a /bin/sh command line (for redirections such as `> /dev/full` or `>&-`), capturing
    /// whatever stdout and stderr it leaves to the shell.
    static func runShell(_ command: String, in dir: String) -> CalcRun {
        capture("/bin/sh", ["-c", command], in: dir)
    }

    /// Runs `executable` with `args` in `dir` and returns its exit status and both outputs.
    private static func capture(_ executable: String, _ args: [String], in dir: String,
                                environment: [String: String] = [:]) -> CalcRun {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        if !environment.isEmpty {
            p.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        do { try p.run() } catch { return CalcRun(status: -1, stdout: "", stderr: "could not start \(executable): \(error)") }
        // read both pipes before waiting so a large output cannot deadlock
        final class Box: @unchecked Sendable { var data = Data() }
        let o = Box()
        let group = DispatchGroup()
        group.enter()
        let reader = out.fileHandleForReading
        DispatchQueue.global().async { o.data = reader.readDataToEndOfFile(); group.leave() }
        let e = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return CalcRun(status: p.terminationStatus, stdout: String(decoding: o.data, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// A fresh temporary directory for one test.
    static func tempDir() -> String {
        let path = NSTemporaryDirectory() + "calc-cli-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ text: String, _ name: String, in dir: String) {
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/" + name, contents: Data(text.utf8)), "writing \(name)")
    }

    /// The names in `dir`, sorted, hidden ones included except `.calc-frames` (the manifest of the
    /// frames `calc run` wrote there; TrapTests reads it directly).
    static func files(in dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0 != ".calc-frames" }.sorted()
    }

    /// The full path of `tool` on PATH, or nil (tests that need it print a "skipped" line instead).
    static func which(_ tool: String) -> String? {
        for d in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let p = String(d) + "/" + tool
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    /// Runs an external program to its end and returns (status, stdout, stderr).
    static func tool(_ path: String, _ args: [String], in dir: String) -> CalcRun {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        do { try p.run() } catch { return CalcRun(status: -1, stdout: "", stderr: "\(error)") }
        final class Box: @unchecked Sendable { var data = Data() }
        let o = Box()
        let group = DispatchGroup()
        group.enter()
        let reader = out.fileHandleForReading
        DispatchQueue.global().async { o.data = reader.readDataToEndOfFile(); group.leave() }
        let e = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return CalcRun(status: p.terminationStatus, stdout: String(decoding: o.data, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// Whether python3 can import every module named.
    static func python(has modules: [String]) -> Bool {
        guard let py = which("python3") else { return false }
        return tool(py, ["-c", "import " + modules.joined(separator: ", ")], in: NSTemporaryDirectory()).status == 0
    }
}
