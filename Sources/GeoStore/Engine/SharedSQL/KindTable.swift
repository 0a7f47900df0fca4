import GeoCore

/// How each kind is stored: its table, the indexed geometry column, and whether that is a point.
/// The column lists are plain SQL that SpatiaLite and PostGIS both read.
package struct KindTable {
    package let kind: FeatureKind
    package let column: String
    package let isPoint: Bool
    /// The columns of `core` before and after the track, and a trip's track column.
    private let leading: String, track: String?, trailing: String
    /// SQL for what every answer carries: category, name, names per language, address, a
    /// trip's track (its column as `geometry` reads it; NULL for the other kinds), the source
    /// (for the map's credits), and a place's population (by which maps choose the cities to
    /// name; a typed NULL for the other kinds, so that PostgreSQL can unite kinds in one answer),
    /// and whether it carries its own mark (`WaterMarks`: 0 for a piece of a water whose mark
    /// another piece carries).
    package func core(geometry: (String) -> String) -> String {
        "\(leading), \(track.map(geometry) ?? "NULL"), \(trailing)"
    }
    /// SQL for the rest, and the property each column becomes, for `withDetails`.
    package let details: (columns: String, from: String, properties: [String])

    package var table: String { kind.rawValue }

    /// The details of one row, whose id is bound at `placeholder`.
    package func detailsSQL(placeholder: String) -> String {
        "SELECT \(details.columns) FROM \(details.from) WHERE t.id = \(placeholder)"
    }

    /// Made once: queries look their kind's table up on every call.
    private static let tables = Dictionary(uniqueKeysWithValues: FeatureKind.allCases.map { ($0, make($0)) })

    package static func of(_ kind: FeatureKind) -> KindTable { tables[kind]! }

    private static func make(_ kind: FeatureKind) -> KindTable {
        let source = ["source", "source_id"], noPopulation = "CAST(NULL AS bigint)"
        switch kind {
        case .poi:
            return KindTable(kind: .poi, column: "geom", isPoint: true, leading: "t.category, t.name, t.names, t.address", track: nil, trailing: "t.source, t.population, 1", details: (
                "t.alt_names, t.phone, t.mobile_phone, t.email, t.website, t.timezone, t.description, t.descriptions, t.images, t.source, t.source_id", "poi AS t",
                ["alt_names", "phone", "mobile_phone", "email", "website", "timezone", "description", "descriptions", "images"] + source))
        case .water:
            return KindTable(kind: .water, column: "geom", isPoint: false, leading: "'water', t.name, '{}', NULL", track: nil, trailing: "t.source, \(noPopulation), t.carries_mark", details: (
                "t.alt_names, t.kind, t.district, t.organisation, t.timezone, t.source, t.source_id", "water AS t",
                ["alt_names", "water_kind", "district", "organisation", "timezone"] + source))
        case .cinema:
            return KindTable(kind: .cinema, column: "geom", isPoint: true, leading: "'cinema', t.name, '{}', t.address", track: nil, trailing: "t.source, \(noPopulation), 1", details: (
                "t.alt_names, t.website, t.timezone, t.source, t.source_id", "cinema AS t", ["alt_names", "website", "timezone"] + source))
        case .trip:
            // A trip is found by its spot (the import sets it to the track's start when absent).
            return KindTable(kind: .trip, column: "spot", isPoint: true, leading: "'trip', t.name, '{}', NULL", track: "t.track", trailing: "t.source, \(noPopulation), 1", details: (
                "t.start_utc, t.end_utc, t.notes, t.weather, w.name, t.timezone, t.source, t.source_id",
                "trip AS t LEFT JOIN water AS w ON w.id = t.water_id", ["start", "end", "notes", "weather", "water", "timezone"] + source))
        }
    }
}
