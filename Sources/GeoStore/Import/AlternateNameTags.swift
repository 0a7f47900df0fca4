extension Properties {
    /// OSM's keys for other names of a thing, in the order a record lists them, and `alt_names`, as
    /// Waymark writes them all (an export imported again keeps them).
    private static let alternateNameKeys: [Properties.Key] = [
        .altName, .oldName, .officialName, .shortName, .locName, .intName, .natName, .regName, .altNames,
    ]

    /// The record's other names, each once and none equal to `name` or to one of its names in a
    /// language: OSM's keys (each value split at ';'), their language variants (`alt_name:sv`; the
    /// language is not kept), then GeoNames' `alternatenames` (split at ',', and at ';' as every
    /// stored list is: `AlternateNames`).
    func alternateNames(besides name: String?) -> [String] {
        var names: [String] = [], seen = Set([name].compactMap { $0 })
        for variant in variants where variant.localized == .name { seen.insert(variant.value) }
        func add(_ value: String, separators: Set<Character>) {
            for part in value.split(whereSeparator: separators.contains) {
                if let other = String(part).nonEmpty, seen.insert(other).inserted { names.append(other) }
            }
        }
        for key in Self.alternateNameKeys { if let value = self[key] { add(value, separators: [";"]) } }
        for variant in variants where variant.localized != .name && variant.localized != .description {
            add(variant.value, separators: [";"])
        }
        if let geonames = self[.alternateNames] { add(geonames, separators: [",", ";"]) }
        return names
    }
}
