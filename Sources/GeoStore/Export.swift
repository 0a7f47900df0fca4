import CSpatiaLite
import Foundation
import GeoCore

/// A row of an export query, as either database hands it over.
package protocol ExportRow {
    func string(_ column: Int) throws -> String?
    func double(_ column: Int) throws -> Double?
    func integer(_ column: Int) throws -> Int64?
    /// A column of WKB (`ST_AsBinary`).
    func geometry(_ column: Int) throws -> Geometry?
}

/// Everything a database holds, read back as the records an import stores: `waymark copy` moves
/// a database between stores by exporting and importing. The SQL reads the same in SpatiaLite and
/// PostgreSQL, and the records come out in id order, so an import of them in `ImportPlan`'s order
/// numbers them as the source did when it was built by one import (otherwise in spatial order).
package enum Export {
    /// Each kind's rows (the id first), and its children's rows keyed by the parent's id (first column).
    package static let sql: [(kind: FeatureKind, rows: String, children: String?)] = [
        (.water, "SELECT id, name, kind, district, organisation, source, source_id, ST_AsBinary(geom), timezone, alt_names FROM water ORDER BY id", nil),
        (.poi, """
            SELECT id, category, name, names, description, descriptions, address, phone, mobile_phone, email, website, images,
                   timezone, source, source_id, ST_AsBinary(geom), population, alt_names FROM poi ORDER BY id
            """, nil),
        (.cinema, "SELECT id, name, address, website, timezone, source, source_id, ST_AsBinary(geom), alt_names FROM cinema ORDER BY id",
         "SELECT cinema_id, title, start_utc, minutes, rating, version FROM screening ORDER BY cinema_id, start_utc, title, id"),
        (.trip, """
            SELECT t.id, t.name, t.start_utc, t.end_utc, t.notes, t.weather, w.name, t.source, t.source_id, ST_AsBinary(t.spot),
                   ST_AsBinary(t.track), t.timezone FROM trip AS t LEFT JOIN water AS w ON w.id = t.water_id ORDER BY t.id
            """,
         "SELECT trip_id, species, length_cm, weight_kg, time_utc, bait, ST_AsBinary(geom) FROM catch ORDER BY trip_id, id"),
    ]

    /// The records of one kind, from its rows and its children's rows.
    package static func records(_ kind: FeatureKind, rows: [any ExportRow], children: [any ExportRow]) throws -> ParsedFile {
        var byParent: [Int64: [any ExportRow]] = [:]
        for child in children { if let parent = try child.integer(0) { byParent[parent, default: []].append(child) } }
        var file = ParsedFile(file: kind.rawValue), ids: [Int64] = []
        for row in rows {
            let id = try row.integer(0) ?? 0
            let record: ImportRecord
            switch kind {
            case .poi:
                var p = PlaceRecord(category: try row.string(1) ?? "other", name: try row.string(2) ?? "", location: try point(row, 15))
                p.names = JSON.decode([String: String].self, try row.string(3)) ?? [:]
                p.description = try row.string(4)
                p.descriptions = JSON.decode([String: String].self, try row.string(5)) ?? [:]
                (p.address, p.phone, p.mobilePhone, p.email, p.website) = (try row.string(6), try row.string(7), try row.string(8), try row.string(9), try row.string(10))
                p.images = JSON.decode([String].self, try row.string(11)) ?? []
                (p.timezone, p.source, p.sourceID) = (try row.string(12), try row.string(13), try row.string(14))
                p.population = try row.integer(16).map(Int.init)
                p.alternateNames = AlternateNames.list(try row.string(17))
                record = .place(p)
            case .water:
                guard let geometry = try row.geometry(7) else { continue } // not stored without one
                var w = WaterRecord(name: try row.string(1), waterKind: try row.string(2) ?? "water", geometry: geometry)
                (w.district, w.organisation, w.source, w.sourceID) = (try row.string(3), try row.string(4), try row.string(5), try row.string(6))
                w.timezone = try row.string(8)
                w.alternateNames = AlternateNames.list(try row.string(9))
                record = .water(w)
            case .cinema:
                var c = CinemaRecord(name: try row.string(1) ?? "", timezone: try row.string(4) ?? "UTC", location: try point(row, 7))
                (c.address, c.website, c.source, c.sourceID) = (try row.string(2), try row.string(3), try row.string(5), try row.string(6))
                c.alternateNames = AlternateNames.list(try row.string(8))
                c.screenings = try (byParent[id] ?? []).map { s in
                    Screening(title: try s.string(1) ?? "", start: UTC.parse(try s.string(2) ?? "") ?? .distantPast,
                              minutes: try s.integer(3).map(Int.init), rating: try s.string(4), version: try s.string(5))
                }
                record = .cinema(c)
            case .trip:
                var t = TripRecord(name: try row.string(1) ?? "")
                (t.start, t.end) = (try row.string(2).flatMap(UTC.parse), try row.string(3).flatMap(UTC.parse))
                (t.notes, t.weather, t.waterName, t.source, t.sourceID) = (try row.string(4), try row.string(5), try row.string(6), try row.string(7), try row.string(8))
                t.spot = try point(row, 9)
                if case let .lineString(track)? = try row.geometry(10) { t.track = track }
                t.timezone = try row.string(11)
                t.catches = try (byParent[id] ?? []).map { c in
                    var fish = CatchRecord(species: try c.string(1) ?? "")
                    (fish.lengthCm, fish.weightKg, fish.time, fish.bait) = (try c.double(2), try c.double(3), try c.string(4).flatMap(UTC.parse), try c.string(5))
                    fish.location = try point(c, 6)
                    return fish
                }
                record = .trip(t)
            }
            file.add(record, at: "\(kind.rawValue)/\(id)")
            ids.append(id)
        }
        file.storedIDs = ids
        return file
    }

    /// The base map's full-detail rows (band 0), in the order they were stored; the generalised
    /// copies are made anew by the import.
    package static let baseSQL = "SELECT source, layer, kind, name, names, rank, ST_AsBinary(geom) FROM base WHERE band = 0 ORDER BY id"

    /// The rows of `baseSQL` as the sources they were imported from: each import stored a source's
    /// rows one after another, so a run of rows of one source is one source.
    package static func baseSources(rows: [any ExportRow]) throws -> [BaseSource] {
        var runs: [(name: String, features: [BaseFeature])] = []
        for row in rows {
            guard let source = try row.string(0), let layer = try row.string(1).flatMap(BaseLayer.init(rawValue:)),
                  let geometry = try row.geometry(6) else { continue }
            let feature = BaseFeature(layer: layer, kind: try row.string(2) ?? "", name: try row.string(3),
                                      names: JSON.decode([String: String].self, try row.string(4)) ?? [:],
                                      rank: Int(try row.integer(5) ?? 0), geometry: geometry)
            if runs.last?.name == source { runs[runs.count - 1].features.append(feature) } else { runs.append((source, [feature])) }
        }
        return runs.map { run in BaseSource(name: run.name) { batch in try batch(run.features) } }
    }

    private static func point(_ row: any ExportRow, _ column: Int) throws -> Coordinate? {
        if case let .point(c)? = try row.geometry(column) { c } else { nil }
    }
}

extension FeatureStore {
    /// Copies this store's time zone polygons, when it holds any, into the empty store `target`
    /// (a transaction of their own, first, so that the records find them); then every record,
    /// with its id, in one transaction of the target's; then its base map, when both hold one, in
    /// a third (the target makes the generalised copies anew, the same as this store's).
    public func copy(to target: any FeatureStore) throws -> ImportSummary {
        let targetBase = target as? any BaseMapStore
        guard try target.categories().isEmpty, try targetBase?.baseSources().isEmpty ?? true else {
            throw DatabaseError(description: "the target database already holds data; copy into an empty one, so that every id stays the same")
        }
        if try holdsZones() {
            var zones = ZoneFile(file: "time zones")
            zones.polygons = try zonePolygons(in: BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90))
            _ = try target.importZones(zones)
        }
        let summary = try target.importFiles(try exportAll(), skipInvalid: false)
        if let targetBase, let base = try (self as? any BaseMapStore)?.exportBase(), !base.isEmpty {
            _ = try targetBase.importBase(base)
        }
        return summary
    }
}

extension SpatiaLiteStore {
    public func exportAll() throws -> [ParsedFile] {
        try Export.sql.map { kind, rows, children in
            try Export.records(kind, rows: try read(rows), children: try children.map(read) ?? [])
        }
    }

    public func exportBase() throws -> [BaseSource] {
        guard try holdsBase() else { return [] }
        return try Export.baseSources(rows: try read(Export.baseSQL))
    }

    /// Every row of a query, copied out of SQLite's buffers.
    private func read(_ sql: String) throws -> [any ExportRow] {
        let statement = try db.prepare(sql)
        var rows: [any ExportRow] = []
        while try statement.step() {
            rows.append(CopiedRow(values: (0..<sqlite3_column_count(statement.handle)).map { column in
                statement.isNull(column) ? nil : (statement.string(column), statement.blob(column).map(Array.init), statement.int(column), statement.double(column))
            }))
        }
        return rows
    }
}

/// A SQLite row as text, bytes, integer and real: SQLite converts each value to whichever is asked.
private struct CopiedRow: ExportRow {
    let values: [(text: String?, bytes: [UInt8]?, integer: Int64, real: Double)?]

    func string(_ column: Int) -> String? { values[column]?.text }
    func double(_ column: Int) -> Double? { values[column]?.real }
    func integer(_ column: Int) -> Int64? { values[column]?.integer }
    func geometry(_ column: Int) throws -> Geometry? { try values[column]?.bytes.map(WKB.decode) }
}
