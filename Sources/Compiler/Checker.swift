// The checker: AST → checked IR. It resolves every name (layers, constants, variables, functions,
// styles, built-ins), checks every property assignment, animation value and call against the
// property catalogue and declared types, checks units, folds constant expressions with the same
// arithmetic the VM uses, and keeps going after an error so one run reports everything it can.
//
// Handlers (`at`, `every`, `on`, completion blocks) and bound properties are functions of their
// own; a local of the enclosing code that one of them uses is captured by value where the handler
// is declared (passed as an extra parameter), so `for i in 0..<5 { at (i * 1s) { … i … } }` works.

import CalcCore
import Parser
import Bytecode
import Foundation

/// A checked expression: its IR and its type.
struct Typed: Sendable {
    var ir: IR
    var type: ValueType
    static let error = Typed(ir: .const(.none), type: .error)
}

/// A compile-time animation: a template plus the fields only known at run time.
struct AnimationSpec: Sendable {
    var template: Int
    var dynamic: [(AnimField, IR)]
}

struct FunctionSignature: Sendable {
    var index: Int
    var params: [(String, ValueType)]
    var result: ValueType
}

/// A style's contents, flattened (nested styles first): property defaults and actions.
struct StyleInfo: Sendable {
    var defaults: [(KeyPath, IR)] = []
    var actions: [(String, IR?)] = []
}

enum Symbol: Sendable {
    case constant(Value, ValueType, Span)
    case global(slot: Int, type: ValueType, mutable: Bool, Span)
    case layer(slot: Int, name: String, Span)
    case animation(AnimationSpec, Span)
    case local(reg: Int, type: ValueType, mutable: Bool, Span)
    case param(Int, type: ValueType, Span)
    case function(FunctionSignature, Span)
    case style(String, Span)
    /// Declared at the top level but not checked yet (a forward reference from a handler).
    case pending(slot: Int, Span)
    /// A dynamics behaviour: its template index and kind (CheckDynamics.swift).
    case behavior(Int, BehaviorKind, Span)

    var span: Span {
        switch self {
        case .constant(_, _, let s), .global(_, _, _, let s), .layer(_, _, let s), .animation(_, let s),
             .local(_, _, _, let s), .param(_, _, let s), .function(_, let s), .style(_, let s), .pending(_, let s),
             .behavior(_, _, let s): return s
        }
    }
}

enum FunctionKind: Sendable, Equatable {
    case main, handler, user(ValueType), binding
    /// A layer's `draw { … }` block: parameter 0 is the layer (`self`).
    case draw
}

/// The names one block declares. A block declares a handful, so a list searched from its end beats
/// hashing every name looked up into a dictionary per scope; past 16 names a dictionary index is kept
/// too, so lookups stay O(1). The first name is stored inline: most blocks that declare anything
/// declare one name (a parameter, a loop variable, a `var`), and then cost no allocation at all.
/// Names and symbols are kept apart so the search reads names in place, copying no symbol.
struct Scope: ExpressibleByDictionaryLiteral {
    private var firstName: String?
    private var firstSymbol: Symbol?
    private var names: [String] = []
    private var symbols: [Symbol] = []
    private var index: [String: Int]?

    /// An empty scope. (`[:]` went through the variadic literal initialiser, ~50 instructions a block.)
    init() {}

    init(dictionaryLiteral elements: (String, Symbol)...) {
        for (name, symbol) in elements { self[name] = symbol }
    }

    var isEmpty: Bool { firstName == nil }
    var keys: [String] { firstName.map { [$0] + names } ?? [] }

    /// -1 for the inline entry, else the index in `names`.
    private func find(_ name: String) -> Int? {
        guard let firstName else { return nil }
        if let index { return index[name] }
        if let k = names.withUnsafeBufferPointer({ buf -> Int? in
            var k = buf.count - 1
            while k >= 0 {
                if buf[k] == name { return k }
                k -= 1
            }
            return nil
        }) { return k }
        return firstName == name ? -1 : nil
    }

    /// The symbol `name` stands for in this scope, or nil. Mutating only so that a scope reached
    /// in an array (`fn.scopes[k].lookup(name)`) is read in place: the subscript's getter copied the
    /// whole scope first, retaining its five fields, a fifth of every name resolved.
    mutating func lookup(_ name: String) -> Symbol? {
        guard let k = find(name) else { return nil }
        return k < 0 ? firstSymbol : symbols[k]
    }

    /// What `identifier` wants of a name bound in this scope, read out of the symbol in place:
    /// returning the whole `Symbol` copied it through its value witness (~100 instructions per
    /// name read), though a name is nearly always a local, a parameter or a constant.
    enum ValueHit {
        case miss
        /// Found: its value and the start of its declaration (for W0010).
        case value(Typed, declaredAt: Int)
        /// Found, but some other kind of symbol: ask `lookup`.
        case other
    }

    mutating func value(_ name: String) -> ValueHit {
        guard let k = find(name) else { return .miss }
        // (switched on where they are stored, so only the fields read are copied: a symbol passed
        // on, even `borrowing`, was copied whole)
        if k < 0 {
            switch firstSymbol {
            case .local(let reg, let t, _, let sp)?: return .value(Typed(ir: .local(reg), type: t), declaredAt: sp.start)
            case .param(let n, let t, let sp)?: return .value(Typed(ir: .param(n), type: t), declaredAt: sp.start)
            case .constant(let v, let t, let sp)?: return .value(Typed(ir: .const(v), type: t), declaredAt: sp.start)
            default: return .other
            }
        }
        return symbols.withUnsafeBufferPointer { buf in
            switch buf[k] {
            case .local(let reg, let t, _, let sp): return .value(Typed(ir: .local(reg), type: t), declaredAt: sp.start)
            case .param(let n, let t, let sp): return .value(Typed(ir: .param(n), type: t), declaredAt: sp.start)
            case .constant(let v, let t, let sp): return .value(Typed(ir: .const(v), type: t), declaredAt: sp.start)
            default: return .other
            }
        }
    }

    /// What an assignment to a plain name wants of it, read in place like `value`: a `var` local.
    enum VariableHit {
        case miss
        case variable(reg: Int, type: ValueType, declaredAt: Int)
        /// Found, but not a mutable local: ask `lookup`.
        case other
    }

    mutating func variable(_ name: String) -> VariableHit {
        guard let k = find(name) else { return .miss }
        if k < 0 {
            if case .local(let reg, let t, true, let sp)? = firstSymbol { return .variable(reg: reg, type: t, declaredAt: sp.start) }
            return .other
        }
        return symbols.withUnsafeBufferPointer { buf in
            if case .local(let reg, let t, true, let sp) = buf[k] { return .variable(reg: reg, type: t, declaredAt: sp.start) }
            return .other
        }
    }

    /// `self[name] = symbol` without the optional (the setter copied the symbol out of it).
    mutating func set(_ name: String, _ symbol: consuming Symbol) {
        if let k = find(name) {
            if k < 0 { firstSymbol = symbol } else { symbols[k] = symbol }
            return
        }
        if firstName == nil {
            firstName = name
            firstSymbol = symbol
            return
        }
        names.append(name)
        symbols.append(symbol)
        if index != nil { index?[name] = names.count - 1 } else if names.count > 16 { reindex() }
    }

    subscript(name: String) -> Symbol? {
        get {
            guard let k = find(name) else { return nil }
            return k < 0 ? firstSymbol : symbols[k]
        }
        set {
            if let k = find(name) {
                if let newValue {
                    if k < 0 { firstSymbol = newValue } else { symbols[k] = newValue }
                    return
                }
                if k < 0 {
                    firstName = names.isEmpty ? nil : names.removeFirst()
                    firstSymbol = symbols.isEmpty ? nil : symbols.removeFirst()
                } else {
                    names.remove(at: k)
                    symbols.remove(at: k)
                }
                if index != nil { reindex() }
                return
            }
            if let newValue { set(name, newValue) }
        }
    }

    /// The index maps names to their `find` result (-1 for the inline entry).
    private mutating func reindex() {
        var d: [String: Int] = [:]
        if let firstName { d[firstName] = -1 }
        for (k, n) in names.enumerated() { d[n] = k }
        index = d
    }
}

/// A variable by where it lives: a global slot (function -1) or a function's local register.
struct TransitionVariable: Hashable, Sendable {
    let function: Int
    let slot: Int
}

/// The function being checked: its scopes, locals and captured values.
final class FunctionState {
    private(set) var index: Int
    private(set) var kind: FunctionKind
    private(set) var parent: FunctionState?
    var scopes: [Scope]
    var localCount = 0
    var paramCount = 0
    /// IR in the parent function that computes each captured value, in parameter order.
    var captures: [IR] = []
    var captureNames: [String: Int] = [:]
    var loopDepth = 0
    /// True inside a handler or function body: top-level names declared later may be used.
    var runsLater: Bool { kind != .main }

    init(index: Int, kind: FunctionKind, parent: FunctionState?) {
        self.index = index
        self.kind = kind
        self.parent = parent
        // (a function body nests about four scopes deep: parameters, body, loop, loop body; room
        // for eight was 10 MB of a 100 000-line file's 144)
        scopes = []
        scopes.reserveCapacity(4)
        scopes.append(Scope())
    }

    /// Makes this state a fresh one for another function, keeping its buffers.
    func reset(index: Int, kind: FunctionKind, parent: FunctionState?) {
        self.index = index
        self.kind = kind
        self.parent = parent
        scopes.removeAll(keepingCapacity: true)
        scopes.append(Scope())
        localCount = 0
        paramCount = 0
        captures = []
        captureNames = [:]
        loopDepth = 0
    }

    func newLocal() -> Int {
        localCount += 1
        return localCount - 1
    }
}

/// What `name: value` members mean in the block being checked.
enum MemberContext {
    case none
    case layer(IR, String)
}

final class Checker {
    let file: SourceFile
    var diags = DiagnosticBag()

    var scene = SceneInfo()
    var sceneSpan: Span?
    /// Whether the file has a top-level scene block (until it is checked, events cannot be
    /// compared with its duration; without one the default duration holds from the start).
    var fileDeclaresScene = false
    /// Whether the file names `time` anywhere (`SourceAST.mentionsTime`): when not, no property
    /// value is scanned for it (the scan was ~260 instructions a property).
    var mentionsTime = true

    /// The symbol of each top-level name once it is known (nil before), by the name's entry in
    /// `topLevel` (`global`, `setGlobal`): a declaration's own entry is known from pass 1, so
    /// storing its symbol hashes nothing.
    var globals: [Symbol?] = []
    /// Top-level declarations in source order (pass 1): name → (slot, span, position).
    var topLevel = NameTable<(slot: Int, span: Span)>()
    var globalCount = 0

    var pool = ConstantPool()
    var layerTemplates: [LayerTemplate] = []
    var animationTemplates: [AnimationTemplate] = []
    var behaviorTemplates: [BehaviorTemplate] = []
    var functions: [IRFunction] = []
    var styles: [String: StyleInfo] = [:]
    var styleDecls: [String: StyleDecl] = [:]
    /// Custom key–value properties (`property NAME: TYPE = VALUE`), in declaration order, and the
    /// catalogue extended with them.
    var customKeys: [CustomKey] = []
    var customSpans: [String: Span] = [:]
    var table = PropertyTable()
    /// Whether the lexer or parser reported errors (skipped code: W0010 would guess wrong).
    var syntaxErrors = false
    /// For W0010: declarations that should be used, and the spans (starts) of those looked up.
    var declarationsToUse: [UsageRecord] = []
    var usedDeclarations: OffsetSet
    /// W0016 through variables: for each `var` first bound to a transition literal, whether every
    /// value assigned to it since was one too (global slot, or function index and local register).
    var transitionVariables: [TransitionVariable: Bool] = [:]
    /// Transitions held in such variables, added under a key other than "transition".
    var transitionVariableUses: [(TransitionVariable, String, Span)] = []
    /// Every `image("…")` with its span, for the command line to check the files exist (the
    /// compiler itself reads no files).
    var imageReferences: [ImageReference] = []
    /// The layers of each body being checked, for constraints between siblings.
    var siblingScopes: [SiblingScope] = []
    /// Filters declared anywhere in the file: list ("filters", "backgroundFilters") → name → kind.
    var declaredFilters: [String: [String: FilterKind]] = [:]
    var stylesInProgress: Set<String> = []
    /// Emitter cells declared in the file and registered as keys (CheckEmitter.swift).
    var emitters = EmitterCheckState()

    var fn: FunctionState
    var deferred: [() -> Void] = []
    /// The user functions, by their index in the file's items, whose bodies are checked after main,
    /// before `deferred`. (A closure per function cost an allocation and a copy of its declaration.)
    var functionBodies: [(item: Int, signature: FunctionSignature)] = []
    /// A function body's state no longer referenced, for the next body (`checkFunctionBody`).
    var spareFunctionState: FunctionState?
    /// Global slots read (from handlers in loops) before their binding was checked: such a binding
    /// must be stored in its slot even when it folds to a constant.
    var pendingReads: Set<Int> = []
    /// Depth of `animateKeyframes` blocks being checked (`keyframe` is valid only inside one).
    var keyframeBlockDepth = 0
    /// Whether plain function bodies are checked on a second thread while main is (nil: when it
    /// pays, `EarlyBodies.pays`). The result is the same either way.
    var bodiesInParallel: Bool?
    /// Per top-level item, the `topLevel` entry of the name it declares (-1: none), and the item
    /// being checked (-1 outside the top level's own statements): `topEntry`.
    var topIndexOfItem: [Int32] = []
    var currentItem = -1
    /// How many function bodies were taken from the other thread (for tests).
    var bodiesCheckedEarly = 0

    static let builtinConstants: [String: (Value, ValueType)] = [
        "infinity": (.number(.infinity), .number(.scalar)),
        "pi": (.number(Double.pi), .number(.scalar)),
    ]
    /// Bit n set when a built-in constant's name is n bytes long (63 for longer).
    static let builtinNameLengths: UInt64 = builtinConstants.keys.reduce(0) { $0 | 1 << UInt64(min($1.utf8.count, 63)) }
    static let layerKinds = ["text", "shape", "gradient", "replicator", "emitter", "transform"]
    /// Kinds of the layers with global names, by global slot (nil for slots that hold no layer),
    /// for checking properties set through those names. (An array: a dictionary's insert was
    /// ~400 instructions per top-level layer.)
    var layerKindBySlot: [LayerKind?] = []

    func layerKind(slot: Int) -> LayerKind? {
        slot >= 0 && slot < layerKindBySlot.count ? layerKindBySlot[slot] : nil
    }

    init(file: SourceFile, usage: OffsetSet? = nil) {
        self.file = file
        self.usedDeclarations = usage ?? OffsetSet(limit: file.bytes.count)
        self.fn = FunctionState(index: 0, kind: .main, parent: nil)
    }

    /// The line of the last offset looked up and where that line starts and ends: the checker asks
    /// in nearly ascending order, so most lookups skip the binary search.
    var lineCursor = (line: 1, start: 0, end: 0)

    func line(_ span: Span) -> Int {
        let off = span.start
        if off >= lineCursor.start, off < lineCursor.end { return lineCursor.line }
        let starts = file.lineStarts
        let ln: Int
        if off >= lineCursor.end {
            // further on: gallop from the cursor's line, then a binary search of the last stride
            // (function bodies are checked after main, so each starts a few lines after the last
            // one, past a short linear walk, where a binary search of the whole file cost 2%)
            var lo = lineCursor.line - 1   // starts[lo] <= off < starts[hi] (or hi == starts.count)
            var step = 1
            var hi = lo + 1
            while hi < starts.count, starts[hi] <= off { lo = hi; step *= 2; hi = lo + step }
            hi = min(hi, starts.count)
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if starts[mid] <= off { lo = mid } else { hi = mid }
            }
            ln = lo + 1
        } else if off >= 0 {
            // a little before: gallop back the same way (a loop's or a conditional's line is asked
            // after its body's lines)
            var hi = lineCursor.line - 1   // starts[lo] <= off < starts[hi]
            var step = 1
            var lo = hi - 1
            while lo > 0, starts[lo] > off { hi = lo; step *= 2; lo = hi - step }
            lo = max(lo, 0)
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if starts[mid] <= off { lo = mid } else { hi = mid }
            }
            ln = lo + 1
        } else {
            ln = file.line(of: off)
        }
        lineCursor = (ln, starts[ln - 1], ln < starts.count ? starts[ln] : Int.max)
        return ln
    }
    func endLine(_ span: Span) -> Int {
        let last = max(span.start, span.end - 1)
        return line(Span(last, last))
    }

    // MARK: entry

    func check(_ ast: SourceAST) -> [IRFunction] {
        functions.append(IRFunction(name: "main", body: [], paramCount: 0, localCount: 0, endLine: 1))
        topLevel.reserveCapacity(ast.items.count)
        globals.reserveCapacity(ast.items.count)   // (entries follow topLevel's: declareTop, insertTop)
        // Room up front in the file-wide arrays (each grew by doubling to thousands of entries,
        // copying itself ~15 times): a function per `func` item, a template per top-level layer,
        // about a declaration to check for use per item.
        var functionItems = 0, layerItems = 0
        for item in ast.items {
            switch item {
            case .function: functionItems += 1
            case .layer: layerItems += 1
            default: break
            }
        }
        functions.reserveCapacity(functionItems + 1)
        functionBodies.reserveCapacity(functionItems)
        layerTemplates.reserveCapacity(layerItems)
        declarationsToUse.reserveCapacity(ast.items.count)
        fileDeclaresScene = ast.items.contains { if case .scene = $0 { return true } else { return false } }
        if ast.hasCells { scanCells(ast.items) }
        if ast.namesFilterLists { scanFilters(ast.items) }
        mentionsTime = ast.mentionsTime
        collectTopLevel(ast.items)
        // pure function bodies, checked on another thread while main is (EarlyBodies.swift)
        let early = bodiesInParallel ?? EarlyBodies.pays(functionBodies.count, sourceBytes: file.bytes.count)
            ? EarlyBodies.start(self, ast.items) : nil
        pushSiblings(ast.items)
        // (twice the items: main's IR outgrew one per item, and growing copied it all once more)
        let main = block(ast.items, .none, capacity: 2, fileItems: true)
        popSiblings()
        functions[0].body = main
        functions[0].localCount = fn.localCount
        functions[0].endLine = ast.items.last.map { endLine($0.span) } ?? 1
        // function bodies and top-level handlers run after main: check them once every top-level
        // name is known
        // (function bodies first: pass 1 listed them before main deferred anything)
        let checkedEarly = early?.finish(main: self)
        for (j, (k, sig)) in functionBodies.enumerated() {
            if let body = checkedEarly?[j] {
                early?.adopt(body, sig, into: self)
                bodiesCheckedEarly += 1
            } else if case .function(let f) = ast.items[k] {
                checkFunctionBody(f, sig)
            }
        }
        var i = 0
        while i < deferred.count { deferred[i](); i += 1 }
        reportTransitionVariables()
        reportUnused()
        return functions
    }

    /// Pass 1: a global slot for every top-level layer name, binding, function and style, so
    /// handlers and functions may refer to names declared further down.
    func collectTopLevel(_ items: [Stmt]) {
        topIndexOfItem = [Int32](repeating: -1, count: items.count)
        for k in items.indices {
            switch items[k] {
            case .layer(let l): collectLayerNames(l, item: k)
            case .binding(let b): declareTop(b.name.text, b.name.span, item: k)
            case .function(let f):
                guard let entry = insertTop(f.name.text, (-1, f.name.span)) else { continue }
                let index = functions.count
                functions.append(IRFunction(name: f.name.text, body: [], paramCount: f.params.count, localCount: 0, endLine: line(f.span)))
                let params = f.params.map { ($0.name.text, resolveType($0.type)) }
                let result = f.result.map(resolveType) ?? .void
                let sig = FunctionSignature(index: index, params: params, result: result)
                globals[entry] = .function(sig, f.name.span)
                expectUse(f.name.text, f.name.span, "function")
                functionBodies.append((k, sig))
            case .property(let d): declareProperty(d)
            case .dynamics(let d): declareBehaviors(d)
            case .style(let s):
                guard let entry = insertTop(s.name.text, (-1, s.name.span)) else { continue }
                styleDecls[s.name.text] = s
                globals[entry] = .style(s.name.text, s.name.span)
                expectUse(s.name.text, s.name.span, "style")
            default: break
            }
        }
    }

    /// `item`: the top-level item declaring the name, whose entry is then remembered
    /// (`topIndexOfItem`).
    func declareTop(_ name: String, _ span: Span, item: Int = -1) {
        let (k, inserted) = topLevel.insertIfAbsentIndex(name, (globalCount, span))
        if inserted {
            globalCount += 1
            globals.append(nil)   // (entry k, as in topLevel)
        }
        if item >= 0 { topIndexOfItem[item] = Int32(truncatingIfNeeded: k) }
    }

    /// Adds a top-level name (and its empty `globals` entry) unless it is there; its entry, or nil
    /// when it was there.
    func insertTop(_ name: String, _ entry: (slot: Int, span: Span)) -> Int? {
        let (k, inserted) = topLevel.insertIfAbsentIndex(name, entry)
        guard inserted else { return nil }
        globals.append(nil)
        return k
    }

    /// The symbol of a top-level name, nil when it has none yet (or is no top-level name).
    func global(_ name: String) -> Symbol? {
        guard let k = topLevel.index(of: name) else { return nil }
        return globals[k]
    }

    /// The top-level names with symbols, and their symbols (for suggestions).
    var globalEntries: [(key: String, value: Symbol)] {
        globals.indices.compactMap { k in globals[k].map { (topLevel.name(at: k), $0) } }
    }

    /// Sets a top-level name's symbol; the name of the top-level item being checked is found
    /// without hashing it (`topEntry`).
    func setGlobal(_ name: String, _ symbol: Symbol) {
        // (every name given a symbol is a top-level name: pass 1 listed it)
        if let k = currentItemEntry(name) ?? topLevel.index(of: name) { globals[k] = symbol }
    }

    func collectLayerNames(_ l: LayerDecl, item: Int = -1) {
        if case .identifier(let n)? = l.name { declareTop(n.text, n.span, item: item) }
        // (by index: iterating the body copied each of its statements)
        for i in l.body.indices { if case .layer(let s) = l.body[i] { collectLayerNames(s) } }
    }

    /// `topLevel[name]`, read without hashing when `name` is what the top-level item being
    /// checked declares: its entry was found in pass 1. (Hashing into a table of one entry per
    /// top-level name missed the cache; ~200 ns a lookup on the benchmark's machine.)
    func topEntry(_ name: String) -> (slot: Int, span: Span)? {
        if let k = currentItemEntry(name) { return topLevel.value(at: k) }
        return topLevel[name]
    }

    /// The `topLevel` entry of `name` when it is the name the top-level item being checked
    /// declares (found in pass 1), else nil.
    func currentItemEntry(_ name: String) -> Int? {
        guard currentItem >= 0 else { return nil }
        let k = Int(topIndexOfItem[currentItem])
        return k >= 0 && topLevel.name(at: k) == name ? k : nil
    }

    // MARK: blocks and statements

    /// `capacity`: room for how many IR statements per statement (a layer makes several).
    /// `fileItems`: `stmts` are the file's top-level items (main's body).
    func block(_ stmts: [Stmt], _ ctx: MemberContext, capacity: Int = 1, fileItems: Bool = false) -> [IRStmt] {
        fn.scopes.append(Scope())
        defer { fn.scopes.removeLast() }
        warnUnreachable(stmts)
        var out: [IRStmt] = []
        out.reserveCapacity(stmts.count * capacity)
        // (top-level functions are skipped without copying them: their bodies are checked apart,
        // perhaps on another thread at this moment, and copying one here retains the same
        // objects that thread retains, which costs both threads the cache line)
        for i in stmts.indices {
            if fileItems {
                if case .function = stmts[i] { continue }
                currentItem = i
            }
            stmt(stmts[i], ctx, into: &out)
        }
        if fileItems { currentItem = -1 }
        return out
    }

    /// Appends the IR of one statement to `out`. (Each statement returning an array of its IR,
    /// most often of one element, cost an allocation and a free per statement.)
    func stmt(_ s: Stmt, _ ctx: MemberContext, into out: inout [IRStmt]) {
        switch s {
        case .error: return
        case .scene(let d):
            if fn.kind != .main || fn.scopes.count > 2 {
                diags.error("E0228", "the scene must be declared at the top level", at: d.span)
                return
            }
            checkScene(d)
            return
        case .layer(let l):
            let parent: IR
            if case .layer(let p, _) = ctx { parent = p } else {
                if l.isMask {
                    diags.error("E0234", "'mask' belongs inside a layer", at: l.span)
                    return
                }
                parent = .root
            }
            declareLayer(l, parent: parent, into: &out)
        case .binding(let b):
            if let x = binding(b) { out.append(x) }
        case .function(let f):
            if fn.kind != .main || fn.scopes.count > 2 {
                diags.error("E0281", "functions must be declared at the top level", at: f.name.span)
            }
            return
        case .style(let st):
            if fn.kind != .main || fn.scopes.count > 2 {
                diags.error("E0291", "styles must be declared at the top level", at: st.name.span)
            }
            return
        case .property(let d):
            // declared in pass 1 when at the top level
            if fn.kind != .main || fn.scopes.count > 2 {
                diags.error("E0236", "custom properties must be declared at the top level", at: d.name.span,
                            label: "every layer has them, so they are declared once for the scene")
                return
            }
            defineProperty(d)
            return
        case .draw(let body, let span):
            out.appendEach(drawBlock(body, span, ctx))
        case .cell(let c):
            // cells directly in a layer's body are expanded where the layer is declared
            out.appendEach(misplacedCell(c, ctx))
        case .constraints(let members, let span):
            out.appendEach(constraintsBlock(members, span, ctx))
        case .setConstraints(let layerExpr, let members, let span):
            out.appendEach(setConstraints(layerExpr, members, span))
        case .setActions(let layerExpr, let members, let span):
            out.appendEach(setActions(layerExpr, members, span))
        case .dynamics(let d):
            out.appendEach(dynamicsBlock(d))
        case .event(let e):
            out.appendEach(event(e))
        case .member(let m):
            out.appendEach(member(m, ctx))
        case .animations(let members, let span):
            guard case .layer(let layer, let lname) = ctx else {
                diags.error("E0107", "'animations' belongs inside a layer", at: span)
                return
            }
            out.appendEach(animationsBlock(members, layer: layer, layerName: lname))
        case .actions(let members, let span):
            guard case .layer(let layer, _) = ctx else {
                diags.error("E0107", "'actions' belongs inside a layer or a style", at: span,
                            label: fn.kind == .main && fn.scopes.count <= 2 ? nil : "to change a layer's actions here, name it: 'card.actions { … }'")
                return
            }
            out.appendEach(actions(members).map { .setAction(layer: layer, key: $0.0, animation: $0.1, line: line(span)) })
        case .assign(let target, let value, let span):
            assign(target, value, span, into: &out)
        case .expr(let e):
            out.appendEach(exprStatement(e))
        case .transaction(let args, let body, let completion, let span):
            out.appendEach(transaction(args, body, completion, span))
        case .animateBlock(let kind, let args, let body, let completion, let finished, let span):
            out.appendEach(animateBlock(kind, args, body, completion, finished, span, ctx))
        case .ifStmt(let cond, let then, let otherwise, let span):
            let c = expr(cond, expect: .bool)
            let ci = convert(c, to: .bool, at: cond.span, what: "the condition")
            let t = block(then, ctx)
            let e = otherwise.map { block($0, ctx) } ?? []
            guard let ci else { return }
            if let v = ci.constant?.bool { for x in v ? t : e { out.append(x) }; return }
            out.append(.ifStmt(ci, t, e, line: line(span)))
        case .forStmt(let variable, let sequence, let body, let span):
            if let x = forLoop(variable, sequence, body, span, ctx) { out.append(x) }
        case .returnStmt(let value, let span):
            if let x = returnStatement(value, span) { out.append(x) }
        }
    }

    func binding(_ b: Binding) -> IRStmt? {
        let name = b.name.text
        let topLevelBinding = fn.kind == .main && fn.scopes.count <= 2 && fn.loopDepth == 0
        let declared = b.type.map(resolveType)
        var t = expr(b.value, expect: declared)
        if t.type == .void { diags.error("E0305", "'\(name)' cannot be bound to an expression with no value", at: b.value.span); t = .error }
        if let declared, !t.type.isError {
            guard let ir = convert(t, to: declared, at: b.value.span, what: "'\(name)'") else { t = .error; return bindName(b, topLevelBinding, t) }
            t = Typed(ir: ir, type: declared)
        } else if t.type == .emptyArray {
            diags.error("E0308", "the type of '\(name)' cannot be inferred from '[]'", at: b.value.span,
                        label: "write its type, e.g. 'var \(name): [number] = []'")
            t = .error
        }
        return bindName(b, topLevelBinding, t)
    }

    func bindName(_ b: Binding, _ topLevelBinding: Bool, _ t: Typed) -> IRStmt? {
        let name = b.name.text
        if Checker.isReserved(name) {
            diags.error("E0209", "'\(name)' is a built-in name and cannot be redeclared", at: b.name.span)
            return nil
        }
        if topLevelBinding {
            let top = topEntry(name)
            guard let slot = top?.slot, slot >= 0, top?.span == b.name.span else {
                redeclared(name, at: b.name.span, previous: top?.span ?? b.name.span)
                return nil
            }
            if !t.type.isError { expectUse(name, b.name.span, b.isVar ? "variable" : "constant") }
            if case .animation(let template, let dynamic) = t.ir, !b.isVar {
                setGlobal(name, .animation(AnimationSpec(template: template, dynamic: dynamic), b.name.span))
                return nil
            }
            if let v = t.ir.constant, !b.isVar {
                setGlobal(name, .constant(v, t.type, b.name.span))
                // stored in its slot only for handlers checked before this line that read it there
                return t.type.isError || !pendingReads.contains(slot) ? nil : .setGlobal(slot, t.ir, line: line(b.span))
            }
            setGlobal(name, .global(slot: slot, type: t.type, mutable: b.isVar, b.name.span))
            if b.isVar, isTransitionLiteral(t.ir) { transitionVariables[TransitionVariable(function: -1, slot: slot)] = true }
            return t.type.isError ? nil : .setGlobal(slot, t.ir, line: line(b.span))
        }
        if let prev = fn.scopes[fn.scopes.count - 1].lookup(name) {
            redeclared(name, at: b.name.span, previous: prev.span)
            return nil
        }
        warnIfShadowing(name, at: b.name.span)
        if !t.type.isError { expectUse(name, b.name.span, b.isVar ? "variable" : "constant") }
        if case .animation(let template, let dynamic) = t.ir, !b.isVar, dynamic.isEmpty {
            fn.scopes[fn.scopes.count - 1].set(name, .animation(AnimationSpec(template: template, dynamic: []), b.name.span))
            return nil
        }
        if let v = t.ir.constant, !b.isVar {
            fn.scopes[fn.scopes.count - 1].set(name, .constant(v, t.type, b.name.span))
            return nil
        }
        let reg = fn.newLocal()
        fn.scopes[fn.scopes.count - 1].set(name, .local(reg: reg, type: t.type, mutable: b.isVar, b.name.span))
        if b.isVar, isTransitionLiteral(t.ir) { transitionVariables[TransitionVariable(function: fn.index, slot: reg)] = true }
        return t.type.isError ? nil : .setLocal(reg, t.ir, line: line(b.span))
    }

    static let reservedNames: Set<String> = ["time", "root", "infinity", "pi"]
    /// The names that are written after a dot: every setting's cases, named colours and timing functions.
    static let dottedNames: Set<String> = Set(Enumerations.all.values.joined())
        .union(Color.named.map { $0.0 }).union(TimingFunction.named.map { $0.0 })
    /// Bit n set when a reserved name is n bytes long (63 for longer).
    static let reservedNameLengths: UInt64 = reservedNames.reduce(0) { $0 | 1 << UInt64(min($1.utf8.count, 63)) }

    /// Whether `name` is reserved; a length test first (hashing every bound name into the set cost
    /// ~300 instructions a binding).
    static func isReserved(_ name: String) -> Bool {
        reservedNameLengths & (1 << UInt64(min(name.utf8.count, 63))) != 0 && reservedNames.contains(name)
    }

    func redeclared(_ name: String, at span: Span, previous: Span) {
        diags.error("E0203", "'\(name)' is already declared", at: span, notes: ["the first declaration is on line \(line(previous))"])
    }

    func forLoop(_ variable: Name, _ sequence: Expr, _ body: [Stmt], _ span: Span, _ ctx: MemberContext) -> IRStmt? {
        let name = variable.text
        fn.scopes.append(Scope())
        fn.loopDepth += 1
        defer { fn.loopDepth -= 1; fn.scopes.removeLast() }
        if case .range(let lo, let hi, let inclusive) = sequence.kind {
            let a = expr(lo, expect: .number(.scalar)), b = expr(hi, expect: .number(.scalar))
            let ai = convert(a, to: .number(.scalar), at: lo.span, what: "the range's start")
            let bi = convert(b, to: .number(.scalar), at: hi.span, what: "the range's end")
            let reg = fn.newLocal()
            fn.scopes[fn.scopes.count - 1].set(name, .local(reg: reg, type: .number(.scalar), mutable: false, variable.span))
            let inner = block(body, ctx)
            guard let ai, let bi else { return nil }
            let limit = inclusive ? IR.arith(.add, bi, .const(.number(1))) : bi
            let folded = limit.constant.flatMap { l in (try? Value.arith(.add, .number(0), l)) } ?? limit.constant
            return .forRange(variable: reg, from: ai, limit: folded.map { .const($0) } ?? limit, body: inner, line: line(span))
        }
        let seq = expr(sequence, expect: nil)
        var element = ValueType.error
        switch seq.type {
        case .array(let t): element = t
        case .error: break
        case .emptyArray: element = .error
        default:
            diags.error("E0309", "a for loop runs over a range (a..<b, a...b) or an array, found \(TypeRules.article(seq.type))", at: sequence.span)
        }
        let reg = fn.newLocal()
        let hidden = fn.newLocal()
        _ = fn.newLocal()   // the index, hidden + 1
        fn.scopes[fn.scopes.count - 1].set(name, .local(reg: reg, type: element, mutable: false, variable.span))
        let inner = block(body, ctx)
        if element == .error { return nil }
        return .forArray(variable: reg, array: seq.ir, hidden: hidden, body: inner, line: line(span))
    }

    func returnStatement(_ value: Expr?, _ span: Span) -> IRStmt? {
        switch fn.kind {
        case .user(let result):
            if let value {
                if result == .void {
                    diags.error("E0283", "this function returns nothing; remove the value or declare '-> type'", at: value.span)
                    return nil
                }
                let t = expr(value, expect: result)
                guard let ir = convert(t, to: result, at: value.span, what: "the returned value") else { return nil }
                return .ret(ir, line: line(span))
            }
            if result != .void {
                diags.error("E0283", "this function must return \(TypeRules.article(result))", at: span)
            }
            return .ret(nil, line: line(span))
        case .handler:
            if let value { diags.error("E0283", "a handler returns no value", at: value.span) }
            return .ret(nil, line: line(span))
        default:
            diags.error("E0282", "'return' belongs inside a function or handler", at: span)
            return nil
        }
    }

    /// Whether a statement list always ends in a return (for functions that return a value).
    static func alwaysReturns(_ stmts: [IRStmt]) -> Bool {
        guard let last = stmts.last else { return false }
        switch last {
        case .ret: return true
        case .ifStmt(_, let t, let e, _): return alwaysReturns(t) && alwaysReturns(e)
        default: return false
        }
    }

    func checkFunctionBody(_ f: FuncDecl, _ sig: FunctionSignature) {
        let saved = fn
        // (the previous body's state is reused when nothing kept it: a state and its scopes were
        // three allocations per function)
        if let state = spareFunctionState {
            spareFunctionState = nil
            state.reset(index: sig.index, kind: .user(sig.result), parent: nil)
            fn = state
        } else {
            fn = FunctionState(index: sig.index, kind: .user(sig.result), parent: nil)
        }
        for (k, p) in sig.params.enumerated() {
            if fn.scopes[0].lookup(p.0) != nil {
                diags.error("E0203", "parameter '\(p.0)' is declared twice", at: f.params[k].name.span)
            }
            fn.scopes[0].set(p.0, .param(k, type: p.1, f.params[k].name.span))
        }
        fn.paramCount = sig.params.count
        let body = block(f.body, .none)
        if sig.result != .void, !Checker.alwaysReturns(body) {
            diags.error("E0284", "function '\(f.name.text)' must return \(TypeRules.article(sig.result)) on every path", at: f.name.span)
        }
        functions[sig.index] = IRFunction(name: f.name.text, body: body, paramCount: fn.paramCount,
                                          localCount: fn.localCount, endLine: endLine(f.span))
        var finished = fn
        fn = saved
        if isKnownUniquelyReferenced(&finished) { spareFunctionState = finished }
    }

    // MARK: types

    static let typeNames: [String: ValueType] = [
        "number": .number(.scalar), "duration": .number(.time), "angle": .number(.angle), "bool": .bool,
        "string": .string, "point": .point, "size": .size, "rect": .rect, "color": .color,
        "transform": .transform, "timing": .timingFunction, "animation": .animation, "layer": .layer,
        "path": .path, "image": .image,
    ]

    /// `typeNames[name]` without hashing the name: a parameter's type is resolved for every
    /// function declared (the dictionary's SipHash was ~400 instructions a parameter).
    static func typeNamed(_ name: String) -> ValueType? {
        switch name {
        case "number": return .number(.scalar)
        case "duration": return .number(.time)
        case "angle": return .number(.angle)
        case "bool": return .bool
        case "string": return .string
        case "point": return .point
        case "size": return .size
        case "rect": return .rect
        case "color": return .color
        case "transform": return .transform
        case "timing": return .timingFunction
        case "animation": return .animation
        case "layer": return .layer
        case "path": return .path
        case "image": return .image
        default: return nil
        }
    }

    func resolveType(_ t: TypeExpr) -> ValueType {
        switch t {
        case .array(let inner, _): return .array(resolveType(inner))
        case .named(let n):
            if let v = Checker.typeNamed(n.text) { return v }
            diags.error("E0285", "unknown type '\(n.text)'", at: n.span,
                        label: suggestion(for: n.text, among: Checker.typeNames.keys.sorted()).map { "did you mean '\($0)'?" })
            return .error
        }
    }

    // MARK: names

    /// Resolves a name in the current function, capturing locals of enclosing functions by value.
    func resolve(_ name: String, in f: FunctionState) -> Symbol? {
        var level = f.scopes.count - 1
        while level >= 0 {
            if let s = f.scopes[level].lookup(name) { return s }
            level -= 1
        }
        return resolveBeyondScopes(name, in: f)
    }

    /// `resolve` once none of `f`'s scopes declares `name`: a captured value, or a name of an
    /// enclosing function (then captured).
    func resolveBeyondScopes(_ name: String, in f: FunctionState) -> Symbol? {
        if !f.captureNames.isEmpty, let k = f.captureNames[name], case .param(_, let t, let sp)? = f.scopes[0].lookup(name) { return .param(k, type: t, sp) }
        guard let parent = f.parent, let outer = resolve(name, in: parent) else { return nil }
        let captured: IR
        let type: ValueType
        switch outer {
        case .local(let reg, let t, _, _): captured = .local(reg); type = t
        case .param(let k, let t, _): captured = .param(k); type = t
        default: return outer
        }
        let k = f.paramCount
        f.paramCount += 1
        f.captures.append(captured)
        f.captureNames[name] = k
        let sym = Symbol.param(k, type: type, outer.span)
        f.scopes[0][name] = sym
        return sym
    }

    func lookup(_ name: String, at span: Span, report: Bool = true) -> Symbol? {
        if let s = resolve(name, in: fn) { markUsed(s); return s }
        return lookupOutside(name, at: span, report: report)
    }

    /// `lookup` after `resolve` found nothing in the current function.
    func lookupOutside(_ name: String, at span: Span, report: Bool = true) -> Symbol? {
        if let s = global(name) { markUsed(s); return s }
        if let top = topLevel[name] {
            usedDeclarations.insert(top.span.start)
            if fn.runsLater || fn.parent != nil, top.slot >= 0 {
                // a top-level binding or layer further down, read from its slot when this runs
                pendingReads.insert(top.slot)
                return .pending(slot: top.slot, top.span)
            }
            if report {
                diags.error("E0204", "'\(name)' is used before its declaration", at: span,
                            notes: ["it is declared on line \(line(top.span)); top-level code runs in order"])
            }
            return nil
        }
        guard report, Checker.builtinConstants[name] == nil else { return nil }
        // a setting's case or a named colour written without its dot (`fillMode: forwards`), or
        // under its Core Animation name (`kCAFillModeForwards`)
        let caseName = coreAnimationSpellings[name] ?? name
        if Checker.dottedNames.contains(caseName), global(caseName) == nil, topLevel[caseName] == nil {
            diags.error("E0200", "unknown name '\(name)'", at: span,
                        label: "did you mean '.\(caseName)'? (a setting's case or a named colour starts with a dot)")
            return nil
        }
        if let alias = coreAnimationSpellings[name], ["basic", "keyframe", "group", "transition", "spring"].contains(alias) {
            diags.error("E0200", "unknown name '\(name)'", at: span, label: "did you mean '\(alias) { … }'?")
            return nil
        }
        if LayerProperties.named(name) != nil {
            diags.error("E0200", "unknown name '\(name)'", at: span,
                        label: "'\(name)' is a layer property: in a layer's body write '\(name): …', in a handler 'LAYER.\(name) = …'")
            return nil
        }
        if ["nil", "null", "NULL", "NSNull", "kCFNull"].contains(name) {
            diags.error("E0200", "unknown name '\(name)'", at: span, label: "CAL writes nil as 'none'")
            return nil
        }
        var candidates = Array(Checker.builtinConstants.keys) + Array(topLevel.keys)
        var f: FunctionState? = fn
        while let cur = f { for scope in cur.scopes { candidates += scope.keys }; f = cur.parent }
        diags.error("E0200", "unknown name '\(name)'", at: span,
                    label: suggestion(for: name, among: Set(candidates).sorted()).map { "did you mean '\($0)'?" })
        return nil
    }

    // MARK: conversions

    /// W0019 / W0020: a constant plain number standing for an angle beyond ±2π (`rotate(45)` turns 45
    /// radians: degrees were meant) or for a duration over a minute (`duration: 500`: milliseconds
    /// were meant). Plain numbers are radians and seconds; the label gives the unit to write.
    func unitTrap(_ t: Typed, _ unit: CalcCore.Dimension, at span: Span) {
        guard case .number(let v)? = t.ir.constant, v.isFinite else { return }
        switch unit {
        case .angle where abs(v) > 2 * Double.pi + 1e-9:
            diags.warning("W0019", "a plain number as an angle is in radians: \(fmt(v)) is \(fmt(v)) rad, more than a full turn",
                          at: span, label: "for degrees write \(fmt(v))deg (\(fmt(v))rad keeps radians)")
        case .time where v > 60:
            diags.warning("W0020", "a plain number as a duration is in seconds: \(fmt(v)) is \(fmt(v)) s, over a minute",
                          at: span, label: "for milliseconds write \(fmt(v))ms (\(fmt(v))s keeps seconds)")
        default: break
        }
    }

    /// Checks `t` against `expected`; reports a mismatch and returns nil, else the IR. (`what` is
    /// only built for the message: describing every checked value was a tenth of the checker's time.)
    func convert(_ t: Typed, to expected: ValueType, at span: Span, what describe: @autoclosure () -> String) -> IR? {
        if t.type.isError { return nil }
        if TypeRules.assignable(t.type, to: expected) {
            if t.type == .number(.scalar), case .number(let unit) = expected, unit != .scalar { unitTrap(t, unit, at: span) }
            return t.ir
        }
        let what = describe()
        var notes: [String] = []
        if case .number(let e) = expected, case .number(let f) = t.type {
            if e == .scalar { notes.append("remove the unit: \(what) is a plain number") }
            else if f != .scalar { notes.append("\(TypeRules.article(t.type)) cannot stand for \(TypeRules.article(expected))") }
        }
        var label: String?
        if expected == .color, case .string(let s)? = t.ir.constant, Color.named.contains(where: { $0.0 == s }) {
            label = "a named colour is written with a dot: '.\(s)'"
        }
        diags.error("E0300", "\(what) expects \(TypeRules.article(expected)), found \(TypeRules.article(t.type))", at: span, label: label, notes: notes)
        return nil
    }
}

/// A set of source offsets (the starts of declarations' spans) as one bit per byte of the file:
/// W0010's record of the declarations looked up, inserted into on every name resolved, where a
/// `Set<Int>` hashed each offset and regrew 16 times on a 100 000-line file (3% of checking).
/// An offset outside the file (none is expected) goes into a set.
struct OffsetSet {
    private var words: [UInt64]
    private var outside: Set<Int> = []
    /// Set when only a list of the offsets inserted is kept, in order (a checker checking function
    /// bodies on another thread: its caller adopts the offsets of the bodies it takes).
    private(set) var log: [Int]?

    init(limit: Int) { words = [UInt64](repeating: 0, count: max(0, limit) / 64 + 1) }

    /// A set that only lists what is inserted (`contains` is then always false).
    static func logging() -> OffsetSet {
        var s = OffsetSet(limit: 0)
        s.log = []
        return s
    }

    /// Forgets the offsets logged from position `count` on.
    mutating func truncateLog(to count: Int) { log?.removeSubrange(count...) }

    mutating func insert(_ offset: Int) {
        if log != nil { log!.append(offset); return }
        let w = offset >> 6
        if offset >= 0, w < words.count { words[w] |= 1 << UInt64(offset & 63) } else { outside.insert(offset) }
    }

    func contains(_ offset: Int) -> Bool {
        let w = offset >> 6
        if offset >= 0, w < words.count { return words[w] & (1 << UInt64(offset & 63)) != 0 }
        return outside.contains(offset)
    }
}

/// Shortest round-trip text for a number, without a trailing ".0".
func fmt(_ x: Double) -> String {
    if x.isInfinite { return x < 0 ? "-infinity" : "infinity" }
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return "\(x)"
}

/// The constant pool, deduplicated by exact bit pattern so that 0 and -0 stay distinct.
/// A key of a `ProbeTable`: equality, and a home slot in a table of `mask + 1` slots.
protocol ProbeKey: Equatable, Sendable {
    static var empty: Self { get }
    func slot(_ mask: Int) -> Int
}

/// An open-addressing table from keys to constant-pool indexes: slots hold index + 1 (0 when empty),
/// probed linearly from the key's home slot; it doubles when half full, re-placing each key.
struct ProbeTable<Key: ProbeKey>: Sendable {
    var slots: [UInt32] = []
    var keys: [Key] = []
    var count = 0

    /// The index stored for `key`; when there is none, `next` is stored for it (`inserted`).
    mutating func index(_ key: Key, next: UInt32) -> (index: UInt32, inserted: Bool) {
        if slots.isEmpty {
            slots = [UInt32](repeating: 0, count: 64)
            keys = [Key](repeating: .empty, count: 64)
        }
        var mask = slots.count - 1
        var s = key.slot(mask)
        while slots[s] != 0 {
            if keys[s] == key { return (slots[s] - 1, false) }
            s = (s + 1) & mask
        }
        let i = next
        slots[s] = i + 1
        keys[s] = key
        count += 1
        if count * 2 > slots.count {
            let oldSlots = slots, oldKeys = keys
            slots = [UInt32](repeating: 0, count: oldSlots.count * 2)
            keys = [Key](repeating: .empty, count: oldSlots.count * 2)
            mask = slots.count - 1
            for (k, slot) in oldSlots.enumerated() where slot != 0 {
                var t = oldKeys[k].slot(mask)
                while slots[t] != 0 { t = (t + 1) & mask }
                slots[t] = slot
                keys[t] = oldKeys[k]
            }
        }
        return (i, true)
    }
}

struct ConstantPool: Sendable {
    var values: [Value] = []
    var index: [Key: UInt32] = [:]
    /// Numbers, most constants, by bit pattern: one multiplicative hash of one word in an
    /// open-addressing table (slots hold index + 1, 0 when empty), not a five-word Key through SipHash.
    var numbers = ProbeTable<NumberBits>()

    /// A number's identity: its bit pattern (so 0 and -0 stay apart).
    struct NumberBits: ProbeKey {
        var bits: UInt64
        static let empty = NumberBits(bits: 0)
        func slot(_ mask: Int) -> Int { ConstantPool.slot(bits, mask) }
    }

    /// A constant's identity: its kind and the bit patterns of its numbers (hashing Doubles
    /// directly would merge 0 and -0).
    enum Key: Hashable, Sendable {
        case bits(UInt8, UInt64, UInt64, UInt64, UInt64)
        case string(String)
        case transform([UInt64])
        case content([UInt64])
        case other(String)
    }

    /// The other constants of fixed size (points, sizes, rects, colours, timings, booleans, enum
    /// cases) by their `.bits` key, the same way: SipHash over five words and the dictionary's
    /// probing cost ~650 instructions a lookup (a layer's `bounds` rect, for one).
    var fixedSize = ProbeTable<BitsKey>()

    struct BitsKey: ProbeKey {
        var tag: UInt8
        var a: UInt64, b: UInt64, c: UInt64, d: UInt64
        static let empty = BitsKey(tag: 0, a: 0, b: 0, c: 0, d: 0)
        /// A home slot in a table of `mask + 1` (a power of two) slots.
        func slot(_ mask: Int) -> Int {
            var h = UInt64(tag) &* 0x9E37_79B9_7F4A_7C15
            h = (h ^ a) &* 0x9E37_79B9_7F4A_7C15
            h = (h ^ b) &* 0x9E37_79B9_7F4A_7C15
            h = (h ^ c) &* 0x9E37_79B9_7F4A_7C15
            h = (h ^ d) &* 0x9E37_79B9_7F4A_7C15
            return Int(truncatingIfNeeded: h >> UInt64(64 - (mask + 1).trailingZeroBitCount))
        }
    }

    mutating func index(_ v: Value) -> UInt32 {
        if case .number(let x) = v { return numberIndex(x) }
        let key = ConstantPool.key(v)
        if case .bits(let tag, let a, let b, let c, let d) = key {
            return bitsIndex(BitsKey(tag: tag, a: a, b: b, c: c, d: d), v)
        }
        if let i = index[key] { return i }
        let i = UInt32(values.count)
        values.append(v)
        index[key] = i
        return i
    }

    mutating func numberIndex(_ x: Double) -> UInt32 {
        let (i, inserted) = numbers.index(NumberBits(bits: x.bitPattern), next: UInt32(values.count))
        if inserted { values.append(.number(x)) }
        return i
    }

    mutating func bitsIndex(_ key: BitsKey, _ v: Value) -> UInt32 {
        let (i, inserted) = fixedSize.index(key, next: UInt32(values.count))
        if inserted { values.append(v) }
        return i
    }

    /// A number's home slot in a table of `mask + 1` (a power of two) slots: the top bits of a
    /// multiplicative hash. (Bits 32 and up, as before, hardly vary between small whole numbers,
    /// whose low mantissa bits are all zero: they crowded into a few runs of slots.)
    static func slot(_ bits: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - (mask + 1).trailingZeroBitCount))
    }

    static func key(_ v: Value) -> Key {
        switch v {
        case .number(let x): return .bits(0, x.bitPattern, 0, 0, 0)
        case .bool(let b): return .bits(1, b ? 1 : 0, 0, 0, 0)
        case .string(let s): return .string(s)
        case .point(let p): return .bits(2, p.x.bitPattern, p.y.bitPattern, 0, 0)
        case .size(let s): return .bits(3, s.width.bitPattern, s.height.bitPattern, 0, 0)
        case .rect(let r): return .bits(4, r.origin.x.bitPattern, r.origin.y.bitPattern, r.size.width.bitPattern, r.size.height.bitPattern)
        case .color(let c): return .bits(5, c.r.bitPattern, c.g.bitPattern, c.b.bitPattern, c.a.bitPattern)
        case .timing(let t):
            if let s = t.spring { return .bits(8, s.mass.bitPattern, s.stiffness.bitPattern, s.damping.bitPattern, s.initialVelocity.bitPattern) }
            return .bits(6, t.x1.bitPattern, t.y1.bitPattern, t.x2.bitPattern, t.y2.bitPattern)
        case .enumCase(let i): return .bits(7, UInt64(i), 0, 0, 0)
        case .transform(let m): return .transform(m.elements.map { $0.bitPattern })
        case .path, .array:
            // by content: their display text ("path(3 elements)") would merge different paths
            var words: [UInt64] = []
            exactBits(v, &words)
            return .content(words)
        default: return .other(Value.display(v))
        }
    }

    /// A path's or array's content as words: a tag per element, then its numbers' bit patterns.
    static func exactBits(_ v: Value, _ out: inout [UInt64]) {
        func p(_ q: Point) { out.append(q.x.bitPattern); out.append(q.y.bitPattern) }
        switch v {
        case .path(let b):
            out.append(0x5041_5448_0000_0000 | UInt64(b.elements.count))
            for e in b.elements {
                switch e {
                case .move(let q): out.append(1); p(q)
                case .line(let q): out.append(2); p(q)
                case .quad(let c, let q): out.append(3); p(c); p(q)
                case .cubic(let c1, let c2, let q): out.append(4); p(c1); p(c2); p(q)
                case .close: out.append(5)
                }
            }
        case .array(let xs):
            out.append(0x4152_5241_0000_0000 | UInt64(xs.count))
            for x in xs { exactBits(x, &out) }
        default:
            if case .bits(let tag, let a, let b, let c, let d) = key(v) {
                out.append(0x4249_5453_0000_0000 | UInt64(tag)); out += [a, b, c, d]
            } else {
                // strings and the rest: their text, as bytes
                let bytes = Array(Value.display(v).utf8)
                out.append(0x5445_5854_0000_0000 | UInt64(bytes.count))
                for chunk in stride(from: 0, to: bytes.count, by: 8) {
                    var w: UInt64 = 0
                    for (k, byte) in bytes[chunk..<min(chunk + 8, bytes.count)].enumerated() { w |= UInt64(byte) << (8 * UInt64(k)) }
                    out.append(w)
                }
            }
        }
    }
}
