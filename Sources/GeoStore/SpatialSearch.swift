import CSpatiaLite
import Foundation
import GeoCore

/// The R*Tree query function `waymark_search()`, the one way Waymark walks a spatial index.
///
/// SQLite's R*Tree asks a query function about every node and entry it meets, and visits them
/// (and returns rows) in increasing order of the score the function gives. Two modes:
/// - nearest: the score is a lower bound of the geodesic distance from the centre to the box,
///   which makes the walk a best-first nearest-neighbour search; boxes beyond `threshold` (the
///   radius, or the N-th best distance found so far) are pruned;
/// - box: entries outside the box are pruned, and rows come out in rowid order, so that paging
///   by id can stop early.
/// In both, a POI entry of an unselected category is pruned before SQLite returns it as a row.
///
/// The state lives in this per-connection object (the function's context), not in SQL
/// arguments, so that the Swift loop stepping the rows can lower the threshold mid-walk.
final class RTreeSearch {
    static let function = "waymark_search"

    enum Mode {
        case nearest(DistanceLowerBound)
        case box(BoundingBox)
    }

    var mode = Mode.box(BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90))
    var threshold = Double.infinity
    /// Box mode: rows up to this id were on earlier pages.
    var afterRow = Int64.min
    /// Selected category numbers of POI rows, when a category filter applies.
    var categories: CategorySelection?

    func register(on db: Database) throws {
        guard sqlite3_rtree_query_callback(db.handle, Self.function, { info in
            guard let info, info.pointee.nCoord == 4, let context = info.pointee.pContext else { return SQLITE_ERROR }
            Unmanaged<RTreeSearch>.fromOpaque(context).takeUnretainedValue().score(info)
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque(), nil) == SQLITE_OK else {
            throw DatabaseError(description: "cannot register \(Self.function): \(db.errorMessage)")
        }
    }

    private func score(_ info: UnsafeMutablePointer<sqlite3_rtree_query_info>) {
        let c = info.pointee.aCoord!
        // iLevel 0 is an entry of a leaf, and then iRowid is its row.
        let row: Int64? = info.pointee.iLevel == 0 ? info.pointee.iRowid : nil
        if let row, let categories, !categories.contains(row: row) {
            info.pointee.eWithin = NOT_WITHIN
            return
        }
        switch mode {
        case let .nearest(bound):
            let score = bound(minLon: c[0], maxLon: c[1], minLat: c[2], maxLat: c[3], limit: threshold)
            info.pointee.rScore = score
            info.pointee.eWithin = score > threshold ? NOT_WITHIN : PARTLY_WITHIN
        case let .box(box):
            let meets = c[0] <= box.maxLon && c[1] >= box.minLon && c[2] <= box.maxLat && c[3] >= box.minLat
            if !meets || row.map({ $0 <= afterRow }) == true {
                info.pointee.eWithin = NOT_WITHIN
            } else {
                // Nodes first (score 0), then rows in id order.
                info.pointee.rScore = row.map(Double.init) ?? 0
                info.pointee.eWithin = PARTLY_WITHIN
            }
        }
    }
}

/// How each kind is stored: its table, the indexed geometry column, and whether that is a point.
struct KindTable {
    let kind: FeatureKind
    let column: String
    let isPoint: Bool

    var table: String { kind.rawValue }
    /// The entries of this kind's spatial index, in the order `RTreeSearch` scores them.
    var search: String {
        "SELECT pkid, xmin, xmax, ymin, ymax FROM idx_\(table)_\(column) WHERE pkid MATCH \(RTreeSearch.function)()"
    }
    /// Columns from which `exactGeometry(_:at:)` reads the geometry.
    var geometryColumns: String { isPoint ? "ST_X(t.\(column)), ST_Y(t.\(column))" : "AsBinary(t.\(column))" }

    static func of(_ kind: FeatureKind) -> KindTable {
        switch kind {
        case .poi: KindTable(kind: .poi, column: "geom", isPoint: true)
        case .water: KindTable(kind: .water, column: "geom", isPoint: false)
        case .cinema: KindTable(kind: .cinema, column: "geom", isPoint: true)
        // A trip is found by its spot (the import sets it to the track's start when absent).
        case .trip: KindTable(kind: .trip, column: "spot", isPoint: true)
        }
    }

    func exactGeometry(_ s: Statement, at column: Int32) throws -> Geometry {
        if isPoint { return .point(Coordinate(lat: s.double(column + 1), lon: s.double(column))) }
        guard let bytes = s.blob(column) else { throw DatabaseError(description: "\(table) row without geometry") }
        return try WKB.decode(bytes)
    }
}

extension SpatiaLiteStore {
    public func nearest(_ query: NearestQuery) throws -> FeaturePage {
        var ranked: [Feature] = []
        for kind in query.categories.kinds {
            ranked += try nearestRows(KindTable.of(kind), query, limit: query.limit + 1)
        }
        ranked.sort { ($0.distance!, $0.id) < ($1.distance!, $1.id) }
        let page = Array(ranked.prefix(query.limit))
        let next = ranked.count > query.limit ? page.last.map { Cursor(distance: $0.distance, id: $0.id) } : nil
        return FeaturePage(features: page, next: next)
    }

    /// The `limit` nearest features of one kind after the query's cursor, by (distance, id),
    /// that pass `accept`; each carries its distance.
    func nearestRows(_ t: KindTable, _ query: NearestQuery, limit: Int,
                     accept: ((Int64) throws -> Bool)? = nil) throws -> [Feature] {
        let statement = try cached(t.search)
        let center = query.center
        let radius = query.maxDistance ?? .infinity
        let bound = DistanceLowerBound(from: center)
        search.mode = .nearest(bound)
        search.threshold = radius
        search.categories = try categorySelection(t.kind, query.categories)
        try statement.bind([])
        defer { statement.reset() }
        let after = query.after.map { ($0.distance ?? -.infinity, $0.id) }
        var best: [Feature] = []
        func key(_ f: Feature) -> (Double, FeatureID) { (f.distance!, f.id) }
        while try statement.step() {
            // Rows arrive in increasing lower bound: once it passes the worst kept distance, no later row can enter.
            let rowBound = bound(minLon: statement.double(1), maxLon: statement.double(2),
                                 minLat: statement.double(3), maxLat: statement.double(4))
            if best.count == limit, rowBound > best[limit - 1].distance! { break }
            var candidate = try feature(FeatureID(kind: t.kind, row: statement.int(0)))
            candidate.distance = Geodesic.distance(from: center, to: candidate.geometry)
            if candidate.distance! > radius { continue }
            if let after, key(candidate) <= after { continue }
            if best.count == limit, key(candidate) >= key(best[limit - 1]) { continue }
            if let accept, try !accept(candidate.id.row) { continue }
            best.insert(candidate, at: best.firstIndex { key(candidate) < key($0) } ?? best.count)
            if best.count > limit { best.removeLast() }
            if best.count == limit { search.threshold = min(radius, best[limit - 1].distance!) }
        }
        return best
    }

    public func bbox(_ query: BoxQuery) throws -> FeaturePage {
        var found: [Feature] = []
        for kind in query.categories.kinds where query.after.map({ kind >= $0.id.kind }) ?? true {
            let t = KindTable.of(kind)
            let wanted = query.limit + 1 - found.count
            var rows: [Feature] = []
            for part in query.box.unwrapped {
                search.mode = .box(part)
                search.afterRow = query.after.flatMap { $0.id.kind == kind ? $0.id.row : nil } ?? Int64.min
                search.categories = try categorySelection(kind, query.categories)
                let statement = try cached(t.search)
                try statement.bind([])
                defer { statement.reset() }
                var taken = 0
                while taken < wanted, try statement.step() {
                    let candidate = try feature(FeatureID(kind: kind, row: statement.int(0)))
                    // The R*Tree holds single-precision boxes: refine on the exact geometry.
                    let inside: Bool
                    if case let .point(c) = candidate.geometry { inside = part.contains(c) } else {
                        inside = PlanarGeometry.geometry(candidate.geometry, intersects: part)
                    }
                    if inside {
                        rows.append(candidate)
                        taken += 1
                    }
                }
            }
            // The two halves of a box across the antimeridian each came in id order.
            var seen = Set<Int64>()
            found += rows.sorted { $0.id < $1.id }.filter { seen.insert($0.id.row).inserted }.prefix(wanted)
            if found.count > query.limit { break }
        }
        let page = Array(found.prefix(query.limit))
        let next = found.count > query.limit ? page.last.map { Cursor(distance: nil, id: $0.id) } : nil
        return FeaturePage(features: page, next: next)
    }

    /// The leaf filter for a POI category filter; nil when every row of the kind is selected.
    private func categorySelection(_ kind: FeatureKind, _ filter: CategoryFilter) throws -> CategorySelection? {
        guard kind == .poi, !filter.poiCategories.isEmpty else { return nil }
        return try poiCategories.selection(filter.poiCategories, db: db)
    }

    /// A whole feature, for the rows a query chose.
    func feature(_ id: FeatureID) throws -> Feature {
        let t = KindTable.of(id.kind)
        let sql: String
        switch id.kind {
        case .poi:
            sql = """
                SELECT \(t.geometryColumns), category, name, names, address, phone, mobile_phone, email, website,
                       timezone, description, descriptions, images, source, source_id FROM poi AS t WHERE id = ?
                """
        case .water:
            sql = """
                SELECT \(t.geometryColumns), 'water', name, '{}', NULL, kind, district, organisation, source, source_id
                FROM water AS t WHERE id = ?
                """
        case .cinema:
            sql = """
                SELECT \(t.geometryColumns), 'cinema', name, '{}', address, website, timezone, source, source_id
                FROM cinema AS t WHERE id = ?
                """
        case .trip:
            sql = """
                SELECT \(t.geometryColumns), 'trip', t.name, '{}', NULL, t.start_utc, t.end_utc, t.notes, t.weather,
                       w.name, t.source, t.source_id
                FROM trip AS t LEFT JOIN water AS w ON w.id = t.water_id WHERE t.id = ?
                """
        }
        let statement = try cached(sql)
        try statement.bind([id.row])
        defer { statement.reset() }
        guard try statement.step() else { throw DatabaseError(description: "\(id) does not exist") }
        let first: Int32 = t.isPoint ? 2 : 1
        let kindProperties: [String] = switch id.kind {
        case .poi: ["phone", "mobile_phone", "email", "website", "timezone", "description", "descriptions", "images"]
        case .water: ["water_kind", "district", "organisation"]
        case .cinema: ["website", "timezone"]
        case .trip: ["start", "end", "notes", "weather", "water"]
        }
        let propertyNames = kindProperties + ["source", "source_id"]
        var properties: [String: String] = [:]
        for (offset, name) in propertyNames.enumerated() {
            guard let value = statement.string(first + 4 + Int32(offset)), !value.isEmpty, value != "{}", value != "[]" else { continue }
            switch name {
            // Stored as JSON; shown as flat properties in the manner of OSM tags.
            case "descriptions":
                for (language, text) in JSON.decode([String: String].self, value) ?? [:] { properties["description:\(language)"] = text }
            case "images":
                for (i, url) in (JSON.decode([String].self, value) ?? []).enumerated() { properties[i == 0 ? "image" : "image:\(i + 1)"] = url }
            default:
                properties[name] = value
            }
        }
        return Feature(id: id, category: statement.string(first) ?? id.kind.rawValue, name: statement.string(first + 1),
                       names: statement.string(first + 2).flatMap { $0 == "{}" ? [:] : JSON.decode([String: String].self, $0) } ?? [:],
                       address: statement.string(first + 3), geometry: try t.exactGeometry(statement, at: 0),
                       distance: nil, properties: properties)
    }
}
