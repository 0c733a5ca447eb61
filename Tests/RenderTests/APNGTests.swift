// The APNG assembler: frame delays as fractions, chunk order and sequence numbers (APNG spec: fcTL
// and fdAT share one counter from 0; frame 0's data is IDAT), and a round trip of each frame's
// pixels through ImageDecoder by rebuilding a plain PNG from the frame's data.

import CalcCore
@testable import Render
import XCTest

final class APNGTests: XCTestCase {
    func testDelayFractions() {
        // 1/fps exactly for integer rates; 29.97 fps = 2997/100 fps → 100/2997 s
        XCTAssertTrue(APNGAssembler.delay(fps: 60) == (1, 60))
        XCTAssertTrue(APNGAssembler.delay(fps: 29.97) == (100, 2997))
        // 23.976: not exact in hundredths; num = ⌊65535 / 23.976⌋ = 2733, den = round(2733 × 23.976) = round(65526.4) = 65526
        XCTAssertTrue(APNGAssembler.delay(fps: 23.976) == (2733, 65526))
    }

    /// (type, payload) of every chunk after the signature.
    func chunks(_ png: [UInt8]) -> [(String, [UInt8])] {
        var out: [(String, [UInt8])] = []
        var i = 8
        while i + 12 <= png.count {
            let n = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            out.append((String(decoding: png[i + 4..<i + 8], as: UTF8.self), Array(png[i + 8..<i + 8 + n])))
            i += 12 + n
        }
        return out
    }

    func testChunksAndSequenceNumbersAndFramesDecode() throws {
        let frames = (0..<3).map { k in Framebuffer(width: 5, height: 4, fill: Color(Double(k) / 2, 0.25, 1)) }
        let writer = PNGWriter()
        var asm = APNGAssembler(width: 5, height: 4, rgb: true, frameCount: 3, plays: 2, fps: 12)
        var file = asm.head()
        for f in frames { file += asm.frame(writer.imageData(f, rgb: true)) }
        file += asm.tail()
        let list = chunks(file)
        XCTAssertEqual(list.map(\.0), ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        XCTAssertEqual(list[1].1, [0, 0, 0, 3, 0, 0, 0, 2])                      // 3 frames, 2 plays
        // fcTL: sequence, width 5, height 4, x 0, y 0, delay 1/12, dispose 0, blend 0
        XCTAssertEqual(list[2].1, [0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 12, 0, 0])
        let sequences = [list[2], list[4], list[5], list[6], list[7]].map { Array($0.1.prefix(4)) }
        XCTAssertEqual(sequences, [[0, 0, 0, 0], [0, 0, 0, 1], [0, 0, 0, 2], [0, 0, 0, 3], [0, 0, 0, 4]])
        // each frame's data, put back in a plain PNG, decodes to that frame's pixels
        let ihdr = list[0].1
        for (k, data) in [list[3].1, Array(list[5].1.dropFirst(4)), Array(list[7].1.dropFirst(4))].enumerated() {
            var png = PNGWriter.signature
            PNGWriter.chunk(&png, "IHDR", ihdr[...])
            PNGWriter.chunk(&png, "IDAT", data[...])
            PNGWriter.chunk(&png, "IEND", [][...])
            XCTAssertEqual(try ImageDecoder.decode(png).pixels, frames[k].pixels, "frame \(k)")
        }
    }
}
