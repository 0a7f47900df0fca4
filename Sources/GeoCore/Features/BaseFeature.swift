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
    /// The stored row it was read from, nil for one not read from a store: a vector tile's feature
    /// id. Where it is stored, not what it is: equality and hashing leave it out, so two stores
    /// (or two imports of one file) give equal features.
    public var id: Int64?

    public init(layer: BaseLayer, kind: String, name: String? = nil, names: [String: String] = [:], rank: Int = 0, geometry: Geometry) {
        (self.layer, self.kind, self.name, self.names, self.rank, self.geometry) = (layer, kind, name, names, rank, geometry)
    }

    public static func == (a: BaseFeature, b: BaseFeature) -> Bool {
        (a.layer, a.kind, a.name, a.names, a.rank, a.geometry) == (b.layer, b.kind, b.name, b.names, b.rank, b.geometry)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(layer)
        hasher.combine(kind)
        hasher.combine(name)
        hasher.combine(names)
        hasher.combine(rank)
        hasher.combine(geometry)
    }

    /// The name in `language` when the data has it, else the default name.
    public func name(in language: String?) -> String? {
        language.flatMap { names[$0] } ?? name
    }
}
