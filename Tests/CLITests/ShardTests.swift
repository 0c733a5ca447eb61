// `calc run --shard K/N`: four shards rendered by four processes at once into one folder give
// exactly the files of a single run, byte for byte; the split worked out by hand; bad shard specs.

import XCTest
import Foundation

final class ShardTests: XCTestCase {
    var dir = ""

    override func setUp() { dir = CLI.tempDir() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func calc(_ args: String...) -> CalcRun { CLI.run(args, in: dir) }

    // 3.3 s at 10 fps: ceil(33) = 33 frames
    let scene = """
    scene { size: (40, 20) fps: 10 duration: 3.3s background: #203040 }
    layer box { bounds: (0, 0, 10, 10) position: (5, 10) backgroundColor: #ff0000
      animations { m: basic { keyPath: position.x from: 5 to: 35 duration: 3.3s } } }
    """

    func frames(_ sub: String) -> [String] { CLI.files(in: dir + "/" + sub).filter { !$0.hasPrefix(".calc-frames") } }

    func testFourShardsInFourProcessesEqualOneRun() throws {
        CLI.write(scene, "t.cal", in: dir)
        XCTAssertEqual(calc("run", "t.cal", "-o", "one", "-q").status, 0)
        let processes = try (0..<4).map { k -> Process in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: CLI.binary)
            p.arguments = ["run", "t.cal", "-o", "farm", "--shard", "\(k)/4", "-q", "--jobs", "1"]
            p.currentDirectoryURL = URL(fileURLWithPath: dir)
            try p.run()
            return p
        }
        for p in processes { p.waitUntilExit(); XCTAssertEqual(p.terminationStatus, 0) }
        let names = frames("one")
        XCTAssertEqual(names.count, 33)
        XCTAssertEqual(frames("farm"), names)
        for n in names {
            XCTAssertEqual(FileManager.default.contents(atPath: dir + "/farm/" + n), FileManager.default.contents(atPath: dir + "/one/" + n), n)
        }
        // each shard listed its own frames: blocks of ceil(33 / (8·4)) = 2 frames, block b to shard b mod 4,
        // so shard 0 has blocks 0, 4, 8, 12, 16 = frames 0–1, 8–9, 16–17, 24–25 and 32 (the last block is 1 frame)
        let list = String(decoding: FileManager.default.contents(atPath: dir + "/farm/.calc-frames-0-of-4") ?? Data(), as: UTF8.self)
        XCTAssertEqual(list.split(separator: "\n").map { String($0.dropFirst(6).prefix(4)) },
                       ["0000", "0001", "0008", "0009", "0016", "0017", "0024", "0025", "0032"])
        for k in 1..<4 {
            let l = String(decoding: FileManager.default.contents(atPath: dir + "/farm/.calc-frames-\(k)-of-4") ?? Data(), as: UTF8.self)
            XCTAssertEqual(l.split(separator: "\n").count, 8, "shard \(k): 4 blocks of 2")
        }
    }

    func testShardsOfARangeAndEmptyShards() {
        CLI.write(scene, "t.cal", in: dir)
        // --frames 10..12 then 2 shards: 3 frames, block size 1: shard 1 gets frame 11 only
        XCTAssertEqual(calc("run", "t.cal", "-o", "r", "--frames", "10..12", "--shard", "1/2", "-q").status, 0)
        XCTAssertEqual(frames("r"), ["frame_0011.png"])
        // 40 shards of 33 frames: shard 39 has none, says so and writes nothing
        let empty = calc("run", "t.cal", "-o", "e", "--shard", "39/40")
        XCTAssertEqual(empty.status, 0)
        XCTAssertEqual(empty.stderr, "shard 39/40 has no frames of this scene to render; wrote nothing\n")
    }

    func testBadShardSpecs() {
        CLI.write(scene, "t.cal", in: dir)
        for spec in ["4/4", "-1/4", "1/0", "a/b", "1"] {
            let r = calc("run", "t.cal", "--shard", spec)
            XCTAssertEqual(r.status, 2, spec)
            XCTAssertTrue(r.stderr.contains("--shard expects K/N with 0 ≤ K < N, K counted from 0"), "\(spec): \(r.stderr)")
        }
        let video = calc("run", "t.cal", "--shard", "0/2", "-o", "x.mp4")
        XCTAssertEqual(video.status, 2)
        XCTAssertTrue(video.stderr.contains("join them into one video (docs/scaling.md)"), video.stderr)
        XCTAssertEqual(CLI.files(in: dir), ["t.cal"])
    }
}
