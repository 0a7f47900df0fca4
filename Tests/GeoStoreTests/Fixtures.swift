import Foundation
import GeoCore
@testable import GeoStore

/// A fresh database file in a temporary directory, removed with its directory at deinit.
final class TemporaryDatabase {
    let directory: URL
    var path: String { directory.appendingPathComponent("test.sqlite").path }

    init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
}

extension ParsedFile {
    init(file: String, _ records: [ImportRecord]) {
        self.init(file: file)
        for (i, r) in records.enumerated() { add(r, at: "feature \(i)") }
    }
}

let testCategories = ["do", "see", "stay", "eat", "route"]

/// Random places: uniform over the globe, plus clusters at both poles and on both sides of the antimeridian.
func randomPlaces(_ count: Int, seed: UInt64) -> [PlaceRecord] {
    var rng = SeededRandom(seed: seed)
    return (0..<count).map { i in
        let location: Coordinate
        switch i % 10 {
        case 0: location = Coordinate(lat: .random(in: 88...90, using: &rng), lon: .random(in: -180...180, using: &rng))
        case 1: location = Coordinate(lat: .random(in: -90 ... -88, using: &rng), lon: .random(in: -180...180, using: &rng))
        case 2: location = Coordinate(lat: .random(in: -10...10, using: &rng), lon: .random(in: 179...180, using: &rng))
        case 3: location = Coordinate(lat: .random(in: -10...10, using: &rng), lon: .random(in: -180 ... -179, using: &rng))
        default: location = Coordinate(lat: .random(in: -90...90, using: &rng), lon: .random(in: -180...180, using: &rng))
        }
        return PlaceRecord(category: testCategories[Int.random(in: 0..<5, using: &rng)], name: "P\(i)", location: location)
    }
}

extension Database {
    /// The first column of every row, as text ("NULL" for null).
    func texts(_ sql: String) throws -> [String] {
        let statement = try prepare(sql)
        var result: [String] = []
        while try statement.step() { result.append(statement.string(0) ?? "NULL") }
        return result
    }

    func count(_ table: String) throws -> Int {
        Int(try scalar("SELECT count(*) FROM \"\(table)\"") as Int64? ?? -1)
    }

    /// Every row of every ordinary table — ours, SpatiaLite's metadata and the R*Tree shadow tables —
    /// with each value quoted, plus the row count of each R*Tree. Equal snapshots mean equal content.
    func contentSnapshot() throws -> [String: [String]] {
        var snapshot: [String: [String]] = [:]
        for table in try texts("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'") {
            let columns = try texts("SELECT name FROM pragma_table_info('\(table)')")
            let row = columns.map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
            snapshot[table] = try texts("SELECT \(row) FROM \"\(table)\" ORDER BY rowid")
        }
        for index in try texts("SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%USING rtree%'") {
            snapshot[index] = ["\(try count(index)) rows"]
        }
        return snapshot
    }
}
