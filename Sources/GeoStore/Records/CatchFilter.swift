import Foundation
import GeoCore

/// Which of the diary's catches and trips statistics count: those of a year (the catch's, a blank
/// trip's start, in the trip's zone), of a water (by its name) and of a species; names compared
/// without regard to case, as the statistics group them. nil: every one.
public struct CatchFilter: Sendable, Hashable {
    public var year: Int?
    public var water: String?
    public var species: String?

    public init() {}

    /// As typed (options, query parameters), each checked: a year is a whole number from 1 to
    /// 9999; a water or a species is some text.
    public init(year: String?, water: String?, species: String?) throws(GeoError) {
        if let year {
            guard !year.isEmpty, year.utf8.count <= 4, year.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(year), number >= 1 else {
                throw .invalid(field: .year, reason: "'\(year)' is not a year (a whole number from 1 to 9999)")
            }
            self.year = number
        }
        func name(_ text: String?, _ field: Field) throws(GeoError) -> String? {
            guard let text else { return nil }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { throw .invalid(field: field, reason: "is empty; give a name or leave it out") }
            return trimmed
        }
        self.water = try name(water, .water)
        self.species = try name(species, .species)
    }

    public var isEmpty: Bool { year == nil && water == nil && species == nil }
}
