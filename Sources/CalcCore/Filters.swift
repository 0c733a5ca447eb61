// Layer filters (Core Image filters on CALayer's `filters` and `backgroundFilters`, seed 000:984):
// a documented built-in set, named so key paths reach their inputs as Core Animation spells them,
// `filters.soft.inputRadius`. A layer's `filters` value lists its filters as "kind:name" strings,
// set by code the compiler generates from `filters: [gaussianBlur(name: "soft", inputRadius: 4)]`;
// each input a script uses is a custom key named by its key path (as emitter cells' properties are),
// so inputs are set, read, bound and animated like any property. An input no script mentions keeps
// its default.

/// The filters CAL knows, with their inputs and Core Image's defaults.
public enum FilterKind: String, CaseIterable, Sendable {
    /// CIGaussianBlur: inputRadius (10).
    case gaussianBlur
    /// CIBloom: inputRadius (10), inputIntensity (0.5).
    case bloom
    /// CIColorControls: inputSaturation (1), inputBrightness (0), inputContrast (1).
    case colorControls
    /// CIColorPosterize: inputLevels (6).
    case posterize

    public var inputs: [(name: String, defaultValue: Double)] {
        switch self {
        case .gaussianBlur: return [("inputRadius", 10)]
        case .bloom: return [("inputRadius", 10), ("inputIntensity", 0.5)]
        case .colorControls: return [("inputSaturation", 1), ("inputBrightness", 0), ("inputContrast", 1)]
        case .posterize: return [("inputLevels", 6)]
        }
    }

    public func input(_ name: String) -> Int? { inputs.firstIndex { $0.name == name } }
}

/// One filter of a layer as presented: its kind, name and input values (in `kind.inputs` order).
public struct FilterState: Sendable, Equatable {
    public var kind: FilterKind
    public var name: String
    public var inputs: [Double]
    public init(kind: FilterKind, name: String, inputs: [Double]) { self.kind = kind; self.name = name; self.inputs = inputs }

    public func value(_ input: String) -> Double? { kind.input(input).map { inputs[$0] } }
}

/// Key paths into filters, and the entries of a layer's filter lists.
public enum FilterKey {
    /// The two lists, as layer properties.
    public static let lists = ["filters", "backgroundFilters"]

    /// Whether a key path reaches into a filter (`filters.NAME.INPUT`).
    @inline(__always)
    public static func isFilterKey(_ path: String) -> Bool {
        (path.hasPrefix("filters.") && path.utf8.count > 8) || (path.hasPrefix("backgroundFilters.") && path.utf8.count > 18)
    }

    /// `filters.soft.inputRadius`
    public static func name(list: String, filter: String, input: String) -> String { list + "." + filter + "." + input }

    /// The list, filter name and input a key name spells; nil unless it has exactly three parts.
    public static func parse(_ key: String) -> (list: String, filter: String, input: String)? {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, lists.contains(parts[0]), !parts[1].isEmpty, !parts[2].isEmpty else { return nil }
        return (parts[0], parts[1], parts[2])
    }

    /// An entry of a filter list: "gaussianBlur:soft".
    public static func entry(_ kind: FilterKind, name: String) -> String { kind.rawValue + ":" + name }

    public static func parseEntry(_ s: String) -> (FilterKind, String)? {
        guard let colon = s.firstIndex(of: ":"), let kind = FilterKind(rawValue: String(s[..<colon])) else { return nil }
        let name = String(s[s.index(after: colon)...])
        return name.isEmpty ? nil : (kind, name)
    }
}
