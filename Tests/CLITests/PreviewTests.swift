// `calc preview`: the server answers its own paths only (raw HTTP over a socket, no browser needed),
// and a real browser (Debian's Chromium through Playwright for Python, Tests/Preview/browser.py)
// plays, scrubs, steps, reloads on save and shows diagnostics, its frames compared with `calc run`.
// Without python3 + Playwright + Pillow or without Chromium, the browser test prints a "skipped"
// line saying which is missing and passes.

import XCTest
import Foundation
import Render

final class PreviewTests: XCTestCase {
    var dir = ""
    var server: Process?

    override func setUp() { dir = CLI.tempDir() }
    override func tearDown() {
        if let s = server, s.isRunning { s.terminate(); s.waitUntilExit() }
        try? FileManager.default.removeItem(atPath: dir)
    }

    // 41×21 at 10 fps for 1 s: frames 0…9
    let scene = """
    scene { size: (41, 21) fps: 10 duration: 1s background: #203040 }
    layer box { bounds: (0, 0, 10, 10) position: (5, 10) backgroundColor: #ff0000
      animations { m: basic { keyPath: position.x from: 5 to: 35 duration: 1s } } }
    """

    /// Starts `calc preview` on a free port and returns the port it printed (read from its first line).
    func startServer(_ file: String) throws -> Int {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["preview", file, "--port", "0", "-q"]
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        server = p
        var line = Data()
        while !line.contains(10) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("preview: http://127.0.0.1:"), text)
        let digits = text.dropFirst("preview: http://127.0.0.1:".count).prefix { $0.isNumber }
        return try XCTUnwrap(Int(digits), text)
    }

    /// One HTTP request over a plain socket: (status, body).
    func request(_ port: Int, _ head: String) -> (Int, [UInt8]) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard ok == 0 else { return (-1, []) }
        _ = Array(head.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var all: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buf, buf.count, 0)
            if n <= 0 { break }
            all += buf[0..<n]
        }
        guard let end = all.firstRange(of: [13, 10, 13, 10]) else { return (-1, all) }
        let status = String(decoding: all[..<end.lowerBound], as: UTF8.self).split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? -1
        return (status, Array(all[end.upperBound...]))
    }

    func get(_ port: Int, _ path: String, host: String? = nil) -> (Int, [UInt8]) {
        request(port, "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\r\n")
    }

    func testServerAnswersOnlyItsOwnPaths() throws {
        CLI.write(scene, "t.cal", in: dir)
        CLI.write("secret", "secret.txt", in: dir)
        let port = try startServer("t.cal")
        let (s0, page) = get(port, "/")
        XCTAssertEqual(s0, 200)
        XCTAssertTrue(String(decoding: page, as: UTF8.self).contains("<title>calc preview</title>"))
        let (s1, info) = get(port, "/info")
        XCTAssertEqual(s1, 200)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(info)) as? [String: Any])
        XCTAssertEqual(json["frames"] as? Int, 10)
        XCTAssertEqual(json["width"] as? Int, 41)
        XCTAssertEqual(json["errors"] as? Int, 0)
        // frame 4 as PNG: the same pixels calc run renders
        let (s2, png) = get(port, "/frame/4.png")
        XCTAssertEqual(s2, 200)
        XCTAssertEqual(CLI.run(["run", "t.cal", "--frames", "4", "-o", "f4.png", "-q"], in: dir).status, 0)
        let expected = try ImageDecoder.decode([UInt8](try XCTUnwrap(FileManager.default.contents(atPath: dir + "/f4.png"))))
        XCTAssertEqual(try ImageDecoder.decode(png).pixels, expected.pixels)
        // nothing else: no file-system paths, no frame past the end, no malformed numbers
        for path in ["/secret.txt", "/../secret.txt", "/t.cal", "/%2e%2e/secret.txt", "/frame/10.png", "/frame/-1.png",
                     "/frame/04.png", "/frame/4.png/../../t.cal", "/frame/abc.png", "/frame/", "/info/x"] {
            XCTAssertEqual(get(port, path).0, 404, path)
        }
        XCTAssertEqual(get(port, "/", host: "evil.example:\(port)").0, 421, "a request for another host (DNS rebinding)")
        XCTAssertEqual(request(port, "POST /info HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 0\r\n\r\n").0, 405)
        XCTAssertEqual(request(port, "garbage\r\n\r\n").0, 400)
    }

    /// 32 connections that send nothing hold the server's 32 places (each waits up to 5 s for a
    /// request head): the next is answered 503 at once; when they close, requests are served again.
    func testConnectionsPastTheLimitAreTurnedAway() throws {
        CLI.write(scene, "t.cal", in: dir)
        let port = try startServer("t.cal")
        var idle: [Int32] = []
        for _ in 0..<32 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_port = in_port_t(UInt16(port).bigEndian)
            addr.sin_addr.s_addr = inet_addr("127.0.0.1")
            let ok = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            XCTAssertEqual(ok, 0)
            idle.append(fd)
        }
        let (busy, body) = get(port, "/info")
        XCTAssertEqual(busy, 503)
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "too many connections\n")
        for fd in idle { close(fd) }
        var status = 0
        for _ in 0..<100 where status != 200 {       // the server's threads see the closes within moments
            status = get(port, "/info").0
            if status != 200 { usleep(20_000) }
        }
        XCTAssertEqual(status, 200)
    }

    func testInRealBrowser() throws {
        guard let py = CLI.which("python3"), CLI.python(has: ["playwright.sync_api", "PIL"]) else {
            print("PreviewTests: skipped the browser test: python3 with Playwright and Pillow is not installed (scripts/setup.sh tries pip install playwright pillow)")
            return
        }
        guard let chromium = CLI.which("chromium") ?? CLI.which("chromium-browser") else {
            print("PreviewTests: skipped the browser test: Chromium is not installed (scripts/setup.sh tries apt-get install chromium)")
            return
        }
        CLI.write(scene, "t.cal", in: dir)
        let port = try startServer("t.cal")
        let script = CLI.repo.appendingPathComponent("Tests/Preview/browser.py").path
        let r = CLI.tool(py, [script, "http://127.0.0.1:\(port)/", dir, "t.cal", CLI.binary, chromium], in: dir)
        print(r.stdout, terminator: "")
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.hasSuffix("browser: all checks passed\n"), r.stdout + r.stderr)
    }
}
