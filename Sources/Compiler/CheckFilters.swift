// `filters` and `backgroundFilters`: lists of Core Image filters (FilterKind), written as calls —
// `filters: [gaussianBlur(name: "soft", inputRadius: 4), colorControls(inputSaturation: 0.2)]` — in a
// layer body or assigned in a handler. A filter is named by `name:` (a string constant), else by its
// kind. The list becomes the layer's "kind:name" entries; each input given, or reached by a key path
// such as `filters.soft.inputRadius`, is a custom key named by that key path, so inputs set, read,
// bind and animate like properties. Filter names are collected from the whole file first, so a key
// path may name a filter declared further down or on another layer.

import CalcCore
import Parser

extension Checker {
    /// Calls every statement in `stmts` and in the blocks nested in them.
    func forEachStatement(_ stmts: [Stmt], _ visit: (Stmt) -> Void) {
        for s in stmts {
            visit(s)
            switch s {
            case .layer(let l): forEachStatement(l.body, visit)
            case .function(let f): forEachStatement(f.body, visit)
            case .event(let e): forEachStatement(e.body, visit)
            case .style(let st): forEachStatement(st.body, visit)
            case .cell(let c): forEachStatement(c.body, visit)
            case .draw(let body, _): forEachStatement(body, visit)
            case .transaction(_, let body, let completion, _), .animateBlock(_, _, let body, let completion, _, _):
                forEachStatement(body, visit)
                forEachStatement(completion ?? [], visit)
            case .ifStmt(_, let then, let otherwise, _):
                forEachStatement(then, visit)
                forEachStatement(otherwise ?? [], visit)
            case .forStmt(_, _, let body, _): forEachStatement(body, visit)
            default: break
            }
        }
    }

    /// The scan before checking: every filter the file declares, by list and name.
    func scanFilters(_ items: [Stmt]) {
        func record(_ list: String, _ value: Expr) {
            guard case .array(let elements) = value.kind else { return }
            for e in elements {
                guard let (kind, name) = filterCallName(e) else { continue }
                if declaredFilters[list, default: [:]][name] == nil { declaredFilters[list, default: [:]][name] = kind }
            }
        }
        forEachStatement(items) { s in
            switch s {
            case .member(let m) where FilterKey.lists.contains(m.name.text): record(m.name.text, m.value)
            case .assign(let target, let value, _):
                if case .member(_, let n) = target.kind, FilterKey.lists.contains(n.text) { record(n.text, value) }
            default: break
            }
        }
    }

    /// The kind and name of `kind(name: "…", …)`, when `e` is such a call.
    func filterCallName(_ e: Expr) -> (FilterKind, String)? {
        guard case .call(let callee, let args) = e.kind, case .identifier(let k) = callee.kind, let kind = FilterKind(rawValue: k) else { return nil }
        if let a = args.first(where: { $0.label?.text == "name" }) {
            guard case .string(let s) = a.value.kind else { return nil }
            return (kind, s)
        }
        return (kind, kind.rawValue)
    }

    /// `filters: [ … ]` on `layer`: sets the list, then the inputs given.
    func filterList(_ list: String, _ value: Expr, layer: IR, line ln: Int) -> [IRStmt] {
        guard case .array(let elements) = value.kind else {
            diags.error("E0450", "'\(list)' is a list of filters, e.g. [gaussianBlur(inputRadius: 4)]", at: value.span,
                        label: "filters are \(FilterKind.allCases.map(\.rawValue).joined(separator: ", "))")
            return []
        }
        var entries: [IR] = []
        var inputs: [IRStmt] = []
        var names: [String: Span] = [:]
        for e in elements {
            guard case .call(let callee, let args) = e.kind, case .identifier(let k) = callee.kind, let kind = FilterKind(rawValue: k) else {
                let label: String? = if case .call(let c, _) = e.kind, case .identifier(let k) = c.kind {
                    suggestion(for: k, among: FilterKind.allCases.map(\.rawValue)).map { "did you mean '\($0)'?" }
                } else { nil }
                diags.error("E0450", "a filter is one of \(FilterKind.allCases.map(\.rawValue).joined(separator: ", ")), written as a call", at: e.span,
                            label: label ?? "e.g. gaussianBlur(name: \"soft\", inputRadius: 4)")
                continue
            }
            var name = kind.rawValue
            var given: [(Int, Expr)] = []
            var ok = true
            for a in args {
                guard let label = a.label else {
                    diags.error("E0451", "a filter's arguments are labelled: 'name:' and its inputs", at: a.value.span,
                                label: "\(kind.rawValue) takes \(["name"] + kind.inputs.map(\.name) .map { $0 + ":" })")
                    ok = false
                    continue
                }
                if label.text == "name" {
                    guard case .string(let s) = a.value.kind, PropertyTable.isValidCustomName(s) else {
                        diags.error("E0451", "a filter's name is a string constant that is a name, e.g. \"soft\"", at: a.value.span)
                        ok = false
                        continue
                    }
                    name = s
                } else if let i = kind.input(label.text) {
                    given.append((i, a.value))
                } else {
                    diags.error("E0451", "\(kind.rawValue) has no input '\(label.text)'", at: label.span,
                                label: suggestion(for: label.text, among: kind.inputs.map(\.name)).map { "did you mean '\($0)'?" }
                                    ?? "its inputs are \(kind.inputs.map(\.name).joined(separator: ", "))")
                    _ = expr(a.value, expect: .error)
                    ok = false
                }
            }
            if let prev = names[name] {
                diags.error("E0452", "two filters named '\(name)' in one list", at: e.span,
                            notes: ["the first is on line \(line(prev)); give one a 'name:'"])
                continue
            }
            names[name] = e.span
            guard ok else { continue }
            entries.append(.const(.string(FilterKey.entry(kind, name: name))))
            for (i, v) in given {
                let input = kind.inputs[i]
                let t = expr(v, expect: .number(.scalar))
                guard let ir = convert(t, to: .number(.scalar), at: v.span, what: "'\(input.name)'"),
                      let id = registerFilterKey(list, name, input.name, input.defaultValue) else { continue }
                inputs.append(.setProp(layer: layer, KeyPath(property: id), ir, line: ln))
            }
        }
        let listID = list == "filters" ? LayerProperties.filters : LayerProperties.backgroundFilters
        return [.setProp(layer: layer, KeyPath(property: listID), .array(entries), line: ln)] + inputs
    }

    /// `filters.NAME.INPUT`: the input's custom key, registered on first use.
    func resolveFilterKeyPath(_ name: Name) -> (KeyPath, ValueType)? {
        let list = name.parts[0]
        guard name.parts.count == 3 else {
            diags.error("E0453", "a filter's input is reached as '\(list).NAME.INPUT'", at: name.span,
                        label: "e.g. '\(list).soft.inputRadius'")
            return nil
        }
        let known = declaredFilters[list] ?? [:]
        guard let kind = known[name.parts[1]] else {
            diags.error("E0453", "no filter named '\(name.parts[1])' in any layer's '\(list)'", at: name.span,
                        label: suggestion(for: name.parts[1], among: known.keys.sorted()).map { "did you mean '\($0)'?" }
                            ?? "name a filter with 'name:' where it is declared")
            return nil
        }
        guard let i = kind.input(name.parts[2]) else {
            diags.error("E0451", "\(kind.rawValue) has no input '\(name.parts[2])'", at: name.span,
                        label: suggestion(for: name.parts[2], among: kind.inputs.map(\.name)).map { "did you mean '\($0)'?" }
                            ?? "its inputs are \(kind.inputs.map(\.name).joined(separator: ", "))")
            return nil
        }
        guard let id = registerFilterKey(list, name.parts[1], kind.inputs[i].name, kind.inputs[i].defaultValue) else { return nil }
        return (KeyPath(property: id), .number(.scalar))
    }

    func registerFilterKey(_ list: String, _ filter: String, _ input: String, _ defaultValue: Double) -> UInt16? {
        let key = FilterKey.name(list: list, filter: filter, input: input)
        if let k = customKeys.firstIndex(where: { $0.name == key }) { return LayerProperties.customBase + UInt16(k) }
        guard customKeys.count < Int(UInt16.max - LayerProperties.customBase) else { return nil }
        customKeys.append(CustomKey(name: key, defaultValue: .number(defaultValue)))
        table = PropertyTable(custom: customKeys)
        return LayerProperties.customBase + UInt16(customKeys.count - 1)
    }
}
