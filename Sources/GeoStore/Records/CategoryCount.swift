import GeoCore

public struct CategoryCount: Sendable, Hashable {
    public var category: String
    public var kind: FeatureKind
    public var count: Int
    /// How many of them have a position and so appear in spatial queries.
    public var located: Int
    /// The box round the positions (geometries' boxes) of the located ones, nil when none is: what
    /// the map page fits to. A category spread across the antimeridian gets the box the long way round.
    public var bounds: BoundingBox?

    package init(category: String, kind: FeatureKind, count: Int, located: Int, bounds: BoundingBox? = nil) {
        (self.category, self.kind, self.count, self.located, self.bounds) = (category, kind, count, located, bounds)
    }

    /// A row of `StatisticsSQL.categories`'s four extent columns, which are NULL when nothing is located.
    package static func bounds(_ minLon: Double?, _ minLat: Double?, _ maxLon: Double?, _ maxLat: Double?) -> BoundingBox? {
        guard let minLon, let minLat, let maxLon, let maxLat else { return nil }
        return BoundingBox(minLon: minLon, minLat: minLat, maxLon: maxLon, maxLat: maxLat)
    }
}
