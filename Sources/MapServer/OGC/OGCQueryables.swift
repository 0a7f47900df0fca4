import GeoCore

/// A collection's queryables (OGC API – Features Part 3): a JSON Schema of the properties items
/// are filtered by, each a query parameter of its name (`category=eat`, `source=osm`, as
/// `/v1/bbox` filters: several values separated by commas, an unknown one a 400; `name=`, one
/// name exactly) and a property of CQL2 text (`filter`); and the geometry, which CQL2's
/// `S_INTERSECTS` takes.
struct OGCQueryables: Encodable, Sendable {
    struct Property: Encodable, Sendable {
        var title: String
        var description: String
        /// "string", or nil for the geometry (`format` names it).
        var type: String? = "string"
        var `enum`: [String]?
        var format: String?
        /// The geometry's role: the features' one geometry (Part 5's schema keyword).
        var role: String?

        enum CodingKeys: String, CodingKey {
            case title, description, type, `enum`, format, role = "x-ogc-role"
        }
    }

    var schema = "https://json-schema.org/draft/2020-12/schema"
    var id: String
    var type = "object"
    var title: String
    var properties: [String: Property]

    enum CodingKeys: String, CodingKey {
        case schema = "$schema", id = "$id", type, title, properties
    }

    /// `categories`: those that select the kind (`FeatureStore.everyCategory(of:)`), listed as the category's values; nil when none is stored.
    init(_ kind: FeatureKind, categories: CategoryFilter?, base: String) {
        id = base + "/collections/" + kind.rawValue + "/queryables"
        title = kind.rawValue
        properties = [
            "category": Property(title: "category", description: "the category's code (or the guide's label for it)",
                                 enum: categories.map { $0.codes.sorted() }),
            "source": Property(title: "source", description: "where the record comes from: osm, geonames, travel-guide, gpx or a file's name"),
            "name": Property(title: "name", description: "the record's own name, exactly (case and accents count; not a translation)"),
            // Filtered by CQL2's S_INTERSECTS with a box or a point, not by a query parameter of its own.
            "geometry": Property(title: "geometry", description: "the record's position or shape, in S_INTERSECTS of CQL2 text", type: nil,
                                 format: "geometry-any", role: "primary-geometry"),
        ]
    }
}
