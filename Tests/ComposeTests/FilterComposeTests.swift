// Lowering of filters, background filters and blend modes (Compose/Filters.swift): the display list a
// small scene must give, with group bounds worked out by hand in the comments (a drawing's device box
// has one pixel of margin; a blur of σ reaches ⌈3σ⌉ + 1 pixels).

import CalcCore
import Compose
import DisplayList
import XCTest

private func blur(_ r: Double) -> FilterState { FilterState(kind: .gaussianBlur, name: "g", inputs: [r]) }

final class FilterComposeTests: XCTestCase {
    func testFilteredLayerIsAGroupGrownByTheBlursReach() {
        // box (20, 20)–(60, 50) → device box (19, 19)–(61, 51); σ = 4 reaches 13 → (6, 6)–(74, 64);
        // a single drawing with filters is not dissolved
        let l = box(20, 20, 40, 30) { $0.filters = [blur(4)] }
        XCTAssertEqual(Compose.displayList(scene(100, 100, [l])).text, """
        display 100x100 background #ffffffff
          group (6, 6)-(74, 64) filters [gaussianBlur sigma (4, 4)]
            fill nonZero #ff0000ff {M 0 0 L 40 0 L 40 30 L 0 30 Z} [1 0 0 1 20 20]
          end

        """)
    }

    func testContentJustOutsideTheCanvasIsKeptForTheBlurToCarryIn() {
        // box (−30, 10)–(10, 30): device box (−31, 9)–(11, 31), kept to the canvas grown by the reach 13,
        // (−13, −13)–(113, 113): (−13, 9)–(11, 31); grown by 13 and kept to the same region:
        // (−13, −4)–(24, 44)
        let l = box(-30, 10, 40, 20) { $0.filters = [blur(4)] }
        XCTAssertEqual(Compose.displayList(scene(100, 100, [l])).text, """
        display 100x100 background #ffffffff
          group (-13, -4)-(24, 44) filters [gaussianBlur sigma (4, 4)]
            fill nonZero #ff0000ff {M 0 0 L 40 0 L 40 20 L 0 20 Z} [1 0 0 1 -30 10]
          end

        """)
        // a layer farther than the reach outside the canvas draws nothing
        let far = box(-60, 10, 40, 20) { $0.filters = [blur(4)] }
        XCTAssertEqual(Compose.displayList(scene(100, 100, [far])).ops, [])
    }

    func testRadiusIsCarriedIntoDevicePixelsPerAxis() {
        // scaled 2× along x: σ = 4 in the layer is 8 device pixels along x and 4 along y
        let l = box(20, 20, 40, 30) { $0.filters = [blur(4)]; $0.transform = .scale(2, 1, 1) }
        let text = Compose.displayList(scene(100, 100, [l])).text
        XCTAssertTrue(text.contains("filters [gaussianBlur sigma (8, 4)]"), text)
        // at scene scale 2 every radius doubles
        let root = PresentationLayer(name: "root", bounds: Rect(0, 0, 100, 100), position: Point(50, 50),
                                     sublayers: [box(20, 20, 40, 30) { $0.filters = [blur(4)] }])
        let s2 = PresentationScene(size: Size(100, 100), scale: 2, background: .white, origin: .topLeft, root: root)
        XCTAssertTrue(Compose.displayList(s2).text.contains("filters [gaussianBlur sigma (8, 8)]"))
    }

    func testEveryFilterKindResolvesWithItsInputsAndIdentitiesAreDropped() {
        let l = box(20, 20, 40, 30) {
            $0.filters = [FilterState(kind: .bloom, name: "b", inputs: [2, 0.7]),
                          FilterState(kind: .colorControls, name: "c", inputs: [0.5, 0.1, 1.2]),
                          FilterState(kind: .posterize, name: "p", inputs: [4]),
                          blur(0), FilterState(kind: .colorControls, name: "id", inputs: [1, 0, 1])]
        }
        XCTAssertTrue(Compose.displayList(scene(100, 100, [l])).text.contains(
            "filters [bloom sigma (2, 2) intensity 0.7, colorControls saturation 0.5 brightness 0.1 contrast 1.2, posterize levels 4]\n"))
        // only identities: no group at all
        let plain = box(20, 20, 40, 30) { $0.filters = [blur(0), FilterState(kind: .colorControls, name: "c", inputs: [1, 0, 1])] }
        XCTAssertEqual(Compose.displayList(scene(100, 100, [plain])).text, """
        display 100x100 background #ffffffff
          fill nonZero #ff0000ff {M 0 0 L 40 0 L 40 30 L 0 30 Z} [1 0 0 1 20 20]

        """)
    }

    func testBlendModeKeepsItsGroupEvenForOneDrawing() {
        let l = box(20, 20, 40, 30) { $0.compositingFilter = .multiply }
        XCTAssertEqual(Compose.displayList(scene(100, 100, [l])).text, """
        display 100x100 background #ffffffff
          group (19, 19)-(61, 51) blend multiply
            fill nonZero #ff0000ff {M 0 0 L 40 0 L 40 30 L 0 30 Z} [1 0 0 1 20 20]
          end

        """)
    }

    func testBackgroundFiltersComeBeforeTheLayerWithItsOpacity() {
        // the backdrop over the rounded bounds first, then the layer (its lone border, opacity folded in)
        let l = box(10, 10, 20, 20, .clear) {
            $0.backgroundFilters = [blur(2)]
            $0.opacity = 0.5
            $0.borderWidth = 1; $0.borderColor = Color(0, 0, 0)
        }
        XCTAssertEqual(Compose.displayList(scene(40, 40, [l])).text, """
        display 40x40 background #ffffffff
          backdrop [gaussianBlur sigma (2, 2)] nonZero {M 0 0 L 20 0 L 20 20 L 0 20 Z} [1 0 0 1 10 10] alpha 0.5
          fill evenOdd #00000080 {M 0 0 L 20 0 L 20 20 L 0 20 Z M 1 1 L 19 1 L 19 19 L 1 19 Z} [1 0 0 1 10 10]

        """)
    }

    func testAGroupHoldingABackdropIsNotDissolved() {
        // a translucent parent whose only drawing is a child's backdrop: the backdrop filters the
        // parent's own (isolated) surface, so the group must stay
        let child = box(2, 2, 10, 10, .clear) { $0.backgroundFilters = [blur(2)] }
        let parent = box(0, 0, 20, 20, .clear) { $0.opacity = 0.5; $0.sublayers = [child] }
        let text = Compose.displayList(scene(40, 40, [parent])).text
        XCTAssertTrue(text.contains("group (1, 1)-(13, 13) opacity 0.5\n    backdrop"), text)
    }
}
