import Foundation

// The `base` section, decoded as strictly as the rest of a style (StyleDecoding.swift).

extension KeyedDecodingContainer where Key == StyleKey {
    /// A zoom level, 0…24.
    func zoom(_ key: String) throws -> Double {
        let value = try decode(Double.self, forKey: StyleKey(key))
        guard value.isFinite, (0...24).contains(value) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [StyleKey(key)], debugDescription: "\(value) is not a zoom level 0…24"))
        }
        return value
    }

    /// Dash and gap lengths: an even number of sizes, or an empty list (solid).
    func dash(_ key: String) throws -> [Double] {
        let values = try optional(key, as: [Double].self) ?? []
        guard values.count % 2 == 0, values.allSatisfy({ $0 > 0 && $0 <= MapStyle.longestLength }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [StyleKey(key)],
                                                    debugDescription: "give dash and gap lengths in pairs, each > 0, or [] for a solid line"))
        }
        return values
    }

    /// An object of `kind → T`, each decoded by `decode` (kinds are free: the data's).
    func kinds<T>(_ key: String, _ decode: (KeyedDecodingContainer<StyleKey>, StyleKey) throws -> T) throws -> [String: T] {
        let list = try nestedContainer(keyedBy: StyleKey.self, forKey: StyleKey(key))
        var result: [String: T] = [:]
        for kind in list.allKeys {
            guard !kind.stringValue.isEmpty else {
                throw DecodingError.dataCorrupted(.init(codingPath: list.codingPath + [kind], debugDescription: "a kind cannot be empty"))
            }
            result[kind.stringValue] = try decode(list, kind)
        }
        return result
    }
}

extension MapStyle.BaseStyle: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: StyleKey.self)
        try c.only(["land", "sea", "growth", "landuse", "park", "water", "buildings", "waterways", "roads", "rail", "borders", "labels", "places"])
        land = try c.required("land")
        sea = try c.required("sea")
        growth = try c.length("growth")
        guard (1...3).contains(growth) else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("growth")], debugDescription: "\(growth) must be between 1 and 3"))
        }
        landuse = try c.kinds("landuse") { try $0.decode(RGBA.self, forKey: $1) }
        park = try c.kinds("park") { try $0.decode(RGBA.self, forKey: $1) }
        water = try c.required("water")
        buildings = try c.required("buildings")
        waterways = try c.required("waterways")
        roads = try c.kinds("roads") { try RoadStyle($0.nestedContainer(keyedBy: StyleKey.self, forKey: $1)) }
        rail = try c.required("rail")
        borders = try c.required("borders")
        labels = try c.required("labels")
        places = try c.kinds("places") { try PlaceStyle($0.nestedContainer(keyedBy: StyleKey.self, forKey: $1)) }
    }
}

extension MapStyle.BaseStyle.AreaStyle: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: StyleKey.self)
        try c.only(["fill", "outline", "outline_width", "min_zoom"])
        fill = try c.required("fill")
        outline = try c.required("outline")
        outlineWidth = try c.length("outline_width", orZero: true)
        minZoom = try c.zoom("min_zoom")
    }
}

extension MapStyle.BaseStyle.LineClasses: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: StyleKey.self)
        try c.only(["color", "kinds"])
        color = try c.required("color")
        kinds = try c.kinds("kinds") { list, kind in
            let k = try list.nestedContainer(keyedBy: StyleKey.self, forKey: kind)
            try k.only(["width", "min_zoom"])
            return MapStyle.BaseStyle.LineClass(width: try k.length("width"), minZoom: try k.zoom("min_zoom"))
        }
    }
}

extension MapStyle.BaseStyle.RoadStyle {
    init(_ c: KeyedDecodingContainer<StyleKey>) throws {
        try c.only(["fill", "casing", "width", "casing_width", "min_zoom", "dash"])
        fill = try c.required("fill")
        casing = try c.required("casing")
        width = try c.length("width")
        casingWidth = try c.length("casing_width", orZero: true)
        minZoom = try c.zoom("min_zoom")
        dash = try c.dash("dash")
    }
}

extension MapStyle.BaseStyle.RailStyle: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: StyleKey.self)
        try c.only(["color", "dash_color", "width", "dash", "tram_width", "min_zoom"])
        color = try c.required("color")
        dashColor = try c.required("dash_color")
        width = try c.length("width")
        dash = try c.dash("dash")
        tramWidth = try c.length("tram_width")
        minZoom = try c.zoom("min_zoom")
    }
}

extension MapStyle.BaseStyle.BorderStyle: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: StyleKey.self)
        try c.only(["color", "width", "dash"])
        color = try c.required("color")
        width = try c.length("width")
        dash = try c.dash("dash")
    }
}

extension MapStyle.BaseStyle.BaseLabelStyle: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: StyleKey.self)
        try c.only(["font_size", "color", "water_color", "park_color", "halo_color", "halo_width", "street_min_zoom", "share"])
        fontSize = try c.length("font_size")
        color = try c.required("color")
        waterColor = try c.required("water_color")
        parkColor = try c.required("park_color")
        haloColor = try c.required("halo_color")
        haloWidth = try c.length("halo_width", orZero: true)
        streetMinZoom = try c.zoom("street_min_zoom")
        share = try c.optional("share") ?? 0
        guard (0...1).contains(share) else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("share")], debugDescription: "\(share) must be 0–1"))
        }
    }
}

extension MapStyle.BaseStyle.PlaceStyle {
    init(_ c: KeyedDecodingContainer<StyleKey>) throws {
        try c.only(["font_size", "max_zoom"])
        fontSize = try c.length("font_size")
        maxZoom = try c.zoom("max_zoom")
    }
}
