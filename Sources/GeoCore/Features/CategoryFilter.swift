import Foundation

/// Which categories a query selects or a map draws. Codes `water`, `cinema` and `trip` select
/// those kinds; every other code selects POIs of that category. Empty selects everything.
public struct CategoryFilter: Hashable, Sendable {
    public var codes: Set<String>

    public init(_ codes: some Sequence<String> = []) { self.codes = Set(codes) }

    /// What a user typed: comma-separated codes (`eat, See,water`), trimmed and lower-cased, or the
    /// guide's labels for them (`Kur paēst,What to see`, `CategoryLabels`); the one reader of
    /// `--category`, `category=` and a manifest's `categories`.
    public init(parsing text: String) throws(GeoError) {
        try self.init(parsing: text.split(separator: ",", omittingEmptySubsequences: false).map(String.init), given: text)
    }

    /// A list of codes (a manifest's YAML list), read as above.
    public init(parsing list: [String]) throws(GeoError) {
        try self.init(parsing: list, given: list.joined(separator: ","))
    }

    private init(parsing list: [String], given: String) throws(GeoError) {
        let codes = list.map { CategoryLabels.code(forLabel: $0) ?? $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard !codes.isEmpty, !codes.contains(where: \.isEmpty) else {
            throw .invalid(field: .category, reason: "'\(given)' has an empty code")
        }
        self.init(codes)
    }

    public var isAll: Bool { codes.isEmpty }

    /// Whether a fetched feature is of a selected category.
    public func selects(_ feature: Feature) -> Bool { isAll || codes.contains(feature.category) }

    public var kinds: [FeatureKind] {
        FeatureKind.allCases.filter { kind in
            if isAll { return true }
            if let implied = kind.impliedCategory { return codes.contains(implied) }
            return !poiCategories.isEmpty
        }
    }

    /// The POI category codes selected; empty means all of them (when POIs are selected at all).
    public var poiCategories: [String] {
        codes.filter { code in !FeatureKind.allCases.contains { $0.impliedCategory == code } }.sorted()
    }
}

extension CategoryFilter: ExpressibleByArrayLiteral {
    public init(arrayLiteral codes: String...) { self.init(codes) }
}
