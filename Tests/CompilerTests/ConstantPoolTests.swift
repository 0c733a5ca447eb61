// The constant pool merges equal constants only: paths and arrays by their content (their display
// text, "path(2 elements)", used to merge every two paths with as many elements).

import XCTest
import CalcCore
import Bytecode
@testable import Compiler

final class ConstantPoolTests: XCTestCase {
    func testPathsWithAsManyElementsStayApart() throws {
        let r = Compiler.compile(SourceFile(name: "t.cal", text: """
        layer a: shape { path: moveTo((20, 24)) + lineTo((60, 24)) }
        layer b: shape { path: moveTo((100, 24)) + lineTo((140, 24)) }
        layer c: shape { path: moveTo((20, 24)) + lineTo((60, 24)) }
        """))
        let p = try XCTUnwrap(r.program, "\(r.diagnostics)")
        func path(_ layer: Int) -> Value { p.constants[Int(p.layerTemplates[layer].properties[0].constant)] }
        XCTAssertEqual(path(0), .path(BezierPath([.move(Point(20, 24)), .line(Point(60, 24))])))
        XCTAssertEqual(path(1), .path(BezierPath([.move(Point(100, 24)), .line(Point(140, 24))])))
        // equal paths still share one constant
        XCTAssertEqual(p.layerTemplates[0].properties[0].constant, p.layerTemplates[2].properties[0].constant)
    }

    func testArraysByContent() {
        var pool = ConstantPool()
        let a = pool.index(.array([.number(0)])), b = pool.index(.array([.number(-0.0)]))
        let c = pool.index(.array([.path(BezierPath([.move(Point(1, 2))]))]))
        let d = pool.index(.array([.path(BezierPath([.move(Point(3, 4))]))]))
        XCTAssertNotEqual(a, b)
        XCTAssertNotEqual(c, d)
        XCTAssertEqual(pool.index(.array([.number(0)])), a)
        XCTAssertEqual(pool.values.count, 4)
    }
}
