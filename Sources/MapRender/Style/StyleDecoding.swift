import Foundation

// Decoding is strict: every key known, every required key present, every value in range.

/// Any key of a JSON object.
struct StyleKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer where Key == StyleKey {
    func required<T: Decodable>(_ key: String, as type: T.Type = T.self) throws -> T {
        try decode(T.self, forKey: StyleKey(key))
    }

    func optional<T: Decodable>(_ key: String, as type: T.Type = T.self) throws -> T? {
        try decodeIfPresent(T.self, forKey: StyleKey(key))
    }

    /// `counted`: phrases by language, each with `{n}` for a count; none when absent.
    func countedPhrases() throws -> [String: String] {
        let phrases: [String: String] = try optional("counted") ?? [:]
        for (language, phrase) in phrases where !phrase.contains("{n}") {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [StyleKey("counted"), StyleKey(language)],
                                                    debugDescription: "'\(phrase)' has no {n} for the count"))
        }
        return phrases
    }

    /// A number > 0 (sizes) or, with `orZero`, ≥ 0 (widths, padding, offsets that may vanish).
    func length(_ key: String, orZero: Bool = false) throws -> Double {
        let value = try decode(Double.self, forKey: StyleKey(key))
        guard value.isFinite, orZero ? value >= 0 : value > 0, value <= MapStyle.longestLength else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [StyleKey(key)],
                                                    debugDescription: "\(Self.number(value)) must be \(orZero ? "≥ 0" : "> 0") and at most \(Int(MapStyle.longestLength))"))
        }
        return value
    }

    /// A list of numbers of exactly `count` lengths ≥ 0.
    func lengths(_ key: String, count: Int, positive: Bool) throws -> [Double] {
        let values = try decode([Double].self, forKey: StyleKey(key))
        let path = codingPath + [StyleKey(key)]
        guard values.count == count else {
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "expected \(count) numbers, found \(values.count)"))
        }
        if positive, let bad = values.first(where: { !($0 > 0) }) {
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "\(Self.number(bad)) must be > 0"))
        }
        return values
    }

    /// Rejects keys that are not in `known`, naming the nearest known key when it looks like a typo.
    func only(_ known: [String]) throws {
        let unknown = allKeys.map(\.stringValue).filter { !known.contains($0) }.sorted()
        guard let key = unknown.first else { return }
        throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [StyleKey(key)], debugDescription: UnknownKey.reason(key, known: known)))
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension MapStyle {
    /// No length in a style (pixels, points or millimetres) may exceed this.
    static let longestLength = 10_000.0

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: StyleKey.self)
        try c.only(["description", "background", "categories", "neutral", "waters", "trips", "labels", "pins",
                    "clusters", "legend", "scale_bar", "attribution", "print", "base"])
        summary = try c.optional("description")
        background = try c.required("background")
        let list = try c.nestedContainer(keyedBy: StyleKey.self, forKey: StyleKey("categories"))
        var categories: [String: CategoryStyle] = [:]
        for key in list.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            guard !key.stringValue.isEmpty else {
                throw DecodingError.dataCorrupted(.init(codingPath: list.codingPath + [key], debugDescription: "a category code cannot be empty"))
            }
            categories[key.stringValue] = try CategoryStyle(list.nestedContainer(keyedBy: StyleKey.self, forKey: key), labelled: true)
        }
        self.categories = categories
        neutral = try CategoryStyle(c.nestedContainer(keyedBy: StyleKey.self, forKey: StyleKey("neutral")), labelled: false)
        waters = try c.required("waters")
        trips = try c.required("trips")
        labels = try c.required("labels")
        pins = try c.required("pins")
        clusters = try c.required("clusters")
        legend = try c.required("legend")
        scaleBar = try c.required("scale_bar")
        attribution = try c.required("attribution")
        print = try c.optional("print")
        base = try c.optional("base")
        // Every dot and cluster stays inside its cell, which is what keeps marks apart: the cell
        // must hold the largest of them with its outline, shadow and the gap between marks.
        let needed = MarkForms.smallestCell(self)
        if let coarse = clusters.coarse, coarse.cell < needed {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("clusters"), StyleKey("coarse"), StyleKey("cell")],
                                                    debugDescription: "\(coarse.cell) must be at least \(needed.rounded(.up)) (the largest cluster, max_scale × radius, with its outline, shadow and gap)"))
        }
        guard clusters.cell >= needed else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("clusters"), StyleKey("cell")],
                                                    debugDescription: "\(clusters.cell) must be at least \(needed.rounded(.up)) (the largest cluster, max_scale × radius, with its outline, shadow and gap)"))
        }
    }
}

extension MapStyle.CategoryStyle {
    /// `labelled`: a category has `labels`; the neutral style has none (unknown codes are named by their code).
    init(_ c: KeyedDecodingContainer<StyleKey>, labelled: Bool) throws {
        try c.only(labelled ? ["color", "glyph", "labels", "muted", "counted"] : ["color", "glyph"])
        color = try c.required("color")
        glyph = try c.required("glyph")
        let count = glyph.count
        guard (1...3).contains(count), !glyph.contains(where: \.isWhitespace) else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("glyph")],
                                                    debugDescription: "'\(glyph)' is not a glyph: give 1 to 3 characters without spaces"))
        }
        labels = labelled ? try c.required("labels") : [:]
        muted = try c.optional("muted") ?? false
        for (language, label) in labels where label.trimmingCharacters(in: .whitespaces).isEmpty {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("labels"), StyleKey(language)],
                                                    debugDescription: "empty label"))
        }
        counted = labelled ? try c.countedPhrases() : [:]
    }
}

extension MapStyle.WaterStyle: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: StyleKey.self)
        try c.only(["fill", "outline", "outline_width", "line_width"])
        fill = try c.required("fill")
        outline = try c.required("outline")
        outlineWidth = try c.length("outline_width", orZero: true)
        lineWidth = try c.length("line_width")
    }
}

extension MapStyle.TripStyle: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: StyleKey.self)
        try c.only(["color", "width", "start_color", "end_color", "mark_radius"])
        color = try c.required("color")
        width = try c.length("width")
        startColor = try c.required("start_color")
        endColor = try c.required("end_color")
        markRadius = try c.length("mark_radius", orZero: true)
    }
}

extension MapStyle.LabelStyle: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: StyleKey.self)
        try c.only(["font_family", "font_size", "color", "halo_color", "halo_width", "max_width", "max_lines", "line_spacing", "priority",
                    "town_population"])
        fontFamily = try c.required("font_family")
        guard !fontFamily.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("font_family")], debugDescription: "empty font family"))
        }
        fontSize = try c.length("font_size")
        color = try c.required("color")
        haloColor = try c.required("halo_color")
        haloWidth = try c.length("halo_width", orZero: true)
        maxWidth = try c.length("max_width")
        maxLines = try c.optional("max_lines") ?? 2
        guard (1...2).contains(maxLines) else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("max_lines")], debugDescription: "\(maxLines) must be 1 or 2"))
        }
        lineSpacing = try c.optional("line_spacing") ?? 1.15
        guard lineSpacing >= 1, lineSpacing <= 3 else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("line_spacing")], debugDescription: "\(lineSpacing) must be 1–3"))
        }
        priority = try c.optional("priority") ?? []
        townPopulation = try c.optional("town_population")
        if let townPopulation, townPopulation < 1 {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("town_population")], debugDescription: "\(townPopulation) must be ≥ 1"))
        }
        // Room at least for "…" and its halo, or a shortened label would be wider than its box.
        guard maxWidth >= 2 * fontSize + 2 * haloWidth else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("max_width")],
                                                    debugDescription: "\(maxWidth) must be at least 2 × font_size + 2 × halo_width"))
        }
    }
}

extension MapStyle.PinStyle: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: StyleKey.self)
        try c.only(["width", "height", "dot_radius", "glyph_color", "glyph_size", "outline_color", "outline_width",
                    "shadow_color", "shadow_offset"])
        width = try c.length("width")
        height = try c.length("height")
        dotRadius = try c.length("dot_radius")
        // A teardrop's head is as wide as the pin: it needs at least that much height.
        guard height >= width else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("height")],
                                                    debugDescription: "\(height) must be at least the pin's width (\(width))"))
        }
        glyphColor = try c.required("glyph_color")
        glyphSize = try c.length("glyph_size")
        outlineColor = try c.required("outline_color")
        outlineWidth = try c.length("outline_width", orZero: true)
        shadowColor = try c.required("shadow_color")
        let offset = try c.lengths("shadow_offset", count: 2, positive: false)
        shadowOffset = Offset(dx: offset[0], dy: offset[1])
    }
}

extension MapStyle.ClusterStyle: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: StyleKey.self)
        try c.only(["cell", "coarse", "merge", "radius", "growth", "max_scale", "count_color", "count_background", "count_font_size",
                    "counted", "named_up_to"])
        cell = try c.length("cell")
        if c.contains(StyleKey("coarse")) {
            let section = try c.nestedContainer(keyedBy: StyleKey.self, forKey: StyleKey("coarse"))
            try section.only(["below_zoom", "cell"])
            let belowZoom = try section.length("below_zoom")
            guard belowZoom <= 22 else {
                throw DecodingError.dataCorrupted(.init(codingPath: section.codingPath + [StyleKey("below_zoom")], debugDescription: "\(belowZoom) must be a zoom, at most 22"))
            }
            coarse = Coarse(belowZoom: belowZoom, cell: try section.length("cell"))
        } else {
            coarse = nil
        }
        merge = try c.optional("merge")
        if let merge, merge < 2 {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("merge")],
                                                    debugDescription: "\(merge) must be at least 2 (the places that make a block of cells one cluster)"))
        }
        radius = try c.length("radius")
        growth = try c.length("growth", orZero: true)
        maxScale = try c.length("max_scale")
        guard maxScale >= 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("max_scale")],
                                                    debugDescription: "\(maxScale) must be ≥ 1 (a cluster never shrinks as it grows)"))
        }
        countColor = try c.required("count_color")
        countBackground = try c.required("count_background")
        countFontSize = try c.length("count_font_size")
        counted = try c.countedPhrases()
        namedUpTo = try c.optional("named_up_to")
        if let namedUpTo, namedUpTo < 1 {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("named_up_to")], debugDescription: "\(namedUpTo) must be ≥ 1"))
        }
        if namedUpTo != nil, counted.isEmpty {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("counted")], debugDescription: "missing: named_up_to needs the phrase a larger cluster is called"))
        }
    }
}

extension MapStyle.LegendStyle: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: StyleKey.self)
        try c.only(["font_size", "padding", "color", "background", "order"])
        fontSize = try c.length("font_size")
        padding = try c.length("padding", orZero: true)
        color = try c.required("color")
        background = try c.required("background")
        order = try c.optional("order") ?? []
    }
}

extension MapStyle.ScaleBarStyle: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: StyleKey.self)
        try c.only(["font_size", "max_width", "color"])
        fontSize = try c.length("font_size")
        maxWidth = try c.length("max_width")
        color = try c.required("color")
    }
}

extension MapStyle.AttributionStyle: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: StyleKey.self)
        try c.only(["font_size", "color", "background"])
        fontSize = try c.length("font_size")
        color = try c.required("color")
        background = try c.required("background")
    }
}

extension MapStyle.PrintStyle: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: StyleKey.self)
        try c.only(["margins_mm", "title_font_size", "grid_color", "grid_width", "grid_spacing_mm",
                    "index_font_size"])
        let m = try c.nestedContainer(keyedBy: StyleKey.self, forKey: StyleKey("margins_mm"))
        try m.only(["top", "right", "bottom", "left"])
        marginsMM = Margins(top: try m.length("top", orZero: true), right: try m.length("right", orZero: true),
                            bottom: try m.length("bottom", orZero: true), left: try m.length("left", orZero: true))
        titleFontSize = try c.length("title_font_size")
        gridColor = try c.required("grid_color")
        gridWidth = try c.length("grid_width", orZero: true)
        gridSpacingMM = try c.length("grid_spacing_mm")
        indexFontSize = try c.length("index_font_size")
    }
}
