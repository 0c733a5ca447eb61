// Lexing and parsing a large file in two halves, one on each of two threads.
//
// A file splits cleanly at the start of a line that begins, in its first column, with `func`,
// `layer`, `let`, `var` or `style` followed by a space: none of these words can continue a
// statement, so when the text before such a line lexes and parses to its end with no diagnostic,
// the top-level statements before it are complete there, and the whole file's tokens and
// statements are those of the two halves put together. Each half is lexed and parsed on its own
// thread; if either half has any diagnostic (a string or comment left open at the split, a
// statement cut in two, or a real error), the result is thrown away and the file is parsed whole,
// so diagnostics always come from the one-piece parse. The tests compare both ways.

import CalcCore
import Dispatch

extension Parser {
    /// The two halves' parse, or nil when the file has no clean split or either half reported
    /// anything (then parse it whole). `minimumBytes`: smaller files are not split.
    public static func parseInHalves(_ file: SourceFile, minimumBytes: Int = 256 << 10) -> SourceAST? {
        let bytes = file.bytes
        guard bytes.count >= minimumBytes, let split = splitPoint(bytes) else { return nil }
        final class Half: @unchecked Sendable { var ast: SourceAST?; var clean = false }
        let second = Half()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global(qos: .userInitiated).async {
            defer { done.signal() }
            let (tokens, lex) = Lexer.tokenize(file, range: split..<bytes.count)
            guard lex.items.isEmpty else { return }
            var parser = Parser(file: file, tokens: tokens)
            second.ast = parser.parseFile()
            second.clean = parser.diagnostics.items.isEmpty
        }
        var lexer = Lexer(file: file, range: 0..<split, checksFile: true)
        let tokens = lexer.run()
        var first: SourceAST?
        if lexer.diagnostics.items.isEmpty {
            var parser = Parser(file: file, tokens: tokens)
            let ast = parser.parseFile()
            if parser.diagnostics.items.isEmpty { first = ast }
        }
        done.wait()
        guard var ast = first, second.clean, let rest = second.ast else { return nil }
        ast.items.append(contentsOf: rest.items)
        ast.hasCells = ast.hasCells || rest.hasCells
        ast.namesFilterLists = ast.namesFilterLists || rest.namesFilterLists
        ast.mentionsTime = ast.mentionsTime || rest.mentionsTime
        return ast
    }

    /// The first line start at or after the middle of the file whose line begins with one of the
    /// words above and a space, or nil.
    static func splitPoint(_ b: [UInt8]) -> Int? {
        let words: [[UInt8]] = ["func ", "layer ", "let ", "var ", "style "].map { Array($0.utf8) }
        var i = b.count / 2
        while i < b.count {
            guard let nl = b[i...].firstIndex(of: 10) else { return nil }
            let start = nl + 1
            for w in words where start + w.count <= b.count && b[start..<(start + w.count)].elementsEqual(w) {
                return start
            }
            i = start
        }
        return nil
    }
}
