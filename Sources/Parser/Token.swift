// Tokens of CAL. A token is a kind plus a byte span; its text is read back from the source when
// needed, so the token array is small and trivially copyable.

import CalcCore

public enum TokenKind: String, Sendable, Equatable {
    // literals
    case number          // 12, 0.5, 1e3, with an optional unit suffix: 2s 250ms 90deg 1.5rad
    case string          // "text" with \n \t \" \\ \u{…} escapes
    case hexColor        // #rgb #rgba #rrggbb #rrggbbaa
    case identifier
    // keywords
    case kwScene = "scene", kwLayer = "layer", kwLet = "let", kwVar = "var", kwAt = "at"
    case kwTrue = "true", kwFalse = "false", kwTransaction = "transaction"
    case kwAnimations = "animations", kwIf = "if", kwElse = "else", kwFor = "for", kwIn = "in"
    case kwFunc = "func", kwReturn = "return", kwAfter = "after", kwEvery = "every", kwOn = "on"
    case kwStyle = "style", kwActions = "actions", kwNone = "none"
    // punctuation
    case lbrace = "{", rbrace = "}", lparen = "(", rparen = ")", lbracket = "[", rbracket = "]"
    case comma = ",", colon = ":", semicolon = ";", dot = ".", equal = "="
    case plus = "+", minus = "-", star = "*", slash = "/", percent = "%"
    case bang = "!", equalEqual = "==", bangEqual = "!=", less = "<", lessEqual = "<="
    case greater = ">", greaterEqual = ">=", ampAmp = "&&", pipePipe = "||"
    case dotDotDot = "...", dotDotLess = "..<", arrow = "->", question = "?"
    case eof
    /// A byte sequence the lexer could not make sense of; the lexer already reported it.
    case invalid

    public static let keywords: [String: TokenKind] = {
        let all: [TokenKind] = [.kwScene, .kwLayer, .kwLet, .kwVar, .kwAt, .kwTrue, .kwFalse, .kwTransaction,
                                .kwAnimations, .kwIf, .kwElse, .kwFor, .kwIn, .kwFunc, .kwReturn, .kwAfter,
                                .kwEvery, .kwOn, .kwStyle, .kwActions, .kwNone]
        return Dictionary(uniqueKeysWithValues: all.map { ($0.rawValue, $0) })
    }()

    /// How the kind is named in "expected …" messages.
    public var display: String {
        switch self {
        case .number: return "a number"
        case .string: return "a string"
        case .hexColor: return "a color"
        case .identifier: return "a name"
        case .eof: return "end of file"
        case .invalid: return "invalid text"
        default: return "'\(rawValue)'"
        }
    }
}

/// Stored as a start offset and a 32-bit length, so a token takes 16 bytes instead of 32 (a
/// 100 000-line file has ~800 000 tokens). A token longer than 4 GiB (possible only on a line the
/// lexer already reports as too long) has its length clamped.
public struct Token: Sendable, Equatable {
    var start: Int
    var length: UInt32
    public var kind: TokenKind
    /// True when a newline separates this token from the previous one (calls and subscripts must
    /// start on the callee's line, so a parenthesised expression on the next line is not a call).
    public var afterNewline: Bool

    public var span: Span {
        get { Span(start, start + Int(length)) }
        set { start = newValue.start; length = UInt32(clamping: newValue.end - newValue.start) }
    }

    public init(kind: TokenKind, span: Span, afterNewline: Bool) {
        self.start = span.start
        self.length = UInt32(clamping: span.end - span.start)
        self.kind = kind
        self.afterNewline = afterNewline
    }
}

extension Token {
    /// A token over `start..<end` (`end >= start`), as `init(kind:span:afterNewline:)` makes it.
    @inline(__always) init(kind: TokenKind, start: Int, end: Int, afterNewline: Bool) {
        self.start = start
        self.length = UInt32(clamping: end - start)
        self.kind = kind
        self.afterNewline = afterNewline
    }
}
