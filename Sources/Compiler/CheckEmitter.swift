// Emitter layers' cells: `cell NAME { … }` blocks and `emitterCells.NAME.PROPERTY` key paths.
//
// A cell block is sugar for properties of its layer: `cell spark { birthRate: 100 }` in layer
// `fountain` sets `fountain`'s key path `emitterCells.spark.birthRate` exactly as if the layer body
// said `emitterCells.spark.birthRate: 100` — so constants go into the layer's template, an
// expression of `time` binds, and a type error reads like any other — and a nested cell extends
// the path (`emitterCells.spark.emitterCells.trail.lifetime`, Core Animation's spelling).
// Each cell property a script uses becomes a custom key named by its key path the first time it
// is resolved (CalcCore/EmitterCells.swift), so setting, reading, binding and animating it go
// through the same code as every other property. The layer's cell tree (names, nesting, order) is
// one more property, `emitterCells`, which generated code sets to the cells' paths in pre-order.
//
// Which cells a key path may name: on a layer whose declaration the checker has seen (the layer
// being declared, or one with a global name), that layer's cells; on a layer known only at run
// time (`named("x")`, a variable), any cell declared anywhere in the file, found by a scan before
// checking. A key for a cell the layer turns out not to have is held but used by nothing.

import CalcCore
import Parser
import Bytecode

/// What the checker knows about emitter cells.
struct EmitterCheckState {
    /// Every cell path declared anywhere in the file (`spark`, `spark.trail`), in source order.
    var declared: [String] = []
    var declaredSet: Set<String> = []
    /// The cells of emitter layers with global names, by global slot.
    var cellsBySlot: [Int: [String]] = [:]
    /// Ids of the cell properties registered as custom keys, by key name.
    var keyIDs: [String: UInt16] = [:]
}

/// The layer a cell key path is resolved on, when the checker knows which layer it is.
struct CellScope {
    var kind: LayerKind
    var cells: [String]
}

extension Checker {
    // MARK: the scan before checking

    /// Records every cell path declared anywhere in `stmts` (layers in loops, functions and handlers
    /// included), so key paths on layers known only at run time can be checked.
    func scanCells(_ stmts: [Stmt], prefix: [String] = []) {
        for s in stmts {
            switch s {
            case .cell(let c):
                let path = prefix + [c.name.text]
                let key = EmitterCellKey.pathString(path)
                if emitters.declaredSet.insert(key).inserted { emitters.declared.append(key) }
                scanCells(c.body, prefix: path)
            case .layer(let l): scanCells(l.body)
            case .function(let f): scanCells(f.body)
            case .event(let e): scanCells(e.body)
            case .transaction(_, let body, let completion, _), .animateBlock(_, _, let body, let completion, _, _):
                scanCells(body)
                scanCells(completion ?? [])
            case .ifStmt(_, let then, let otherwise, _):
                scanCells(then)
                scanCells(otherwise ?? [])
            case .forStmt(_, _, let body, _): scanCells(body)
            default: break
            }
        }
    }

    // MARK: cell blocks

    /// A layer body with its cell blocks replaced by the members they stand for
    /// (`emitterCells.spark.birthRate: 100`), and the layer's cell paths in pre-order.
    func expandCells(_ body: [Stmt], kind: LayerKind, layerName: String) -> (items: [Stmt], cells: [String]) {
        guard body.contains(where: { if case .cell = $0 { return true } else { return false } }) else { return (body, []) }
        var items: [Stmt] = []
        var cells: [String] = []
        var siblings: [String: Span] = [:]
        for s in body {
            guard case .cell(let c) = s else { items.append(s); continue }
            guard kind == .emitter else {
                diags.error("E0242", "\(TypeRules.article(kindType(kind))) layer has no emitter cells", at: c.name.span,
                            label: "cells belong to emitter layers: declare it 'layer \(layerName.isEmpty ? "name" : layerName): emitter'")
                continue
            }
            expandCell(c, parent: [], layerName: layerName, into: &items, cells: &cells, siblings: &siblings)
        }
        return (items, cells)
    }

    func expandCell(_ c: CellDecl, parent: [String], layerName: String, into items: inout [Stmt], cells: inout [String],
                    siblings: inout [String: Span]) {
        let name = c.name.text
        let owner = parent.isEmpty ? (layerName.isEmpty ? "the layer" : "layer '\(layerName)'") : "cell '\(EmitterCellKey.pathString(parent))'"
        if let previous = siblings[name] {
            diags.error("E0243", "cell '\(name)' is declared twice in \(owner)", at: c.name.span,
                        notes: ["the first declaration is on line \(line(previous)); cells are found by name"])
            return
        }
        siblings[name] = c.name.span
        let path = parent + [name]
        if path.count > EmitterCellKey.maxDepth {
            diags.error("E0248", "emitter cells nest at most \(EmitterCellKey.maxDepth) levels deep", at: c.name.span,
                        label: "the particle model ignores cells deeper than that")
            return
        }
        if cells.count >= EmitterCellKey.maxCells {
            diags.error("E0248", "an emitter layer has at most \(EmitterCellKey.maxCells) cells", at: c.name.span,
                        label: "the particle model ignores the cells after that")
            return
        }
        cells.append(EmitterCellKey.pathString(path))
        let prefix = path.flatMap { [EmitterCellKey.prefix, $0] }
        var inner: [String: Span] = [:]
        for s in c.body {
            switch s {
            case .member(var m):
                m.name = Name(prefix + m.name.parts, span: m.name.span)
                items.append(.member(m))
            case .cell(let sub):
                expandCell(sub, parent: path, layerName: layerName, into: &items, cells: &cells, siblings: &inner)
            case .error: break
            default:
                diags.error("E0246", "a cell holds properties ('name: value') and cells only", at: s.span,
                            label: "move it into the layer's body; the cell is reached from there as '\(prefix.joined(separator: ".")).…'")
            }
        }
        warnIfDrawsNothing(c)
        warnIfBiasHasNoEffect(c)
    }

    /// W0029: a cell's `minificationFilterBias` moves the mipmap level of a trilinear minification and
    /// nothing else, so with any other `minificationFilter` (linear, the default, or nearest) it changes
    /// no pixel. Said only when the cell's body sets a bias other than a literal 0 and sets no filter
    /// or a literal one other than `.trilinear`, and the file names `NAME.minificationFilter` nowhere
    /// else (a handler or a style may set it), as W0028 does.
    func warnIfBiasHasNoEffect(_ c: CellDecl) {
        var bias: Member?
        for s in c.body {
            guard case .member(let m) = s, m.name.parts.count == 1 else { continue }
            switch m.name.parts[0] {
            case "minificationFilterBias":
                if case .number(let v, _) = m.value.kind, v == 0 { continue }
                bias = m
            case "minificationFilter":
                if case .enumCase(let e) = m.value.kind, e != "trilinear" { continue }
                return
            default:
                continue
            }
        }
        guard let b = bias, !Checker.contains(file.bytes, Array((c.name.text + ".minificationFilter").utf8)) else { return }
        diags.warning("W0029", "'minificationFilterBias' has no effect unless minificationFilter is .trilinear", at: b.name.span,
                      label: "only trilinear minification reads the mipmaps whose level the bias moves")
    }

    /// W0028: a cell with neither `contents` nor cells of its own emits particles that draw nothing
    /// (as in Core Animation), so the script would show nothing of it. A cell that has cells is left
    /// alone (its particles may only carry the emitters of its children), and so is one whose contents
    /// the file sets elsewhere: any `NAME.contents` in the source text (a handler, a style, a function)
    /// silences it. That test reads only this file's text, so it is the same on every path the
    /// checker takes.
    func warnIfDrawsNothing(_ c: CellDecl) {
        for s in c.body {
            switch s {
            case .cell: return
            case .member(let m) where m.name.parts.first == "contents": return
            default: continue
            }
        }
        let needle = Array((c.name.text + ".contents").utf8)
        if Checker.contains(file.bytes, needle) { return }
        diags.warning("W0028", "cell '\(c.name.text)' has no contents: its particles draw nothing", at: c.name.span,
                      label: "give it an image, e.g. 'contents: image(\"spark.png\")' (Core Animation draws nothing for a cell without contents)")
    }

    /// Whether `needle` occurs in `haystack` (a plain scan: it runs only for cells without contents).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count else { return false }
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first && haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }

    /// `cell` anywhere but directly in a layer's (or a cell's) body.
    func misplacedCell(_ c: CellDecl, _ ctx: MemberContext) -> [IRStmt] {
        if case .layer = ctx {
            diags.error("E0242", "a cell belongs directly in its emitter layer's body", at: c.name.span,
                        label: "cells are declared once, not in loops, conditions or handlers")
        } else {
            diags.error("E0242", "'cell' belongs inside an emitter layer", at: c.name.span,
                        label: "declare it in 'layer name: emitter { … }'")
        }
        return []
    }

    /// Sets the layer's `emitterCells` to its cells' paths (run-time code: arrays never go into templates).
    func cellTree(_ layer: IR, _ cells: [String], line: Int) -> IRStmt {
        .setProp(layer: layer, KeyPath(property: LayerProperties.emitterCells), .array(cells.map { .const(.string($0)) }), line: line)
    }

    /// What the checker knows about the layer `ir` stands for: its kind and cells when it has a
    /// global name; nil otherwise.
    func cellScope(_ ir: IR) -> CellScope? {
        guard case .global(let slot) = ir, let kind = layerKind(slot: slot) else { return nil }
        return CellScope(kind: kind, cells: emitters.cellsBySlot[slot] ?? [])
    }

    // MARK: key paths

    /// Before a key path is read: registers the cell property it names (reporting what is wrong
    /// with it); false after a diagnostic.
    func prepareCellKeyPath(_ names: [(String, Span)], on layer: IR, layerName: String) -> Bool {
        guard names.first?.0 == EmitterCellKey.prefix, names.count > 1 else { return true }
        // `emitterCells.count` is the number of cells, unless a cell is named `count`
        if names.count == 2, names[1].0 == "count", !emitters.declaredSet.contains("count") { return true }
        // the property is the first name after a cell name that is not `emitterCells`
        var n = 2
        while n < names.count, names[n].0 == EmitterCellKey.prefix { n += 2 }
        let taken = min(names.count, n + 1)
        let name = Name(names.prefix(taken).map { $0.0 }, span: names[0].1.to(names[taken - 1].1))
        return resolveCellKeyPath(name, onLayer: layerName, scope: cellScope(layer)) != nil
    }

    /// `emitterCells.A(.emitterCells.B)*.PROPERTY[.component]`: the custom key of that cell property
    /// (registered on first use) and its type; nil after a diagnostic.
    func resolveCellKeyPath(_ name: Name, onLayer layer: String, scope: CellScope?) -> (KeyPath, ValueType)? {
        if let scope, scope.kind != .emitter {
            _ = kindHas(scope.kind, KeyPath(property: LayerProperties.emitterCells), at: name.span)
            return nil
        }
        let known = scope?.cells ?? emitters.declared
        let what = layer.isEmpty ? "" : " on layer '\(layer)'"
        let parts = name.parts
        var path: [String] = []
        var i = 1
        while true {
            guard i < parts.count else {
                diags.error("E0245", "expected a cell's name after '\(parts.joined(separator: "."))'", at: name.span,
                            label: "e.g. '\(parts.joined(separator: ".")).spark.birthRate'")
                return nil
            }
            let candidate = path + [parts[i]]
            guard known.contains(EmitterCellKey.pathString(candidate)) else {
                let siblings = known.compactMap { p -> String? in
                    let q = p.split(separator: ".").map(String.init)
                    return q.count == candidate.count && Array(q.dropLast()) == path ? q.last : nil
                }
                let owner = path.isEmpty ? (scope == nil ? "the cells declared in this file" : "the layer's cells")
                                         : "the cells of '\(EmitterCellKey.pathString(path))'"
                let label = suggestion(for: parts[i], among: siblings).map { "did you mean '\($0)'?" }
                    ?? (siblings.isEmpty ? (path.isEmpty ? "no cell is declared\(scope == nil ? " in this file" : " in this layer")"
                                                        : "cell '\(EmitterCellKey.pathString(path))' has no cells")
                                         : "\(owner) are " + siblings.map { "'\($0)'" }.joined(separator: ", "))
                diags.error("E0244", "unknown emitter cell '\(EmitterCellKey.pathString(candidate))'\(what)", at: name.span, label: label)
                return nil
            }
            path = candidate
            i += 1
            let written = parts.prefix(i).joined(separator: ".")
            guard i < parts.count else {
                diags.error("E0245", "expected a property of cell '\(EmitterCellKey.pathString(path))' after '\(written)'", at: name.span,
                            label: "e.g. '\(written).birthRate'")
                return nil
            }
            if parts[i] == EmitterCellKey.prefix { i += 1; continue }
            guard let property = EmitterCellProperty.named(parts[i]) else {
                let children = known.compactMap { p -> String? in
                    let q = p.split(separator: ".").map(String.init)
                    return q.count == path.count + 1 && Array(q.dropLast()) == path ? q.last : nil
                }
                let label: String?
                if children.contains(parts[i]) {
                    label = "did you mean '\(written).\(EmitterCellKey.prefix).\(parts[i])'?"
                } else if parts[i] == "name" {
                    label = "a cell's name is the one it is declared with: 'cell \(path.last ?? "NAME") { … }'"
                } else {
                    label = suggestion(for: parts[i], among: EmitterCellProperty.allCases.map(\.name) + [EmitterCellKey.prefix])
                        .map { "did you mean '\($0)'?" }
                }
                diags.error("E0245", "emitter cells have no property '\(parts[i])'", at: name.span, label: label)
                return nil
            }
            i += 1
            guard let id = registerCellKey(path, property) else {
                diags.error("E0248", "the scene uses more emitter cell properties than a program can hold", at: name.span)
                return nil
            }
            if i == parts.count { return (KeyPath(property: id), property.type) }
            let suffix = parts[i...].joined(separator: ".")
            let comps = Component.components(of: property.type)
            if let c = comps.first(where: { $0.0 == suffix }) { return (KeyPath(property: id, component: c.1), c.2) }
            diags.error("E0202", "'\(property.name)' has no field '\(suffix)'", at: name.span,
                        label: suggestion(for: suffix, among: comps.map(\.0)).map { "did you mean '\(property.name).\($0)'?" }
                            ?? "'\(property.name)' is \(TypeRules.article(property.type))")
            return nil
        }
    }

    /// The custom key of property `p` of the cell at `path`, registered on first use; nil when the
    /// program has no ids left.
    func registerCellKey(_ path: [String], _ p: EmitterCellProperty) -> UInt16? {
        let name = EmitterCellKey.name(cell: path, p)
        if let id = emitters.keyIDs[name] { return id }
        guard customKeys.count < Int(UInt16.max - LayerProperties.customBase) else { return nil }
        let id = LayerProperties.customBase + UInt16(customKeys.count)
        customKeys.append(CustomKey(name: name, defaultValue: p.defaultValue, dimension: p.dimension))
        table = PropertyTable(custom: customKeys)
        emitters.keyIDs[name] = id
        return id
    }
}
