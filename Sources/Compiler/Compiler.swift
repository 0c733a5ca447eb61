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
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

public enum Compiler {
    /// Compiles one source file. `name` is how the file is shown in diagnostics and recorded in the
    /// bytecode (pass the path as the user wrote it).
    public static func compile(_ file: SourceFile) -> CompileResult {
        var phases = Phases()
        return compile(file, phases: &phases)
    }

    /// Wall time of each compiler phase, for `calc bench`.
    public struct Phases: Sendable {
        public var parse: Duration = .zero
        public var check: Duration = .zero
        public var generate: Duration = .zero
        public init() {}
    }

    public static func compile(_ file: SourceFile, phases: inout Phases) -> CompileResult {
        let clock = ContinuousClock()
        var t0 = clock.now
        let (ast, parseDiags) = Parser.parse(file)
        phases.parse = clock.now - t0
        t0 = clock.now
        var diags = parseDiags
        let checker = Checker(file: file)
        let functions = checker.check(ast)
        diags.append(contentsOf: checker.diags)
        phases.check = clock.now - t0
        t0 = clock.now
        defer { phases.generate = clock.now - t0 }
        if diags.items.isEmpty && ast.items.isEmpty {
            diags.warning("W0005", "the file declares nothing", at: Span(0, 0))
        }
        guard !diags.hasErrors else { return CompileResult(program: nil, diagnostics: diags.sorted) }
        var gen = CodeGen(pool: checker.pool)
        var compiled: [Function] = []
        for f in functions { compiled.append(gen.function(f)) }
        let program = Program(sourceName: file.name, scene: checker.scene, constants: gen.pool.values,
                              functions: compiled, layerTemplates: checker.layerTemplates,
                              animationTemplates: checker.animationTemplates, globalCount: UInt32(checker.globalCount),
                              customKeys: checker.customKeys, behaviorTemplates: checker.behaviorTemplates)
        return CompileResult(program: program, diagnostics: diags.sorted)
    }
}
