// Animated outputs of `calc run`: one file holding every frame. APNG is written here with Render's
// PNG encoder; MP4 (H.264), WebM (VP9) and GIF go through an ffmpeg subprocess fed raw RGBA frames on
// a pipe (docs/cli.md). Frames render in parallel and are handed to the file strictly in order
// through `FrameQueue`, which also keeps the renderers at most a few frames ahead of the writer, so
// memory stays bounded whatever the length. The file is written under a temporary name beside its
// destination and renamed into place only when complete: an interrupted or failed run leaves no
// partial file under the final name (the temporary one is removed, ffmpeg is killed).

import Foundation
import Render

/// Frames finished out of order, taken in order. Workers call `admit` before rendering frame i and
/// wait while i is `window` or more frames ahead of the writer; the writer calls `take(i)` for
/// i = 0, 1, 2, … . Either side calling `fail` wakes and stops everything.
final class FrameQueue: @unchecked Sendable {
    private let cond = NSCondition()
    private var ready: [Int: [UInt8]] = [:]
    private var nextOut = 0
    private let window: Int
    private(set) var failure: Error?

    init(window: Int) { self.window = max(1, window) }

    /// Waits until frame `i` may be rendered; false when the run has failed.
    func admit(_ i: Int) -> Bool {
        cond.lock(); defer { cond.unlock() }
        while failure == nil && i >= nextOut + window { cond.wait() }
        return failure == nil
    }

    func put(_ i: Int, _ bytes: [UInt8]) {
        cond.lock(); ready[i] = bytes; cond.broadcast(); cond.unlock()
    }

    /// Frame `i`'s bytes once they are ready; nil when the run has failed.
    func take(_ i: Int) -> [UInt8]? {
        cond.lock(); defer { cond.unlock() }
        while failure == nil && ready[i] == nil { cond.wait() }
        guard failure == nil, let bytes = ready.removeValue(forKey: i) else { return nil }
        nextOut = i + 1
        cond.broadcast()
        return bytes
    }

    func fail(_ e: Error) {
        cond.lock(); if failure == nil { failure = e }; cond.broadcast(); cond.unlock()
    }
}

/// A file being written under a temporary name beside `path`, renamed to `path` by `commit`.
/// Registered with TempFiles, so SIGINT/SIGTERM remove it.
final class PendingFile {
    let path: String
    let temporary: String
    private var committed = false

    init(_ path: String, protecting inputs: [String]) throws {
        let target = Files.canonical(path)
        if inputs.contains(where: { Files.canonical($0) == target }) {
            throw CalcFailure(.io, "refusing to overwrite the input file '\(path)'")
        }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw CalcFailure(.io, "cannot write '\(path)': it is a directory")
        }
        self.path = path
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        temporary = (dir.isEmpty ? "." : dir) + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        TempFiles.shared.add(temporary)
    }

    /// Opens the temporary file for writing (O_EXCL: it must not exist yet).
    func open() throws -> Int32 {
        let fd = Foundation.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0 { throw CalcFailure(.io, "cannot write '\(path)': \(String(cString: strerror(errno)))") }
        return fd
    }

    func commit() throws {
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            discard()
            throw CalcFailure(.io, "cannot write '\(path)': \(reason)")
        }
        committed = true
        TempFiles.shared.remove(temporary)
    }

    func discard() {
        unlink(temporary)
        TempFiles.shared.remove(temporary)
    }

    deinit { if !committed { discard() } }
}

/// Writes all of `bytes` to `fd`; false on an error (EPIPE when a reader has gone: SIGPIPE is ignored).
func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buf in
        guard let base = buf.baseAddress else { return true }
        var off = 0
        while off < buf.count {
            let n = write(fd, base + off, buf.count - off)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            off += n
        }
        return true
    }
}

/// Where the frames of an animated output go, in order.
protocol AnimationSink: AnyObject {
    /// What a worker turns a rendered frame into (runs on the worker's thread).
    func payload(_ fb: Framebuffer, encoder: PNGWriter) throws -> [UInt8]
    /// Appends the next frame's payload (the writer's thread, frames in order).
    func append(_ bytes: [UInt8]) throws
    /// Completes the file and renames it into place.
    func finish() throws
    /// Stops and removes everything written (also called after a failed `finish`).
    func abort()
}

/// APNG straight to a file; colour type RGB when frame 0 is opaque (the usual scene with a background),
/// else RGBA. A later frame with transparency under RGB throws `needsAlpha` and the caller starts
/// over in RGBA, so the file is never wrong.
final class APNGSink: AnimationSink {
    struct NeedsAlpha: Error {}
    private var assembler: APNGAssembler
    private let file: PendingFile
    private let fd: Int32
    private var closed = false

    init(path: String, inputs: [String], width: Int, height: Int, rgb: Bool, frames: Int, plays: Int, fps: Double) throws {
        assembler = APNGAssembler(width: width, height: height, rgb: rgb, frameCount: frames, plays: plays, fps: fps)
        file = try PendingFile(path, protecting: inputs)
        fd = try file.open()
        try put(assembler.head())
    }

    private func put(_ bytes: [UInt8]) throws {
        if !writeAll(fd, bytes) { throw CalcFailure(.io, "cannot write '\(file.path)': \(String(cString: strerror(errno)))") }
    }

    func payload(_ fb: Framebuffer, encoder: PNGWriter) throws -> [UInt8] {
        if assembler.rgb, !fb.pixels.allSatisfy({ $0 >> 24 == 255 }) { throw NeedsAlpha() }
        return Array(encoder.imageData(fb, rgb: assembler.rgb))
    }

    func append(_ bytes: [UInt8]) throws { try put(assembler.frame(bytes[...])) }

    func finish() throws {
        try put(assembler.tail())
        closed = true
        if close(fd) != 0 { throw CalcFailure(.io, "cannot write '\(file.path)': \(String(cString: strerror(errno)))") }
        try file.commit()
    }

    func abort() {
        if !closed { close(fd); closed = true }
        file.discard()
    }
}

/// MP4, WebM or GIF through ffmpeg reading raw RGBA frames from its standard input.
final class FFmpegSink: AnimationSink {
    enum Kind: String { case mp4, webm, gif }
    private let kind: Kind
    private let file: PendingFile
    private let process = Process()
    private let stdin: Pipe
    private let errors = ErrorTail()
    private var inputClosed = false

    /// ffmpeg's path: $CALC_FFMPEG when set, else the first `ffmpeg` on $PATH; nil when there is none.
    static func locate() -> String? {
        let env = ProcessInfo.processInfo.environment
        if let p = env["CALC_FFMPEG"], !p.isEmpty { return FileManager.default.isExecutableFile(atPath: p) ? p : nil }
        for dir in (env["PATH"] ?? "/usr/bin:/bin").split(separator: ":") where !dir.isEmpty {
            let p = String(dir) + "/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    /// The encoder's arguments after the input's: H.264 in yuv420p (what every player takes) with the
    /// frame padded by one black pixel row or column when a side is odd (4:2:0 needs even sides);
    /// VP9 in yuv420p with constant quality at libvpx's realtime speed (measured on 120 frames of the
    /// 1280×720 cards scene: 1.85 s of CPU against 17.4 s at `-deadline good`, for a file 1.6× larger); GIF with a palette made from all frames (palettegen
    /// counts only what changes between frames, so moving parts get the colours) and error diffusion.
    static func encoderArguments(_ kind: Kind, plays: Int) -> [String] {
        // converted with the BT.709 matrix and tagged so: what players assume for HD video and what
        // browsers read from the tags, so colours match the PNG frames (untagged, players guess)
        let bt709 = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"]
        switch kind {
        case .mp4:
            return ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2,scale=out_color_matrix=bt709:out_range=tv", "-c:v", "libx264",
                    "-pix_fmt", "yuv420p", "-preset", "veryfast", "-crf", "18"] + bt709 + ["-movflags", "+faststart", "-f", "mp4"]
        case .webm:
            return ["-vf", "scale=out_color_matrix=bt709:out_range=tv", "-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-crf", "32",
                    "-b:v", "0", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1", "-tile-columns", "2"] + bt709 + ["-f", "webm"]
        case .gif:
            // ffmpeg's -loop: 0 forever, -1 once, n: n repeats after the first play
            let loop = plays == 0 ? 0 : plays == 1 ? -1 : plays - 1
            return ["-filter_complex", "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=sierra2_4a",
                    "-loop", String(loop), "-f", "gif"]
        }
    }

    init(_ kind: Kind, path: String, inputs: [String], width: Int, height: Int, fps: Double, plays: Int) throws {
        self.kind = kind
        guard let ffmpeg = FFmpegSink.locate() else {
            throw CalcFailure(.io, "writing \(kind.rawValue.uppercased()) needs ffmpeg, which was not found on PATH; install it "
                              + "(Debian and Ubuntu: apt-get install ffmpeg; macOS: brew install ffmpeg) or set CALC_FFMPEG to its path")
        }
        file = try PendingFile(path, protecting: inputs)
        // created first (O_EXCL) so the name is ours; ffmpeg then overwrites it (-y)
        close(try file.open())
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                             "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-framerate", fmtRate(fps),
                             "-i", "pipe:0"] + FFmpegSink.encoderArguments(kind, plays: plays) + [file.temporary]
        stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        do { try process.run() } catch {
            file.discard()
            throw CalcFailure(.io, "cannot start ffmpeg at '\(ffmpeg)': \(Files.describe(error))")
        }
        TempFiles.shared.addChild(process.processIdentifier)
        errors.drain(err.fileHandleForReading)
    }

    func payload(_ fb: Framebuffer, encoder: PNGWriter) throws -> [UInt8] {
        // the premultiplied bytes as they are: with the alpha ignored by the yuv420p / palette
        // conversion, that is each pixel drawn over black
        fb.pixels.withUnsafeBytes { Array($0) }
    }

    func append(_ bytes: [UInt8]) throws {
        if !writeAll(stdin.fileHandleForWriting.fileDescriptor, bytes) {
            throw failure("stopped reading frames")
        }
    }

    private func failure(_ what: String) -> CalcFailure {
        closeInput()
        process.waitUntilExit()
        TempFiles.shared.removeChild(process.processIdentifier)
        let detail = errors.text
        return CalcFailure(.io, "ffmpeg \(what) while writing '\(file.path)' (exit status \(process.terminationStatus))"
                           + (detail.isEmpty ? "" : ": " + detail))
    }

    private func closeInput() {
        if !inputClosed { try? stdin.fileHandleForWriting.close(); inputClosed = true }
    }

    func finish() throws {
        closeInput()
        process.waitUntilExit()
        TempFiles.shared.removeChild(process.processIdentifier)
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let e = failure("failed")
            file.discard()
            throw e
        }
        try file.commit()
    }

    func abort() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        closeInput()
        process.waitUntilExit()
        TempFiles.shared.removeChild(process.processIdentifier)
        file.discard()
    }
}

/// The last few lines a subprocess printed on stderr, read on a background thread.
final class ErrorTail: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    func drain(_ handle: FileHandle) {
        DispatchQueue.global().async {
            let all = handle.readDataToEndOfFile()
            self.lock.lock(); self.data = all; self.lock.unlock()
            self.done.signal()
        }
    }

    /// Everything read, up to the last 3 non-empty lines joined by "; " (waits for the pipe's end).
    var text: String {
        done.wait(); done.signal()
        lock.lock(); defer { lock.unlock() }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.filter { !$0.isEmpty }.suffix(3).joined(separator: "; ")
    }
}

/// A frame rate as ffmpeg reads it: integer rates plainly, others as an exact decimal.
func fmtRate(_ fps: Double) -> String { fps == fps.rounded() && abs(fps) < 1e9 ? String(Int(fps)) : "\(fps)" }
