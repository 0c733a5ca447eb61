// Transitions lowered to display lists (Sources/Compose/Transition.swift): a 100×40 layer at
// (10, 20) changing from red to blue, each type at progress 0, ½ and 1, with the expected positions
// worked out by hand in the comments (slides by the width or height; the flip's corners from the
// definition of a turn about the centre seen at a distance of twice the width; the fold's
// reflection from q' = q − 2(n·q − s)n).

import CalcCore
@testable import Compose
import DisplayList
import XCTest

private let red = Color(1, 0, 0), blue = Color(0, 0, 1)

/// The 100×40 layer at (10, 20), blue, with a transition from its red picture at progress `p`.
private func changing(_ type: TransitionType, _ subtype: TransitionSubtype = .fromRight, _ p: Double,
                      from old: PresentationLayer? = box(10, 20, 100, 40, red),
                      _ configure: (inout PresentationLayer) -> Void = { _ in }) -> PresentationLayer {
    var l = box(10, 20, 100, 40, blue)
    configure(&l)
    l.transition = TransitionState(type: type, subtype: subtype, progress: p, from: old.map { [$0] } ?? [])
    return l
}

private func list(_ l: PresentationLayer, origin: Origin = .topLeft) -> DisplayList {
    Compose.displayList(scene(240, 80, origin: origin, [l]))
}

/// The colour and map of every fill, in order.
private func fills(_ d: DisplayList) -> [(Paint, Projective)] {
    d.ops.compactMap { if case .fill(let f) = $0 { return (f.paint, f.transform) } else { return nil } }
}

private let rectPath = "{M 0 0 L 100 0 L 100 40 L 0 40 Z}"
private func fillLine(_ colour: String, _ tx: Int, _ ty: Int) -> String {
    "  fill nonZero \(colour) \(rectPath) [1 0 0 1 \(tx) \(ty)]"
}

final class TransitionComposeTests: XCTestCase {
    // MARK: slides

    func testPushFromRightMovesBothPicturesByTheWidth() {
        // old at x offset −100p, new at 100(1 − p); the layer's origin is (10, 20)
        for (p, oldX, newX) in [(0.0, 10, 110), (0.5, -40, 60), (1.0, -90, 10)] {
            XCTAssertEqual(list(changing(.push, .fromRight, p)).text, """
            display 240x80 background #ffffffff
            \(fillLine("#ff0000ff", oldX, 20))
            \(fillLine("#0000ffff", newX, 20))

            """, "p = \(p)")
        }
    }

    func testSubtypesNameSidesOfTheLayersSpace() {
        // at p = ½ the old picture has moved half the way and the new one has half the way to go:
        // fromLeft → +x, fromTop → −y (it enters from maximum y), fromBottom → +y (from minimum y,
        // the top as drawn under the default origin: seed 002's push fromBottom enters from above)
        let cases: [(TransitionSubtype, (Int, Int), (Int, Int))] = [
            (.fromRight, (-40, 20), (60, 20)), (.fromLeft, (60, 20), (-40, 20)),
            (.fromTop, (10, 0), (10, 40)), (.fromBottom, (10, 40), (10, 0)),
        ]
        for (sub, old, new) in cases {
            XCTAssertEqual(list(changing(.push, sub, 0.5)).text, """
            display 240x80 background #ffffffff
            \(fillLine("#ff0000ff", old.0, old.1))
            \(fillLine("#0000ffff", new.0, new.1))

            """, "\(sub)")
        }
    }

    func testBottomLeftOriginKeepsTheSubtypesInLayerSpace() {
        // under origin: bottomLeft the canvas map is y' = 80 − y: push fromBottom at p = ½ puts the new
        // picture at layer y 20 − 20 = 0, i.e. device rows 80 − 40 … 80 − 0: it enters from the bottom
        // as drawn, the old one (layer y 40, rows 0 … 40) leaves through the top
        let d = list(changing(.push, .fromBottom, 0.5), origin: .bottomLeft)
        XCTAssertEqual(d.text, """
        display 240x80 background #ffffffff
          fill nonZero #ff0000ff \(rectPath) [1 0 0 -1 10 40]
          fill nonZero #0000ffff \(rectPath) [1 0 0 -1 10 80]

        """)
    }

    func testMoveInCoversAndRevealUncovers() {
        // moveIn: the old picture stays, the new one slides over it; reveal: the new one lies still
        // under the old one, which slides away
        for (p, offset) in [(0.0, 100), (0.5, 50), (1.0, 0)] {
            XCTAssertEqual(list(changing(.moveIn, .fromRight, p)).text, """
            display 240x80 background #ffffffff
            \(fillLine("#ff0000ff", 10, 20))
            \(fillLine("#0000ffff", 10 + offset, 20))

            """, "moveIn p = \(p)")
            XCTAssertEqual(list(changing(.reveal, .fromRight, p)).text, """
            display 240x80 background #ffffffff
            \(fillLine("#0000ffff", 10, 20))
            \(fillLine("#ff0000ff", 10 + offset - 100, 20))

            """, "reveal p = \(p)")
        }
    }

    func testSlidesAreNotClippedToTheBounds() {
        // seed 002:613: the copies are visible outside the layer unless a superlayer masks them
        let d = list(changing(.push, .fromRight, 0.5))
        XCTAssertFalse(d.ops.contains { if case .pushClip = $0 { return true } else { return false } })
    }

    func testTheEarlierPictureTakesTheLayersPlacement() {
        // the picture captured at (150, 0) is drawn where the layer is now, at (10, 20)
        let l = changing(.moveIn, .fromRight, 0.5, from: box(150, 0, 100, 40, red))
        XCTAssertEqual(list(l).text, """
        display 240x80 background #ffffffff
        \(fillLine("#ff0000ff", 10, 20))
        \(fillLine("#0000ffff", 60, 20))

        """)
    }

    func testNoEarlierPictureDrawsOnlyTheNewOne() {
        XCTAssertEqual(list(changing(.push, .fromRight, 0.5, from: nil)).text, """
        display 240x80 background #ffffffff
        \(fillLine("#0000ffff", 60, 20))

        """)
    }

    // MARK: fade

    func testFadeIsACrossDissolve() {
        XCTAssertEqual(list(changing(.fade, .fromRight, 0)).text, "display 240x80 background #ffffffff\n\(fillLine("#ff0000ff", 10, 20))\n")
        XCTAssertEqual(list(changing(.fade, .fromRight, 1)).text, "display 240x80 background #ffffffff\n\(fillLine("#0000ffff", 10, 20))\n")
        // at ½: one group (composited over the backdrop as a whole) holding the old picture at 127/255
        // (its lone fill takes the opacity: alpha 7f) and the new one added at 128/255 with
        // plus-lighter, so the two opacities add up to exactly 1; bounds: the layer's box ± 1 pixel
        XCTAssertEqual(list(changing(.fade, .fromRight, 0.5)).text, """
        display 240x80 background #ffffffff
          group (9, 19)-(111, 61)
            fill nonZero #ff00007f \(rectPath) [1 0 0 1 10 20]
            group (9, 19)-(111, 61) opacity 0.502 blend plusLighter
              fill nonZero #0000ffff \(rectPath) [1 0 0 1 10 20]
            end
          end

        """)
    }

    func testFadeToHiddenFadesTheOldPictureOut() {
        // the hidden-layer idiom: the new picture draws nothing, the old one is at 1 − p
        let d = list(changing(.fade, .fromRight, 0.25) { $0.hidden = true })
        // byte(0.25) = 64: the old picture at (255 − 64)/255 = 0.749, alpha byte 191 = bf
        XCTAssertEqual(d.text, """
        display 240x80 background #ffffffff
          fill nonZero #ff0000bf \(rectPath) [1 0 0 1 10 20]

        """)
    }

    // MARK: flip

    /// Where the flip puts bounds point (x, y) at angle θ for flipFromLeft: the point relative to the
    /// centre (50, 20) turned so that z = −(x − 50)·sin θ, seen from d = 200 (twice the width):
    /// scaled by 1/w, w = 1 − z/d, then placed at the layer's centre (60, 40).
    private func flipped(_ x: Double, _ y: Double, _ theta: Double) -> (Double, Double) {
        let rx = x - 50, ry = y - 20
        let w = 1 + rx * sin(theta) / 200
        return (60 + rx * cos(theta) / w, 40 + ry / w)
    }

    private func apply(_ m: Projective, _ x: Double, _ y: Double) -> (Double, Double) {
        let p = m.apply(x, y)
        return (p.x / p.w, p.y / p.w)
    }

    func testFlipTurnsTheOldPictureThenTheNewOneAboutTheCentre() throws {
        // p = ¼: the old picture at 45°; p = ¾: the new one at 135° − 180° = −45°
        for (p, colour, theta) in [(0.25, red, Double.pi / 4), (0.75, blue, -Double.pi / 4)] {
            let f = fills(list(changing(.flip, .fromLeft, p)))
            XCTAssertEqual(f.count, 1)
            let (paint, map) = try XCTUnwrap(f.first)
            XCTAssertEqual(paint, .solid(colour))
            for (x, y) in [(0.0, 0.0), (100.0, 0.0), (100.0, 40.0), (0.0, 40.0), (25.0, 10.0)] {
                let got = apply(map, x, y), want = flipped(x, y, theta)
                XCTAssertEqual(got.0, want.0, accuracy: 1e-9, "p \(p) (\(x), \(y))")
                XCTAssertEqual(got.1, want.1, accuracy: 1e-9, "p \(p) (\(x), \(y))")
            }
            // flipFromLeft: the left side comes forward first (taller than 40), then the right side;
            // the new picture is not mirrored (its left edge stays on the left)
            let left = apply(map, 0, 40).1 - apply(map, 0, 0).1, right = apply(map, 100, 40).1 - apply(map, 100, 0).1
            if p < 0.5 { XCTAssertGreaterThan(left, 40); XCTAssertLessThan(right, 40) } else { XCTAssertLessThan(left, 40); XCTAssertGreaterThan(right, 40) }
            XCTAssertLessThan(apply(map, 0, 20).0, apply(map, 100, 20).0)
        }
        // the ends are the flat pictures
        XCTAssertEqual(list(changing(.flip, .fromLeft, 0)).text, "display 240x80 background #ffffffff\n\(fillLine("#ff0000ff", 10, 20))\n")
        XCTAssertEqual(list(changing(.flip, .fromLeft, 1)).text, "display 240x80 background #ffffffff\n\(fillLine("#0000ffff", 10, 20))\n")
    }

    func testAnEarlierPictureOfAnotherSizeTurnsAboutTheSameAxis() throws {
        // the old picture is 60×40, its anchor (its centre) placed at the layer's centre (60, 40): its
        // point (x, y) is the layer's (x + 20, y), so the flip must put it where it puts that point
        let l = changing(.flip, .fromLeft, 0.25, from: box(0, 0, 60, 40, red))
        let (_, m) = try XCTUnwrap(fills(list(l)).first)
        for (x, y) in [(0.0, 0.0), (60.0, 40.0), (10.0, 30.0)] {
            let got = apply(m, x, y), want = flipped(x + 20, y, Double.pi / 4)
            XCTAssertEqual(got.0, want.0, accuracy: 1e-9, "(\(x), \(y))")
            XCTAssertEqual(got.1, want.1, accuracy: 1e-9, "(\(x), \(y))")
        }
    }

    func testFlipSubtypesBringTheNamedSideForwardAsDrawn() throws {
        // the edge that comes forward is drawn longer than the opposite one; flipFromTop brings the
        // top as drawn forward under either origin (device y grows downwards in both)
        func edges(_ sub: TransitionSubtype, _ origin: Origin) throws -> (top: Double, bottom: Double, left: Double, right: Double) {
            let (_, m) = try XCTUnwrap(fills(list(changing(.flip, sub, 0.2), origin: origin)).first)
            let c = [(0.0, 0.0), (100.0, 0.0), (100.0, 40.0), (0.0, 40.0)].map { apply(m, $0.0, $0.1) }
            let ys = c.map(\.1)
            let topIsMinY = (ys[0] + ys[1]) < (ys[2] + ys[3])
            let e01 = abs(c[1].0 - c[0].0), e32 = abs(c[2].0 - c[3].0)
            return (topIsMinY ? e01 : e32, topIsMinY ? e32 : e01, abs(c[3].1 - c[0].1), abs(c[2].1 - c[1].1))
        }
        for origin in [Origin.topLeft, .bottomLeft] {
            let l = try edges(.fromLeft, origin), r = try edges(.fromRight, origin)
            let t = try edges(.fromTop, origin), b = try edges(.fromBottom, origin)
            XCTAssertGreaterThan(l.left, l.right, "\(origin)")
            XCTAssertGreaterThan(r.right, r.left, "\(origin)")
            XCTAssertGreaterThan(t.top, t.bottom, "\(origin)")
            XCTAssertGreaterThan(b.bottom, b.top, "\(origin)")
        }
    }

    // MARK: curl

    func testCurlFoldGeometry() {
        let bounds = Rect(0, 0, 100, 40)
        let (sn, cs) = (sin(Double.pi / 9), cos(Double.pi / 9))
        // at ½ the line passes through the centre (the rectangle is symmetric about it)
        let g = Composer.curlGeometry(bounds, flipped: false, lifted: 0.5)
        let s = sn * 50 + cs * 20
        func mirror(_ q: Point) -> Point {
            let k = 2 * (sn * q.x + cs * q.y - s)
            return Point(q.x - k * sn, q.y - k * cs)
        }
        // the reflection fixes the line and sends the lifted corner (100, 40) to its mirror
        let r = g.reflection
        for q in [Point(100, 40), Point(0, 0), Point(50, 20)] {
            let got = r.apply(q.x, q.y), want = mirror(q)
            XCTAssertEqual(got.x, want.x, accuracy: 1e-9); XCTAssertEqual(got.y, want.y, accuracy: 1e-9)
        }
        // the flap lies in the bounds, on the flat side, and is the mirror of lifted bounds points
        XCTAssertGreaterThanOrEqual(g.flap.count, 3)
        for q in g.flap {
            XCTAssertTrue(q.x >= -1e-9 && q.x <= 100 + 1e-9 && q.y >= -1e-9 && q.y <= 40 + 1e-9, "\(q)")
            XCTAssertLessThanOrEqual(sn * q.x + cs * q.y, s + 1e-9)
            let m = mirror(q)
            XCTAssertGreaterThanOrEqual(sn * m.x + cs * m.y, s - 1e-9)
            XCTAssertTrue(m.x >= -1e-9 && m.x <= 100 + 1e-9 && m.y >= -1e-9 && m.y <= 40 + 1e-9, "\(m)")
        }
        // the flat clip is the side n·q ≤ s
        for q in g.flat { XCTAssertLessThanOrEqual(sn * q.x + cs * q.y, s + 1e-9) }
        // nothing lifted at 0, all at 1 (the line through the bottom-right, then the top-left corner)
        XCTAssertLessThan(Composer.curlGeometry(bounds, flipped: false, lifted: 0).flap.count, 3)
        // at 1, s = n·(0, 0) = 0 and the whole rectangle (n·q ≥ 0) is reflected to n·q ≤ 0, outside it
        let all = Composer.curlGeometry(bounds, flipped: false, lifted: 1)
        XCTAssertTrue(all.flap.count < 3 || all.flap.allSatisfy { abs(sn * $0.x + cs * $0.y) < 1e-9 })
        // under a bottom-left origin the bottom as drawn is minimum y: the normal's y turns round
        let bl = Composer.curlGeometry(bounds, flipped: true, lifted: 0.25)
        for q in bl.flat { XCTAssertLessThanOrEqual(sn * q.x - cs * q.y, sn * 100 - cs * 0 - 0.25 * (sn * 100 + cs * 40) + 1e-9) }
    }

    func testCurlUpDrawsTheNewPictureUnderTheFlatPageAndItsFlap() throws {
        let d = list(changing(.curlUp, .fromRight, 0.5))
        // the new picture first, whole; then the old one through the flat side's clip; then the flap:
        // a masked group with a shadow, the reflected old picture and the veil, its mask the
        // reflected old picture
        var kinds: [String] = []
        for op in d.ops {
            switch op {
            case .fill(let f): kinds.append(f.paint == .solid(blue) ? "new" : f.paint == .solid(red) ? "old" : "veil")
            case .pushClip: kinds.append("clip")
            case .popClip: kinds.append("unclip")
            case .beginGroup(let g): kinds.append(g.masked && g.shadow != nil ? "flap" : "group")
            case .beginMask: kinds.append("mask")
            case .endGroup: kinds.append("end")
            default: kinds.append("?")
            }
        }
        XCTAssertEqual(kinds, ["new", "clip", "old", "unclip", "flap", "clip", "old", "veil", "unclip", "mask", "old", "end"])
        // the reflected old picture: (100, 40) in the layer lands at its mirror + (10, 20)
        let olds = fills(d).filter { $0.0 == .solid(red) }
        let (sn, cs) = (sin(Double.pi / 9), cos(Double.pi / 9))
        let k = 2 * (sn * 100 + cs * 40 - (sn * 50 + cs * 20))
        let p = olds[1].1.apply(100, 40)
        XCTAssertEqual(p.x / p.w, 100 - k * sn + 10, accuracy: 1e-9)
        XCTAssertEqual(p.y / p.w, 40 - k * cs + 20, accuracy: 1e-9)
        // the ends are the flat pictures
        XCTAssertEqual(list(changing(.curlUp, .fromRight, 0)).text, "display 240x80 background #ffffffff\n\(fillLine("#ff0000ff", 10, 20))\n")
        XCTAssertEqual(list(changing(.curlUp, .fromRight, 1)).text, "display 240x80 background #ffffffff\n\(fillLine("#0000ffff", 10, 20))\n")
    }

    func testCurlDownIsACurlUpPlayedBackwardsWithThePicturesSwapped() {
        for p in [0.0, 0.3, 0.5, 0.8, 1.0] {
            let down = changing(.curlDown, .fromRight, p)
            let up = changing(.curlUp, .fromRight, 1 - p, from: box(10, 20, 100, 40, blue)) { $0.backgroundColor = red }
            XCTAssertEqual(list(down).text, list(up).text, "p = \(p)")
        }
    }

    // MARK: robustness

    func testDegenerateAndHostileTransitionsDrawSomethingSensible() {
        // a flip of a layer without area falls back to a fade (no division by a zero width)
        let flat = changing(.flip, .fromLeft, 0.3) { $0.bounds = Rect(0, 0, 0, 40); $0.sublayers = [box(0, 0, 10, 10, blue)] }
        XCTAssertTrue(list(flat).ops.contains { if case .beginGroup(let g) = $0 { return g.blend == .plusLighter } else { return false } })
        // NaN progress counts as 0: the old picture
        XCTAssertEqual(list(changing(.fade, .fromRight, .nan)).text, "display 240x80 background #ffffffff\n\(fillLine("#ff0000ff", 10, 20))\n")
        // a long chain of transitions, each added while the one before ran (each at progress 0, so
        // each shows its earlier picture): cut after maxNestedTransitions, the last picture drawn as
        // it ended — green, the layer at that level — instead of following the chain to the red end
        var chain = box(10, 20, 100, 40, red)
        for i in 0..<1000 {
            var next = box(10, 20, 100, 40, i == 1000 - 1 - Composer.maxNestedTransitions ? Color(0, 1, 0) : blue)
            next.transition = TransitionState(type: .fade, subtype: .fromRight, progress: 0, from: [chain])
            chain = next
        }
        XCTAssertEqual(list(chain).text, "display 240x80 background #ffffffff\n\(fillLine("#00ff00ff", 10, 20))\n")
    }

    // MARK: nested transform layers

    /// A transform layer at (10, 20), 100×40, holding one 100×40 face at its origin, inside an outer
    /// transform layer covering the canvas: the inner one has `face` (blue) now, `old` (red) before.
    private func nested(_ type: TransitionType, _ p: Double, hidden: Bool = false) -> PresentationLayer {
        let face = box(0, 0, 100, 40, blue)
        var inner = box(10, 20, 100, 40, .clear) { $0.kind = .transform; $0.sublayers = [face] }
        var old = inner
        old.sublayers = [box(0, 0, 100, 40, red)]
        inner.hidden = hidden
        inner.transition = TransitionState(type: type, subtype: .fromRight, progress: p, from: [old])
        return box(0, 0, 240, 80, .clear) { $0.kind = .transform; $0.sublayers = [inner] }
    }

    func testATransitionOnATransformLayerInsideAnotherIsDrawn() {
        // the same push as on a plain layer (testPushFromRightMovesBothPicturesByTheWidth): at p = ½ the
        // old face at x 10 − 50 = −40, the new one at 10 + 50 = 60. Before the fix the inner layer's
        // face joined the outer 3D space and only the new picture was drawn, at x 10.
        XCTAssertEqual(list(nested(.push, 0.5)).text, """
        display 240x80 background #ffffffff
        \(fillLine("#ff0000ff", -40, 20))
        \(fillLine("#0000ffff", 60, 20))

        """)
        // a fade to hidden still draws the old picture (the hidden inner layer is not skipped), at
        // opacity (255 − round(255 × ¼))/255 = 191/255, alpha byte bf, as on a plain layer
        XCTAssertEqual(list(nested(.fade, 0.25, hidden: true)).text, """
        display 240x80 background #ffffffff
        \(fillLine("#ff0000bf", 10, 20))

        """)
    }
}
