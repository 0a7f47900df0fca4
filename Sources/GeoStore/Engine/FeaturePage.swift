import GeoCore

public struct FeaturePage: Sendable {
    public var features: [Feature]
    /// Set when more results follow; pass it back as `after`.
    public var next: Cursor?
    /// Each trip's catches, filled in by `withDetails` (a list, which flat properties cannot hold).
    public var catches: [FeatureID: [CatchRecord]] = [:]
    /// How many features match in all: a search's, and a listing's (`KindQuery`) when its first
    /// page holds them all; nil otherwise.
    public var total: Int?

    public init(features: [Feature], next: Cursor?, total: Int? = nil) {
        self.features = features
        self.next = next
        self.total = total
    }
}
