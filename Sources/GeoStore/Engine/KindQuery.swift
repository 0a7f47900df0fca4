import GeoCore

/// The features of one kind (OGC API's items of a collection): those that meet a box or, without
/// one, every feature of the kind (those without a position too), of some of its categories and
/// sources, whose own times meet `time`, that `filter` keeps; by id, continued either way by a cursor
/// of the same kind (`Cursor.backward`), or by distance from `near`, continued forward.
public struct KindQuery: Sendable {
    public var kind: FeatureKind
    public var box: BoundingBox?
    public var limit: Int
    /// Empty: every category of the kind.
    public var categories: CategoryFilter
    public var sources: SourceFilter
    public var after: Cursor?
    /// A trip meets it when its start…end does (its start alone when it has no end); a cinema
    /// when a screening of it starts in it. The other kinds hold no time: a query of them with
    /// one is refused rather than answered with nothing.
    public var time: TimeSpan?
    public var filter: FeatureFilter?
    /// Waymark's extension to OGC API – Features: nearest first (geodesic metres, each feature's
    /// `distance`), those without a position last, as `NearestQuery` orders them.
    public var near: Coordinate?

    /// The kinds whose features have times (`time`).
    public static let timed: Set<FeatureKind> = [.trip, .cinema]

    public init(kind: FeatureKind, box: BoundingBox? = nil, limit: Int = defaultLimit, categories: CategoryFilter = .init(),
                sources: SourceFilter = .init(), after: Cursor? = nil, time: TimeSpan? = nil, filter: FeatureFilter? = nil,
                near: Coordinate? = nil) {
        self.kind = kind
        self.box = box
        self.limit = limit
        self.categories = categories
        self.sources = sources
        self.after = after
        self.time = time
        self.filter = filter
        self.near = near
    }

    /// What `BoxQuery.validate` does not know: that the categories, the cursor and a time belong to the kind.
    package func validate() throws(GeoError) {
        // Checked here too, since a query with a time reads the box's pages at the biggest size.
        try checkLimit(limit)
        guard categories.isAll || categories.kinds == [kind] else {
            throw .invalid(field: .category, reason: kind == .poi ? "\(kind.rawValue) features are of POI categories only"
                                                                  : "\(kind.rawValue) features are of category \(kind.rawValue) only")
        }
        if let after, after.id.kind != kind {
            throw .invalid(field: .cursor, reason: "'\(after.token)' continues \(after.id.kind.rawValue) features, not \(kind.rawValue)")
        }
        if let near {
            do { _ = try Coordinate(validatingLat: near.lat, lon: near.lon) } catch let .invalid(_, reason) { throw .invalid(field: .center, reason: reason) }
        }
        try after?.check(forDistanceQuery: near != nil)
        if time != nil, !Self.timed.contains(kind) {
            throw .invalid(field: .time, reason: "\(kind.rawValue) features have no time; only "
                           + "\(Self.timed.map(\.rawValue).sorted().joined(separator: " and ")) do")
        }
    }
}
