import XCTest
import CalcCore
import Compiler
@testable import VM

/// `print(…)`: what handlers, functions and draw blocks print, with the scene time each ran at.
final class PrintTests: XCTestCase {
    func testHandlersAndFunctionsPrintWithTheirTime() throws {
        let tl = try timeline("""
        scene { size: (100, 100) fps: 4 duration: 1s }
        layer box { bounds: (0, 0, 10, 10) position: (20, 30) }
        func twice(x: number) -> number { print("twice", x)  return 2 * x }
        at 0.5s { print("at", time, box, box.position, twice(21), [1, 2], "done") }
        """)
        // (the function's line comes first: the call is evaluated before the handler's print runs)
        XCTAssertEqual(tl.printed.map(\.formatted), ["[0.5s] twice 21", "[0.5s] at 0.5 box (20, 30) 42 [1, 2] done"])
    }

    func testDrawBlocksPrintPerFrame() throws {
        let tl = try timeline("""
        scene { size: (100, 100) fps: 4 duration: 1s }
        layer box { bounds: (0, 0, 10, 10)  draw { print("w", self.bounds.size.width, time) } }
        """)
        // a draw block runs when its frame is presented, with that frame's time
        XCTAssertEqual(try tl.presentation(at: 0.25).printed.map(\.formatted), ["[0.25s] w 10 0.25"])
        XCTAssertEqual(try tl.presentation(at: 0.75).printed.map(\.formatted), ["[0.75s] w 10 0.75"])
        XCTAssertTrue(tl.printed.isEmpty)
    }

    func testPrintNeedsValues() {
        let source = SourceFile(name: "t.cal", text: """
        scene { size: (10, 10) duration: 1s }
        func f() { }
        at 0s { print(x: 1) print(f()) }
        """)
        let ids = Compiler.compile(source).diagnostics.map(\.id)
        XCTAssertEqual(ids, ["E0412", "E0311"])
    }
}
