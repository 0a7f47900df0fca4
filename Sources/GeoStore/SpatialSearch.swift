import CSpatiaLite
import Foundation
import GeoCore

/// The R*Tree query function `waymark_nearest()`. SQLite's R*Tree visits nodes and returns rows
/// in increasing order of the score a query function gives them; the score here is a lower bound
/// of the geodesic distance from the search's centre to the node's box, which turns the R*Tree
/// into a best-first nearest-neighbour search. Boxes whose bound exceeds the search's threshold
/// (the radius, or the N-th best distance found so far) are pruned.
///
/// The centre and threshold live in a per-connection `NearestSearch` (the function's context)
/// rather than in SQL arguments, so that the Swift loop stepping the rows can lower the threshold
/// while the R*Tree is still being walked.
final class NearestSearch {
    static let function = "waymark_nearest"
    var bound = DistanceLowerBound(from: Coordinate(lat: 0, lon: 0))
    var threshold = Double.infinity

    func register(on db: Database) throws {
        guard sqlite3_rtree_query_callback(db.handle, Self.function, { info in
            guard let info, info.pointee.nCoord == 4, let context = info.pointee.pContext else { return SQLITE_ERROR }
            let search = Unmanaged<NearestSearch>.fromOpaque(context).takeUnretainedValue()
            let c = info.pointee.aCoord!
            let score = search.bound(minLon: c[0], maxLon: c[1], minLat: c[2], maxLat: c[3], limit: search.threshold)
            info.pointee.rScore = score
            info.pointee.eWithin = score > search.threshold ? NOT_WITHIN : PARTLY_WITHIN
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque(), nil) == SQLITE_OK else {
            throw DatabaseError(description: "cannot register \(Self.function): \(db.errorMessage)")
        }
    }
}

/// How each kind is stored: its table, the indexed geometry column, and whether that is a point.
struct KindTable {
    let kind: FeatureKind
    let column: String
    let isPoint: Bool

    var table: String { kind.rawValue }
    var index: String { "idx_\(table)_\(column)" }
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

    /// `AND t.category IN (?, …)` for POIs with a category filter; the codes are bound after the other parameters.
    func categoryClause(_ filter: CategoryFilter) -> (sql: String, bindings: [any Bindable]) {
        let codes = filter.poiCategories
        guard kind == .poi, !codes.isEmpty else { return ("", []) }
        return (" AND t.category IN (" + codes.map { _ in "?" }.joined(separator: ",") + ")", codes)
    }
}

extension SpatiaLiteStore {
    public func nearest(_ query: NearestQuery) throws -> FeaturePage {
        var ranked: [(distance: Double, id: FeatureID)] = []
        for kind in query.categories.kinds {
            ranked += try nearestRows(KindTable.of(kind), query, limit: query.limit + 1)
        }
        ranked.sort { ($0.distance, $0.id) < ($1.distance, $1.id) }
        let page = ranked.prefix(query.limit)
        var features = try page.map { try feature($0.id) }
        for i in features.indices { features[i].distance = page[page.startIndex + i].distance }
        let next = ranked.count > query.limit ? page.last.map { Cursor(distance: $0.distance, id: $0.id) } : nil
        return FeaturePage(features: features, next: next)
    }

    /// The `limit` nearest rows of one kind after the query's cursor, by (distance, id), that pass `accept`.
    func nearestRows(_ t: KindTable, _ query: NearestQuery, limit: Int,
                     accept: ((Int64) throws -> Bool)? = nil) throws -> [(distance: Double, id: FeatureID)] {
        let filter = t.categoryClause(query.categories)
        let statement = try cached("""
            SELECT r.pkid, r.xmin, r.xmax, r.ymin, r.ymax, \(t.geometryColumns)
            FROM \(t.index) AS r CROSS JOIN \(t.table) AS t ON t.id = r.pkid
            WHERE r.pkid MATCH \(NearestSearch.function)()\(filter.sql)
            """)
        let center = query.center
        let radius = query.maxDistance ?? .infinity
        search.bound = DistanceLowerBound(from: center)
        search.threshold = radius
        try statement.bind(filter.bindings)
        let after = query.after.map { ($0.distance ?? -.infinity, $0.id) }
        var best: [(distance: Double, id: FeatureID)] = []
        while try statement.step() {
            // Rows arrive in increasing lower bound: once it passes the worst kept distance, no later row can enter.
            let bound = search.bound(minLon: statement.double(1), maxLon: statement.double(2),
                                     minLat: statement.double(3), maxLat: statement.double(4))
            if best.count == limit, bound > best[limit - 1].distance { break }
            let id = FeatureID(kind: t.kind, row: statement.int(0))
            let distance = Geodesic.distance(from: center, to: try t.exactGeometry(statement, at: 5))
            if distance > radius { continue }
            if let after, (distance, id) <= after { continue }
            if best.count == limit, (distance, id) >= (best[limit - 1].distance, best[limit - 1].id) { continue }
            if let accept, try !accept(id.row) { continue }
            let position = best.firstIndex { (distance, id) < ($0.distance, $0.id) } ?? best.count
            best.insert((distance, id), at: position)
            if best.count > limit { best.removeLast() }
            if best.count == limit { search.threshold = min(radius, best[limit - 1].distance) }
        }
        return best
    }

    public func bbox(_ query: BoxQuery) throws -> FeaturePage {
        var ids: [FeatureID] = []
        for kind in query.categories.kinds where query.after.map({ kind >= $0.id.kind }) ?? true {
            let t = KindTable.of(kind)
            let filter = t.categoryClause(query.categories)
            let statement = try cached("""
                SELECT r.pkid, \(t.geometryColumns)
                FROM \(t.index) AS r CROSS JOIN \(t.table) AS t ON t.id = r.pkid
                WHERE r.xmax >= ? AND r.xmin <= ? AND r.ymax >= ? AND r.ymin <= ? AND r.pkid > ?\(filter.sql)
                """)
            let afterRow = query.after.flatMap { $0.id.kind == kind ? $0.id.row : nil } ?? Int64.min
            var rows = Set<Int64>()
            for part in query.box.unwrapped {
                try statement.bind([part.minLon, part.maxLon, part.minLat, part.maxLat, afterRow] + filter.bindings)
                while try statement.step() {
                    // The R*Tree holds single-precision boxes: refine on the exact geometry.
                    let geometry = try t.exactGeometry(statement, at: 1)
                    let inside: Bool
                    if case let .point(c) = geometry { inside = part.contains(c) } else {
                        inside = PlanarGeometry.geometry(geometry, intersects: part)
                    }
                    if inside { rows.insert(statement.int(0)) }
                }
            }
            ids += rows.sorted().map { FeatureID(kind: kind, row: $0) }
            if ids.count > query.limit { break }
        }
        let page = ids.prefix(query.limit)
        let next = ids.count > query.limit ? page.last.map { Cursor(distance: nil, id: $0) } : nil
        return FeaturePage(features: try page.map(feature), next: next)
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
