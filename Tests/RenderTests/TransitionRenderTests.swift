// The cross-dissolve in pixels: a transition's fade must be old × (1 − p) + new × p in premultiplied
// space (Compose/Transition.swift), which source-over of two faded pictures cannot give. Expected
// values worked out by hand in the comments, with the 8-bit opacities k = round(255p) and 255 − k.

import CalcCore
import Compose
import DisplayList
import Render
import XCTest

final class TransitionRenderTests: XCTestCase {
    let r = Renderer()

    /// A 20×20 layer at (10, 10) in `new`, fading from its picture in `old` at progress `p`.
    private func fading(_ old: Color, _ new: Color, _ p: Double, _ configure: (inout PresentationLayer) -> Void = { _ in }) -> Framebuffer {
        var l = box(10, 10, 20, 20, new)
        configure(&l)
        l.transition = TransitionState(type: .fade, subtype: .fromRight, progress: p, from: [box(10, 10, 20, 20, old)])
        return r.render(scene(40, 40, [l]))
    }

    func testDissolveMixesThePicturesWithoutLettingTheBackgroundThrough() {
        // p = ½: k = 128. Red at 127/255 is (127, 0, 0, 127); blue at 128/255 added is (0, 0, 128, 128):
        // together (127, 0, 128, 255), opaque, so the white background does not show. (Source-over of
        // the two faded pictures would give (127, 64, 191): a quarter of the white coming through.)
        XCTAssertEqual(px(fading(Color(1, 0, 0), Color(0, 0, 1), 0.5), 20, 20), [127, 0, 128, 255])
        // p = 0.2: k = 51; red · 204/255 = 204, blue · 51/255 = 51
        XCTAssertEqual(px(fading(Color(1, 0, 0), Color(0, 0, 1), 0.2), 20, 20), [204, 0, 51, 255])
        XCTAssertEqual(px(fading(Color(1, 0, 0), Color(0, 0, 1), 0.5), 5, 5), white)
    }

    func testEqualPicturesStayStill() {
        // 127 + 128 = 255 of the same colour: a fade with no change shows no change
        for p in [0.1, 0.5, 0.9] {
            XCTAssertEqual(px(fading(Color(1, 0, 0), Color(1, 0, 0), p), 20, 20), red, "p = \(p)")
            // half-transparent red (128, 0, 0, 128) over white is (255, 127, 127); each half rounds
            // once, so within one level
            assertClose(px(fading(Color(1, 0, 0, 0.5), Color(1, 0, 0, 0.5), p), 20, 20), [255, 127, 127, 255], tolerance: 1, "p = \(p)")
        }
    }

    func testFadingToHiddenFadesOut() {
        // p = ¼: k = 64; the old red at 191/255 over white: (191 + 64, 64, 64)
        XCTAssertEqual(px(fading(Color(1, 0, 0), Color(0, 0, 1), 0.25) { $0.hidden = true }, 20, 20), [255, 64, 64, 255])
    }
}
