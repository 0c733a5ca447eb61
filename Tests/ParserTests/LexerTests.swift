// The lexer's byte-level fast paths against simple references: keyword lookup without Strings, and
// number literals converted without Characters or strtod.

import XCTest
import CalcCore
@testable import Parser

final class LexerTests: XCTestCase {
    func kinds(_ text: String) -> [TokenKind] {
        Lexer.tokenize(SourceFile(name: "t.cal", text: text)).tokens.map(\.kind)
    }

    func testEveryKeywordAndNearMisses() {
        for (word, kind) in TokenKind.keywords {
            XCTAssertEqual(kinds(word), [kind, .eof], word)
            for near in [word + "s", String(word.dropLast()), "_" + word, word.uppercased(), word + "_1"] where TokenKind.keywords[near] == nil {
                XCTAssertEqual(kinds(near), [.identifier, .eof], near)
            }
        }
        XCTAssertEqual(kinds("transactionsXYZtransactionsXYZ"), [.identifier, .eof])
        XCTAssertEqual(kinds("a b_c d9"), [.identifier, .identifier, .identifier, .eof])
    }

    /// The Character-based split this file's byte path replaced, kept as the reference.
    func referenceNumber(_ text: String) -> (Double, String)? {
        var digits = "", unit = ""
        var inUnit = false
        for ch in text {
            if !inUnit, ch.isNumber || ch == "." || ch == "_" || ((ch == "e" || ch == "E") && !digits.isEmpty && !digits.contains("e")) || ((ch == "+" || ch == "-") && digits.last == "e") {
                if ch != "_" { digits.append(ch == "E" ? "e" : ch) }
            } else {
                inUnit = true
                unit.append(ch)
            }
        }
        if digits.hasSuffix("e") { digits.removeLast(); unit = "e" + unit }
        guard let v = Double(digits), v.isFinite else { return nil }
        return (v, unit)
    }

    func testNumbersMatchTheReference() {
        var cases = ["0", "1", "12", "0.5", ".5", "1_000", "1e3", "1E3", "2.5e-3", "1e+300", "1e400", "2s", "250ms",
                     "90deg", "1.5rad", "1em", "1e", "3ee", "1e+", "123456789012345", "1234567890123456",
                     "12345678901234567890", "0.000000000000001", "0.1", "0.3", "9007199254740993", "4.35",
                     "1.7976931348623157e308", "5e-324", "0.30000000000000004", "1_2.3_4s", "7_", "8.25x", "12_ms"]
        var seed: UInt64 = 42
        func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
        let alphabet = Array("0123456789._eE+-smdgrax")
        for _ in 0..<5000 {
            var s = String(alphabet[Int(next() % 10)])
            for _ in 0..<Int(next() % 24) { s.append(alphabet[Int(next() % UInt64(alphabet.count))]) }
            cases.append(s)
        }
        for text in cases {
            let bytes = Array(text.utf8)
            let got = Literals.number(bytes, 0, bytes.count), want = referenceNumber(text)
            XCTAssertEqual(got?.0.bitPattern, want?.0.bitPattern, text)
            XCTAssertEqual(got?.1, want?.1, text)
            XCTAssertEqual(Literals.number(text)?.0.bitPattern, want?.0.bitPattern, text)
        }
    }

    /// `isFilterList` compares a small string's words with `filters`; any representation agrees.
    func testIsFilterListInEveryRepresentation() {
        for name in ["filters", "backgroundFilters", "opacity", "filter", "filterz", "Filters", "filtersx", "", "compositingFilter"] {
            var native = String()
            native.reserveCapacity(64)   // native storage, not small
            native.append(contentsOf: name)
            let expected = FilterKey.lists.contains(name)
            XCTAssertEqual(Parser.isFilterList(name), expected, name)
            XCTAssertEqual(Parser.isFilterList(native), expected, name)
        }
    }
}
