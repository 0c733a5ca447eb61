// The integer blend arithmetic against its definition, and the SIMD span paths against the scalar one.

import CalcCore
import DisplayList
@testable import Render
import CSpans
import XCTest

final class CompositorTests: XCTestCase {
    func testScaleIsExactlyRoundedProduct() {
        // every channel value × every factor: round(c · a / 255), computed here with integer division
        for a in 0..<256 {
            for c in 0..<256 {
                let expected = UInt32((c * a * 2 + 255) / 510)
                let p = PixelMath.pack(UInt8(c), UInt8(255 - c), UInt8(c / 2), UInt8(c))
                let q = PixelMath.unpack(PixelMath.scale(p, UInt32(a)))
                XCTAssertEqual(UInt32(q.r), expected)
                XCTAssertEqual(UInt32(q.a), expected)
                XCTAssertEqual(Int(q.g), ((255 - c) * a * 2 + 255) / 510)
                if UInt32(q.r) != expected { return }
            }
        }
    }

    func testSourceOverByHand() {
        // 50 % red (premultiplied 128, 0, 0, 128) over opaque (0, 0, 200): 128 + 0, 0, round(200 · 127 / 255) = 100
        XCTAssertEqual(PixelMath.over(PixelMath.pack(128, 0, 0, 128), PixelMath.pack(0, 0, 200, 255)),
                       PixelMath.pack(128, 0, 100, 255))
    }

    /// Every kernel level the CPU has (plain C, SSE2, AVX2) against the scalar definition.
    func testSIMDSpansMatchScalarReference() {
        let best = calc_spans_level()
        defer { _ = calc_spans_set_level(best) }
        for level in 0...2 {
            let set = calc_spans_set_level(Int32(level))
            guard set == level else { continue }
            spansMatchScalarReference(level: level)
        }
    }

    func spansMatchScalarReference(level: Int) {
        var rng = SplitMix(seed: 7)
        for n in [1, 7, 8, 9, 15, 16, 17, 33, 37, 64, 100] {
            for _ in 0..<20 {
                let a = UInt8(truncatingIfNeeded: rng.next())
                let color = PixelMath.scale(PixelMath.pack(255, 128, 7, 255), UInt32(a))
                let dst = (0..<n).map { _ in PixelMath.scale(PixelMath.pack(UInt8(truncatingIfNeeded: rng.next()), UInt8(truncatingIfNeeded: rng.next()),
                                                                              UInt8(truncatingIfNeeded: rng.next()), 255),
                                                              UInt32(truncatingIfNeeded: rng.next() & 255)) }
                var got = dst
                got.withUnsafeMutableBufferPointer { Spans.fill($0.baseAddress!, n, color) }
                XCTAssertEqual(got, dst.map { PixelMath.over(color, $0) }, "level \(level) n \(n)")
                let mask = (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                for cov: UInt32 in [255, UInt32(truncatingIfNeeded: rng.next() & 255)] {
                    var masked = dst
                    masked.withUnsafeMutableBufferPointer { m in mask.withUnsafeBufferPointer { Spans.fillMasked(m.baseAddress!, $0.baseAddress!, n, color, cov) } }
                    XCTAssertEqual(masked, zip(mask, dst).map { PixelMath.over(PixelMath.scale(color, PixelMath.div255(cov * UInt32($0))), $1) },
                                   "level \(level) masked n \(n) coverage \(cov)")
                }
                let src = dst.reversed().map { $0 }
                var comp = dst
                let alpha = UInt32(truncatingIfNeeded: rng.next() & 255)
                comp.withUnsafeMutableBufferPointer { d in src.withUnsafeBufferPointer { s in Spans.composite(d.baseAddress!, s.baseAddress!, n, alpha) } }
                XCTAssertEqual(comp, zip(src, dst).map { PixelMath.over(PixelMath.scale($0, alpha), $1) }, "level \(level) n \(n)")
            }
        }
    }
}

/// A tiny deterministic generator for test data.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
