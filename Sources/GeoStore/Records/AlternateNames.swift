/// A record's other names (OSM's alt_name, old_name, official_name…, GeoNames' alternatenames) as
/// both stores keep them: one text, the names separated by ';' as OSM separates a key's values
/// (no name holds one: the import splits there), NULL for none. The search indexes read the text
/// as it is, their word splitting treating ';' as a space.
package enum AlternateNames {
    package static func text(_ names: [String]) -> String? { names.isEmpty ? nil : names.joined(separator: ";") }

    package static func list(_ text: String?) -> [String] { text?.split(separator: ";").map(String.init) ?? [] }
}
