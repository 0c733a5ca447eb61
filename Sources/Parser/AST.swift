// The abstract syntax tree: a faithful, span-carrying picture of what was written, before any name
// is resolved or type checked. Error nodes stand in for text the parser could not read, so later
// stages can skip them without reporting cascades.

import CalcCore

/// A name with its span; `parts` holds a dotted path such as `transform.rotation.z`.
public struct Name: Sendable, Equatable {
    public var parts: [String]
    public var span: Span
    public init(_ parts: [String], span: Span) { self.parts = parts; self.span = span }
    public var text: String { parts.joined(separator: ".") }
}

public struct SourceAST: Sendable {
    public var items: [Item]
    public init(items: [Item]) { self.items = items }
}

public enum Item: Sendable {
    case scene(SceneDecl)
    case layer(LayerDecl)
    case binding(Binding)
    case at(AtDecl)
}

/// `scene { size: (320, 240) … }`
public struct SceneDecl: Sendable {
    public var members: [Member]
    public var span: Span
}

/// `name: value` inside a block (a property, a scene setting, an animation field).
public struct Member: Sendable {
    public var name: Name
    public var value: Expr
    public var span: Span
}

/// `layer card { … }` or `layer title: text { … }`.
public struct LayerDecl: Sendable {
    public var name: Name?
    public var kind: Name?
    public var body: [LayerBodyItem]
    public var span: Span
}

public enum LayerBodyItem: Sendable {
    case property(Member)
    case sublayer(LayerDecl)
    /// `animations { key: animation … }`: animations attached when the layer is created.
    case animations([Member], Span)
}

/// `let name = value` / `var name = value`.
public struct Binding: Sendable {
    public var isVar: Bool
    public var name: Name
    public var value: Expr
    public var span: Span
}

/// `at 1.5s { … }`
public struct AtDecl: Sendable {
    public var time: Expr
    public var body: [Stmt]
    public var span: Span
}

public struct Arg: Sendable {
    public var label: Name?
    public var value: Expr
}

public indirect enum Stmt: Sendable {
    /// `card.opacity = 0.5`
    case assign(target: Expr, value: Expr, span: Span)
    case binding(Binding)
    /// An expression used for its effect, e.g. `card.addAnimation(spin, forKey: "spin")`.
    case expr(Expr)
    /// `transaction(animationDuration: 1s) { … }`
    case transaction(args: [Arg], body: [Stmt], span: Span)
    case error(Span)
}

public enum UnaryOp: String, Sendable { case neg = "-", not = "!" }

public enum BinaryOp: String, Sendable {
    case add = "+", sub = "-", mul = "*", div = "/", mod = "%"
    case eq = "==", ne = "!=", lt = "<", le = "<=", gt = ">", ge = ">="
    case and = "&&", or = "||"
}

public struct Expr: Sendable {
    public var kind: ExprKind
    public var span: Span
    public init(_ kind: ExprKind, _ span: Span) { self.kind = kind; self.span = span }
}

public indirect enum ExprKind: Sendable {
    /// A number and its unit suffix ("" for none): `2s` is (2, "s").
    case number(Double, unit: String)
    case string(String)
    case color(Color)
    case bool(Bool)
    case identifier(String)
    /// `.forwards`, `.easeIn`, `.red`: a case of whatever enumeration the context expects.
    case enumCase(String)
    /// `(a, b)`, `(x, y, w, h)`: a point, size, rect or vector by context.
    case tuple([Expr])
    case paren(Expr)
    case unary(UnaryOp, Expr)
    case binary(BinaryOp, Expr, Expr)
    case member(Expr, Name)
    case call(Expr, [Arg])
    /// `basic { keyPath: opacity; to: 0 }`
    case animation(kind: Name, members: [Member])
    /// `none` (the disabled action, or no value)
    case none
    case error
}
