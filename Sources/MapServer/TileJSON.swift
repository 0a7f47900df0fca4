import GeoCore
import GeoStore

/// TileJSON 3.0.0 for the annotation vector tiles (`AnnotationVectorTile`): where they are, their
/// zooms, the selected data's bounds and credits, and each layer's fields, so that MapLibre,
/// OpenLayers or QGIS find the tiles from one URL.
struct TileJSON: Encodable {
    let tilejson = "3.0.0"
    let name = "Waymark annotations"
    let description = "Marks and labels laid out as Waymark's PNG tiles: clusters with counts and categories, named places, labels where they stand, "
        + "and with base=1 the base map's names placed among them"
    let scheme = "xyz"
    let tiles: [String]
    let minzoom = 0
    /// A vector tile holds the next zoom's layout (`Viewport(vectorTile:)`): the last is one before the PNG tiles' last.
    let maxzoom = TileID.maxZoom - 1
    let bounds: [Double]
    let attribution: String
    let vector_layers: [Layer]

    struct Layer: Encodable {
        let id: String
        let description: String
        let fields: [String: String]
    }

    static let layers = [
        Layer(id: "marks", description: "A pin, dot or cluster ring at its anchor (a pin's tip, a dot's or ring's centre)",
              fields: ["id": "String", "form": "String", "category": "String", "count": "Number", "color": "String",
                       "categories": "String", "feature": "String", "name": "String"]),
        Layer(id: "labels", description: "A placed name at the centre of its box (pixels as the tile is drawn, 512 a tile)",
              fields: ["text": "String", "mark": "String", "align": "String", "width": "Number", "height": "Number"]),
    ]
    /// With `base=1`.
    static let names = Layer(id: "names", description: "A base map's name as the PNG tile over the base places it: a horizontal name at its box's centre, "
                             + "a street's or river's as a line through its letters' middles, run on beyond them, to set it along at its middle",
                             fields: ["text": "String", "kind": "String", "size": "Number", "bold": "Boolean", "color": "String"])

    /// - Parameters:
    ///   - tiles: the tiles' URL template, with the query the tiles are asked with.
    ///   - counts: the store's categories; the bounds are those of the `selected` ones' located features (and `base`).
    ///   - base, baseFiles: the base map's box and files, where the tiles carry its names (`names`).
    ///   - names: whether the tiles carry the base's names (`base=1`).
    init(tiles: String, counts: [CategoryCount], selected: CategoryFilter, sources: Set<String>, base: BoundingBox? = nil, baseFiles: [String] = [],
         names: Bool) {
        self.tiles = [tiles]
        // The stored boxes are SQL's min and max of the features' boxes: none crosses the antimeridian.
        let box = BoundingBox(enclosing: counts.filter { selected.isAll || selected.codes.contains($0.category) }.compactMap(\.bounds) + (base.map { [$0] } ?? []))
        bounds = box.map { [$0.minLon, $0.minLat, $0.maxLon, $0.maxLat] } ?? [-180, -85.051129, 180, 85.051129]
        var credits = Attribution.lines(forSources: sources)
        for line in Attribution.lines(forBaseFiles: baseFiles) where !credits.contains(line) { credits.append(line) }
        attribution = credits.joined(separator: "; ")
        vector_layers = Self.layers + (names ? [Self.names] : [])
    }
}
