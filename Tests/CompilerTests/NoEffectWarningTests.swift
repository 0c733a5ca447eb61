import XCTest
import CalcCore
@testable import Compiler

/// Properties that compile into nothing visible are warned about (issue 12, acceptance 5): a
/// transform layer's own drawing properties (W0023), a rasterizationScale other than 1 (W0024), an
/// emitterZPosition other than 0 (W0025). The lists are Core Animation's CATransformLayer rules,
/// written out here by hand rather than read from the checker's table.
final class NoEffectWarningTests: XCTestCase {
    /// The diagnostics' ids, less W0028 (bare cells without contents, tested in CellContentsWarningTests).
    private func ids(_ src: String) -> [String] {
        Compiler.compile(SourceFile(name: "t.cal", text: src)).diagnostics.map(\.id).filter { $0 != "W0028" }
    }

    func testATransformLayersOwnDrawingPropertiesAreWarned() {
        let ignored = ["backgroundColor: #ff0000", "cornerRadius: 4", "borderWidth: 2", "borderColor: #000000",
                       "masksToBounds: true", "shadowColor: #000000", "shadowOpacity: 1", "shadowOffset: (2, 2)",
                       "shadowRadius: 4", "shadowPath: rectPath((0, 0, 4, 4))", "contentsGravity: .center",
                       "contentsRect: (0, 0, 0.5, 0.5)", "contentsCenter: (0, 0, 0.5, 0.5)", "contentsScale: 2",
                       "compositingFilter: .multiply", "filters: [gaussianBlur(inputRadius: 2)]",
                       "backgroundFilters: [gaussianBlur(inputRadius: 2)]", "shadowOffset.width: 3"]
        for p in ignored {
            XCTAssertEqual(ids("layer t: transform { \(p) }\n"), ["W0023"], p)
            // the same property on a plain layer draws, and is not warned about
            XCTAssertEqual(ids("layer t { \(p) }\n"), [], p)
        }
        XCTAssertEqual(ids("layer t: transform { mask { backgroundColor: #000000 } }\n"), ["W0023"])
    }

    func testWhatATransformLayerDoesHonourIsNotWarned() {
        // opacity reaches the sublayers; transforms and sublayerTransform place them; hidden and
        // doubleSided decide whether they draw
        for p in ["opacity: 0.5", "transform: rotate(30deg, .y)", "sublayerTransform: scale(0.5, 0.5, 1)",
                  "hidden: true", "doubleSided: false", "frame: (0, 0, 10, 10)", "zPosition: 3", "anchorPointZ: 4"] {
            XCTAssertEqual(ids("layer t: transform { \(p) }\n"), [], p)
        }
    }

    func testRasterizationScaleAndEmitterZPositionWarnOnlyAwayFromTheirNeutralValue() {
        XCTAssertEqual(ids("layer a { shouldRasterize: true rasterizationScale: 0.25 }\n"), ["W0024"])
        XCTAssertEqual(ids("layer a { rasterizationScale: 2 }\n"), ["W0024"])
        XCTAssertEqual(ids("layer a { shouldRasterize: true rasterizationScale: 1 }\n"), [])
        XCTAssertEqual(ids("layer e: emitter { emitterZPosition: -10 }\n"), ["W0025"])
        XCTAssertEqual(ids("layer e: emitter { emitterZPosition: 0 }\n"), [])
    }

    func testAHandlerDrawingOntoATransformLayerIsWarned() {
        // the receiver is a transform layer known by its global name
        XCTAssertEqual(ids("layer t: transform { }\nat 1s { t.backgroundColor = #ff0000 }\n"), ["W0023"])
        XCTAssertEqual(ids("layer t: transform { }\nat 1s { t.shadowOffset.width = 2 }\n"), ["W0023"])
        XCTAssertEqual(ids("layer t: transform { }\nat 1s { t.opacity = 0.5 }\n"), [])
        XCTAssertEqual(ids("layer t { }\nat 1s { t.backgroundColor = #ff0000 }\n"), [])
        // removing a mask draws nothing either way: no warning
        XCTAssertEqual(ids("layer t: transform { }\nat 1s { t.mask = none }\n"), [])
    }

    func testZSpreadsWarnUnlessParticlesAreSortedBackToFront() {
        // emitterDepth and a cell's zAcceleration move particles only in z, which only backToFront reads
        XCTAssertEqual(ids("layer e: emitter { emitterShape: .cuboid emitterDepth: 40 }\n"), ["W0026"])
        XCTAssertEqual(ids("layer e: emitter { cell s { zAcceleration: 10 } }\n"), ["W0026"])
        XCTAssertEqual(ids("layer e: emitter { renderMode: .additive emitterDepth: 40 }\n"), ["W0026"])
        XCTAssertEqual(ids("layer e: emitter { renderMode: .backToFront emitterDepth: 40 cell s { zAcceleration: 10 } }\n"), [])
        XCTAssertEqual(ids("layer e: emitter { emitterDepth: 0 cell s { zAcceleration: 0 } }\n"), [])
    }

    func testContentsUnderTheLayersOwnDrawingIsWarned() {
        func w27(_ src: String) -> [String] { ids(src).filter { $0 == "W0027" } }
        // a text layer draws its string into its contents (CATextLayer), whatever the string
        XCTAssertEqual(w27("layer t: text { contents: image(\"x.png\") }\n"), ["W0027"])
        XCTAssertEqual(w27("layer t: text { string: \"Hi\" contents: image(\"x.png\") }\n"), ["W0027"])
        // a draw block is the layer's content (drawLayer:inContext:), before or after `contents`
        XCTAssertEqual(w27("layer a { contents: image(\"x.png\") draw { } }\n"), ["W0027"])
        XCTAssertEqual(w27("layer a { draw { } contents: image(\"x.png\") }\n"), ["W0027"])
        // either alone shows, and is not warned about
        XCTAssertEqual(w27("layer a { contents: image(\"x.png\") }\n"), [])
        XCTAssertEqual(w27("layer a { draw { } }\n"), [])
        XCTAssertEqual(w27("layer t: text { string: \"Hi\" }\n"), [])
        // assigned in a handler to a text layer known by name (removing it is fine)
        XCTAssertEqual(w27("layer t: text { }\nat 1s { t.contents = image(\"x.png\") }\n"), ["W0027"])
        XCTAssertEqual(w27("layer t: text { }\nat 1s { t.contents = none }\n"), [])
        XCTAssertEqual(w27("layer a { }\nat 1s { a.contents = image(\"x.png\") }\n"), [])
        // a transform layer's contents are W0023's, not also W0027's
        XCTAssertEqual(w27("layer t: transform { contents: image(\"x.png\") draw { } }\n"), [])
        let d = Compiler.compile(SourceFile(name: "t.cal", text: "layer a {\n contents: image(\"x.png\")\n draw { }\n}\n"))
            .diagnostics.first { $0.id == "W0027" }
        XCTAssertEqual(d?.message, "'contents' has no effect on a layer with a draw block; the drawing shows")
        XCTAssertEqual(d?.notes, ["the draw block is on line 3"])
    }

    func testAMipmapBiasWarnsUnlessTheCellMinifiesTrilinearly() {
        // the bias moves only the mipmap level, which only trilinear minification reads
        let cell = "layer e: emitter { cell s { contents: image(\"x.png\") "
        XCTAssertEqual(ids(cell + "minificationFilterBias: 1 } }\n"), ["W0029"])
        XCTAssertEqual(ids(cell + "minificationFilter: .nearest  minificationFilterBias: -0.5 } }\n"), ["W0029"])
        XCTAssertEqual(ids(cell + "minificationFilter: .trilinear  minificationFilterBias: 1 } }\n"), [])
        XCTAssertEqual(ids(cell + "minificationFilterBias: 0 } }\n"), [])
        XCTAssertEqual(ids(cell + "magnificationFilter: .nearest } }\n"), [])
        // a filter the file sets elsewhere may be trilinear: silent
        XCTAssertEqual(ids(cell + "minificationFilterBias: 1 } }\nat 1s { e.emitterCells.s.minificationFilter = .trilinear }\n"), [])
    }

    /// The same rules for what a layer's style sets: a style is the layer's values where it has
    /// none of its own (Core Animation's `style` dictionary), so it draws nothing where they would not.
    func testWhatAStyleSetsIsWarnedLikeTheLayersOwn() {
        let boxy = "style boxy { backgroundColor: #ff0000  contents: image(\"x.png\") }\n"
        // a transform layer: one W0023 per ignored property the style sets, at `style:`
        let t = Compiler.compile(SourceFile(name: "t.cal", text: boxy + "layer t: transform { style: boxy }\n")).diagnostics.filter { $0.id == "W0023" }
        XCTAssertEqual(t.map(\.message), ["'backgroundColor' (set by style 'boxy') has no effect on a transform layer",
                                          "'contents' (set by style 'boxy') has no effect on a transform layer"])
        XCTAssertEqual(ids(boxy + "layer t { style: boxy }\n"), [])
        // contents from a style under a text layer or a draw block (W0027), not when the layer sets its own
        XCTAssertEqual(ids(boxy + "layer t: text { style: boxy }\n"), ["W0027"])
        XCTAssertEqual(ids(boxy + "layer a { style: boxy  draw { } }\n"), ["W0027"])
        XCTAssertEqual(ids(boxy + "layer a { style: boxy  contents: image(\"y.png\")  draw { } }\n"), ["W0027"])
        // the style's renderMode counts for W0026 unless the layer sets its own
        let sorted = "style sorted { renderMode: .backToFront }\n"
        XCTAssertEqual(ids(sorted + "layer e: emitter { emitterDepth: 40  style: sorted }\n"), [])
        XCTAssertEqual(ids(sorted + "layer e: emitter { emitterDepth: 40  style: sorted  renderMode: .oldestFirst }\n"), ["W0026"])
        XCTAssertEqual(ids("style plain { renderMode: .oldestFirst }\nlayer e: emitter { emitterDepth: 40  style: plain }\n"), ["W0026"])
    }
}
