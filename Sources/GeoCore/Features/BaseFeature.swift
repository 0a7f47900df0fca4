/// The layers of a base map, in the order they are drawn (bottom first): what a tourist needs to
/// see *where* the annotations are.
public enum BaseLayer: String, CaseIterable, Codable, Sendable, Comparable {
    /// Land polygons (Natural Earth's land or the like), drawn over the sea colour.
    case land
    /// Landuse and leisure areas: residential, industrial, grass, farmland…
    case landuse
    /// Parks, gardens, forests, cemeteries: the named green of a map.
    case park
    /// Lakes, bays, reservoirs, riverbanks: water areas; and the sea (`kind` "sea") an
    /// OpenStreetMap extract's coastline closes within its bounds.
    case water
    /// Rivers, streams, canals, drains: water lines.
    case waterway
    case building
    /// Roads by class (`kind`: motorway, trunk, primary, secondary, tertiary, residential, service, pedestrian, footway, path…).
    case road
    case rail
    /// Administrative borders (`kind`: the admin level, "2" for countries).
    case border
    /// Named places (`kind`: city, town, village, suburb, neighbourhood…; `rank`: the population).
    case place

    public static func < (a: BaseLayer, b: BaseLayer) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One feature of a base map, as imported from OpenStreetMap or a vector file and as drawn.
public struct BaseFeature: Sendable, Hashable {
    public var layer: BaseLayer
    /// The class within the layer: a road's highway class, a water's or landuse's kind, a place's type.
    public var kind: String
    /// The default name, and names by language code (name:lv → "lv").
    public var name: String?
    public var names: [String: String]
    /// How important among its layer: a place's population, else 0.
    public var rank: Int
    public var geometry: Geometry

    public init(layer: BaseLayer, kind: String, name: String? = nil, names: [String: String] = [:], rank: Int = 0, geometry: Geometry) {
        (self.layer, self.kind, self.name, self.names, self.rank, self.geometry) = (layer, kind, name, names, rank, geometry)
    }

    /// The name in `language` when the data has it, else the default name.
    public func name(in language: String?) -> String? {
        language.flatMap { names[$0] } ?? name
    }
}
