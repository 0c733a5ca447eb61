// Golden tests over Samples/: for every sample, the disassembly and the frames its
// `// snapshot: frames …` line names are compared with the files in the `__snapshots__/` folder
// beside it (pixels compared after decoding, exactly). Error samples under Samples/errors/ compare
// their rendered diagnostics. Run with CALC_RECORD=1 to re-record (then look at every PNG before
// committing it).

import XCTest
import Foundation
import CalcCore
import Compiler
import Bytecode
import VM
import Render

final class GoldenTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    var record: Bool { ProcessInfo.processInfo.environment["CALC_RECORD"] == "1" }

    func samples() -> [String] {
        let fm = FileManager.default
        let base = GoldenTests.root.appendingPathComponent("Samples").path
        let all = (fm.enumerator(atPath: base)?.allObjects as? [String]) ?? []
        return all.filter { $0.hasSuffix(".cal") && !$0.contains("__snapshots__") }.sorted().map { "Samples/" + $0 }
    }

    func snapshotPath(_ rel: String, _ suffix: String) -> String {
        let url = GoldenTests.root.appendingPathComponent(rel)
        let stem = url.deletingPathExtension().lastPathComponent
        return url.deletingLastPathComponent().appendingPathComponent("__snapshots__").appendingPathComponent(stem + suffix).path
    }

    /// Compares text with a snapshot file, or records it.
    func checkText(_ text: String, _ path: String, _ what: String) {
        let fm = FileManager.default
        if record {
            try? fm.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            fm.createFile(atPath: path, contents: Data(text.utf8))
            return
        }
        guard let data = fm.contents(atPath: path) else {
            XCTFail("missing snapshot \(path) for \(what); run with CALC_RECORD=1 to record it")
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != text {
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let a = text.split(separator: "\n", omittingEmptySubsequences: false)
            let i = Array(zip(e, a)).firstIndex { $0.0 != $0.1 } ?? min(e.count, a.count)
            XCTFail("\(what) differs from \(path) at line \(i + 1):\n- \(i < e.count ? e[i] : "<end>")\n+ \(i < a.count ? a[i] : "<end>")")
        }
    }

    func frameNumbers(_ source: String) -> [Int] {
        for line in source.split(separator: "\n") {
            guard let r = line.range(of: "// snapshot: frames") else { continue }
            return line[r.upperBound...].split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        return []
    }

    func testSamples() throws {
        let list = samples()
        XCTAssertGreaterThan(list.count, 3)
        for rel in list where !rel.hasPrefix("Samples/errors/") {
            let source = try String(contentsOf: GoldenTests.root.appendingPathComponent(rel), encoding: .utf8)
            let file = SourceFile(name: rel, text: source)
            let result = Compiler.compile(file)
            guard let program = result.program else {
                XCTFail("\(rel) does not compile:\n" + result.diagnostics.map { $0.render(in: file) }.joined())
                continue
            }
            XCTAssertNoThrow(try Verifier.verify(program), rel)
            // the bytecode file round-trips
            let bytes = BytecodeWriter.encode(program)
            XCTAssertEqual(try BytecodeReader.load(bytes), program, rel)
            checkText(Disassembler.disassemble(program), snapshotPath(rel, ".asm"), "disassembly of \(rel)")

            let frames = frameNumbers(source)
            XCTAssertFalse(frames.isEmpty, "\(rel) names no snapshot frames")
            let timeline = try Timeline.run(program, until: program.scene.duration)
            let renderer = Renderer()
            for i in frames {
                let fb = renderer.render(try timeline.presentation(at: timeline.frameTime(i)))
                let path = snapshotPath(rel, String(format: ".f%04d.png", i))
                if record {
                    try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                    FileManager.default.createFile(atPath: path, contents: Data(PNGEncoder.encode(fb, level: 9)))
                    continue
                }
                guard let data = FileManager.default.contents(atPath: path) else {
                    XCTFail("missing snapshot \(path); run with CALC_RECORD=1 to record it")
                    continue
                }
                let expected = try PNGDecoder.decode([UInt8](data))
                XCTAssertEqual(expected.width, fb.width, path)
                XCTAssertEqual(expected.height, fb.height, path)
                let differing = zip(expected.pixels, fb.pixels).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "\(differing) pixels differ from \(path)")
            }
        }
    }

    func testErrorSamples() throws {
        let list = samples().filter { $0.hasPrefix("Samples/errors/") }
        XCTAssertFalse(list.isEmpty)
        for rel in list {
            let data = try Data(contentsOf: GoldenTests.root.appendingPathComponent(rel))
            let file = SourceFile(name: rel, bytes: [UInt8](data))
            let result = Compiler.compile(file)
            XCTAssertTrue(result.hasErrors, "\(rel) should not compile")
            checkText(result.diagnostics.map { $0.render(in: file) }.joined(), snapshotPath(rel, ".diag"), "diagnostics of \(rel)")
        }
    }
}
