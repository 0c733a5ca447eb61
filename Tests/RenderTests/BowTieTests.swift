// A path through a rectangle's four corners in crossed order is a bow tie, not the rectangle: the
// whole-pixel rectangle shortcuts (unmasked clips, batched rectangle fills) must not take it.

import CalcCore
import DisplayList
@testable import Render
import XCTest

final class BowTieTests: XCTestCase {
    /// M 0 0 L 20 0 L 0 20 L 20 20 Z: the triangles (0,0)-(20,0)-(10,10) and (0,20)-(20,20)-(10,10).
    private func bowTie() -> Path {
        var p = Path()
        p.move(to: Point(0, 0)); p.addLine(to: Point(20, 0)); p.addLine(to: Point(0, 20)); p.addLine(to: Point(20, 20))
        p.closeSubpath()
        return p
    }

    private func render(clipBowTie: Bool) -> Framebuffer {
        var l = DisplayList(width: 20, height: 20, background: .clear)
        var full = Path()
        full.addRect(Rect(0, 0, 20, 20))
        if clipBowTie {
            l.ops.append(.pushClip(ClipShape(path: l.add(bowTie()), rule: .nonZero, transform: .identity)))
            l.ops.append(.fill(Fill(path: l.add(full), rule: .nonZero, paint: .solid(Color(1, 0, 0, 1)), transform: .identity)))
        } else {
            l.ops.append(.fill(Fill(path: l.add(bowTie()), rule: .nonZero, paint: .solid(Color(1, 0, 0, 1)), transform: .identity)))
        }
        return Renderer().render(l)
    }

    func testABowTieClipIsNotTakenForItsBoundingRectangle() {
        let fb = render(clipBowTie: true)
        // inside the top triangle (pixel centre (10.5, 2.5)): red
        XCTAssertEqual(px(fb, 10, 2), [255, 0, 0, 255])
        // left middle (pixel centre (1.5, 10.5)) lies outside both triangles: untouched
        XCTAssertEqual(px(fb, 1, 10), [0, 0, 0, 0])
    }

    func testABowTieFillIsNotTakenForItsBoundingRectangle() {
        let fb = render(clipBowTie: false)
        XCTAssertEqual(px(fb, 10, 17), [255, 0, 0, 255])
        XCTAssertEqual(px(fb, 18, 10), [0, 0, 0, 0])
    }
}
