import XCTest
import CalcCore
import Parser
import Bytecode
@testable import Compiler

/// Function bodies checked on a second thread while main is (Sources/Compiler/EarlyBodies.swift)
/// must give exactly what checking them after main gives: the same bytecode, byte for byte, and
/// the same diagnostics in the same order.
final class EarlyBodiesTests: XCTestCase {
    struct Outcome: Equatable {
        var bytes: [UInt8]?
        var diagnostics: [String]
    }

    func compile(_ file: SourceFile, inParallel: Bool) -> Outcome {
        var phases = Compiler.Phases()
        let r = Compiler.compile(file, phases: &phases, bodiesInParallel: inParallel)
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
        let file = SourceFile(name: "mixed.cal", text: EarlyBodiesTests.mixed)
        assertSame(file)
        let serial = compile(file, inParallel: false)
        // the file has errors from bodies checked on either side (E0300 early, E0206-like names)
        XCTAssertTrue(serial.diagnostics.contains { $0.contains("W0010") && $0.contains("unused") }, "\(serial.diagnostics)")
        XCTAssertTrue(serial.diagnostics.contains { $0.contains("W0011") }, "\(serial.diagnostics)")
        // pure, callsOthers, wrongType, unusedLocal, points, strings, arrays, neverCalled,
        // unknownName, later; not usesTopLevel, writesTopLevel, makesLayer, readsRoot
        XCTAssertEqual(checkedEarly(file), 10)
    }

    func testWithoutErrorsTheBytecodeIsTheSame() throws {
        let src = EarlyBodiesTests.mixed
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
