/// The credits a map must show for the data on it, by the source each record came from: the
/// licences of Data/ATTRIBUTION.md (OpenStreetMap's ODbL asks for "© OpenStreetMap
/// contributors", GeoNames' CC BY 4.0 for its name). Sources with no such duty (GPX tracks, a
/// user's own files) add nothing.
public enum Attribution {
    public static let credits: [String: String] = [
        "osm": "© OpenStreetMap contributors",
        "geonames": "GeoNames (CC BY 4.0)",
        "travel-guide": "Roja district travel guide",
        "naturalearth": "Made with Natural Earth",
    ]

    /// One credit per source among `features`, in a stable order.
    public static func lines(for features: [Feature]) -> [String] {
        lines(forSources: features.compactMap(\.source))
    }

    /// One credit per source named, in a stable order.
    public static func lines(forSources sources: some Sequence<String>) -> [String] {
        Set(sources.compactMap { credits[$0] }).sorted()
    }

    /// The credits of a base map imported from these files (paths, or names alone): OpenStreetMap
    /// extracts (.osm, .osm.pbf, .pbf: a base import takes an extract under no other name) and
    /// Natural Earth's files (ne_…) name their sources; others add nothing.
    public static func lines(forBaseFiles files: [String]) -> [String] {
        Set(files.compactMap { file -> String? in
            let name = String(file.split(separator: "/").last ?? "").lowercased()
            if name.hasSuffix(".osm") || name.hasSuffix(".pbf") { return credits["osm"] }
            return name.hasPrefix("ne_") ? credits["naturalearth"] : nil
        }).sorted()
    }
}
