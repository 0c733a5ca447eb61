// Lowering an emitter's particles to one sprite batch: placements, tints and order worked out by
// hand from the particle's position, scale and rotation (docs/rendering.md, Particles).

import CalcCore
import Compose
import DisplayList
import XCTest

final class ParticleComposeTests: XCTestCase {
    /// An emitter layer filling a w × h canvas whose cells are `cells` (name, contents) and whose live
    /// particles, in drawing order, are `particles`.
    func emitterScene(_ w: Double, _ h: Double, origin: Origin = .topLeft, mode: EmitterStyle.RenderMode = .unordered,
                      cells: [(String, String?)], _ particles: [EmitterStyle.Particle],
                      configure: (inout PresentationLayer) -> Void = { _ in }) -> PresentationScene {
        var e = EmitterStyle()
        e.renderMode = mode
        e.cells = cells.map { EmitterStyle.Cell(name: $0.0, contents: $0.1, contentsRect: Rect(0, 0, 1, 1)) }
        e.particles = particles
        var l = PresentationLayer(name: "e", bounds: Rect(0, 0, w, h), position: Point(w / 2, h / 2))
        l.kind = .emitter
        l.emitter = e
        configure(&l)
        return scene(w, h, origin: origin, [l])
    }

    func particle(_ x: Double, _ y: Double, scale: Double = 1, rotation: Double = 0, color: Color = .white,
                  cell: Int = 0, id: UInt64 = 0) -> EmitterStyle.Particle {
        EmitterStyle.Particle(position: Point(x, y), z: 0, scale: scale, rotation: rotation, color: color, cell: cell,
                              age: 0, lifetime: 1, id: id)
    }

    func testPlacementCentresTheScaledImageOnThePosition() {
        // a 4×2 image at scale 2 centred on (10, 6): its 8×4 picture spans x 6…14, y 4…8, so the
        // placement is [2 0 0 2 6 4]; colour (1, 0.5, 0, 0.5) premultiplied is (0.5, 0.25, 0, 0.5)
        // = #80400080
        let s = emitterScene(20, 12, cells: [("dot", "dot.png")], [particle(10, 6, scale: 2, color: Color(1, 0.5, 0, 0.5))])
        XCTAssertEqual(Compose.displayList(s, images: ["dot.png": ImageSize(width: 4, height: 2)]).text, """
        display 20x12 background #ffffffff
          sprites 1
            sprite "dot.png" source (0, 0, 4, 2) tint #80400080 [2 0 0 2 6 4]

        """)
    }

    func testRotationTurnsFromXTowardsYAboutTheCentre() {
        // a quarter turn: the image's x axis goes to +y (a = 0, b = 1), its y axis to −x (c = −1,
        // d = 0); the 4×2 image's centre (2, 1) must land on (10, 6): tx = 10 − (0·2 − 1·1) = 11,
        // ty = 6 − (1·2 + 0·1) = 4
        let s = emitterScene(20, 12, cells: [("dot", "dot.png")], [particle(10, 6, rotation: .pi / 2)])
        XCTAssertEqual(Compose.displayList(s, images: ["dot.png": ImageSize(width: 4, height: 2)]).text, """
        display 20x12 background #ffffffff
          sprites 1
            sprite "dot.png" source (0, 0, 4, 2) tint #ffffffff [0 1 -1 0 11 4]

        """)
    }

    func testImagesStayUprightInABottomLeftScene() {
        // bottom-left origin: the canvas map flips y (device y = 12 − y); the sprite's rows run down
        // the screen, so the placement in the layer has d = −1 and its top-left at layer (8, 7) →
        // device (8, 5): [1 0 0 1 8 5] after the flip (d = −1 · −1)
        let s = emitterScene(20, 12, origin: .bottomLeft, cells: [("dot", "dot.png")], [particle(10, 6)])
        XCTAssertEqual(Compose.displayList(s, images: ["dot.png": ImageSize(width: 4, height: 2)]).text, """
        display 20x12 background #ffffffff
          sprites 1
            sprite "dot.png" source (0, 0, 4, 2) tint #ffffffff [1 0 0 1 8 5]

        """)
    }

    func testOrderKeptAdditiveBlendsPlusLighterAndCellsWithoutContentsDrawNothing() {
        // three particles in drawing order (cell 1 has no contents, so the middle one is skipped),
        // renderMode additive: one batch, plus-lighter, the others in the order given
        let s = emitterScene(20, 12, mode: .additive, cells: [("a", "a.png"), ("b", nil)],
                             [particle(4, 4, id: 1), particle(6, 6, cell: 1, id: 2), particle(8, 8, color: Color(0, 0, 1), id: 3)])
        XCTAssertEqual(Compose.displayList(s, images: ["a.png": ImageSize(width: 2, height: 2)]).text, """
        display 20x12 background #ffffffff
          sprites 2 blend plusLighter
            sprite "a.png" source (0, 0, 2, 2) tint #ffffffff [1 0 0 1 3 3]
            sprite "a.png" source (0, 0, 2, 2) tint #0000ffff [1 0 0 1 7 7]

        """)
    }

    func testParticlesOffCanvasAreCulledAndOpacityGroupsTheBatch() {
        // the second particle is far off the 20×12 canvas and is dropped; the layer's opacity 0.5 does
        // not fold into the batch (overlapping sprites faded one by one would differ from the faded
        // whole), so the batch draws in a group: its box is the sprite's 2×2 quad at (3, 3) grown by
        // the border's one texel and a pixel of margin, (1, 1)-(7, 7)
        let s = emitterScene(20, 12, cells: [("a", "a.png")], [particle(4, 4), particle(500, 4), particle(5, 4)]) {
            $0.opacity = 0.5
        }
        XCTAssertEqual(Compose.displayList(s, images: ["a.png": ImageSize(width: 2, height: 2)]).text, """
        display 20x12 background #ffffffff
          group (1, 1)-(8, 7) opacity 0.5
            sprites 2
              sprite "a.png" source (0, 0, 2, 2) tint #ffffffff [1 0 0 1 3 3]
              sprite "a.png" source (0, 0, 2, 2) tint #ffffffff [1 0 0 1 4 3]
          end

        """)
    }

    func testALoneSpriteTakesTheOpacity() {
        let s = emitterScene(20, 12, cells: [("a", "a.png")], [particle(4, 4)]) { $0.opacity = 0.5 }
        XCTAssertEqual(Compose.displayList(s, images: ["a.png": ImageSize(width: 2, height: 2)]).text, """
        display 20x12 background #ffffffff
          sprites 1 alpha 0.5
            sprite "a.png" source (0, 0, 2, 2) tint #ffffffff [1 0 0 1 3 3]

        """)
    }

    func testContentsRectPicksPartOfTheImage() {
        // contentsRect (0.5, 0, 0.5, 1) of an 8×4 image is its right half: source (4, 0, 4, 4)
        var s = emitterScene(20, 12, cells: [("a", "a.png")], [particle(10, 6)])
        s.root.sublayers[0].emitter!.cells[0].contentsRect = Rect(0.5, 0, 0.5, 1)
        XCTAssertEqual(Compose.displayList(s, images: ["a.png": ImageSize(width: 8, height: 4)]).text, """
        display 20x12 background #ffffffff
          sprites 1
            sprite "a.png" source (4, 0, 4, 4) tint #ffffffff [1 0 0 1 8 4]

        """)
    }

    func testAManyParticleBatchPrintsASummary() {
        // 30 particles (more than 24) print as one summary line: the images and the box of the
        // placements' origins (x 0 … 29, y 5)
        let ps = (0..<30).map { particle(Double($0) + 1, 6, id: UInt64($0)) }
        let text = Compose.displayList(emitterScene(40, 12, cells: [("a", "a.png")], ps),
                                       images: ["a.png": ImageSize(width: 2, height: 2)]).text
        XCTAssertTrue(text.contains("sprites 30\n    {30 sprites of \"a.png\" placed in (0, 5)-(29, 5) #"), text)
    }
}
