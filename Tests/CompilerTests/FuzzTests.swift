// A fuzz-style test: thousands of deterministic mutations of the samples go through the parser,
// checker and code generator. Each must end in diagnostics or in a program the verifier accepts
// (the compiler never emits unverifiable code), and running that program a little must end in
// frames or a runtime error — never a crash or a hang.

import XCTest
import CalcCore
import Bytecode
import VM
@testable import Compiler

final class FuzzTests: XCTestCase {
    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
    }

    static let fragments: [String] = [
        "{", "}", "(", ")", "[", "]", ",", ":", ";", "=", ".", "..<", "...", "\"", "\\(", "#", "#ff0", "//", "/*",
        "layer", "let", "var", "func", "at", "after", "every", "on", "if", "else", "for", "in", "return", "transaction",
        "animations", "actions", "style", "basic", "keyframe", "group", "spring", "none", "true", "time", "root",
        "0", "-1", "1e309", "2s", "90deg", "0.5", "infinity", "position", "opacity", ".x", "frame", "named(\"a\")",
        "1 / 0", "x[9]", "\u{FF}", "\n", "    ", "dynamics", "gravity g", "collision", ".active", ".beganContact",
    ]

    func samples() throws -> [[UInt8]] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Samples")
        let names = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".cal") }.sorted()
        return try names.map { [UInt8](try Data(contentsOf: root.appendingPathComponent($0))) }
    }

    func mutate(_ src: [UInt8], _ rng: inout SplitMix) -> [UInt8] {
        var b = src
        for _ in 0..<(1 + rng.below(3)) {
            let i = rng.below(b.count + 1)
            switch rng.below(5) {
            case 0:   // delete a run
                let n = min(b.count - i, 1 + rng.below(12))
                if n > 0 { b.removeSubrange(i..<(i + n)) }
            case 1:   // insert a fragment
                b.insert(contentsOf: Array(FuzzTests.fragments[rng.below(FuzzTests.fragments.count)].utf8), at: i)
            case 2:   // duplicate a run
                let n = min(b.count - i, 1 + rng.below(40))
                if n > 0 { b.insert(contentsOf: b[i..<(i + n)], at: i) }
            case 3:   // flip a byte
                if i < b.count { b[i] ^= UInt8(truncatingIfNeeded: 1 << rng.below(8)) }
            default:  // swap two runs
                let j = rng.below(b.count + 1)
                let n = min(b.count - max(i, j), 1 + rng.below(8))
                if n > 0, abs(i - j) >= n {
                    let x = Array(b[i..<(i + n)]), y = Array(b[j..<(j + n)])
                    b.replaceSubrange(i..<(i + n), with: y)
                    b.replaceSubrange(j..<(j + n), with: x)
                }
            }
        }
        return b
    }

    func testMutatedSamplesNeverCrash() throws {
        let sources = try samples()
        XCTAssertGreaterThan(sources.count, 10)
        var rng = SplitMix(state: 20261122)
        var invalid = 0, valid = 0, ran = 0
        for round in 0..<3000 {
            let src = sources[round % sources.count]
            let mutant = mutate(src, &rng)
            let result = Compiler.compile(SourceFile(name: "fuzz.cal", bytes: mutant))
            guard let program = result.program else {
                invalid += 1
                XCTAssertTrue(result.diagnostics.contains { $0.severity == .error }, "round \(round): no program and no error")
                continue
            }
            valid += 1
            XCTAssertNoThrow(try Verifier.verify(program), "round \(round): the compiler emitted code the verifier rejects")
            // run briefly: a runtime error is fine, a crash or hang is not
            if let tl = try? Timeline.run(try Verifier.verified(program), until: min(program.scene.duration, 0.5), stepBudget: 20_000) {
                _ = try? tl.presentation(at: 0)
                ran += 1
            }
        }
        XCTAssertGreaterThan(invalid, 500)
        XCTAssertGreaterThan(valid, 100)
        XCTAssertGreaterThan(ran, 50)
    }

    func testPathologicalInputsGetDiagnostics() {
        func ids(_ bytes: [UInt8]) -> [String] {
            Compiler.compile(SourceFile(name: "p.cal", bytes: bytes)).diagnostics.map { $0.id }
        }
        XCTAssertEqual(ids([]), ["W0005"])                                                        // empty
        XCTAssertTrue(ids(Array(("let x = " + String(repeating: "[", count: 2000)).utf8)).contains("E0010"))   // deep
        XCTAssertTrue(ids(Array(("let x = " + String(repeating: "9", count: 400)).utf8)).contains("E0006"))    // huge literal
        XCTAssertTrue(ids(Array(("let x = 1" + String(repeating: "0", count: 400) + "e9").utf8)).contains("E0006"))
        XCTAssertTrue(ids(Array(("// " + String(repeating: "x", count: 20_000)).utf8)).contains("E0004"))       // long line
        XCTAssertTrue(ids([0x6C, 0x65, 0x74, 0x20, 0xC3, 0x28]).contains("E0003"))                              // bad UTF-8
        XCTAssertTrue(ids(Array("let x = 1e309".utf8)).contains("E0011"))                                       // out of range
        // long chains build trees as deep as parentheses do: each gets one E0010, not a stack overflow
        // in a later stage (these crashed before the parser counted chains towards the limit)
        let chain = "let x = " + Array(repeating: "1", count: 100_000).joined(separator: " +\n ") + "\n"
        XCTAssertEqual(ids(Array(chain.utf8)).filter { $0 == "E0010" }.count, 1)
        XCTAssertEqual(ids(Array(("let x = " + String(repeating: "-", count: 50_000) + "1\n").utf8)).filter { $0 == "E0010" }.count, 1)
        XCTAssertTrue(ids(Array(("let x = a" + String(repeating: ".b", count: 50_000) + "\n").utf8)).contains("E0010"))
        XCTAssertTrue(ids(Array(("let x = a" + String(repeating: "[0]", count: 20_000) + "\n").utf8)).contains("E0010"))
        XCTAssertTrue(ids(Array(("let x = f" + String(repeating: "()", count: 20_000) + "\n").utf8)).contains("E0010"))
        // just under the limit still compiles
        let sum = "let x = " + Array(repeating: "1", count: 250).joined(separator: " + ") + "\nlayer a { opacity: x / 1000 }\n"
        XCTAssertEqual(ids(Array(sum.utf8)), [])
    }
}
