// The abstract syntax tree: a faithful, span-carrying picture of what was written, before any name
// is resolved or type checked. Blocks are lists of statements everywhere — the top level, layer
// bodies, handlers, loops — and a `name: value` member is a statement whose meaning (a layer
// property, a scene setting, an animation field) the checker gives it from context. Error nodes
// stand in for text the parser could not read, so later stages skip them without cascades.

import CalcCore

/// A name with its span; `parts` holds a dotted path such as `transform.rotation.z`.
/// The first part is stored inline and the rest in an array that is empty (not allocated) for the
/// usual one-part name: a `[String]` per name was one allocation per identifier the parser kept.
public struct Name: Sendable, Equatable {
    public var first: String
    public var rest: [String]
    public var span: Span
    public init(_ parts: [String], span: Span) {
        self.first = parts.first ?? ""
        self.rest = parts.count > 1 ? Array(parts.dropFirst()) : []
        self.span = span
    }
    public init(_ name: String, span: Span) { self.first = name; self.rest = []; self.span = span }
    public var parts: [String] {
        get { [first] + rest }
        set { self = Name(newValue, span: span) }
    }
    public var text: String { rest.isEmpty ? first : ([first] + rest).joined(separator: ".") }
}

public struct SourceAST: Sendable {
    public var items: [Stmt]
    /// Whether the file has a `cell` declaration, and whether it names a filter list (`filters` or
    /// `backgroundFilters` as a member or after a dot) anywhere. The checker scans the whole tree
    /// for these before checking; the parser sees them go by, and when it saw none the scans are
    /// skipped (they cost 8% of compiling a 100 000-line file that has neither). True when unknown.
    public var hasCells = true
    public var namesFilterLists = true
    /// Whether the name `time` appears anywhere (as any identifier): when it does not, no property
    /// value can use it, and the checker skips looking for it in each one. True when unknown.
    public var mentionsTime = true
    public init(items: [Stmt]) { self.items = items }
}

/// `name: value` (a property, a scene setting, an animation field, a style default).
public struct Member: Sendable {
    public var name: Name
    public var value: Expr
    public var span: Span
}

/// `scene { size: (320, 240) … }`
public struct SceneDecl: Sendable {
    public var members: [Member]
    public var span: Span
}

/// How a layer is named: an identifier (a global name) or a string expression (found by name).
public enum LayerName: Sendable {
    case identifier(Name)
    case dynamic(Expr)
}

/// `layer card { … }`, `layer title: text { … }`, `layer "dot\(i)" { … }`.
public struct LayerDecl: Sendable {
    public var name: LayerName?
    public var kind: Name?
    public var body: [Stmt]
    public var span: Span
    /// `mask { … }` in a layer body: the layer becomes the enclosing layer's mask.
    public var isMask = false
}

/// `cell spark { birthRate: 100 … cell trail { … } }` in an emitter layer's body (or a cell's): an
/// emitter cell with its properties and its own cells.
public struct CellDecl: Sendable {
    public var name: Name
    public var body: [Stmt]
    public var span: Span
}

/// `let name = value` / `var name = value` / `let name: type = value`.
public struct Binding: Sendable {
    public var isVar: Bool
    public var name: Name
    public var type: TypeExpr?
    public var value: Expr
    public var span: Span
}

/// A written type: `number`, `[color]` …
public enum TypeExpr: Sendable {
    case named(Name)
    indirect case array(TypeExpr, Span)

    public var span: Span {
        switch self {
        case .named(let n): return n.span
        case .array(_, let s): return s
        }
    }
}

public struct Param: Sendable {
    public var name: Name
    public var type: TypeExpr
}

/// `func name(a: number, b: point) -> number { … }`
public struct FuncDecl: Sendable {
    public var name: Name
    public var params: [Param]
    public var result: TypeExpr?
    public var body: [Stmt]
    public var span: Span
    /// What the parser saw in the body, when it holds only bindings, assignments to names and
    /// array elements, conditionals, loops, returns, calls of named functions and expressions
    /// without animations, member calls or interpolations; nil otherwise. (The compiler checks such
    /// bodies on a second thread: Compiler/EarlyBodies.swift.)
    public var plainBody: PlainBody?
}

/// A function body made of plain statements (`FuncDecl.plainBody`): the names it reads that are
/// not its parameters or locals in scope (each once, in order of first use) and whether it reads
/// members.
public struct PlainBody: Sendable, Equatable {
    public var names: [String] = []
    public var readsMembers = false

    @inlinable mutating func note(_ name: String) {
        for n in names where n == name { return }
        names.append(name)
    }
}

/// `style name { defaults, actions { … } }`
/// `property thickness: number = 4`: a custom key–value property every layer has (KVC), with
/// its type and the value a layer has until it sets it.
public struct PropertyDecl: Sendable {
    public var name: Name
    public var type: TypeExpr
    public var value: Expr
    public var span: Span
}

public struct StyleDecl: Sendable {
    public var name: Name
    public var body: [Stmt]
    public var span: Span
}

/// When a handler runs.
public enum Trigger: Sendable {
    /// `at 1.5s`
    case at(Expr)
    /// `after 0.5s` (from the enclosing handler's time; from 0 at the top level)
    case after(Expr)
    /// `every 1s [from T] [until T]`
    case every(Expr, from: Expr?, until: Expr?)
    /// `every frame`
    case frame
    /// `on card.spin.didStart`, `on card["spin\(i)"].didStart`
    case didStart(layer: Expr, key: HandlerKey)
    /// `on card.spin.didStop(finished)`, `on card["spin\(i)"].didStop(finished)`
    case didStop(layer: Expr, key: HandlerKey, finished: Name?)
    /// `on walls.beganContact(item, partner, point)`, `on walls.endedContact(…)`: a collision
    /// behaviour's contacts (UICollisionBehaviorDelegate); the names are optional, in that order.
    case contact(behavior: Name, began: Bool, names: [Name])
}

public struct EventDecl: Sendable {
    public var trigger: Trigger
    public var keyword: Span
    public var body: [Stmt]
    public var span: Span
}

public struct Arg: Sendable {
    public var label: Name?
    public var value: Expr
}

public indirect enum Stmt: Sendable {
    case scene(SceneDecl)
    case layer(LayerDecl)
    case binding(Binding)
    case function(FuncDecl)
    case style(StyleDecl)
    case property(PropertyDecl)
    case event(EventDecl)
    /// `name: value` in a block that gives it a meaning.
    case member(Member)
    /// `animations { key: animation … }` in a layer body.
    case animations([Member], Span)
    /// `actions { key: animation | none … }` in a layer or style body.
    case actions([Member], Span)
    /// `constraints { minX: superlayer.minX + 10 … }` in a layer body (CAConstraint).
    case constraints([Member], Span)
    /// `card.constraints { … }` as a statement (in a handler, a function or the top level):
    /// replaces the layer's constraints with these, or clears them when there are none.
    case setConstraints(layer: Expr, [Member], Span)
    /// `card.actions { … }` as a statement: sets these entries of the layer's actions (each
    /// replaces the layer's action for its key, as `layer.actions[key] = …` does).
    case setActions(layer: Expr, [Member], Span)
    /// `card.opacity = 0.5`, `x = x + 1`, `xs[i] = v`
    case assign(target: Expr, value: Expr, span: Span)
    /// An expression used for its effect, e.g. `card.addAnimation(spin, forKey: "spin")`.
    case expr(Expr)
    /// `transaction(animationDuration: 1s) { … } completion { … }`
    case transaction(args: [Arg], body: [Stmt], completion: [Stmt]?, span: Span)
    /// UIKit's animation blocks: `animate(duration: 1s) { … } completion { … }`,
    /// `animateKeyframes(duration: 2s) { keyframe(start: 0, duration: 0.5) { … } }`.
    /// `completion(finished) { … }`: `finished` names UIKit's flag (nil: `completion { … }`).
    case animateBlock(kind: Name, args: [Arg], body: [Stmt], completion: [Stmt]?, finished: Name?, span: Span)
    case ifStmt(condition: Expr, then: [Stmt], otherwise: [Stmt]?, span: Span)
    /// `for i in 0..<10 { … }`, `for c in colors { … }`
    case forStmt(variable: Name, sequence: Expr, body: [Stmt], span: Span)
    case returnStmt(Expr?, span: Span)
    /// `draw { fill(path, color) … }` in a layer body: its content, drawn by commands (the
    /// `drawLayer:inContext:` delegate), evaluated for every frame.
    case draw(body: [Stmt], span: Span)
    /// `cell NAME { … }` in an emitter layer's body: an emitter cell (CAEmitterCell).
    case cell(CellDecl)
    /// `dynamics { gravity g { items: [ball] } … }`: UIKit Dynamics behaviours (Dynamics.swift).
    case dynamics(DynamicsDecl)
    case error(Span)

    public var span: Span {
        switch self {
        case .scene(let d): return d.span
        case .layer(let d): return d.span
        case .binding(let d): return d.span
        case .function(let d): return d.span
        case .style(let d): return d.span
        case .property(let d): return d.span
        case .draw(_, let s): return s
        case .cell(let c): return c.span
        case .dynamics(let d): return d.span
        case .event(let d): return d.span
        case .member(let m): return m.span
        case .animations(_, let s), .actions(_, let s), .constraints(_, let s), .setConstraints(_, _, let s), .setActions(_, _, let s): return s
        case .assign(_, _, let s): return s
        case .expr(let e): return e.span
        case .transaction(_, _, _, let s), .ifStmt(_, _, _, let s), .forStmt(_, _, _, let s), .returnStmt(_, let s): return s
        case .animateBlock(_, _, _, _, _, let s): return s
        case .error(let s): return s
        }
    }
}

public enum UnaryOp: String, Sendable { case neg = "-", not = "!" }

public enum BinaryOp: String, Sendable {
    case add = "+", sub = "-", mul = "*", div = "/", mod = "%"
    case eq = "==", ne = "!=", lt = "<", le = "<=", gt = ">", ge = ">="
    case and = "&&", or = "||"
}

/// The key of an `on` animation handler: written as a name (`on card.spin.didStop`) or as a string
/// expression in brackets, computed when the handler is registered (`on card["spin\(i)"].didStop`).
public enum HandlerKey: Sendable {
    case name(Name)
    case computed(Expr)
}

public struct Expr: Sendable {
    public var kind: ExprKind
    public var span: Span
    public init(_ kind: ExprKind, _ span: Span) { self.kind = kind; self.span = span }
}

public enum StringPart: Sendable {
    case text(String)
    case expr(Expr)
}

/// Only the cases that hold an expression (or a large payload) are boxed: leaves such as numbers and
/// names, most of a program's expressions, are stored inline and cost no allocation.
public enum ExprKind: Sendable {
    /// A number and its unit suffix ("" for none): `2s` is (2, "s").
    case number(Double, unit: String)
    case string(String)
    /// `"dot \(i)"`
    case interpolated([StringPart])
    indirect case color(Color)
    case bool(Bool)
    case identifier(String)
    /// `.forwards`, `.easeIn`, `.red`: a case of whatever enumeration the context expects.
    case enumCase(String)
    /// `(a, b)`, `(x, y, w, h)`: a point, size, rect or vector by context.
    case tuple([Expr])
    /// `[a, b, c]`
    case array([Expr])
    /// `a..<b` (exclusive) or `a...b` (inclusive), in `for` loops.
    indirect case range(Expr, Expr, inclusive: Bool)
    indirect case paren(Expr)
    indirect case unary(UnaryOp, Expr)
    indirect case binary(BinaryOp, Expr, Expr)
    /// `cond ? a : b`
    indirect case conditional(Expr, Expr, Expr)
    indirect case member(Expr, Name)
    indirect case index(Expr, Expr)
    indirect case call(Expr, [Arg])
    /// `basic { keyPath: opacity; to: 0 }`, `keyframe { … }`, `group { … }` …
    indirect case animation(kind: Name, body: [Stmt])
    /// `none` (the disabled action)
    case none
    case error
}
