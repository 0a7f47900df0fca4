extension Properties {
    /// OSM's keys for other names of a thing, in the order a record lists them, and `alt_names`, as
    /// Waymark writes them all (an export imported again keeps them).
    private static let alternateNameKeys: [Properties.Key] = [
        .altName, .oldName, .officialName, .shortName, .locName, .intName, .natName, .regName, .altNames,
    ]

    /// The record's other names, each once and none equal to `name`: OSM's keys (each value split
    /// at ';'), their language variants (`alt_name:sv`; the language is not kept), then GeoNames'
    /// `alternatenames` (split at ',').
    func alternateNames(besides name: String?) -> [String] {
        var names: [String] = []
        func add(_ value: String, separator: Character) {
            for part in value.split(separator: separator) {
                if let other = String(part).nonEmpty, other != name, !names.contains(other) { names.append(other) }
            }
        }
        for key in Self.alternateNameKeys { if let value = self[key] { add(value, separator: ";") } }
        for variant in variants where variant.localized != .name && variant.localized != .description {
            add(variant.value, separator: ";")
        }
        if let geonames = self[.alternateNames] { add(geonames, separator: ",") }
        return names
    }
}
