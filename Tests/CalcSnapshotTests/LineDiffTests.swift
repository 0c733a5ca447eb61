// LineDiff: hunks match what diff(1) -u prints for hand-worked inputs, and on random inputs the edit
// script rebuilds the new text from the old with the fewest edits (checked against a plain LCS table).

import XCTest
@testable import CalcSnapshot

final class LineDiffTests: XCTestCase {
    func numbered(_ range: ClosedRange<Int>) -> String { range.map { "line \($0)\n" }.joined() }

    func testEqualTextsHaveNoDiff() {
        XCTAssertNil(LineDiff.unified(old: "a\nb\n", new: "a\nb\n", oldName: "x", newName: "y"))
    }

    func testOneChangedLineWithThreeLinesOfContext() {
        // lines 1–10, line 5 changed: context 2–4 and 6–8 → old 2..8 (7 lines), new the same
        let old = numbered(1...10)
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        XCTAssertEqual(LineDiff.unified(old: old, new: new, oldName: "a.asm", newName: "b.cal"), """
        --- a.asm
        +++ b.cal
        @@ -2,7 +2,7 @@
         line 2
         line 3
         line 4
        -line 5
        +line five
         line 6
         line 7
         line 8

        """)
    }

    func testDistantChangesMakeTwoHunksAndCloseOnesShareOne() {
        let old = numbered(1...20)
        // lines 2 and 18 changed: 15 unchanged lines between them, more than 2 × 3 → two hunks
        let far = old.replacingOccurrences(of: "line 2\n", with: "two\n").replacingOccurrences(of: "line 18\n", with: "eighteen\n")
        let farDiff = LineDiff.unified(old: old, new: far, oldName: "o", newName: "n") ?? ""
        XCTAssertEqual(farDiff.split(separator: "\n").filter { $0.hasPrefix("@@") }, ["@@ -1,5 +1,5 @@", "@@ -15,6 +15,6 @@"])
        // lines 5 and 12 changed: 6 unchanged lines between them (6..11) = 2 × 3 → one hunk 2..15
        let near = old.replacingOccurrences(of: "line 5\n", with: "five\n").replacingOccurrences(of: "line 12\n", with: "twelve\n")
        let nearDiff = LineDiff.unified(old: old, new: near, oldName: "o", newName: "n") ?? ""
        XCTAssertEqual(nearDiff.split(separator: "\n").filter { $0.hasPrefix("@@") }, ["@@ -2,14 +2,14 @@"])
    }

    func testInsertionAtTheStartAndDeletionAtTheEnd() {
        XCTAssertEqual(LineDiff.unified(old: "b\nc\n", new: "a\nb\nc\n", oldName: "o", newName: "n"), """
        --- o
        +++ n
        @@ -1,2 +1,3 @@
        +a
         b
         c

        """)
        XCTAssertEqual(LineDiff.unified(old: "a\n", new: "", oldName: "o", newName: "n"), "--- o\n+++ n\n@@ -1 +0,0 @@\n-a\n")
        XCTAssertEqual(LineDiff.unified(old: "", new: "a\n", oldName: "o", newName: "n"), "--- o\n+++ n\n@@ -0,0 +1 @@\n+a\n")
    }

    func testMissingFinalNewlineIsShown() {
        XCTAssertEqual(LineDiff.unified(old: "a\nb\n", new: "a\nb", oldName: "o", newName: "n"), """
        --- o
        +++ n
        @@ -1,2 +1,2 @@
         a
        -b
        +b
        \\ No newline at end of file

        """)
    }

    func testRandomEditScriptsAreValidAndMinimal() {
        var rng = SplitMix(seed: 42)
        for _ in 0..<300 {
            let a = (0..<Int(rng.next() % 12)).map { _ in Int(rng.next() % 4) }
            let b = (0..<Int(rng.next() % 12)).map { _ in Int(rng.next() % 4) }
            let script = LineDiff.edits(a, b)
            var rebuilt: [Int] = [], oldSeen: [Int] = []
            for e in script {
                switch e {
                case .keep(let o, let n): XCTAssertEqual(a[o], b[n]); rebuilt.append(b[n]); oldSeen.append(o)
                case .delete(let o): oldSeen.append(o)
                case .insert(let n): rebuilt.append(b[n])
                }
            }
            XCTAssertEqual(rebuilt, b, "\(a) → \(b)")
            XCTAssertEqual(oldSeen, Array(a.indices), "every old line once, in order")
            let cost = script.filter { if case .keep = $0 { return false } else { return true } }.count
            XCTAssertEqual(cost, a.count + b.count - 2 * lcs(a, b), "\(a) → \(b)")
        }
    }

    func testPastTheCostLimitTheMiddleIsReplacedWholesale() {
        let script = LineDiff.edits([1, 2, 3, 9], [4, 5, 6, 9], maxCost: 2)
        XCTAssertEqual(script, [.delete(old: 0), .delete(old: 1), .delete(old: 2), .insert(new: 0), .insert(new: 1), .insert(new: 2), .keep(old: 3, new: 3)])
    }

    func lcs(_ a: [Int], _ b: [Int]) -> Int {
        var t = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                t[i][j] = a[i] == b[j] ? t[i + 1][j + 1] + 1 : max(t[i + 1][j], t[i][j + 1])
            }
        }
        return t[0][0]
    }
}

/// A small deterministic generator for test inputs.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
