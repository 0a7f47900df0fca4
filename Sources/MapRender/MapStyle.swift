import Foundation
import GeoCore
/// A map style: the colours, glyphs and labels of the categories, and how waters, trips, labels,
/// pins, clusters, the legend, the scale bar, the attribution and printed pages look.
///
/// Styles are JSON files in the top-level `Styles/` folder (documented key by key in
/// Styles/README.md); keys are snake_case. Loading is strict: an unknown key, a missing key, a
/// value of the wrong type or out of range, or a colour that is not `#RRGGBB` / `#RRGGBBAA` is a
/// `StyleError` that names the file, the key path and the reason. Lengths are layout pixels at
/// scale 1 (PDF and SVG points); the print section's page measures are millimetres.
public struct MapStyle: Sendable, Equatable, Decodable {
    /// What the style is for (the JSON key `description`), for people.
    public var summary: String?
    /// The land: the colour under everything (PNG overview maps and printed maps; tiles stay transparent).
    public var background: RGBA
    /// Per category code (do, see, stay, eat, route, city, cinema, water, trip, waypoint, other, …).
    public var categories: [String: CategoryStyle]
    /// The pin of a category the style does not know. Its labels are empty: such a category is named by its code.
    public var neutral: CategoryStyle
    public var waters: WaterStyle
    public var trips: TripStyle
    public var labels: LabelStyle
    public var pins: PinStyle
    public var clusters: ClusterStyle
    public var legend: LegendStyle
    public var scaleBar: ScaleBarStyle
    public var attribution: AttributionStyle
    /// Printed pages (PDF atlas); nil in styles meant for screens only.
    public var print: PrintStyle?

    /// A category's pin colour, glyph and names.
    public struct CategoryStyle: Sendable, Hashable {
        public var color: RGBA
        /// Drawn in the pin: a letter or a symbol that DejaVu Sans has (the toy text API does not fall back).
        public var glyph: String
        /// The category's name per language code (lv, en, cs, …).
        public var labels: [String: String]

        public init(color: RGBA, glyph: String, labels: [String: String] = [:]) {
            self.color = color
            self.glyph = glyph
            self.labels = labels
        }
    }

    /// Waters drawn as geometry: polygons are filled and outlined; lines (river stretches) are
    /// stroked in the outline colour at `lineWidth`. (Water *pins* are the category `water`.)
    public struct WaterStyle: Sendable, Hashable {
        public var fill: RGBA
        public var outline: RGBA
        public var outlineWidth: Double
        public var lineWidth: Double
    }

    /// Trip tracks, with a mark at the start and at the end (discs of `markRadius`, outlined in `color`).
    public struct TripStyle: Sendable, Hashable {
        public var color: RGBA
        public var width: Double
        public var startColor: RGBA
        public var endColor: RGBA
        public var markRadius: Double
    }

    /// Feature names beside the pins. `fontFamily` is the family of all text on the map.
    public struct LabelStyle: Sendable, Hashable {
        public var fontFamily: String
        public var fontSize: Double
        public var color: RGBA
        public var haloColor: RGBA
        public var haloWidth: Double
        /// Longer names are shortened with "…" to this width: a bound on how far a label
        /// reaches, which is what lets tiles agree on labels (see `AnnotationLayout.margin`).
        public var maxWidth: Double
    }

    /// The teardrop pin, anchored at its tip: `width` × `height` (tip included).
    public struct PinStyle: Sendable, Hashable {
        public var width: Double
        public var height: Double
        public var glyphColor: RGBA
        public var glyphSize: Double
        public var outlineColor: RGBA
        public var outlineWidth: Double
        public var shadowColor: RGBA
        /// Right and down, in layout pixels (JSON: `[dx, dy]`).
        public var shadowOffset: Offset

        public struct Offset: Sendable, Hashable {
            public var dx: Double
            public var dy: Double
            public init(dx: Double, dy: Double) { self.dx = dx; self.dy = dy }
        }
    }

    /// Cluster pins: a category's pin grown by its count, with the count in place of the glyph.
    public struct ClusterStyle: Sendable, Hashable {
        /// Extra size per doubling of the count: the pin is `1 + growth · log2(count)` times its size…
        public var growth: Double
        /// …but never more than `maxScale` times.
        public var maxScale: Double
        public var countColor: RGBA
        public var countFontSize: Double

        /// How many times the size of a single pin a cluster of `count` is drawn.
        public func scale(count: Int) -> Double {
            guard count > 1 else { return 1 }
            return min(maxScale, 1 + growth * log2(Double(count)))
        }
    }

    /// The legend box: the drawn categories with counts, in `order`.
    public struct LegendStyle: Sendable, Hashable {
        public var fontSize: Double
        public var padding: Double
        public var color: RGBA
        public var background: RGBA
        /// Category codes in the order the legend lists them; others follow alphabetically.
        public var order: [String]
    }

    /// The metric scale bar.
    public struct ScaleBarStyle: Sendable, Hashable {
        public var fontSize: Double
        /// The longest the bar may be; it is shortened to a round distance (1, 2, 5 × 10ⁿ m).
        public var maxWidth: Double
        public var color: RGBA
    }

    /// The attribution line ("© OpenStreetMap contributors").
    public struct AttributionStyle: Sendable, Hashable {
        public var fontSize: Double
        public var color: RGBA
        public var background: RGBA
    }

    /// Printed pages (the paper is the atlas manifest's): margins, title, the reference grid and the index of places.
    public struct PrintStyle: Sendable, Hashable {
        public var marginsMM: Margins
        public var titleFontSize: Double
        public var gridColor: RGBA
        public var gridWidth: Double
        /// The side of a grid square (the index names squares as column letter + row number, e.g. "B3").
        public var gridSpacingMM: Double
        public var indexFontSize: Double

        public struct Margins: Sendable, Hashable {
            public var top, right, bottom, left: Double
            public init(top: Double, right: Double, bottom: Double, left: Double) {
                self.top = top; self.right = right; self.bottom = bottom; self.left = left
            }
        }
    }
}

// MARK: - Looking things up

extension MapStyle {
    /// No length in a style (pixels, points or millimetres) may exceed this.
    static let longestLength = 10_000.0

    /// The style of a category code; the neutral style for a code the style does not know.
    public func category(_ code: String) -> CategoryStyle {
        categories[code] ?? categories[code.lowercased()] ?? neutral
    }

    /// The name of a category in `language` (`cs`, or a tag such as `cs-CZ`), else in English,
    /// else the code itself (so an unknown category is still named in the legend).
    public func label(for code: String, language: String?) -> String {
        guard let labels = (categories[code] ?? categories[code.lowercased()])?.labels else { return code }
        if let language {
            let tag = language.lowercased().replacingOccurrences(of: "_", with: "-")
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            if let label = labels[tag] ?? labels[primary] { return label }
        }
        return labels["en"] ?? code
    }

    /// `codes` once each, in the legend's order: those in `legend.order` first, the rest alphabetically.
    public func sortedForLegend<S: Sequence>(_ codes: S) -> [String] where S.Element == String {
        let rank = Dictionary(legend.order.enumerated().map { ($1, $0) }, uniquingKeysWith: min)
        return Set(codes).sorted { a, b in
            let ra = rank[a] ?? Int.max, rb = rank[b] ?? Int.max
            return ra != rb ? ra < rb : a < b
        }
    }
}

// MARK: - Loading

/// A style file that cannot be used: the file, the key path in it (empty when the problem is the
/// whole file) and why, e.g. `Styles/x.json: categories.eat.color: '#12' is not a colour #RRGGBB or #RRGGBBAA`.
public struct StyleError: Error, CustomStringConvertible, Sendable, Equatable {
    public var file: String
    public var keyPath: String
    public var reason: String

    public init(file: String, keyPath: String = "", reason: String) {
        self.file = file
        self.keyPath = keyPath
        self.reason = reason
    }

    public var description: String {
        keyPath.isEmpty ? "\(file): \(reason)" : "\(file): \(keyPath): \(reason)"
    }
}

extension MapStyle {
    /// The environment variable that names the styles folder.
    public static let directoryEnvironment = "WAYMARK_STYLES"

    /// The top-level Styles/ folder: `$WAYMARK_STYLES`, the working directory, upward from the
    /// program, or the source tree it was built in (the folder must hold default.json).
    public static func stylesDirectory() -> URL? {
        ProjectFiles.directory("Styles", containing: "default.json", environment: directoryEnvironment)
    }

    /// The names of the styles in the Styles/ folder ("default", "print", …), sorted.
    public static func availableNames() -> [String] {
        guard let directory = stylesDirectory(),
              let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The style `<Styles>/<name>.json`: "default" for screen maps, "print" for printable maps.
    public static func named(_ name: String) throws(StyleError) -> MapStyle {
        let base = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        guard !base.isEmpty, !base.contains("/"), !base.hasPrefix(".") else {
            throw StyleError(file: name, reason: "not a style name; give a name such as default or print, or a style file's path")
        }
        guard let directory = stylesDirectory() else {
            throw StyleError(file: "Styles/", reason: "no Styles/ folder found; set $\(directoryEnvironment) to the folder that holds default.json")
        }
        let url = directory.appendingPathComponent(base + ".json")
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw StyleError(file: displayPath(url),
                             reason: "no style named '\(base)'; the styles are: \(availableNames().joined(separator: ", "))")
        }
        return try load(from: url)
    }

    /// A style by name (default, print) or, given a path ending in .json, from that file.
    public static func named(orFile nameOrPath: String) throws(StyleError) -> MapStyle {
        nameOrPath.hasSuffix(".json") ? try load(from: URL(fileURLWithPath: nameOrPath)) : try named(nameOrPath)
    }

    /// Reads and checks a style file.
    public static func load(from url: URL) throws(StyleError) -> MapStyle {
        let file = displayPath(url)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw StyleError(file: file, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw StyleError(file: file, reason: "is a directory, not a style file") }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw StyleError(file: file, reason: "cannot read: \(error.localizedDescription)")
        }
        return try decode(data, file: file)
    }

    /// Parses and checks a style from JSON; `file` names it in errors.
    public static func decode(_ data: Data, file: String) throws(StyleError) -> MapStyle {
        do {
            return try JSONDecoder().decode(MapStyle.self, from: data)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty, let problem = syntaxProblem(data) {
                throw StyleError(file: file, reason: "not valid JSON: \(problem)")
            }
            throw StyleError(error, file: file)
        } catch {
            throw StyleError(file: file, reason: "\(error)")
        }
    }

    /// What is wrong with `data` as JSON, with the line and column, or nil when it parses.
    /// (JSONDecoder says only "The given data was not valid JSON.")
    static func syntaxProblem(_ data: Data) -> String? {
        guard !data.allSatisfy({ [9, 10, 13, 32].contains($0) }) else { return "the file is empty" }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            return nil
        } catch {
            var message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            if let range = message.range(of: #"around character [0-9]+"#, options: .regularExpression),
               let offset = Int(message[range].split(separator: " ").last ?? "") {
                let prefix = data.prefix(max(0, min(offset, data.count)))
                let line = prefix.reduce(1) { $1 == 10 ? $0 + 1 : $0 }
                let lineStart = prefix.lastIndex(of: 10).map { $0 + 1 } ?? prefix.startIndex
                let column = String(decoding: prefix[lineStart...], as: UTF8.self).count + 1
                message.replaceSubrange(range, with: "at line \(line), column \(column)")
            }
            if message.hasSuffix(".") { message.removeLast() }
            return message.prefix(1).lowercased() + message.dropFirst()
        }
    }

    /// A path relative to the working directory when the file is inside it, else the full path.
    static func displayPath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

extension StyleError {
    /// The decoder's error, said with the key path of the style file.
    init(_ error: DecodingError, file: String) {
        func path(_ keys: [any CodingKey]) -> String {
            keys.reduce(into: "") { path, key in
                if let index = key.intValue { path += "[\(index)]" } else { path += path.isEmpty ? key.stringValue : "." + key.stringValue }
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            self.init(file: file, keyPath: path(context.codingPath + [key]), reason: "missing (a required key)")
        case .typeMismatch(let type, let context):
            let reason = context.codingPath.isEmpty ? "a style is a JSON object" : "expected \(Self.kind(type))"
            self.init(file: file, keyPath: path(context.codingPath), reason: reason)
        case .valueNotFound(let type, let context):
            self.init(file: file, keyPath: path(context.codingPath), reason: "is null; expected \(Self.kind(type))")
        case .dataCorrupted(let context):
            self.init(file: file, keyPath: path(context.codingPath), reason: context.debugDescription)
        @unknown default:
            self.init(file: file, reason: "\(error)")
        }
    }

    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type, is Int.Type: return "a number"
        case is String.Type: return "a string"
        case is [Double].Type: return "an array of numbers"
        case is [String].Type: return "an array of strings"
        default:
            let name = "\(type)"
            if name.hasPrefix("Dictionary") || name.hasPrefix("[") && name.contains(":") { return "an object" }
            if name.hasPrefix("Array") || name.hasPrefix("[") { return "an array" }
            return "an object"
        }
    }
}

// MARK: - Decoding (strict: every key known, every required key present, values in range)

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
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: StyleKey.self)
        try c.only(["description", "background", "categories", "neutral", "waters", "trips", "labels", "pins",
                    "clusters", "legend", "scale_bar", "attribution", "print"])
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
    }
}

extension MapStyle.CategoryStyle {
    /// `labelled`: a category has `labels`; the neutral style has none (unknown codes are named by their code).
    init(_ c: KeyedDecodingContainer<StyleKey>, labelled: Bool) throws {
        try c.only(labelled ? ["color", "glyph", "labels"] : ["color", "glyph"])
        color = try c.required("color")
        glyph = try c.required("glyph")
        let count = glyph.count
        guard (1...3).contains(count), !glyph.contains(where: \.isWhitespace) else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("glyph")],
                                                    debugDescription: "'\(glyph)' is not a glyph: give 1 to 3 characters without spaces"))
        }
        labels = labelled ? try c.required("labels") : [:]
        for (language, label) in labels where label.trimmingCharacters(in: .whitespaces).isEmpty {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("labels"), StyleKey(language)],
                                                    debugDescription: "empty label"))
        }
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
        try c.only(["font_family", "font_size", "color", "halo_color", "halo_width", "max_width"])
        fontFamily = try c.required("font_family")
        guard !fontFamily.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("font_family")], debugDescription: "empty font family"))
        }
        fontSize = try c.length("font_size")
        color = try c.required("color")
        haloColor = try c.required("halo_color")
        haloWidth = try c.length("halo_width", orZero: true)
        maxWidth = try c.length("max_width")
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
        try c.only(["width", "height", "glyph_color", "glyph_size", "outline_color", "outline_width",
                    "shadow_color", "shadow_offset"])
        width = try c.length("width")
        height = try c.length("height")
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
        try c.only(["growth", "max_scale", "count_color", "count_font_size"])
        growth = try c.length("growth", orZero: true)
        maxScale = try c.length("max_scale")
        guard maxScale >= 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [StyleKey("max_scale")],
                                                    debugDescription: "\(maxScale) must be ≥ 1 (a cluster is never smaller than a pin)"))
        }
        countColor = try c.required("count_color")
        countFontSize = try c.length("count_font_size")
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

// MARK: - Colours

/// A colour with straight (not premultiplied) alpha, each channel 0…1.
public struct RGBA: Sendable, Hashable, CustomStringConvertible {
    public var r, g, b, a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// `#RRGGBB` or `#RRGGBBAA` (either case); nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = hex.utf8.dropFirst()
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var channels: [Double] = []
        var iterator = digits.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            guard let h = Self.nibble(high), let l = Self.nibble(low) else { return nil }
            channels.append(Double(h << 4 | l) / 255)
        }
        self.init(r: channels[0], g: channels[1], b: channels[2], a: channels.count == 4 ? channels[3] : 1)
    }

    private static func nibble(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(c - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(c - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var hex: String {
        func byte(_ v: Double) -> String {
            let s = String(Int((min(max(v, 0), 1) * 255).rounded()), radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(r) + byte(g) + byte(b) + (a < 1 ? byte(a) : "")
    }

    public var description: String { hex }
}

extension RGBA: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let text = try? container.decode(String.self) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a colour string #RRGGBB or #RRGGBBAA")
        }
        guard let colour = RGBA(hex: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a colour #RRGGBB or #RRGGBBAA")
        }
        self = colour
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}

/// The reason given for a key that is not one of `known` (in a style or an atlas manifest): the
/// nearest known key when it looks like a typo, else the keys there are.
public enum UnknownKey {
    public static func reason(_ key: String, known: [String]) -> String {
        let nearest = known.map { ($0, distance($0, key)) }.min { $0.1 < $1.1 }
        if let nearest, nearest.1 <= max(2, key.count / 3) { return "unknown key; did you mean '\(nearest.0)'?" }
        return "unknown key (the keys here are: \(known.joined(separator: ", ")))"
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in 1...b.count {
                let above = row[j]
                row[j] = min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }
}
