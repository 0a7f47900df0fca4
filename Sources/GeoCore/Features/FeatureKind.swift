/// The four kinds of thing Waymark stores, each in its own table.
public enum FeatureKind: String, CaseIterable, Codable, Sendable, Comparable {
    case poi, water, cinema, trip

    /// Kinds whose category is implied by the kind itself; every other category code is a POI's.
    public var impliedCategory: String? { self == .poi ? nil : rawValue }

    /// Whether a record of this kind may be stored without a position (the guide's places, a
    /// cinema known by its address): waters and trips are stored with their geometry.
    public var mayLackPosition: Bool { self == .poi || self == .cinema }

    /// The kind's place in `allCases`, and the kind at a place: by a switch, since `allCases` is an
    /// array built anew at each use, and ids are sorted and decoded by the thousand.
    public var number: Int {
        switch self {
        case .poi: 0
        case .water: 1
        case .cinema: 2
        case .trip: 3
        }
    }

    public init?(number: Int) {
        switch number {
        case 0: self = .poi
        case 1: self = .water
        case 2: self = .cinema
        case 3: self = .trip
        default: return nil
        }
    }

    public static func < (a: FeatureKind, b: FeatureKind) -> Bool { a.number < b.number }
}
