/// The credits a map must show for the data on it, by the source each record came from: the
/// licences of Data/ATTRIBUTION.md (OpenStreetMap's ODbL asks for "© OpenStreetMap
/// contributors", GeoNames' CC BY 4.0 for its name). Sources with no such duty (GPX tracks, a
/// user's own files) add nothing.
public enum Attribution {
    public static let credits: [String: String] = [
        "osm": "© OpenStreetMap contributors",
        "geonames": "GeoNames (CC BY 4.0)",
        "travel-guide": "Roja district travel guide",
    ]

    /// One credit per source among `features`, in a stable order.
    public static func lines(for features: [Feature]) -> [String] {
        Set(features.compactMap(\.source)).compactMap { credits[$0] }.sorted()
    }
}
