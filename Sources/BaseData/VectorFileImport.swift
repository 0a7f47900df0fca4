import CGDAL
import Foundation
import GeoCore
import GeoStore

/// `waymark import` of the vector formats Waymark has no parser of its own for, through GDAL:
/// Shapefile, each table of a GeoPackage, KML/KMZ, FlatGeobuf, GeoJSON sequences, and any other
/// format a registered GDAL driver reads from a local file (`GDALAccess`: never a VRT or a URL).
/// Each layer's features, reprojected to WGS84 from the layer's CRS, become records as GeoJSON's
/// features do (`VectorRecords`): the same attributes, kinds, ids and checks. A file GDAL cannot
/// open, or fails on part-way (a truncated file), is refused whole, naming the file and layer; a
/// feature whose geometry cannot be read is a problem of its own (`layer 'L', feature F`). A layer
/// without a geometry column or without features is left out with a note saying so, and a file
/// whose layers yield nothing at all is refused with those reasons.
public struct VectorFileImport: VectorFileReader, Sendable {
    public init() {}

    /// The file as a stream (`RecordStream`): GDAL hands over one feature at a time, and the
    /// import takes them a batch at a time.
    public func parse(path: String, kind: FeatureKind?, mapping: FieldMapping) throws -> ParsedFile {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value
        var parsed = ParsedFile(file: path)
        parsed.stream = RecordStream(bytes: size) { body in
            do {
                try GDALErrorLog.collecting { log in try read(path, kind: kind, mapping: mapping, log: log, size: size, body) }
            } catch let error as BaseReadError {
                throw ImportProblem(file: path, record: "file", reason: error.reason)
            }
        }
        return parsed
    }

    private func read(_ path: String, kind: FeatureKind?, mapping: FieldMapping, log: GDALErrorLog, size: Int64?,
                      _ body: RecordStream.Batch) throws {
        let file = try GDALAccess.identify(path, name: path, log: log, among: nil)
        // GDAL reads a sequence's last line cut short as a feature without properties or geometry.
        if file.driver == "GeoJSONSeq", let handle = FileHandle(forReadingAtPath: file.path) {
            defer { try? handle.close() }
            let end = try handle.seekToEnd()
            if end > 0 {
                try handle.seek(toOffset: end - 1)
                if handle.readData(ofLength: 1) != Data([0x0A]) {
                    throw ImportProblem(file: path, record: "file", reason: "it ends inside a feature: a GeoJSON sequence ends each feature "
                                        + "with a line feed (RFC 8142); was the file cut short?")
                }
            }
        }
        // An open ring is a broken file, not one for GDAL to close.
        CPLSetThreadLocalConfigOption("OGR_GEOMETRY_ACCEPT_UNCLOSED_RING", "NO")
        defer { CPLSetThreadLocalConfigOption("OGR_GEOMETRY_ACCEPT_UNCLOSED_RING", nil) }
        guard let dataset = GDALAccess.open(file) else {
            throw ImportProblem(file: path, record: "file", reason: log.firstFailure ?? "GDAL cannot read it as \(file.format)")
        }
        defer { GDALClose(dataset) }
        var records = VectorRecords(file: path, kind: kind, mapping: mapping)
        // How far into the file the reader is: the share of the layers' features read, where they count them.
        let layers = GDALDatasetGetLayerCount(dataset)
        // Only where the driver counts without reading the file (GDAL's CSV driver reads it through).
        let total = (0..<layers).reduce(Int64(0)) { sum, index in
            guard let layer = GDALDatasetGetLayer(dataset, index), OGR_L_GetGeomType(layer) != wkbNone,
                  OGR_L_TestCapability(layer, OLCFastFeatureCount) != 0 else { return sum }
            return sum + max(0, OGR_L_GetFeatureCount(layer, 0))
        }
        var featuresRead: Int64 = 0, yielded = 0
        func handOver() throws {
            let batch = records.take()
            yielded += batch.records.count + batch.problemCount
            try body(batch, total > 0 && size != nil ? Int64(Double(size!) * Double(min(featuresRead, total)) / Double(total)) : 0)
        }
        for index in 0..<layers {
            guard let layer = GDALDatasetGetLayer(dataset, index) else { continue }
            let label = "layer '\(String(cString: OGR_L_GetName(layer)))'"
            guard OGR_L_GetGeomType(layer) != wkbNone else {
                records.note("\(label): left out: it has no geometry column (a table of attributes only)")
                continue
            }
            let transform = try Reprojection(layer, file: path)
            let attributes = OGRAttributes(layer)
            records.startLayer(label)
            var count = 0
            OGR_L_ResetReading(layer)
            while true {
                let next = OGR_L_GetNextFeature(layer)
                if let error = log.firstFailure { throw ImportProblem(file: path, record: label, reason: error) }
                guard let feature = next else { break }
                defer { OGR_F_Destroy(feature) }
                count += 1
                featuresRead += 1
                let number = OGR_F_GetFID(feature)
                do throws(OGRGeometry.Unreadable) {
                    let geometry = try OGRGeometry.wgs84(of: feature, transform: transform.handle)
                    records.add(VectorFeature(attributes: attributes.values(of: feature), geometry: geometry), number: number)
                } catch {
                    records.reject(number, reason: "geometry: \(error.reason)")
                }
                if records.count >= RecordStream.batchSize { try handOver() }
            }
            if count == 0 { records.note("\(label): left out: it holds no features") }
        }
        // A file that yields nothing is refused with the reasons: an empty file, or one cut short,
        // must not pass as imported (nor empty its source under --replace-source).
        let notes = records.notes
        try handOver()
        guard yielded > 0 else {
            throw ImportProblem(file: path, record: "file", reason: "nothing to import: "
                                + (notes.isEmpty ? "it holds no layers" : notes.joined(separator: "; ")))
        }
    }
}
