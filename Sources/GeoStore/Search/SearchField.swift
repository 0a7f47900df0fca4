import Foundation
import GeoCore

/// Where in a record a search word was found: its names (every language, other names), or one
/// of the other texts it is found by. A word found only outside the names ranks after one found
/// in them (`SearchRanking.otherFieldPenalty`); a search may be scoped to some fields (`--in`, `in=`).
public enum SearchField: String, CaseIterable, Sendable, Comparable {
    /// A record's names: its name, its names in other languages, its other names.
    case name
    /// A place's or cinema's address.
    case address
    /// The titles of the films a cinema screens.
    case film
    /// The species a trip caught.
    case `catch`
    /// A trip's notes.
    case notes
    /// The name of the water a trip was on.
    case water

    /// The order of the stores' columns (SpatiaLite's FTS5 columns, PostGIS's `field` numbers).
    public var number: Int { Self.allCases.firstIndex(of: self)! }

    public static func < (a: SearchField, b: SearchField) -> Bool { a.number < b.number }

    /// `--in` / `in=`: comma-separated field names, read by one rule for both faces.
    public static func fields(parsing text: String) throws(GeoError) -> Set<SearchField> {
        var fields: Set<SearchField> = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let field = SearchField(rawValue: name) else {
                throw .invalid(field: .searchIn, reason: "'\(part)' is not one of \(allCases.map(\.rawValue).joined(separator: ", "))")
            }
            fields.insert(field)
        }
        return fields
    }
}
