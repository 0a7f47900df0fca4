import GeoCore

/// Features that intersect a box (which may cross the antimeridian), by id: the page after the
/// cursor, or before it when the cursor goes backward.
public struct BoxQuery: Sendable {
    public var box: BoundingBox
    public var limit: Int
    public var categories: CategoryFilter
    public var sources: SourceFilter
    public var after: Cursor?
    /// Also the records stored without a position, in id order among the others: a listing of
    /// everything selected (OGC API's items without a box), which no box would hold.
    public var unlocated: Bool

    public init(box: BoundingBox, limit: Int = defaultLimit, categories: CategoryFilter = .init(), sources: SourceFilter = .init(),
                after: Cursor? = nil, unlocated: Bool = false) {
        self.box = box
        self.limit = limit
        self.categories = categories
        self.sources = sources
        self.after = after
        self.unlocated = unlocated
    }

    package func validate() throws(GeoError) {
        _ = try BoundingBox(validatingMinLon: box.minLon, minLat: box.minLat, maxLon: box.maxLon, maxLat: box.maxLat)
        try checkLimit(limit)
        try after?.check(forDistanceQuery: false)
    }
}
