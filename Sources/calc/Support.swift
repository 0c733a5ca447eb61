// The command line's plumbing: exit codes, reading inputs, atomic writes, diagnostics on stderr, the
// progress bar. Only this module touches the file system and the environment.

import Foundation
import CalcCore
import Parser
import Compiler
import Bytecode
import Render
import CalcSnapshot

/// Documented exit codes (docs/cli.md).
enum ExitCode: Int32 {
    case success = 0
    /// The source has errors (diagnostics were printed).
    case diagnostics = 1
    /// Bad command-line usage.
    case usage = 2
    /// The program failed while running (a runtime error in a handler).
    case runtime = 3
    /// A file could not be read or written.
    case io = 4
    /// A .calb file is malformed, corrupted or from an incompatible version.
    case badBytecode = 5
}

/// An error that ends the command with a message and an exit code.
struct CalcFailure: Error {
    var code: ExitCode
    var message: String
    init(_ code: ExitCode, _ message: String) { self.code = code; self.message = message }
}

/// Standard output and error, written with write(2) and every result checked: a full disk
/// (`> /dev/full`) or a closed stream ends the command with exit 4 and, where stderr still works, a
/// message — never a trap (Foundation's `FileHandle.write` traps on a failed write).
enum Console {
    static func err(_ s: String) {
        if !writeAll(2, s) {
            // nothing can be said any more; leave with the I/O exit code
            TempFiles.shared.removeAll()
            exit(ExitCode.io.rawValue)
        }
    }
    static func out(_ s: String) {
        if !writeAll(1, s) {
            let reason = String(cString: strerror(errno))
            _ = writeAll(2, "calc: cannot write to standard output: \(reason)\n")
            TempFiles.shared.removeAll()
            exit(ExitCode.io.rawValue)
        }
    }
    static var stderrIsTerminal: Bool { isatty(2) != 0 }

    /// Writes all of `s` to `fd`, retrying short writes and EINTR; false on any failure.
    static func writeAll(_ fd: Int32, _ s: String) -> Bool {
        var s = s
        return s.withUTF8 { buf -> Bool in
            guard var p = buf.baseAddress else { return true }
            var left = buf.count
            while left > 0 {
                let n = write(fd, p, left)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                p += n
                left -= n
            }
            return true
        }
    }

    /// A standard stream that was closed when the process started (`calc … >&-`) is opened on
    /// /dev/null read-only: files opened later cannot take its number (and receive output meant
    /// for the terminal), and writing to it fails, which ends the command with exit 4.
    static func reserveStandardStreams() {
        for fd: Int32 in [0, 1, 2] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let n = open("/dev/null", O_RDONLY)
            if n >= 0 && n != fd { dup2(n, fd); close(n) }
        }
    }
}

enum Files {
    /// The largest source file read (docs/cli.md, "Limits"): about a million lines; compiling
    /// touches about 45 bytes per source byte, so this keeps a build within about 1.5 GB.
    static let maxSourceBytes = 32 << 20
    /// The largest `.calb` (or other input: images, snapshot scenes) read.
    static let maxInputBytes = 64 << 20

    /// A regular file's bytes. Refuses, before reading anything, a path that is a directory, a
    /// device (`/dev/zero`, `/dev/urandom`) or a FIFO (which would block until a writer came), and
    /// a file over `limit` bytes — also while reading, for one that grows.
    static func read(_ path: String, limit: Int = maxInputBytes) throws -> [UInt8] {
        // O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let e = errno
            throw CalcFailure(.io, "cannot read '\(path)': " + (e == ENOENT ? "no such file" : e == EACCES ? "permission denied" : String(cString: strerror(e))))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw CalcFailure(.io, "cannot read '\(path)': \(String(cString: strerror(errno)))") }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw CalcFailure(.io, "cannot read '\(path)': it is a directory")
        default: throw CalcFailure(.io, "cannot read '\(path)': it is not a regular file (a device, FIFO or socket)")
        }
        if Int(info.st_size) > limit { throw tooLarge(path, limit) }
        // a regular file never blocks; back to blocking reads so EAGAIN cannot appear
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        guard let bytes = readAll(fd, size: Int(info.st_size), limit: limit) else {
            throw CalcFailure(.io, "cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        if bytes.count > limit { throw tooLarge(path, limit) }
        return bytes
    }

    static func tooLarge(_ path: String, _ limit: Int) -> CalcFailure {
        CalcFailure(.io, "cannot read '\(path)': it is larger than the limit of \(limit >> 20) MiB")
    }

    /// The file's bytes read straight into an array of the size fstat gives, then to the end (a file
    /// may say it is empty and not be, or grow) but never more than `limit` + 1 bytes; nil when a
    /// read fails. (`FileManager.contents` gave a Data that was then copied: two buffers.)
    private static func readAll(_ fd: Int32, size: Int, limit: Int) -> [UInt8]? {
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: max(size, 0)) { buf, count in
            count = 0
            while count < buf.count, let base = buf.baseAddress {
                let got = readSome(fd, base + count, buf.count - count)
                if got <= 0 { failed = got < 0; return }
                count += got
            }
        }
        while !failed, bytes.count <= limit {
            let more = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 << 16) { buf -> Int in
                guard let base = buf.baseAddress else { return 0 }
                let got = readSome(fd, base, buf.count)
                if got > 0 { bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: got)) }
                return got
            }
            if more <= 0 { failed = more < 0; break }
        }
        return failed ? nil : bytes
    }

    /// read(2), retried when a signal interrupts it.
    private static func readSome(_ fd: Int32, _ into: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
        var got: Int
        repeat { got = Foundation.read(fd, into, count) } while got < 0 && errno == EINTR
        return got
    }

    /// Canonical path for "is this the same file" checks.
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Writes by creating a temporary file beside the target and renaming it over the target, so an
    /// interrupted run never leaves a truncated file under the final name. Refuses to overwrite any
    /// path in `protected` (the inputs).
    static func writeAtomically(_ bytes: [UInt8], to path: String, protecting protected: [String] = []) throws {
        let target = canonical(path)
        if protected.contains(where: { canonical($0) == target }) {
            throw CalcFailure(.io, "refusing to overwrite the input file '\(path)'")
        }
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        let tmp = (dir.isEmpty ? "." : dir) + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        if fd < 0 { throw CalcFailure(.io, "cannot write '\(path)': \(String(cString: strerror(errno)))") }
        TempFiles.shared.add(tmp)
        defer { TempFiles.shared.remove(tmp) }
        var ok = true
        bytes.withUnsafeBytes { buf in
            var off = 0
            while off < buf.count {
                guard let base = buf.baseAddress else { break }
                let n = write(fd, base + off, buf.count - off)
                if n <= 0 { ok = false; break }
                off += n
            }
        }
        if close(fd) != 0 { ok = false }
        if !ok {
            let reason = String(cString: strerror(errno))
            unlink(tmp)
            throw CalcFailure(.io, "cannot write '\(path)': \(reason)")
        }
        if rename(tmp, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(tmp)
            throw CalcFailure(.io, "cannot write '\(path)': \(reason)")
        }
    }

    /// Creates `path` and any missing parents (mkdir -p) with POSIX calls, so a failure is reported
    /// in the system's words for the component that failed, never as a Foundation error domain.
    static func makeDirectory(_ path: String) throws {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
            if !isDir.boolValue { throw CalcFailure(.io, "cannot write frames into '\(path)': it is a file, not a directory") }
            return
        }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") where !part.isEmpty {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            if mkdir(prefix, 0o755) == 0 || errno == EEXIST {
                var st = stat()
                if stat(prefix, &st) == 0, (st.st_mode & S_IFMT) != S_IFDIR {
                    throw CalcFailure(.io, "cannot create directory '\(path)': '\(prefix)' is a file")
                }
                continue
            }
            throw CalcFailure(.io, "cannot create directory '\(path)': \(String(cString: strerror(errno)))")
        }
    }

    /// An error in plain words for a message: a CalcFailure's message, a POSIX error's strerror text,
    /// Foundation's file errors by what went wrong — never "NSCocoaErrorDomain error 512".
    static func describe(_ error: Error) -> String {
        if let f = error as? CalcFailure { return f.message }
        if let p = error as? POSIXError { return String(cString: strerror(p.code.rawValue)) }
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if let c = error as? CocoaError {
            switch c.code {
            case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or directory"
            case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
            case .fileWriteOutOfSpace: return "no space left on the device"
            case .fileWriteVolumeReadOnly: return "read-only file system"
            case .fileWriteFileExists: return "a file is in the way"
            default: return "the file operation failed"
            }
        }
        let text = ns.localizedDescription
        return text.contains("Domain") ? "the operation failed" : text
    }
}

/// Temporary files being written, removed if the process is interrupted (SIGINT/SIGTERM).
final class TempFiles: @unchecked Sendable {
    static let shared = TempFiles()
    private let lock = NSLock()
    private var paths = Set<String>()

    private var children = Set<pid_t>()

    func add(_ p: String) { lock.lock(); paths.insert(p); lock.unlock() }
    func remove(_ p: String) { lock.lock(); paths.remove(p); lock.unlock() }
    /// A subprocess writing one of the temporary files (ffmpeg): killed first on a signal, so it
    /// cannot recreate a file just removed.
    func addChild(_ pid: pid_t) { lock.lock(); children.insert(pid); lock.unlock() }
    func removeChild(_ pid: pid_t) { lock.lock(); children.remove(pid); lock.unlock() }

    func removeAll() {
        lock.lock()
        for c in children { kill(c, SIGKILL) }
        children.removeAll()
        for p in paths { unlink(p) }
        paths.removeAll()
        lock.unlock()
    }

    static func installSignalHandlers() {
        for sig in [SIGINT, SIGTERM] {
            signal(sig) { s in
                TempFiles.shared.removeAll()
                signal(s, SIG_DFL)
                raise(s)
            }
        }
    }
}

/// Wall time per stage, for `calc build --time-stages`. Always recorded (a clock read per stage, far
/// below a microsecond), printed only on request, so the timed path is the normal path.
struct StageClock {
    let clock = ContinuousClock()
    let start: ContinuousClock.Instant
    var last: ContinuousClock.Instant
    var marks: [(String, Duration)] = []
    var compiler = Compiler.Phases()

    init() { start = clock.now; last = start }

    mutating func mark(_ stage: String) {
        let now = clock.now
        marks.append((stage, now - last))
        last = now
    }

    /// One line per stage in milliseconds; the compiler's phases replace "compile", and what the
    /// compiler spent outside its phases (releasing the syntax tree and the checker) is "release".
    func report(file: String, lines: Int) -> String {
        func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15 }
        var rows: [(String, Double)] = []
        for (name, d) in marks {
            if name == "compile" {
                let c = compiler
                let phases: [(String, Duration)] = [("lex", c.lex), ("parse", c.parse), ("check", c.check), ("generate", c.generate)]
                for p in phases { rows.append((p.0, ms(p.1))) }
                rows.append(("release", ms(d) - phases.reduce(0) { $0 + ms($1.1) }))
            } else {
                rows.append((name, ms(d)))
            }
        }
        let total = ms(last - start)
        var out = "stages for '\(file)' (\(lines) lines):\n"
        for (name, x) in rows {
            out += "  " + name.padding(toLength: 9, withPad: " ", startingAt: 0) + String(format: "%8.2f ms", x) + "\n"
        }
        out += "  " + "total".padding(toLength: 9, withPad: " ", startingAt: 0) + String(format: "%8.2f ms", total)
            + String(format: "  (%.0f lines/s, start-up not included)\n", Double(lines) / max(total / 1e3, 1e-9))
        return out
    }
}

/// Loads a program from a .cal source (compiling it) or a .calb file (decoding and verifying it).
enum ProgramLoader {
    static func isBytecode(_ path: String, _ bytes: [UInt8]) -> Bool {
        path.hasSuffix(".calb") || bytes.starts(with: BytecodeFormat.magic)
    }

    /// Compiles source; prints diagnostics; throws `.diagnostics` when there are errors.
    static func compile(path: String, bytes: [UInt8], quietWarnings: Bool = false) throws -> Program {
        var stages = StageClock()
        return try compile(path: path, bytes: bytes, quietWarnings: quietWarnings, stages: &stages)
    }

    /// Compiles source and verifies the result (the VM relies on verified code); records the stages.
    /// With `exitsAfter`, the compiler's intermediate data is left for the OS to reclaim at exit.
    /// `verified: false` leaves verifying to the caller (`verify`), e.g. on another thread while it
    /// encodes. `checkingImages`: warn of image files that are missing (W0017; `calc build` and
    /// `calc check` — `calc run` loads them next and fails on a missing one with a message of its own).
    static func compile(path: String, bytes: [UInt8], quietWarnings: Bool, stages: inout StageClock,
                        exitsAfter: Bool = false, verified: Bool = true, checkingImages: Bool = false) throws -> Program {
        let file = SourceFile(name: path, bytes: bytes)
        var phases = Compiler.Phases()
        let result = Compiler.compile(file, phases: &phases, releasingMemory: !exitsAfter)
        stages.mark("compile")
        stages.compiler = phases
        var diagnostics = result.diagnostics
        if checkingImages, !result.images.isEmpty {
            var all = DiagnosticBag()
            for d in diagnostics + ImageLoader.missing(result.images, relativeTo: path) { all.add(d) }
            diagnostics = all.sorted
        }
        printDiagnostics(diagnostics, file: file, quietWarnings: quietWarnings)
        guard let program = result.program, !result.hasErrors else {
            let n = result.diagnostics.filter { $0.severity == .error }.count
            throw CalcFailure(.diagnostics, "\(n) error\(n == 1 ? "" : "s") in '\(path)'; nothing was written")
        }
        guard verified else { return program }
        try verify(program, path: path)
        stages.mark("verify")
        return program
    }

    /// Verifies the compiler's output: the VM runs only a `VerifiedProgram`.
    @discardableResult
    static func verify(_ program: Program, path: String) throws -> VerifiedProgram {
        do { return try Verifier.verified(program) } catch {
            throw CalcFailure(.badBytecode, "internal error: the compiler's output for '\(path)' fails verification: \(error.message)")
        }
    }

    static func printDiagnostics(_ diags: [Diagnostic], file: SourceFile, quietWarnings: Bool) {
        let shown = quietWarnings ? diags.filter { $0.severity == .error } : diags
        if !shown.isEmpty { Console.err(Diagnostic.renderCapped(shown, in: file)) }
    }

    static func decode(path: String, bytes: [UInt8]) throws -> VerifiedProgram {
        do {
            return try BytecodeReader.load(bytes)
        } catch {
            throw CalcFailure(.badBytecode, "invalid bytecode file '\(path)': \(error.message)")
        }
    }

    static func load(_ path: String, quietWarnings: Bool = false) throws -> (VerifiedProgram, [UInt8]) {
        let bytes = try Files.read(path, limit: path.hasSuffix(".calb") ? Files.maxInputBytes : Files.maxSourceBytes)
        if isBytecode(path, bytes) { return (try decode(path: path, bytes: bytes), bytes) }
        var stages = StageClock()
        let program = try compile(path: path, bytes: bytes, quietWarnings: quietWarnings, stages: &stages, verified: false)
        return (try verify(program, path: path), bytes)
    }
}

/// A one-line progress bar on stderr, redrawn in place; only when stderr is a terminal.
final class Progress: @unchecked Sendable {
    let total: Int
    let enabled: Bool
    private var done = 0
    private let lock = NSLock()
    private var lastDraw = 0.0
    private let start = Date()

    init(total: Int, enabled: Bool) { self.total = total; self.enabled = enabled }

    func step() {
        guard enabled else { return }
        lock.lock()
        done += 1
        let now = Date().timeIntervalSince(start)
        if done == total || now - lastDraw > 0.05 {
            lastDraw = now
            let width = 30
            let filled = total > 0 ? done * width / total : width
            let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
            let fps = now > 0 ? Double(done) / now : 0
            Console.err("\r[\(bar)] \(done)/\(total) frames  \(String(format: "%.1f", fps)) fps")
        }
        lock.unlock()
    }

    func finish() {
        guard enabled else { return }
        Console.err("\n")
    }
}

/// Loads the images a program names (`image("photo.png")`), relative to the script's folder, and
/// decodes them (PNG, PPM, PGM, PAM: Render's ImageDecoder). A missing, unreadable or undecodable
/// image is an I/O error (exit 4) before anything is rendered.
enum ImageLoader {
    static func names(_ p: VerifiedProgram) -> [String] { names(p.program) }
    static func names(_ p: Program) -> [String] {
        var out: [String] = []
        for case .image(let n) in p.constants where !out.contains(n) { out.append(n) }
        return out
    }

    /// W0017 for each image named in the source whose file is not there (the compiler reads no
    /// files, so `calc build` and `calc check` look here; `calc run` then fails on it with exit 4).
    static func missing(_ refs: [ImageReference], relativeTo script: String) -> [Diagnostic] {
        let dir = (script as NSString).deletingLastPathComponent
        var out: [Diagnostic] = []
        var checked: [String: Bool] = [:]
        for r in refs {
            let path = r.name.hasPrefix("/") || dir.isEmpty ? r.name : dir + "/" + r.name
            let exists = checked[path] ?? FileManager.default.fileExists(atPath: path)
            checked[path] = exists
            if !exists {
                out.append(Diagnostic("W0017", .warning, "image file '\(path)' does not exist", at: r.span,
                                      label: "images are found relative to the script's folder"))
            }
        }
        return out
    }

    /// Reads only inside the script's folder and `allowRead` (ReadPolicy); a path elsewhere is
    /// refused with exit 4 before anything is read.
    static func load(_ p: VerifiedProgram, relativeTo script: String, allowRead: [String] = []) throws -> [String: Framebuffer] {
        let policy = ReadPolicy(script: script, allowRead: allowRead)
        var images: [String: Framebuffer] = [:]
        for name in names(p) {
            let path: String
            switch policy.resolve(name) {
            case .success(let resolved): path = resolved
            case .failure(let refused): throw CalcFailure(.io, "the scene uses image '\(name)': \(refused.message)")
            }
            let bytes: [UInt8]
            do { bytes = try Files.read(path) } catch let f as CalcFailure {
                throw CalcFailure(.io, "the scene uses image '\(name)': " + f.message.replacingOccurrences(of: "cannot read '\(path)': ", with: "cannot read '\(path)': "))
            }
            do { images[name] = try ImageDecoder.decode(bytes) } catch {
                throw CalcFailure(.io, "the scene uses image '\(name)', but '\(path)' cannot be decoded: \(error)")
            }
        }
        return images
    }
}

/// Work started on another thread and waited for later; `wait` rethrows what it threw.
final class Background: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var failure: Error?

    init(_ work: @escaping @Sendable () throws -> Void) {
        DispatchQueue.global(qos: .userInitiated).async {
            do { try work() } catch { self.failure = error }
            self.done.signal()
        }
    }

    func wait() throws {
        done.wait()
        if let failure { throw failure }
    }
}
