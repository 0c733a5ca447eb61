import XCTest
import Bytecode
import CalcCore
@testable import VM
@testable import Compiler

/// Layer kinds, their properties in the presentation tree, masks and path values.
final class KindTests: XCTestCase {
    func testKindPropertiesReachThePresentationTree() throws {
        let tl = try timeline("""
        scene { size: (200, 200) duration: 2s }
        layer title: text { string: "Hello" fontSize: 24 foregroundColor: .red alignmentMode: .center isWrapped: true }
        layer star: shape {
            path: moveTo((0, 0)) + lineTo((10, 0)) + lineTo((5, 8)) + closePath()
            fillColor: .blue  strokeColor: .black  lineWidth: 2  lineCap: .round  lineDashPattern: [4, 2]  strokeEnd: 0.5
        }
        layer sky: gradient { colors: [.white, .blue] locations: [0, 1] startPoint: (0, 0) type: .radial }
        layer copies: replicator { instanceCount: 4 instanceTransform: translate(10, 0) instanceAlphaOffset: -0.25 }
        layer depth: transform { }
        """)
        let root = try tl.presentation(at: 0).root
        let t = try XCTUnwrap(root.find("title")?.text)
        XCTAssertEqual(t.string, "Hello")
        XCTAssertEqual(t.fontSize, 24)
        XCTAssertEqual(t.color, Color(1, 0, 0))
        XCTAssertEqual(t.alignment, .center)
        XCTAssertTrue(t.wrapped)
        let s = try XCTUnwrap(root.find("star")?.shape)
        XCTAssertEqual(s.path?.elements, [.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(5, 8)), .close])
        XCTAssertEqual(s.lineCap, .round)
        XCTAssertEqual(s.dashPattern, [4, 2])
        XCTAssertEqual(s.strokeEnd, 0.5)
        let g = try XCTUnwrap(root.find("sky")?.gradient)
        XCTAssertEqual(g.colors, [.white, Color(0, 0, 1)])
        XCTAssertEqual(g.type, .radial)
        XCTAssertEqual(g.startPoint, Point(0, 0))
        let r = try XCTUnwrap(root.find("copies")?.replicator)
        XCTAssertEqual(r.count, 4)
        XCTAssertEqual(r.offsets.3, -0.25)
        XCTAssertEqual(root.find("depth")?.kind, .transform)
        XCTAssertNil(root.find("depth")?.text)
    }

    func testShadowAndContentsOnAnyLayer() throws {
        let tl = try timeline("""
        scene { duration: 1s }
        layer a { shadowOpacity: 0.5 shadowRadius: 6 shadowOffset: (0, 4) contents: image("photo.png") contentsGravity: .resizeAspect }
        """)
        let a = tl.layer("a", at: 0)
        XCTAssertEqual(a.shadow.opacity, 0.5)
        XCTAssertEqual(a.shadow.offset, Size(0, 4))
        XCTAssertEqual(a.contents.image, "photo.png")
        XCTAssertEqual(a.contents.gravity, .resizeAspect)
    }

    func testMaskIsOutsideTheTreeButPresented() throws {
        let tl = try timeline("""
        scene { duration: 2s }
        layer card {
            bounds: (0, 0, 100, 100)
            layer inside { }
            mask shape { path: ellipsePath((0, 0, 100, 100)) opacity: 0.5 }
        }
        at 1s { transaction(animationDuration: 1s, animationTimingFunction: .linear) { card.opacity = 0 } }
        """)
        let card = tl.layer("card", at: 0)
        XCTAssertEqual(card.sublayers.map { $0.name }, ["inside"])
        XCTAssertEqual(card.mask.count, 1)
        XCTAssertEqual(card.mask.first?.kind, .shape)
        XCTAssertEqual(card.mask.first?.opacity, 0.5)
        XCTAssertEqual(card.mask.first?.shape?.path?.elements.count, 6)   // move, 4 quarter arcs, close
    }

    /// `mask: other` in a body and `layer.mask = other` / `= none` in a handler (CALayer's `mask`):
    /// the other layer leaves the tree it was in and becomes the mask.
    func testMaskSetFromAnotherLayerAndCleared() throws {
        let tl = try timeline("""
        scene { duration: 3s }
        layer dot { bounds: (0, 0, 10, 10) }
        layer ring { bounds: (0, 0, 20, 20) }
        layer card { bounds: (0, 0, 100, 100)  mask: dot }
        at 1s { card.mask = ring }
        at 2s { card.mask = none }
        """)
        let root0 = try tl.presentation(at: 0)
        XCTAssertEqual(root0.root.sublayers.map { $0.name }, ["ring", "card"])   // dot left the tree
        XCTAssertEqual(tl.layer("card", at: 0).mask.first?.name, "dot")
        XCTAssertEqual(tl.layer("card", at: 1.5).mask.first?.name, "ring")
        XCTAssertEqual(tl.layer("card", at: 2.5).mask.count, 0)
        let wrong = Compiler.compile(SourceFile(name: "t.cal", text: "layer b { mask: 3 }")).diagnostics.map { $0.id }
        XCTAssertEqual(wrong, ["E0300"])
    }

    func testGradientColorsAnimateElementwise() throws {
        let tl = try timeline("""
        scene { duration: 2s }
        layer g: gradient { colors: [#000000, #000000]
          animations { c: basic { keyPath: colors from: [#000000, #ffffff] to: [#ffffff, #000000] duration: 2s } } }
        """)
        let colors = try XCTUnwrap(tl.layer("g", at: 1).gradient?.colors)
        XCTAssertEqual(colors[0].r, 0.5, accuracy: 1e-9)
        XCTAssertEqual(colors[1].r, 0.5, accuracy: 1e-9)
    }

    func testPathShapes() throws {
        // a rounded rect: move, 4 edges, 4 quarter arcs, close
        let rr = BezierPath.roundedRect(Rect(0, 0, 100, 50), radius: 10)
        XCTAssertEqual(rr.elements.count, 10)
        XCTAssertEqual(rr.elements.first, .move(Point(10, 0)))
        // a quarter arc of radius 1 ends where it should, with the classic k = 4/3·tan(π/8)
        let arc = BezierPath.arcSegments(cx: 0, cy: 0, rx: 1, ry: 1, start: 0, end: .pi / 2, clockwise: true)
        guard case .cubic(let c1, _, let end) = arc[0] else { return XCTFail() }
        XCTAssertEqual(end.x, 0, accuracy: 1e-12)
        XCTAssertEqual(end.y, 1, accuracy: 1e-12)
        XCTAssertEqual(c1.y, 4.0 / 3.0 * tan(Double.pi / 8), accuracy: 1e-12)
        XCTAssertEqual(BezierPath.rect(Rect(0, 0, 2, 3)).elements,
                       [.move(Point(0, 0)), .line(Point(2, 0)), .line(Point(2, 3)), .line(Point(0, 3)), .close])
    }

    func testKindErrors() {
        func diag(_ src: String) -> [String] { Compiler.compile(SourceFile(name: "t.cal", text: src)).diagnostics.map { $0.id } }
        XCTAssertEqual(diag("layer a { string: \"x\" }"), ["E0233"])
        XCTAssertEqual(diag("layer a: text { }\nat 1s { a.path = rectPath((0, 0, 1, 1)) }"), ["E0233"])
        XCTAssertEqual(diag("mask { }"), ["E0234"])
        XCTAssertEqual(diag("layer e: emitter { }"), [], "emitter layers are supported (E0230 is retired)")
        XCTAssertEqual(diag("layer a { birthRate: 2 }"), ["E0233"])
    }

    func testKindErrorAtRunTimeForDynamicLayers() throws {
        let r = Compiler.compile(SourceFile(name: "t.cal", text: "scene { duration: 2s }\nlayer \"a\" { }\nat 1s { named(\"a\").string = \"x\" }"))
        XCTAssertThrowsError(try Timeline.run(try Verifier.verified(try XCTUnwrap(r.program)), until: 2)) { e in
            XCTAssertEqual((e as? RuntimeError)?.message, "a plain layer has no property 'string'")
        }
    }
}
