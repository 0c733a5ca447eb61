// W0018: a script must never compile into nothing without being told. What the renderer does not
// draw yet (particles) is reported where the script
// asks for it, once per feature and layer, naming both; README's table of what is drawn says the
// same. Each entry goes when its drawing lands.

import CalcCore
import Parser

extension Checker {
    /// Features that compile and run but are not drawn yet, by the name W0018 gives them.
    enum Undrawn: String {
        case emitter = "emitter particles are"

        /// What the frames show instead.
        var instead: String {
            switch self {
            case .emitter: return "its background and border are drawn, its particles are not"
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
}
