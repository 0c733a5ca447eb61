import XCTest
import CalcCore
import Bytecode
@testable import Compiler
@testable import Parser

/// Compiling with a second thread — half the file lexed and parsed on it (Parser/ParseInHalves.swift),
/// pure function bodies checked on it while main is (Compiler/EarlyBodies.swift) — must give
/// exactly what compiling on one thread gives: the same bytecode, byte for byte, and the same
/// diagnostics in the same order. (`inParallel: true` splits even the smallest file.)
final class ParallelCompileTests: XCTestCase {
    struct Outcome: Equatable {
        var bytes: [UInt8]?
        var diagnostics: [String]
    }

    func compile(_ file: SourceFile, inParallel: Bool) -> Outcome {
        var phases = Compiler.Phases()
        let r = Compiler.compile(file, phases: &phases, inParallel: inParallel)
        return Outcome(bytes: r.program.map { BytecodeWriter.encode($0) },
                       diagnostics: r.diagnostics.map { "\($0.span.start)-\($0.span.end) \($0.id) \($0.message) \($0.label ?? "") \($0.notes)" })
    }

    /// How many bodies the checker took from the other thread.
    func checkedEarly(_ file: SourceFile) -> Int {
        let (ast, _) = Parser.parse(file)
        let checker = Checker(file: file)
        checker.bodiesInParallel = true
        _ = checker.check(ast)
        return checker.bodiesCheckedEarly
    }

    func assertSame(_ file: SourceFile, line: UInt = #line) {
        let serial = compile(file, inParallel: false), parallel = compile(file, inParallel: true)
        XCTAssertEqual(serial.diagnostics, parallel.diagnostics, file.name, line: line)
        XCTAssertEqual(serial.bytes, parallel.bytes, file.name, line: line)
    }

    static let mixed = """
        scene { size: (100, 100) duration: 1s }
        let k = 3
        var counter = 0
        func pure(x: number) -> number {
            var s = 0
            for i in 0..<10 { s = s + x * i % 4 }
            if s > 2 { return s - 1 } else { return s + 1 }
        }
        func callsOthers(x: number) -> number { return pure(x) + later(x) + max(x, 2) }
        func usesTopLevel(x: number) -> number { return x + k }
        func writesTopLevel() { counter = counter + 1 }
        func wrongType(x: number) -> number { return "text" }
        func unusedLocal(x: number) -> number {
            let unused = 4
            let k = x * 2
            return k
        }
        func points(p: point) -> number { return p.x + p.y }
        func strings(n: number) -> string { return "n = \\(n)" }
        func arrays(n: number) -> number {
            var xs: [number] = [1, 2, 3]
            xs[0] = n
            return xs[0] + xs.count
        }
        func neverCalled(a: number) -> number { return a }
        func makesLayer(i: number) { layer "dot\\(i)" { bounds: (0, 0, 4, 4) } }
        func readsRoot() -> number { return root.bounds.width }
        func unknownName(x: number) -> number { return x + undefinedThing }
        func later(x: number) -> number { return x * 2 }
        let v = pure(1) + callsOthers(2) + usesTopLevel(3) + points((1, 2)) + arrays(4) + unknownName(1)
        let t = strings(5)
        layer a { bounds: (0, 0, 10, 10) position: (v, 0) }
        at 0.5s { writesTopLevel() makesLayer(1) a.opacity = readsRoot() }
        """

    func testMixedFunctionsCompileTheSameBothWays() throws {
        let file = SourceFile(name: "mixed.cal", text: ParallelCompileTests.mixed)
        assertSame(file)
        let serial = compile(file, inParallel: false)
        // the file has errors from bodies checked on either side (E0300 early, E0206-like names)
        XCTAssertTrue(serial.diagnostics.contains { $0.contains("W0010") && $0.contains("unused") }, "\(serial.diagnostics)")
        XCTAssertTrue(serial.diagnostics.contains { $0.contains("W0011") }, "\(serial.diagnostics)")
        // pure, callsOthers, wrongType, unusedLocal (its local `k` hides the top-level `k`),
        // points, arrays, neverCalled (its parameter `a` hides the layer `a`), unknownName, later;
        // not usesTopLevel and writesTopLevel (top-level names), strings (an interpolation),
        // makesLayer, readsRoot
        XCTAssertEqual(checkedEarly(file), 9)
    }

    func testTheParserListsPlainBodies() {
        let (ast, _) = Parser.parse(SourceFile(name: "mixed.cal", text: ParallelCompileTests.mixed))
        var plain: [String: PlainBody?] = [:]
        for case .function(let f) in ast.items { plain[f.name.text] = f.plainBody }
        // (parameters and locals in scope are not listed)
        XCTAssertEqual(plain["pure"], PlainBody(names: [], readsMembers: false))
        XCTAssertEqual(plain["callsOthers"], PlainBody(names: ["pure", "later", "max"], readsMembers: false))
        XCTAssertEqual(plain["usesTopLevel"], PlainBody(names: ["k"], readsMembers: false))
        XCTAssertEqual(plain["unusedLocal"], PlainBody(names: [], readsMembers: false))
        XCTAssertEqual(plain["points"], PlainBody(names: [], readsMembers: true))
        XCTAssertEqual(plain["arrays"], PlainBody(names: [], readsMembers: true))
        XCTAssertEqual(plain["wrongType"], PlainBody(names: [], readsMembers: false))
        XCTAssertEqual(plain["readsRoot"], PlainBody(names: ["root"], readsMembers: true))
        // scopes: a local is in scope after its declaration, until its block ends; a loop's
        // variable in its body only
        let scoped = """
            func f(a: number) -> number {
                let b = c + a
                if a > 0 { let d = 1 \n e = d + b } else { d = 2 }
                for i in 0..<i { g = i }
                return i + d
            }
            """
        let (tree, _) = Parser.parse(SourceFile(name: "s.cal", text: scoped))
        if case .function(let f)? = tree.items.first {
            XCTAssertEqual(f.plainBody?.names, ["c", "e", "d", "i", "g"])
        } else { XCTFail("no function") }
        XCTAssertEqual(plain["strings"], .some(nil), "an interpolation")
        XCTAssertEqual(plain["makesLayer"], .some(nil), "a layer")
        // each kind of statement that is not plain, alone in a body
        for body in ["l.opacity = 1", "xs.append(1)", "let a = basic { keyPath: opacity }", "at 1s { }",
                     "transaction { }", "animate(duration: 1s) { }", "x + 1", "p.filters = []",
                     "let c = l.emitterCells.spark.birthRate", "draw { }", "layer q { }"] {
            let (tree, _) = Parser.parse(SourceFile(name: "b.cal", text: "func f(l: layer, x: number, p: layer) { \(body) }"))
            guard case .function(let f)? = tree.items.first else { XCTFail(body); continue }
            XCTAssertNil(f.plainBody, body)
        }
    }

    func testWithoutErrorsTheBytecodeIsTheSame() throws {
        let src = ParallelCompileTests.mixed
            .replacingOccurrences(of: "return \"text\"", with: "return x")
            .replacingOccurrences(of: "x + undefinedThing", with: "x")
        let file = SourceFile(name: "clean.cal", text: src)
        let serial = compile(file, inParallel: false)
        XCTAssertNotNil(serial.bytes, "\(serial.diagnostics)")
        assertSame(file)
    }

    func testSamplesCompileTheSameBothWays() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let samples = root.appendingPathComponent("Samples")
        let files = try FileManager.default.subpathsOfDirectory(atPath: samples.path).filter { $0.hasSuffix(".cal") }.sorted()
        XCTAssertGreaterThan(files.count, 20)
        for f in files {
            let bytes = try [UInt8](Data(contentsOf: samples.appendingPathComponent(f)))
            assertSame(SourceFile(name: f, bytes: bytes))
        }
    }

    func testHalvesParseToTheWholeFilesTree() throws {
        let src = ParallelCompileTests.mixed
        let file = SourceFile(name: "mixed.cal", text: src)
        let halves = try XCTUnwrap(Parser.parseInHalves(file, minimumBytes: 0))
        let (whole, diags) = Parser.parse(file)
        XCTAssertTrue(diags.items.isEmpty)
        XCTAssertEqual(SyntaxDump.ast(halves), SyntaxDump.ast(whole))
        XCTAssertEqual(halves.items.count, 21)   // scene, 2 top-level names, 14 functions, 2 lets, a layer, an event
        // the split is at the first line starting with a declaration word after the middle
        let split = try XCTUnwrap(Parser.splitPoint(file.bytes))
        XCTAssertGreaterThanOrEqual(split, file.bytes.count / 2)
        XCTAssertTrue(src.utf8.dropFirst(split).starts(with: "func ".utf8), String(decoding: file.bytes[split...].prefix(20), as: UTF8.self))
    }

    func testAFileThatDoesNotSplitCleanlyIsParsedWhole() {
        // the split point falls inside a block comment: the first half ends in an open comment
        let commented = "let a = 1\n/*\n" + String(repeating: "let x = 1\n", count: 20) + "*/\nlet b = 2\n"
        XCTAssertNil(Parser.parseInHalves(SourceFile(name: "c.cal", text: commented), minimumBytes: 0))
        // a statement cut in two: `let c = 1 +` before the split
        let cut = String(repeating: "let y = 1\n", count: 10) + "let c = 1 +\nlet d = 2\n" + String(repeating: "let z = 1\n", count: 2)
        XCTAssertNotNil(Parser.splitPoint(Array(cut.utf8)))
        XCTAssertNil(Parser.parseInHalves(SourceFile(name: "cut.cal", text: cut), minimumBytes: 0))
        // an error in either half
        XCTAssertNil(Parser.parseInHalves(SourceFile(name: "e.cal", text: "let a = )\n" + String(repeating: "let q = 1\n", count: 9)), minimumBytes: 0))
        // nothing to split at
        XCTAssertNil(Parser.parseInHalves(SourceFile(name: "n.cal", text: "scene { size: (1, 1) }\n"), minimumBytes: 0))
        // and the smallest files are never split by default
        XCTAssertNil(Parser.parseInHalves(SourceFile(name: "m.cal", text: ParallelCompileTests.mixed)))
    }

    /// A corpus such as scripts/parity-corpus.py writes, when CALC_PARITY_CORPUS names its folder.
    func testCorpusCompilesTheSameBothWays() throws {
        guard let dir = ProcessInfo.processInfo.environment["CALC_PARITY_CORPUS"] else {
            throw XCTSkip("set CALC_PARITY_CORPUS to a folder of .cal files")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".cal") }.sorted()
        for f in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir).appendingPathComponent(f)))
            assertSame(SourceFile(name: f, bytes: bytes))
        }
    }
}
