// The `calc` command and its subcommands (SPEC §2).

import ArgumentParser
import Foundation
import CalcCore
import Bytecode
import Compiler
import Parser

struct Calc: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "calc",
        abstract: "Compile and run CAL animated layer scenes.",
        discussion: """
        Exit codes: 0 success, 1 errors in the source (calc test: a script failed), 2 bad usage, \
        3 runtime error, 4 file I/O error, 5 invalid bytecode file.
        """,
        version: "calc \(version) (bytecode format \(BytecodeFormat.version))",
        // (each subcommand names itself: deriving a name from the type's name costs ~3 ms of
        // start-up in runtime reflection, more than lexing 10 000 lines)
        subcommands: [Build.self, Run.self, Check.self, Disasm.self, Test.self, Values.self, Bench.self, Sheet.self, Preview.self]
    )
}

extension Calc {
    /// The subcommands' names, and `help`.
    static let commandNames = ["build", "run", "check", "disasm", "test", "values", "bench", "sheet", "preview", "help"]

    /// Words people type for a command calc spells otherwise (other tools' names for the same job).
    static let synonyms: [String: String] = [
        "render": "run", "play": "preview", "serve": "preview", "watch": "preview", "view": "preview", "exec": "run", "execute": "run", "compile": "build", "make": "build",
        "lint": "check", "verify": "check", "validate": "check", "disassemble": "disasm", "dis": "disasm",
        "asm": "disasm", "snapshot": "test", "tests": "test", "benchmark": "bench", "contact": "sheet", "thumbnails": "sheet",
    ]

    /// The message for a first argument that is no option and no command (nil when it is one):
    /// the nearest command by synonym or by spelling (at most two edits), else the list.
    /// (ArgumentParser's own "Unexpected argument 'render'" names nothing to try instead.)
    static func unknownCommand(_ word: String) -> String? {
        guard !word.hasPrefix("-"), !commandNames.contains(word) else { return nil }
        let commands = commandNames.filter { $0 != "help" }
        let lower = word.lowercased()
        var nearest = synonyms[lower] ?? (commands.contains(lower) ? lower : nil)
        if nearest == nil {
            let scored = commands.map { ($0, editDistance(lower, $0)) }.filter { $0.1 <= min(2, max(1, $0.0.count / 2)) }
            nearest = scored.min { $0.1 < $1.1 }?.0
        }
        let list = commands.joined(separator: ", ")
        if let nearest { return "unknown command '\(word)'; did you mean 'calc \(nearest)'? (commands: \(list); calc --help)" }
        return "unknown command '\(word)' (commands: \(list); calc --help)"
    }

    /// Levenshtein distance (insertions, deletions, substitutions), over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        var row = Array(0...y.count)
        for i in 1...max(1, x.count) where !x.isEmpty {
            var prev = row[0]
            row[0] = i
            for j in 1...max(1, y.count) where !y.isEmpty {
                let cur = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (x[i - 1] == y[j - 1] ? 0 : 1))
                prev = cur
            }
        }
        return x.isEmpty ? y.count : row[y.count]
    }
}

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Compile a .cal file to bytecode.",
        discussion: "Writes NAME.calb in the current directory (NAME: the source's file name without .cal) unless -o says otherwise. With --emit asm, writes the disassembly (to stdout unless -o is given).")

    enum Emit: String, ExpressibleByArgument, CaseIterable {
        case bytecode, asm, tokens, ast, ir
    }

    @Argument(help: "The .cal source file.") var file: String
    @Option(name: .shortAndLong, help: "Output path.") var output: String?
    @Option(help: "What to write: bytecode (default), asm (the disassembly), or a stage: tokens, ast, ir.") var emit: Emit = .bytecode
    @Flag(name: .shortAndLong, help: "Print errors only, no warnings.") var quiet = false
    @Flag(help: "Print the wall time of each stage (read, lex, parse, check, generate, verify, encode, write) to stderr.") var timeStages = false

    func run() throws {
        try BuildRequest(file: file, output: output, emit: emit, quiet: quiet, timeStages: timeStages).run()
    }

    /// In the current directory, named after the source (`src/hello.cal` → `hello.calb`): the one
    /// rule for every default output of calc (docs/cli.md, "Where outputs go").
    static func defaultOutput(for file: String) -> String {
        let base = (file as NSString).lastPathComponent
        if base.hasSuffix(".cal") { return String(base.dropLast(4)) + ".calb" }
        return base + ".calb"
    }
}

/// What `calc build` was asked to do, apart from how it was parsed.
struct BuildRequest {
    var file: String
    var output: String?
    var emit = Build.Emit.bytecode
    var quiet = false
    var timeStages = false

    /// `calc build` written only with the plain spellings of its options (`-o OUT`, `--output OUT`,
    /// `--emit KIND`, `-q`, `--quiet`, `--time-stages`, each at most once, and one file), read
    /// without ArgumentParser; nil for anything else, which ArgumentParser then reads (and reports).
    /// ArgumentParser builds its model of the whole command tree by reflection and dynamic casts,
    /// ~13 million instructions: more than half of the start-up of a `calc build`.
    static func quickParse(_ args: ArraySlice<String>) -> BuildRequest? {
        guard args.first == "build" else { return nil }
        var file: String?, output: String?, emit: Build.Emit?, quiet = false, timeStages = false
        var rest = args.dropFirst()
        while let arg = rest.popFirst() {
            switch arg {
            case "-o", "--output":
                guard output == nil, let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
                output = value
            case "--emit":
                guard emit == nil, let value = rest.popFirst(), let kind = Build.Emit(rawValue: value) else { return nil }
                emit = kind
            case "-q", "--quiet":
                guard !quiet else { return nil }
                quiet = true
            case "--time-stages":
                guard !timeStages else { return nil }
                timeStages = true
            default:
                guard file == nil, !arg.hasPrefix("-") else { return nil }
                file = arg
            }
        }
        guard let file else { return nil }
        return BuildRequest(file: file, output: output, emit: emit ?? .bytecode, quiet: quiet, timeStages: timeStages)
    }

    func run() throws {
        var stages = StageClock()
        let bytes = try Files.read(file, limit: Files.maxSourceBytes)
        CompilerHeap.prepare(sourceBytes: bytes.count)
        stages.mark("read")
        let source = SourceFile(name: file, bytes: bytes)
        func write(_ text: String) throws {
            if let out = output { try Files.writeAtomically(Array(text.utf8), to: out, protecting: [file]) } else { Console.out(text) }
        }
        switch emit {
        case .tokens: return try write(SyntaxDump.tokens(source))
        case .ast:
            let (ast, diags) = Parser.parse(source)
            ProgramLoader.printDiagnostics(diags.sorted, file: source, quietWarnings: quiet)
            return try write(SyntaxDump.ast(ast))
        case .ir:
            let (text, diags) = Compiler.ir(source)
            ProgramLoader.printDiagnostics(diags, file: source, quietWarnings: quiet)
            guard let text else {
                let n = diags.filter { $0.severity == .error }.count
                throw CalcFailure(.diagnostics, "\(n) error\(n == 1 ? "" : "s") in '\(file)'; nothing was written")
            }
            return try write(text)
        default: break
        }
        // `calc build` exits when this returns: the compiler's data and the program are left for
        // the OS to reclaim rather than freed object by object
        let program = try ProgramLoader.compile(path: file, bytes: bytes, quietWarnings: quiet, stages: &stages,
                                                exitsAfter: true, verified: emit != .bytecode, checkingImages: true)
        keepUntilExit(program)
        switch emit {
        case .bytecode:
            let out = output ?? Build.defaultOutput(for: file)
            // verified on another thread while encoded on this one; nothing is written unless it passes
            let verification = Background { try ProgramLoader.verify(program, path: file) }
            let encoded = BytecodeWriter.encode(program)
            stages.mark("encode")
            try verification.wait()
            stages.mark("verify")
            try Files.writeAtomically(encoded, to: out, protecting: [file])
            stages.mark("write")
            if timeStages { Console.err(stages.report(file: file, lines: source.lineStarts.count - (bytes.last == 10 ? 1 : 0))) }
        case .asm:
            try write(Disassembler.disassemble(program))
        default: break
        }
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Check a .cal file and print its diagnostics; write nothing.")

    @Argument(help: "The .cal source file.") var file: String
    @Flag(name: .shortAndLong, help: "Print errors only, no warnings.") var quiet = false

    func run() throws {
        let bytes = try Files.read(file, limit: Files.maxSourceBytes)
        CompilerHeap.prepare(sourceBytes: bytes.count)
        var stages = StageClock()
        keepUntilExit(try ProgramLoader.compile(path: file, bytes: bytes, quietWarnings: quiet, stages: &stages, exitsAfter: true,
                                                checkingImages: true))
    }
}

struct Disasm: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "disasm", abstract: "Print the disassembly of a .calb bytecode file.")

    @Argument(help: "The .calb file.") var file: String

    func run() throws {
        let bytes = try Files.read(file)
        let program = try ProgramLoader.decode(path: file, bytes: bytes)
        Console.out(Disassembler.disassemble(program.program))
    }
}
