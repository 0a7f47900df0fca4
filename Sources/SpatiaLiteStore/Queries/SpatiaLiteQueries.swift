import GeoCore
import GeoStore

/// SpatiaLite's reading of a kind's rows: the walk `RTreeSearch` drives, and the feature of each row.
extension KindTable {
    /// The R*Tree entries in the order `RTreeSearch` scores them, each joined to its row:
    /// id, box (1–4), geometry (5…), then the core columns.
    var walk: String {
        """
        SELECT r.pkid, r.xmin, r.xmax, r.ymin, r.ymax, \(geometryColumns), \(spatiaLiteCore)
        FROM idx_\(table)_\(column) AS r CROSS JOIN \(table) AS t ON t.id = r.pkid
        WHERE r.pkid MATCH \(RTreeSearch.function)()
        """
    }
    /// SpatiaLite's BLOB, read by `SpatiaLiteBlob` (no SpatiaLite function: a lookup that needs
    /// none does not register them).
    var geometryColumns: String { "t.\(column)" }
    /// `core` with a trip's track as SpatiaLite's BLOB, read the same way.
    var spatiaLiteCore: String { core { $0 } }
    var coreColumn: Int32 { 6 }

    /// The source of the walk's current row (`Feature.source`), read before the row is made a feature.
    func source(_ s: Statement) -> String? { s.string(coreColumn + 5) }

    func geometry(_ s: Statement, in store: SpatiaLiteStore) throws -> Geometry {
        guard let bytes = s.blob(5) else { throw DatabaseError(description: "\(table) row without geometry") }
        guard isPoint else {
            guard let geometry = try store.geometry(ofBlob: bytes) else {
                throw DatabaseError(description: "\(table) row whose geometry SpatiaLite cannot read")
            }
            return geometry
        }
        guard let point = SpatiaLiteBlob.point(bytes) else { throw DatabaseError(description: "\(table) row whose geometry is not a point") }
        return .point(point)
    }

    /// The feature of the walk's current row.
    func feature(_ s: Statement, geometry: Geometry, distance: Double?, in store: SpatiaLiteStore) -> Feature {
        let c = coreColumn
        let names = JSON.decode([String: String].self, s.string(c + 2)) ?? [:]
        return Feature(id: FeatureID(kind: kind, row: s.int(0)), category: s.string(c) ?? table, name: s.string(c + 1),
                       names: names, address: s.string(c + 3), geometry: geometry, track: s.blob(c + 4).flatMap { try? store.geometry(ofBlob: $0) },
                       distance: distance, source: s.string(c + 5), population: s.isNull(c + 6) ? nil : Int(s.int(c + 6)),
                       carriesMark: s.int(c + 7) != 0)
    }
}

/// SpatiaLite's side of the query engine (`QueryEngine`): the R*Tree walks and a row's details.
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
            // `accept` asks only the row id: before the geometry is read and measured.
            if let accept, try !accept(statement.int(0)) { continue }
            let geometry = try t.geometry(statement, in: self)
            let candidate = refinement.key(geometry, FeatureID(kind: t.kind, row: statement.int(0)))
            if candidate.distance > reach {
                search.prunedByDistance = true
                continue
            }
            if !refinement.isPastCursor(candidate) { continue }
            if !query.sources.isAll, !query.sources.selects(t.source(statement)) { continue }
            if ordered, best.count == limit, candidate >= key(best[limit - 1]) { continue }
            let feature = t.feature(statement, geometry: geometry, distance: candidate.0, in: self)
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

    public func boxRows(of kind: FeatureKind, in part: BoundingBox, categories: CategoryFilter, sources: SourceFilter, walk: RowWalk,
                        limit: Int) throws -> [Feature] {
        let t = KindTable.of(kind)
        // A large page takes every row in the box in one unordered walk, sorted by the caller (see `wholeRange`).
        let ordered = limit <= wholeRange
        search.mode = .box(part, ordered: ordered)
        search.walk = walk
        search.categories = try categorySelection(kind, categories)
        let statement = try cached("walk " + t.table, t.walk)
        try statement.bind([])
        defer { statement.reset() }
        var rows: [Feature] = []
        // A large box's walk decodes every row in it: a server's drawing may be stopped meanwhile.
        let cancellation = Cancellation.current
        var stepped = 0
        while !ordered || rows.count < limit, try statement.step() {
            stepped += 1
            if stepped % 1024 == 0 { try cancellation.check() }
            // The R*Tree holds single-precision boxes: refine on the exact geometry.
            if !sources.isAll, !sources.selects(t.source(statement)) { continue }
            let geometry = try t.geometry(statement, in: self)
            if part.meets(geometry) { rows.append(t.feature(statement, geometry: geometry, distance: nil, in: self)) }
        }
        return rows
    }

    /// A plain scan in id order: such rows are few, and no index holds them.
    public func unlocatedRows(of kind: FeatureKind, categories: CategoryFilter, sources: SourceFilter, walk: RowWalk,
                              limit: Int) throws -> [Feature] {
        let t = KindTable.of(kind)
        let poiCategories = kind == .poi ? categories.poiCategories : []
        func list(_ values: [String]) -> String { Array(repeating: "?", count: values.count).joined(separator: ", ") }
        var sql = "SELECT t.id, NULL, NULL, NULL, NULL, NULL, \(t.spatiaLiteCore) FROM \(t.table) AS t WHERE t.\(t.column) IS NULL AND t.id \(walk.backward ? "<" : ">") ?"
        if !poiCategories.isEmpty { sql += " AND t.category IN (\(list(poiCategories)))" }
        if !sources.isAll { sql += " AND t.source IN (\(list(sources.names.sorted())))" }
        let statement = try db.prepare(sql + " ORDER BY t.id\(walk.backward ? " DESC" : "") LIMIT ?")
        let values: [any Bindable] = [walk.row] + poiCategories.map { $0 as any Bindable } + sources.names.sorted().map { $0 as any Bindable } + [Int64(limit)]
        try statement.bind(values)
        var rows: [Feature] = []
        while try statement.step() { rows.append(t.feature(statement, geometry: Feature.unlocated, distance: nil, in: self)) }
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

    /// Each kind's walk, but none for a kind without rows: a walk costs something even over an
    /// empty index, and most databases lack some kinds (the synthetic benchmark has only POIs).
    /// Which kinds are empty is kept per data version.
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

    /// Kept per data version (`PRAGMA data_version`; this connection's own writes clear it), and
    /// read cheaply: each table's distinct sources by hopping along its (source, source_id) index,
    /// one seek per source rather than a scan of every row.
    public func knownSources() throws -> Set<String> {
        let version = try dataVersionNumber()
        if let sourceNames, sourceNames.version == version { return sourceNames.names }
        var names = Set<String>()
        for kind in FeatureKind.allCases {
            let statement = try cached(SourceSQL.distinctSources(of: kind.rawValue))
            try statement.bind([])
            defer { statement.reset() }
            while try statement.step() { if let name = statement.string(0) { names.insert(name) } }
        }
        sourceNames = (version, names)
        return names
    }

    public func detailValues(of id: FeatureID) throws -> [String?]? {
        let t = KindTable.of(id.kind)
        // Keyed by kind, not by the SQL text, which would be built and hashed for every row.
        let statement = try cached("details " + t.table, t.detailsSQL(placeholder: "?"))
        try statement.bind([id.row])
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return t.details.properties.indices.map { statement.string(Int32($0)) }
    }
}
