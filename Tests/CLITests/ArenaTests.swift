// The compiler's bump arena (Sources/CArena/arena.c), which replaces malloc in the calc process.
// These tests switch it on in the test process itself: every small allocation after that, on any
// thread, comes from the arena until its region is used up, then from glibc again, so the region
// is made large enough for what the tests here allocate and the other tests keep working.

import XCTest
import CArena
import Foundation
#if canImport(Glibc)
import Glibc

final class ArenaTests: XCTestCase {
    override func setUp() {
        // (once per process: a second call keeps the first region)
        XCTAssertEqual(calc_arena_enable(256 << 20), 1)
    }

    func testSmallBlocksComeFromTheArenaAlignedWithTheirSize() throws {
        for n in [1, 8, 15, 16, 17, 100, 1000, 65_535] {
            let p = try XCTUnwrap(malloc(n))
            XCTAssertEqual(calc_arena_owns(p), 1, "\(n) bytes")
            XCTAssertEqual(Int(bitPattern: p) % 16, 0, "\(n) bytes")
            XCTAssertGreaterThanOrEqual(calc_usable_size(p), n)
            // usable bytes are writable up to the next block's header
            memset(p, 0x5A, calc_usable_size(p))
            let q = try XCTUnwrap(malloc(1))
            XCTAssertGreaterThanOrEqual(Int(bitPattern: q), Int(bitPattern: p) + calc_usable_size(p) + 8)
            free(q)
            free(p)
        }
        XCTAssertGreaterThan(calc_arena_used(), 0)
    }

    func testLargeBlocksStayWithTheCLibrary() throws {
        let p = try XCTUnwrap(malloc(64 << 10))
        XCTAssertEqual(calc_arena_owns(p), 0)
        XCTAssertGreaterThanOrEqual(calc_usable_size(p), 64 << 10)
        free(p)
    }

    func testFreeingTheLastBlockReusesItsBytes() throws {
        let p = try XCTUnwrap(malloc(48))
        free(p)
        let q = try XCTUnwrap(malloc(40))
        XCTAssertEqual(p, q)
        // a block that is not the last one stays in place
        let r = try XCTUnwrap(malloc(40))
        free(q)
        let s = try XCTUnwrap(malloc(40))
        XCTAssertNotEqual(s, q)
        free(s); free(r)
    }

    func testCallocZeroesReusedBytes() throws {
        let p = try XCTUnwrap(malloc(64))
        memset(p, 0xAB, 64)
        free(p)
        let q = try XCTUnwrap(calloc(8, 8))
        XCTAssertEqual(p, q)
        let bytes = q.assumingMemoryBound(to: UInt8.self)
        XCTAssertTrue((0..<64).allSatisfy { bytes[$0] == 0 })
        free(q)
        XCTAssertNil(calloc(Int.max, 2), "an overflowing count × size fails")
    }

    func testReallocKeepsTheBytes() throws {
        let p = try XCTUnwrap(malloc(24)).assumingMemoryBound(to: UInt8.self)
        for i in 0..<24 { p[i] = UInt8(i) }
        let q = try XCTUnwrap(realloc(p, 5000)).assumingMemoryBound(to: UInt8.self)
        XCTAssertEqual(calc_arena_owns(q), 1)
        XCTAssertTrue((0..<24).allSatisfy { q[$0] == UInt8($0) })
        // growing past the arena's limit moves the bytes to the C library
        let r = try XCTUnwrap(realloc(q, 1 << 20)).assumingMemoryBound(to: UInt8.self)
        XCTAssertEqual(calc_arena_owns(r), 0)
        XCTAssertTrue((0..<24).allSatisfy { r[$0] == UInt8($0) })
        free(r)
    }

    func testSwiftValuesOnTwoThreads() {
        // arrays size themselves with malloc_usable_size; each thread takes its own chunks
        let sums = Sums()
        DispatchQueue.concurrentPerform(iterations: 2) { t in
            var strings: [String] = []
            for i in 0..<20_000 { strings.append("item number \(i + t)") }
            sums.set(t, strings.reduce(0) { $0 + $1.utf8.count })
        }
        // "item number " is 12 bytes; 0..<20 000 has 10 + 90 + 900 + 9 000 + 10 000 × 5 digits
        XCTAssertEqual(sums[0], 12 * 20_000 + 10 + 90 * 2 + 900 * 3 + 9_000 * 4 + 10_000 * 5)
        XCTAssertEqual(sums[1], sums[0] + 4)   // 1…20 000: 20 000 (five digits) in place of 0 (one)
    }
}

private final class Sums: @unchecked Sendable {
    private let lock = NSLock()
    private var values = [0, 0]
    func set(_ k: Int, _ v: Int) { lock.lock(); values[k] = v; lock.unlock() }
    subscript(k: Int) -> Int { lock.lock(); defer { lock.unlock() }; return values[k] }
}
#endif
