import Foundation

/// The file formats Waymark imports, told apart by file extension.
public enum ImportFormat: String, CaseIterable, Sendable {
    case geojson, csv, gpx
    /// The travel guide's per-language XML feed (`<objekti>`).
    case travelGuide
    /// GeoNames' tab-separated dump (`GeoNamesParser`).
    case geonames

    /// `.geojson`/`.json` → geojson, `.csv` → csv, `.gpx` → gpx, `.xml` → travelGuide, `.txt` →
    /// geonames (as GeoNames names its dumps); nil for anything else.
    public static func detect(path: String) -> ImportFormat? {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "geojson", "json": .geojson
        case "csv": .csv
        case "gpx": .gpx
        case "xml": .travelGuide
        case "txt": .geonames
        default: nil
        }
    }
}
