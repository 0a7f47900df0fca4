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
