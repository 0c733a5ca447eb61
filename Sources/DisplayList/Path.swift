// Vector paths and 2D affine matrices: the drawing vocabulary that layers, shape layers, strokes and
// text all reduce to. A path is a flat array of elements (value type, no references); a display list
// keeps every path of a frame in one such array and its operations refer to ranges of it. Arcs are a
// first-class element instead of Bézier approximations: the flattener places vertices exactly on the
// circle with a segment count from a closed-form tolerance, so rounded rects are as round as the
// tolerance says.

import CalcCore

/// A 2D affine map in Core Graphics' row-vector form: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct Affine2D: Sendable, Hashable {
    /// The entries: (a b) is the image of the x axis, (c d) of the y axis, (tx ty) the translation.
    public var a, b, c, d, tx, ty: Double

    /// The matrix with the given entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The identity map.
    public static let identity = Affine2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation.
    public static func translation(_ x: Double, _ y: Double) -> Affine2D {
        Affine2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale about the origin.
    public static func scale(_ sx: Double, _ sy: Double) -> Affine2D {
        Affine2D(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians from +x towards +y (clockwise on a y-down screen).
    public static func rotation(_ angle: Double) -> Affine2D {
        let (s, c) = StableMath.sinCos(angle)
        return Affine2D(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// Apply `self` first, then `m`.
    public func concat(_ m: Affine2D) -> Affine2D {
        Affine2D(a: a * m.a + b * m.c, b: a * m.b + b * m.d,
                 c: c * m.a + d * m.c, d: c * m.b + d * m.d,
                 tx: tx * m.a + ty * m.c + m.tx, ty: tx * m.b + ty * m.d + m.ty)
    }

    /// The image of `p`.
    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// The determinant (negative when the map mirrors).
    public var determinant: Double { a * d - b * c }
}

/// One element of a path. Angles are radians measured from +x towards +y.
public enum PathElement: Sendable, Hashable {
    /// Starts a contour.
    case move(Point)
    /// A straight line from the current point.
    case line(Point)
    /// A quadratic Bézier from the current point.
    case quad(control: Point, to: Point)
    /// A cubic Bézier from the current point.
    case cubic(control1: Point, control2: Point, to: Point)
    /// A circular arc; a line joins the current point to its start; positive `sweep` runs from +x to +y.
    case arc(center: Point, radius: Double, start: Double, sweep: Double)
    /// Closes the contour back to its first point.
    case close
}

/// A vector path made of contours of lines, quadratic and cubic Béziers and circular arcs.
/// For filling, every contour is closed implicitly.
public struct Path: Sendable, Hashable {
    /// The elements in drawing order.
    public private(set) var elements: [PathElement] = []

    /// An empty path.
    public init() {}

    /// A path of the given elements.
    public init(_ elements: [PathElement]) { self.elements = elements }

    /// The elements of a script's path value (CGPath's vocabulary) appended. A line that opens an
    /// empty path moves there instead: `arc(…)` starts with a line to its first point, and Core
    /// Graphics adds an arc to an empty path by moving to that point.
    public mutating func append(_ path: BezierPath) {
        elements.reserveCapacity(elements.count + path.elements.count)
        var opening = elements.isEmpty
        for e in path.elements {
            switch e {
            case .move(let p): elements.append(.move(p))
            case .line(let p): elements.append(opening ? .move(p) : .line(p))
            case .quad(let c, let p): elements.append(.quad(control: c, to: p))
            case .cubic(let c1, let c2, let p): elements.append(.cubic(control1: c1, control2: c2, to: p))
            case .close: elements.append(.close)
            }
            opening = false
        }
    }

    /// One element appended.
    public mutating func append(_ e: PathElement) { elements.append(e) }

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Removes every element and keeps the storage for reuse.
    public mutating func removeAll() { elements.removeAll(keepingCapacity: true) }

    /// Starts a new contour at `p`.
    public mutating func move(to p: Point) { elements.append(.move(p)) }
    /// A straight line to `p`.
    public mutating func addLine(to p: Point) { elements.append(.line(p)) }
    /// A quadratic Bézier to `p`.
    public mutating func addQuadCurve(to p: Point, control: Point) { elements.append(.quad(control: control, to: p)) }
    /// A cubic Bézier to `p`.
    public mutating func addCurve(to p: Point, control1: Point, control2: Point) {
        elements.append(.cubic(control1: control1, control2: control2, to: p))
    }
    /// A circular arc (joined to the current point by a line, or starting a contour).
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, sweep: Double) {
        elements.append(.arc(center: center, radius: radius, start: startAngle, sweep: sweep))
    }
    /// Closes the current contour.
    public mutating func closeSubpath() { elements.append(.close) }

    /// An axis-aligned rectangle as one closed contour (clockwise on a y-down screen).
    public mutating func addRect(_ r: Rect) {
        move(to: Point(r.minX, r.minY)); addLine(to: Point(r.maxX, r.minY))
        addLine(to: Point(r.maxX, r.maxY)); addLine(to: Point(r.minX, r.maxY)); closeSubpath()
    }

    /// A rectangle with circular corners; the radius is clamped to half the shorter side.
    public mutating func addRoundedRect(_ rect: Rect, cornerRadius: Double) {
        let x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        let r = min(max(cornerRadius.isNaN ? 0 : cornerRadius, 0), (x1 - x0) / 2, (y1 - y0) / 2)
        guard r > 0 else { addRect(rect); return }
        let h = Double.pi / 2
        move(to: Point(x0 + r, y0))
        addArc(center: Point(x1 - r, y0 + r), radius: r, startAngle: -h, sweep: h)
        addArc(center: Point(x1 - r, y1 - r), radius: r, startAngle: 0, sweep: h)
        addArc(center: Point(x0 + r, y1 - r), radius: r, startAngle: h, sweep: h)
        addArc(center: Point(x0 + r, y0 + r), radius: r, startAngle: 2 * h, sweep: h)
        closeSubpath()
    }

    /// An ellipse inscribed in `rect`, as four cubic Béziers (the circle case is an exact arc instead).
    public mutating func addEllipse(in rect: Rect) {
        let cx = (rect.minX + rect.maxX) / 2, cy = (rect.minY + rect.maxY) / 2
        let rx = rect.width / 2, ry = rect.height / 2
        if rx == ry {
            move(to: Point(cx + rx, cy))
            addArc(center: Point(cx, cy), radius: rx, startAngle: 0, sweep: 2 * Double.pi)
            closeSubpath()
            return
        }
        let k = 0.5522847498307936 // 4/3 · (√2 − 1): the cubic that matches a quarter circle at 3 points
        move(to: Point(cx + rx, cy))
        addCurve(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + k * ry), control2: Point(cx + k * rx, cy + ry))
        addCurve(to: Point(cx - rx, cy), control1: Point(cx - k * rx, cy + ry), control2: Point(cx - rx, cy + k * ry))
        addCurve(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - k * ry), control2: Point(cx - k * rx, cy - ry))
        addCurve(to: Point(cx + rx, cy), control1: Point(cx + k * rx, cy - ry), control2: Point(cx + rx, cy - k * ry))
        closeSubpath()
    }
}
