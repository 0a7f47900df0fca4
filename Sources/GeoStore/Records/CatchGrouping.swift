import GeoCore

public enum CatchGrouping: String, CaseIterable, Sendable {
    case water, species, year

    /// "water,species,year" as typed (in that order, any subset), for the CLI and the server alike.
    public static func list(parsing text: String) throws -> [CatchGrouping] {
        var grouping: [CatchGrouping] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let g = CatchGrouping(rawValue: name.trimmingCharacters(in: .whitespaces)), !grouping.contains(g) else {
                throw GeoError.invalid(field: .by, reason: "'\(name)' is not one of water, species, year (each at most once)")
            }
            grouping.append(g)
        }
        return grouping
    }
}
