import CSpatiaLite
import Foundation
import GeoCore

/// The embedded store: one SpatiaLite file. One instance per thread (SQLite connections are
/// not shared); open several read-only instances for parallel readers.
public final class SpatiaLiteStore: FeatureStore {
    let db: Database
    private var statements: [String: Statement] = [:]

    /// Opens (and, unless read-only, creates and migrates) the database at `path`.
    public init(path: String, readOnly: Bool = false) throws {
        if readOnly, !FileManager.default.fileExists(atPath: path) {
            throw DatabaseError(description: "no database at \(path)")
        }
        db = try Database(path: path, readOnly: readOnly)
        try NearestScore.register(on: db)
        guard !readOnly else { return }
        try db.execute("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON")
        try Schema.migrate(db)
    }

    public var schemaVersion: Int { Int((try? db.scalar("PRAGMA user_version") as Int64?) ?? 0) }

    /// A prepared statement kept for the life of the connection.
    func cached(_ sql: String) throws -> Statement {
        if let statement = statements[sql] { return statement }
        let statement = try db.prepare(sql)
        statements[sql] = statement
        return statement
    }

    // MARK: Import

    public func importFiles(_ files: [ParsedFile], skipInvalid: Bool) throws -> ImportSummary {
        let problems = files.flatMap(\.problems)
        if !problems.isEmpty, !skipInvalid { throw ImportFailure(problems: problems) }
        var summary = ImportSummary(skipped: problems)
        // Waters first, so that trips in the same import can name them.
        let records = files.flatMap { file in file.records.map { (file.file, $0.record, $0.value) } }
            .sorted { ($0.2.kind == .water ? 0 : 1) < ($1.2.kind == .water ? 0 : 1) }
        try db.transaction {
            for (file, record, value) in records {
                do {
                    try insert(value)
                } catch {
                    // A record the database refuses aborts the whole import: nothing half-written.
                    throw ImportFailure(problems: [ImportProblem(file: file, record: record, reason: "\(error)")])
                }
                summary.inserted[value.kind, default: 0] += 1
            }
        }
        return summary
    }

    private func insert(_ record: ImportRecord) throws {
        switch record {
        case let .place(p):
            try cached("""
                INSERT INTO poi (category, name, names, description, descriptions, address, phone, mobile_phone,
                                 email, website, images, timezone, source, source_id, geom)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, GeomFromWKB(?, 4326))
                """).run([p.category, p.name, JSON.text(p.names), p.description, JSON.text(p.descriptions),
                          p.address, p.phone, p.mobilePhone, p.email, p.website, JSON.text(p.images),
                          p.timezone, p.source, p.sourceID, p.location.map { WKB.encode(.point($0)) }])
        case let .water(w):
            try cached("""
                INSERT INTO water (name, kind, district, organisation, source, source_id, geom)
                VALUES (?, ?, ?, ?, ?, ?, GeomFromWKB(?, 4326))
                """).run([w.name, w.waterKind, w.district, w.organisation, w.source, w.sourceID, WKB.encode(w.geometry)])
        case let .cinema(c):
            try cached("""
                INSERT INTO cinema (name, address, website, timezone, source, source_id, geom)
                VALUES (?, ?, ?, ?, ?, ?, GeomFromWKB(?, 4326))
                """).run([c.name, c.address, c.website, c.timezone, c.source, c.sourceID,
                          c.location.map { WKB.encode(.point($0)) }])
            let cinema = db.lastInsertRowID
            let screening = try cached("""
                INSERT INTO screening (cinema_id, title, start_utc, timezone, minutes, rating, version)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            for s in c.screenings {
                try screening.run([cinema, s.title, UTC.format(s.start), c.timezone, s.minutes, s.rating, s.version])
            }
        case let .trip(t):
            var water: Int64?
            if let name = t.waterName {
                water = try db.scalar("SELECT id FROM water WHERE name = ? ORDER BY id LIMIT 1", [name])
                guard water != nil else { throw DatabaseError(description: "water: no stored water is named '\(name)'") }
            }
            try cached("""
                INSERT INTO trip (name, start_utc, end_utc, notes, weather, water_id, source, source_id, spot, track)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, GeomFromWKB(?, 4326), GeomFromWKB(?, 4326))
                """).run([t.name, t.start.map(UTC.format), t.end.map(UTC.format), t.notes, t.weather, water,
                          t.source, t.sourceID, (t.spot ?? t.track?.first).map { WKB.encode(.point($0)) },
                          t.track.map { WKB.encode(.lineString($0)) }])
            let trip = db.lastInsertRowID
            let insertCatch = try cached("""
                INSERT INTO catch (trip_id, species, length_cm, weight_kg, time_utc, bait, geom)
                VALUES (?, ?, ?, ?, ?, ?, GeomFromWKB(?, 4326))
                """)
            for c in t.catches {
                try insertCatch.run([trip, c.species, c.lengthCm, c.weightKg, c.time.map(UTC.format), c.bait,
                                     c.location.map { WKB.encode(.point($0)) }])
            }
        }
    }
}

/// Instants as stored: ISO 8601 in UTC, second precision, so text order is time order.
enum UTC {
    static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }

    static func parse(_ text: String) -> Date? {
        try? Date.ISO8601FormatStyle(timeZone: .gmt).parse(text)
    }
}

enum JSON {
    static func text(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "null"
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String?) -> T? {
        text.flatMap { try? JSONDecoder().decode(T.self, from: Data($0.utf8)) }
    }
}
