import GeoStore

/// The category of every POI row, held in memory as small numbers indexed by row id, so that the
/// R*Tree walk can skip the entries of unselected categories without reading their rows.
/// Reloaded when another connection commits (`PRAGMA data_version`) or this one imports.
final class CategoryCache {
    private var numberOfRow: [UInt16] = []
    private var numberOfCode: [String: UInt16] = [:]
    private var dataVersion: Int64?
    static let largestRow = 200_000_000

    func invalidate() { dataVersion = nil }

    /// The category codes of all POIs (as of the last load).
    var codes: Dictionary<String, UInt16>.Keys { numberOfCode.keys }

    /// Loads the table when the database has changed since `version` was last seen.
    func refresh(_ db: Database, version: Int64) throws {
        if version != dataVersion { try load(db, version: version) }
    }

    func selection(_ codes: [String]) -> CategorySelection {
        var selected = [Bool](repeating: false, count: numberOfCode.count + 1)
        for code in codes { if let n = numberOfCode[code] { selected[Int(n)] = true } }
        return CategorySelection(numberOfRow: numberOfRow, selected: selected)
    }

    private func load(_ db: Database, version: Int64) throws {
        var rows: [UInt16] = []
        var codes: [String: UInt16] = [:]
        // Ascending ids, so the table grows as it is read (ids are dense in practice).
        let statement = try db.prepare("SELECT id, category FROM poi ORDER BY id")
        while try statement.step() {
            // Row ids index an array: they must be what SQLite hands out, not arbitrary numbers.
            guard let row = Int(exactly: statement.int(0)), (0...Self.largestRow).contains(row) else {
                throw DatabaseError(description: "poi row id \(statement.int(0)) is outside 0…\(Self.largestRow), which category filtering needs")
            }
            if row >= rows.count { rows += repeatElement(0, count: row + 1 - rows.count) }
            let code = statement.string(1) ?? ""
            var number = codes[code] ?? 0
            if number == 0 {
                guard codes.count < Int(UInt16.max) - 1 else {
                    throw DatabaseError(description: "poi: more than \(UInt16.max - 1) distinct categories")
                }
                number = UInt16(codes.count + 1) // 0 stays "no such row"
                codes[code] = number
            }
            rows[row] = number
        }
        (numberOfRow, numberOfCode, dataVersion) = (rows, codes, version)
    }
}

/// Which POI rows a category filter selects.
struct CategorySelection {
    let numberOfRow: [UInt16]
    let selected: [Bool]

    func contains(row: Int64) -> Bool {
        row >= 0 && row < numberOfRow.count && selected[Int(numberOfRow[Int(row)])]
    }
}
