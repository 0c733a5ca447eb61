// The checked IR: what the checker produces and the code generator consumes. Names are resolved
// (to registers, parameters, globals, templates, functions), types are checked, constants are
// folded, and every statement carries its source line for the debug line table.

import CalcCore
import Bytecode

/// Only the cases that hold an expression are boxed: constants, registers and globals (most of the
/// IR) are stored inline and cost no allocation.
enum IR: Sendable {
    case const(Value)
    /// A local register of the current function (numbered after its parameters by the code generator).
    case local(Int)
    /// Parameter k of the current function (declared parameters, then captured values).
    case param(Int)
    case global(Int)
    case root
    case now
    indirect case arith(ArithOp, IR, IR)
    indirect case neg(IR)
    indirect case not(IR)
    /// `eq`, `lt`, `le` with operands possibly swapped by the checker (a > b is b < a).
    indirect case compare(Opcode, IR, IR)
    indirect case and(IR, IR)
    /// `c ? a : b`
    indirect case select(IR, IR, IR)
    indirect case or(IR, IR)
    indirect case makePoint(IR, IR)
    indirect case makeSize(IR, IR)
    case makeRect([IR])
    case makeColor([IR])
    case builtin(Builtin, [IR])
    case call(function: Int, [IR])
    case array([IR])
    indirect case index(IR, IR)
    indirect case len(IR)
    indirect case field(IR, Component)
    indirect case named(IR)
    /// A layer's place in the tree: its superlayer, sublayers or mask.
    indirect case tree(TreeRead, IR)
    indirect case getProp(IR, KeyPath)
    indirect case getPres(IR, KeyPath)
    case animation(template: Int, dynamic: [(AnimField, IR)])
    /// An animation's timing field (ANIMGET).
    indirect case animGet(IR, AnimField)
    /// A copy of an animation with one field set (ANIMCOPY, ANIMSET): `a.duration = 2s` on a variable.
    indirect case animWith(IR, AnimField, IR)
    /// A point or rect in one layer's coordinates converted into another's (CONVERT).
    indirect case convert(IR, from: IR, to: IR, presentation: Bool)
    /// A dynamics behaviour's field (DYNGET).
    case getBehavior(Int, DynField)

    var constant: Value? { if case .const(let v) = self { return v } else { return nil } }
}

/// A handler registered to run later: its function and the values it captures, evaluated where
/// the handler is declared.
struct Handler: Sendable {
    var function: Int
    var captures: [IR]
    /// A completion that takes UIKit's `finished` flag as its first parameter (TXCOMPLETIONF).
    var passesFinished = false
}

enum EventRegistration: Sendable {
    case at(IR)
    case every(start: IR, interval: IR, until: IR)
    case frame
    case animation(start: Bool, layer: IR, key: IR)
    /// A collision behaviour's contacts begin (or end).
    case contact(behavior: Int, began: Bool)
}

enum TreeRead: String, Sendable {
    case superlayer, sublayers, mask
}

enum TreeOp: Sendable {
    case add, insertAt, insertAbove, insertBelow, remove, replace
}

/// A drawing command of a `draw` block.
enum DrawOp: String, Sendable {
    case fill, stroke, text, image
}

/// The common small statements (property, local and global stores, returns, conditionals) are
/// stored inline; the rest, and those holding several expressions, are boxed.
enum IRStmt: Sendable {
    case setProp(layer: IR, KeyPath, IR, line: Int)
    /// A style's value for a property (SETSTYLED): the layer's own value, if it has one, wins.
    case setStyled(layer: IR, KeyPath, IR, line: Int)
    /// The layer's style values withdrawn before another style is assigned (STYLERESET).
    case resetStyle(layer: IR, line: Int)
    case setLocal(Int, IR, line: Int)
    case setGlobal(Int, IR, line: Int)
    /// `xs[i] = v` on a variable (local register or global slot).
    indirect case setIndex(variable: IR, index: IR, value: IR, line: Int)
    case append(variable: IR, value: IR, line: Int)
    /// A new layer from a template, stored in a global slot or local register.
    case newLayer(into: IR, template: Int, line: Int)
    indirect case tree(TreeOp, IR, IR?, IR?, line: Int)
    indirect case addAnimation(layer: IR, animation: IR, key: String, line: Int)
    case removeAnimation(layer: IR, key: String, line: Int)
    /// addAnimation / removeAnimation with a key computed at run time (a string expression).
    indirect case addAnimationKeyed(layer: IR, animation: IR, key: IR, line: Int)
    indirect case removeAnimationKeyed(layer: IR, key: IR, line: Int)
    case removeAllAnimations(layer: IR, line: Int)
    indirect case setAction(layer: IR, key: String, animation: IR?, line: Int)
    case setMask(layer: IR, mask: IR, line: Int)
    /// A dynamics behaviour's field (DYNSET).
    indirect case setBehavior(Int, DynField, IR, line: Int)
    indirect case transaction([(TxField, IR)], [IRStmt], completion: Handler?, line: Int, endLine: Int)
    indirect case register(EventRegistration, Handler, line: Int)
    indirect case bind(layer: IR, KeyPath, Handler, line: Int)
    /// The layer's content is drawn by the handler (parameter 0: the layer).
    indirect case setDraw(layer: IR, Handler, line: Int)
    case draw(DrawOp, [IR], line: Int)
    /// `print(a, b, …)`: the values, written with the scene time to the run's print log.
    case print([IR], line: Int)
    /// A CAConstraint: layer.attribute = source(name).sourceAttribute × scale + offset.
    /// (Boxed: inline, its four expressions made every statement 104 bytes instead of 72.)
    indirect case constrain(layer: IR, ConstraintAttribute, source: IR, ConstraintAttribute, scale: IR, offset: IR, line: Int)
    /// Clears a layer's constraints (UNCONSTRAIN), before `layer.constraints { … }` sets new ones.
    case unconstrain(layer: IR, line: Int)
    case ifStmt(IR, [IRStmt], [IRStmt], line: Int)
    /// Numeric loop: the variable's register, the start and limit (exclusive), the body.
    indirect case forRange(variable: Int, from: IR, limit: IR, body: [IRStmt], line: Int)
    /// Loop over an array held in a hidden register; the variable gets each element.
    indirect case forArray(variable: Int, array: IR, hidden: Int, body: [IRStmt], line: Int)
    case expr(IR, line: Int)
    case ret(IR?, line: Int)
}

struct IRFunction: Sendable {
    var name: String
    var body: [IRStmt]
    /// Declared parameters plus captured values.
    var paramCount: Int
    /// Registers reserved for locals (the code generator puts them after the parameters and the
    /// temporaries above them).
    var localCount: Int
    var endLine: Int
}

extension Array where Element == IRStmt {
    /// Appends `xs` element by element. (`append(contentsOf:)` onto an empty array adopts the
    /// argument's buffer, so room reserved for a block's statements was lost.)
    mutating func appendEach(_ xs: [IRStmt]) {
        for x in xs { append(x) }
    }
}
