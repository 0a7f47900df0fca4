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
