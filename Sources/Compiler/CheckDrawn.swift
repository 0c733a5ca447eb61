// W0018: a script must never compile into nothing without being told. What the renderer does not
// draw yet (particles, filters, blend modes) is reported where the script asks for it, once per
// feature and layer, naming both; README's table of what is drawn says the same. Each entry goes
// when its drawing lands.

import CalcCore
import Parser

extension Checker {
    /// Features that compile and run but are not drawn yet, by the name W0018 gives them.
    enum Undrawn: String {
        case emitter = "emitter particles are"
        case filters = "'filters' are"
        case backgroundFilters = "'backgroundFilters' are"
        case compositingFilter = "'compositingFilter' blend modes are"

        /// What the frames show instead.
        var instead: String {
            switch self {
            case .emitter: return "its background and border are drawn, its particles are not"
            case .filters: return "its content is drawn unfiltered"
            case .backgroundFilters: return "what lies behind it is drawn unfiltered"
            case .compositingFilter: return "it is composited with plain source-over"
            }
        }
    }

    /// W0018 for `what` on layer `layer` (empty when unknown), once per pair.
    func notDrawnYet(_ what: Undrawn, layer: String, at span: Span) {
        guard notDrawnReported.insert(what.rawValue + "\u{0}" + layer).inserted else { return }
        let on = layer.isEmpty ? "" : " on layer '\(layer)'"
        diags.warning("W0018", "\(what.rawValue) not drawn yet\(on)", at: span,
                      label: what.instead + " (README lists what calc draws)")
    }

    /// W0018 for a property a layer body or an assignment sets, when its effect is not drawn yet.
    func notDrawnYet(property name: String, layer: String, at span: Span) {
        switch name {
        case "filters": notDrawnYet(.filters, layer: layer, at: span)
        case "backgroundFilters": notDrawnYet(.backgroundFilters, layer: layer, at: span)
        case "compositingFilter": notDrawnYet(.compositingFilter, layer: layer, at: span)
        default: break
        }
    }
}
