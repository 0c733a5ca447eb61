// Layer-tree semantics (SPEC §4.9–4.10) and anti-aliasing accuracy, checked against hand-computed values.

import CalcCore
import DisplayList
@testable import Render
import XCTest

final class RendererTests: XCTestCase {
    let r = Renderer()

    func testFramebufferSizeAndBackground() {
        let fb = r.render(scene(7, 5, background: Color(0, 0, 1, 0.5), scale: 2, []))
        XCTAssertEqual(fb.width, 14)
        XCTAssertEqual(fb.height, 10)
        // premultiplied: blue 255·0.5 = 127.5 → 128, alpha 128
        XCTAssertEqual(Set(fb.pixels), [PixelMath.pack(0, 0, 128, 128)])
    }

    func testAxisAlignedRectOnPixelGridIsExact() {
        let fb = r.render(scene(20, 20, [box(4, 5, 10, 6)]))
        for y in 0..<20 {
            for x in 0..<20 {
                let inside = (4..<14).contains(x) && (5..<11).contains(y)
                XCTAssertEqual(px(fb, x, y), inside ? red : white, "(\(x), \(y))")
            }
        }
    }

    func testHalfPixelEdgeGivesHalfCoverage() {
        // black rect from x = 10.5 to 20: column 10 is half covered.
        // black at coverage 128/255 over white: 255 · (255 − 128) / 255 = 127
        let fb = r.render(scene(24, 8, [box(10.5, 0, 9.5, 8, .black)]))
        for y in 0..<8 {
            assertClose(px(fb, 10, y), [127, 127, 127, 255], tolerance: 1)
            XCTAssertEqual(px(fb, 9, y), white)
            XCTAssertEqual(px(fb, 11, y), [0, 0, 0, 255])
            XCTAssertEqual(px(fb, 20, y), white)
        }
    }

    func testRotatedSquareArea() {
        // a 40 × 40 square turned 45° has area 1600
        let sq = box(30, 30, 40, 40) { $0.transform = .rotation(Double.pi / 4) }
        let fb = r.render(scene(100, 100, background: .clear, [sq]))
        XCTAssertEqual(coveredArea(fb), 1600, accuracy: 1600 * 0.005)
        // the centre is solid, a corner of the unrotated square is empty (it lies outside the diamond)
        XCTAssertEqual(px(fb, 50, 50), red)
        XCTAssertEqual(px(fb, 31, 31), [0, 0, 0, 0])
    }

    func testCircleArea() {
        // side 80, radius 40: a disc of area π · 40² ≈ 5026.5
        let disc = box(10, 10, 80, 80) { $0.cornerRadius = 40 }
        let fb = r.render(scene(100, 100, background: .clear, [disc]))
        XCTAssertEqual(coveredArea(fb), Double.pi * 1600, accuracy: Double.pi * 1600 * 0.005)
        // a radius larger than half the side is clamped: the same disc
        let clamped = box(10, 10, 80, 80) { $0.cornerRadius = 500 }
        XCTAssertEqual(r.render(scene(100, 100, background: .clear, [clamped])).pixels, fb.pixels)
    }

    func testCornerRadiusLeavesCornerPixelBackground() {
        // radius 10 at (10, 10)-(50, 50): pixel (10, 10)'s farthest-in corner (11, 11) is 12.7 from the
        // arc centre (20, 20), outside the arc; the pixel just inside the straight edge is filled
        let fb = r.render(scene(60, 60, [box(10, 10, 40, 40) { $0.cornerRadius = 10 }]))
        XCTAssertEqual(px(fb, 10, 10), white)
        XCTAssertEqual(px(fb, 49, 49), white)
        XCTAssertEqual(px(fb, 10, 30), red)
        XCTAssertEqual(px(fb, 30, 10), red)
    }

    func testBorderLiesInsideBounds() {
        // frame (10, 10)-(50, 40), border 3 px blue, no background: columns 10, 11, 12 are border,
        // 9 and 13 are background
        let l = box(10, 10, 40, 30, .clear) { $0.borderWidth = 3; $0.borderColor = Color(0, 0, 1) }
        let fb = r.render(scene(60, 50, [l]))
        for x in 10...12 { XCTAssertEqual(px(fb, x, 25), blue, "x \(x)") }
        XCTAssertEqual(px(fb, 9, 25), white)
        XCTAssertEqual(px(fb, 13, 25), white)
        XCTAssertEqual(px(fb, 49, 25), blue)
        XCTAssertEqual(px(fb, 50, 25), white)
        XCTAssertEqual(px(fb, 30, 39), blue)
        XCTAssertEqual(px(fb, 30, 40), white)
    }

    func testBorderDrawsOverBackgroundAndSublayers() {
        let child = box(0, 0, 40, 30, Color(0, 1, 0))
        let l = box(10, 10, 40, 30, Color(1, 0, 0)) {
            $0.borderWidth = 2; $0.borderColor = Color(0, 0, 1); $0.sublayers = [child]
        }
        let fb = r.render(scene(60, 50, [l]))
        XCTAssertEqual(px(fb, 10, 20), blue)          // border over the child
        XCTAssertEqual(px(fb, 20, 20), [0, 255, 0, 255]) // child over the background
    }

    func testMasksToBoundsClipsChild() {
        // parent frame (10, 10)-(30, 30); the child covers (0, 0)-(40, 40) in canvas space
        func make(_ masks: Bool) -> Framebuffer {
            let child = box(-10, -10, 40, 40, Color(0, 0, 1))
            let parent = box(10, 10, 20, 20, .clear) { $0.masksToBounds = masks; $0.sublayers = [child] }
            return r.render(scene(40, 40, [parent]))
        }
        let clipped = make(true), free = make(false)
        XCTAssertEqual(px(free, 5, 5), blue)
        XCTAssertEqual(px(clipped, 5, 5), white)
        XCTAssertEqual(px(clipped, 9, 20), white)
        XCTAssertEqual(px(clipped, 10, 20), blue)
        XCTAssertEqual(px(clipped, 29, 29), blue)
        XCTAssertEqual(px(clipped, 30, 29), white)
    }

    func testMasksToBoundsUsesRoundedBounds() {
        // radius 10 clip at (10, 10)-(50, 50): the child is cut at the corner like the background would be
        let child = box(-10, -10, 60, 60, Color(0, 0, 1))
        let parent = box(10, 10, 40, 40, .clear) { $0.masksToBounds = true; $0.cornerRadius = 10; $0.sublayers = [child] }
        let fb = r.render(scene(60, 60, [parent]))
        XCTAssertEqual(px(fb, 10, 10), white)
        XCTAssertEqual(px(fb, 30, 10), blue)
        XCTAssertEqual(px(fb, 30, 30), blue)
        // nested clips intersect: a child clip wider than its parent's does not widen it
        let inner = box(-20, -20, 80, 80, Color(0, 0, 1)) { $0.masksToBounds = true; $0.sublayers = [box(0, 0, 80, 80, Color(0, 1, 0))] }
        let outer = box(10, 10, 40, 40, .clear) { $0.masksToBounds = true; $0.cornerRadius = 10; $0.sublayers = [inner] }
        let fb2 = r.render(scene(60, 60, [outer]))
        XCTAssertEqual(px(fb2, 10, 10), white)
        XCTAssertEqual(px(fb2, 5, 30), white)
        XCTAssertEqual(px(fb2, 30, 30), [0, 255, 0, 255])
    }

    func testGroupOpacityDoesNotDarkenOverlap() {
        // two opaque red squares overlapping in (20, 20)-(30, 30), inside a group at opacity 0.5.
        // opacity byte round(127.5) = 128; red 255 · 128/255 = 128 over white: 128 + 127 = 255, 0 + 127
        let a = box(10, 10, 20, 20), b = box(20, 20, 20, 20)
        let group = box(0, 0, 50, 50, .clear) { $0.opacity = 0.5; $0.sublayers = [a, b] }
        let fb = r.render(scene(50, 50, [group]))
        let expected = [255, 127, 127, 255]
        XCTAssertEqual(px(fb, 25, 25), expected)     // overlap
        XCTAssertEqual(px(fb, 15, 15), expected)     // only a
        XCTAssertEqual(px(fb, 35, 35), expected)     // only b
        XCTAssertEqual(px(fb, 5, 5), white)
    }

    func testNestedGroupsAndGroupsUnderAClip() {
        // an inner group at 0.5 inside an outer group at 0.5: the overlap of the inner pair is uniform.
        // inner composite: red · 128/255 = (128, 0, 0, 128) into the outer layer; outer composite scales
        // it by 128 again: round(128 · 128 / 255) = 64 → over white: (64 + 191, 191, 191)
        let a = box(10, 10, 20, 20), b = box(20, 20, 20, 20)
        let inner = box(0, 0, 50, 50, .clear) { $0.opacity = 0.5; $0.sublayers = [a, b] }
        let outer = box(0, 0, 50, 50, .clear) { $0.opacity = 0.5; $0.sublayers = [inner, box(45, 45, 5, 5, Color(0, 0, 1))] }
        let fb = r.render(scene(50, 50, [outer]))
        XCTAssertEqual(px(fb, 25, 25), [255, 191, 191, 255])
        XCTAssertEqual(px(fb, 15, 15), [255, 191, 191, 255])
        // the same group clipped by a masking parent: nothing outside the clip, the overlap still uniform
        let clipper = box(0, 0, 22, 50, .clear) { $0.masksToBounds = true; $0.sublayers = [inner] }
        let fb2 = r.render(scene(50, 50, [clipper]))
        XCTAssertEqual(px(fb2, 21, 21), [255, 127, 127, 255])
        XCTAssertEqual(px(fb2, 15, 15), [255, 127, 127, 255])
        XCTAssertEqual(px(fb2, 25, 25), white)
    }

    func testLeafOpacityWithBorderIsAGroup() {
        // background red and border blue at opacity 0.5: the border pixel shows blue at 50 % over white,
        // not blue over red; the interior shows red at 50 %.
        let l = box(10, 10, 30, 30, Color(1, 0, 0)) { $0.opacity = 0.5; $0.borderWidth = 4; $0.borderColor = Color(0, 0, 1) }
        let fb = r.render(scene(50, 50, [l]))
        XCTAssertEqual(px(fb, 11, 25), [127, 127, 255, 255])
        XCTAssertEqual(px(fb, 25, 25), [255, 127, 127, 255])
        // the single-shape fast path gives the same colour as the group would
        let solo = box(10, 10, 30, 30, Color(1, 0, 0)) { $0.opacity = 0.5 }
        XCTAssertEqual(px(r.render(scene(50, 50, [solo])), 25, 25), [255, 127, 127, 255])
    }

    func testZPositionSortsSiblingsStably() {
        // blue comes first in the array but has the higher zPosition: it is drawn last
        let blueBox = box(10, 10, 20, 20, Color(0, 0, 1)) { $0.zPosition = 1 }
        let redBox = box(20, 20, 20, 20)
        XCTAssertEqual(px(r.render(scene(50, 50, [blueBox, redBox])), 25, 25), blue)
        // equal zPosition keeps array order: the later one wins
        let g = box(20, 20, 20, 20, Color(0, 1, 0)) { $0.zPosition = 1 }
        XCTAssertEqual(px(r.render(scene(50, 50, [blueBox, g, redBox])), 25, 25), [0, 255, 0, 255])
    }

    func testHiddenLayerAndSubtreeAreNotDrawn() {
        let child = box(0, 0, 5, 5, Color(0, 0, 1))
        let l = box(10, 10, 20, 20) { $0.hidden = true; $0.sublayers = [child] }
        let fb = r.render(scene(40, 40, [l]))
        XCTAssertEqual(Set(fb.pixels), [PixelMath.pack(255, 255, 255, 255)])
        let zero = box(10, 10, 20, 20) { $0.opacity = 0; $0.sublayers = [child] }
        XCTAssertEqual(Set(r.render(scene(40, 40, [zero])).pixels), [PixelMath.pack(255, 255, 255, 255)])
    }

    func testBottomLeftOriginFlipsCanvas() {
        // frame (0, 0)-(10, 10) is at the bottom-left of a 40 × 40 canvas with y up: rows 30…39
        let fb = r.render(scene(40, 40, origin: .bottomLeft, [box(0, 0, 10, 10)]))
        XCTAssertEqual(px(fb, 5, 35), red)
        XCTAssertEqual(px(fb, 5, 39), red)
        XCTAssertEqual(px(fb, 5, 29), white)
        XCTAssertEqual(px(fb, 5, 5), white)
        // a front-facing single-sided layer stays visible under the flip
        let single = box(0, 0, 10, 10) { $0.doubleSided = false }
        XCTAssertEqual(px(r.render(scene(40, 40, origin: .bottomLeft, [single])), 5, 35), red)
    }

    func testBoundsOriginShiftsSublayers() {
        // parent at frame (10, 10)-(30, 30) with bounds origin (10, 0): a child at position (15, 5)
        // (frame (10, 0)-(20, 10) in the parent's bounds space) appears at the parent's left edge
        let child = PresentationLayer(bounds: Rect(0, 0, 10, 10), position: Point(15, 5), backgroundColor: Color(0, 0, 1))
        var parent = box(10, 10, 20, 20, .clear) { $0.sublayers = [child] }
        parent.bounds.origin = Point(10, 0)
        let fb = r.render(scene(40, 40, [parent]))
        XCTAssertEqual(px(fb, 10, 10), blue)
        XCTAssertEqual(px(fb, 19, 19), blue)
        XCTAssertEqual(px(fb, 20, 10), white)
    }

    func testAnchorPointAndScaleTransform() {
        // anchor (0, 0) at position (10, 10), scaled 2×: covers (10, 10)-(30, 30)
        var l = PresentationLayer(bounds: Rect(0, 0, 10, 10), position: Point(10, 10), anchorPoint: Point(0, 0),
                                  transform: .scale(2, 2), backgroundColor: Color(1, 0, 0))
        l.name = "scaled"
        let fb = r.render(scene(40, 40, [l]))
        XCTAssertEqual(px(fb, 10, 10), red)
        XCTAssertEqual(px(fb, 29, 29), red)
        XCTAssertEqual(px(fb, 30, 30), white)
        XCTAssertEqual(px(fb, 9, 9), white)
    }

    func testSublayerTransformActsAboutAnchor() {
        // parent frame (0, 0)-(40, 40), anchor at its centre (20, 20); sublayerTransform scale 2
        // maps the child frame (15, 15)-(25, 25) to (10, 10)-(30, 30)
        let child = box(15, 15, 10, 10)
        let parent = box(0, 0, 40, 40, .clear) { $0.sublayerTransform = .scale(2, 2); $0.sublayers = [child] }
        let fb = r.render(scene(40, 40, [parent]))
        XCTAssertEqual(px(fb, 10, 10), red)
        XCTAssertEqual(px(fb, 29, 29), red)
        XCTAssertEqual(px(fb, 9, 20), white)
        XCTAssertEqual(px(fb, 30, 20), white)
    }

    func testRotationAboutYFlattensAndCullsBackFaces() {
        // 40 × 40 turned 60° about y with no perspective projects to 20 × 40: area 800
        let l = box(30, 30, 40, 40) { $0.transform = .rotation(Double.pi / 3, 0, 1, 0) }
        XCTAssertEqual(coveredArea(r.render(scene(100, 100, background: .clear, [l]))), 800, accuracy: 800 * 0.005)
        // turned 180° about y it shows its back: drawn when double-sided, culled otherwise
        let back = box(30, 30, 40, 40) { $0.transform = .rotation(Double.pi, 0, 1, 0) }
        XCTAssertEqual(px(r.render(scene(100, 100, [back])), 50, 50), red)
        var single = back
        single.doubleSided = false
        XCTAssertEqual(px(r.render(scene(100, 100, [single])), 50, 50), white)
    }

    func testPerspectiveEnlargesNearLayers() {
        // perspective d = 100 in the parent's sublayerTransform; a 20 × 20 child at zPosition 50 has
        // w = 1 − 50/100 = 0.5, so it appears twice as large about the parent's anchor: area 1600
        let child = box(40, 40, 20, 20) { $0.zPosition = 50 }
        let parent = box(0, 0, 100, 100, .clear) { $0.sublayerTransform = .perspective(100); $0.sublayers = [child] }
        let fb = r.render(scene(100, 100, background: .clear, [parent]))
        XCTAssertEqual(coveredArea(fb), 1600, accuracy: 1600 * 0.005)
        XCTAssertEqual(px(fb, 31, 31), red)
        XCTAssertEqual(px(fb, 29, 50), [0, 0, 0, 0])
    }

    func testPerspectiveBehindTheEyeDoesNotCrash() {
        // a layer rotated so part of it lies behind the eye (w ≤ 0) is clipped, not wrapped around
        let child = box(0, 0, 100, 100) { $0.transform = .rotation(1.3, 0, 1, 0) }
        let parent = box(0, 0, 100, 100, .clear) { $0.sublayerTransform = .perspective(20); $0.sublayers = [child] }
        let fb = r.render(scene(100, 100, [parent]))
        XCTAssertEqual(fb.pixels.count, 100 * 100)
    }

    /// A 100-point layer turned 1.3 rad about y under perspective(20): the half turning towards the
    /// viewer passes the eye plane at |u| = 20 / sin 1.3 ≈ 20.8 points from the axis. Its part in front
    /// of the eye spreads from the centre to the canvas edge on its side; the far half shrinks to
    /// the sliver x' = u·cos 1.3 / (1 + |u|·sin 1.3 / 20), within 4 points of the centre. Drawn
    /// without clipping, the part behind the eye (w < 0) would appear mirrored on the far side,
    /// between 10 and 40 points from the centre — those pixels must stay background.
    func testPerspectiveCutsWhatIsBehindTheEyeAndNeverMirrorsIt() {
        let child = box(0, 0, 100, 100) { $0.transform = .rotation(1.3, 0, 1, 0) }
        let parent = box(0, 0, 100, 100, .clear) { $0.sublayerTransform = .perspective(20); $0.sublayers = [child] }
        let fb = r.render(scene(100, 100, [parent]))
        let left = px(fb, 20, 50) == red, right = px(fb, 80, 50) == red
        XCTAssertTrue(left != right, "exactly one side is the near half")
        let far = left ? 1 : -1      // direction of the far side from the centre
        for d in 10...40 { XCTAssertEqual(px(fb, 50 + far * d, 50), white, "far side, \(d) from the centre") }
        for d in 10...45 { XCTAssertEqual(px(fb, 50 - far * d, 50), red, "near side, \(d) from the centre") }
    }

    func testScaleDoublesPixels() {
        let fb = r.render(scene(20, 20, scale: 2, [box(5, 5, 5, 5)]))
        XCTAssertEqual(fb.width, 40)
        XCTAssertEqual(px(fb, 10, 10), red)
        XCTAssertEqual(px(fb, 19, 19), red)
        XCTAssertEqual(px(fb, 20, 20), white)
        XCTAssertEqual(px(fb, 9, 9), white)
    }

    func testHostileValuesDoNotCrash() {
        let bad: [PresentationLayer] = [
            box(.nan, 0, 10, 10), box(0, 0, .infinity, 10), box(1e300, -1e300, 1e300, 5),
            box(0, 0, 10, 10) { $0.cornerRadius = .nan; $0.borderWidth = .infinity; $0.borderColor = .black },
            box(0, 0, 10, 10) { $0.opacity = .nan; $0.zPosition = .nan },
            box(0, 0, -10, -10) { $0.transform = .scale(0, 0) },
        ]
        let fb = r.render(scene(16, 16, bad))
        XCTAssertEqual(fb.pixels.count, 256)
        XCTAssertEqual(r.render(PresentationScene(size: Size(.nan, -3), scale: .infinity, background: .white, origin: .topLeft,
                                                  root: PresentationLayer())).pixels.count, 0)
    }

    func testEvenOddAndNonZeroOnSelfOverlappingPath() {
        // two clockwise squares (0,0)-(20,20) and (10,10)-(30,30): the overlap (10,10)-(20,20) has winding 2
        var p = Path()
        p.addRect(Rect(0, 0, 20, 20))
        p.addRect(Rect(10, 10, 20, 20))
        var nz = Framebuffer(width: 32, height: 32, fill: .white)
        r.fill(p, color: Color(0, 0, 1), rule: .nonZero, into: &nz)
        var eo = Framebuffer(width: 32, height: 32, fill: .white)
        r.fill(p, color: Color(0, 0, 1), rule: .evenOdd, into: &eo)
        XCTAssertEqual(px(nz, 15, 15), blue)
        XCTAssertEqual(px(eo, 15, 15), white)
        XCTAssertEqual(px(nz, 5, 5), blue)
        XCTAssertEqual(px(eo, 5, 5), blue)
        XCTAssertEqual(px(eo, 25, 25), blue)
        // a star drawn as one self-crossing pentagram: the centre pentagon has winding 2
        var star = Path()
        for k in 0..<5 {
            let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            let pt = Point(50 + 40 * cos(a), 50 + 40 * sin(a))
            if k == 0 { star.move(to: pt) } else { star.addLine(to: pt) }
        }
        star.closeSubpath()
        var s1 = Framebuffer(width: 100, height: 100, fill: .white)
        r.fill(star, color: .black, rule: .nonZero, into: &s1)
        var s2 = Framebuffer(width: 100, height: 100, fill: .white)
        r.fill(star, color: .black, rule: .evenOdd, into: &s2)
        XCTAssertEqual(px(s1, 50, 50), [0, 0, 0, 255])
        XCTAssertEqual(px(s2, 50, 50), white)
    }

    func testTallShapeIsSeamlessAcrossRasterBands() {
        // the rasterizer works in 256-row bands: a rect from y = 10.5 to 590.25 must have half coverage
        // in row 10, full coverage in every row 11…589 (including 255/256 and 511/512), a quarter in row 590
        var p = Path()
        p.addRect(Rect(2, 10.5, 12, 579.75))
        var fb = Framebuffer(width: 16, height: 600)
        r.fill(p, color: .black, into: &fb)
        XCTAssertEqual(Int(fb[5, 10] >> 24), 128)
        for y in 11...589 { XCTAssertEqual(fb[5, y] >> 24, 255, "row \(y)") }
        XCTAssertEqual(Int(fb[5, 590] >> 24), 64)
        XCTAssertEqual(fb[5, 591], 0)
        XCTAssertEqual(fb[1, 300], 0)
        XCTAssertEqual(fb[14, 300], 0)
    }

    func testPathCurvesAndAffineTransform() {
        // a full-circle arc of radius 20, scaled by (2, 1): an ellipse of area π · 40 · 20
        var p = Path()
        p.addArc(center: Point(0, 0), radius: 20, startAngle: 0, sweep: 2 * Double.pi)
        var fb = Framebuffer(width: 100, height: 60)
        r.fill(p, color: .black, transform: Affine2D.scale(2, 1).concat(.translation(50, 30)), into: &fb)
        XCTAssertEqual(coveredArea(fb), Double.pi * 800, accuracy: Double.pi * 800 * 0.005)
        // a quadratic from (0, 0) via (20, 40) to (40, 0), closed by the chord: area 2/3 · 40 · 20
        var q = Path()
        q.move(to: Point(0, 0)); q.addQuadCurve(to: Point(40, 0), control: Point(20, 40)); q.closeSubpath()
        var fq = Framebuffer(width: 50, height: 30)
        r.fill(q, color: .black, transform: .translation(5, 5), into: &fq)
        XCTAssertEqual(coveredArea(fq), 2.0 / 3 * 800, accuracy: 800 * 0.005)
        // a cubic from (0, 0) via (0, 30), (40, 30) to (40, 0): x = 120t² − 80t³, y = 90t(1 − t), so the
        // area under it is ∫ y dx = 90 · 240 · ∫ t²(1 − t)² dt = 21600 / 30 = 720
        var c = Path()
        c.move(to: Point(0, 0)); c.addCurve(to: Point(40, 0), control1: Point(0, 30), control2: Point(40, 30)); c.closeSubpath()
        var fc = Framebuffer(width: 50, height: 40)
        r.fill(c, color: .black, transform: .translation(5, 5), into: &fc)
        XCTAssertEqual(coveredArea(fc), 720, accuracy: 720 * 0.005)
    }
}

final class ShadowTests: XCTestCase {
    /// A 60×60 opaque black square on a clear canvas casting a shadow of opacity 1, σ = 4 px
    /// (shadowRadius 8), offset (0, 0): outside the square, along the middle of its right edge, the
    /// shadow's alpha at distance d from the edge is Φ(−d/σ) = ½·erfc(d / (σ√2)) of the colour's
    /// alpha, within the blur's documented error against a true Gaussian (docs/rendering.md, Blur: under 2/255 at an edge, plus rounding).
    func testShadowEdgeFollowsTheGaussianProfile() {
        var l = box(20, 20, 60, 60, .black)
        l.shadow.opacity = 1
        l.shadow.radius = 8
        l.shadow.offset = Size(0, 0)
        l.shadow.color = Color(0, 0, 1)
        let fb = Renderer().render(scene(120, 100, background: .clear, [l]))
        for d in [1, 2, 4, 6, 8, 10] {
            let x = 80 + d                    // pixel centre at d + 0.5 from the edge at x = 80
            let expected = 0.5 * erfc((Double(d) + 0.5) / (4 * 2.0.squareRoot())) * 255
            let a = Double(fb[x, 50] >> 24)
            XCTAssertEqual(a, expected, accuracy: 2.5, "distance \(d): \(a) against \(expected)")
            // the shadow is blue: only the blue channel carries it (premultiplied)
            XCTAssertEqual(Double((fb[x, 50] >> 16) & 0xFF), a, accuracy: 1)
        }
        // inside, the square covers its own shadow: opaque black
        XCTAssertEqual(px(fb, 50, 50), [0, 0, 0, 255])
    }

    /// A shadow of a huge shape, mostly off the canvas (12 000 px square: a whole sprite would be
    /// 144 M pixels, past the 2^26 a sprite may have, and was not drawn at all): only the part the
    /// canvas sees is made, and along the shape's left edge the shadow still follows Φ(−d/σ) as in
    /// the test above, with σ = 4 px (shadowRadius 8).
    func testAHugeShapesShadowIsMadeOnlyWhereItIsSeen() {
        var l = box(60, -6000, 12_000, 12_000, .black)
        l.shadow.opacity = 1
        l.shadow.radius = 8
        l.shadow.offset = Size(0, 0)
        l.shadow.color = Color(0, 0, 1)
        let fb = Renderer().render(scene(100, 40, background: .clear, [l]))
        for d in [1, 2, 4, 6, 8, 10] {
            let x = 59 - d                    // pixel centre at d + 0.5 left of the edge at x = 60
            let expected = 0.5 * erfc((Double(d) + 0.5) / (4 * 2.0.squareRoot())) * 255
            let a = Double(fb[x, 20] >> 24)
            XCTAssertEqual(a, expected, accuracy: 2.5, "distance \(d): \(a) against \(expected)")
            XCTAssertEqual(Double((fb[x, 20] >> 16) & 0xFF), a, accuracy: 1)
        }
        XCTAssertEqual(px(fb, 80, 20), [0, 0, 0, 255])
        // a 200 × 240 square that agrees with the huge one over the canvas and 100 px around it is
        // made whole: the same pixels, but for the blur's tail beyond 3σ (at most 1/255)
        var small = box(60, -100, 200, 240, .black)
        small.shadow = l.shadow
        let reference = Renderer().render(scene(100, 40, background: .clear, [small]))
        var largest = 0
        for y in 0..<40 { for x in 0..<100 {
            let p = px(fb, x, y), q = px(reference, x, y)
            for c in 0..<4 { largest = max(largest, abs(p[c] - q[c])) }
        } }
        XCTAssertLessThanOrEqual(largest, 1)
    }

    /// The same under a perspective: a 12 000 px square turned 0.005 rad about y under perspective
    /// 20 000, its left edge in view (about x = 51 or 69, depending on the turn's sense). Its whole
    /// sprite would pass 2^26 pixels and was not drawn; the part the canvas maps back to is, so pure
    /// shadow pixels (blue, premultiplied: blue equal to alpha) lie left of the edge.
    func testAHugeShapesShadowUnderPerspectiveIsDrawn() {
        let child = box(60, -6000, 12_000, 12_000, .black) {
            $0.transform = .rotation(0.005, 0, 1, 0)
            $0.shadow.opacity = 1
            $0.shadow.radius = 8
            $0.shadow.offset = Size(0, 0)
            $0.shadow.color = Color(0, 0, 1)
        }
        let parent = box(0, 0, 100, 40, .clear) { $0.sublayerTransform = .perspective(20_000); $0.sublayers = [child] }
        let fb = Renderer().render(scene(100, 40, background: .clear, [parent]))
        let shadowPixels = (0..<100).filter { x in
            let p = px(fb, x, 20)
            return p[2] >= 10 && p[3] < 255 && abs(p[2] - p[3]) <= 1 && p[0] == 0 && p[1] == 0
        }
        // σ = 4: from about 90/255 next to the edge to under 10/255 some 7 pixels out, falling
        XCTAssertGreaterThanOrEqual(shadowPixels.count, 5, "\(shadowPixels)")
        let alphas = shadowPixels.map { px(fb, $0, 20)[3] }
        XCTAssertEqual(alphas, alphas.sorted(), "\(alphas)")
        XCTAssertEqual(px(fb, 99, 20), [0, 0, 0, 255])          // the square itself, opaque black
    }

    /// A 100-point square turned 1.5 rad about x under perspective 52: its near edge comes within
    /// about 2 points of the eye (about 27 pixels a point there), and the plane's horizon crosses the
    /// canvas, so the view cannot be mapped back to cut the sprite. Made whole at the near edge's
    /// scale its sprite would be about 11 M pixels; it is made at a lower scale that fits 4 M (σ = 4,
    /// so still far above 4 pixels per σ) and the shadow is drawn.
    func testAShadowSpriteUnderAStrongPerspectiveFitsItsBudget() {
        let child = box(0, 0, 100, 100, .black) {
            $0.transform = .rotation(1.5, 1, 0, 0)
            $0.shadow.opacity = 1
            $0.shadow.radius = 8
            $0.shadow.offset = Size(0, 0)
            $0.shadow.color = Color(0, 0, 1)
        }
        let parent = box(0, 0, 100, 100, .clear) { $0.sublayerTransform = .perspective(52); $0.sublayers = [child] }
        let renderer = Renderer()
        let fb = renderer.render(scene(100, 100, background: .clear, [parent]))
        let counts = renderer.sprites.pixelCounts
        XCTAssertFalse(counts.isEmpty)
        XCTAssertLessThanOrEqual(counts.max() ?? 0, Execution.wholeSpriteLimit)
        // the shadow is drawn: the picture differs from the same square without one only by blue
        // (the shadow's colour) where the square's edge leaves it uncovered
        var plain = child
        plain.shadow.opacity = 0
        var without = parent
        without.sublayers = [plain]
        let bare = Renderer().render(scene(100, 100, background: .clear, [without]))
        let changed = (0..<fb.pixels.count).filter { fb.pixels[$0] != bare.pixels[$0] }
        XCTAssertGreaterThan(changed.count, 20)
        XCTAssertTrue(changed.allSatisfy { fb.pixels[$0] & 0xFFFF == 0 }, "only blue and alpha change")
    }

    /// A shadow of a known shape is drawn from a cached, blurred sprite; the sprite depends only on
    /// the shape, σ and scale, so a renderer that has drawn the frame before gives the same bytes
    /// as a new one, and moving the layer by whole pixels moves the shadow's pixels exactly.
    func testCachedShadowSpritesGiveTheSamePixels() {
        func frame(_ x: Double, _ r: Renderer) -> Framebuffer {
            var l = box(x, 20, 30, 20, Color(1, 0, 0)) { $0.cornerRadius = 5 }
            l.shadow.opacity = 0.8
            l.shadow.radius = 6
            l.transform = .rotation(0.3)
            return r.render(scene(100, 70, background: .white, [l]))
        }
        let warm = Renderer()
        _ = frame(20, warm)
        XCTAssertEqual(frame(20, warm).pixels, frame(20, Renderer()).pixels)
        let a = frame(20, Renderer()), b = frame(27, Renderer())
        for y in 0..<70 {
            for x in 0..<60 { XCTAssertEqual(a[x, y], b[x + 7, y], "(\(x), \(y))") }
        }
    }
}
