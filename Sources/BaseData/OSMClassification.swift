import GeoCore

/// Which base layer an OpenStreetMap feature belongs to, from its tags, by the GDAL OSM layer it
/// came in (points, lines, multilinestrings, multipolygons). Coastlines are none of these: they
/// close the sea after the read (`Coastlines`); land comes from land polygons (Natural Earth or the like).
enum OSMClassification {
    struct Class: Equatable {
        var layer: BaseLayer
        var kind: String
        var rank = 0
        /// A polygon that stands for its outline (an administrative area as a border).
        var outline = false
    }

    static let places: Set = ["city", "town", "village", "hamlet", "suburb", "neighbourhood", "quarter", "island", "islet"]
    static let roads: Set = ["motorway", "trunk", "primary", "secondary", "tertiary", "unclassified", "residential",
                             "living_street", "service", "pedestrian", "track", "road", "footway", "path", "cycleway",
                             "bridleway", "steps"]
    static let rails: Set = ["rail", "tram", "subway", "light_rail", "narrow_gauge", "monorail", "funicular"]
    static let waterways: Set = ["river", "stream", "canal", "drain", "ditch"]
    static let parks: [String: Set<String>] = [
        "leisure": ["park", "garden", "nature_reserve"], "landuse": ["forest", "cemetery"], "natural": ["wood"],
    ]
    static let leisureLanduse: Set = ["pitch", "playground", "golf_course", "sports_centre", "stadium", "track", "dog_park"]
    static let naturalLanduse: Set = ["grassland", "scrub", "heath", "beach", "sand", "wetland", "bare_rock"]

    static func point(_ tag: (String) -> String?) -> Class? {
        guard let place = tag("place"), places.contains(place) else { return nil }
        return Class(layer: .place, kind: place, rank: population(tag("population")))
    }

    static func line(_ tag: (String) -> String?) -> Class? {
        if let highway = tag("highway") {
            let base = highway.hasSuffix("_link") ? String(highway.dropLast(5)) : highway
            if roads.contains(base) { return Class(layer: .road, kind: base) }
        }
        if let railway = tag("railway"), rails.contains(railway) { return Class(layer: .rail, kind: railway) }
        if let waterway = tag("waterway"), waterways.contains(waterway) { return Class(layer: .waterway, kind: waterway) }
        return border(tag)
    }

    static func area(_ tag: (String) -> String?) -> Class? {
        if let building = tag("building"), building != "no" { return Class(layer: .building, kind: building) }
        let natural = tag("natural"), landuse = tag("landuse"), leisure = tag("leisure")
        if natural == "water" { return Class(layer: .water, kind: tag("water") ?? "water") }
        if let water = tag("water") { return Class(layer: .water, kind: water) }
        if let landuse, landuse == "reservoir" || landuse == "basin" { return Class(layer: .water, kind: landuse) }
        if let waterway = tag("waterway"), waterway == "riverbank" || waterway == "dock" { return Class(layer: .water, kind: waterway) }
        if natural == "bay" { return Class(layer: .water, kind: "bay") }
        for (key, values) in parks.sorted(by: { $0.key < $1.key }) {
            if let value = tag(key), values.contains(value) { return Class(layer: .park, kind: value) }
        }
        if let landuse { return Class(layer: .landuse, kind: landuse) }
        if let leisure, leisureLanduse.contains(leisure) { return Class(layer: .landuse, kind: leisure) }
        if let natural, naturalLanduse.contains(natural) { return Class(layer: .landuse, kind: natural) }
        if var border = border(tag) {
            border.outline = true
            return border
        }
        return nil
    }

    private static func border(_ tag: (String) -> String?) -> Class? {
        guard tag("boundary") == "administrative", let level = tag("admin_level") else { return nil }
        return Class(layer: .border, kind: level)
    }

    /// OSM populations are free text ("12 345", "~5000"): the digits, 0 when there are none.
    static func population(_ text: String?) -> Int {
        Int(text?.filter { $0.isASCII && $0.isNumber }.prefix(12) ?? "") ?? 0
    }
}
