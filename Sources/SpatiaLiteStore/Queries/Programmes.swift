import Foundation
import GeoCore
import GeoStore

/// Cinema programmes and trips' catches as SpatiaLite stores them (`QueryEngine.cinemas` picks each cinema's local day).
extension SpatiaLiteStore {
    public func timezone(ofCinema cinema: Int64) throws -> String? {
        try value("SELECT timezone FROM cinema WHERE id = ?", [cinema])
    }

    public func screenings(ofCinema cinema: Int64, from start: Date, to end: Date) throws -> [Screening] {
        let statement = try cached("""
            SELECT title, start_utc, minutes, rating, version FROM screening
            WHERE cinema_id = ? AND start_utc >= ? AND start_utc < ? ORDER BY start_utc, title, id
            """)
        try statement.bind([cinema, UTC.format(start), UTC.format(end)])
        var screenings: [Screening] = []
        while try statement.step() {
            screenings.append(Screening(title: statement.string(0) ?? "", start: UTC.parse(statement.string(1) ?? "") ?? start,
                                        minutes: statement.isNull(2) ? nil : Int(statement.int(2)),
                                        rating: statement.string(3), version: statement.string(4)))
        }
        return screenings
    }

    public func diaryRows(dated: Bool, after: String?, row: Int64, limit: Int) throws -> [(row: Int64, start: String?)] {
        let placeholder = { (n: Int) in "?\(n)" }
        let statement: Statement, values: [any Bindable]
        if !dated {
            (statement, values) = (try cached(DiarySQL.undated(placeholder)), [row, limit])
        } else if let after {
            (statement, values) = (try cached(DiarySQL.dated(placeholder)), [after, row, limit])
        } else {
            (statement, values) = (try cached(DiarySQL.newest(placeholder)), [limit])
        }
        try statement.bind(values)
        defer { statement.reset() }
        var rows: [(row: Int64, start: String?)] = []
        while try statement.step() { rows.append((statement.int(0), statement.string(1))) }
        return rows
    }

    public func catches(ofTrip trip: Int64) throws -> [CatchRecord] {
        let statement = try cached(CatchRecord.sql(placeholder: "?", position: "geom"))
        try statement.bind([trip])
        defer { statement.reset() }
        var catches: [CatchRecord] = []
        func number(_ column: Int32) -> Double? { statement.isNull(column) ? nil : statement.double(column) }
        while try statement.step() {
            let position = try catchPosition(statement.blob(5))
            catches.append(CatchRecord(species: statement.string(0) ?? "", lengthCm: number(1), weightKg: number(2), time: statement.string(3),
                                       bait: statement.string(4), lat: position?.lat, lon: position?.lon))
        }
        return catches
    }

    /// A catch's point, read from its BLOB; one SpatiaLiteBlob leaves to SpatiaLite (compressed,
    /// with Z or M) through it.
    private func catchPosition(_ blob: UnsafeRawBufferPointer?) throws -> Coordinate? {
        guard let blob else { return nil }
        if let point = SpatiaLiteBlob.point(blob) { return point }
        guard case .point(let point)? = try geometry(ofBlob: blob) else { return nil }
        return point
    }
}
