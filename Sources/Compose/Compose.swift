// Lowering a laid-out presentation scene to a display list (SPEC §1, §6): the one place that knows
// Core Animation's drawing rules. The walk visits layers in drawing order (SPEC §4.9: shadow,
// background, contents or kind content, sublayers stably sorted by zPosition, border on top) and
// each style becomes a few operations through a small lowering function (Styles.swift, Contents.swift).
// A layer that needs compositing as a whole (opacity over overlapping parts, a mask, a shadow cast
// by its composited alpha, a blend mode, filters) opens a group; a group that ends up holding a single
// drawing with only an opacity is dissolved and the opacity multiplied into that drawing, so leaves
// never pay for an offscreen. Every drawing's device box is computed as it is emitted: drawings
// outside the canvas or the current clip are dropped, and groups get exact bounds.
// Sublayers of a transform layer stay in one 3D space, sorted by depth (Space.swift).

import CalcCore
import DisplayList
import TextLayout

/// What Compose needs to know of an image: its size in pixels.
public struct ImageSize: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
}

public enum Compose {
    /// Layer trees deeper than this are cut off (a hostile tree must not exhaust the stack).
    public static let maxDepth = 512
    /// Maximum distance between a curve and the polygons strokes are outlined with, in device pixels.
    public static let tolerance = 0.1

    /// The display list of `scene`: `images` gives the pixel size of each image the scene names
    /// (images not listed draw nothing); `text` shapes and outlines text (without it, text draws nothing).
    public static func displayList(_ scene: PresentationScene, images: [String: ImageSize] = [:],
                                   text: TextMeasure? = nil) -> DisplayList {
        var c = Composer(scene: scene, images: images, text: text)
        c.run(scene)
        return c.list
    }

    /// Device pixels of a scene side: points × scale rounded, 0 when not positive and finite.
    public static func pixels(_ v: Double, limit: Int = 16384) -> Int {
        guard v.isFinite, v > 0 else { return 0 }
        return min(Int(v.rounded()), limit)
    }
}

/// The walk's state: the list being built, the clip boxes for culling, and per open group the
/// union of its drawings' device boxes.
struct Composer {
    var list: DisplayList
    let images: [String: ImageSize]
    /// The driver's fonts (Text.swift).
    let text: TextMeasure?
    /// Bottom-left origin: the canvas map flips y.
    let flipped: Bool
    let canvas: IRect
    /// Device box of the innermost clip (culling only; the rasterizer clips exactly).
    var clipBox: IRect
    /// Open groups, innermost last.
    var groups: [OpenGroup] = []
    /// Union of the device boxes drawn since the innermost group opened (or since the start).
    var drawn = IRect.empty
    /// Number of drawing operations since the innermost group opened.
    var drawCount = 0

    struct OpenGroup {
        var index: Int
        var outerDrawn: IRect
        var outerCount: Int
        var clipBox: IRect
        /// Index of the `beginMask` once the mask section started.
        var maskIndex: Int?
        var contentDrawn = IRect.empty
        var contentCount = 0
    }

    init(scene: PresentationScene, images: [String: ImageSize], text: TextMeasure? = nil) {
        let w = Compose.pixels(scene.size.width * scene.scale), h = Compose.pixels(scene.size.height * scene.scale)
        list = DisplayList(width: w, height: h, background: scene.background)
        self.images = images
        self.text = text
        flipped = scene.origin == .bottomLeft
        canvas = IRect(x0: 0, y0: 0, x1: w, y1: h)
        clipBox = canvas
    }

    mutating func run(_ scene: PresentationScene) {
        let s = scene.scale
        guard !canvas.isEmpty, s.isFinite, s > 0 else { return }
        let map = Projective(m11: s, m12: 0, m13: 0, m21: 0, m22: flipped ? -s : s, m23: 0,
                             m31: 0, m32: flipped ? Double(canvas.y1) : 0, m33: 1)
        layer(scene.root, space: Space(plane: map), tint: .white, depth: 0)
    }

    // MARK: - Emitting

    /// Appends a drawing whose device box is `box`; false (and nothing appended) when it is culled.
    @discardableResult
    mutating func draw(_ op: DisplayOp, box: IRect) -> Bool {
        let b = box.intersection(clipBox)
        guard !b.isEmpty else { return false }
        list.ops.append(op)
        drawn = drawn.union(b)
        drawCount += 1
        return true
    }

    mutating func fill(_ path: PathRef, rule: FillRule = .nonZero, paint: Paint, map: Projective) {
        guard !path.isEmpty else { return }
        if case .solid(let c) = paint, !(c.a > 0) { return }
        draw(.fill(Fill(path: path, rule: rule, paint: paint, transform: map)), box: deviceBox(path, map))
    }

    /// Opens a group; `closeGroup` finishes it. Inside a filtered group, drawings up to the filters'
    /// input reach outside the clip are kept: a blur carries them into view.
    mutating func openGroup(_ g: Group) {
        groups.append(OpenGroup(index: list.ops.count, outerDrawn: drawn, outerCount: drawCount, clipBox: clipBox))
        list.ops.append(.beginGroup(g))
        drawn = .empty
        drawCount = 0
        let (rx, ry) = Composer.inputReach(g.filters)
        clipBox = clipBox.outset(rx, ry)
    }

    /// How far outside the visible region a group's filters still read content.
    static func inputReach(_ filters: [Filter]) -> (Int, Int) {
        let r = Filter.reach(filters)
        return (min(r.x, Filter.maxInputReach), min(r.y, Filter.maxInputReach))
    }

    /// Starts the mask section of the innermost group (its content so far is kept aside).
    mutating func beginMask() {
        guard var g = groups.popLast() else { return }
        g.maskIndex = list.ops.count
        g.contentDrawn = drawn
        g.contentCount = drawCount
        groups.append(g)
        list.ops.append(.beginMask)
        drawn = .empty
        drawCount = 0
        clipBox = g.clipBox
    }

    /// Closes the innermost group: dissolves it when it holds one drawing and only an opacity,
    /// drops it when it draws nothing, and otherwise sets its bounds: what it drew, grown by its
    /// filters' reach and its shadow's, kept to the region where it can still be seen (or, for a
    /// filtered group, read by its filters).
    mutating func closeGroup() {
        guard let g = groups.popLast(), case .beginGroup(var info) = list.ops[g.index] else { return }
        clipBox = g.clipBox
        // the filters spread the content before the mask cuts it
        let r = Filter.reach(info.filters)
        var content = drawn.outset(r.x, r.y), count = drawCount
        if g.maskIndex != nil {
            content = g.contentDrawn.outset(r.x, r.y).intersection(drawn)
            count = g.contentCount
            if drawCount == 0 || content.isEmpty { count = 0 }
        }
        if let s = info.shadow, count > 0 {
            // (pixel counts clamped to ±2²⁴ before converting: a shadow offset of 4e54, legal as a
            // finite number, trapped in Int(_:); anything that far is clipped away all the same)
            func px(_ x: Double) -> Int { x.isNaN ? 0 : Int(max(-16_777_216, min(16_777_216, x))) }
            let reach = px((3 * s.sigma).rounded(.up)) + 1
            var shadowBox = content.outset(reach)
            shadowBox = IRect(x0: shadowBox.x0 + px(s.offsetX.rounded(.down)), y0: shadowBox.y0 + px(s.offsetY.rounded(.down)),
                              x1: shadowBox.x1 + px(s.offsetX.rounded(.up)), y1: shadowBox.y1 + px(s.offsetY.rounded(.up)))
            content = content.union(shadowBox.intersection(g.clipBox))
        }
        let (rx, ry) = Composer.inputReach(info.filters)
        content = content.intersection(g.clipBox.outset(rx, ry))
        if count == 0 || content.isEmpty {
            list.ops.removeSubrange(g.index...)
            drawn = g.outerDrawn
            drawCount = g.outerCount
            return
        }
        if count == 1 && !info.masked && info.shadow == nil && info.blend == .sourceOver && info.filters.isEmpty,
           let k = singleDrawing(after: g.index), fold(info.opacity, into: k) {
            list.ops.remove(at: g.index)
        } else {
            info.bounds = content
            list.ops[g.index] = .beginGroup(info)
            list.ops.append(.endGroup)
        }
        drawn = g.outerDrawn.union(content.intersection(g.clipBox))
        drawCount = g.outerCount + count
    }

    /// The index of the only drawing operation after `start`.
    private func singleDrawing(after start: Int) -> Int? {
        var found: Int?
        for i in (start + 1)..<list.ops.count {
            switch list.ops[i] {
            case .fill, .blurredFill, .image, .sprites:
                if found != nil { return nil }
                found = i
            case .pushClip, .popClip: continue
            // a backdrop inside a group filters the group's own surface: it cannot leave it
            case .beginGroup, .beginMask, .endGroup, .backdrop: return nil
            }
        }
        return found
    }

    /// Multiplies `alpha` into the drawing at `i`.
    private mutating func fold(_ alpha: Double, into i: Int) -> Bool {
        switch list.ops[i] {
        case .fill(var f):
            switch f.paint {
            case .solid(var c): c.a *= alpha; f.paint = .solid(c)
            case .gradient(let gi):
                for k in list.gradients[Int(gi)].stops.indices { list.gradients[Int(gi)].stops[k].color.a *= alpha }
            }
            list.ops[i] = .fill(f)
        case .blurredFill(var b): b.color.a *= alpha; list.ops[i] = .blurredFill(b)
        case .image(var d): d.alpha *= alpha; list.ops[i] = .image(d)
        // overlapping sprites under one opacity are not each sprite faded: only a lone one folds
        case .sprites(var b):
            guard b.sprites.count == 1 else { return false }
            b.alpha *= alpha; list.ops[i] = .sprites(b)
        default: return false
        }
        return true
    }

    /// Intersects the clip with `path` under `map`; false (nothing pushed) when nothing stays visible.
    mutating func pushClip(_ path: PathRef, rule: FillRule = .nonZero, map: Projective) -> Bool {
        let box = deviceBox(path, map).intersection(clipBox)
        guard !box.isEmpty else { return false }
        list.ops.append(.pushClip(ClipShape(path: path, rule: rule, transform: map)))
        clipStack.append(clipBox)
        clipBox = box
        return true
    }

    mutating func popClip() {
        guard let outer = clipStack.popLast() else { return }
        // a clip that nothing was drawn under is removed with its push
        if case .pushClip = list.ops.last {
            list.ops.removeLast()
        } else {
            list.ops.append(.popClip)
        }
        clipBox = outer
    }

    var clipStack: [IRect] = []

    // MARK: - Paths and boxes

    mutating func add(_ path: Path) -> PathRef { list.add(path) }

    mutating func addRoundedRect(_ r: Rect, radius: Double) -> PathRef {
        var p = Path()
        p.addRoundedRect(Rect(r.minX, r.minY, r.width, r.height), cornerRadius: radius)
        return list.add(p)
    }

    /// Device box of the path's control points under `m`; the whole canvas when a point is behind the
    /// eye or not finite.
    func deviceBox(_ ref: PathRef, _ m: Projective) -> IRect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for e in list.path(ref) {
            switch e {
            case .move(let p), .line(let p):
                x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
            case .quad(let c, let p):
                x0 = min(x0, c.x, p.x); y0 = min(y0, c.y, p.y); x1 = max(x1, c.x, p.x); y1 = max(y1, c.y, p.y)
            case .cubic(let a, let b, let p):
                x0 = min(x0, a.x, b.x, p.x); y0 = min(y0, a.y, b.y, p.y)
                x1 = max(x1, a.x, b.x, p.x); y1 = max(y1, a.y, b.y, p.y)
            case .arc(let c, let r, _, _):
                let ar = abs(r)
                x0 = min(x0, c.x - ar); y0 = min(y0, c.y - ar); x1 = max(x1, c.x + ar); y1 = max(y1, c.y + ar)
            case .close: break
            }
        }
        guard x0 <= x1, y0 <= y1 else { return .empty }
        return deviceBox(Rect(x0, y0, x1 - x0, y1 - y0), m)
    }

    /// Device box of a rect under `m` (one pixel of margin for anti-aliasing).
    func deviceBox(_ r: Rect, _ m: Projective) -> IRect {
        var bx0 = Double.infinity, by0 = Double.infinity, bx1 = -Double.infinity, by1 = -Double.infinity
        for (x, y) in [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)] {
            let p = m.apply(x, y)
            guard p.w >= 1e-4 else { return canvas }
            let px = p.x / p.w, py = p.y / p.w
            guard px.isFinite, py.isFinite else { return canvas }
            bx0 = min(bx0, px); by0 = min(by0, py); bx1 = max(bx1, px); by1 = max(by1, py)
        }
        return IRect(covering: bx0 - 1, by0 - 1, bx1 + 1, by1 + 1)
    }
}
