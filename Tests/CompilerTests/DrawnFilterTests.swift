import XCTest
import CalcCore
@testable import Compiler

/// Filters, background filters and blend modes are drawn (docs/rendering.md, "Filters" and "Blend
/// modes"), so W0018 no longer warns about them, in a layer body or in an assignment; the additive
/// modes are names scripts may use.
final class DrawnFilterTests: XCTestCase {
    func testFiltersAndBlendModesAreNotWarnedAbout() {
        let src = """
        layer a { filters: [gaussianBlur(inputRadius: 2)]  backgroundFilters: [bloom()]  compositingFilter: .multiply }
        layer b { }
        at 1s { b.filters = [posterize()]; b.backgroundFilters = [colorControls()]; b.compositingFilter = .plusLighter }
        at 0.5s { a.compositingFilter = .plusDarker }

        """
        let diags = Compiler.compile(SourceFile(name: "t.cal", text: src)).diagnostics
        XCTAssertEqual(diags.map(\.id), [], "\(diags.map(\.message))")
    }
}
