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
