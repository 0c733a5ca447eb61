import XCTest
import CalcCore
@testable import Compiler

/// W0028: an emitter cell that can never draw (no contents, no cells, contents set nowhere in the file).
final class CellContentsWarningTests: XCTestCase {
    private func ids(_ text: String) -> [String] {
        Compiler.compile(SourceFile(name: "t.cal", text: text)).diagnostics.map(\.id)
    }

    func testALeafCellWithoutContentsWarns() {
        XCTAssertEqual(ids("layer e: emitter { cell spark { birthRate: 5 } }\n"), ["W0028"])
    }

    func testContentsDeclaredOrSetElsewhereOrChildCellsSilenceIt() {
        // contents in the cell's own body
        XCTAssertEqual(ids("layer e: emitter { cell spark { birthRate: 5  contents: image(\"s.png\") } }\n"), [])
        // a cell that only carries its child's emitter: only the childless child is judged
        XCTAssertEqual(ids("layer e: emitter { cell rocket { birthRate: 1  cell spark { birthRate: 5 } } }\n"), ["W0028"])
        // contents set from a handler through the cell's key path
        XCTAssertEqual(ids("""
        layer e: emitter { cell spark { birthRate: 5 } }
        at 1s { e.emitterCells.spark.contents = image("s.png") }

        """), [])
    }
}
