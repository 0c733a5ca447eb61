// The .calb reader and writer: round trips, determinism, a byte-exact golden file written by hand
// from docs/bytecode.md, and every way the reader must reject a file (foreign, newer, mangled,
// truncated at every length, flipped at every bit, hostile but correctly sealed).

import CalcCore
import XCTest
@testable import Bytecode

final class BytecodeFileTests: XCTestCase {
    func decodeError(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> BytecodeError? {
        do {
            _ = try BytecodeReader.decode(bytes)
            XCTFail("decoding succeeded", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func assertRejects(_ bytes: [UInt8], _ kind: BytecodeError.Kind, _ message: String,
                       file: StaticString = #filePath, line: UInt = #line) {
        guard let e = decodeError(bytes, file: file, line: line) else { return }
        XCTAssertEqual(e.kind, kind, file: file, line: line)
        XCTAssertEqual(e.message, message, file: file, line: line)
    }

    // MARK: CRC

    func testCRC32KnownVectors() {
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(CRC32.checksum([UInt8]()), 0)
        XCTAssertEqual(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)), 0x414F_A339)
        var streamed = CRC32()
        streamed.update(Array("12345".utf8))
        streamed.update(Array("6789".utf8))
        XCTAssertEqual(streamed.value, 0xCBF4_3926)
    }

    /// The libdeflate path (contiguous input) against the byte-a-step path (a lazy sequence), over
    /// every length and split up to 40 bytes and lengths around libdeflate's wider steps.
    func testCRC32OfContiguousBytesMatchesBytewise() {
        var seed: UInt32 = 1
        let bytes: [UInt8] = (0..<1100).map { _ in seed = seed &* 1_103_515_245 &+ 12345; return UInt8(truncatingIfNeeded: seed >> 16) }
        for n in Array(0...40) + [63, 64, 65, 127, 128, 129, 255, 256, 257, 1023, 1024, 1100] {
            let part = Array(bytes[0..<n])
            XCTAssertEqual(CRC32.checksum(part), CRC32.checksum(part.lazy.map { $0 }), "\(n) bytes")
            for split in stride(from: 0, through: n, by: n <= 40 ? 1 : 7) {
                var crc = CRC32()
                crc.update(Array(part[0..<split]))
                crc.update(part[split...].lazy.map { $0 })
                XCTAssertEqual(crc.value, CRC32.checksum(part), "\(n) bytes split at \(split)")
            }
        }
    }

    // MARK: writing

    /// The smallest program, encoded by hand from the layout in docs/bytecode.md.
    func testGoldenBytesOfTheSmallestProgram() {
        let p = Program(sourceName: "a",
                        scene: SceneInfo(size: Size(1, 1), scale: 1, fps: 1, duration: 0, background: .clear, origin: .topLeft),
                        functions: [Function(name: "main", registerCount: 0, code: [Instruction(.ret)], lines: [7])])
        let one: [UInt8] = [0, 0, 0, 0, 0, 0, 0xF0, 0x3F]
        let zero = [UInt8](repeating: 0, count: 8)
        var expected: [UInt8] = [
            0x1B, 0x43, 0x41, 0x4C,                         // magic
            0x02, 0x00,                                     // version 2
            0x0D, 0x0A, 0x1A, 0x0A,                         // sentinel
            0x08, 0x08,                                     // instruction and number sizes
            0x00, 0x00, 0x00, 0x00, 0x00, 0x28, 0x77, 0x40, // 370.5
            0xD0, 0x00, 0x00, 0x00,                         // file length 208
            // strings: "a" (the source name), then "main"
            0x01, 17, 0, 0, 0,
            2, 0, 0, 0, 1, 0, 0, 0, 0x61, 4, 0, 0, 0, 0x6D, 0x61, 0x69, 0x6E,
            // scene: source name string 0, width, height, scale, fps, duration, rgba, origin, global count, custom key count
            0x02, 85, 0, 0, 0,
            0, 0, 0, 0,
        ]
        expected += one + one + one + one + zero + zero + zero + zero + zero + [0] + [0, 0, 0, 0] + [0, 0, 0, 0]
        expected += [
            0x03, 4, 0, 0, 0, 0, 0, 0, 0,                   // constants: none
            0x04, 36, 0, 0, 0,                              // functions
            1, 0, 0, 0,                                     // one function
            1, 0, 0, 0,                                     // name: string 1
            0, 0, 0, 0,                                     // params, registers
            1, 0, 0, 0, 0x2A, 0, 0, 0, 0, 0, 0, 0,          // one instruction: RET (opcode 42)
            1, 0, 0, 0, 7, 0, 0, 0, 1, 0, 0, 0,             // one line run: line 7 × 1
            0x05, 4, 0, 0, 0, 0, 0, 0, 0,                   // layer templates: none
            0x06, 4, 0, 0, 0, 0, 0, 0, 0,                   // animation templates: none
        ]
        let bytes = BytecodeWriter.encode(p)
        XCTAssertEqual(bytes.count, 208)
        XCTAssertEqual(Array(bytes.prefix(204)), expected)
        XCTAssertEqual(Fixtures.u32(bytes, 204), CRC32.checksum(expected))
        XCTAssertEqual(try BytecodeReader.decode(bytes), p)
    }

    /// A program with one behaviour is version 3 and has a seventh section, encoded by hand from the
    /// layout in docs/bytecode.md (the first six sections are those of the smallest program above,
    /// plus the behaviour's name string and one constant).
    func testGoldenBytesOfTheBehavioursSection() throws {
        let p = Program(sourceName: "a",
                        scene: SceneInfo(size: Size(1, 1), scale: 1, fps: 1, duration: 0, background: .clear, origin: .topLeft),
                        constants: [.number(2)],
                        functions: [Function(name: "main", registerCount: 0, code: [Instruction(.ret)], lines: [7])],
                        behaviorTemplates: [BehaviorTemplate(kind: .push, name: "kick", fields: [DynFieldInit(.magnitude, 0)])])
        let bytes = BytecodeWriter.encode(p)
        XCTAssertEqual(Array(bytes[4..<6]), [0x03, 0x00], "version 3")
        let sections = Fixtures.sections(bytes)
        XCTAssertEqual(sections.keys.sorted(), [1, 2, 3, 4, 5, 6, 7])
        let range = try XCTUnwrap(sections[7])
        XCTAssertEqual(bytes[range.lowerBound - 5], 0x07, "tag 7")
        XCTAssertEqual(Array(bytes[range]), [
            1, 0, 0, 0,                 // one template
            1,                          // kind 1: push
            2, 0, 0, 0,                 // name: string 2 ("a", "main", then "kick")
            1, 0, 0, 0,                 // one field
            4, 0, 0, 0, 0,              // magnitude (field 4) = K0
        ])
        XCTAssertEqual(range.upperBound, bytes.count - 4, "the last section, before the checksum")
        XCTAssertEqual(try BytecodeReader.load(bytes).program, p)
        XCTAssertTrue(Disassembler.disassemble(p).hasPrefix("; calc bytecode, format 3\n"))
    }

    func testAProgramWithoutBehavioursIsStillVersionTwo() throws {
        let b = BytecodeWriter.encode(Fixtures.small)
        XCTAssertEqual(Array(b[4..<6]), [0x02, 0x00])
        XCTAssertEqual(Fixtures.sections(b).keys.sorted(), [1, 2, 3, 4, 5, 6])
        XCTAssertTrue(Disassembler.disassemble(Fixtures.small).hasPrefix("; calc bytecode, format 2\n"))
        // a version-3 file must have the behaviours section, a version-2 file must not
        var three = b
        three[4] = 3
        assertRejects(Fixtures.reseal(three), .malformed, "section 'behaviours' is missing (expected at offset \(b.count - 4))")
        let full = BytecodeWriter.encode(Fixtures.full)
        var two = full
        two[4] = 2
        let seventh = try XCTUnwrap(Fixtures.sections(full)[7]).lowerBound - 5
        assertRejects(Fixtures.reseal(two), .malformed, "section 'behaviours' at offset \(seventh) is out of order (all sections were already read)")
    }

    func testRoundTripOfEveryConstantTypeOpcodeAndTemplate() throws {
        let p = Fixtures.full
        XCTAssertEqual(Set(p.functions[0].code.map(\.op)), Set(Opcode.allCases), "the fixture uses every opcode")
        try Verifier.verify(p)
        let decoded = try BytecodeReader.decode(BytecodeWriter.encode(p))
        XCTAssertEqual(decoded, p)
        XCTAssertEqual(decoded.functions[0].lines, p.functions[0].lines)
        XCTAssertEqual(try BytecodeReader.load(BytecodeWriter.encode(p)).program, p)
    }

    func testEncodingIsDeterministicAndCanonical() throws {
        let a = BytecodeWriter.encode(Fixtures.full)
        let b = BytecodeWriter.encode(Fixtures.full)
        XCTAssertEqual(a, b)
        XCTAssertEqual(BytecodeWriter.encode(try BytecodeReader.decode(a)), a)
    }

    /// The writer's fast path (a counting pass, then stores into an array of the size counted) gives
    /// the bytes of the simple appending writer, for the fixtures and for a program with many strings
    /// (the string pool grows), long line runs and every section.
    func testDirectWriterMatchesTheAppendingWriter() throws {
        var big = Fixtures.full
        for i in 0..<300 {
            let code = [Instruction](repeating: Instruction(.loadk, a: 0, c: 0), count: i % 7) + [Instruction(.ret)]
            let lines = (0..<code.count).map { UInt32($0 / 3 + i) }
            big.functions.append(Function(name: i % 5 == 0 ? "main" : "f\(i % 97)\u{301}", registerCount: 1, code: code, lines: lines))
            big.layerTemplates.append(LayerTemplate(name: "layer \(i)", properties: [PropertyInit(Fixtures.kp("bounds"), 4)]))
            big.constants.append(.string(i % 2 == 0 ? "f\(i % 97)\u{301}" : "s\(i)"))
        }
        // more strings than the pool expects (one per function and template): its table grows
        for i in 0..<3000 { big.constants.append(.string(i % 3 == 0 ? "layer \(i % 300)" : "string \(i / 2)")) }
        for p in [Fixtures.small, Fixtures.full, big] {
            let bytes = BytecodeWriter.encode(p)
            let reference = BytecodeWriter.encodeByAppending(p)
            XCTAssertEqual(bytes.count, reference.count)
            if let i = (0..<min(bytes.count, reference.count)).first(where: { bytes[$0] != reference[$0] }) {
                XCTFail("first difference at offset \(i) of \(bytes.count)")
            }
            XCTAssertEqual(try BytecodeReader.decode(bytes), p)
            // each string once
            var names = [p.sourceName] + p.functions.map(\.name) + p.layerTemplates.map(\.name) + p.customKeys.map(\.name)
            for case .string(let s) in p.constants + p.customKeys.map(\.defaultValue) { names.append(s) }
            for case .image(let s) in p.constants + p.customKeys.map(\.defaultValue) { names.append(s) }
            names += p.behaviorTemplates.map(\.name)
            XCTAssertEqual(Int(Fixtures.u32(bytes, BytecodeFormat.headerSize + BytecodeFormat.sectionHeaderSize)),
                           Set(names.map { Array($0.utf8) }).count)
        }
    }

    func testStringsAreInternedOnceInFirstUseOrder() throws {
        let bytes = BytecodeWriter.encode(Fixtures.full)
        let range = try XCTUnwrap(Fixtures.sections(bytes)[1])
        var strings: [String] = []
        var pos = range.lowerBound + 4
        for _ in 0..<Fixtures.u32(bytes, range.lowerBound) {
            let n = Int(Fixtures.u32(bytes, pos))
            strings.append(String(decoding: bytes[pos + 4..<pos + 4 + n], as: UTF8.self))
            pos += 4 + n
        }
        XCTAssertEqual(pos, range.upperBound)
        // The source name and custom property names (the scene section), string and image constants in
        // pool order, function names, layer names; "card" is both K17 and LT0's name and "twist" both a
        // custom property and K6: each is stored once.
        XCTAssertEqual(strings, ["samples/full.cal", "thickness", "anchor", "twist", "outline", "h\u{E9}llo\n\"card\"", "card", "photo.png", "main", "at 1.5s", "helper",
                                 "on walls.beganContact", "", "g", "walls"])
    }

    func testNegativeZeroAndInfinityKeepTheirBits() throws {
        var p = Fixtures.small
        p.constants = [.number(-0.0), .number(.infinity), .number(-.infinity), .number(Double.leastNonzeroMagnitude)]
        let q = try BytecodeReader.decode(BytecodeWriter.encode(p))
        XCTAssertEqual(q.constants.compactMap(\.number).map(\.bitPattern), [-0.0, .infinity, -.infinity, Double.leastNonzeroMagnitude].map(\.bitPattern))
    }

    // MARK: the header

    func testRejectsForeignFiles() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 40)
        assertRejects(png, .notBytecode, "not a calc bytecode file (bad magic)")
        assertRejects(Array("scene { size: 320x240 }\n".utf8), .notBytecode, "not a calc bytecode file (bad magic)")
        assertRejects([0x1B, 0x43, 0x41, 0x4D], .notBytecode, "not a calc bytecode file (bad magic)")
    }

    func testRejectsANewerVersion() {
        var b = BytecodeWriter.encode(Fixtures.small)
        b[4] = 7
        assertRejects(b, .unsupportedVersion, "bytecode format version 7 is newer than this calc supports (6)")
        b[4] = 0; b[5] = 1
        assertRejects(b, .unsupportedVersion, "bytecode format version 256 is newer than this calc supports (6)")
        b[4] = 1; b[5] = 0
        assertRejects(b, .unsupportedVersion, "bytecode format version 1 is older than this calc reads (2 to 6): rebuild the file from its .cal source")
        b[4] = 0; b[5] = 0
        assertRejects(b, .unsupportedVersion, "bytecode format version 0 does not exist (this calc reads versions 2 to 6)")
    }

    func testRejectsTextModeMangling() {
        let b = BytecodeWriter.encode(Fixtures.small)
        let message = "file was damaged by a text-mode transfer (its line-ending check bytes changed at offset 6): copy it in binary mode"
        // Windows reading in text mode: CR LF becomes LF.
        var dos: [UInt8] = []
        for (i, x) in b.enumerated() where !(x == 0x0D && i + 1 < b.count && b[i + 1] == 0x0A) { dos.append(x) }
        assertRejects(dos, .mangled, message)
        // Writing in text mode: LF becomes CR LF.
        assertRejects(b.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }, .mangled, message)
        // The DOS end-of-file byte dropped.
        var cut = b
        cut[8] = 0
        assertRejects(cut, .mangled, message)
    }

    func testRejectsOtherSizesAndByteOrders() {
        var b = BytecodeWriter.encode(Fixtures.small)
        b[10] = 4
        assertRejects(b, .incompatible, "file uses 4-byte instructions, this calc uses 8")
        b = BytecodeWriter.encode(Fixtures.small)
        b[11] = 4
        assertRejects(b, .incompatible, "file uses 4-byte numbers, this calc uses 8")
        b = BytecodeWriter.encode(Fixtures.small)
        b.replaceSubrange(12..<20, with: [0x40, 0x77, 0x28, 0, 0, 0, 0, 0])  // 370.5 big-endian
        assertRejects(b, .incompatible, "file's test number reads 1.3102463e-317 instead of 370.5: it was written with another byte order or number format")
    }

    // MARK: damage

    func testTruncationAtEveryLengthIsReported() {
        let b = BytecodeWriter.encode(Fixtures.small)
        assertRejects([], .truncated, "file is empty")
        assertRejects(Array(b.prefix(10)), .truncated, "file is truncated: the header needs 24 bytes, only 10 are present")
        assertRejects(Array(b.prefix(100)), .truncated, "file is truncated: its header declares \(b.count) bytes, only 100 are present")
        for cut in 0..<b.count {
            guard let e = decodeError(Array(b.prefix(cut))) else { continue }
            XCTAssertEqual(e.kind, .truncated, "cut at \(cut): \(e.message)")
        }
    }

    func testEveryBitFlipIsRejected() {
        let b = BytecodeWriter.encode(Fixtures.small)
        for i in 0..<b.count {
            for bit in 0..<8 {
                var c = b
                c[i] ^= 1 << bit
                guard let e = decodeError(c) else { continue }
                if i >= 20 { XCTAssertEqual(e.kind, .corrupted, "byte \(i) bit \(bit): \(e.message)") }
            }
        }
        var c = b
        c[b.count / 2] ^= 0xFF
        assertRejects(c, .corrupted, "checksum mismatch: the file is corrupted")
        c = b
        c[21] ^= 0x10
        assertRejects(c, .corrupted, "checksum mismatch: the file is corrupted (its length field at offset 20 is damaged)")
    }

    func testTrailingBytesAreRejected() {
        let b = BytecodeWriter.encode(Fixtures.small)
        assertRejects(b + [0, 1, 2], .malformed, "3 unexpected bytes after the end of the bytecode at offset \(b.count)")
    }

    func testLengthFieldEdgeCases() {
        let b = BytecodeWriter.encode(Fixtures.small)
        // A sealed file whose length field claims less than a header and checksum.
        var c = b
        Fixtures.put32(&c, 20, 10)
        Fixtures.put32(&c, c.count - 4, CRC32.checksum(c[0..<c.count - 4]))
        assertRejects(c, .malformed, "header declares a file length of 10 bytes, less than the 28 of a header and checksum")
        // Trailing bytes and a damaged body: neither the declared nor the actual length checks out.
        c = b + [1, 2, 3]
        c[30] ^= 0x01
        assertRejects(c, .corrupted, "checksum mismatch: the file is corrupted")
    }

    // MARK: hostile but sealed

    func testAbsurdLengthsAndCountsAreRejectedBeforeAllocating() throws {
        let b = BytecodeWriter.encode(Fixtures.small)
        let s = Fixtures.sections(b)
        let constants = try XCTUnwrap(s[3]), functions = try XCTUnwrap(s[4]), strings = try XCTUnwrap(s[1])

        var c = b
        Fixtures.put32(&c, functions.lowerBound - 4, 0xFFFF_FFFF)
        let remain = b.count - 4 - functions.lowerBound
        assertRejects(Fixtures.reseal(c), .truncated,
                      "file is truncated: section 'functions' needs 4294967295 bytes at offset \(functions.lowerBound), \(remain) remain")

        c = b
        Fixtures.put32(&c, constants.lowerBound, 0xFFFF_FFFF)
        let left = constants.count - 4
        assertRejects(Fixtures.reseal(c), .malformed,
                      "section 'constants', offset \(constants.lowerBound): 4294967295 constants declared, but the \(left) bytes that remain hold at most \(left / 2)")

        c = b
        Fixtures.put32(&c, strings.lowerBound, 0x7FFF_FFFF)
        XCTAssertEqual(decodeError(Fixtures.reseal(c))?.kind, .malformed)

        // the instruction count of function F0: after its name, params and registers
        c = b
        Fixtures.put32(&c, functions.lowerBound + 12, 0xFFFF_FFFF)
        let codeLeft = functions.count - 16
        assertRejects(Fixtures.reseal(c), .malformed,
                      "section 'functions', offset \(functions.lowerBound + 12): 4294967295 instructions in function F0 declared, but the \(codeLeft) bytes that remain hold at most \(codeLeft / 8)")

        // the length of string 0
        c = b
        Fixtures.put32(&c, strings.lowerBound + 4, 0xFFFF_FFF0)
        assertRejects(Fixtures.reseal(c), .malformed,
                      "section 'strings' ends early: string 0 needs 4294967280 bytes at offset \(strings.lowerBound + 8), \(strings.count - 8) remain")
    }

    func testStructuralErrorsNameWhatAndWhere() throws {
        let b = BytecodeWriter.encode(Fixtures.small)
        let s = Fixtures.sections(b)
        let strings = try XCTUnwrap(s[1]), scene = try XCTUnwrap(s[2]), constants = try XCTUnwrap(s[3])
        let functions = try XCTUnwrap(s[4]), layers = try XCTUnwrap(s[5]), anims = try XCTUnwrap(s[6])

        // unknown section tag, sections out of order, a missing section
        var c = b
        c[strings.lowerBound - 5] = 9
        assertRejects(Fixtures.reseal(c), .malformed, "unknown section tag 0x09 at offset 24")
        c = b
        c[scene.lowerBound - 5] = 3
        assertRejects(Fixtures.reseal(c), .malformed, "section 'constants' at offset \(scene.lowerBound - 5) is out of order (expected 'scene')")
        c = Array(b[0..<anims.lowerBound - 5]) + [0, 0, 0, 0]
        assertRejects(Fixtures.reseal(c), .malformed, "section 'animation templates' is missing (expected at offset \(anims.lowerBound - 5))")
        c = Array(b[0..<b.count - 4]) + [6, 4, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0]
        assertRejects(Fixtures.reseal(c), .malformed, "section 'animation templates' at offset \(b.count - 4) is out of order (all sections were already read)")

        // invalid UTF-8 in string 0 ("small.cal": its first byte)
        c = b
        c[strings.lowerBound + 8] = 0xFF
        assertRejects(Fixtures.reseal(c), .malformed, "section 'strings', offset \(strings.lowerBound + 8): string 0 is not valid UTF-8")

        // the source name pointing past the string table
        c = b
        Fixtures.put32(&c, scene.lowerBound, 99)
        assertRejects(Fixtures.reseal(c), .malformed, "section 'scene', offset \(scene.lowerBound): the source name refers to string 99, but there are 5")

        // an unknown origin (the byte before the 4-byte global count and the 4-byte custom key count
        // that end this scene)
        c = b
        c[scene.upperBound - 9] = 2
        assertRejects(Fixtures.reseal(c), .malformed, "section 'scene', offset \(scene.upperBound - 9): unknown origin 2")

        // constants: unknown tag, a bool that is not 0 or 1, unstorable values
        c = b
        c[constants.lowerBound + 4] = 0x2A
        assertRejects(Fixtures.reseal(c), .malformed, "section 'constants', offset \(constants.lowerBound + 4): constant K0 has unknown type tag 0x2a")
        var p = Fixtures.small
        p.constants = [.bool(true)]
        c = BytecodeWriter.encode(p)
        let k = try XCTUnwrap(Fixtures.sections(c)[3])
        c[k.lowerBound + 5] = 2
        assertRejects(Fixtures.reseal(c), .malformed, "section 'constants', offset \(k.lowerBound + 4): constant K0 is a bool of value 2, not 0 or 1")
        for (v, what) in [(Value.none, "'none'"), (.layer(3), "a layer handle"), (.animation(1), "an animation handle")] {
            p.constants = [.number(1), v]
            c = BytecodeWriter.encode(p)
            let k = try XCTUnwrap(Fixtures.sections(c)[3])
            assertRejects(c, .malformed, "section 'constants', offset \(k.lowerBound + 13): constant K1 is \(what), which a bytecode file cannot hold")
        }

        // functions: an unknown opcode in F0's first instruction, line tables that do not cover the code
        c = b
        c[functions.lowerBound + 16] = 0xC8
        assertRejects(Fixtures.reseal(c), .malformed, "section 'functions', offset \(functions.lowerBound + 16): function F0 instruction 0000 has unknown opcode 0xc8")
        let runs = functions.lowerBound + 16 + 16  // F0: 2 instructions, then its run count
        c = b
        Fixtures.put32(&c, runs + 8, 1)  // the only run covers 1 of 2 instructions
        assertRejects(Fixtures.reseal(c), .malformed, "section 'functions', offset \(runs + 12): the line table of function F0 covers 1 of its 2 instructions")
        c = b
        Fixtures.put32(&c, runs + 8, 3)
        assertRejects(Fixtures.reseal(c), .malformed, "section 'functions', offset \(runs + 4): the line table of function F0 covers more than its 2 instructions")
        c = b
        Fixtures.put32(&c, runs + 8, 0)
        assertRejects(Fixtures.reseal(c), .malformed, "section 'functions', offset \(runs + 4): line run 0 of function F0 is empty")

        // templates: unknown kind, a key path no property has, an unknown animation field
        c = b
        c[layers.lowerBound + 4] = 9
        assertRejects(Fixtures.reseal(c), .malformed, "section 'layer templates', offset \(layers.lowerBound + 4): layer template LT0 has unknown kind 9")
        c = b
        Fixtures.put32(&c, layers.lowerBound + 13, 0x0000_7F00)  // property 127: past the catalogue, below the custom keys
        assertRejects(Fixtures.reseal(c), .malformed, "section 'layer templates', offset \(layers.lowerBound + 13): the key path of property 0 of layer template LT0 is 0x7f00, which is not a key path")
        c = b
        c[anims.lowerBound + 13] = 99
        assertRejects(Fixtures.reseal(c), .malformed, "section 'animation templates', offset \(anims.lowerBound + 13): field 0 of animation template AT0 has unknown field number 99")

        c = b
        c[anims.lowerBound + 4] = 9
        assertRejects(Fixtures.reseal(c), .malformed, "section 'animation templates', offset \(anims.lowerBound + 4): animation template AT0 has unknown kind 9")

        // a partial section header after the last section
        c = Array(b[0..<b.count - 4]) + [6, 0] + [0, 0, 0, 0]
        assertRejects(Fixtures.reseal(c), .truncated, "file is truncated: a section header needs 5 bytes at offset \(b.count - 4), 2 remain")

        // bytes left over inside a section
        c = Array(b[0..<constants.upperBound]) + [0xAA] + Array(b[constants.upperBound...])
        Fixtures.put32(&c, constants.lowerBound - 4, UInt32(constants.count + 1))
        assertRejects(Fixtures.reseal(c), .malformed, "section 'constants', offset \(constants.upperBound): 1 unexpected bytes after the last entry")
    }

    func testLoadVerifies() {
        var p = Fixtures.small
        p.functions[0].code[0] = Instruction(.loadk, a: 9, c: 0)
        let bytes = BytecodeWriter.encode(p)
        XCTAssertNoThrow(try BytecodeReader.decode(bytes))
        XCTAssertThrowsError(try BytecodeReader.load(bytes)) { e in
            XCTAssertEqual((e as? BytecodeError)?.kind, .invalid)
        }
    }

    /// Random edits to a sealed file: decoding may fail but must not trap or hang; whatever decodes
    /// can be verified and disassembled without trapping.
    func testRandomEditsNeverTrap() {
        let base = BytecodeWriter.encode(Fixtures.full)
        var rng = SplitMix64(seed: 0xCA1C)
        var decoded = 0
        for _ in 0..<3000 {
            var c = base
            for _ in 0..<Int(rng.next() % 4) + 1 {
                let i = 24 + Int(rng.next() % UInt64(c.count - 28))
                switch rng.next() % 3 {
                case 0: c[i] = UInt8(truncatingIfNeeded: rng.next())
                case 1: c[i] ^= 1 << (rng.next() % 8)
                default: c[i] = [0x00, 0xFF, 0x7F, 0x80][Int(rng.next() % 4)]
                }
            }
            guard let p = try? BytecodeReader.decode(Fixtures.reseal(c)) else { continue }
            decoded += 1
            _ = try? Verifier.verify(p)
            _ = Disassembler.disassemble(p)
        }
        XCTAssertGreaterThan(decoded, 0, "some edits (in numbers, say) still decode")
    }
}

/// A small deterministic generator (Steele et al.'s SplitMix64) so the random test repeats exactly.
struct SplitMix64 {
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
