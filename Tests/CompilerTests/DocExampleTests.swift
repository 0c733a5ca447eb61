// Every ```cal example in docs/language.md compiles without errors, so the reference cannot drift
// from the compiler. Examples that use hello.cal's layers (card, badge, dot) without declaring
// them are compiled after that sample, as the page says.

import XCTest
import CalcCore
@testable import Compiler

final class DocExampleTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The page's ```cal blocks with the line each starts on.
    static func examples() throws -> [(line: Int, text: String)] {
        let page = try String(contentsOf: root.appendingPathComponent("docs/language.md"), encoding: .utf8)
        var out: [(Int, String)] = []
        var current: [Substring]? = nil
        var start = 0
        for (i, line) in page.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if current == nil, line == "```cal" {
                current = []
                start = i + 2
            } else if let lines = current, line.hasPrefix("```") {
                out.append((start, lines.joined(separator: "\n") + "\n"))
                current = nil
            } else if current != nil {
                current?.append(line)
            }
        }
        return out
    }

    func testExtractionFindsTheExamples() throws {
        let examples = try Self.examples()
        // the page has a couple of dozen examples; a broken fence would lose most of them
        XCTAssertGreaterThan(examples.count, 15)
        XCTAssertTrue(examples[0].text.hasPrefix("scene {"), examples[0].text)
    }

    func testEveryExampleCompiles() throws {
        let hello = try String(contentsOf: Self.root.appendingPathComponent("Samples/basics/hello.cal"), encoding: .utf8)
        let usesHello = try NSRegularExpression(pattern: #"\b(card|badge|dot)\."#)
        for (line, text) in try Self.examples() {
            let range = NSRange(text.startIndex..., in: text)
            let declares = text.contains("layer card") || text.contains("layer dot")
            let source = !declares && usesHello.firstMatch(in: text, range: range) != nil ? hello + "\n" + text : text
            let file = SourceFile(name: "language.md:\(line)", bytes: Array(source.utf8))
            let errors = Compiler.compile(file).diagnostics.filter { $0.severity == .error }
            XCTAssertEqual(errors.map { $0.render(in: file) }, [], "the example at docs/language.md line \(line)")
        }
    }

    func testAnExampleWithAnErrorIsCaught() {
        // the check above can fail: a misspelt property is an error
        let file = SourceFile(name: "x", bytes: Array("layer a { opactiy: 1 }\n".utf8))
        XCTAssertFalse(Compiler.compile(file).diagnostics.filter { $0.severity == .error }.isEmpty)
    }
}
