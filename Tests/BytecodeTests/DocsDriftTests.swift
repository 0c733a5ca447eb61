// docs/bytecode.md mirrors Opcode.swift (STYLE: "a test fails when the two drift"). This test reads
// both files from the source tree, found relative to #filePath: the opcode table must list
// `Opcode.allCases` in order with their numbers, names, operand formats and the `///` semantics line
// of each case, verbatim; the field, property, component, limit, header, section and constant-tag
// tables must match the code too.

import CalcCore
import Foundation
import XCTest
@testable import Bytecode

final class DocsDriftTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func read(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The rows of the Markdown table whose header line is exactly `header`, cells trimmed and
    /// unwrapped from backticks.
    func table(_ header: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[String]] {
        let lines = try read("docs/bytecode.md").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: header) else {
            XCTFail("docs/bytecode.md has no table headed \(header)", file: file, line: line)
            return []
        }
        var rows: [[String]] = []
        for l in lines[(start + 2)...] {
            guard l.hasPrefix("|") else { break }
            let cells = l.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            rows.append(cells.map { cell in
                let t = cell.trimmingCharacters(in: .whitespaces)
                return t.count >= 2 && t.hasPrefix("`") && t.hasSuffix("`") ? String(t.dropFirst().dropLast()) : t
            })
        }
        return rows
    }

    /// Case name → its `///` line, read from the Opcode enum in Opcode.swift.
    func semanticsFromSource() throws -> [(String, String?)] {
        let source = try read("Sources/Bytecode/Opcode.swift")
        guard let start = source.range(of: "public enum Opcode") else { XCTFail("no Opcode enum"); return [] }
        var out: [(String, String?)] = []
        var doc: String?
        for raw in source[start.upperBound...].split(separator: "\n") {
            if raw.hasPrefix("}") { break }
            let l = raw.trimmingCharacters(in: .whitespaces)
            if l.hasPrefix("/// ") {
                doc = String(l.dropFirst(4))
            } else if l.hasPrefix("case ") {
                let name = l.dropFirst(5).prefix { $0.isLetter || $0.isNumber }
                out.append((String(name), doc))
                doc = nil
            }
        }
        return out
    }

    func notation(_ k: OperandKind) -> String {
        switch k {
        case .unused: return "-"
        case .reg: return "R"
        case .regRange(let n): return "R×\(n)"
        case .imm: return "imm"
        case .const: return "K"
        case .string: return "S"
        case .keyPath: return "KP"
        case .layerTemplate: return "LT"
        case .animTemplate: return "AT"
        case .function: return "F"
        case .jump: return "sC"
        case .animField: return "AF"
        case .txField: return "TF"
        case .global: return "G"
        case .count: return "n"
        case .builtin: return "BI"
        case .component: return "CO"
        case .rk: return "RK"
        case .constraint: return "CN"
        case .behavior: return "BT"
        case .dynField: return "DF"
        }
    }

    func testOpcodeTableMatchesTheInstructionSet() throws {
        let source = try semanticsFromSource()
        XCTAssertEqual(source.map(\.0), Opcode.allCases.map { String(describing: $0) }, "Opcode.swift parsed in declaration order")
        let rows = try table("| # | opcode | A | B | C | semantics |")
        XCTAssertEqual(rows.count, Opcode.allCases.count, "one row per opcode")
        for (i, op) in Opcode.allCases.enumerated() {
            guard i < rows.count, i < source.count else { break }
            let semantics = try XCTUnwrap(source[i].1, "\(op.name) has no /// semantics line in Opcode.swift")
            let f = op.format
            XCTAssertEqual(rows[i], ["\(op.rawValue)", op.name, notation(f.a), notation(f.b), notation(f.c), semantics],
                           "docs/bytecode.md row \(i) drifted from Opcode.swift")
        }
    }

    func testFieldTables() throws {
        XCTAssertEqual(try table("| # | field | template constant |").map { Array($0.prefix(2)) },
                       AnimField.allCases.map { ["\($0.rawValue)", $0.name] })
        XCTAssertEqual(try table("| # | field | value |").map { Array($0.prefix(2)) },
                       TxField.allCases.map { ["\($0.rawValue)", $0.name] })
        XCTAssertEqual(try table("| # | field | type | kinds | rule; default when unset |").map { Array($0.prefix(3)) },
                       DynField.allCases.map { ["\($0.rawValue)", $0.name, $0.type.description] })
        let kinds = try table("| # | kind | fields |")
        XCTAssertEqual(kinds.map { Array($0.prefix(2)) }, BehaviorKind.allCases.map { ["\($0.rawValue)", $0.name] })
        for (row, kind) in zip(kinds, BehaviorKind.allCases) {
            // the cell's outer backticks are stripped by `table`
            XCTAssertEqual(row.last, kind.fields.map(\.name).joined(separator: "`, `"), "fields of \(kind.name)")
        }
    }

    func testPropertyAndComponentTables() throws {
        XCTAssertEqual(try table("| id | property | type |"),
                       LayerProperties.all.map { ["\($0.id)", $0.name, $0.type.description] })
        XCTAssertEqual(try table("| # | component | suffix |"),
                       Component.allCases.map { ["\($0.rawValue)", String(describing: $0), $0.path] })
    }

    func testLimitsTable() throws {
        let limits = [("maxRegisters", Limits.maxRegisters), ("maxIndex", Limits.maxIndex),
                      ("maxPixelDimension", Limits.maxPixelDimension), ("maxFrames", Limits.maxFrames),
                      ("stepBudget", Limits.stepBudget)]
        XCTAssertEqual(try table("| limit | value | reason |").map { Array($0.prefix(2)) }, limits.map { [$0.0, "\($0.1)"] })
    }

    func testFileFormatTables() throws {
        func hex(_ bytes: [UInt8]) -> String {
            bytes.map { String($0, radix: 16, uppercase: true).count == 1 ? "0" + String($0, radix: 16, uppercase: true) : String($0, radix: 16, uppercase: true) }
                .joined(separator: " ")
        }
        let header = try table("| offset | size | field | value |")
        var offset = 0
        for row in header {
            XCTAssertEqual(row[0], "\(offset)", "header fields are contiguous")
            offset += Int(row[1]) ?? 0
        }
        XCTAssertEqual(offset, BytecodeFormat.headerSize)
        XCTAssertTrue(header[0][3].hasPrefix("`\(hex(BytecodeFormat.magic))`"))
        XCTAssertTrue(header[2][3].hasPrefix("`\(hex(BytecodeFormat.sentinel))`"))

        XCTAssertEqual(try table("| tag | section | payload |").map { Array($0.prefix(2)) },
                       BytecodeFormat.Section.allCases.map { ["\($0.rawValue)", $0.name] })

        typealias Tag = BytecodeFormat.ConstantTag
        let names: [(Tag, String)] = [(.number, "number"), (.bool, "bool"), (.point, "point"), (.size, "size"), (.rect, "rect"),
                                      (.color, "color"), (.string, "string"), (.timing, "timing function"),
                                      (.transform, "transform"), (.enumCase, "enumeration case")]
        XCTAssertEqual(try table("| tag | type | payload |").prefix(names.count).map { Array($0.prefix(2)) },
                       names.map { ["\($0.0.rawValue)", $0.1] })
    }
}
