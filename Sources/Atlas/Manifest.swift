import Foundation
import GeoCore
import GeoStore
import MapRender
import Stores
import Yams

/// A manifest of printable maps (YAML, documented in docs/atlas.md): defaults, then the maps.
public struct AtlasManifest: Sendable {
    public var maps: [AtlasMap]

    /// Reads and checks `path`; every problem is found before anything is rendered.
    public static func load(path: String) throws(ManifestError) -> AtlasManifest {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw ManifestError(file: path, reason: "cannot read: \(error.localizedDescription)")
        }
        return try parse(text, file: path)
    }

    public static func parse(_ text: String, file: String) throws(ManifestError) -> AtlasManifest {
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch {
            throw ManifestError(file: file, reason: "not valid YAML: \(error)")
        }
        let reader = ManifestReader(file: file)
        guard let root, case let .mapping(top) = root else { throw ManifestError(file: file, reason: "the manifest must be a mapping with `maps:` (and optionally `defaults:`)") }
        try reader.only(top, ["defaults", "maps"], at: nil)
        var defaults = MapSettings()
        if let node = top["defaults"] {
            guard case let .mapping(mapping) = node else { throw reader.error(node, nil, "defaults", "must be a mapping of settings") }
            try reader.only(mapping, MapSettings.keys, at: nil, key: "defaults")
            defaults = try reader.settings(mapping, over: defaults, map: nil)
        }
        guard let node = top["maps"] else { throw ManifestError(file: file, reason: "maps: missing (a list of maps)") }
        guard case let .sequence(list) = node, !list.isEmpty else { throw reader.error(node, nil, "maps", "must be a non-empty list of maps") }
        var maps: [AtlasMap] = []
        for (index, item) in list.enumerated() {
            guard case let .mapping(mapping) = item else { throw reader.error(item, "map \(index + 1)", "maps", "must be a mapping with at least `title:`") }
            let title = mapping["title"]?.string
            let label = "map \(index + 1)" + (title.map { " '\($0)'" } ?? "")
            try reader.only(mapping, MapSettings.keys + ["title", "file"], at: label)
            guard let title, !title.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw reader.error(mapping["title"] ?? item, label, "title", "missing or empty (every map needs a title)")
            }
            let settings = try reader.settings(mapping, over: defaults, map: label)
            var fileName = slug(title)
            if let node = mapping["file"] {
                guard let name = node.string, !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
                    throw reader.error(node, label, "file", "must be a file name without a folder or extension")
                }
                fileName = (name as NSString).deletingPathExtension
            }
            if let other = maps.first(where: { $0.fileName == fileName }) {
                throw reader.error(mapping["file"] ?? item, label, "file", "'\(fileName)' is also the file of '\(other.map.title)'; give each map its own `file:`")
            }
            // Further pages are <file>-p2.png …: no map's name may be another's page.
            func isPage(_ name: String, of base: String) -> Bool {
                name.hasPrefix(base + "-p") && name.dropFirst(base.count + 2).allSatisfy(\.isNumber) && name.count > base.count + 2
            }
            if let other = maps.first(where: { isPage(fileName, of: $0.fileName) || isPage($0.fileName, of: fileName) }) {
                throw reader.error(mapping["file"] ?? item, label, "file", "'\(fileName)' and '\(other.fileName)' (of '\(other.map.title)') would clash: further pages are named <file>-p2.png …")
            }
            var map = try settings.map(title: title, fileName: fileName, label: label, node: item, reader: reader)
            // The words go into the map's stamp beside it, for anyone to read: no base's password.
            do { map.words = try [top["defaults"], item].compactMap { $0 }.map { try Yams.serialize(node: $0) }.joined(separator: "---\n")
                     .replacing(/(postgres(?:ql)?:\/\/[^:\/@\s]+):[^@\s]*@/) { "\($0.output.1)@" } } catch {
                throw reader.error(item, label, "maps", "cannot be written back as YAML: \(error)")
            }
            maps.append(map)
        }
        return AtlasManifest(maps: maps)
    }

    /// A file name from a title: letters and digits (diacritics dropped), words joined by "-".
    static func slug(_ title: String) -> String {
        let plain = title.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        let words = plain.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return words.isEmpty ? "map" : words.joined(separator: "-")
    }

    /// Refuses categories the database does not know, naming the map; checked before any map is
    /// drawn, by the engine's one check of every query's selection (`FeatureStore.validate`).
    public func check(against store: any FeatureStore) throws {
        for map in maps {
            do { try store.validate(categories: map.map.categories) } catch let GeoError.invalid(field, reason) {
                throw ManifestError(file: map.file, line: map.categoriesLine, map: map.label, key: Self.key(for: field) ?? "\(field)",
                                    reason: Self.said(reason))
            }
        }
    }

    /// Opens each other base database the maps name (`base:`) once, refusing one that cannot be
    /// opened or holds no base map, before any map is drawn. What a map's stamp says of each
    /// (`BaseDatabase.check`), by location.
    public func checkBases() throws(ManifestError) -> [String: String] {
        var bases: [String: String] = [:]
        for map in maps {
            guard case let .other(location) = map.base, bases[location] == nil else { continue }
            do { bases[location] = try BaseDatabase.check(location) } catch {
                throw ManifestError(file: map.file, line: map.baseLine, map: map.label, key: "base", reason: error.description)
            }
        }
        return bases
    }

    /// The manifest's one table of the engine's fields (`Field`): the key that sets each one; nil
    /// for those no key sets.
    static func key(for field: Field) -> String? {
        switch field {
        case .category: "categories"
        case .bbox: "area.bbox"
        case .center, .lat, .lon: "area.center"
        case .radius: "area.radius_m"
        case .area: "area"
        case .crs: "crs"
        case .style: "style"
        case .paper: "paper"
        case .language: "language"
        case .maxDistance, .zoom, .padding, .tileZ, .tileX, .tileY, .limit, .cursor, .kind, .source, .q, .searchIn, .date, .by, .year, .water, .species, .id, .time, .filter, .size, .scale,
             .database, .replaceSource, .skipInvalid, .allowShrink, .keepMissing, .fieldMapping, .record: nil
        }
    }

    /// The engine's words with the fields they mention named as the manifest's keys.
    static func said(_ reason: Reason) -> String { reason.said { key(for: $0) ?? $0.description } }
}

/// A map of the manifest: what to print, the files to write, and where it was written down.
public struct AtlasMap: Sendable {
    /// The map to print, its features not fetched yet.
    public var map: PrintedMap
    /// The output's name without extension: `<fileName>.pdf`, `<fileName>.png` (and `-2.png` … for
    /// further index pages).
    public var fileName: String
    public var formats: [PrintFormat]
    public var dpi: Int
    /// "map 3 'Roja'", and the manifest's file and line: what errors name.
    public var label: String
    public var file: String
    public var line: Int?
    /// Where the map's categories were given (the map's own line or the defaults').
    public var categoriesLine: Int?
    /// The style's file: a map drawn before it changed is drawn again.
    public var styleFile: String?
    /// Where its base map is read from, when the manifest says (`base:`); else the batch's.
    public var base: MapBase?
    /// Where `base:` was given (the map's own line or the defaults').
    public var baseLine: Int?
    /// The manifest's words for this map, its `defaults:` and its own entry (YAML as Yams writes
    /// it back): a map drawn from other words is drawn again.
    public var words = ""

    /// The PNG of page `page` (from 1): `<file>.png`, then `<file>-p2.png`, `<file>-p3.png` …
    public static func pageFile(_ fileName: String, page: Int) -> String {
        fileName + (page == 1 ? "" : "-p\(page)") + ".png"
    }
}

public enum PrintFormat: String, Sendable, CaseIterable {
    case pdf, png
}

/// A manifest that cannot be used: the file, the line, the map, the key and why.
public struct ManifestError: Error, CustomStringConvertible, Sendable, Equatable {
    public var file: String
    public var line: Int?
    public var map: String?
    public var key: String?
    public var reason: String

    public init(file: String, line: Int? = nil, map: String? = nil, key: String? = nil, reason: String) {
        (self.file, self.line, self.map, self.key, self.reason) = (file, line, map, key, reason)
    }

    public var description: String {
        [file + (line.map { ":\($0)" } ?? ""), map, key, reason].compactMap { $0 }.joined(separator: ": ")
    }
}

/// The settings a map takes from `defaults:` or sets itself.
struct MapSettings {
    static let keys = ["area", "categories", "paper", "orientation", "dpi", "language", "crs", "formats", "style", "base"]
    static let languages = ["lv", "en", "cs"]

    var area: PrintArea = .fit
    var categories = CategoryFilter()
    var paper = Paper.named("A4")!
    var landscape = false
    var dpi = 300
    var language = "en"
    var crs = "EPSG:3857"
    var formats: [PrintFormat] = [.pdf, .png]
    var style = "print"
    var base: MapBase?
    /// Where area, crs and style were set: their errors show up only once combined.
    var nodes: [String: Node] = [:]

    func map(title: String, fileName: String, label: String, node: Node, reader: ManifestReader) throws(ManifestError) -> AtlasMap {
        func failure(_ key: String, _ error: any Error) -> ManifestError {
            // The renderer names its own fields ("crs: …", "bbox: …"): keep its reason, name our key.
            reader.error(nodes[key] ?? node, label, key, (error as? RenderError).map { AtlasManifest.said($0.reason) } ?? "\(error)")
        }
        let mapStyle: MapStyle
        do { mapStyle = try MapStyle.named(orFile: reader.path(style)) } catch { throw reader.error(nodes["style"] ?? node, label, "style", "\(error)") }
        guard mapStyle.print != nil else { throw reader.error(nodes["style"] ?? node, label, "style", "'\(style)' has no print section (use print, or a style with one)") }
        let projection: any MapProjection
        do { projection = try ProjectedCRS.projection(named: crs) } catch { throw failure("crs", error) }
        let printed = PrintedMap(title: title, area: area, categories: categories, paper: landscape ? paper.landscape : paper,
                                 projection: projection, language: language, style: mapStyle)
        // A box or a circle can be framed now: an area the CRS does not cover fails before any map is drawn.
        if case .fit = area {} else {
            do { _ = try PrintLayout(printed) } catch { throw failure("area", error) }
        }
        return AtlasMap(map: printed, fileName: fileName, formats: formats, dpi: dpi, label: label, file: reader.file, line: node.mark?.line,
                        categoriesLine: nodes["categories"]?.mark?.line ?? node.mark?.line,
                        styleFile: style.hasSuffix(".json") ? reader.path(style) : MapStyle.stylesDirectory()?.appendingPathComponent(style + ".json").path,
                        base: base, baseLine: nodes["base"]?.mark?.line ?? node.mark?.line)
    }
}

/// Reads the manifest's nodes strictly: unknown keys, wrong types and bad values are errors that
/// name the line, the map and the key.
struct ManifestReader {
    let file: String

    /// A style written in the manifest: a file (`….json`) as `resolved`, a name as it is.
    func path(_ text: String) -> String {
        text.hasSuffix(".json") ? resolved(text) : text
    }

    /// A file written in the manifest: relative ones are within the manifest's folder.
    func resolved(_ text: String) -> String {
        guard !text.hasPrefix("/") else { return text }
        return URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(text).path
    }

    func error(_ node: Node, _ map: String?, _ key: String, _ reason: String) -> ManifestError {
        ManifestError(file: file, line: node.mark?.line, map: map, key: key, reason: reason)
    }

    func only(_ mapping: Node.Mapping, _ keys: [String], at map: String?, key parent: String? = nil) throws(ManifestError) {
        var seen: Set<String> = []
        for (keyNode, _) in mapping {
            let key = keyNode.string ?? "\(keyNode)"
            let path = parent.map { "\($0).\(key)" } ?? key
            guard keys.contains(key) else {
                throw error(keyNode, map, path, UnknownKey.reason(key, known: keys))
            }
            guard seen.insert(key).inserted else { throw error(keyNode, map, path, "given twice") }
        }
    }

    func settings(_ mapping: Node.Mapping, over base: MapSettings, map: String?) throws(ManifestError) -> MapSettings {
        var s = base
        func scalar(_ key: String) throws(ManifestError) -> (String, Node)? {
            guard let node = mapping[key] else { return nil }
            guard let text = node.string else { throw error(node, map, key, "must be a single value") }
            return (text, node)
        }
        func list(_ key: String) throws(ManifestError) -> ([String], Node)? {
            guard let node = mapping[key] else { return nil }
            switch node {
            case let .sequence(items):
                var values: [String] = []
                for item in items {
                    guard let text = item.string else { throw error(item, map, key, "must be a list of single values") }
                    values.append(text)
                }
                return (values, node)
            case let .scalar(scalar):
                return (scalar.string.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }, node)
            default:
                throw error(node, map, key, "must be a list")
            }
        }
        if let (value, node) = try scalar("paper") {
            guard let paper = Paper.named(value) else {
                throw error(node, map, "paper", "'\(value)' is not one of \(Paper.sizes.map(\.name).joined(separator: ", "))")
            }
            s.paper = paper
        }
        if let (value, node) = try scalar("orientation") {
            guard ["portrait", "landscape"].contains(value) else { throw error(node, map, "orientation", "'\(value)' is not portrait or landscape") }
            s.landscape = value == "landscape"
        }
        if let (value, node) = try scalar("dpi") {
            guard let dpi = Int(value), (150...600).contains(dpi) else { throw error(node, map, "dpi", "'\(value)' is not a whole number from 150 to 600") }
            s.dpi = dpi
        }
        if let (value, node) = try scalar("language") {
            guard MapSettings.languages.contains(value) else {
                throw error(node, map, "language", "'\(value)' is not one of \(MapSettings.languages.joined(separator: ", "))")
            }
            s.language = value
        }
        if let (value, node) = try scalar("crs") {
            s.crs = value
            s.nodes["crs"] = node
        }
        if let (value, node) = try scalar("style") {
            s.style = value
            s.nodes["style"] = node
        }
        if let (value, node) = try scalar("base") {
            s.base = try self.base(value, node, map: map)
            s.nodes["base"] = node
        }
        if let (values, node) = try list("formats") {
            var formats: [PrintFormat] = []
            for value in values {
                guard let format = PrintFormat(rawValue: value.lowercased()) else { throw error(node, map, "formats", "'\(value)' is not pdf or png") }
                if !formats.contains(format) { formats.append(format) }
            }
            guard !formats.isEmpty else { throw error(node, map, "formats", "is empty; give pdf, png or both") }
            s.formats = formats
        }
        if let (values, node) = try list("categories") {
            do { s.categories = try CategoryFilter(parsing: values) } catch let refused {
                throw error(node, map, AtlasManifest.key(for: refused.field) ?? "categories", AtlasManifest.said(refused.reason))
            }
            s.nodes["categories"] = node
        }
        if let node = mapping["area"] {
            s.area = try area(node, map: map)
            s.nodes["area"] = node
        }
        return s
    }

    /// `none`, a postgres:// URL (its form checked now, the database before any map is drawn) or a
    /// SpatiaLite file (`resolved`).
    func base(_ value: String, _ node: Node, map: String?) throws(ManifestError) -> MapBase {
        if value == "none" { return .none }
        guard !value.isEmpty else { throw error(node, map, "base", "is empty; give a SpatiaLite file, a postgres:// URL or none") }
        guard StoreLocation.isPostgres(value) else { return .other(resolved(value)) }
        do { try StoreLocation.check(value) } catch { throw self.error(node, map, "base", AtlasManifest.said(error.reason)) }
        return .other(value)
    }

    /// `fit`, `{bbox: "MINLON,MINLAT,MAXLON,MAXLAT"}` or `{center: "LAT,LON", radius_m: METRES}`
    /// (coordinates as the CLI takes them; a YAML list of the numbers works too).
    func area(_ node: Node, map: String?) throws(ManifestError) -> PrintArea {
        if node.string == "fit" { return .fit }
        guard case let .mapping(mapping) = node else {
            throw error(node, map, "area", "must be fit, {bbox: MINLON,MINLAT,MAXLON,MAXLAT} or {center: LAT,LON, radius_m: METRES}")
        }
        func text(_ key: String) throws(ManifestError) -> String? {
            guard let value = mapping[key] else { return nil }
            if let text = value.string { return text }
            if case let .sequence(items) = value, items.allSatisfy({ $0.string != nil }) { return items.compactMap(\.string).joined(separator: ",") }
            throw error(value, map, "area.\(key)", "must be a value or a list of numbers")
        }
        if let bbox = try text("bbox") {
            try only(mapping, ["bbox"], at: map, key: "area")
            do { return .bbox(try BoundingBox(parsing: bbox)) } catch { throw self.error(mapping["bbox"]!, map, AtlasManifest.key(for: error.field) ?? "area.bbox", AtlasManifest.said(error.reason)) }
        }
        if let center = try text("center") {
            try only(mapping, ["center", "radius_m"], at: map, key: "area")
            let c: Coordinate
            do { c = try Coordinate(parsing: center, field: .center) } catch { throw self.error(mapping["center"]!, map, AtlasManifest.key(for: error.field) ?? "area.center", AtlasManifest.said(error.reason)) }
            guard let radiusNode = mapping["radius_m"] else { throw error(node, map, "area.radius_m", "missing (the radius in metres around the centre)") }
            // Its range is the renderer's to check, when the map is framed below.
            guard let radius = radiusNode.string.flatMap({ DecimalNumber.parse($0) }) else {
                throw error(radiusNode, map, "area.radius_m", "'\(radiusNode.string ?? "")' is not a number of metres")
            }
            return .around(c, radius: radius)
        }
        try only(mapping, ["bbox", "center"], at: map, key: "area")
        throw error(node, map, "area", "give bbox, or center with radius_m, or write `area: fit`")
    }
}
