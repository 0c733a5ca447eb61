// Comparing a rendered frame with its snapshot, and the picture of the difference. Frames are
// compared as decoded pixels (8-bit premultiplied RGBA, as ImageDecoder returns them), never as PNG
// bytes, so a different compression level or encoder version is not a difference. A tolerance has two
// parts: how far a channel may move before its pixel counts as differing, and the share of pixels that
// may differ beyond that; the default is exact. The difference image is three panels — expected,
// actual, and a lightened grey copy of the actual frame with the differing pixels in red (and those
// within the channel tolerance in yellow) — so the changed area reads at a glance in any image viewer.

import Render

/// How much a frame may differ from its snapshot and still pass.
public struct Tolerance: Sendable, Equatable, CustomStringConvertible {
    /// A pixel differs when one of its channels (R, G, B or A, premultiplied) moves by more than this (0–255).
    public var maxChannelDiff: Int
    /// The share of the frame's pixels, in percent, that may differ (0–100).
    public var maxDiffPixelsPercent: Double

    public init(maxChannelDiff: Int = 0, maxDiffPixelsPercent: Double = 0) {
        self.maxChannelDiff = maxChannelDiff
        self.maxDiffPixelsPercent = maxDiffPixelsPercent
    }

    /// Exact equality: the default.
    public static let exact = Tolerance()

    /// How many of `total` pixels may differ: ⌊percent × total / 100⌋ (a hair of slack absorbs the
    /// binary rounding of percentages like 0.1).
    public func allowedPixels(of total: Int) -> Int {
        Int((maxDiffPixelsPercent * Double(total) / 100 * (1 + 1e-12)).rounded(.down))
    }

    /// `2 channel, 0.1% pixels`, the directive's own words.
    public var description: String {
        "\(maxChannelDiff) channel, \(Numbers.format(maxDiffPixelsPercent))% pixels"
    }
}

/// The outcome of comparing two frames.
public struct ImageComparison: Sendable, Equatable {
    public var expectedSize: (width: Int, height: Int)
    public var actualSize: (width: Int, height: Int)
    /// Pixels whose largest channel difference exceeds the tolerance (every pixel when sizes differ).
    public var differing: Int
    /// Pixels that differ, but by no more than the channel tolerance.
    public var withinTolerance: Int
    /// The largest channel difference over the frame.
    public var maxChannelDiff: Int
    /// Pixels compared (the actual frame's).
    public var total: Int
    public var tolerance: Tolerance

    public var sizeMatches: Bool { expectedSize == actualSize }
    public var passes: Bool { sizeMatches && differing <= tolerance.allowedPixels(of: total) }

    public static func == (l: ImageComparison, r: ImageComparison) -> Bool {
        l.expectedSize == r.expectedSize && l.actualSize == r.actualSize && l.differing == r.differing
            && l.withinTolerance == r.withinTolerance && l.maxChannelDiff == r.maxChannelDiff
            && l.total == r.total && l.tolerance == r.tolerance
    }

    /// Compares `actual` with `expected` under `tolerance`.
    public static func compare(expected: Framebuffer, actual: Framebuffer, tolerance: Tolerance) -> ImageComparison {
        var result = ImageComparison(expectedSize: (expected.width, expected.height), actualSize: (actual.width, actual.height),
                                     differing: 0, withinTolerance: 0, maxChannelDiff: 0,
                                     total: actual.width * actual.height, tolerance: tolerance)
        guard result.sizeMatches else {
            result.differing = result.total
            result.maxChannelDiff = 255
            return result
        }
        let limit = tolerance.maxChannelDiff
        var differing = 0, within = 0, worst = 0
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                for i in 0..<a.count where e[i] != a[i] {
                    let d = channelDiff(e[i], a[i])
                    if d > worst { worst = d }
                    if d > limit { differing += 1 } else { within += 1 }
                }
            }
        }
        result.differing = differing
        result.withinTolerance = within
        result.maxChannelDiff = worst
        return result
    }

    /// The largest absolute difference between corresponding bytes of two packed pixels.
    @inline(__always)
    public static func channelDiff(_ p: UInt32, _ q: UInt32) -> Int {
        var worst = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let d = abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
            if d > worst { worst = d }
        }
        return worst
    }
}

/// The expected | actual | difference picture written when a frame fails.
public enum DiffImage {
    /// Pixels between panels.
    public static let gap = 4
    /// Gap and out-of-frame fill: opaque mid grey.
    public static let gapColor = PixelMath.pack(128, 128, 128, 255)
    /// A pixel beyond the channel tolerance, or outside one of the two frames: opaque red.
    public static let differColor = PixelMath.pack(255, 0, 0, 255)
    /// A pixel that differs within the channel tolerance: opaque yellow.
    public static let withinColor = PixelMath.pack(255, 200, 0, 255)

    /// The x of the difference panel's left column: panels are max(widths) wide, `gap` apart.
    public static func diffPanelX(expected: Framebuffer, actual: Framebuffer) -> Int {
        2 * (max(expected.width, actual.width) + gap)
    }

    /// Three panels side by side: expected, actual, and the difference over a lightened grey copy of
    /// the actual frame. Panels are as large as the larger frame; what lies outside a frame is grey in
    /// the first two panels and red in the third.
    public static func make(expected: Framebuffer, actual: Framebuffer, tolerance: Tolerance) -> Framebuffer {
        let w = max(expected.width, actual.width), h = max(expected.height, actual.height)
        var out = Framebuffer(width: 3 * w + 2 * gap, height: h)
        out.reset(width: 3 * w + 2 * gap, height: h, fill: gapColor)
        let ow = out.width
        func blit(_ fb: Framebuffer, at x0: Int) {
            for y in 0..<fb.height {
                for x in 0..<fb.width { out.pixels[y * ow + x0 + x] = fb.pixels[y * fb.width + x] }
            }
        }
        blit(expected, at: 0)
        blit(actual, at: w + gap)
        let x0 = 2 * (w + gap)
        let sameSize = expected.width == actual.width && expected.height == actual.height
        for y in 0..<h {
            for x in 0..<w {
                let inside = x < actual.width && y < actual.height && x < expected.width && y < expected.height
                var p = differColor
                if inside {
                    let a = actual.pixels[y * actual.width + x], e = expected.pixels[y * expected.width + x]
                    if !sameSize || a != e {
                        p = sameSize && ImageComparison.channelDiff(a, e) <= tolerance.maxChannelDiff ? withinColor : differColor
                    } else {
                        p = faded(a)
                    }
                }
                out.pixels[y * ow + x0 + x] = p
            }
        }
        return out
    }

    /// The pixel over white, as grey, lightened to the upper third of the range so red stands out.
    static func faded(_ p: UInt32) -> UInt32 {
        let (r, g, b, a) = PixelMath.unpack(p)
        let white = 255 - Int(a)                            // premultiplied: over white adds (255 − a)
        let lum = (Int(r) * 54 + Int(g) * 183 + Int(b) * 19) / 256 + white
        let v = UInt8(clamping: 255 - (255 - min(255, lum)) / 3)
        return PixelMath.pack(v, v, v, 255)
    }
}
