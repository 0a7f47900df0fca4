import GeoCore

/// Nearest-N, or within a radius when `maxDistance` is set: results by distance, then id. Nearest-N
/// lists the records without a position after all those with one (`Feature.unlocated`).
public struct NearestQuery: Sendable {
    public var center: Coordinate
    public var limit: Int
    public var categories: CategoryFilter
    public var sources: SourceFilter
    public var maxDistance: Double?
    public var after: Cursor?

    public init(center: Coordinate, limit: Int = defaultLimit, categories: CategoryFilter = .init(), sources: SourceFilter = .init(),
                maxDistance: Double? = nil, after: Cursor? = nil) {
        self.center = center
        self.limit = limit
        self.categories = categories
        self.sources = sources
        self.maxDistance = maxDistance
        self.after = after
    }

    /// The largest radius: half the Earth's circumference, and then some.
    public static let maximumDistance = 20_000_000.0

    /// Whether the answer is every row within the radius, found in one unordered search and sorted
    /// (a page of `wholeRange` rows or more).
    package var takesWholeRange: Bool { (maxDistance ?? .infinity).isFinite && limit >= wholeRange }

    package func validate() throws(GeoError) {
        _ = try Coordinate(validatingLat: center.lat, lon: center.lon)
        try checkLimit(limit)
        if let maxDistance, !(maxDistance > 0 && maxDistance <= Self.maximumDistance) {
            throw .invalid(field: .maxDistance, reason: "\(maxDistance) is not more than 0 and at most \(Int(Self.maximumDistance)) metres")
        }
        try after?.check(forDistanceQuery: true)
    }
}
