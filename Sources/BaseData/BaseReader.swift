import CGDAL
import Foundation
import GeoCore

/// Reads one base-map file through GDAL/OGR and hands its features, classified into base layers,
/// to a caller in batches, so that memory holds one batch and GDAL's own buffers, never the file:
/// OpenStreetMap extracts (.osm.pbf, .osm) through GDAL's OSM driver, which assembles
/// multipolygons; vector files (Shapefile, GeoJSON, GeoPackage…) by what their layers' names say
/// (Natural Earth's) or what `layer` says. Geometries come in WGS84 longitude/latitude whatever
/// the file's CRS. A file GDAL cannot read, a layer it fails on half-way (a truncated extract),
/// or, in a vector file, a geometry no map could hold (a ring of three points) or an invalid area
/// (`PolygonValidity`: a ring crossing itself, a hole outside its shell, overlapping parts) is an
/// error naming the file, layer and feature; in an OpenStreetMap extract such a degenerate way or
/// invalid multipolygon, or a coastline that ends inside the extract, is left out and counted,
/// since the data's own small faults are no reason to refuse a city.
///
/// The file's content decides its format (`GDALAccess`: only the drivers Waymark means to read,
/// never a VRT or a URL); a name that says OpenStreetMap (.pbf, .osm) over other content, or
/// OpenStreetMap content under another name (whose credit the maps would then miss), is refused.
/// An extract must be whole: a PBF file's blocks whole to its last byte with data after its header
/// (`PBFBlocks`), and what it holds reaching every side of the box its header gives, within 5% of
/// the box (an extract cut between two blocks holds fewer ways, or none); `allowShort` takes an
/// extract whose data falls short of its box.
public struct BaseReader: Sendable {
    public let path: String
    /// What every layer of a vector file holds, when its name does not say (or to override it).
    public let layer: BaseLayer?
    public var batchSize = 4_096
    /// How many features are read between two progress reports.
    public var progressInterval = 4_096

    /// Whether an OpenStreetMap extract whose data falls short of its header's box is read all
    /// the same (what `--allow-shrink` says).
    public var allowShort = false

    public init(path: String, layer: BaseLayer? = nil) { (self.path, self.layer) = (path, layer) }

    /// The file's absolute path, symbolic links resolved, which the store keeps as the features'
    /// source: a file imported again (from wherever it is named) replaces its features, and two
    /// files of one name in two folders are two sources.
    public var sourceName: String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        guard let resolved = realpath(absolute, nil) else { return (absolute as NSString).standardizingPath }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The file's name, without its folder.
    public var fileName: String { (path as NSString).lastPathComponent }

    /// Whether the file's name says OpenStreetMap (.osm.pbf, .pbf, .osm): its content must then be
    /// an extract, and an extract must be so named (the maps credit OpenStreetMap by it).
    public var isNamedOpenStreetMap: Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".pbf") || lower.hasSuffix(".osm")
    }

    public struct Summary: Sendable, Equatable {
        /// Features GDAL handed over, classified or not.
        public var read = 0
        /// Base features passed on.
        public var kept = 0
        /// Degenerate features, invalid areas and broken coastlines left out (OpenStreetMap only).
        public var skipped = 0
        /// Why a layer of a vector file yielded nothing ("layer 'x': none of its 7 343 features has a geometry…").
        public var notes: [String] = []
    }

    /// How far a read has come: the features read, and the part of the file done when known
    /// (GDAL's OSM driver tells how much of the extract it has read; a vector file's layers
    /// count their features before they are read).
    public struct Progress: Sendable, Equatable {
        public var read: Int
        public var done: Double?
    }

    /// Reads the whole file; `progress` hears how far it has come every few thousand features, and at the end.
    @discardableResult
    public func read(progress: (Progress) -> Void = { _ in }, _ body: ([BaseFeature]) throws -> Void) throws -> Summary {
        try GDALErrorLog.collecting { log in
            let file = try GDALAccess.identify(path, name: path, log: log)
            let isOpenStreetMap = file.driver == "OSM"
            if isNamedOpenStreetMap, !isOpenStreetMap {
                throw failure("its name says an OpenStreetMap extract, but it holds \(file.format): name it for what it holds")
            }
            if isOpenStreetMap, !isNamedOpenStreetMap {
                throw failure("it holds an OpenStreetMap extract under another name: name it .osm.pbf or .osm (by its name the maps credit OpenStreetMap)")
            }
            if isOpenStreetMap, PBFBlocks.isPBF(file.path) {
                do { _ = try PBFBlocks.walk(file.path) } catch let damage as PBFBlocks.Damage { throw failure(damage.description) }
            }
            // Options of this thread only, which does all of the reading: readers of other files
            // on other threads (an OSM extract and a Shapefile at once) want them otherwise.
            CPLSetThreadLocalConfigOption("OSM_CONFIG_FILE", isOpenStreetMap ? OSMConfig.path : nil)
            // GDAL closes an open ring of a vector file by itself unless told not to; such a ring
            // is a broken file. (The OSM driver relies on the default to assemble multipolygons.)
            CPLSetThreadLocalConfigOption("OGR_GEOMETRY_ACCEPT_UNCLOSED_RING", isOpenStreetMap ? nil : "NO")
            defer {
                CPLSetThreadLocalConfigOption("OSM_CONFIG_FILE", nil)
                CPLSetThreadLocalConfigOption("OGR_GEOMETRY_ACCEPT_UNCLOSED_RING", nil)
            }
            guard let dataset = GDALAccess.open(file) else {
                throw failure(log.firstFailure ?? "not a vector file GDAL can read")
            }
            defer { GDALClose(dataset) }
            return try withoutActuallyEscaping(body) { body in
                try withoutActuallyEscaping(progress) { progress in
                    var output = Output(size: batchSize, interval: progressInterval, body: body, progress: progress)
                    if isOpenStreetMap {
                        try readOpenStreetMap(dataset, log, &output)
                    } else {
                        try readVector(dataset, log, &output)
                    }
                    try output.flush()
                    progress(Progress(read: output.summary.read, done: 1))
                    return output.summary
                }
            }
        }
    }

    private func failure(_ reason: String) -> BaseReadError { BaseReadError(file: path, reason: reason) }

    /// The batch being filled, and the counts.
    private struct Output {
        let size: Int, interval: Int
        let body: ([BaseFeature]) throws -> Void
        let progress: (Progress) -> Void
        var batch: [BaseFeature] = []
        var summary = Summary()
        /// The part of the file read, when known.
        var done: Double?

        init(size: Int, interval: Int, body: @escaping ([BaseFeature]) throws -> Void, progress: @escaping (Progress) -> Void) {
            (self.size, self.interval, self.body, self.progress) = (size, max(1, interval), body, progress)
            batch.reserveCapacity(size)
        }

        mutating func counted() {
            summary.read += 1
            if summary.read % interval == 0 { progress(Progress(read: summary.read, done: done)) }
        }

        mutating func append(_ feature: BaseFeature) throws {
            batch.append(feature)
            summary.kept += 1
            if batch.count >= size { try flush() }
        }

        mutating func flush() throws {
            guard !batch.isEmpty else { return }
            try body(batch)
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// The OSM driver's layers read interleaved, as it produces them (points, then lines, then
    /// the relations' multipolygons…), which is the one order it can stream in; then the sea the
    /// coastline closes, as water of the kind "sea", into the same output.
    private func readOpenStreetMap(_ dataset: GDALDatasetH, _ log: GDALErrorLog, _ output: inout Output) throws {
        var fieldsByLayer: [OGRLayerH: (name: String, fields: OGRFields)] = [:]
        var layer: OGRLayerH?
        var coastlines = Coastlines()
        // The driver reads ahead, often the whole file, before it hands over a feature; while
        // it does, its callback tells how much of the file it has read.
        let ahead = ReadAhead(progress: output.progress)
        let said: GDALProgressFunc = { part, _, context in
            if let context, part >= 0 { Unmanaged<ReadAhead>.fromOpaque(context).takeUnretainedValue().heard(part) }
            return 1
        }
        while true {
            ahead.read = output.summary.read
            let next = withExtendedLifetime(ahead) { GDALDatasetGetNextFeature(dataset, &layer, nil, said, Unmanaged.passUnretained(ahead).toOpaque()) }
            output.done = ahead.done
            if let error = log.firstFailure { throw failure(error) }
            guard let feature = next else { break }
            defer { OGR_F_Destroy(feature) }
            guard let layer else { continue }
            output.counted()
            if fieldsByLayer[layer] == nil { fieldsByLayer[layer] = (String(cString: OGR_L_GetName(layer)), OGRFields(layer)) }
            let (layerName, fields) = fieldsByLayer[layer]!
            var otherTags: [String: String]?
            func others() -> [String: String] {
                if let otherTags { return otherTags }
                let parsed = fields.value(feature, "other_tags").map(HStore.parse) ?? [:]
                otherTags = parsed
                return parsed
            }
            func tag(_ key: String) -> String? { fields.index[key] != nil ? fields.value(feature, key) : others()[key] }
            if let g = OGR_F_GetGeometryRef(feature) { coastlines.include(g) }
            // A closed coastline way comes as an area (`natural` makes closed ways areas).
            if layerName == "lines" || layerName == "multipolygons", tag("natural") == "coastline",
               let way = try geometry(of: feature, transform: nil, layerName: layerName) {
                coastlines.collect(way)
            }
            let found: OSMClassification.Class? = switch layerName {
            case "points": OSMClassification.point(tag)
            case "lines", "multilinestrings": OSMClassification.line(tag)
            case "multipolygons": OSMClassification.area(tag)
            default: nil
            }
            guard let found, var shape = try geometry(of: feature, transform: nil, layerName: layerName) else { continue }
            if found.outline { shape = shape.outline }
            // An invalid area (OpenStreetMap's multipolygons often cross themselves where mappers
            // or the extract's edge cut them) is left out like a degenerate way, not repaired:
            // a guess at what the mapper meant would be drawn as if it were the data.
            if (try? shape.validate()) == nil || (try? shape.validateArea()) == nil {
                output.summary.skipped += 1
                continue
            }
            var names: [String: String] = [:]
            if let text = fields.value(feature, "other_tags"), text.contains("\"name:") {
                for (key, value) in others() where key.hasPrefix("name:") { names[String(key.dropFirst(5))] = value }
            }
            try output.append(BaseFeature(layer: found.layer, kind: found.kind, name: tag("name"), names: names,
                                          rank: found.rank, geometry: shape))
        }
        if !allowShort { try checkReach(dataset, coastlines.extent) }
        let sea = coastlines.sea(dataset)
        output.summary.skipped += sea.broken
        for polygon in sea.polygons { try output.append(BaseFeature(layer: .water, kind: "sea", geometry: .polygon(polygon))) }
    }

    /// An extract's data reaches every side of the box its header gives (osmium and Geofabrik
    /// write it; a cut extract's nodes stop short of it, or its ways are missing), within 5% of the
    /// box: nodes near an edge may be untagged, and only tagged ones and ways come through GDAL.
    /// An extract whose header gives no box is not checked.
    private func checkReach(_ dataset: GDALDatasetH, _ extent: OGREnvelope) throws {
        guard let layer = GDALDatasetGetLayer(dataset, 0) else { return }
        var box = OGREnvelope()
        guard OGR_L_GetExtent(layer, &box, 0) == OGRERR_NONE, box.MaxX > box.MinX, box.MaxY > box.MinY else { return }
        let (dx, dy) = ((box.MaxX - box.MinX) * 0.05, (box.MaxY - box.MinY) * 0.05)
        let short = [(extent.MinX > box.MinX + dx, "west"), (extent.MaxX < box.MaxX - dx, "east"),
                     (extent.MinY > box.MinY + dy, "south"), (extent.MaxY < box.MaxY - dy, "north")].filter(\.0).map(\.1)
        guard !short.isEmpty else { return }
        func range(_ a: Double, _ b: Double) -> String { a <= b ? "\(a)…\(b)" : "nothing" }
        throw failure("what it holds stops short of the \(short.joined(separator: ", ")) of the box its header gives "
                      + "(lon \(range(box.MinX, box.MaxX)), lat \(range(box.MinY, box.MaxY)); its data: lon \(range(extent.MinX, extent.MaxX)), "
                      + "lat \(range(extent.MinY, extent.MaxY))): an extract cut short; --allow-shrink imports it as it is")
    }

    /// What the OSM driver's callback hears, passed on as progress.
    private final class ReadAhead {
        let progress: (Progress) -> Void
        var read = 0
        var done: Double?
        init(progress: @escaping (Progress) -> Void) { self.progress = progress }

        func heard(_ part: Double) {
            guard part > done ?? -1 else { return }
            done = min(part, 1)
            progress(Progress(read: read, done: done))
        }
    }

    private func readVector(_ dataset: GDALDatasetH, _ log: GDALErrorLog, _ output: inout Output) throws {
        let layers = (0..<GDALDatasetGetLayerCount(dataset)).compactMap { GDALDatasetGetLayer(dataset, $0) }
        // Every layer known before any is read: a file is taken whole or refused.
        let kinds = try layers.map { layer in
            let name = String(cString: OGR_L_GetName(layer))
            guard let kind = self.layer.map(VectorLayerKind.other) ?? VectorLayerKind(layerName: name) else {
                throw failure("layer '\(name)' is not one Waymark knows by name (names containing \(VectorLayerKind.recognisedNames)); say what it holds with --layer (\(BaseLayer.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return (name, kind)
        }
        // Counting is cheap where the format keeps a count (Shapefile, GeoPackage) and else
        // unknown (-1, without forcing a pass over the file): then no part is known.
        let counts = layers.map { OGR_L_GetFeatureCount($0, 0) }
        let total = counts.contains { $0 < 0 } ? nil : counts.reduce(0, +)
        let isCSV = String(cString: GDALGetDriverShortName(GDALGetDatasetDriver(dataset))) == "CSV"
        for (layer, (layerName, kind)) in zip(layers, kinds) {
            let fields = OGRFields(layer)
            let transform = try Reprojection(layer, file: path)
            let (readBefore, keptBefore) = (output.summary.read, output.summary.kept)
            defer {
                if let note = Self.emptyLayerNote(layerName, read: output.summary.read - readBefore, kept: output.summary.kept - keptBefore,
                                                  isCSV: isCSV) {
                    output.summary.notes.append(note)
                }
            }
            // Countries become their land borders and names once the whole layer is read.
            var countries = kind == .countries ? CountryBorders() : nil
            OGR_L_ResetReading(layer)
            while true {
                let next = OGR_L_GetNextFeature(layer)
                if let error = log.firstFailure { throw failure(error) }
                guard let feature = next else { break }
                defer { OGR_F_Destroy(feature) }
                if let total, total > 0 { output.done = min(1, Double(output.summary.read + 1) / Double(total)) }
                output.counted()
                guard let found = kind.classify({ fields.value(feature, $0) }),
                      let shape = try geometry(of: feature, transform: transform.handle, layerName: layerName)?.polarEdgesWalked else { continue }
                do {
                    try shape.validate()
                    // A country's area is read for its edges and a point inside, never filled.
                    if countries == nil { try shape.validateArea() }
                } catch {
                    throw failure("layer '\(layerName)', feature \(OGR_F_GetFID(feature)): \(error)")
                }
                var names: [String: String] = [:]
                for (language, i) in fields.languages { names[language] = OGRFields.value(feature, i) }
                if countries != nil {
                    countries!.add(shape, name: fields.value(feature, "name"), names: names,
                                   population: VectorLayerKind.number(fields.value(feature, "pop_est")))
                    continue
                }
                try output.append(BaseFeature(layer: found.layer, kind: found.kind, name: fields.value(feature, "name"),
                                              names: names, rank: found.rank, geometry: shape))
            }
            for f in countries?.features() ?? [] { try output.append(f) }
        }
    }

    /// Why a layer that yielded no base feature did: it holds none, or none with a geometry a
    /// base layer takes (a CSV without the coordinate columns GDAL looks for); nil when it yielded some.
    static func emptyLayerNote(_ layer: String, read: Int, kept: Int, isCSV: Bool) -> String? {
        guard kept == 0 else { return nil }
        guard read > 0 else { return "layer '\(layer)': left out: it holds no features" }
        return "layer '\(layer)': left out: none of its \(read) feature(s) has a point, line or area"
            + (isCSV ? " (a CSV's positions come from lon/lat, longitude/latitude or x/y columns, or a WKT column)" : "")
    }

    /// The feature's geometry in 2-D WGS84, nil when it has none (or only a collection, which no
    /// base layer draws).
    private func geometry(of feature: OGRFeatureH, transform: OGRCoordinateTransformationH?, layerName: String) throws -> Geometry? {
        guard let g = OGR_F_GetGeometryRef(feature) else { return nil }
        let type = OGR_GT_Flatten(OGR_G_GetGeometryType(g))
        guard type != wkbGeometryCollection, type != wkbUnknown else { return nil }
        do throws(OGRGeometry.Unreadable) {
            return try OGRGeometry.wgs84(of: feature, transform: transform)
        } catch {
            throw failure("layer '\(layerName)', feature \(OGR_F_GetFID(feature)): \(error.reason)")
        }
    }
}

extension Geometry {
    /// A polygon's rings as lines (an administrative area drawn as its border).
    var outline: Geometry {
        switch self {
        case let .polygon(rings): .multiLineString(rings)
        case let .multiPolygon(polygons): .multiLineString(polygons.flatMap { $0 })
        default: self
        }
    }
}
