// NameTable against Dictionary as the reference: the same answers through growth, overwrites and
// removals, and iteration in insertion order.

import XCTest
import CalcCore

final class NameTableTests: XCTestCase {
    func testInsertIfAbsentIndexGivesTheEntryThroughGrowth() {
        var t = NameTable<Int>()
        var indices: [String: Int] = [:]
        for i in 0..<1_000 {
            let name = "n\(i % 700)"   // the last 300 are repeats
            let (k, inserted) = t.insertIfAbsentIndex(name, i)
            XCTAssertEqual(inserted, i < 700, name)
            if inserted { indices[name] = k } else { XCTAssertEqual(indices[name], k, name) }
            XCTAssertEqual(t.name(at: k), name)
            XCTAssertEqual(t.value(at: k), i % 700, "the first value stays")
        }
        XCTAssertEqual(t.count, 700)
        for (name, k) in indices { XCTAssertEqual(t[name], t.value(at: k)); XCTAssertEqual(k, Int(name.dropFirst())!) }
    }

    func testMatchesDictionary() {
        var table = NameTable<Int>()
        var reference: [String: Int] = [:]
        var order: [String] = []
        var seed: UInt64 = 7
        func next() -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int(seed >> 33) }
        for step in 0..<20_000 {
            let name = ["f", "v", "l", "_x", "layer"][next() % 5] + String(next() % 3000)
            switch next() % 10 {
            case 0:
                table[name] = nil
                reference[name] = nil
                order.removeAll { $0 == name }
            default:
                if reference[name] == nil { order.append(name) }
                table[name] = step
                reference[name] = step
            }
            let probe = "f" + String(next() % 3000)
            XCTAssertEqual(table[probe], reference[probe], probe)
        }
        XCTAssertEqual(table.count, reference.count)
        XCTAssertEqual(table.keys, order)
        XCTAssertEqual(table.map(\.key), order)
        for (k, v) in table { XCTAssertEqual(reference[k], v) }
    }

    /// A short name found whatever its String's representation: a small string is hashed from its
    /// own words, any other from its bytes, and both must give the same hash.
    func testShortNamesInEveryRepresentation() {
        var table = NameTable<Int>()
        let names = ["a", "v12", "layer", "abcdefgh", "abcdefghijklmno", "é", "naïve", "abcdefghijklmnop"]
        for (k, n) in names.enumerated() { table[n] = k }
        for (k, n) in names.enumerated() {
            var native = String()
            native.reserveCapacity(64)   // native storage, not small, even for a short name
            native.append(contentsOf: n)
            XCTAssertEqual(table[native], k, n)
            let bridgedLike = String(Substring(n + "!").dropLast())
            XCTAssertEqual(table[bridgedLike], k, n)
        }
        XCTAssertNil(table["abcdefghijklmn"])
    }

    func testEmptyAndReserved() {
        var table = NameTable<String>()
        XCTAssertNil(table["a"])
        XCTAssertTrue(table.isEmpty)
        table.reserveCapacity(1000)
        table[""] = "empty"
        table["é"] = "non-ASCII"
        XCTAssertEqual(table[""], "empty")
        XCTAssertEqual(table["é"], "non-ASCII")
        XCTAssertNil(table["e"])
    }
}

/// `SourceFile.lineStarts`, eight bytes a step, against a byte-by-byte count.
final class LineStartTests: XCTestCase {
    func naive(_ b: [UInt8]) -> [Int] { [0] + b.indices.filter { b[$0] == 10 }.map { $0 + 1 } }

    func testMatchesAByteByByteScan() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15   // a fixed-seed LCG: the same inputs every run
        func next() -> Int { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return Int(state >> 33) }
        // bytes next to 0x0A that defeat sloppy word tricks: 0x0B, 0x09, 0x8A, 0x00, 0x01, 0xFF
        let alphabet: [UInt8] = [10, 10, 11, 9, 0x8A, 0, 1, 0xFF, 13, 65]
        for length in 0..<80 {
            for _ in 0..<40 {
                let b = (0..<length).map { _ in alphabet[next() % alphabet.count] }
                XCTAssertEqual(SourceFile(name: "t", bytes: b).lineStarts, naive(b), "\(b)")
            }
        }
        XCTAssertEqual(SourceFile(name: "t", text: "").lineStarts, [0])
        XCTAssertEqual(SourceFile(name: "t", text: "a\nbc\n\nd").lineStarts, [0, 2, 5, 6])
        let all = [UInt8](repeating: 10, count: 17)
        XCTAssertEqual(SourceFile(name: "t", bytes: all).lineStarts, Array(0...17))
    }
}
