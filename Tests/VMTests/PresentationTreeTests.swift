import XCTest
import CalcCore
@testable import VM

/// The presentation tree is built in place, each layer straight into its parent's array storage
/// (Presenter.presentationLayer(into:)). These check the tree's shape and order, and that a run-time
/// error deep in the tree, after siblings were already built, leaves nothing behind: the error
/// comes out and the next frame is whole.
final class PresentationTreeTests: XCTestCase {
    let source = """
    scene { size: (100, 100) duration: 1s }
    func fade(l: layer) { l.opacity = 0.5 }
    layer group {
        bounds: (0, 0, 50, 50)
        layer first { bounds: (0, 0, 10, 10) }
        layer middle {
            bounds: (0, 0, 20, 20)
            layer inner { bounds: (0, 0, 5, 5)  draw { if time > 0.5 { fade(self) } } }
            layer tail { bounds: (0, 0, 6, 6) }
        }
        layer last { bounds: (0, 0, 10, 12)  position: (30, 40) }
    }
    """

    func testTreeShapeAndValues() throws {
        let tl = try timeline(source)
        let root = try tl.presentation(at: 0.25).root
        // as declared: group under the root; first, middle, last under group; inner, tail under middle
        XCTAssertEqual(root.sublayers.map(\.name), ["group"])
        let group = root.sublayers[0]
        XCTAssertEqual(group.sublayers.map(\.name), ["first", "middle", "last"])
        XCTAssertEqual(group.sublayers[1].sublayers.map(\.name), ["inner", "tail"])
        // the values written in the source
        XCTAssertEqual(group.bounds, Rect(0, 0, 50, 50))
        XCTAssertEqual(group.sublayers[1].sublayers[1].bounds, Rect(0, 0, 6, 6))
        XCTAssertEqual(group.sublayers[2].bounds, Rect(0, 0, 10, 12))
        XCTAssertEqual(group.sublayers[2].position, Point(30, 40))
    }

    func testAnErrorDeepInTheTreeLeavesTheNextFrameWhole() throws {
        let tl = try timeline(source)
        // at 0.75 s inner's draw block calls fade, which may not change the scene (first and the
        // start of middle are built by then)
        XCTAssertThrowsError(try tl.presentation(at: 0.75)) { error in
            XCTAssertTrue("\(error)".contains("a draw block cannot change the scene"), "\(error)")
        }
        let again = try tl.presentation(at: 0.25).root
        XCTAssertEqual(again.sublayers.first?.sublayers.map(\.name), ["first", "middle", "last"])
        XCTAssertEqual(again.sublayers.first?.sublayers[1].sublayers.map(\.name), ["inner", "tail"])
    }
}
