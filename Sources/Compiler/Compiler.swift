// The compiler's entry point: source text → verified-ready Program plus sorted diagnostics.
// Code is generated only when checking found no errors; all errors are reported either way.

import CalcCore
import Parser
import Bytecode

public struct CompileResult: Sendable {
    /// nil when there were errors.
    public var program: Program?
    /// Sorted by position; errors and warnings.
    public var diagnostics: [Diagnostic]
    /// The image files the source names (`image("photo.png")`), in source order, with where.
    public var images: [ImageReference] = []
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// An image file named in the source, and the span of its name.
public struct ImageReference: Sendable, Equatable {
    public let name: String
    public let span: Span
    public init(name: String, span: Span) { self.name = name; self.span = span }
}

public enum Compiler {
    /// Compiles one source file. `name` is how the file is shown in diagnostics and recorded in the
    /// bytecode (pass the path as the user wrote it).
    public static func compile(_ file: SourceFile) -> CompileResult {
        var phases = Phases()
        return compile(file, phases: &phases)
    }

    /// Wall time of each compiler phase, for `calc bench` and `calc build --time-stages`.
    public struct Phases: Sendable {
        public var lex: Duration = .zero
        public var parse: Duration = .zero
        public var check: Duration = .zero
        public var generate: Duration = .zero
        public init() {}
    }

    /// `releasingMemory: false` is for a process that exits right after compiling (`calc build`):
    /// the syntax tree, the checker's tables and the IR are then never freed. Freeing them is
    /// freeing every node one by one, ~10% of compiling; the OS reclaims the memory at exit in one
    /// step (clang's -disable-free does the same). Otherwise each stage's input is released as soon
    /// as the next stage has consumed it (the tokens after parsing, the syntax tree after checking,
    /// each function's IR after its code is generated), so memory is reused stage to stage.
    /// `inParallel`: whether a second thread lexes and parses half of the file
    /// (Parser/ParseInHalves.swift), checks plain function bodies while the top level is checked
    /// (EarlyBodies.swift) and generates the code of the later functions (ParallelCodeGen.swift);
    /// nil: where it pays, on a machine with two cores or more. The result is the same either way,
    /// byte for byte.
    public static func compile(_ file: SourceFile, phases: inout Phases, releasingMemory: Bool = true,
                               inParallel: Bool? = nil) -> CompileResult {
        let clock = ContinuousClock()
        var t0 = clock.now
        var diags = DiagnosticBag()
        let checker = Checker(file: file)
        let parallel = inParallel ?? (onlineProcessorCount > 1 ? nil : false)   // nil: decide by size
        checker.bodiesInParallel = parallel
        let halves = parallel == false ? nil : Parser.parseInHalves(file, minimumBytes: parallel == true ? 0 : 256 << 10)
        var functions: [IRFunction]
        let declaresNothing: Bool
        do {
            let ast: SourceAST
            if let halves {
                // (lexing is part of each half's parse)
                ast = halves
                phases.parse = clock.now - t0
                t0 = clock.now
            } else {
                let (tokens, lexDiags) = Lexer.tokenize(file)
                phases.lex = clock.now - t0
                t0 = clock.now
                var parser = Parser(file: file, tokens: tokens)
                ast = parser.parseFile()
                phases.parse = clock.now - t0
                t0 = clock.now
                diags = lexDiags
                diags.append(contentsOf: parser.diagnostics)
            }
            checker.syntaxErrors = diags.hasErrors
            functions = checker.check(ast)
            checker.functions = []
            checker.deferred = []
            declaresNothing = ast.items.isEmpty
            if !releasingMemory { keepUntilExit(ast) }
        }
        if !releasingMemory { keepUntilExit(checker) }
        diags.append(contentsOf: checker.diags)
        phases.check = clock.now - t0
        t0 = clock.now
        defer { phases.generate = clock.now - t0 }
        if diags.items.isEmpty && declaresNothing {
            diags.warning("W0005", "the file declares nothing", at: Span(0, 0))
        }
        guard !diags.hasErrors else { return CompileResult(program: nil, diagnostics: diags.sorted, images: checker.imageReferences) }
        var gen = CodeGen(pool: checker.pool)
        var compiled: [Function] = []
        compiled.reserveCapacity(functions.count)
        // (on two threads where it pays, with constant numbers far from RK's limit:
        // ParallelCodeGen.swift; the IR is then released with the rest, not function by function)
        let statements = parallel == false ? 0 : functions.reduce(0) { $0 + $1.body.count }
        if functions.count > 1, gen.pool.values.count < 1 << 20, statements < 1 << 20,
           parallel == true || (parallel == nil && statements >= 20_000) {
            compiled = gen.functionsOnTwoThreads(functions)
            if !releasingMemory { keepUntilExit(functions) }
        } else if releasingMemory {
            for i in functions.indices {
                compiled.append(gen.function(functions[i]))
                functions[i].body = []
            }
        } else {
            for f in functions { compiled.append(gen.function(f)) }
            keepUntilExit(functions)
        }
        let program = Program(sourceName: file.name, scene: checker.scene, constants: gen.pool.values,
                              functions: compiled, layerTemplates: checker.layerTemplates,
                              animationTemplates: checker.animationTemplates, globalCount: UInt32(checker.globalCount),
                              customKeys: checker.customKeys, behaviorTemplates: checker.behaviorTemplates)
        return CompileResult(program: program, diagnostics: diags.sorted, images: checker.imageReferences)
    }
}

/// Keeps `value` alive until the process exits: it is never freed (see `Compiler.compile`'s
/// `releasingMemory`).
public func keepUntilExit<T>(_ value: T) {
    _ = Unmanaged.passRetained(Immortal(value))
}

private final class Immortal<T> {
    let value: T
    init(_ value: T) { self.value = value }
}
