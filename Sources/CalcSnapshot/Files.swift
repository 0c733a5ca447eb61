// The engine's file system access, kept in one place: reading, atomic writing, finding scripts, and
// the names of snapshot files. Everything else in the module works on values.
//
// Names: a script `DIR/<stem>.cal` keeps its snapshots in `DIR/__snapshots__/` as `<stem>.asm`,
// `<stem>.diag`, `<stem>.fNNNN.png` (frame N, at least four digits) and `<stem>.t<T>s.png` (time T in
// seconds, integers without `.0`). Difference images go to `DIR/__snapshots__/__diffs__/` (or under
// `--diff-dir`), never beside the snapshots themselves.

import Foundation

/// Why a run could not start: the paths name nothing, or a directory cannot be read.
public struct SetupError: Error, Sendable, Equatable {
    public enum Kind: Sendable { case usage, io }
    public var kind: Kind
    public var message: String
    public init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }
}

/// A script under test: where it is and how it is named in output and snapshots.
public struct Script: Sendable, Hashable, Comparable {
    /// Absolute, standardized path.
    public var path: String
    /// The path relative to the run's root (absolute when outside it): the name compiled into the
    /// disassembly and diagnostics, so it must not depend on how the run was invoked.
    public var name: String

    public init(path: String, name: String) { self.path = path; self.name = name }
    public static func < (l: Script, r: Script) -> Bool { l.name < r.name }
}

/// File system helpers for the engine.
public enum SnapshotFiles {
    /// Absolute and standardized (no `.`, `..` or doubled slashes); relative paths are taken from
    /// `base` (default: the current directory).
    public static func absolute(_ path: String, base: String? = nil) -> String {
        if path.hasPrefix("/") || base == nil { return URL(fileURLWithPath: path).standardizedFileURL.path }
        return URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: base ?? ".", isDirectory: true)).standardizedFileURL.path
    }

    /// The name a script is compiled under in snapshots (`path` absolute): relative to the nearest
    /// folder above it that holds `.git` (a directory, or a file in a git worktree), else its file
    /// name. It does not depend on where `calc test` runs, nor on which paths it was given.
    public static func snapshotName(_ path: String) -> String {
        var dir = (path as NSString).deletingLastPathComponent
        while !dir.isEmpty && dir != "/" {
            if FileManager.default.fileExists(atPath: dir + "/.git") { return display(path, root: dir) }
            dir = (dir as NSString).deletingLastPathComponent
        }
        return (path as NSString).lastPathComponent
    }

    /// `path` relative to `root` when it lies inside it, else `path` itself.
    public static func display(_ path: String, root: String) -> String {
        let r = root.hasSuffix("/") ? root : root + "/"
        if path.hasPrefix(r) { return String(path.dropFirst(r.count)) }
        return path
    }

    /// Every `.cal` file named by `paths` (files, or directories searched recursively, skipping
    /// hidden entries, `__snapshots__` folders and symbolic links to directories), sorted by name.
    public static func discover(_ paths: [String], root: String) throws(SetupError) -> [Script] {
        let fm = FileManager.default
        var found = Set<String>()
        for p in paths {
            let abs = absolute(p)
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: abs, isDirectory: &isDir) else {
                throw SetupError(.io, "cannot read '\(p)': no such file or directory")
            }
            if isDir.boolValue {
                var here = Set<String>()
                try walk(abs, shownAs: p, into: &here)
                if here.isEmpty { throw SetupError(.usage, "no .cal files found in '\(p)'") }
                found.formUnion(here)
            } else {
                guard abs.hasSuffix(".cal") else { throw SetupError(.usage, "'\(p)' is not a .cal file") }
                found.insert(abs)
            }
        }
        return found.map { Script(path: $0, name: display($0, root: root)) }.sorted()
    }

    static func walk(_ dir: String, shownAs: String, into found: inout Set<String>) throws(SetupError) {
        let fm = FileManager.default
        let entries: [String]
        do { entries = try fm.contentsOfDirectory(atPath: dir) } catch {
            throw SetupError(.io, "cannot read directory '\(shownAs)': permission denied or unreadable")
        }
        for name in entries.sorted() where !name.hasPrefix(".") && name != snapshotFolder {
            let path = dir + "/" + name
            let type = (try? fm.attributesOfItem(atPath: path)[.type]) as? FileAttributeType
            if type == .typeDirectory {
                try walk(path, shownAs: shownAs + "/" + name, into: &found)
            } else if name.hasSuffix(".cal"), type == .typeRegular || type == .typeSymbolicLink {
                found.insert(path)
            }
        }
    }

    /// The folder beside a script that holds its snapshots.
    public static let snapshotFolder = "__snapshots__"
    /// The folder inside `__snapshots__` that holds difference images.
    public static let diffFolder = "__diffs__"

    /// The bytes of a file: nil when it does not exist, an error message when it cannot be read.
    /// The largest script, snapshot or image read (as `calc run` reads a `.calb`).
    static let maxBytes = 64 << 20

    static func read(_ path: String) -> Result<[UInt8]?, ReadError> {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDir) else { return .success(nil) }
        if isDir.boolValue { return .failure(ReadError(reason: "it is a directory")) }
        // a device or FIFO would be read forever or block; sizes as `calc run` limits them (docs/cli.md)
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return .failure(ReadError(reason: "it is not a regular file (a device, FIFO or socket)"))
        }
        if Int(info.st_size) > maxBytes { return .failure(ReadError(reason: "it is larger than the limit of \(maxBytes >> 20) MiB")) }
        guard let data = fm.contents(atPath: path) else { return .failure(ReadError(reason: "permission denied or unreadable")) }
        return .success([UInt8](data))
    }

    struct ReadError: Error { var reason: String }

    /// Why a directory could not be created, in the system's words (Foundation's text on Linux can be
    /// "The operation could not be completed. (NSCocoaErrorDomain error 512.)"): the POSIX error under
    /// it, else the first component of the path that exists and is not a directory.
    static func plainReason(_ error: Error, creating dir: String) -> String {
        let ns = error as NSError
        if let u = ns.userInfo[NSUnderlyingErrorKey] as? NSError, u.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(u.code))) }
        var prefix = dir.hasPrefix("/") ? "" : "."
        for part in dir.split(separator: "/") {
            prefix += "/" + part
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: prefix, isDirectory: &isDir), !isDir.boolValue {
                return "'\(prefix.hasPrefix("./") ? String(prefix.dropFirst(2)) : prefix)' is a file"
            }
        }
        return "permission denied or no space"
    }

    /// Writes through a temporary file in the same directory renamed over the target, so an
    /// interrupted run never leaves a truncated snapshot; creates the directory when needed.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
            throw WriteError(message: "cannot create directory '\(dir)': \(plainReason(error, creating: dir))")
        }
        let tmp = dir + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        if fd < 0 { throw WriteError(message: "cannot write '\(path)': \(String(cString: strerror(errno)))") }
        var failure: String?
        bytes.withUnsafeBytes { buf in
            guard let base = buf.baseAddress else { return }
            var off = 0
            while off < buf.count {
                let n = write(fd, base + off, buf.count - off)
                if n <= 0 { failure = String(cString: strerror(errno)); break }
                off += n
            }
        }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(tmp, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(tmp)
            throw WriteError(message: "cannot write '\(path)': \(failure)")
        }
    }

    /// A snapshot or report that could not be written.
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    static func remove(_ path: String) -> Bool {
        (try? FileManager.default.removeItem(atPath: path)) != nil
    }

    static func list(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }
}

/// Where one script's snapshots and difference images live.
struct SnapshotLocation {
    /// Absolute path of `__snapshots__` beside the script.
    let folder: String
    /// Absolute path of the folder for difference images.
    let diffFolder: String
    /// The script's file name without `.cal`.
    let stem: String

    init(script: Script, root: String, diffDirectory: String?) {
        let url = URL(fileURLWithPath: script.path)
        let dir = url.deletingLastPathComponent().path
        var name = url.lastPathComponent
        if name.hasSuffix(".cal") { name.removeLast(4) }
        stem = name
        folder = dir + "/" + SnapshotFiles.snapshotFolder
        if let diffDirectory {
            // mirror the script's folder under the diff directory so names cannot collide
            let rel = dir == root ? "" : SnapshotFiles.display(dir, root: root)
            let sub = rel.hasPrefix("/") ? String(rel.dropFirst()) : rel
            diffFolder = sub.isEmpty ? diffDirectory : diffDirectory + "/" + sub
        } else {
            diffFolder = folder + "/" + SnapshotFiles.diffFolder
        }
    }

    var disassembly: String { folder + "/" + stem + ".asm" }
    var diagnostics: String { folder + "/" + stem + ".diag" }
    func frameName(_ i: Int) -> String { stem + String(format: ".f%04d.png", i) }
    func timeName(_ t: Double) -> String { stem + ".t\(Numbers.format(t))s.png" }

    /// Whether `file` (a name in the snapshot folder) has the shape of one of this script's snapshots.
    func owns(_ file: String) -> Bool {
        guard file.hasPrefix(stem + ".") else { return false }
        let rest = file.dropFirst(stem.count + 1)
        if rest == "asm" || rest == "diag" || rest == "values.json" { return true }
        let body: Substring
        if rest.hasSuffix(".png") { body = rest.dropLast(4) } else if rest.hasSuffix(".display") { body = rest.dropLast(8) } else { return false }
        if body.first == "f" { let digits = body.dropFirst(); return digits.count >= 4 && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber) }
        if body.first == "t", body.hasSuffix("s") { return Directives.parseTime(body.dropFirst()) != nil }
        return false
    }
}
