import XCTest
import CalcCore
@testable import VM
@testable import Compiler

/// A layer's own drawing replaces its `contents` image in every frame (docs/semantics.md, Content):
/// a draw block (drawLayer:inContext:, seeds 000:756) and a text layer's string (CATextLayer creates
/// the layer's content from it, 000:362). The presentation tree then names no image for the layer.
final class ContentsReplacedTests: XCTestCase {
    func testADrawBlockReplacesContentsAlsoInFramesWhereItDrawsNothing() throws {
        // the block draws a square only once `lit` passes 0.5 (linear 0 → 1 over 1 s, so from 0.5 s)
        let tl = try timeline("""
        scene { size: (64, 48) fps: 10 duration: 1s }
        property lit: number = 0
        layer a {
            frame: (8, 8, 48, 32)
            contents: image("badge.png")
            draw { if self.lit > 0.5 { fill(rectPath((0, 0, 24, 16)), #ff0000) } }
            animations { run: basic { keyPath: lit from: 0 to: 1 duration: 1s } }
        }
        layer plain { contents: image("badge.png") }
        """)
        let early = tl.layer("a", at: 0.2), late = tl.layer("a", at: 0.8)
        XCTAssertEqual(early.drawing, [], "the block draws nothing at 0.2 s")
        XCTAssertNil(early.contents.image, "an empty drawing still replaces the image")
        XCTAssertEqual(late.drawing.count, 1)
        XCTAssertNil(late.contents.image)
        // without a draw block the image shows
        XCTAssertEqual(tl.layer("plain", at: 0.2).contents.image, "badge.png")
    }

    func testATextLayersStringReplacesContents() throws {
        let tl = try timeline("""
        scene { size: (64, 48) duration: 1s }
        layer t: text { frame: (8, 8, 48, 32) contents: image("badge.png") string: "Hi" fontSize: 14 }
        layer blank: text { frame: (8, 8, 48, 32) contents: image("badge.png") }
        """)
        let t = tl.layer("t", at: 0)
        XCTAssertNil(t.contents.image)
        XCTAssertEqual(t.text?.string, "Hi", "the text still draws")
        XCTAssertNil(tl.layer("blank", at: 0).contents.image, "also with an empty string")
    }

    func testContentsAssignedInAHandlerIsNotDrawnOverADrawBlock() throws {
        // a handler sets contents on a layer with a draw block at 0.5 s: the presentation still
        // draws the block only
        let tl = try timeline("""
        scene { size: (64, 48) duration: 1s }
        layer a { frame: (0, 0, 10, 10) draw { fill(rectPath((0, 0, 4, 4)), #00ff00) } }
        at 0.5s { a.contents = image("badge.png") }
        """)
        XCTAssertNil(tl.layer("a", at: 0.8).contents.image)
        XCTAssertEqual(tl.layer("a", at: 0.8).drawing.count, 1)
    }
}
