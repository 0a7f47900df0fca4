import CGDAL
import Foundation
import GeoCore
import GeoStore

/// `waymark export`: stored records (`ExportedFeature`) written through GDAL to GeoPackage,
/// FlatGeobuf, Shapefile, GeoJSON, GeoJSON sequences, CSV or KML, in WGS84, every property a field
/// of its own. A format that holds layers (GeoPackage, KML) gets one per kind; a one-layer format
/// one layer of every kind, told apart by `kind`; a Shapefile, which holds one geometry type, one
/// file per kind and geometry type in a directory. What GDAL writes goes to a file beside the
/// target and takes its name only when complete, so that a failed export leaves nothing half-written.
public struct VectorFileExport {
    public enum Format: String, CaseIterable, Sendable {
        case gpkg, fgb, shp, geojson, geojsonseq, csv, kml

        /// The format a target's extension names; nil for none (a Shapefile directory needs `--format shp`).
        public init?(path: String) {
            switch URL(fileURLWithPath: path).pathExtension.lowercased() {
            case "gpkg": self = .gpkg
            case "fgb": self = .fgb
            case "shp": self = .shp
            case "geojson", "json": self = .geojson
            case "geojsonl", "geojsons": self = .geojsonseq
            case "csv": self = .csv
            case "kml": self = .kml
            default: return nil
            }
        }

        var driver: String {
            switch self {
            case .gpkg: "GPKG"
            case .fgb: "FlatGeobuf"
            case .shp: "ESRI Shapefile"
            case .geojson: "GeoJSON"
            case .geojsonseq: "GeoJSONSeq"
            case .csv: "CSV"
            case .kml: "KML"
            }
        }

        var holdsLayers: Bool { self == .gpkg || self == .kml }

        /// GDAL's KML driver, told which fields are a placemark's name and description (it keeps them
        /// apart from the other fields: `create` looks each field's index up). Not libkml's, which
        /// holds the whole document until it closes (minutes for ten thousand placemarks).
        var datasetOptions: [String] {
            self == .kml ? ["NameField=name", "DescriptionField=description"] : []
        }

        var layerOptions: [String] {
            switch self {
            // Written in UTF-8 (GDAL's default is ISO-8859-1, which has no "ā" or "ở"), each text field no wider than its longest value.
            case .shp: ["ENCODING=UTF-8", "RESIZE=YES"]
            case .csv: ["GEOMETRY=AS_WKT"]
            default: []
            }
        }
    }

    /// Why an export could not be written.
    public struct Failure: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    public let format: Format

    public init(format: Format) { self.format = format }

    /// Writes the feed's features to `path` (replacing what is there only with `overwrite`); the
    /// layers written and how many features each holds. The feed is walked twice: once to plan the
    /// layers and their fields (`ExportPlan`), once to write. A file takes the target's name by one
    /// rename, so that a reader sees the old file or the new one; a directory of Shapefiles is never
    /// removed, each of its files replaced the same way.
    public func write(_ feed: ExportFeed, to path: String, overwrite: Bool) throws -> [(layer: String, count: Int)] {
        let target = URL(fileURLWithPath: path)
        func failure(_ reason: String) -> Failure { Failure(path: path, reason: reason) }
        let directory = format == .shp && target.pathExtension.lowercased() != "shp"
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory) {
            guard overwrite else { throw failure("already exists; give --overwrite to replace it") }
            guard isDirectory.boolValue == directory else {
                throw failure(directory ? "is a file, not a directory for the Shapefiles" : "is a directory; name the file to write")
            }
        }
        let plan: ExportPlan
        do { plan = try ExportPlan(feed, format: format, name: target.deletingPathExtension().lastPathComponent) } catch let error as Failure {
            throw failure("\(error.path): \(error.reason)")
        }
        guard !plan.layers.isEmpty else { throw failure("nothing to export: no stored record is selected") }
        // GDAL 3.6 leaves a feature without geometry out of a FlatGeobuf, with no more than a debug message.
        if format == .fgb, plan.layers.contains(where: \.unlocated) {
            throw failure("a FlatGeobuf (as GDAL writes it) holds no record without a position, and some selected have none; "
                          + "select the located ones (--bbox -180,-90,180,90) or export to GeoPackage")
        }
        if format == .shp, !directory, plan.layers.count > 1 {
            throw failure("a Shapefile holds one layer of one geometry type, and this export has \(plan.layers.count) (\(plan.layers.map(\.name).joined(separator: ", "))): "
                          + "name a directory (no .shp) for one Shapefile each, or choose one --kind")
        }
        // Beside the target, named for this process: `.name.partial-PID.ext`.
        let partial = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.deletingPathExtension().lastPathComponent).partial-\(getpid())" + (target.pathExtension.isEmpty ? "" : ".\(target.pathExtension)"))
        // A Shapefile file is a .shp with sidecars (.shx, .dbf, .prj, .cpg); a directory's files are each one.
        func pieces(of written: URL) throws -> [(from: URL, to: URL)] {
            if directory {
                return try FileManager.default.contentsOfDirectory(atPath: written.path).map { (written.appendingPathComponent($0), target.appendingPathComponent($0)) }
            }
            guard format == .shp else { return [(written, target)] }
            let stem = written.deletingPathExtension().lastPathComponent + "."
            return try FileManager.default.contentsOfDirectory(atPath: written.deletingLastPathComponent().path).filter { $0.hasPrefix(stem) }.map {
                (written.deletingLastPathComponent().appendingPathComponent($0), target.deletingPathExtension().appendingPathExtension(($0 as NSString).pathExtension))
            }
        }
        func removePartial() {
            for piece in (try? pieces(of: partial)) ?? [] { try? FileManager.default.removeItem(at: piece.from) }
            try? FileManager.default.removeItem(at: partial)
        }
        removePartial()
        do {
            try GDALErrorLog.collecting { log in try write(feed, plan, to: partial.path, log: log) }
            if directory { try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true) }
            for piece in try pieces(of: partial) where rename(piece.from.path, piece.to.path) != 0 {
                throw failure("cannot take its name: \(String(cString: strerror(errno)))")
            }
            if directory { try FileManager.default.removeItem(at: partial) }
        } catch {
            removePartial()
            if let error = error as? Failure { throw Failure(path: path, reason: error.reason) }
            throw failure("\(error)")
        }
        return plan.layers.map { ($0.name, $0.count) }
    }

    private func write(_ feed: ExportFeed, _ plan: ExportPlan, to path: String, log: GDALErrorLog) throws {
        _ = GDALAccess.registered
        func failed(_ what: String) -> Failure { Failure(path: path, reason: what + (log.firstFailure.map { ": \($0)" } ?? "")) }
        guard let driver = GDALGetDriverByName(format.driver) else { throw failed("GDAL has no \(format.driver) driver") }
        let created = GDALAccess.withCStrings(format.datasetOptions) { options in
            GDALCreate(driver, path, 0, 0, 0, GDT_Unknown, UnsafeMutableRawPointer(mutating: options).assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self))
        }
        guard let dataset = created else { throw failed("GDAL cannot create it") }
        var closed = false
        defer { if !closed { GDALClose(dataset) } }
        let wgs84 = OSRNewSpatialReference(nil)
        defer { OSRRelease(wgs84) }
        OSRImportFromEPSG(wgs84, 4326)
        OSRSetAxisMappingStrategy(wgs84, OAMS_TRADITIONAL_GIS_ORDER)
        // One transaction for the file where the format has them (GeoPackage): a commit per feature costs a sync each.
        let transaction = GDALDatasetStartTransaction(dataset, 0) == OGRERR_NONE
        // Each layer made at its first feature: GDAL's KML driver ends a layer when the next is made.
        // With it, each field's index in GDAL's definition (a driver may hold a field apart, as
        // KML does its placemark's name, or rename one).
        func create(_ layer: ExportLayer) throws -> (handle: OGRLayerH, indexes: [Int32]) {
            let geometryType = layer.geometryType(in: format)
            let handle = GDALAccess.withCStrings(format.layerOptions) { options in
                GDALDatasetCreateLayer(dataset, layer.name, wgs84, geometryType,
                                       UnsafeMutableRawPointer(mutating: options).assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self))
            }
            guard let handle else { throw failed("GDAL cannot create the layer '\(layer.name)'") }
            for field in layer.fields {
                let definition = OGR_Fld_Create(field.name, field.type)
                defer { OGR_Fld_Destroy(definition) }
                if field.json { OGR_Fld_SetSubType(definition, OFSTJSON) }
                if format == .shp, field.type == OFTString { OGR_Fld_SetWidth(definition, Int32(ExportLayer.shapefileTextBytes)) }
                guard OGR_L_CreateField(handle, definition, 0) == OGRERR_NONE else { throw failed("GDAL cannot create the field '\(field.name)'") }
            }
            let definition = OGR_L_GetLayerDefn(handle)
            return (handle, layer.fields.map { OGR_FD_GetFieldIndex(definition, $0.name) })
        }
        var handles = [(handle: OGRLayerH, indexes: [Int32])?](repeating: nil, count: plan.layers.count)
        try feed.forEach { feature in
            let i = try plan.layer(of: feature), layer = plan.layers[i]
            let (handle, indexes) = try handles[i] ?? create(layer)
            handles[i] = (handle, indexes)
            let f = OGR_F_Create(OGR_L_GetLayerDefn(handle))
            defer { OGR_F_Destroy(f) }
            for (field, value) in try layer.values(of: feature).enumerated() {
                let index = indexes[field]
                guard index >= 0 else { throw failed("GDAL lost the field '\(layer.fields[field].name)'") }
                switch value {
                case nil: continue
                case let .text(text)?, let .json(text)?: OGR_F_SetFieldString(f, index, text)
                case let .integer(n)?: OGR_F_SetFieldInteger64(f, index, n)
                }
            }
            if let geometry = feature.geometry {
                var wkb = WKB.encode(geometry)
                var g: OGRGeometryH?
                guard OGR_G_CreateFromWkb(&wkb, nil, &g, Int32(wkb.count)) == OGRERR_NONE, let g else { throw failed("\(feature.id): GDAL cannot take its geometry") }
                let type = layer.geometryType(in: format)
                OGR_F_SetGeometryDirectly(f, format == .shp && type != wkbPoint ? OGR_G_ForceTo(g, type, nil) : g)
            }
            guard OGR_L_CreateFeature(handle, f) == OGRERR_NONE, log.firstFailure == nil else { throw failed("\(feature.id): GDAL cannot write it") }
        }
        if transaction, GDALDatasetCommitTransaction(dataset) != OGRERR_NONE { throw failed("GDAL cannot commit the file") }
        closed = true
        GDALClose(dataset)
        if let error = log.firstFailure { throw Failure(path: path, reason: error) }
    }
}
