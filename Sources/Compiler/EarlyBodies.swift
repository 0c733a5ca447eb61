// Checking plain function bodies on a second thread while main is checked.
//
// The checker checks function bodies after main, because a body may use any top-level name, and
// a top-level binding's type is known only once main has checked it. Most functions use none:
// they compute from their parameters, their locals and other functions, whose signatures pass 1
// knows. Such a body checks the same before main as after it, so a copy of the checker made
// right after pass 1 (a "fork") checks those bodies on another thread while the checker itself
// checks main; afterwards the checker takes the fork's result for each of them, in order, and
// checks the others itself as before. On the 100 000-line benchmark this takes the bodies (40% of
// checking) off the critical path.
//
// Which bodies: decided from the syntax tree and pass 1 alone, so the same ones on every run
// (`EarlyBodyScan`). A body qualifies when the parser found it plain (`FuncDecl.plainBody`: made
// only of bindings, assignments to names and array elements, conditionals, loops, returns and
// calls of named functions, over expressions without animations, member calls, interpolations or
// filter and cell key paths) and none of the names it reads is a top-level binding or layer
// (whose symbol main creates) or a name that reads the scene or draws (`root`, `time`, `fill` …).
// As a safety net the fork also compares every shared table's size before and after each body (constants,
// templates, functions, styles, custom keys, handlers …): a body that added to one is not taken,
// and the fork stops there. Custom keys registered while main is checked end the scheme for the
// bodies that read members.
//
// What the checker takes from the fork per body: the function's IR, the diagnostics, the
// declarations to check for use (W0010) and the declarations it used, in the order the serial
// checker would have produced them, so the output is identical byte for byte (tests compare both
// ways over the samples and generated files).

import CalcCore
import Parser
import Foundation

/// Where one body's results are in the fork's arrays: its diagnostics, its declarations to check
/// for use (W0010) and the declarations it used. (Ranges into arrays the fork keeps, not arrays
/// per body: those were two allocations per body, and adopting them cost as much again.)
struct CheckedBody {
    var diagnostics: Range<Int>
    var uses: Range<Int>
    var used: Range<Int>
    /// Whether the body reads members (key paths resolved against the custom keys).
    var readsMembers: Bool
}

final class EarlyBodies: @unchecked Sendable {
    private let fork: Checker
    private let items: [Stmt]
    private let bodies: [(item: Int, signature: FunctionSignature)]
    private let customKeyCount: Int
    /// How many functions pass 1 made (main and the user functions).
    private let functionCount: Int
    private var results: [CheckedBody?]
    private let done = DispatchSemaphore(value: 0)

    /// Worth a thread: enough bodies to outweigh starting one (`Compiler.compile` asks only on a
    /// machine with a second core).
    static func pays(_ bodies: Int, sourceBytes: Int) -> Bool {
        bodies >= 64 && sourceBytes >= 64 << 10
    }

    /// Starts checking on another thread; `checker` has just finished pass 1.
    static func start(_ checker: Checker, _ items: [Stmt]) -> EarlyBodies? {
        guard !checker.functionBodies.isEmpty else { return nil }
        let early = EarlyBodies(checker, items)
        DispatchQueue.global(qos: .userInitiated).async { early.run() }
        return early
    }

    private init(_ checker: Checker, _ items: [Stmt]) {
        fork = checker.forkAfterPassOne()
        self.items = items
        bodies = checker.functionBodies
        customKeyCount = checker.customKeys.count
        functionCount = checker.functions.count
        results = Array(repeating: nil, count: bodies.count)
    }

    private func run() {
        defer { done.signal() }
        let scan = EarlyBodyScan(topLevel: fork.topLevel)
        for (j, (k, sig)) in bodies.enumerated() {
            guard case .function(let f) = items[k], scan.qualifies(f) else { continue }
            let before = fork.sharedSizes
            let diagnostics = fork.diags.items.count, uses = fork.declarationsToUse.count
            let used = fork.usedDeclarations.log?.count ?? 0
            fork.checkFunctionBody(f, sig)
            guard fork.sharedSizes == before else {
                // it changed what main shares with the bodies after it: this one and the rest are
                // checked after main, as usual
                return
            }
            results[j] = CheckedBody(diagnostics: diagnostics..<fork.diags.items.count,
                                     uses: uses..<fork.declarationsToUse.count,
                                     used: used..<(fork.usedDeclarations.log?.count ?? 0),
                                     readsMembers: f.plainBody?.readsMembers ?? true)
        }
    }

    /// Waits for the other thread; the bodies it checked, by position in `functionBodies`. The
    /// functions' IR is taken over with them: `main.functions` becomes the fork's array, with
    /// main's own entries put back (main's body, the handlers added since pass 1). An entry of a
    /// body that is not taken is checked again by main, which overwrites it.
    func finish(main: Checker) -> [CheckedBody?] {
        done.wait()
        if main.customKeys.count != customKeyCount {
            // key paths of the bodies that read members may resolve differently now
            for j in results.indices where results[j]?.readsMembers == true { results[j] = nil }
        }
        // (one array taken over, not an IR function copied per body; beyond pass 1's functions,
        // the fork's are dropped: a body that added one stopped the fork and is checked again)
        var merged = fork.functions
        fork.functions = []
        if merged.count > functionCount { merged.removeSubrange(functionCount...) }
        merged[0] = main.functions[0]
        merged.append(contentsOf: main.functions[functionCount...])
        main.functions = merged
        return results
    }

    /// Takes a body checked early into `main`, as `checkFunctionBody` would have left it (its IR
    /// came with `finish`).
    func adopt(_ body: CheckedBody, _ sig: FunctionSignature, into main: Checker) {
        for d in fork.diags.items[body.diagnostics] { main.diags.add(d) }
        main.declarationsToUse.append(contentsOf: fork.declarationsToUse[body.uses])
        if let log = fork.usedDeclarations.log {
            for offset in log[body.used] { main.usedDeclarations.insert(offset) }
        }
    }
}

extension Checker {
    /// A checker in the state this one is in after pass 1, for checking bodies on another thread;
    /// it lists the declarations it uses. What it reads constantly (the line starts, the top-level
    /// tables, the functions) are copies of its own: two threads reading shared buffers contend
    /// for their reference counts. The rest is shared, copied on write.
    func forkAfterPassOne() -> Checker {
        let c = Checker(file: SourceFile(copying: file), usage: .logging())
        c.scene = scene
        c.sceneSpan = sceneSpan
        c.fileDeclaresScene = fileDeclaresScene
        c.mentionsTime = mentionsTime
        c.globals = globals.withUnsafeBufferPointer { Array($0) }
        c.topLevel = topLevel.copied()
        c.globalCount = globalCount
        c.pool = pool
        c.layerTemplates = layerTemplates
        c.animationTemplates = animationTemplates
        c.behaviorTemplates = behaviorTemplates
        c.functions = functions.withUnsafeBufferPointer { Array($0) }
        c.styles = styles
        c.styleDecls = styleDecls
        c.customKeys = customKeys
        c.customSpans = customSpans
        c.table = table
        c.syntaxErrors = syntaxErrors
        c.declaredFilters = declaredFilters
        c.stylesInProgress = stylesInProgress
        c.emitters = emitters
        c.pendingReads = pendingReads
        c.keyframeBlockDepth = keyframeBlockDepth
        c.layerKindBySlot = layerKindBySlot
        c.bodiesInParallel = false
        return c
    }

    /// The sizes of everything bodies could add to that main shares with the bodies after it.
    /// (In a vector: an array was two allocations per body.)
    var sharedSizes: SIMD32<Int> {
        var v = SIMD32<Int>()
        v[0] = pool.values.count
        v[1] = layerTemplates.count
        v[2] = animationTemplates.count
        v[3] = behaviorTemplates.count
        v[4] = functions.count
        v[5] = styles.count
        v[6] = customKeys.count
        v[7] = customSpans.count
        v[8] = table.custom.count
        v[9] = declaredFilters.count
        v[10] = stylesInProgress.count
        v[11] = emitters.declared.count
        v[12] = emitters.keyIDs.count
        v[13] = emitters.cellsBySlot.count
        v[14] = pendingReads.count
        v[15] = globalCount
        v[16] = layerKindBySlot.count
        v[17] = deferred.count
        v[18] = globals.count
        v[19] = topLevel.count
        v[20] = imageReferences.count
        return v
    }
}

/// Which function bodies check the same before main as after it (see the file's comment): those
/// the parser found plain (`FuncDecl.plainBody`) whose names are none of main's.
struct EarlyBodyScan {
    let topLevel: NameTable<(slot: Int, span: Span)>

    /// Names whose meaning main settles or that read the scene, and the draw commands.
    static func unsafe(_ s: String) -> Bool {
        switch s {
        case "root", "time", "self", "scene", "named", "superlayer", "print": return true
        default: return Checker.drawCommands.contains(s)
        }
    }

    func qualifies(_ f: FuncDecl) -> Bool {
        guard let plain = f.plainBody else { return false }
        for name in plain.names {
            if EarlyBodyScan.unsafe(name) { return false }
            // a top-level binding or layer: its symbol is made while main is checked
            if let top = topLevel[name], top.slot >= 0 { return false }
        }
        return true
    }
}
