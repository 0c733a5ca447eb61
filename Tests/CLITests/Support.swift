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

    static func run(_ args: [String], in dir: String) -> CalcRun {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = args
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        do { try p.run() } catch { return CalcRun(status: -1, stdout: "", stderr: "could not start \(binary): \(error)") }
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

    /// Runs a /bin/sh command line (for redirections such as `> /dev/full` or `>&-`), capturing
    /// whatever stdout and stderr it leaves to the shell.
    static func runShell(_ command: String, in dir: String) -> CalcRun {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", command]
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        do { try p.run() } catch { return CalcRun(status: -1, stdout: "", stderr: "could not start /bin/sh: \(error)") }
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

    static func files(in dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }
}
