import XCTest
import CalcCore
@testable import Compiler

/// Text is drawn (docs/rendering.md, Text), so W0018 no longer warns about it (and W0018 is
/// retired: DrawnParticleTests).
final class DrawnTextTests: XCTestCase {
    func testTextLayersAndDrawTextAreNotWarnedAbout() {
        let src = "layer t: text { string: \"hi\" }\nlayer d { bounds: (0, 0, 10, 10) draw { text(\"x\", at: (0, 8)) } }\n"
        let ids = Compiler.compile(SourceFile(name: "t.cal", text: src)).diagnostics.map(\.id)
        XCTAssertFalse(ids.contains("W0018"), "\(ids)")
    }
}
