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
    /// A trip's water is the water's name, or its source id when it has none (an import links either).
    package static let sql: [(kind: FeatureKind, rows: String, children: String?)] = [
        (.water, "SELECT id, name, kind, district, organisation, source, source_id, ST_AsBinary(geom), timezone, alt_names FROM water ORDER BY id", nil),
        (.poi, places + " ORDER BY id", nil),
        (.cinema, "SELECT id, name, address, website, timezone, source, source_id, ST_AsBinary(geom), alt_names FROM cinema ORDER BY id",
         "SELECT cinema_id, title, start_utc, minutes, rating, version FROM screening ORDER BY cinema_id, start_utc, title, id"),
        (.trip, """
            SELECT t.id, t.name, t.start_utc, t.end_utc, t.notes, t.weather, COALESCE(w.name, w.source_id), t.source, t.source_id, ST_AsBinary(t.spot),
                   ST_AsBinary(t.track), t.timezone FROM trip AS t LEFT JOIN water AS w ON w.id = t.water_id ORDER BY t.id
            """,
         "SELECT trip_id, species, length_cm, weight_kg, time_utc, bait, ST_AsBinary(geom) FROM catch ORDER BY trip_id, id"),
    ]

    private static let places = """
        SELECT id, category, name, names, description, descriptions, address, phone, mobile_phone, email, website, images,
               timezone, source, source_id, ST_AsBinary(geom), population, alt_names FROM poi
        """

    /// The places of one source ($1), as `sql`'s rows of `.poi`: what a snapshot file of some of its
    /// languages keeps (`ImportPlan.keepOtherLanguages`).
    package static let placesOfSource = places + " WHERE source = $1 ORDER BY id"

    /// The children's rows (screenings, catches) by their parent's id (their first column).
    package static func children(_ rows: [any ExportRow]) throws -> [Int64: [any ExportRow]] {
        var byParent: [Int64: [any ExportRow]] = [:]
        for child in rows { if let parent = try child.integer(0) { byParent[parent, default: []].append(child) } }
        return byParent
    }

    /// The record of one row of `kind` (`sql`'s), with its children from `children(_:)`, and its id.
    package static func record(_ kind: FeatureKind, row: any ExportRow, children byParent: [Int64: [any ExportRow]]) throws -> (id: Int64, record: ImportRecord)? {
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
            guard let geometry = try row.geometry(7) else { return nil } // not stored without one
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
        return (id, record)
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
