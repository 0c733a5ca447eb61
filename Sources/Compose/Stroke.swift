// Strokes as fills: a path stroked with a width, caps, joins, a miter limit, a dash pattern and
// strokeStart/strokeEnd becomes closed contours filled with the non-zero rule, so the rasterizer
// knows only fills. (Placeholder: the outliner is being written; until it lands strokes draw nothing.)

import CalcCore
import DisplayList

/// How a path is stroked (CAShapeLayer's and Core Graphics' stroke parameters).
public struct StrokeStyle: Sendable, Hashable {
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    /// Dash lengths, alternately on and off (an odd count repeats, as Core Graphics does); empty: solid.
    public var dashes: [Double]
    public var dashPhase: Double
    /// strokeStart and strokeEnd: the part of the path stroked, as fractions of its total length.
    public var start: Double
    public var end: Double

    public init(width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10,
                dashes: [Double] = [], dashPhase: Double = 0, start: Double = 0, end: Double = 1) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
        self.dashes = dashes; self.dashPhase = dashPhase; self.start = start; self.end = end
    }
}

public enum Stroker {
    /// The outline of `path` stroked with `style`, as closed contours to fill with the non-zero
    /// rule; curves are approximated within `tolerance` (path units).
    public static func outline(_ path: ArraySlice<PathElement>, style: StrokeStyle, tolerance: Double) -> Path {
        Path()
    }
}
