// `calc preview FILE.cal`: a live preview in the browser. A small HTTP server on 127.0.0.1 serves
// one page (plain HTML and JavaScript, below, no build step and nothing fetched from elsewhere),
// the frames as PNG, the scene's facts as JSON and a stream of reload events (Server-Sent Events).
// A watcher polls the file; when it changes, the script is compiled and its timeline run again,
// and the page is told to reload. Frames are rendered on request and cached by their display list:
// after an edit, a frame whose display list did not change is served from the cache, so only what
// changed is rasterized again. The server answers only its own five paths; no request path is ever
// used to open a file, and requests naming another host are refused (DNS rebinding).

import ArgumentParser
import Foundation
import CalcCore
import Bytecode
import Compiler
import VM
import Render
import CalcSnapshot

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Serve a live preview of a scene on http://127.0.0.1:PORT/, reloaded when the file is saved.",
        discussion: """
        The page plays the animation at its frame rate, with play/pause, a scrubber, frame stepping \
        (← →, space), the time and frame number, and the script's diagnostics when it has errors. \
        Stop with Ctrl-C.
        """)

    @Argument(help: "The .cal source file.") var file: String
    @Option(parsing: .unconditional, help: "Port on 127.0.0.1 (default 8180; 0 picks a free one).") var port: Int = 8180
    @Option(parsing: .unconditional, help: "Pixels per point (overrides the scene's scale).") var scale: Double?
    @Option(parsing: .unconditional, help: "Frames per second (overrides the scene's).") var fps: Double?
    @Flag(name: .shortAndLong, help: "Print only the address and errors.") var quiet = false

    func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535, got \(port)") }
        if let scale, !(scale > 0 && scale.isFinite) { throw ValidationError("--scale must be a positive number, got \(fmt(scale))") }
        if let fps, !(fps > 0) || fps.isNaN { throw ValidationError("--fps must be more than 0 frames per second, e.g. 30; got \(fmt(fps))") }
        if let fps, fps > 1000 { throw ValidationError("--fps must be at most 1000; got \(fmt(fps))") }
    }

    func run() throws {
        _ = try Files.read(file)   // a missing file is exit 4 now, not a page that says so
        let server = PreviewServer(file: file, scale: scale, fps: fps, quiet: quiet)
        try server.start(port: port)
    }
}

/// A compiled scene ready to render, or why there is none.
struct PreviewScene: @unchecked Sendable {
    var version = 0
    var timeline: Timeline?
    var painter: Painter?
    var width = 0, height = 0, frames = 0
    var fps = 30.0, duration = 0.0
    /// The last compile's diagnostics as `calc check` prints them ("" when clean).
    var diagnostics = ""
    var errors = 0
    /// A failure that is not a diagnostic (unreadable file, runtime error, bad image).
    var failure: String?
}

final class PreviewServer: @unchecked Sendable {
    let file: String
    let scale: Double?
    let fps: Double?
    let quiet: Bool
    private let cond = NSCondition()
    private var scene = PreviewScene()
    private var stamp: [UInt8] = []
    /// PNG bytes by a hash of the frame's display list (and size): frames an edit did not change
    /// are not drawn again. At most `cacheLimit` entries, the oldest dropped first.
    private var cache: [UInt64: [UInt8]] = [:]
    private var cacheOrder: [UInt64] = []
    private let cacheLimit = 600
    /// Connections served at once (each has a thread; an event stream holds one as long as its page
    /// is open): past it a new connection is answered 503 at once, so a runaway client cannot make
    /// the server start threads without end.
    static let connectionLimit = 32
    private var connections = 0
    private(set) var port = 0
    private var hostNames: [String] = []

    init(file: String, scale: Double?, fps: Double?, quiet: Bool) {
        self.file = file; self.scale = scale; self.fps = fps; self.quiet = quiet
    }

    // MARK: loading

    /// Compiles and runs the script; keeps the last good scene when the new one has errors, so the
    /// page goes on showing frames with the diagnostics above them.
    func reload() {
        var next = PreviewScene()
        do {
            let bytes = try Files.read(file)
            var program: VerifiedProgram
            if ProgramLoader.isBytecode(file, bytes) {
                program = try ProgramLoader.decode(path: file, bytes: bytes)
            } else {
                let source = SourceFile(name: file, bytes: bytes)
                let result = Compiler.compile(source)
                next.diagnostics = Diagnostic.renderCapped(result.diagnostics, in: source)
                next.errors = result.diagnostics.filter { $0.severity == .error }.count
                guard let p = result.program, !result.hasErrors else { return install(next, keepingFrames: true) }
                program = try ProgramLoader.verify(p, path: file)
            }
            var scene = program.scene
            if let fps { scene.fps = fps }
            if let scale { scene.scale = scale }
            do { program = try program.withScene(scene) } catch { throw CalcFailure(.usage, error.message) }
            let s = program.scene
            let w = Int((s.size.width * s.scale).rounded()), h = Int((s.size.height * s.scale).rounded())
            guard w >= 1, h >= 1, w <= 8192, h <= 8192 else {
                next.failure = "frames of \(w)x\(h) pixels are outside what the preview shows (1 to 8192 pixels a side); give --scale"
                return install(next, keepingFrames: true)
            }
            let painter = Painter(images: try ImageLoader.load(program, relativeTo: file))
            let timeline: Timeline
            do { timeline = try Timeline.run(program, until: s.duration, stepBudget: Limits.stepBudget, text: painter.text) } catch {
                throw CalcFailure(.runtime, "\(error)")
            }
            next.timeline = timeline; next.painter = painter
            next.width = w; next.height = h
            next.frames = min(max(1, Timeline.frameCount(s)), Limits.maxFrames)
            next.fps = s.fps; next.duration = s.duration
        } catch let f as CalcFailure {
            next.failure = f.message
        } catch {
            next.failure = Files.describe(error)
        }
        install(next, keepingFrames: next.timeline == nil)
    }

    private func install(_ new: PreviewScene, keepingFrames: Bool) {
        cond.lock()
        var s = new
        if keepingFrames, scene.timeline != nil {
            s.timeline = scene.timeline; s.painter = scene.painter
            s.width = scene.width; s.height = scene.height; s.frames = scene.frames; s.fps = scene.fps; s.duration = scene.duration
        }
        s.version = scene.version + 1
        scene = s
        cond.broadcast()
        cond.unlock()
        if !quiet {
            let state = s.failure ?? (s.errors > 0 ? "\(s.errors) error\(s.errors == 1 ? "" : "s")" : "ok")
            Console.err("preview: loaded '\(file)' (version \(s.version)): \(state)\n")
        }
    }

    /// What identifies the file's content on disk: size, modification time and inode, else nil.
    private func fileStamp() -> [UInt8] {
        var st = stat()
        guard stat(file, &st) == 0 else { return [] }
        let parts: [Int] = [Int(st.st_size), Int(st.st_mtim.tv_sec), Int(st.st_mtim.tv_nsec), Int(st.st_ino)]
        return parts.flatMap { withUnsafeBytes(of: $0) { Array($0) } }
    }

    /// Polls the file four times a second; reloads when its stamp changes.
    private func watch() {
        while true {
            usleep(250_000)
            let now = fileStamp()
            if now != stamp {
                stamp = now
                reload()
            }
        }
    }

    // MARK: serving

    func start(port requested: Int) throws {
        signal(SIGPIPE, SIG_IGN)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw CalcFailure(.io, "cannot open a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(requested).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(fd, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw CalcFailure(.io, "cannot listen on 127.0.0.1:\(requested): \(reason)" + (errno == EADDRINUSE ? " (another program uses the port; try --port 0)" : ""))
        }
        var got = sockaddr_in()
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &got) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) } }
        port = Int(UInt16(bigEndian: got.sin_port))
        hostNames = ["127.0.0.1:\(port)", "localhost:\(port)"]

        stamp = fileStamp()
        reload()
        Thread.detachNewThread { self.watch() }
        // the address on stdout, flushed, one line: what a person opens and what a test reads
        Console.out("preview: http://127.0.0.1:\(port)/\n")
        while true {
            let client = accept(fd, nil, nil)
            if client < 0 { if errno == EINTR { continue }; usleep(10_000); continue }
            cond.lock()
            let admitted = connections < Self.connectionLimit
            if admitted { connections += 1 }
            cond.unlock()
            guard admitted else {
                // not waiting on a client that does not read: the answer is sent without blocking
                let busy = Array(respond(503, "text/plain", Array("too many connections\n".utf8)))
                _ = busy.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
                close(client)
                continue
            }
            Thread.detachNewThread {
                self.serve(client)
                self.cond.lock(); self.connections -= 1; self.cond.unlock()
            }
        }
    }

    /// Reads one request (the head only: GET has no body), answers it, closes the connection.
    private func serve(_ fd: Int32) {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        while head.count < 16384 {
            let n = recv(fd, &buf, buf.count, 0)
            if n <= 0 { break }
            head += buf[0..<n]
            if head.count >= 4, head.suffix(from: max(0, head.count - n - 3)).windowsContain([13, 10, 13, 10]) { break }
        }
        let text = String(decoding: head, as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count == 3 else { return finish(fd, respond(400, "text/plain", Array("bad request\n".utf8))) }
        let method = String(parts[0]), target = String(parts[1])
        let host = lines.dropFirst().first { $0.lowercased().hasPrefix("host:") }.map { String($0.dropFirst(5)).trimmingCharacters(in: .whitespaces) }
        guard let host, hostNames.contains(host.lowercased()) else {
            return finish(fd, respond(421, "text/plain", Array("this server answers only 127.0.0.1:\(port)\n".utf8)))
        }
        guard method == "GET" || method == "HEAD" else { return finish(fd, respond(405, "text/plain", Array("only GET\n".utf8))) }
        let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(pieces.first ?? ""), query = pieces.count > 1 ? String(pieces[1]) : ""
        var reply: [UInt8]
        switch path {
        case "/", "/index.html": reply = respond(200, "text/html; charset=utf-8", Array(PreviewPage.html.utf8))
        case "/info": reply = respond(200, "application/json", Array(info().utf8))
        case "/events": return events(fd)
        case "/favicon.ico": reply = respond(204, "image/x-icon", [])
        default:
            if path.hasPrefix("/frame/"), path.hasSuffix(".png"), let n = Int(path.dropFirst(7).dropLast(4)), n >= 0,
               String(n) == String(path.dropFirst(7).dropLast(4)) {
                reply = frame(n, query: query)
            } else {
                reply = respond(404, "text/plain", Array("not found\n".utf8))
            }
        }
        if method == "HEAD", let end = reply.firstRange(of: [13, 10, 13, 10]) { reply = Array(reply[..<end.upperBound]) }
        finish(fd, reply)
    }

    private func finish(_ fd: Int32, _ bytes: [UInt8]) {
        _ = sendAll(fd, bytes)
        close(fd)
    }

    private func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            off += n
        }
        return true
    }

    private func respond(_ status: Int, _ type: String, _ body: [UInt8], cache: String = "no-store") -> [UInt8] {
        let reason = [200: "OK", 204: "No Content", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
                      421: "Misdirected Request", 500: "Internal Server Error", 503: "Service Unavailable"][status] ?? "Error"
        let head = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
            + "Cache-Control: \(cache)\r\nX-Content-Type-Options: nosniff\r\n"
            + "Content-Security-Policy: default-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'\r\n"
            + "Connection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    private func current() -> PreviewScene {
        cond.lock(); defer { cond.unlock() }
        return scene
    }

    /// The scene's facts for the page.
    private func info() -> String {
        let s = current()
        func q(_ t: String) -> String { PreviewServer.jsonString(t) }
        return "{\"version\":\(s.version),\"file\":\(q(file)),\"frames\":\(s.frames),\"fps\":\(s.fps),\"duration\":\(s.duration),"
            + "\"width\":\(s.width),\"height\":\(s.height),\"errors\":\(s.errors),\"diagnostics\":\(q(s.diagnostics)),"
            + "\"failure\":\(s.failure.map(q) ?? "null")}"
    }

    /// Frame `n` of the current scene as PNG, from the cache when its display list is unchanged.
    private func frame(_ n: Int, query: String) -> [UInt8] {
        let s = current()
        guard let timeline = s.timeline, let painter = s.painter else {
            return respond(503, "text/plain", Array("the scene has not compiled yet\n".utf8))
        }
        guard n < s.frames else { return respond(404, "text/plain", Array("no frame \(n): the scene has \(s.frames)\n".utf8)) }
        let presentation: PresentationScene
        do { presentation = try timeline.presentation(at: Double(n) / s.fps) } catch {
            return respond(500, "text/plain", Array("\(error)\n".utf8))
        }
        let list = painter.displayList(presentation)
        let key = PreviewServer.hash(Array(list.text.utf8), s.width, s.height)
        // a URL naming the version being served may be cached by the browser; others not
        let cacheControl = query == "v=\(s.version)" ? "private, max-age=3600" : "no-store"
        cond.lock()
        let hit = cache[key]
        cond.unlock()
        if let png = hit { return respond(200, "image/png", png, cache: cacheControl) }
        var fb = Framebuffer(width: 1, height: 1)
        painter.render(presentation, with: Renderer(), into: &fb)
        let png = PNGEncoder.encode(fb)
        cond.lock()
        if cache[key] == nil {
            cache[key] = png
            cacheOrder.append(key)
            if cacheOrder.count > cacheLimit { cache[cacheOrder.removeFirst()] = nil }
        }
        cond.unlock()
        return respond(200, "image/png", png, cache: cacheControl)
    }

    /// Server-Sent Events: the current version now, then each new one as it is loaded (a comment
    /// every 15 s keeps the connection open); ends when the page goes away.
    private func events(_ fd: Int32) {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: keep-alive\r\n\r\n"
        var sent = -1
        guard sendAll(fd, Array(head.utf8)) else { close(fd); return }
        while true {
            cond.lock()
            if scene.version == sent { _ = cond.wait(until: Date().addingTimeInterval(15)) }
            let v = scene.version
            cond.unlock()
            let message = v != sent ? "event: version\ndata: \(v)\n\n" : ": still here\n\n"
            sent = v
            guard sendAll(fd, Array(message.utf8)) else { break }
        }
        close(fd)
    }

    /// FNV-1a over the display list's text and the frame size.
    static func hash(_ bytes: [UInt8], _ w: Int, _ h: Int) -> UInt64 {
        var x: UInt64 = 0xcbf29ce484222325
        for b in bytes + withUnsafeBytes(of: w, Array.init) + withUnsafeBytes(of: h, Array.init) {
            x = (x ^ UInt64(b)) &* 0x100000001b3
        }
        return x
    }

    static func jsonString(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x2028 || u.value == 0x2029 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}

extension ArraySlice where Element == UInt8 {
    /// Whether `pattern` occurs in the slice.
    func windowsContain(_ pattern: [UInt8]) -> Bool {
        guard count >= pattern.count else { return false }
        var i = startIndex
        while i + pattern.count <= endIndex {
            if self[i..<i + pattern.count].elementsEqual(pattern) { return true }
            i += 1
        }
        return false
    }
}
