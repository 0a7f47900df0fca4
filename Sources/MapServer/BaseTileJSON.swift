import GeoCore
import MapRender

/// TileJSON 3.0.0 for the base map's vector tiles (`BaseVectorTile`): where they are, their
/// zooms, the stored base map's bounds, its sources' credits, and the layers with their fields.
struct BaseTileJSON: Encodable {
    let tilejson = "3.0.0"
    let name = "Waymark base map"
    let description = "The base map's features as the PNG base tiles draw them, generalised per zoom"
    let scheme = "xyz"
    let tiles: [String]
    let minzoom = 0
    /// As the annotations' (`TileJSON.maxzoom`): a vector tile holds the next zoom's base.
    let maxzoom = TileID.maxZoom - 1
    let bounds: [Double]
    let attribution: String
    let vector_layers: [TileJSON.Layer]

    /// Every layer's fields; besides them, a `name:<code>` (String) for each language a feature has
    /// a name in, which only the data knows (said in each layer's description).
    static let fields = ["kind": "String", "name": "String", "rank": "Number"]

    static let layers = BaseLayer.allCases.map { layer in
        TileJSON.Layer(id: layer.rawValue, description: descriptions[layer]! + "; name:<code> a name in each language the data has", fields: fields)
    }

    private static let descriptions: [BaseLayer: String] = [
        .land: "Land areas (the sea is what they leave)",
        .landuse: "Landuse areas; kind: residential, industrial, grass…",
        .park: "Parks, gardens, forests, cemeteries; kind: park, forest…",
        .water: "Water areas; kind: lake, sea, riverbank…",
        .waterway: "Water lines; kind: river, canal, stream…",
        .building: "Buildings",
        .road: "Roads; kind: the highway class (motorway … footway, path)",
        .rail: "Railways; kind: rail, subway, tram, light_rail…",
        .border: "Administrative borders; kind: the admin level (2: countries)",
        .place: "Named places; kind: city, town, village, suburb…; rank: the population",
    ]

    /// - Parameters:
    ///   - tiles: the tiles' URL template.
    ///   - bounds: the stored base map's box (nil: none, the whole world).
    ///   - sources: the files the base map was imported from.
    init(tiles: String, bounds box: BoundingBox?, sources: [String]) {
        self.tiles = [tiles]
        bounds = box.map { [$0.minLon, max($0.minLat, -85.051129), $0.maxLon, min($0.maxLat, 85.051129)] } ?? [-180, -85.051129, 180, 85.051129]
        attribution = Attribution.lines(forBaseFiles: sources).joined(separator: "; ")
        vector_layers = Self.layers
    }
}
