import XCTest
import CalcCore
import Compiler
import Bytecode
@testable import VM

/// Compiles CAL source and runs its timeline, failing the test on any error.
func timeline(_ source: String, until: Double? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> Timeline {
    let result = Compiler.compile(SourceFile(name: "test.cal", text: source))
    guard let program = result.program else {
        let text = result.diagnostics.map { $0.render(in: SourceFile(name: "test.cal", text: source)) }.joined()
        XCTFail("compile failed:\n\(text)", file: file, line: line)
        throw XCTSkip("compile failed")
    }
    return try Timeline.run(try Verifier.verified(program), until: until ?? program.scene.duration)
}

func samplePath(_ rel: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Samples").appendingPathComponent(rel).path
}

func sampleTimeline(_ rel: String) throws -> Timeline {
    let text = try String(contentsOfFile: samplePath(rel), encoding: .utf8)
    return try timeline(text)
}

extension PresentationLayer {
    func find(_ name: String) -> PresentationLayer? {
        if self.name == name { return self }
        for s in sublayers { if let f = s.find(name) { return f } }
        return nil
    }
}

extension Timeline {
    func layer(_ name: String, at t: Double) -> PresentationLayer {
        ((try? presentation(at: t))?.root.find(name)) ?? PresentationLayer(name: "<missing \(name)>")
    }
}
