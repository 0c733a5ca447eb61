// A layer's filters in the presentation tree: its `filters` / `backgroundFilters` entries
// ("kind:name") with each input's value this frame — the custom key named by the input's key path
// when the program registered one (so animations and bindings apply), else the filter's default.

import CalcCore

extension Presenter {
    func filterStates(_ list: UInt16, _ p: PropsView) -> [FilterState] {
        guard case .array(let entries) = p[Int(list)], !entries.isEmpty else { return [] }
        let listName = list == LayerProperties.filters ? "filters" : "backgroundFilters"
        var out: [FilterState] = []
        for e in entries {
            guard case .string(let s) = e, let (kind, name) = FilterKey.parseEntry(s) else { continue }
            let inputs = kind.inputs.map { input -> Double in
                if let slot = image.filterSlots[FilterKey.name(list: listName, filter: name, input: input.name)],
                   case .number(let x) = p[slot], x.isFinite { return x }
                return input.defaultValue
            }
            out.append(FilterState(kind: kind, name: name, inputs: inputs))
        }
        return out
    }
}
