import XCTest
import CalcCore
@testable import VM

/// Filters (their inputs in the presentation tree) and autoresizing masks; values worked out by hand.
final class FilterTests: XCTestCase {
    func testFiltersReachThePresentationTreeWithTheirInputs() throws {
        let tl = try timeline("""
        scene { size: (100, 100) duration: 4s }
        layer photo {
            bounds: (0, 0, 50, 50)
            filters: [gaussianBlur(name: "soft", inputRadius: 4), colorControls(inputSaturation: 0.2), posterize()]
            backgroundFilters: [bloom(inputIntensity: 0.8)]
            animations { b: basic { keyPath: filters.soft.inputRadius  to: 20  duration: 1s  timingFunction: .linear } }
        }
        at 2s {
            transaction(disableActions: true) { photo.filters.colorControls.inputBrightness = 0.3 }
        }
        at 3s { photo.filters = [bloom(name: "glow", inputRadius: 2)] }
        """)
        let f0 = tl.layer("photo", at: 0.5)
        XCTAssertEqual(f0.filters.map(\.name), ["soft", "colorControls", "posterize"])
        XCTAssertEqual(f0.filters[0].value("inputRadius") ?? -1, 12, accuracy: 1e-9)   // 4 → 20, halfway
        XCTAssertEqual(f0.filters[1].inputs, [0.2, 0, 1])                              // given, then defaults
        XCTAssertEqual(f0.filters[2], FilterState(kind: .posterize, name: "posterize", inputs: [6]))
        XCTAssertEqual(f0.backgroundFilters, [FilterState(kind: .bloom, name: "bloom", inputs: [10, 0.8])])
        XCTAssertEqual(tl.layer("photo", at: 1.5).filters[0].value("inputRadius"), 4, "the animation was removed; the model value shows")
        XCTAssertEqual(tl.layer("photo", at: 2.5).filters[1].value("inputBrightness"), 0.3)
        XCTAssertEqual(tl.layer("photo", at: 3.5).filters, [FilterState(kind: .bloom, name: "glow", inputs: [2, 0.5])])
    }

    func testAutoresizingFollowsTheSuperlayersModelSize() throws {
        let tl = try timeline("""
        scene { size: (400, 400) duration: 2s }
        layer panel {
            bounds: (0, 0, 200, 100)  position: (100, 50)
            layer stretch { frame: (10, 10, 100, 20)  autoresizingMask: [.widthSizable] }
            layer pinned { frame: (150, 60, 40, 30)  autoresizingMask: [.minXMargin, .minYMargin] }
            layer shared { frame: (20, 40, 60, 10)  autoresizingMask: [.minXMargin, .widthSizable, .maxXMargin] }
            layer fixed { frame: (5, 5, 10, 10) }
        }
        at 1s { transaction(disableActions: true) { panel.bounds.size = (260, 140) } }
        """)
        func frame(_ n: String) -> Rect {
            let l = tl.layer(n, at: 1.5)
            return Rect(l.position.x - l.bounds.size.width / 2, l.position.y - l.bounds.size.height / 2, l.bounds.size.width, l.bounds.size.height)
        }
        XCTAssertEqual(frame("stretch"), Rect(10, 10, 160, 20))      // width takes all 60
        XCTAssertEqual(frame("pinned"), Rect(210, 100, 40, 30))      // keeps its distance from the far edges
        XCTAssertEqual(frame("shared"), Rect(40, 40, 80, 10))        // 60 shared three ways
        XCTAssertEqual(frame("fixed"), Rect(5, 5, 10, 10))
    }
}
