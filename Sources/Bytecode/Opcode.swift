// The instruction set: the single source of truth. Every table — names, operand formats, the
// verifier's checks, the disassembler's columns, docs/bytecode.md — is derived from the exhaustive
// switches below (a test fails if docs/bytecode.md drifts from `Opcode.allCases`).
//
// CAL's VM is a register machine (Lua 5.4's shape): each function has a fixed register file sized
// by the compiler; operands name registers directly, so no operand stack can become unbalanced.
// Every instruction is one 64-bit little-endian word:
//
//   63                         40 39            24 23            8 7      0
//  +-----------------------------+----------------+---------------+--------+
//  |              C (24)         |     B (16)     |    A (16)     | op (8) |
//  +-----------------------------+----------------+---------------+--------+
//
// C holds register numbers, constant-pool and template indices, packed key paths
// (property id << 8 | component) and signed jump offsets (sC, relative to the next instruction).
// Arithmetic and comparisons take RK[C]: a register, or with bit 23 set the constant K[C & 0x7FFFFF]
// (Lua's RK operands), so `x + 1` needs no LOADK.
// Notation in the `///` lines: R[x] register, K[x] constant, S[x] string constant, KP key path,
// G[x] global, LT/AT layer/animation template, F function, pc the index of the next instruction.

public enum Opcode: UInt8, CaseIterable, Sendable {
    /// R[A] := K[C]
    case loadk = 0
    /// R[A] := nil
    case loadnil
    /// R[A] := (B != 0)
    case loadbool
    /// R[A] := R[B]
    case move
    /// R[A] := G[C]   (a global: a top-level layer or variable)
    case getglobal
    /// G[C] := R[A]
    case setglobal
    /// R[A] := R[B] + RK[C]   (numbers, and component-wise points, sizes, rects, colours)
    case add
    /// R[A] := R[B] - RK[C]
    case sub
    /// R[A] := R[B] * RK[C]   (numbers; point/size/rect × number; transform × transform concatenates)
    case mul
    /// R[A] := R[B] / RK[C]   (division by zero is a runtime error)
    case div
    /// R[A] := R[B] % RK[C]   (floored modulo, the sign of the divisor)
    case mod
    /// R[A] := -R[B]
    case neg
    /// R[A] := not R[B]
    case not
    /// R[A] := R[B] == RK[C]
    case eq
    /// R[A] := R[B] < RK[C]
    case lt
    /// R[A] := R[B] <= RK[C]
    case le
    /// pc += sC
    case jmp
    /// if R[A] then pc += sC
    case jmpif
    /// if not R[A] then pc += sC
    case jmpifnot
    /// R[A] := point(R[B], R[C])
    case mkpoint
    /// R[A] := size(R[B], R[C])
    case mksize
    /// R[A] := rect(R[B], R[B+1], R[B+2], R[B+3])
    case mkrect
    /// R[A] := color(R[B], R[B+1], R[B+2], R[B+3])   (straight sRGB, components clamped to 0...1)
    case mkcolor
    /// R[A] := translate(R[B], R[B+1], R[B+2])
    case translate
    /// R[A] := scale(R[B], R[B+1], R[B+2])
    case scale
    /// R[A] := rotate(R[B] radians about axis (R[B+1], R[B+2], R[B+3]))
    case rotate
    /// R[A] := perspective(R[B])   (m34 = -1/R[B])
    case perspective
    /// R[A] := the root layer (its bounds are the canvas)
    case root
    /// R[A] := a new layer from LT[C] (its constant properties already set, not yet in the tree)
    case newlayer
    /// R[A].addSublayer(R[B])   (fires no implicit animation for R[B]: it joins the tree in this transaction)
    case addsublayer
    /// R[A].KP[C] := R[B]   (model value; an animatable change of a layer in the tree runs its action)
    case setprop
    /// R[A] := R[B].KP[C]   (model value)
    case getprop
    /// R[A] := R[B].presentation.KP[C]   (the value on screen now)
    case getpres
    /// R[A] := a new animation from AT[C]
    case animnew
    /// R[A].field[C] := R[B]   (an animation field, see AnimField)
    case animset
    /// R[A].addAnimation(R[B], forKey: S[C])
    case animadd
    /// R[A].removeAnimation(forKey: S[C])
    case animremove
    /// R[A].removeAllAnimations()
    case animremoveall
    /// begin a nested transaction
    case txbegin
    /// current transaction's setting C := R[A]   (see TxField)
    case txset
    /// commit the innermost transaction; the outermost commit starts its animations
    case txcommit
    /// schedule F[C](R[B]...) to run at absolute scene time R[A] seconds (R[B] is the array of its arguments)
    case schedule
    /// return nil from the current function
    case ret
    /// return R[A] from the current function
    case retv
    /// R[A] := F[C](R[A+1], ..., R[A+B])   (B = the callee's parameter count)
    case call
    /// R[A] := builtin C (R[B], ..., R[B+arity-1])   (see Builtin)
    case callb
    /// R[A] := [R[B], ..., R[B+C-1]]
    case newarray
    /// R[A] := R[B][R[C]]   (arrays by integer index; out of range is a runtime error)
    case getindex
    /// R[A][R[B]] := R[C]
    case setindex
    /// R[A] := the element count of R[B] (an array or a string)
    case len
    /// R[A].append(R[B])
    case append
    /// numeric for loop entry: if R[A] < R[A+1] then R[B] := R[A] else pc += sC
    case forprep
    /// numeric for loop step: R[A] += 1; if R[A] < R[A+1] then R[B] := R[A]; pc += sC
    case forloop
    /// R[A] := the current scene time in seconds
    case now
    /// R[A] := the first layer named R[B] in the tree (depth first from the root)
    case named
    /// R[A].insertSublayer(R[B], at: R[C])
    case insertat
    /// R[A].insertSublayer(R[B], above: R[C])
    case insertabove
    /// R[A].insertSublayer(R[B], below: R[C])
    case insertbelow
    /// R[A].removeFromSuperlayer()
    case removefromsuper
    /// R[A].replaceSublayer(R[B], with: R[C])
    case replacesub
    /// every R[A+1] seconds from scene time R[A] until R[A+2], run F[C](R[B]...)
    case every
    /// before every frame is sampled, run F[C](R[B]...)
    case onframe
    /// when the animation under key R[A+1] (a non-empty string) on layer R[A] starts, run F[C](R[B]...)
    case onstart
    /// when the animation under key R[A+1] (a non-empty string) on layer R[A] stops, run F[C](finished, R[B]...)
    case onstop
    /// when the current transaction's animations have all finished or been removed, run F[C](R[B]...)
    case txcompletion
    /// bind R[A].KP[C] to F[B](R[A+1]...): the VM evaluates it for every frame (R[A+1] is the argument array)
    case bind
    /// R[A].actions[S[C]] := R[B]   (an animation, or nil: no action for that key)
    case setaction
    /// R[A] := the component C of R[B]   (position.x of a point, size.width of a rect …; see Component)
    case field
    /// R[A].mask := R[B]   (a layer, taken out of the tree; nil removes the mask)
    case setmask
    /// R[A]'s content is drawn by F[C](R[A], R[A+1]...) for every frame (R[A+1] is the argument array)
    case setdraw
    /// draw: fill path R[A] with colour R[A+1] by fill rule R[A+2]
    case drawfill
    /// draw: stroke path R[A] with colour R[A+1], line width R[A+2]
    case drawstroke
    /// draw: text R[A] at point R[A+1], font size R[A+2], colour R[A+3]
    case drawtext
    /// draw: image R[A] into rect R[A+1]
    case drawimage
    /// R[A] gets the constraint CN[C].attribute = (R[B] ("superlayer" or a sibling's name)).(CN[C].source attribute) × R[B+1] + R[B+2]
    case constrain
    /// BT[C].field[B] := R[A]   (a dynamics behaviour's field, see DynField; `active` adds or removes it)
    case dynset
    /// R[A] := BT[C].field[B]   (the value in force, or the field's default)
    case dynget
    /// when a contact of collision behaviour BT[A] begins, run F[C](item, partner, point, R[B]...)
    case oncontact
    /// when a contact of collision behaviour BT[A] ends, run F[C](item, partner, point, R[B]...)
    case onendcontact
    /// R[A].addAnimation(R[B], forKey: R[C])   (a key computed at run time: a non-empty string)
    case animaddk
    /// R[A].removeAnimation(forKey: R[C])   (a key computed at run time: a non-empty string)
    case animremovek
    /// R[A] := R[B].superlayer   (nil for a layer outside the tree, the root, or a mask)
    case superlayer
    /// R[A] := R[B].sublayers   (an array of layers, back to front)
    case sublayers
    /// R[A] := R[B].mask   (nil when it has none)
    case getmask
    /// when the current transaction's animations have all finished or been removed, run F[C](finished, R[B]...)
    case txcompletionf
    /// R[A].constraints := []   (clears the layer's constraints; a constraints statement then sets new ones)
    case unconstrain
    /// R[A] := R[B].AF[C]   (an animation's timing field: duration, beginTime, … timingFunction)
    case animget
    /// R[A] := a copy of the animation R[B]   (so setting a field of a variable's animation leaves other holders' alone)
    case animcopy
    /// write the scene time and R[B]...R[B+C-1] to the run's print log (print(…) statements; stderr under calc run)
    case print
    /// R[A] := the point or rect R[B] in layer R[B+1]'s coordinates converted into layer R[B+2]'s (C = 1: presentation values)
    case convert
    /// R[A].KP[C] := R[B] as its style's value: skipped when the layer has a value of its own for the property
    case setstyled
    /// R[A]'s style values are withdrawn: each property its style set, and it has no value of its own for, returns to its default
    case stylereset
}

/// What an operand slot holds; drives the verifier and the disassembler.
public enum OperandKind: Sendable, Equatable {
    case unused
    /// a register
    case reg
    /// `n` consecutive registers starting here
    case regRange(Int)
    /// a small immediate (0 or 1 for loadbool)
    case imm
    /// any constant
    case const
    /// a constant that must be a string
    case string
    case keyPath
    case layerTemplate
    case animTemplate
    case function
    /// signed jump offset relative to the next instruction
    case jump
    case animField
    case txField
    /// a global slot (< Program.globalCount)
    case global
    /// a count of registers following another operand (checked with it: see the verifier)
    case count
    /// a `Builtin` raw value
    case builtin
    /// a `Component` raw value other than `whole`
    case component
    /// a register, or with bit 23 set a constant (`Instruction.constantBit`)
    case rk
    /// two `ConstraintAttribute`s on one axis: the constrained one << 3 | the source's
    case constraint
    /// a behaviour template index (< Program.behaviorTemplates.count)
    case behavior
    /// a `DynField` raw value that applies to the instruction's behaviour
    case dynField
}

public struct OperandFormat: Sendable, Equatable {
    public var a: OperandKind, b: OperandKind, c: OperandKind
}

extension Opcode {
    public var name: String { String(describing: self).uppercased() }

    public var format: OperandFormat {
        func f(_ a: OperandKind, _ b: OperandKind = .unused, _ c: OperandKind = .unused) -> OperandFormat { OperandFormat(a: a, b: b, c: c) }
        switch self {
        case .loadk: return f(.reg, .unused, .const)
        case .loadnil: return f(.reg)
        case .loadbool: return f(.reg, .imm)
        case .move, .neg, .not: return f(.reg, .reg)
        case .getglobal, .setglobal: return f(.reg, .unused, .global)
        case .add, .sub, .mul, .div, .mod, .eq, .lt, .le: return f(.reg, .reg, .rk)
        case .jmp: return f(.unused, .unused, .jump)
        case .jmpif, .jmpifnot: return f(.reg, .unused, .jump)
        case .mkpoint, .mksize: return f(.reg, .reg, .reg)
        case .mkrect, .mkcolor, .rotate: return f(.reg, .regRange(4))
        case .translate, .scale: return f(.reg, .regRange(3))
        case .perspective: return f(.reg, .reg)
        case .root: return f(.reg)
        case .newlayer: return f(.reg, .unused, .layerTemplate)
        case .addsublayer: return f(.reg, .reg)
        case .setprop, .getprop, .getpres: return f(.reg, .reg, .keyPath)
        case .animnew: return f(.reg, .unused, .animTemplate)
        case .animset: return f(.reg, .reg, .animField)
        case .animadd: return f(.reg, .reg, .string)
        case .animremove: return f(.reg, .unused, .string)
        case .animremoveall: return f(.reg)
        case .txbegin, .txcommit, .ret: return f(.unused)
        case .txset: return f(.reg, .unused, .txField)
        case .schedule: return f(.reg, .reg, .function)
        case .retv: return f(.reg)
        case .call: return f(.reg, .count, .function)
        case .callb: return f(.reg, .reg, .builtin)
        case .newarray: return f(.reg, .reg, .count)
        case .getindex, .setindex: return f(.reg, .reg, .reg)
        case .len, .append, .named: return f(.reg, .reg)
        case .forprep, .forloop: return f(.regRange(2), .reg, .jump)
        case .now, .removefromsuper: return f(.reg)
        case .insertat, .insertabove, .insertbelow, .replacesub: return f(.reg, .reg, .reg)
        case .every: return f(.regRange(3), .reg, .function)
        case .onframe, .txcompletion: return f(.unused, .reg, .function)
        case .onstart, .onstop: return f(.regRange(2), .reg, .function)
        case .bind: return f(.regRange(2), .function, .keyPath)
        case .setaction: return f(.reg, .reg, .string)
        case .field: return f(.reg, .reg, .component)
        case .setmask: return f(.reg, .reg)
        case .setdraw: return f(.regRange(2), .unused, .function)
        case .drawfill, .drawstroke: return f(.regRange(3))
        case .drawtext: return f(.regRange(4))
        case .drawimage: return f(.regRange(2))
        case .constrain: return f(.reg, .regRange(3), .constraint)
        case .dynset, .dynget: return f(.reg, .dynField, .behavior)
        case .oncontact, .onendcontact: return f(.behavior, .reg, .function)
        case .animaddk: return f(.reg, .reg, .reg)
        case .animremovek: return f(.reg, .unused, .reg)
        case .superlayer, .sublayers, .getmask: return f(.reg, .reg)
        case .txcompletionf: return f(.unused, .reg, .function)
        case .unconstrain: return f(.reg)
        case .animget: return f(.reg, .reg, .animField)
        case .animcopy: return f(.reg, .reg)
        case .print: return f(.unused, .reg, .count)
        case .convert: return f(.reg, .regRange(3), .imm)
        case .setstyled: return f(.reg, .reg, .keyPath)
        case .stylereset: return f(.reg)
        }
    }

    /// True when control never falls through to the next instruction.
    public var isTerminator: Bool { self == .jmp || self == .ret || self == .retv }
}

/// One decoded instruction.
public struct Instruction: Sendable, Hashable {
    public var op: Opcode
    public var a: UInt16
    public var b: UInt16
    public var c: UInt32

    public init(_ op: Opcode, a: UInt16 = 0, b: UInt16 = 0, c: UInt32 = 0) {
        self.op = op; self.a = a; self.b = b; self.c = c & 0xFF_FFFF
    }

    /// Jump offset: C as a signed 24-bit number.
    public var sC: Int32 { Int32(bitPattern: c << 8) >> 8 }

    public static func jump(_ op: Opcode, a: UInt16 = 0, b: UInt16 = 0, offset: Int32) -> Instruction {
        Instruction(op, a: a, b: b, c: UInt32(bitPattern: offset) & 0xFF_FFFF)
    }

    public var word: UInt64 {
        UInt64(op.rawValue) | UInt64(a) << 8 | UInt64(b) << 24 | UInt64(c & 0xFF_FFFF) << 40
    }

    /// Decodes a word; nil for an unknown opcode.
    public init?(word: UInt64) {
        guard let op = Opcode(rawValue: UInt8(word & 0xFF)) else { return nil }
        self.op = op
        self.a = UInt16(truncatingIfNeeded: word >> 8)
        self.b = UInt16(truncatingIfNeeded: word >> 24)
        self.c = UInt32(truncatingIfNeeded: word >> 40) & 0xFF_FFFF
    }

    public static let maxJump: Int32 = (1 << 23) - 1

    /// Bit 23 of an RK operand: the rest is a constant index, not a register.
    public static let constantBit: UInt32 = 0x80_0000
}

/// Fields of an animation settable at run time by ANIMSET (and stored in animation templates).
public enum AnimField: UInt8, CaseIterable, Sendable {
    case from = 0, to, by, duration, beginTime, timeOffset, speed, repeatCount, repeatDuration
    case autoreverses, fillMode, removedOnCompletion, timingFunction, additive, cumulative
    /// keyframe animations
    case values, keyTimes, timingFunctions, calculationMode, tensionValues, continuityValues, biasValues
    /// group animations: the array of child animations
    case animations
    /// spring animations
    case mass, stiffness, damping, initialVelocity
    /// CAValueFunction: from/to/by/values are numbers turned into a transform
    case valueFunction
    /// CATransition
    case type, subtype, startProgress, endProgress
    /// CAKeyframeAnimation's path (a point key path moves along it) and rotationMode
    case path, rotationMode

    public var name: String { String(describing: self) }
}

/// Settings of a transaction settable by TXSET.
public enum TxField: UInt8, CaseIterable, Sendable {
    case animationDuration = 0, animationTimingFunction, disableActions
    /// UIKit animation blocks: a delay before the animations begin, repetition, autoreverse,
    /// whether they start from what is on screen, and spring parameters
    case delay, repeatCount, autoreverses, beginFromCurrentState, springDampingRatio, springVelocity
    /// keyframe blocks: whether changes collect into keyframe animations, and the current keyframe's
    /// relative start and duration
    case keyframes, keyframeStart, keyframeDuration

    public var name: String { String(describing: self) }
}

/// Fields of a dynamics behaviour (UIKit Dynamics) settable by DYNSET, readable by DYNGET and stored in
/// behaviour templates. Which kinds have a field, and its type, are in `DynField.type` and
/// `BehaviorKind.fields` (Behaviors.swift).
public enum DynField: UInt8, CaseIterable, Sendable {
    /// every kind: whether the behaviour is in the animator (setting true re-fires an instantaneous push)
    case active = 0
    /// gravity, push, collision, itemBehavior: the items (layers); snap, attachment: the one item
    case items, item
    /// gravity, push: direction and strength
    case angle, magnitude
    /// push: continuous or instantaneous; the point of application from the centre, in the item's frame
    /// (attachment: the attached point's offset)
    case mode, offset
    /// collision: the boundary rectangle, what collides, and the boundary's friction
    case boundary, collisionMode, boundaryFriction
    /// snap: the point; snap and attachment: damping
    case point, damping
    /// attachment: a fixed anchor point, or another item and the point on it; length and spring frequency
    case anchor, attachedTo, attachedOffset, length, frequency
    /// itemBehavior: physical properties
    case elasticity, friction, density, resistance, angularResistance, allowsRotation, anchored

    public var name: String { String(describing: self) }
}
