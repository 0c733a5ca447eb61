import XCTest
import CalcCore
@testable import Compiler

/// Emitter particles are drawn (docs/rendering.md, Particles), the last feature W0018 named, so the
/// warning is retired: an emitter layer, with cells or without, compiles without any diagnostic.
final class DrawnParticleTests: XCTestCase {
    func testEmitterLayersAreNotWarnedAbout() {
        for src in ["layer e: emitter { }\n",
                    "layer e: emitter { cell spark { contents: image(\"spark.png\") birthRate: 10 lifetime: 1s } }\n",
                    "layer e: emitter { renderMode: .additive cell a { birthRate: 5 cell b { birthRate: 2 contents: image(\"b.png\") } } }\n"] {
            let diags = Compiler.compile(SourceFile(name: "t.cal", text: src)).diagnostics
            XCTAssertFalse(diags.contains { $0.id == "W0018" }, src)
            XCTAssertEqual(diags.map(\.id), [], src)
        }
    }

    func testPreservesDepthTrueIsWarnedAsWithoutEffect() {
        // the renderer is 2D: W0022 where a declaration asks for depth, nothing for false
        let on = Compiler.compile(SourceFile(name: "t.cal", text: "layer e: emitter { preservesDepth: true }\n")).diagnostics
        XCTAssertEqual(on.map(\.id), ["W0022"])
        let off = Compiler.compile(SourceFile(name: "t.cal", text: "layer e: emitter { preservesDepth: false }\n")).diagnostics
        XCTAssertEqual(off.map(\.id), [])
    }
}
