// Emitter particles through the real `calc`: the order renderMode sets, read off the pixel where
// three particles overlap, and frames that depend on their time alone (issue 12: "particles are
// frames, not history").

import XCTest
import Foundation

final class ParticleCLITests: XCTestCase {
    var dir = ""
    override func setUp() {
        dir = CLI.tempDir()
        // a 4×4 opaque white image, drawn by calc itself
        CLI.write("scene { size: (4, 4) fps: 1 duration: 1s background: #ffffff }\n", "white.cal", in: dir)
        XCTAssertEqual(CLI.run(["run", "white.cal", "--time", "0", "-o", "white.png", "--quiet"], in: dir).status, 0)
    }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// The RGB of pixel (x, y) of the frame at `time`, read back from a binary PPM.
    func pixel(_ script: String, time: String, _ x: Int, _ y: Int) -> [Int] {
        CLI.write(script, "t.cal", in: dir)
        let r = CLI.run(["run", "t.cal", "--time", time, "--format", "ppm", "-o", "t.ppm", "--quiet"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        guard let data = FileManager.default.contents(atPath: dir + "/t.ppm") else { XCTFail("no t.ppm"); return [] }
        // binary PPM (P6): three header tokens after the magic, then RGB bytes
        let bytes = [UInt8](data)
        var i = 0, fields: [Int] = []
        while fields.count < 4 {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
            var j = i
            while j < bytes.count, !(bytes[j] == 0x20 || bytes[j] == 0x0A || bytes[j] == 0x0D || bytes[j] == 0x09) { j += 1 }
            let token = String(decoding: bytes[i..<j], as: UTF8.self)
            fields.append(token == "P6" ? 0 : Int(token) ?? -1)
            i = j
        }
        i += 1
        let w = fields[1]
        let o = i + (y * w + x) * 3
        return [Int(bytes[o]), Int(bytes[o + 1]), Int(bytes[o + 2])]
    }

    func testRenderModesOrderOverlappingParticles() {
        // birthRate 2 from time 0: at 1.1 s three live particles, born at 0, 0.5 and 1 (ages 1.1,
        // 0.6, 0.1), all at (8, 8) (velocity 1 straight along +z: emissionLatitude 90°), drawn from
        // the 4×4 white image. Colour (0, 0, 0.25) with redSpeed 0.25: red = 0.25·age = 0.275, 0.15,
        // 0.025 → bytes 70, 38, 6; blue 64. z = age − age² (zAcceleration −2): −0.11, 0.24, 0.09.
        //  unordered, oldestFirst: birth order, the youngest on top → red 6
        //  oldestLast: the oldest on top → red 70
        //  backToFront: ascending z (oldest, youngest, middle): the middle one on top → red 38
        //  additive: plus-lighter on black: red 70 + 38 + 6 = 114, blue 3 × 64 = 192
        func script(_ mode: String) -> String {
            """
            scene { size: (16, 16) fps: 10 duration: 2s background: #000000 }
            layer e: emitter {
                frame: (0, 0, 16, 16)  emitterPosition: (8, 8)  renderMode: .\(mode)
                cell c {
                    contents: image("white.png")  birthRate: 2  lifetime: 10s
                    velocity: 1  emissionLatitude: 90deg  zAcceleration: -2
                    color: #000040  redSpeed: 0.25
                }
            }
            """
        }
        XCTAssertEqual(pixel(script("unordered"), time: "1.1", 8, 8), [6, 0, 64])
        XCTAssertEqual(pixel(script("oldestFirst"), time: "1.1", 8, 8), [6, 0, 64])
        XCTAssertEqual(pixel(script("oldestLast"), time: "1.1", 8, 8), [70, 0, 64])
        XCTAssertEqual(pixel(script("backToFront"), time: "1.1", 8, 8), [38, 0, 64])
        XCTAssertEqual(pixel(script("additive"), time: "1.1", 8, 8), [114, 0, 192])
    }

    func testFrameHundredIsTheSameDirectlyAndAfterTheFramesBeforeIt() throws {
        // a fountain with every random spread, nested cells and an animated cell property: frame
        // 100 rendered alone, then frames 0–100 in order on one thread, then frame 100 alone again
        CLI.write("""
        scene { size: (64, 64) fps: 30 duration: 4s background: #102030 }
        layer e: emitter {
            frame: (0, 0, 64, 64)  emitterPosition: (32, 56)  emitterShape: .line  emitterSize: (20, 0)
            renderMode: .additive  seed: 5
            cell spark {
                contents: image("white.png")  birthRate: 60  lifetime: 1.2s  lifetimeRange: 0.4s
                velocity: 40  velocityRange: 10  emissionLongitude: -90deg  emissionRange: 40deg  yAcceleration: 30
                scale: 0.8  scaleRange: 0.3  scaleSpeed: -0.3  spin: 2rad  spinRange: 3rad
                color: #ffaa33  greenRange: 0.3  alphaSpeed: -0.7
                cell trail { contents: image("white.png")  birthRate: 5  lifetime: 0.3s  scale: 0.3 }
            }
            animations {
                drift: basic { keyPath: emitterCells.spark.greenSpeed  from: -0.5  to: 0.5  duration: 1s  autoreverses: true  repeatCount: infinity }
            }
        }
        """, "f.cal", in: dir)
        func run(_ args: [String]) {
            let r = CLI.run(["run", "f.cal", "--quiet", "--jobs", "1"] + args, in: dir)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        run(["--frames", "100", "-o", "alone"])
        run(["--frames", "0..100", "-o", "all"])
        run(["--frames", "100", "-o", "again"])
        let alone = try XCTUnwrap(FileManager.default.contents(atPath: dir + "/alone/frame_0100.png"))
        let after = try XCTUnwrap(FileManager.default.contents(atPath: dir + "/all/frame_0100.png"))
        let again = try XCTUnwrap(FileManager.default.contents(atPath: dir + "/again/frame_0100.png"))
        XCTAssertEqual(alone, after)
        XCTAssertEqual(alone, again)
        // and the frame is not empty: particles were drawn (it differs from the one before)
        let before = try XCTUnwrap(FileManager.default.contents(atPath: dir + "/all/frame_0099.png"))
        XCTAssertNotEqual(alone, before)
    }
}
