import GeoCore

/// What the layer of a vector file (Shapefile, GeoJSON, GeoPackage) holds, known by its name as
/// Natural Earth names its files (`ne_50m_land`, `ne_10m_lakes`…), or said by the user for a
/// layer of any other name (`--layer`).
enum VectorLayerKind: Equatable {
    case land, lakes, rivers, countries, populatedPlaces
    /// A layer of the given base layer, its kind from a `featurecla`/`kind`/`type` field.
    case other(BaseLayer)

    /// The parts of a layer name that tell, in the order they are tried (`admin_0_countries_lakes`
    /// is countries), and what each means.
    static let recognised: [(String, VectorLayerKind)] = [
        ("populated_places", .populatedPlaces), ("admin_0_countries", .countries),
        ("rivers", .rivers), ("lakes", .lakes), ("land", .land),
    ]

    static var recognisedNames: String { recognised.map(\.0).joined(separator: ", ") }

    init?(layerName: String) {
        let name = layerName.lowercased()
        guard let found = Self.recognised.first(where: { part, _ in
            // "land" whole, not inside "landuse" or "island".
            name == part || name.hasSuffix("_" + part) || name.contains("_" + part + "_") || name.hasPrefix(part + "_")
        }) else { return nil }
        self = found.1
    }

    /// The base layer a feature goes to and its kind and rank, from the layer's fields; nil leaves it out.
    func classify(_ field: (String) -> String?) -> (layer: BaseLayer, kind: String, rank: Int)? {
        switch self {
        case .land: return (.land, "land", 0)
        case .lakes: return (.water, "lake", 0)
        case .rivers: return (.waterway, "river", 0)
        // A country's area stands for its borders (where it meets another country's) and its name: `CountryBorders`.
        case .countries: return (.border, "2", 0)
        case .populatedPlaces:
            let population = Self.number(field("pop_max") ?? field("pop_min"))
            let capital = field("featurecla")?.lowercased().contains("capital") ?? false
            return (.place, capital || population >= 100_000 ? "city" : "town", population)
        case let .other(layer):
            let kind = field("featurecla") ?? field("kind") ?? field("type") ?? layer.rawValue
            let rank = Self.number(field("pop_max") ?? field("population"))
            return (layer, kind.lowercased(), rank)
        }
    }

    /// A count that a file may hold as an integer or a real field ("123456.0").
    static func number(_ text: String?) -> Int {
        guard let value = text.flatMap(Double.init), value.isFinite, abs(value) < 1e15 else { return 0 }
        return Int(value)
    }
}
