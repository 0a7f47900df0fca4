import GeoCore

public struct CategoryCount: Sendable, Hashable {
    public var category: String
    public var kind: FeatureKind
    public var count: Int
    /// How many of them have a position and so appear in spatial queries.
    public var located: Int

    package init(category: String, kind: FeatureKind, count: Int, located: Int) {
        (self.category, self.kind, self.count, self.located) = (category, kind, count, located)
    }
}
