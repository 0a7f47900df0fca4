import CSpatiaLite
import Foundation
import GeoCore

/// The R*Tree query function `waymark_search()`, the one way Waymark walks a spatial index.
///
/// SQLite's R*Tree asks a query function about every node and entry it meets, and visits them
/// (and returns rows) in increasing order of the score the function gives. Three modes:
/// - nearest: the score is a lower bound of the geodesic distance from the centre to the box,
///   which makes the walk a best-first nearest-neighbour search; boxes beyond `threshold` (the
///   radius, or the N-th best distance found so far) are pruned;
/// - within: the same pruning, but every score is 0, so rows come out in no particular order
///   and SQLite's queue stays short (a plain range query, for callers that want all the rows);
/// - box: entries outside the box are pruned; ordered, rows come out in rowid order, so that a
///   page by id can stop after its last row; unordered, every score is 0 (as for within).
/// In all, a POI entry of an unselected category is pruned before SQLite returns it as a row.
///
/// The state lives in this per-connection object (the function's context), not in SQL
/// arguments, so that the Swift loop stepping the rows can lower the threshold mid-walk.
final class RTreeSearch {
    static let function = "waymark_search"

    enum Mode {
        /// The bound stays the same for the whole walk: rows come out in the order of its scores.
        case nearest(DistanceLowerBound)
        case within(DistanceLowerBound)
        case box(BoundingBox, ordered: Bool)
    }

    var mode = Mode.box(BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90), ordered: false)
    /// Nearest mode: nothing farther is wanted; the walk lowers it as it finds better rows.
    var threshold = Double.infinity
    /// Whether the walk left out anything for being beyond the threshold (in the callback, or
    /// once its exact distance was known).
    var prunedByDistance = false
    /// Box mode: rows up to this id were on earlier pages.
    var afterRow = Int64.min
    /// Selected category numbers of POI rows, when a category filter applies.
    var categories: CategorySelection?

    func register(on db: Database) throws {
        guard sqlite3_rtree_query_callback(db.handle, Self.function, { info in
            guard let info, info.pointee.nCoord == 4, let context = info.pointee.pContext else { return SQLITE_ERROR }
            // Borrowed, not retained: SQLite calls this for every entry of every node it visits.
            Unmanaged<RTreeSearch>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.score(info) }
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque(), nil) == SQLITE_OK else {
            throw DatabaseError(description: "cannot register \(Self.function): \(db.errorMessage)")
        }
    }

    private func score(_ info: UnsafeMutablePointer<sqlite3_rtree_query_info>) {
        let c = info.pointee.aCoord!
        // iLevel 0 is an entry of a leaf, and then iRowid is its row.
        let row: Int64? = info.pointee.iLevel == 0 ? info.pointee.iRowid : nil
        if let row, categories?.contains(row: row) == false {
            info.pointee.eWithin = NOT_WITHIN
            return
        }
        switch mode {
        case let .nearest(bound), let .within(bound):
            let score = bound(minLon: c[0], maxLon: c[1], minLat: c[2], maxLat: c[3])
            if case .nearest = mode { info.pointee.rScore = score } else { info.pointee.rScore = 0 }
            info.pointee.eWithin = score > threshold ? NOT_WITHIN : PARTLY_WITHIN
            if score > threshold { prunedByDistance = true }
        case let .box(box, ordered):
            let meets = c[0] <= box.maxLon && c[1] >= box.minLon && c[2] <= box.maxLat && c[3] >= box.minLat
            if !meets || row.map({ $0 <= afterRow }) == true {
                info.pointee.eWithin = NOT_WITHIN
            } else {
                // Nodes first (score 0), then rows in id order.
                info.pointee.rScore = ordered ? row.map(Double.init) ?? 0 : 0
                info.pointee.eWithin = PARTLY_WITHIN
            }
        }
    }
}

/// How each kind is stored: its table, the indexed geometry column, and whether that is a point.
/// The column lists are plain SQL that SpatiaLite and PostGIS both read (`ST_AsBinary` is both's).
package struct KindTable {
    package let kind: FeatureKind
    package let column: String
    package let isPoint: Bool
    /// SQL for what every answer carries: category, name, names per language, address, a
    /// trip's track (WKB; NULL for the other kinds), and the source (for the map's credits).
    package let core: String
    /// SQL for the rest, and the property each column becomes, for `withDetails`.
    package let details: (columns: String, from: String, properties: [String])

    package var table: String { kind.rawValue }

    /// The details of one row, whose id is bound at `placeholder`.
    package func detailsSQL(placeholder: String) -> String {
        "SELECT \(details.columns) FROM \(details.from) WHERE t.id = \(placeholder)"
    }

    /// The R*Tree entries in the order `RTreeSearch` scores them, each joined to its row:
    /// id, box (1–4), geometry (5…), then the core columns.
    var walk: String {
        """
        SELECT r.pkid, r.xmin, r.xmax, r.ymin, r.ymax, \(geometryColumns), \(core)
        FROM idx_\(table)_\(column) AS r CROSS JOIN \(table) AS t ON t.id = r.pkid
        WHERE r.pkid MATCH \(RTreeSearch.function)()
        """
    }
    var geometryColumns: String { isPoint ? "t.\(column)" : "AsBinary(t.\(column))" }
    var coreColumn: Int32 { 6 }

    /// Made once: queries look their kind's table up on every call.
    private static let tables = Dictionary(uniqueKeysWithValues: FeatureKind.allCases.map { ($0, make($0)) })

    package static func of(_ kind: FeatureKind) -> KindTable { tables[kind]! }

    private static func make(_ kind: FeatureKind) -> KindTable {
        let source = ["source", "source_id"]
        switch kind {
        case .poi:
            return KindTable(kind: .poi, column: "geom", isPoint: true, core: "t.category, t.name, t.names, t.address, NULL, t.source", details: (
                "t.phone, t.mobile_phone, t.email, t.website, t.timezone, t.description, t.descriptions, t.images, t.source, t.source_id", "poi AS t",
                ["phone", "mobile_phone", "email", "website", "timezone", "description", "descriptions", "images"] + source))
        case .water:
            return KindTable(kind: .water, column: "geom", isPoint: false, core: "'water', t.name, '{}', NULL, NULL, t.source", details: (
                "t.kind, t.district, t.organisation, t.source, t.source_id", "water AS t",
                ["water_kind", "district", "organisation"] + source))
        case .cinema:
            return KindTable(kind: .cinema, column: "geom", isPoint: true, core: "'cinema', t.name, '{}', t.address, NULL, t.source", details: (
                "t.website, t.timezone, t.source, t.source_id", "cinema AS t", ["website", "timezone"] + source))
        case .trip:
            // A trip is found by its spot (the import sets it to the track's start when absent).
            return KindTable(kind: .trip, column: "spot", isPoint: true, core: "'trip', t.name, '{}', NULL, ST_AsBinary(t.track), t.source", details: (
                "t.start_utc, t.end_utc, t.notes, t.weather, w.name, t.source, t.source_id",
                "trip AS t LEFT JOIN water AS w ON w.id = t.water_id", ["start", "end", "notes", "weather", "water"] + source))
        }
    }

    func geometry(_ s: Statement) throws -> Geometry {
        guard let bytes = s.blob(5) else { throw DatabaseError(description: "\(table) row without geometry") }
        guard isPoint else { return try WKB.decode(bytes) }
        guard let point = SpatiaLiteBlob.point(bytes) else { throw DatabaseError(description: "\(table) row whose geometry is not a point") }
        return .point(point)
    }

    /// The feature of the walk's current row.
    func feature(_ s: Statement, geometry: Geometry, distance: Double?) -> Feature {
        let c = coreColumn
        let names = JSON.decode([String: String].self, s.string(c + 2)) ?? [:]
        return Feature(id: FeatureID(kind: kind, row: s.int(0)), category: s.string(c) ?? table, name: s.string(c + 1),
                       names: names, address: s.string(c + 3), geometry: geometry, track: s.blob(c + 4).flatMap { try? WKB.decode($0) },
                       distance: distance, source: s.string(c + 5), properties: [:])
    }
}

extension SpatiaLiteStore {
    /// The distance bound is tight only for a known reach, so the search first looks within a
    /// guess (twice what the last search of this kind needed, or the radius) and widens it
    /// eightfold until `limit` rows are found or the radius is covered.
    public func nearestRows(of kind: FeatureKind, _ query: NearestQuery, limit: Int,
                            accept: ((Int64) throws -> Bool)?) throws -> [Feature] {
        let t = KindTable.of(kind)
        let radius = query.maxDistance ?? .infinity
        if query.takesWholeRange {
            return try walk(t, query, limit: limit, within: radius, ordered: false, accept: accept)
        }
        var reach = min(radius, reachGuess[t.kind] ?? 10_000)
        while true {
            let found = try walk(t, query, limit: limit, within: reach, ordered: true, accept: accept)
            if found.count == limit { reachGuess[t.kind] = max(1, 2 * found[limit - 1].distance!) }
            // Done when the page is full, or nothing lay beyond the reach (an empty or small table).
            if found.count == limit || reach >= radius || !search.prunedByDistance { return found }
            reach = reach * 8 < 40_000_000 ? min(radius, reach * 8) : radius
        }
    }

    private func walk(_ t: KindTable, _ query: NearestQuery, limit: Int, within reach: Double, ordered: Bool,
                      accept: ((Int64) throws -> Bool)?) throws -> [Feature] {
        let statement = try cached("walk " + t.table, t.walk)
        let center = query.center
        let bound = DistanceLowerBound(from: center, reach: reach)
        search.mode = ordered ? .nearest(bound) : .within(bound)
        search.threshold = reach
        search.prunedByDistance = false
        search.categories = try categorySelection(t.kind, query.categories)
        try statement.bind([])
        defer { statement.reset() }
        let refinement = DistanceRefinement(query)
        var best: [Feature] = []
        func key(_ f: Feature) -> (Double, FeatureID) { (f.distance!, f.id) }
        while try statement.step() {
            // In order, rows arrive by increasing lower bound: once it passes the worst kept
            // distance, no later row can enter.
            if ordered, best.count == limit, bound(minLon: statement.double(1), maxLon: statement.double(2),
                                                   minLat: statement.double(3), maxLat: statement.double(4)) > best[limit - 1].distance! {
                break
            }
            let geometry = try t.geometry(statement)
            let candidate = refinement.key(geometry, FeatureID(kind: t.kind, row: statement.int(0)))
            if candidate.distance > reach {
                search.prunedByDistance = true
                continue
            }
            if !refinement.isPastCursor(candidate) { continue }
            if ordered, best.count == limit, candidate >= key(best[limit - 1]) { continue }
            if let accept, try !accept(candidate.1.row) { continue }
            let feature = t.feature(statement, geometry: geometry, distance: candidate.0)
            guard ordered else {
                best.append(feature)
                continue
            }
            // Binary search: rows come nearly in order.
            var low = 0, high = best.count
            while low < high {
                let mid = (low + high) / 2
                if key(best[mid]) < candidate { low = mid + 1 } else { high = mid }
            }
            best.insert(feature, at: low)
            if best.count > limit { best.removeLast() }
            if best.count == limit { search.threshold = best[limit - 1].distance! }
        }
        if !ordered {
            // Sort small keys, not whole features.
            let order = best.indices.sorted { key(best[$0]) < key(best[$1]) }.prefix(limit)
            return order.map { best[$0] }
        }
        return best
    }

    public func boxRows(of kind: FeatureKind, in part: BoundingBox, categories: CategoryFilter, afterRow: Int64,
                        limit: Int) throws -> [Feature] {
        let t = KindTable.of(kind)
        // A large page takes every row in the box in one unordered walk, sorted by the caller (see `wholeRange`).
        let ordered = limit <= wholeRange
        search.mode = .box(part, ordered: ordered)
        search.afterRow = afterRow
        search.categories = try categorySelection(kind, categories)
        let statement = try cached("walk " + t.table, t.walk)
        try statement.bind([])
        defer { statement.reset() }
        var rows: [Feature] = []
        while !ordered || rows.count < limit, try statement.step() {
            // The R*Tree holds single-precision boxes: refine on the exact geometry.
            let geometry = try t.geometry(statement)
            if part.meets(geometry) { rows.append(t.feature(statement, geometry: geometry, distance: nil)) }
        }
        return rows
    }

    /// The leaf filter for a POI category filter; nil when every row of the kind is selected.
    private func categorySelection(_ kind: FeatureKind, _ filter: CategoryFilter) throws -> CategorySelection? {
        guard kind == .poi, !filter.poiCategories.isEmpty else { return nil }
        try refreshCategories()
        return poiCategories.selection(filter.poiCategories)
    }

    /// Brings the category table up to date with the database.
    func refreshCategories() throws {
        try poiCategories.refresh(db, version: try dataVersionNumber())
    }

    /// SQLite's count of commits by other connections (`PRAGMA data_version`): what this
    /// connection's caches of the data are kept by. Its own imports clear those caches themselves.
    private func dataVersionNumber() throws -> Int64 {
        let version = try cached("PRAGMA data_version")
        try version.bind([])
        defer { version.reset() }
        return try version.step() ? version.int(0) : 0
    }

    /// Each kind's walk, but none for a kind without rows: a walk of an empty index still cost a
    /// twentieth of a server's nearest job apiece (most databases lack some kinds; the synthetic
    /// benchmark has only POIs). Which kinds are empty is kept per data version.
    public func nearestRows(of kinds: [FeatureKind], _ query: NearestQuery, limit: Int) throws -> [Feature] {
        let version = try dataVersionNumber()
        if emptyKinds?.version != version {
            emptyKinds = (version, Set(try FeatureKind.allCases.filter { try db.scalar("SELECT NOT EXISTS (SELECT 1 FROM \($0.rawValue))") == Int64(1) }))
        }
        let empty = emptyKinds?.kinds ?? []
        return try kinds.filter { !empty.contains($0) }.flatMap { try nearestRows(of: $0, query, limit: limit, accept: nil) }
    }

    public func knownCategories() throws -> Set<String> {
        try refreshCategories()
        return Set(poiCategories.codes).union(FeatureKind.allCases.compactMap(\.impliedCategory))
    }

    public func detailValues(of id: FeatureID) throws -> [String?]? {
        let t = KindTable.of(id.kind)
        // Keyed by kind: building and hashing the SQL text for every row cost a tenth of the lookup.
        let statement = try cached("details " + t.table, t.detailsSQL(placeholder: "?"))
        try statement.bind([id.row])
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return t.details.properties.indices.map { statement.string(Int32($0)) }
    }
}
