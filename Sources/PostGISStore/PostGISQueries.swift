import Foundation
import GeoCore
import GeoStore
import PostgresNIO

/// How PostGIS's own distances relate to the exact ones. Geography's `<->` measures on a sphere of
/// radius R = 6 371 008.8 m; the ellipsoid's radii of curvature lie between b²/a = 6 335 439 m
/// and a²/b = 6 399 594 m, so along any path the exact WGS84 length is between 0.99442 and 1.00449
/// times the sphere's. With a margin for edges (great circles there, geodesics here; they part by
/// far less than this for the edges of waters):
enum SphereBounds {
    /// exact ≥ lower × sphere: once the sphere distance of the KNN walk passes N-th best / lower,
    /// no later row can enter the N best.
    static let lower = 0.994
    /// exact ≤ upper × sphere: rows whose sphere distance is below cursor / upper lie before the cursor.
    static let upper = 1.006
    /// ST_DWithin on the spheroid is told a radius this much wider, then every row is refined
    /// exactly, so that a row at the radius is kept or dropped by the same test as in SpatiaLite.
    static let radiusSlack = 1.001
}

extension PostGISStore {
    /// `$1`, `$2`: longitude and latitude of a query point, as a geography.
    static let center = "ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography"

    /// `KindTable.core`'s columns, a track as WKB.
    static func core(_ t: KindTable) -> String { t.core { "ST_AsBinary(\($0))" } }

    /// id, geometry (WKB), then `core`'s columns.
    static func select(_ t: KindTable) -> String {
        "SELECT t.id, ST_AsBinary(t.\(t.column)), \(core(t))"
    }

    /// The feature of a row of `select`; a NULL geometry is a record without a position.
    static func feature(_ t: KindTable, _ row: Row, distance: Double?) throws -> (Feature, Geometry) {
        let geometry = try row[1].decode(ByteBuffer?.self).map { try $0.withUnsafeReadableBytes(WKB.decode) } ?? Feature.unlocated
        return (try feature(t, row, distance: distance, geometry: geometry), geometry)
    }

    /// The feature of a row of `select` whose geometry is already known.
    static func feature(_ t: KindTable, _ row: Row, distance: Double?, geometry: Geometry) throws -> Feature {
        let names = JSON.decode([String: String].self, try row[4].decode(String?.self)) ?? [:]
        let track = try row[6].decode(ByteBuffer?.self).flatMap { try? $0.withUnsafeReadableBytes(WKB.decode) }
        let feature = Feature(id: FeatureID(kind: t.kind, row: try row[0].decode(Int64.self)), category: try row[2].decode(String?.self) ?? t.table,
                              name: try row[3].decode(String?.self), names: names, address: try row[5].decode(String?.self),
                              geometry: geometry, track: track, distance: distance, source: try row[7].decode(String?.self),
                              population: try row[8].decode(Int?.self), carriesMark: try row[9].decode(Int.self) != 0)
        return feature
    }

    /// `AND t.category = ANY($n)` when the query selects some POI categories.
    private static func categoryClause(_ kind: FeatureKind, _ filter: CategoryFilter, _ binds: inout Parameters) -> String {
        guard kind == .poi, !filter.poiCategories.isEmpty else { return "" }
        binds.append(filter.poiCategories)
        return " AND t.category = ANY($\(binds.count))"
    }

    /// `AND t.source = ANY($n)` when the query selects some sources.
    private static func sourceClause(_ filter: SourceFilter, _ binds: inout Parameters) -> String {
        guard !filter.isAll else { return "" }
        binds.append(filter.names.sorted())
        return " AND t.source = ANY($\(binds.count))"
    }

    /// PostGIS's KNN walk (`<->`, ordered by the GiST index) fetches candidates nearest first; each
    /// is refined to its exact geodesic distance. The walk may stop once its sphere distance
    /// guarantees that no later row can enter (`SphereBounds.lower`); until then the fetch grows
    /// fourfold. A radius adds ST_DWithin on the spheroid; a page that takes the whole range
    /// (`takesWholeRange`) gets every row within it, unordered, as SpatiaLite's store does.
    public func nearestRows(of kind: FeatureKind, _ query: NearestQuery, limit: Int,
                            accept: ((Int64) throws -> Bool)?) throws -> [Feature] {
        var binds = Self.centerBinds(query)
        if query.takesWholeRange {
            let rows = try self.rows(prepared: Self.nearestSQL(kind, query, &binds, ordered: false), binds)
            return try Self.refine(rows, of: kind, query, limit: limit, fetched: nil, accept: accept)!
        }
        let sql = Self.nearestSQL(kind, query, &binds) + " LIMIT $\(binds.count + 1)"
        // The walk's sphere distances are within 0.6% of the exact ones: a few rows beyond the
        // page usually prove that none further can enter.
        var fetch = limit + 4
        while true {
            var fetchBinds = binds
            fetchBinds.append(fetch)
            let rows = try self.rows(prepared: sql, fetchBinds)
            if let found = try Self.refine(rows, of: kind, query, limit: limit, fetched: fetch, accept: accept) { return found }
            fetch *= 4
        }
    }

    /// Several kinds at once: their first fetches in one statement (one round trip instead of one
    /// per kind); a kind whose first fetch does not settle it continues on its own.
    public func nearestRows(of kinds: [FeatureKind], _ query: NearestQuery, limit: Int) throws -> [Feature] {
        guard kinds.count > 1 else { return try kinds.flatMap { try nearestRows(of: $0, query, limit: limit, accept: nil) } }
        var binds = Self.centerBinds(query)
        // Each kind's first fetch, or with the whole range all its rows within the radius.
        let fetch: Int? = query.takesWholeRange ? nil : limit + 4
        var limitClause = ""
        if let fetch {
            binds.append(fetch)
            limitClause = " LIMIT $\(binds.count)"
        }
        let sql = kinds.map { kind in
            // Each branch tagged with its kind (column 11); a branch's NULL track (column 6) is text
            // to PostgreSQL unless cast, and a union needs one type.
            let columns = (0..<12).map { "c\($0)" }
            return "SELECT " + columns.map { $0 == "c6" ? "k.c6::bytea" : "k." + $0 }.joined(separator: ", ") + " FROM ("
                + Self.nearestSQL(kind, query, &binds, tagged: true, ordered: fetch != nil) + limitClause
                + ") AS k(\(columns.joined(separator: ", ")))"
        }.joined(separator: " UNION ALL ")
        let rows = try self.rows(prepared: sql, binds)
        var found: [Feature] = []
        for kind in kinds {
            let own = try rows.filter { try $0[11].decode(String.self) == kind.rawValue }
            found += try Self.refine(own, of: kind, query, limit: limit, fetched: fetch, accept: nil)
                ?? nearestRows(of: kind, query, limit: limit, accept: nil)
        }
        return found
    }

    /// $1, $2: the query point.
    private static func centerBinds(_ query: NearestQuery) -> Parameters {
        var binds = Parameters()
        binds.append(query.center.lon)
        binds.append(query.center.lat)
        return binds
    }

    /// One kind's rows, nearest first when `ordered` (without LIMIT): the columns of `select`, the
    /// sphere distance, and when `tagged` the kind's name.
    private static func nearestSQL(_ kind: FeatureKind, _ query: NearestQuery, _ binds: inout Parameters,
                                   tagged: Bool = false, ordered: Bool = true) -> String {
        let t = KindTable.of(kind)
        var sql = select(t) + ", t.\(t.column) <-> \(center)" + (tagged ? ", '\(kind.rawValue)'" : "")
            + " FROM \(t.table) AS t WHERE t.\(t.column) IS NOT NULL"
        sql += categoryClause(kind, query.categories, &binds)
        sql += sourceClause(query.sources, &binds)
        if let radius = query.maxDistance {
            binds.append(radius * SphereBounds.radiusSlack)
            sql += " AND ST_DWithin(t.\(t.column), \(center), $\(binds.count), true)"
        }
        if let after = query.after?.distance, after > 0 {
            binds.append(after / SphereBounds.upper)
            sql += " AND t.\(t.column) <-> \(center) >= $\(binds.count)"
        }
        return ordered ? sql + " ORDER BY t.\(t.column) <-> \(center)" : sql
    }

    /// The `limit` nearest of `fetched` rows of the walk by exact distance, or nil when rows
    /// further along the walk could still enter them (`fetched` nil: the rows are all there are).
    private static func refine(_ rows: [Row], of kind: FeatureKind, _ query: NearestQuery, limit: Int, fetched: Int?,
                               accept: ((Int64) throws -> Bool)?) throws -> [Feature]? {
        let t = KindTable.of(kind), refinement = DistanceRefinement(query), radius = query.maxDistance ?? .infinity
        var candidates: [(key: (distance: Double, id: FeatureID), feature: Feature)] = []
        for row in rows {
            let (feature, geometry) = try Self.feature(t, row, distance: nil)
            let key = refinement.key(geometry, feature.id)
            guard key.distance <= radius, refinement.isPastCursor(key) else { continue }
            candidates.append((key, feature))
        }
        candidates.sort { $0.key < $1.key }
        var found: [Feature] = []
        for candidate in candidates where found.count < limit {
            if let accept, try !accept(candidate.key.id.row) { continue }
            var feature = candidate.feature
            feature.distance = candidate.key.distance
            found.append(feature)
        }
        // Fewer rows than fetched: the walk is over.
        guard let fetched, rows.count == fetched else { return found }
        let lastSphere = try rows.last![10].decode(Double.self)
        return found.count == limit && lastSphere * SphereBounds.lower > found[limit - 1].distance! ? found : nil
    }

    /// The planar index finds the rows whose box meets the box, by id (down the ids backward); each
    /// is refined on its exact geometry, and the fetch continues past the last id until `limit` rows are found.
    public func boxRows(of kind: FeatureKind, in part: BoundingBox, categories: CategoryFilter, sources: SourceFilter, walk: RowWalk,
                        limit: Int) throws -> [Feature] {
        let t = KindTable.of(kind)
        var binds = Parameters()
        for value in [part.minLon, part.minLat, part.maxLon, part.maxLat] { binds.append(value) }
        var sql = Self.select(t) + " FROM \(t.table) AS t WHERE t.\(t.column)::geometry && ST_MakeEnvelope($1, $2, $3, $4, 4326)"
        sql += Self.categoryClause(kind, categories, &binds)
        sql += Self.sourceClause(sources, &binds)
        sql += " AND t.id \(walk.backward ? "<" : ">") $\(binds.count + 1) ORDER BY t.id\(walk.backward ? " DESC" : "") LIMIT $\(binds.count + 2)"
        var found: [Feature] = [], after = walk.row
        while found.count < limit {
            let wanted = limit - found.count
            var fetchBinds = binds
            fetchBinds.append(after)
            fetchBinds.append(wanted)
            let rows = try self.rows(prepared: sql, fetchBinds)
            for row in rows {
                let (feature, geometry) = try Self.feature(t, row, distance: nil)
                after = feature.id.row
                if part.meets(geometry) { found.append(feature) }
            }
            // Fewer rows than asked for: none is left in the box.
            if rows.count < wanted { break }
        }
        return found
    }

    /// A plain scan in id order: such rows are few, and no index holds them.
    public func unlocatedRows(of kind: FeatureKind, categories: CategoryFilter, sources: SourceFilter, walk: RowWalk,
                              limit: Int) throws -> [Feature] {
        let t = KindTable.of(kind)
        var binds = Parameters()
        binds.append(walk.row)
        // The columns of `select`, with no geometry.
        var sql = "SELECT t.id, NULL::bytea, \(Self.core(t)) FROM \(t.table) AS t WHERE t.\(t.column) IS NULL AND t.id \(walk.backward ? "<" : ">") $1"
        sql += Self.categoryClause(kind, categories, &binds)
        sql += Self.sourceClause(sources, &binds)
        binds.append(limit)
        return try rows(prepared: sql + " ORDER BY t.id\(walk.backward ? " DESC" : "") LIMIT $\(binds.count)", binds).map { try Self.feature(t, $0, distance: nil).0 }
    }

    public func detailValues(of id: FeatureID) throws -> [String?]? {
        let t = KindTable.of(id.kind)
        var binds = Parameters()
        binds.append(id.row)
        guard let row = try rows(prepared: t.detailsSQL(placeholder: "$1"), binds).first else { return nil }
        return try t.details.properties.indices.map { try row[$0].decode(String?.self) }
    }

    public func timezone(ofCinema cinema: Int64) throws -> String? {
        var binds = Parameters()
        binds.append(cinema)
        return try rows(prepared: "SELECT timezone FROM cinema WHERE id = $1", binds).first?[0].decode(String.self)
    }

    public func screenings(ofCinema cinema: Int64, from start: Date, to end: Date) throws -> [Screening] {
        var binds = Parameters()
        binds.append(cinema)
        binds.append(UTC.format(start))
        binds.append(UTC.format(end))
        return try rows(prepared: """
            SELECT title, start_utc, minutes, rating, version FROM screening
            WHERE cinema_id = $1 AND start_utc >= $2 AND start_utc < $3 ORDER BY start_utc, title, id
            """, binds).map { row in
            Screening(title: try row[0].decode(String.self), start: UTC.parse(try row[1].decode(String.self)) ?? start,
                      minutes: try row[2].decode(Int?.self), rating: try row[3].decode(String?.self), version: try row[4].decode(String?.self))
        }
    }

    public func diaryRows(dated: Bool, after: String?, row: Int64, limit: Int) throws -> [(row: Int64, start: String?)] {
        var binds = Parameters()
        let placeholder = { (n: Int) in "$\(n)" }, sql: String
        if !dated {
            sql = DiarySQL.undated(placeholder)
            binds.append(row)
        } else if let after {
            sql = DiarySQL.dated(placeholder)
            binds.append(after)
            binds.append(row)
        } else {
            sql = DiarySQL.newest(placeholder)
        }
        binds.append(limit)
        return try rows(prepared: sql, binds).map { row in
            (try row[0].decode(Int64.self), try row[1].decode(String?.self))
        }
    }

    public func catches(ofTrip trip: Int64) throws -> [CatchRecord] {
        var binds = Parameters()
        binds.append(trip)
        return try rows(prepared: CatchRecord.sql(placeholder: "$1", position: "ST_Y(geom::geometry), ST_X(geom::geometry)"), binds).map { row in
            CatchRecord(species: try row[0].decode(String.self), lengthCm: try row[1].decode(Double?.self), weightKg: try row[2].decode(Double?.self),
                        time: try row[3].decode(String?.self), bait: try row[4].decode(String?.self), lat: try row[5].decode(Double?.self),
                        lon: try row[6].decode(Double?.self))
        }
    }

    public func catchStatistics(by grouping: [CatchGrouping], filter: CatchFilter, language: String?) throws -> [CatchStatistic] {
        CatchStatistic.tally(try rows(StatisticsSQL.diary).map { row in
            (try row[0].decode(Int64.self), try row[1].decode(String.self), try row[2].decode(String?.self), try row[3].decode(String?.self),
             try row[4].decode(String?.self), try row[5].decode(String?.self), try row[6].decode(String?.self), try row[7].decode(Double?.self),
             try row[8].decode(Double?.self))
        }, by: grouping, filter: filter, language: language)
    }

    public func categories() throws -> [CategoryCount] {
        let sql = StatisticsSQL.categories { "min(ST_XMin(\($0)::geometry)), min(ST_YMin(\($0)::geometry)), max(ST_XMax(\($0)::geometry)), max(ST_YMax(\($0)::geometry))" }
        return StatisticsSQL.ordered(try rows(sql).map { row in
            CategoryCount(category: try row[0].decode(String.self), kind: FeatureKind(rawValue: try row[1].decode(String.self)) ?? .poi,
                          count: try row[2].decode(Int.self), located: try row[3].decode(Int.self),
                          bounds: CategoryCount.bounds(try row[4].decode(Double?.self), try row[5].decode(Double?.self),
                                                       try row[6].decode(Double?.self), try row[7].decode(Double?.self)))
        })
    }

    /// The import count, and above it the transaction that last wrote it: a schema dropped and
    /// imported again counts from 0 again, but is never the same transaction.
    public func dataVersion() throws -> UInt64 {
        guard let row = try rows(prepared: "SELECT data_version, xmin::text FROM waymark_schema", Parameters()).first else { return 0 }
        return UInt64(UInt32(try row[1].decode(String.self)) ?? 0) << 32 | UInt64(truncatingIfNeeded: try row[0].decode(Int64.self))
    }

    public func knownCategories() throws -> Set<String> {
        // Every import counts the data version up: one small read tells whether they may have changed.
        let version = try dataVersion()
        if knownPOICategories?.version != version {
            knownPOICategories = (version, Set(try rows("SELECT DISTINCT category FROM poi").map { try $0[0].decode(String.self) }))
        }
        return knownPOICategories!.codes.union(FeatureKind.allCases.compactMap(\.impliedCategory))
    }

    public func knownSources() throws -> Set<String> {
        let version = try dataVersion()
        if let knownSourceNames, knownSourceNames.version == version { return knownSourceNames.names }
        let names = Set(try FeatureKind.allCases.flatMap { kind in
            try rows(SourceSQL.distinctSources(of: kind.rawValue)).map { try $0[0].decode(String.self) }
        })
        knownSourceNames = (version, names)
        return names
    }
}
