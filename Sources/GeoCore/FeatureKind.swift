/// The four kinds of thing Waymark stores, each in its own table.
public enum FeatureKind: String, CaseIterable, Codable, Sendable, Comparable {
    case poi, water, cinema, trip

    /// Kinds whose category is implied by the kind itself; every other category code is a POI's.
    public var impliedCategory: String? { self == .poi ? nil : rawValue }

    public static func < (a: FeatureKind, b: FeatureKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
