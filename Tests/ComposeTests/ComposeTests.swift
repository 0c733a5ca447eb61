// Lowering tests: small scenes built by hand and the display list they must give, as text (the
// expected lines worked out from SPEC §4.9's drawing order and the layer geometry in comments).

import CalcCore
import Compose
import DisplayList
import XCTest

func scene(_ w: Double, _ h: Double, origin: Origin = .topLeft, _ layers: [PresentationLayer]) -> PresentationScene {
    let root = PresentationLayer(name: "root", bounds: Rect(0, 0, w, h), position: Point(w / 2, h / 2), sublayers: layers)
    return PresentationScene(size: Size(w, h), scale: 1, background: .white, origin: origin, root: root)
}

func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: Color = Color(1, 0, 0),
         _ configure: (inout PresentationLayer) -> Void = { _ in }) -> PresentationLayer {
    var l = PresentationLayer(bounds: Rect(0, 0, w, h), position: Point(x + w / 2, y + h / 2), backgroundColor: color)
    configure(&l)
    return l
}

final class ComposeTests: XCTestCase {
    func testBackgroundThenBorderOverTheWholeBounds() {
        // a 20×10 layer at (5, 5): its background covers the whole bounds (the border is drawn over it,
        // SPEC §4.9), the border is the even-odd ring between the bounds and the bounds inset by 2
        let l = box(5, 5, 20, 10) { $0.borderWidth = 2; $0.borderColor = Color(0, 0, 1) }
        XCTAssertEqual(Compose.displayList(scene(40, 20, [l])).text, """
        display 40x20 background #ffffffff
          fill nonZero #ff0000ff {M 0 0 L 20 0 L 20 10 L 0 10 Z} [1 0 0 1 5 5]
          fill evenOdd #0000ffff {M 0 0 L 20 0 L 20 10 L 0 10 Z M 2 2 L 18 2 L 18 8 L 2 8 Z} [1 0 0 1 5 5]

        """)
    }

    func testOpacityOfALeafFoldsIntoItsColourAndOfASubtreeMakesAGroup() {
        let leaf = box(0, 0, 10, 10) { $0.opacity = 0.5 }
        XCTAssertEqual(Compose.displayList(scene(20, 20, [leaf])).text, """
        display 20x20 background #ffffffff
          fill nonZero #ff000080 {M 0 0 L 10 0 L 10 10 L 0 10 Z} [1 0 0 1 0 0]

        """)
        // a parent at (2, 2) with a child at (4, 4) in it: both overlap, so they are composited as one
        // group whose bounds are the union of their device boxes plus a pixel of margin
        let parent = box(2, 2, 10, 10) { $0.opacity = 0.5; $0.sublayers = [box(4, 4, 4, 4, Color(0, 1, 0))] }
        XCTAssertEqual(Compose.displayList(scene(20, 20, [parent])).text, """
        display 20x20 background #ffffffff
          group (1, 1)-(13, 13) opacity 0.5
            fill nonZero #ff0000ff {M 0 0 L 10 0 L 10 10 L 0 10 Z} [1 0 0 1 2 2]
            fill nonZero #00ff00ff {M 0 0 L 4 0 L 4 4 L 0 4 Z} [1 0 0 1 6 6]
          end

        """)
    }

    func testLayersOutsideTheCanvasAreDropped() {
        let far = box(500, 500, 10, 10)
        XCTAssertEqual(Compose.displayList(scene(20, 20, [far])).ops, [])
    }
}

final class ReplicatorAndDepthTests: XCTestCase {
    func fills(_ list: DisplayList) -> [Fill] {
        list.ops.compactMap { if case .fill(let f) = $0 { return f } else { return nil } }
    }

    /// Instance k of a replicator whose bounds centre is (50, 50), with instanceTransform a
    /// translation by (20, 0): its sublayer (a 10×10 box at (0, 0)) lands at x = 20k; its colour is
    /// instanceColor (0.5 grey) plus k × the red offset (0.25), component by component, multiplied
    /// into the box's white: k = 0 → (0.5, 0.5, 0.5), k = 1 → (0.75, …), k = 2 → (1, …) clamped.
    func testInstancesAccumulateTheTransformAndTheColourOffsets() {
        var rep = box(0, 0, 100, 100, .clear)
        rep.kind = .replicator
        var r = ReplicatorStyle()
        r.count = 3
        r.transform = .translation(20, 0)
        r.color = Color(0.5, 0.5, 0.5, 1)
        r.offsets = (0.25, 0, 0, 0)
        rep.replicator = r
        rep.sublayers = [box(0, 0, 10, 10, .white)]
        let f = fills(Compose.displayList(scene(100, 100, [rep])))
        XCTAssertEqual(f.count, 3)
        for (k, fill) in f.enumerated() {
            XCTAssertEqual(fill.transform.m31, Double(20 * k), accuracy: 1e-9)
            XCTAssertEqual(fill.transform.m32, 0, accuracy: 1e-9)
            guard case .solid(let c) = fill.paint else { return XCTFail("solid") }
            XCTAssertEqual(c.r, min(1, 0.5 + 0.25 * Double(k)), accuracy: 1e-9)
            XCTAssertEqual(c.g, 0.5, accuracy: 1e-9)
        }
    }

    /// A replicator of 2 inside a replicator of 3 draws 6 boxes, the outer steps (0, 30) and the
    /// inner (20, 0): boxes at (20i, 30j).
    func testNestedReplicatorsMultiply() {
        var inner = box(0, 0, 100, 100, .clear)
        inner.kind = .replicator
        var ri = ReplicatorStyle(); ri.count = 2; ri.transform = .translation(20, 0)
        inner.replicator = ri
        inner.sublayers = [box(0, 0, 10, 10, .white)]
        var outer = box(0, 0, 100, 100, .clear)
        outer.kind = .replicator
        var ro = ReplicatorStyle(); ro.count = 3; ro.transform = .translation(0, 30)
        outer.replicator = ro
        outer.sublayers = [inner]
        let origins = fills(Compose.displayList(scene(100, 100, [outer]))).map { [$0.transform.m31, $0.transform.m32] }
        XCTAssertEqual(origins, [[0, 0], [20, 0], [0, 30], [20, 30], [0, 60], [20, 60]])
    }

    /// Under a transform layer the sublayers are drawn back to front by depth, whatever their order
    /// in the tree: a transform moving one 10 towards the viewer puts it in front, −10 behind (an
    /// ordinary layer keeps tree order here: it sorts by zPosition only, and flattens).
    func testTransformLayerSortsItsSublayersByDepth() {
        var t = box(0, 0, 100, 100, .clear)
        t.kind = .transform
        let subs = [box(10, 10, 20, 20, Color(1, 0, 0)) { $0.transform = .translation(0, 0, 10) },
                    box(20, 20, 20, 20, Color(0, 1, 0)) { $0.transform = .translation(0, 0, -10) },
                    box(30, 30, 20, 20, Color(0, 0, 1))]
        t.sublayers = subs
        let colours = fills(Compose.displayList(scene(100, 100, [t]))).compactMap { f -> Color? in
            if case .solid(let c) = f.paint { return c } else { return nil }
        }
        XCTAssertEqual(colours, [Color(0, 1, 0), Color(0, 0, 1), Color(1, 0, 0)])
        var plain = box(0, 0, 100, 100, .clear)
        plain.sublayers = subs
        let flat = fills(Compose.displayList(scene(100, 100, [plain]))).compactMap { f -> Color? in
            if case .solid(let c) = f.paint { return c } else { return nil }
        }
        XCTAssertEqual(flat, [Color(1, 0, 0), Color(0, 1, 0), Color(0, 0, 1)])
    }
}
